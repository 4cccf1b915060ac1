#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The TUI's boot screen (b, then b) says Ctrl-C stops the build: it does
# stop it. make runs in a process group of its own, so the terminal's
# Ctrl-C reached only git disclose, which died and left make building;
# now make's group is stopped, the terminal restored, the message names
# what was stopped and the status is 130. No kernel: a stand-in tree (as
# boot-signal.sh) whose bzImage never ends.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-standin.sh"
. "$TOP/tests/e2e/lib-tmux.sh"

command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
export DISCLOSE_CACHE="$TMPDIR/cache"
standin_tree "$TMPDIR/r"

# the pane's shell outlives the Ctrl-C (a trap, not an ignored signal:
# git disclose gets SIGINT as from a terminal) to write the status
cat >"$TMPDIR/run.sh" <<RUN
trap : INT
cd "$TMPDIR/r" && TERM=xterm-256color "$D" HEAD 2>"$TMPDIR/err"
echo "rc=\$?" >"$TMPDIR/rc"
sleep 30
RUN
T -f /dev/null new-session -d -s t -x 100 -y 30 "sh $TMPDIR/run.sh" ||
	fail "tmux"
wait_for "c: checklist"
keys c b
wait_for "b: build and boot now"
keys b
n=0
until builders | grep -q "stand-in build"; do
	n=$((n + 1))
	if [ -s "$TMPDIR/rc" ] || [ $n -gt 600 ]; then
		T capture-pane -p -t t
		cat "$TMPDIR/err"
		grep -q "is missing: install it" "$TMPDIR/err" && exit 77
		fail "the build did not start"
	fi
	sleep 0.1
done
keys C-c
n=0
until [ -s "$TMPDIR/rc" ] || [ $n -gt 100 ]; do n=$((n + 1)); sleep 0.1; done
left=$(builders)
if [ -n "$left" ]; then
	flag "the build outlived git disclose: $left"
	echo "$left" | while read -r p _; do kill "$p" 2>/dev/null; done
fi
grep -qx "rc=130" "$TMPDIR/rc" || flag "status: $(cat "$TMPDIR/rc")"
grep -q "boot: interrupted (SIGINT): stopped 'make -j[0-9]* O=$obj" \
	"$TMPDIR/err" || flag "no message naming make: $(cat "$TMPDIR/err")"
finish
