#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git disclose boot, end to end, on the real kernel: the project's series
# (kernel/patches/) on Debian's linux-source-6.1 must build and boot; a
# deliberately broken series (tests/kernel/broken/, a panic before
# userspace) and a build break must fail with the matching verdict and
# exit 1, reusing the build directory (incremental builds); --each finds
# the commit of a series that breaks the build, and a new W=1 warning
# fails (tests/kernel/lib-each.sh); a series from a repository that is
# not a kernel tree goes through --source.
# Environment (tests/run-e2e.sh): DISCLOSE, TOP, TMPDIR, DISCLOSE_CACHE.
# Exit 77 (skip) only when a package is missing and cannot be installed.

ME=boot.sh
EXTRA_DEPS="xz:xz-utils"
. "$TOP/tests/kernel/lib-boot.sh"

# verdict FILE KEY: a top-level string or boolean of the JSON verdict.
verdict() {
	python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))[sys.argv[2]]
print(str(v).lower() if isinstance(v, bool) else v)' "$1" "$2"
}

# tmux on the test's own server
tm() {
	tmux -S "$TMPDIR/tmux.sock" "$@"
}
# screen_has ERE: the assistant's screen in tmux matches ERE.
screen_has() {
	tm capture-pane -p -t t | grep -qE -- "$1"
}
# wait_screen ERE SECONDS
wait_screen() {
	i=0
	while ! screen_has "$1"; do
		i=$((i + 1))
		if [ $i -gt $(($2 * 10)) ]; then
			tm capture-pane -p -t t >&2
			fail "the assistant did not show /$1/ in $2 s"
		fi
		sleep 0.1
	done
}
# The boot screen of the assistant (ncurses, in tmux) on this tree: it
# shows the verdict the command line saved, and b builds and boots again
# with kbuild's lines shown live under the progress bar, then the new
# verdict (boot.json rewritten).
tui_boot() {
	command -v tmux >/dev/null 2>&1 || sh "$TOP/tests/deps.sh" tmux >/dev/null 2>&1 ||
		fail "tmux is missing and cannot be installed (apt-get install tmux)"
	cat >"$TMPDIR/tui.sh" <<RUN
cd "$TMPDIR/linux" || exit 1
TERM=xterm-256color LC_ALL=C.UTF-8 "$DISCLOSE" pristine..HEAD
RUN
	before=$(stat -c %Y .git/disclose/boot.json)
	tm -f /dev/null new-session -d -s t -x 100 -y 40 "sh $TMPDIR/tui.sh" ||
		fail "tmux new-session"
	wait_screen "Step 1/5 Series" 20
	tm send-keys -t t c
	wait_screen "Step 2/5 Checklist" 20
	tm send-keys -t t b
	wait_screen "Verdict: pass" 20
	tm send-keys -t t b
	wait_screen "^building" 120
	wait_screen "^    (CALL|CHK|DESCEND|CC|LD|AR|GEN|UPD|SYNC|Kernel:) " 300
	wait_screen "Verdict: pass" 600
	tm kill-server
	[ "$(stat -c %Y .git/disclose/boot.json)" != "$before" ] ||
		fail "the boot from the assistant did not save a verdict"
	[ "$(verdict .git/disclose/boot.json status)" = pass ] ||
		fail "the assistant's boot did not pass"
}

step "pristine tree"
if [ -f "$TOP/tests/kernel/tree.sh" ]; then
	pristine=$(sh "$TOP/tests/kernel/tree.sh") || fail "tree.sh failed"
	git clone -q --shared "$pristine" "$TMPDIR/linux" ||
		fail "cannot clone $pristine"
else
	pristine=""
fi

