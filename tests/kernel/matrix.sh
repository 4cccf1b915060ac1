#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git disclose boot --arch x86_64,i386: the project's series (or a
# documentation change) built for both architectures in their own build
# directories and booted side by side; each cell passes with its own
# release, console log and QEMU (qemu-system-i386 runs the 32-bit one,
# whose init is built with gcc -m32), and the run passes.
# Environment (tests/run-e2e.sh): DISCLOSE, TOP, TMPDIR, DISCLOSE_CACHE.
# Exit 77 (skip) only when a package is missing and cannot be installed.

ME=matrix.sh
EXTRA_DEPS="qemu-system-i386:qemu-system-x86"
. "$TOP/tests/kernel/lib-boot.sh"

series_clone "matrix test"

step "usage errors"
"$DISCLOSE" boot --arch arm64 pristine..HEAD >/dev/null 2>"$TMPDIR/err"
[ $? -eq 2 ] || fail "--arch arm64 is not a usage error"
grep -q 'give x86_64 or i386' "$TMPDIR/err" || fail "no remedy for --arch"
"$DISCLOSE" boot --config huge pristine..HEAD >/dev/null 2>"$TMPDIR/err"
[ $? -eq 2 ] || fail "--config huge is not a usage error"

step "boot --arch x86_64,i386"
t0=$(date +%s)
"$DISCLOSE" boot --arch x86_64,i386 pristine..HEAD >"$TMPDIR/m.txt" \
	2>"$TMPDIR/m.err"
rc=$?
cat "$TMPDIR/m.txt"
[ $rc -eq 0 ] || { tail -20 "$TMPDIR/m.err"; fail "the matrix gave exit $rc"; }
echo "matrix.sh: the matrix took $(( $(date +%s) - t0 )) s"
grep -q '^boot: PASS: 2 cells pass: x86_64/tiny i386/tiny' "$TMPDIR/m.txt" ||
	fail "no PASS line naming both cells"
grep -q 'cell x86_64/tiny  *PASS' "$TMPDIR/m.txt" &&
	grep -q 'cell i386/tiny  *PASS' "$TMPDIR/m.txt" ||
	fail "the cells are not shown one by one"
grep -q 'boot: i386/tiny building' "$TMPDIR/m.err" ||
	fail "the progress does not name the cell"
j=.git/disclose/boot.json
[ "$(jget $j '[(c["arch"], c["config"], c["status"]) for c in v["cells"]]')" = \
	"[('x86_64', 'tiny', 'pass'), ('i386', 'tiny', 'pass')]" ] ||
	fail "boot.json cells: $(jget $j 'v["cells"]')"
[ "$(jget $j 'v["status"]')" = pass ] || fail "the run is not a pass"
# separate build directories, a 64-bit and a 32-bit kernel
d=.git/disclose/boot
grep -q '^CONFIG_64BIT=y' $d/src/obj-x86_64-tiny/.config ||
	fail "x86_64 is not 64-bit"
grep -q '^CONFIG_X86_32=y' $d/src/obj-i386-tiny/.config &&
	od -An -tx1 -j4 -N1 $d/src/obj-i386-tiny/vmlinux | grep -q 01 ||
	fail "the i386 cell is not a 32-bit kernel (ELFCLASS32)"
[ "$(jget $j 'v["cells"][0]["logs"]["console"]')" != \
	"$(jget $j 'v["cells"][1]["logs"]["console"]')" ] ||
	fail "the cells share a console log"
grep -q 'DISCLOSE-BOOT-OK' "$(jget $j 'v["cells"][1]["logs"]["console"]')" ||
	fail "the i386 console has no marker"
# the sum says what the cells did, and each cell's logs are shown
[ "$(jget $j 'v["warnings_checked"] == any(c["warnings_checked"] for c in v["cells"])')" = True ] ||
	fail "the run's warnings_checked is not its cells'"
[ "$(jget $j 'v["seconds"]["checkout"] == sum(c["seconds"]["checkout"] for c in v["cells"])')" = True ] ||
	fail "the run's checkout time is not its cells'"
grep -q 'console log: .*/i386-tiny/console.log' "$TMPDIR/m.txt" ||
	fail "the i386 cell's console log is not printed"
step "done"
