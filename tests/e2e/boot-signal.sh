#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git disclose boot told to stop (Ctrl-C's SIGINT, SIGTERM, SIGHUP) while
# make builds: make's process group (its own, so that a timeout can kill
# all of it) is stopped, not left building after we are gone; the
# message names what was stopped, the status is the signal's (130 for
# SIGINT) and no verdict is saved. No kernel: a stand-in tree whose
# Makefile configures at once and whose bzImage never ends.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-standin.sh"

export DISCLOSE_CACHE="$TMPDIR/cache"
standin_tree "$TMPDIR/r"

# interrupt SIGNAL: start boot, wait for make, send SIGNAL, check.
interrupt() {
	# a shell without job control starts background commands with
	# SIGINT ignored, nohup SIGHUP; the user's terminal does neither
	# (git disclose keeps a signal ignored that it was given ignored)
	perl -e '$SIG{$_} = "DEFAULT" for qw(INT TERM HUP); exec @ARGV or die' \
		"$D" boot >"$TMPDIR/out" 2>"$TMPDIR/err" &
	pid=$!
	n=0
	until builders | grep -q "bzImage\|stand-in build"; do
		n=$((n + 1))
		if ! kill -0 $pid 2>/dev/null || [ $n -gt 600 ]; then
			wait $pid
			if grep -q "is missing: install it" "$TMPDIR/err"; then
				tail -n 1 "$TMPDIR/err"
				exit 77
			fi
			cat "$TMPDIR/err"
			fail "$1: the build did not start"
		fi
		sleep 0.1
	done
	grep -q "^boot: building" "$TMPDIR/err" ||
		flag "$1: no 'building' progress line: $(cat "$TMPDIR/err")"
	kill -s "$1" $pid
	wait $pid
	rc=$?
	left=$(builders)
	if [ -n "$left" ]; then
		flag "$1: the build outlived git disclose: $left"
		# the old code's leftovers, by their process id
		echo "$left" | while read -r p _; do kill "$p" 2>/dev/null; done
	fi
	[ "$rc" = "$2" ] || flag "$1: exit $rc, want $2: $(cat "$TMPDIR/err")"
	grep -q "boot: interrupted ($3): stopped 'make -j[0-9]* O=$obj" \
		"$TMPDIR/err" ||
		flag "$1: the message does not name make: $(cat "$TMPDIR/err")"
	[ ! -e .git/disclose/boot.json ] ||
		flag "$1: a verdict was saved"
}

interrupt INT 130 SIGINT
interrupt TERM 143 SIGTERM
interrupt HUP 129 SIGHUP
finish
