# Helpers of the bad-input matrix (tests/e2e/badinput-*.sh, termsafe*.sh,
# noshell*.sh). The tests source it with BADINPUT_SOURCED=1; run by
# tests/run-e2e.sh on its own, it tests itself: the snapshot must see a
# moved ref, a new reflog entry and a broken object.
. "$TOP/tests/e2e/lib.sh"

# Under SANITIZE=1, LeakSanitizer reports leaks inside libraries on their
# own error paths, which no caller can free: those of tests/lsan.supp
# alone are suppressed (libgit2's, pcre2's, ncurses'); every leak of ours
# counts.
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$TOP/tests/lsan.supp:print_suppressions=0"
export LSAN_OPTIONS

# The state a command must leave alone: refs, HEAD, every reflog, and
# the index and work tree. (Objects may be added; refs may not move.)
snap() {
	_gd=$(git rev-parse --git-dir) || return 1
	git for-each-ref --format='%(refname) %(objectname) %(symref)'
	echo "HEAD $(git symbolic-ref -q HEAD) $(git rev-parse -q --verify HEAD)"
	(cd "$_gd" && find logs -type f 2>/dev/null | LC_ALL=C sort |
		while read -r f; do echo "== $f"; cat "$f"; done)
	[ "$(git rev-parse --is-bare-repository)" = true ] ||
		git status --porcelain=v1 --untracked-files=no
}

# fsck_clean: the repository has no broken or missing objects.
fsck_clean() {
	git fsck --no-progress --no-dangling >"$TMPDIR/fsck" 2>&1 && return 0
	echo "FAIL: git fsck:" >&2
	sed 's/^/  /' "$TMPDIR/fsck" >&2
	exit 1
}

# Nothing the sanitizers print, no crash: the status alone can hide them.
no_crash() {
	for _nc in "$@"; do
		if grep -aqE 'AddressSanitizer|LeakSanitizer|runtime error:|Segmentation fault|core dumped|Aborted' "$_nc"; then
			echo "FAIL: crash or sanitizer report in $_nc:" >&2
			head -c 4000 "$_nc" | sed 's/^/  /' >&2
			exit 1
		fi
	done
}

# Raw control bytes (C0 but newline and tab, DEL, C1 as UTF-8) in a file?
has_raw_control() {
	LC_ALL=C grep -aqP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$1"
}

