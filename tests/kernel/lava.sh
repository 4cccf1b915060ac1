#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git disclose boot and LAVA: --lava-job writes a LAVA v2 job for the
# built kernel (the images and a qemu device description beside it) that
# Debian's lava-run (lava-dispatcher) accepts and runs locally, and
# boot --lava, which boots through lava-run, reaches the same verdict as
# the direct boot: a pass for the project's series and a panic for the
# deliberately broken one (tests/kernel/broken). The builds start from
# the pristine object tree boot.sh left in DISCLOSE_CACHE (no cold
# build), and lava-run needs no network: the images are file:// URLs.
# Environment (tests/run-e2e.sh): DISCLOSE, TOP, TMPDIR, DISCLOSE_CACHE.
# Exit 77 (skip) when a package is missing and cannot be installed, or
# when not root (lava-run runs only as root).

ME=lava.sh
. "$TOP/tests/kernel/lib-boot.sh"
[ "$(id -u)" -eq 0 ] || { echo "lava-run runs only as root"; exit 77; }
command -v lava-run >/dev/null 2>&1 ||
	DEPS_APT_OPTS=--no-install-recommends \
		sh "$TOP/tests/deps.sh" lava-dispatcher >/dev/null 2>&1 ||
	{ echo "lava-dispatcher is missing and cannot be installed"; exit 77; }

# boot_both NAME RANGE: boot directly, then through lava-run, which runs
# the job --lava-job writes into $TMPDIR/lab/NAME.yaml (the file a lab
# would submit); the two verdicts in $TMPDIR/NAME-direct.json and
# $TMPDIR/NAME-lava.json.
boot_both() {
	"$DISCLOSE" boot --json "$2" >"$TMPDIR/$1-direct.json" \
		2>"$TMPDIR/$1-direct.err"
	echo "lava.sh: direct boot of $1: exit $?"
	cat "$TMPDIR/$1-direct.json"
	"$DISCLOSE" boot --json --lava --lava-job "$TMPDIR/lab/$1.yaml" "$2" \
		>"$TMPDIR/$1-lava.json" 2>"$TMPDIR/$1-lava.err"
	echo "lava.sh: boot --lava of $1: exit $?"
	cat "$TMPDIR/$1-lava.json"
	[ -s "$TMPDIR/$1-lava.json" ] ||
		{ tail -5 "$TMPDIR/$1-lava.err"; fail "boot --lava of $1 gave no verdict"; }
	[ "$(jget "$TMPDIR/$1-lava.json" 'v["lava"]["job"]')" = \
		"$TMPDIR/lab/$1.yaml" ] ||
		fail "$1: lava-run did not run the job --lava-job wrote"
	[ "$(jget "$TMPDIR/$1-lava.json" 'v["lava_job_files"][0]')" = \
		"$TMPDIR/lab/$1.yaml" ] ||
		fail "$1: the files --lava-job wrote are not listed"
}

# same NAME: the direct and the LAVA verdict agree on what matters.
same() {
	for key in status pass release; do
		d=$(jget "$TMPDIR/$1-direct.json" "v['$key']")
		l=$(jget "$TMPDIR/$1-lava.json" "v['$key']")
		[ "$d" = "$l" ] ||
			fail "$1: $key is '$d' booted directly, '$l' through lava-run"
	done
	[ "$(jget "$TMPDIR/$1-direct.json" 'v["runner"]')" = qemu ] ||
		fail "$1: the direct boot is not named qemu's"
	[ "$(jget "$TMPDIR/$1-lava.json" 'v["runner"]')" = lava ] ||
		fail "$1: the LAVA boot is not named lava's"
	[ "$(jget "$TMPDIR/$1-lava.json" 'v["lava"]["log"]')" != None ] ||
		fail "$1: no lava-run log in the verdict"
}

series_clone "LAVA test"

