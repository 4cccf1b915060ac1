#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git disclose boot runs the KUnit suites of the touched directories: a
# series that changes lib/list_sort.c gets lib/'s test_list_sort.o
# (CONFIG_TEST_LIST_SORT, with KUnit) built in, the kernel booted with
# kunit.filter_glob=list_sort, and the suite's KTAP result reported per
# suite in boot.json and on the terminal. (That a series touching only
# directories of many suites, lib/string.c, enables no KUnit is
# pristine.sh's: its build compiles only the files it touches.) The
# build starts from the pristine object tree boot.sh left in
# DISCLOSE_CACHE.
# Environment (tests/run-e2e.sh): DISCLOSE, TOP, TMPDIR, DISCLOSE_CACHE.
# Exit 77 (skip) only when a package is missing and cannot be installed.

ME=kunit.sh
. "$TOP/tests/kernel/lib-boot.sh"

step "pristine tree"
pristine=$(sh "$TOP/tests/kernel/tree.sh") || fail "tree.sh failed"
git clone -q --shared "$pristine" "$TMPDIR/linux" || fail "cannot clone"
cd "$TMPDIR/linux" || fail "no clone"

step "a series that touches lib/list_sort.c"
printf '/* kunit.sh: a change in a directory with a KUnit suite */\n' \
	>>lib/list_sort.c
git commit -q -a -m "lib: list_sort: a comment for the KUnit test"
# One boot (each costs a kbuild pass and the W=1 check): the terminal
# report, and the verdict it saved, the JSON --json prints.
"$DISCLOSE" boot pristine..HEAD >"$TMPDIR/k.txt" 2>"$TMPDIR/k.err"
rc=$?
cat "$TMPDIR/k.txt"
[ $rc -eq 0 ] || { tail -20 "$TMPDIR/k.err"; fail "the boot gave exit $rc"; }
j=.git/disclose/boot.json
cat "$j"
[ "$(jget "$j" 'v["kunit_suites"]')" = "['list_sort']" ] ||
	fail "the suites asked for: $(jget "$j" 'v["kunit_suites"]')"
for sym in TEST_LIST_SORT KUNIT; do
	[ "$(jget "$j" "'$sym' in v['enabled']")" = True ] ||
		fail "CONFIG_$sym was not enabled: $(jget "$j" 'v["enabled"]')"
	[ "$(jget "$j" "'$sym' in v['not_enabled']")" = False ] ||
		fail "CONFIG_$sym did not survive the configuration"
done
grep -q '^CONFIG_TEST_LIST_SORT=y' .git/disclose/boot/src/obj-x86_64-tiny/.config ||
	fail "the kernel's .config has no CONFIG_TEST_LIST_SORT=y"
console=$(jget "$j" 'v["logs"]["console"]')
grep -q 'Kernel command line:.* kunit.filter_glob=list_sort' "$console" ||
	fail "the kernel was not given kunit.filter_glob=list_sort"
[ "$(jget "$j" '[(s["name"], s["ok"]) for s in v["suites"]]')" = \
	"[('list_sort', True)]" ] ||
	fail "the suites that ran: $(jget "$j" 'v["suites"]')"
[ "$(jget "$j" 'v["suites"][0]["passed"] > 0')" = True ] ||
	fail "the suite's test cases were not counted"

step "the terminal report"
grep -q '^  KUnit list_sort  *ok ([1-9][0-9]* passed, 0 failed' "$TMPDIR/k.txt" ||
	fail "the suite is not reported on the terminal"

step "done"
