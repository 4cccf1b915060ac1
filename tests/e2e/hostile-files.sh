# Hostile files where git disclose reads and writes its own: a FIFO, a
# device, a huge file as a catalogue, policy or session file (never a
# hang, never "out of memory": an error naming the file, or a fresh
# session saying why); .git/disclose as a symlink to another directory
# (never written through); a catalogue of many agents loads in linear
# time.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
. "$TOP/tests/tui/series.sh"
cat=$XDG_CONFIG_HOME/git-disclose
mkdir -p "$cat"
new_repo "$TMPDIR/plain"

# cat_row NAME FILE: a catalogue or policy file that is not one
cat_row() {
	row "$1" 2 timeout 20 "$D" catalogue
	expect_grep "$2" "$TMPDIR/err"
	grep -q "out of memory" "$TMPDIR/err" && fail "$1: out of memory"
	rm -f "$cat/$2" 2>/dev/null
}

mkfifo "$cat/fifo.json"
cat_row catalogue-fifo fifo.json
expect_grep "not a regular file" "$TMPDIR/err"
ln -s /dev/zero "$cat/zero.json"
cat_row catalogue-dev-zero zero.json
expect_grep "not a regular file" "$TMPDIR/err"
truncate -s 40M "$cat/huge.json"
cat_row catalogue-huge huge.json
expect_grep "MiB" "$TMPDIR/err"
mkdir "$cat/dir.json"
cat_row catalogue-directory dir.json
rmdir "$cat/dir.json"
# a symlink to a regular file is a catalogue as good as any (dotfiles)
printf '{"agents": [{"name": "Linked", "models": []}]}\n' >"$TMPDIR/linked.json"
ln -s "$TMPDIR/linked.json" "$cat/linked.json"
row catalogue-symlink 0 "$D" catalogue
expect_grep "Linked" "$TMPDIR/out"
rm -f "$cat/linked.json"

# the boot verdict (.git/disclose/boot.json) that cover reads: a FIFO or
# a link to /dev/zero is a warning naming it, never a hang
mkdir -p .git/disclose
mkfifo .git/disclose/boot.json
row boot-json-fifo 0 timeout 20 "$D" cover
expect_grep "boot.json' is not a regular file" "$TMPDIR/err"
rm -f .git/disclose/boot.json
ln -s /dev/zero .git/disclose/boot.json
row boot-json-dev-zero 0 timeout 20 "$D" cover
expect_grep "boot.json' is a symbolic link" "$TMPDIR/err"
rm -f .git/disclose/boot.json

# boot's own directory (.git/disclose/boot) or its lock a symbolic link:
# never built or locked through (boot checks its programs first: where
# they are missing it stops before, with nothing written either)
mkdir "$TMPDIR/victim"
ln -s "$TMPDIR/victim" .git/disclose/boot
row boot-dir-symlink 2 timeout 20 "$D" boot
if grep -q "is missing: install it" "$TMPDIR/err"; then
	echo "boot-dir-symlink: boot's programs are missing here: $(cat "$TMPDIR/err")"
else
	expect_grep ".git/disclose/boot' is a symbolic link" "$TMPDIR/err"
fi
rm .git/disclose/boot
mkdir .git/disclose/boot
ln -s "$TMPDIR/victim/lock" .git/disclose/boot/lock
row boot-lock-symlink 2 timeout 20 "$D" boot
grep -q "is missing: install it" "$TMPDIR/err" ||
	expect_grep "boot/lock' is a symbolic link" "$TMPDIR/err"
expect_eq "nothing written through the links" "" "$(ls -A "$TMPDIR/victim")"
rm -rf .git/disclose/boot "$TMPDIR/victim"

# ---- a tree's own files as links to /dev/zero (git stores symbolic
# links, so a cloned tree can carry them): LICENSES/ (SPDX, read by
# check and the commit-msg hook), scripts/checkpatch.pl (trailer's
# kernel-llm warning). Never a hang, never "out of memory": such a file
# is not read. The runs are bounded in time and memory (ulimit -v; the
# sanitizer build reserves terabytes of shadow address space, so there
# its own limit on resident memory does the bounding).
new_repo "$TMPDIR/zero"
mkdir -p LICENSES/preferred scripts
ln -s /dev/zero LICENSES/preferred/GPL-2.0
ln -s /dev/zero scripts/checkpatch.pl
git add -A && git commit -q -m "links to /dev/zero" || fail "commit links"
printf 'int x;\n' >x.c && git add x.c && git commit -q -s -m "add x" ||
	fail "commit x.c"