step "usage errors"
"$DISCLOSE" boot --lava --kvm pristine..HEAD >/dev/null 2>"$TMPDIR/err"
[ $? -eq 2 ] || fail "--lava --kvm is not a usage error"
"$DISCLOSE" boot --lava-url http://lab.example/ pristine..HEAD \
	>/dev/null 2>"$TMPDIR/err"
[ $? -eq 2 ] || fail "--lava-url without --lava-job is not a usage error"

step "the series: a direct boot, then boot --lava of the job it writes"
boot_both good pristine..HEAD
same good
[ "$(jget "$TMPDIR/good-direct.json" 'v["status"]')" = pass ] ||
	fail "the series did not pass"
[ "$(jget "$TMPDIR/good-direct.json" 'v["pristine"]')" != built ] ||
	fail "the pristine object tree was built again: boot.sh should have left it"
[ "$(jget "$TMPDIR/good-lava.json" 'v["lava"]["result"]')" = pass ] ||
	fail "lava-run did not pass the job"
[ "$(jget "$TMPDIR/good-lava.json" \
	'[(c["case"], c["result"]) for c in v["lava"]["cases"]]')" = \
	"[('disclose_boot_ok', 'pass')]" ] ||
	fail "the monitor's cases: $(jget "$TMPDIR/good-lava.json" 'v["lava"]["cases"]')"
grep -q 'DISCLOSE-BOOT-OK' "$(jget "$TMPDIR/good-lava.json" 'v["logs"]["console"]')" ||
	fail "the console lava-run logged has no marker"

step "the job file a lab would run, as lava-run ran it"
job=$TMPDIR/lab/good.yaml
for f in "$job" "$TMPDIR/lab/good-bzImage" "$TMPDIR/lab/good-initramfs.cpio" \
	"$TMPDIR/lab/good-device.yaml"; do
	[ -s "$f" ] || fail "--lava-job did not write $f"
done
cmp -s "$TMPDIR/lab/good-bzImage" \
	.git/disclose/boot/src/obj-x86_64-tiny/arch/x86/boot/bzImage ||
	fail "the job's kernel is not the one built"
grep -q "url: 'file://$TMPDIR/lab/good-bzImage'" "$job" ||
	fail "the job does not point at its kernel"
grep -q 'disclose_nonce=' "$job" && grep -q 'method: qemu' "$job" &&
	grep -q 'to: tmpfs' "$job" && grep -q 'monitors:' "$job" ||
	fail "the job lacks its deploy, boot or test"
lava-run --validate --job-id 1 --output-dir "$TMPDIR/validate" \
	--device "$TMPDIR/lab/good-device.yaml" "$job" \
	>"$TMPDIR/validate.log" 2>&1 ||
	{ tail -5 "$TMPDIR/validate.log"; fail "lava-run --validate rejects the job"; }
# lava-run's own log of that job, not git disclose's reading of it (one
# lava-run of the job is enough: boot --lava ran exactly this file).
grep -q '"case": "disclose_boot_ok".*"result": "pass"' \
	"$(jget "$TMPDIR/good-lava.json" 'v["lava"]["log"]')" ||
	fail "lava-run's log has no passing marker case"

step "the broken series: a panic, directly and through lava-run"
git checkout -q -b broken HEAD
git am -q "$TOP"/tests/kernel/broken/*.patch ||
	fail "tests/kernel/broken does not apply"
boot_both broken pristine..broken
same broken
[ "$(jget "$TMPDIR/broken-lava.json" 'v["status"]')" = panic ] ||
	fail "the broken series is not a panic through lava-run"
[ "$(jget "$TMPDIR/broken-lava.json" 'v["lava"]["result"]')" = fail ] ||
	fail "lava-run passed the panicking job"
jget "$TMPDIR/broken-lava.json" '[c["case"] for c in v["lava"]["cases"] if c["result"] == "fail"]' |
	grep -q kernel_panic || fail "the monitor did not report the panic"
grep -q 'deliberate panic' "$TMPDIR/broken-lava.json" ||
	fail "the panic line is not shown"
step "done"