# row NAME WANT CMD...: one row of the matrix. Runs CMD in the current
# repository with stdin from /dev/null, requires exit status WANT, no
# crash, and for exit 2 (usage or environment) a stderr line that starts
# with "git disclose" and says what is wrong; no raw control byte.
# With CHANGES=1 the repository may change; else refs, reflogs, index
# and work tree must be as before and git fsck clean. The row is
# printed ("row NAME: exit N: first line of stderr") for the record.
row() {
	_r_name=$1 _r_want=$2
	shift 2
	_r_before=$(snap 2>/dev/null)
	"$@" >"$TMPDIR/out" 2>"$TMPDIR/err" </dev/null
	_r_got=$?
	no_crash "$TMPDIR/out" "$TMPDIR/err"
	# the line of ours (git commit's own errors may come before it)
	_r_first=$(grep -a -m 1 '^git disclose' "$TMPDIR/err" ||
		head -n 1 "$TMPDIR/err")
	echo "row $_r_name: exit $_r_got${_r_first:+: $_r_first}"
	if [ "$_r_got" -ne "$_r_want" ]; then
		echo "FAIL: $_r_name: '$*' exited $_r_got, expected $_r_want" >&2
		head -c 2000 "$TMPDIR/out" | sed 's/^/  stdout: /' >&2
		head -c 2000 "$TMPDIR/err" | sed 's/^/  stderr: /' >&2
		# BADINPUT_PROBE=1: report and go on (to survey a new build)
		[ "${BADINPUT_PROBE:-0}" = 1 ] && return 0
		exit 1
	fi
	if [ "$_r_want" -eq 2 ]; then
		case $_r_first in
		"git disclose"*:*) ;;
		*) fail "$_r_name: the error does not start with 'git disclose ...:': $_r_first" ;;
		esac
		[ ${#_r_first} -ge 30 ] || fail "$_r_name: the error says too little: $_r_first"
	fi
	has_raw_control "$TMPDIR/err" && fail "$_r_name: raw control bytes on stderr"
	if [ "${CHANGES:-0}" != 1 ]; then
		_r_after=$(snap 2>/dev/null)
		[ "$_r_before" = "$_r_after" ] || {
			echo "FAIL: $_r_name changed the repository" >&2
			printf '%s\n' "$_r_before" >"$TMPDIR/snap._r_before"
			printf '%s\n' "$_r_after" >"$TMPDIR/snap._r_after"
			diff "$TMPDIR/snap._r_before" "$TMPDIR/snap._r_after" | head -20 >&2
			exit 1
		}
	fi
	# ROW_FSCK=0: the test runs git fsck itself once at the end
	if [ "${ROW_FSCK:-1}" = 1 ] && git rev-parse --git-dir >/dev/null 2>&1; then
		fsck_clean
	fi
	return 0
}

# row_err PATTERN: the last row's stderr holds PATTERN (fixed string).
row_err() {
	grep -qF -- "$1" "$TMPDIR/err" && return 0
	echo "FAIL: stderr lacks '$1':" >&2
	head -c 2000 "$TMPDIR/err" | sed 's/^/  /' >&2
	exit 1
}

# has_command NAME: the command must be part of the binary. Every command
# is; a missing or broken one fails the test here rather than turning its
# rows into skips (the guards date from building commands in parallel).
has_command() {
	"$D" "$1" --help >/dev/null 2>&1 ||
		fail "'$1 --help' fails: the command is missing or broken"
}

# has_tui: the guided assistant must be built in (run on no keys, outside
# any repository: it stops at once); as has_command, never a skip.
has_tui() {
	if (cd / && DISCLOSE_TUI_SCRIPT=/dev/null DISCLOSE_TUI_SIZE=80x24 \
		timeout 10 "$D" </dev/null 2>&1) | grep -q "not built yet"; then
		fail "the guided assistant is not built in"
	fi
}

# can_drop: can this test run commands as an unprivileged user? (As root,
# file modes do not stop reads: the rows that need an unreadable file or
# a read-only directory run the command as nobody with setpriv.)
can_drop() {
	[ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
		id nobody >/dev/null 2>&1
}

# as_nobody CMD...: run CMD as nobody:nogroup, with no other group.
as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
}

# open_up DIR...: let nobody walk through these directories (o+x).
open_up() {
	chmod o+x "$@"
}

if [ "${BADINPUT_SOURCED:-}" != 1 ]; then
	new_repo "$TMPDIR/self"
	s1=$(snap)
	git commit -q --allow-empty -m moved
	s2=$(snap)
	[ "$s1" != "$s2" ] || fail "snap misses a new commit"
	git update-ref refs/x HEAD
	[ "$s2" != "$(snap)" ] || fail "snap misses a new ref"
	git update-ref -d refs/x
	git reflog expire --expire=now --all
	[ "$s2" != "$(snap)" ] || fail "snap misses a reflog change"
	fsck_clean
	obj=$(git rev-parse HEAD^{tree})
	chmod u+w .git/objects/"$(echo "$obj" | cut -c1-2)"/* 2>/dev/null
	printf 'junk' >.git/objects/"$(echo "$obj" | cut -c1-2)"/"$(echo "$obj" | cut -c3-)"
	if (fsck_clean) 2>/dev/null; then
		fail "fsck_clean misses a broken object"
	fi
	printf 'x\033[31m\n' >"$TMPDIR/c" && has_raw_control "$TMPDIR/c" ||
		fail "has_raw_control misses ESC"
	printf 'x\302\233\n' >"$TMPDIR/c" && has_raw_control "$TMPDIR/c" ||
		fail "has_raw_control misses a C1 control"
	printf 'plain \\x1b[31m caf\303\251\n' >"$TMPDIR/c" && ! has_raw_control "$TMPDIR/c" ||
		fail "has_raw_control flags safe text"
	echo "badinput helpers work"
fi