bounded() {
	if [ -n "${ASAN_OPTIONS:-}" ]; then
		ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=1000" \
			timeout 20 "$@"
	else
		sh -c 'ulimit -v 1000000; exec timeout 20 "$@"' sh "$@"
	fi
}
CHANGES=1 row tree-license-dev-zero 1 bounded "$D" check HEAD
expect_grep "SPDX_MISSING" "$TMPDIR/out"
row tree-checkpatch-dev-zero 0 bounded "$D" trailer --agent Claude \
	--model claude-opus-4-5 --policy kernel-llm
expect_grep "Assisted-by: LLM" "$TMPDIR/out"
"$D" hook install >/dev/null || fail "hook install"
printf 'int y;\n' >y.c && git add y.c
row tree-license-dev-zero-hook 1 bounded git commit -q -s -m "add y"
expect_grep "SPDX_MISSING" "$TMPDIR/err"
cd "$TMPDIR/plain" || fail "cd"

# ---- loading is linear in the number of agents ----
# gen N: a catalogue of N agents with one model each
gen() {
	awk -v n="$1" 'BEGIN {
		print "{\"agents\": ["
		for (i = 0; i < n; i++)
			printf "%s{\"name\": \"agent%d\", \"models\": [{\"id\": \"m%d\", \"names\": [\"M %d\"]}]}\n", i ? "," : "", i, i, i
		print "]}"
	}'
}
# ms CMD...: milliseconds CMD took
ms() {
	_s=$(date +%s%N)
	"$@" >/dev/null 2>&1 || fail "$*: exit $?"
	echo $((($(date +%s%N) - _s) / 1000000))
}
gen 10000 >"$cat/gen.json"
t10=$(ms "$D" catalogue --json)
gen 40000 >"$cat/gen.json"
t40=$(ms "$D" catalogue --json)
echo "catalogue of 10000 agents: $t10 ms, 40000 agents: $t40 ms"
# linear is 4 times as long; quadratic 16 times
[ "$t40" -lt 1500 ] || [ "$t40" -lt $((t10 * 9)) ] ||
	fail "loading 4 times as many agents took $t40 ms against $t10 ms"
rm -f "$cat/gen.json"

# ---- the session file and its directory ----
if ! has_tui; then
	echo "session rows: not run (the assistant is not part of this build)"
	echo "hostile-files: ok"
	exit 0
fi
make_series "$TMPDIR/r" >/dev/null || fail "series"
dumps=$TMPDIR/dumps
mkdir -p "$dumps"
# tui NAME KEYS...: the assistant on keys, its first screen in NAME.txt
tui() {
	_tn=$1
	shift
	printf ':dump %s.txt\n%s\n' "$_tn" "$*" >"$TMPDIR/$_tn.keys"
	CHANGES=1 row "session-$_tn" 0 timeout 30 env \
		DISCLOSE_TUI_SCRIPT="$TMPDIR/$_tn.keys" DISCLOSE_TUI_SIZE=100x30 \
		DISCLOSE_TUI_DUMP_DIR="$dumps" TERM=xterm-256color "$D"
	[ -f "$dumps/$_tn.txt" ] || fail "$_tn: no screen dump"
}
# a policy pack that is a FIFO (the assistant reads the packs)
mkfifo "$cat/my-policy.json"
printf ':dump policy.txt\nq\n' >"$TMPDIR/policy.keys"
row policy-fifo 2 timeout 20 env DISCLOSE_TUI_SCRIPT="$TMPDIR/policy.keys" \
	DISCLOSE_TUI_SIZE=100x30 DISCLOSE_TUI_DUMP_DIR="$dumps" \
	TERM=xterm-256color "$D"
expect_grep "my-policy.json" "$TMPDIR/err"
expect_grep "not a regular file" "$TMPDIR/err"
rm -f "$cat/my-policy.json"

sess=.git/disclose/session.json
mkdir -p .git/disclose
mkfifo "$sess"
tui fifo "q"
expect_grep "could not be read" "$dumps/fifo.txt"
rm -f "$sess"
ln -s /dev/zero "$sess"
tui dev-zero "q"
expect_grep "could not be read" "$dumps/dev-zero.txt"
rm -f "$sess"
truncate -s 40M "$sess"
tui huge "q"
expect_grep "could not be read" "$dumps/huge.txt"
rm -f "$sess"

# .git/disclose a symlink to another directory: never written through
rmdir .git/disclose
mkdir "$TMPDIR/elsewhere"
echo '{"keep": "me"}' >"$TMPDIR/elsewhere/session.json"
ln -s "$TMPDIR/elsewhere" .git/disclose
tui dir-symlink "<Enter> r q"
expect_eq "the other directory's session.json" '{"keep": "me"}' \
	"$(cat "$TMPDIR/elsewhere/session.json")"
expect_eq "nothing new in the other directory" "session.json" \
	"$(ls -A "$TMPDIR/elsewhere")"
expect_grep "could not be read" "$dumps/dir-symlink.txt"
echo "hostile-files: ok"
