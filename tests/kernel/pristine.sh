#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A cold boot of a small series starts from the pristine object tree of
# its base (built once per arch and config, kept in DISCLOSE_CACHE): in a
# fresh clone, the series' build compiles only what it touches (a
# handful of CC steps, not the whole kernel), boot.json gives the time of
# each phase, and the kernel boots. Booted again unchanged, the series
# builds nothing: the W=1 check of its .c files leaves no object to
# remake; with a documentation commit on top, or its message amended,
# nothing is compiled at all.
# Environment (tests/run-e2e.sh): DISCLOSE, TOP, TMPDIR, DISCLOSE_CACHE.
# Exit 77 (skip) only when a package is missing and cannot be installed.

ME=pristine.sh
. "$TOP/tests/kernel/lib-boot.sh"

pristine=$(sh "$TOP/tests/kernel/tree.sh") || fail "tree.sh failed"

# clone NAME: a fresh clone with a two-file series on the pristine tree.
clone() {
	git clone -q --shared "$pristine" "$TMPDIR/$1" || fail "cannot clone"
	cd "$TMPDIR/$1" || fail "no clone"
	printf '/* pristine test: %s */\n' "$1" >>init/main.c
	printf '/* pristine test: %s */\n' "$1" >>lib/string.c
	git commit -q -a -m "init, lib: comments for the pristine test ($1)"
}

# cold NAME: boot a fresh clone; prints how the pristine tree was had.
cold() {
	clone "$1"
	"$DISCLOSE" boot --json pristine..HEAD >"$TMPDIR/$1.json" \
		2>"$TMPDIR/$1.err"
	rc=$?
	[ $rc -eq 0 ] || { cat "$TMPDIR/$1.json"; tail "$TMPDIR/$1.err";
			   fail "the cold boot of $1 gave exit $rc"; }
	jget "$TMPDIR/$1.json" 'v["pristine"]'
}

step "a cold boot (the pristine tree is built unless the cache has it)"
how=$(cold first)
echo "pristine.sh: first clone: pristine objects $how"
case $how in reused | built) ;; *) fail "pristine objects: $how" ;; esac

step "a cold boot of another clone reuses the pristine objects"
t0=$(date +%s)
how=$(cold second)
echo "pristine.sh: second clone: $(( $(date +%s) - t0 )) s"
[ "$how" = reused ] || fail "the second clone did not reuse them ($how)"
j="$TMPDIR/second.json"
cat "$j"
[ "$(jget "$j" 'v["status"]')" = pass ] || fail "the second clone did not pass"
log=$(jget "$j" 'v["logs"]["build"]')
cc=$(grep -c '^  CC ' "$log")
echo "pristine.sh: CC steps of the series' build: $cc"
grep -q '^  CC      init/main.o' "$log" || fail "init/main.c was not rebuilt"
grep -q '^  CC      lib/string.o' "$log" || fail "lib/string.c was not rebuilt"
[ "$cc" -le 12 ] || fail "$cc files compiled: more than the series touches"
for phase in checkout pristine configure build boot; do
	[ "$(jget "$j" "'$phase' in v['seconds']")" = True ] ||
		fail "boot.json has no $phase time"
done

# again NAME: boot the clone once more; its build log's CC and LD lines
# into $TMPDIR/NAME.built.
again() {
	"$DISCLOSE" boot --json pristine..HEAD >"$TMPDIR/$1.json" \
		2>"$TMPDIR/$1.err"
	rc=$?
	j="$TMPDIR/$1.json"
	[ $rc -eq 0 ] || { cat "$j"; fail "$1: the boot gave exit $rc"; }
	[ "$(jget "$j" 'sorted(v["warnings_checked_files"])')" = \
	  "['init/main.c', 'lib/string.c']" ] ||
		fail "$1: the W=1 check did not cover the two files"
	grep -E '^  (CC|LD) ' "$(jget "$j" 'v["logs"]["build"]')" \
		>"$TMPDIR/$1.built"
	cat "$TMPDIR/$1.built"
}

step "the same series again: the W=1 check leaves the objects as built"
cd "$TMPDIR/second" || fail "no clone"
again same
[ -s "$TMPDIR/same.built" ] &&
	fail "the unchanged series was compiled or linked again"

# A first build cut short and resumed, or a cache emptied by --gc: the
# next build of a warm clone is kept when the cache has no tree of its
# base, with the files its series changed listed.
step "a warm clone's build is kept when the cache has none"
empty="$TMPDIR/objects-empty"
mkdir -p "$empty"
DISCLOSE_OBJECT_CACHE=$empty "$DISCLOSE" boot --json pristine..HEAD \
	>"$TMPDIR/kept.json" 2>"$TMPDIR/kept.err" ||
	{ cat "$TMPDIR/kept.json"; fail "the warm boot with an empty cache failed"; }
[ "$(jget "$TMPDIR/kept.json" 'v["pristine"]')" = built ] ||
	fail "the warm build was not kept: $(cat "$TMPDIR/kept.json")"
set -- "$empty"/*/dirty
[ -f "$1" ] || fail "no tree was kept in $empty"
[ "$(sort "$1" | tr '\n' ' ')" = "init/main.c lib/string.c " ] ||
	fail "the kept tree lists $(cat "$1"), not the series' two files"

# A documentation commit on top reaches no compile: the W=1 output of the
# last tip stands for the new one, and the build neither compiles nor
# links anything. Amending the tip's message (a trailer added) keeps its
# tree, and with it every W=1 result.
step "a documentation commit on top: nothing compiled, nothing linked"
printf '\nA line for the pristine test.\n' >>Documentation/process/howto.rst
git commit -q -a -m "docs: a line for the pristine test"
again docs
[ -s "$TMPDIR/docs.built" ] &&
	fail "a documentation commit made the W=1 check or the build compile"

step "the tip amended for a trailer: nothing compiled, nothing linked"
git commit -q --amend --trailer "Assisted-by: Tester:model-1" --no-edit
again amend
[ -s "$TMPDIR/amend.built" ] &&
	fail "an amended message made the W=1 check or the build compile"
step "done"
