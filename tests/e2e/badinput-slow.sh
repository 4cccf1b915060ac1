# Rows of the bad-input matrix for commands on odd input (known bugs once,
# all fixed): slow or hanging inputs, check on odd ranges, the assistant
# on a dumb terminal. Each failing row fails the test.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
new_repo "$TMPDIR/r"
A="--agent Claude --model claude-opus-4-5"
# known ROW TEXT: the row fails (the name stays from its known-bug days).
known() {
	fail "row $1: $2"
}

# fast ROW SECONDS CMD...: the command needs at most SECONDS of CPU time
# (ulimit -t: a quadratic step is caught however loaded the machine is,
# where a wall-clock bound fails on a busy one) and ends within a minute.
fast() {
	_n=$1 _s=$2
	shift 2
	(ulimit -t "$((_s * $(slowdown)))" &&
	 exec timeout "$((60 * $(slowdown)))" "$@") \
		>"$TMPDIR/out" 2>"$TMPDIR/err" </dev/null
	_rc=$?
	no_crash "$TMPDIR/out" "$TMPDIR/err"
	# 124: the wall-clock timeout; 152 and 137: the CPU limit's signals
	case $_rc in 124|137|152) return 1 ;; esac
	return 0
}

# 20,000 trailers: linear code takes well under a second; these took
# 3.6 s for 8,000 and grow with the square (100,000: many minutes).
awk 'BEGIN { printf "Subject\n\nBody.\n\n";
	for (i = 0; i < 20000; i++) printf "Reviewed-by: R%d <r%d@example.org>\n", i, i }' >"$TMPDIR/many"
fast check-many 3 "$D" check --message "$TMPDIR/many" ||
	known check-many "check --message with 20,000 trailers takes more than 3 s (seen_before() in src/lint.c compares every pair of signatures: quadratic)"
fast fix-many 3 "$D" fix --dry-run $A --message "$TMPDIR/many" ||
	known fix-many "fix --dry-run with 20,000 trailers takes more than 3 s (the same lint pass, src/lint.c seen_before())"
tree=$(git rev-parse HEAD^{tree})
c=$(git commit-tree -p HEAD "$tree" <"$TMPDIR/many")
git update-ref refs/heads/main "$c"
fast amend-many 3 "$D" amend $A ||
	known amend-many "amend of a commit with 20,000 trailers takes more than 3 s (show_change() in ui/cmd_amend.c runs memmem over the whole message for each line: quadratic)"
git update-ref refs/heads/main "$c"

# A NUL byte in a commit message (only git hash-object makes one): amend
# read the message up to the NUL and wrote it back without the rest.
c=$(printf 'tree %s\nparent %s\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\n\nFix\000 x\n\nBody.\n' \
	"$tree" "$(git rev-parse HEAD)" | git hash-object -t commit -w --stdin --literally)
git update-ref refs/heads/main "$c"
before=$(snap)
"$D" amend $A >"$TMPDIR/out" 2>"$TMPDIR/err" </dev/null
rc=$?
no_crash "$TMPDIR/out" "$TMPDIR/err"
if [ $rc -ne 2 ] || [ "$before" != "$(snap)" ]; then
	known amend-nul "amend of a commit whose message has a NUL byte exits $rc and drops everything after the NUL (src/repo.c reads the message as a C string); it should refuse, as the placement does for trailer --message"
fi
git update-ref refs/heads/main "$c"

# A range whose tip does not resolve: refused as it should be, but under
# the sanitizers LeakSanitizer reports the base commit that git_revparse()
# resolved before it failed (src/repo.c walk_push_range(): initialize the
# git_revspec to zero and free spec.from and spec.to when it fails).
for c in check cover; do
	has_command $c || continue
	"$D" $c HEAD..nosuch >"$TMPDIR/out" 2>"$TMPDIR/err" </dev/null
	rc=$?
	if [ $rc -ne 2 ] || grep -q LeakSanitizer "$TMPDIR/err"; then
		known "range-leak-$c" "$c HEAD..nosuch: exit $rc$(grep -q LeakSanitizer "$TMPDIR/err" && echo ', LeakSanitizer: the resolved HEAD is not freed') (src/repo.c walk_push_range())"
	fi
done

# A shallow clone (depth 1): libgit2 1.5 has no shallow support, so the
# walk asks for the parent beyond the graft.
git -C "$TMPDIR/r" branch -f clean main^
cd "$TMPDIR" && git clone -q --depth 1 -b clean "file://$TMPDIR/r" shallow && cd shallow
git config user.name "Hu Man" && git config user.email hu@example.org
if has_command check; then
	"$D" check --no-spdx HEAD >"$TMPDIR/out" 2>"$TMPDIR/err"
	rc=$?
	no_crash "$TMPDIR/out" "$TMPDIR/err"
	[ $rc -eq 1 ] || known shallow-check "check HEAD in a shallow clone exits $rc: $(head -n 1 "$TMPDIR/err") (src/repo.c: repo_walk() of one commit needs its parent; read .git/shallow and stop there)"
fi
# amend: the default range is empty in a fresh clone; HEAD itself is the
# shallow boundary, whose rewritten copy would name a missing parent.
before=$(snap)
"$D" amend $A --force HEAD >"$TMPDIR/out" 2>"$TMPDIR/err"
rc=$?
no_crash "$TMPDIR/out" "$TMPDIR/err"
[ "$before" = "$(snap)" ] || fail "shallow-amend changed the repository"
git fsck >/dev/null 2>&1 || fail "shallow-amend: fsck"
if [ $rc -ne 2 ] || ! grep -q "shallow clone ends" "$TMPDIR/err"; then
	known shallow-amend "amend of the shallow boundary exits $rc: $(head -n 1 "$TMPDIR/err")"
fi
cd "$TMPDIR/r"

# TERM=dumb: the assistant starts and draws nothing a dumb terminal can
# show (no cursor addressing); it should refuse like TERM unset does.
if has_tui && command -v tmux >/dev/null; then
	. "$TOP/tests/tui/series.sh"
	make_series "$TMPDIR/ts" >/dev/null || fail "series"
	sock=$TMPDIR/tmux.sock
	cat >"$TMPDIR/dumb.sh" <<RUN
cd "$TMPDIR/ts" || exit 1
env TERM=dumb LC_ALL=C.UTF-8 "$D" 2>"$TMPDIR/dumb.err"
echo \$? >"$TMPDIR/dumb.rc"
RUN
	tmux -S "$sock" -f /dev/null new-session -d -s d -x 80 -y 24 "sh $TMPDIR/dumb.sh"
	i=0
	while [ ! -f "$TMPDIR/dumb.rc" ] && [ $i -lt 30 ]; do
		[ $i = 10 ] && tmux -S "$sock" send-keys -t d q 2>/dev/null
		[ $i = 15 ] && tmux -S "$sock" send-keys -t d Escape 2>/dev/null
		[ $i = 20 ] && tmux -S "$sock" send-keys -t d q 2>/dev/null
		i=$((i + 1))
		sleep 0.1
	done
	tmux -S "$sock" kill-server 2>/dev/null
	rc=$(cat "$TMPDIR/dumb.rc" 2>/dev/null)
	[ "$rc" = 2 ] || known tui-term-dumb "the assistant on TERM=dumb exits ${rc:-(did not leave)} after drawing nothing usable; it should refuse with one line, as for TERM unset (ui/tui.c: check tigetstr(\"cup\") after newterm)"
fi