if [ -n "$pristine" ]; then
	cd "$TMPDIR/linux" || fail "no clone"
	set -- "$TOP"/kernel/patches/*.patch
	if [ -f "$1" ]; then
		git am -q "$@" || fail "kernel/patches do not apply"
	else
		printf '\nA line for the boot test.\n' >>Documentation/process/howto.rst
		git commit -q -a -m "docs: a documentation-only change"
	fi

	step "boot the series (cold build)"
	"$DISCLOSE" boot pristine..HEAD >"$TMPDIR/good.txt"
	rc=$?
	cat "$TMPDIR/good.txt"
	[ $rc -eq 0 ] || fail "the series did not boot (exit $rc)"
	grep -q '^boot: PASS' "$TMPDIR/good.txt" || fail "no PASS line"
	saved=.git/disclose/boot.json
	[ "$(stat -c %a "$saved")" = 600 ] || fail "$saved is not mode 0600"
	[ "$(verdict "$saved" tip)" = "$(git rev-parse HEAD)" ] ||
		fail "$saved does not name the tip"
	[ "$(verdict "$saved" status)" = pass ] || fail "saved status is not pass"
	good=$(git rev-parse HEAD)

	step "the assistant: the saved verdict, then a boot run from it"
	tui_boot

	step "uncommitted changes are never built"
	echo 'garbage that does not compile' >>init/main.c
	"$DISCLOSE" boot --json pristine..HEAD >"$TMPDIR/again.json" ||
		fail "the dirty work tree changed the verdict"
	[ "$(verdict "$TMPDIR/again.json" status)" = pass ] ||
		fail "--json does not say pass"
	git checkout -q -- init/main.c

	step "boot the broken series (incremental)"
	git checkout -q -b broken HEAD
	git am -q "$TOP"/tests/kernel/broken/*.patch ||
		fail "tests/kernel/broken does not apply"
	"$DISCLOSE" boot --json pristine..broken >"$TMPDIR/broken.json"
	rc=$?
	cat "$TMPDIR/broken.json"
	[ $rc -eq 1 ] || fail "the broken series gave exit $rc, not 1"
	[ "$(verdict "$TMPDIR/broken.json" status)" = panic ] ||
		fail "the broken series is not named a panic"
	grep -q 'deliberate panic' "$TMPDIR/broken.json" ||
		fail "the panic line is not shown"

	step "a build break"
	printf 'int disclose_broken(void) { return }\n' >>init/main.c
	git commit -q -a -m "init: break the build"
	"$DISCLOSE" boot pristine..HEAD >"$TMPDIR/break.txt"
	rc=$?
	cat "$TMPDIR/break.txt"
	[ $rc -eq 1 ] || fail "the build break gave exit $rc, not 1"
	grep -q 'FAIL: the kernel does not build' "$TMPDIR/break.txt" ||
		fail "no build failure verdict"
	grep -q 'file: init/main.c' "$TMPDIR/break.txt" ||
		fail "the failing file is not named"

	. "$TOP/tests/kernel/lib-each.sh"
	step "boot --each: the middle commit of three breaks the build"
	each_break "$good"
	step "a series that adds a W=1 warning"
	warn_series "$good"
fi

step "a series from a repository that is not a kernel tree (--source)"
mkdir -p "$TMPDIR/series/Documentation" && cd "$TMPDIR/series" || exit 1
git init -q
echo "notes" >NOTES
git add NOTES && git commit -q -m "start"
printf 'Boot test\n=========\n\nA page.\n' >Documentation/disclose-boot-test.rst
git add Documentation && git commit -q -m "docs: add a boot test page"
"$DISCLOSE" boot --source /usr/src/linux-source-6.1.tar.xz HEAD~1..HEAD \
	>"$TMPDIR/source.txt"
rc=$?
cat "$TMPDIR/source.txt"
[ $rc -eq 0 ] || fail "--source did not boot (exit $rc)"
grep -q 'built from /usr/src/linux-source-6.1.tar.xz with the series applied' \
	"$TMPDIR/source.txt" || fail "the terminal does not say the tarball was used"
grep -q 'W=1: not checked, the series touches no .c file' "$TMPDIR/source.txt" ||
	fail "a docs-only series is said to have been W=1 checked"

step "usage errors"
"$DISCLOSE" boot --timeout 0 >/dev/null 2>&1
[ $? -eq 2 ] || fail "--timeout 0 is not a usage error"
"$DISCLOSE" boot no-such-rev..HEAD >/dev/null 2>"$TMPDIR/err"
[ $? -eq 2 ] || fail "a bad range is not exit 2"
step "done"
