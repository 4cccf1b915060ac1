#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark: git disclose boot next to the same work done by hand in the
# same run (git worktree add, make tinyconfig, the fragment through
# merge_config.sh, olddefconfig, make bzImage, QEMU). Prints BENCH lines
# (tests/bench/run.sh), each with the load average when it was measured:
#
#   boot first-ever           the tool's first run ever (empty object
#                             cache: the series is built and kept as the
#                             pristine tree) against the cold build by
#                             hand; goal: within 5%; and against the cold
#                             build by hand with the W=1 check the tool
#                             makes (make W=1 of the .c files at tip and
#                             base)
#   boot cold, small series   a fresh clone of a small series (kernel/
#                             patches and two .c comments) once the
#                             pristine tree exists, against the same cold
#                             build by hand; goal: at most half
#   boot unchanged, docs-only warm runs against make bzImage by hand
#   each further commit       boot --each of three one-file commits: the
#                             build time per commit against the full
#                             make bzImage by hand; goal under a quarter
#   matrix x86_64,i386        boot --arch x86_64,i386 in a fresh clone,
#                             against boot --arch x86_64 then --arch i386
#                             in another (both with pristine trees)
#
#   sh tests/bench/boot.sh build/git-disclose
#   BOOT_BENCH_FIRST=1 sh tests/bench/boot.sh ...   the first-ever lines only
#
# Slow: two cold x86_64 kernel builds (ours and the peer's, about 5 min
# each on 2 quiet cores) and, when the object cache of $DISCLOSE_CACHE has
# no i386 tree yet, a third (the matrix's warm-up).
bin=${1:-${DISCLOSE:-build/git-disclose}}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -x "$bin" ]; then
	echo "boot.sh: $bin is not an executable: build it with make" >&2
	exit 2
fi
pristine=$(sh "$top/tests/kernel/tree.sh") || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-boot.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
export GIT_CONFIG_NOSYSTEM=1 LC_ALL=C
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.org
export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.org
# The first-ever and cold figures: an object cache of this run's own.
cache=${DISCLOSE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/git-disclose}
shared_objects=${DISCLOSE_OBJECT_CACHE:-$cache/objects}
export DISCLOSE_OBJECT_CACHE="$work/objects"
jobs=-j$(nproc)

now() {
	date +%s.%N
}

# elapsed START: seconds since START, to the hundredth.
elapsed() {
	echo "$(now) $1" | awk '{ printf "%.2f", $1 - $2 }'
}

load() {
	cut -d' ' -f1 /proc/loadavg
}

# bench NAME OURS PEER_NAME PEER HOW: one BENCH line (seconds)
bench() {
	echo "$2 $4" | awk -v n="$1" -v pn="$3" -v how="$5" '{
		printf "BENCH %s|%.2f s|%s|%.2f s|%.3f|%s\n", n, $1, pn, $2,
			($2 > 0 ? $1 / $2 : 0), how }'
}

jget() {
	python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
print(eval(sys.argv[2], {"v": v}))' "$1" "$2"
}

# clone NAME: a fresh clone with the small series: kernel/patches and a
# comment in each of two C files tinyconfig builds.
clone() {
	git clone -q --shared "$pristine" "$work/$1" || exit 2
	cd "$work/$1" || exit 2
	set -- "$top"/kernel/patches/*.patch
	if [ -f "$1" ]; then
		git am -q "$@" || exit 2
	fi
	for f in init/main.c lib/string.c; do
		printf '/* bench: a small series */\n' >>"$f"
	done
	git commit -q -a -m "init, lib: comments for the boot benchmark"
}

# ours NAME ARGS...: git disclose boot ARGS in the current clone, timed
# into $t_ours, the verdict kept as $work/NAME.json.
ours() {
	name=$1
	shift
	t=$(now)
	"$bin" boot --json "$@" >"$work/$name.json" 2>"$work/$name.err" ||
		{ cat "$work/$name.json"; tail "$work/$name.err";
		  echo "boot.sh: boot $* failed ($name)" >&2; exit 1; }
	t_ours=$(elapsed "$t")
	l_ours=$(load)
}

# The peer: what a developer types, with our initramfs (writing one is
# not the part being measured) and a nonce of its own.
peer_boot() {
	nonce=peer$$
	timeout 120 qemu-system-x86_64 -accel tcg -nodefaults -nographic \
		-no-reboot -serial stdio -m 256M \
		-kernel "$work/peer-obj/arch/x86/boot/bzImage" \
		-initrd "$work/first/.git/disclose/boot/initramfs.cpio" \
		-append "console=ttyS0 panic=-1 disclose_nonce=$nonce" \
		</dev/null 2>/dev/null | grep -q "DISCLOSE-BOOT-OK nonce=$nonce"
}

# The cold run by hand, with the time of make bzImage alone in $t_make.
peer_cold() {
	git -C "$work/first" worktree add -q --detach "$work/peer-src" HEAD &&
	cd "$work/peer-src" &&
	make -s O="$work/peer-obj" tinyconfig >/dev/null 2>&1 &&
	scripts/kconfig/merge_config.sh -m -O "$work/peer-obj" \
		"$work/peer-obj/.config" "$top/kernel/disclose.config" \
		>/dev/null 2>&1 &&
	make -s O="$work/peer-obj" olddefconfig >/dev/null 2>&1 &&
	tm=$(now) &&
	make "$jobs" O="$work/peer-obj" bzImage >/dev/null 2>&1 &&
	t_make=$(elapsed "$tm") &&
	peer_boot
}

# The W=1 check by hand on the cold tree just built, as the tool does it:
# the series' .c files compiled with W=1 at the tip, then at the base
# (their base versions checked out), the tip's files back after.
peer_w1() {
	cd "$work/peer-src" &&
	rm -f "$work/peer-obj/init/main.o" "$work/peer-obj/lib/string.o" &&
	make -s "$jobs" W=1 O="$work/peer-obj" init/main.o lib/string.o \
		>/dev/null 2>&1 &&
	git checkout -q pristine -- init/main.c lib/string.c &&
	rm -f "$work/peer-obj/init/main.o" "$work/peer-obj/lib/string.o" &&
	make -s "$jobs" W=1 O="$work/peer-obj" init/main.o lib/string.o \
		>/dev/null 2>&1 &&
	git checkout -q HEAD -- init/main.c lib/string.c
}

# peer_warm: the current clone's HEAD, fetched into the peer's worktree
# (a worktree of the first clone, which lacks this clone's commits).
peer_warm() {
	git -C "$work/peer-src" fetch -q "$PWD" HEAD &&
	git -C "$work/peer-src" checkout -q --detach --force FETCH_HEAD &&
	make -C "$work/peer-src" "$jobs" O="$work/peer-obj" bzImage \
		>/dev/null 2>&1 &&
	peer_boot
}

echo "boot.sh: load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"

# 1. the first run ever: the pristine tree is built (this run's cache).
# The kernel's objects read once first, so that neither side's checkout
# pays for a cold page cache (ours runs first).
find "$(git -C "$pristine" rev-parse --absolute-git-dir)/objects" -type f \
	-exec cat {} + >/dev/null
clone first
ours first pristine..HEAD
first_s=$t_ours first_load=$l_ours
[ "$(jget "$work/first.json" 'v["pristine"]')" = built ] ||
	{ echo "boot.sh: the first run did not build the pristine tree" >&2; exit 1; }

t=$(now)
peer_cold || { echo "boot.sh: the peer's cold run failed" >&2; exit 1; }
peer_cold_s=$(elapsed "$t") peer_load=$(load)
t=$(now)
peer_w1 || { echo "boot.sh: the peer's W=1 check failed" >&2; exit 1; }
peer_w1_s=$(echo "$peer_cold_s $(elapsed "$t")" | awk '{ printf "%.2f", $1 + $2 }')
# untimed: the peer's tree built again as its warm runs expect it
make -C "$work/peer-src" "$jobs" O="$work/peer-obj" bzImage >/dev/null 2>&1 ||
	{ echo "boot.sh: the peer's rebuild after W=1 failed" >&2; exit 1; }

by_hand="the same steps by hand"
first_lines() {
	bench "boot first-ever (pristine tree built)" "$first_s" \
		"$by_hand, cold" "$peer_cold_s" "wall clock, same run; load $first_load (ours), $peer_load (by hand); goal within 5%"
	bench "boot first-ever, W=1 check included by hand" "$first_s" \
		"$by_hand, cold, with make W=1 of the 2 .c files at tip and base" \
		"$peer_w1_s" "wall clock, same run; the peer's W=1 compiles on the tree it built"
}
# BOOT_BENCH_FIRST=1: only the first-ever figures (two cold builds).
if [ -n "${BOOT_BENCH_FIRST:-}" ]; then
	first_lines
	echo "boot.sh: first: $(jget "$work/first.json" 'v["seconds"]')"
	exit 0
fi

# 2. a cold run in a fresh clone once the pristine tree exists
clone second
ours second pristine..HEAD
cold_s=$t_ours cold_load=$l_ours
[ "$(jget "$work/second.json" 'v["pristine"]')" = reused ] ||
	{ echo "boot.sh: the cold run did not reuse the pristine tree" >&2; exit 1; }

# 3. warm: nothing changed, then a documentation-only change
ours same pristine..HEAD
same_s=$t_ours same_load=$l_ours
t=$(now)
peer_warm || exit 1
peer_same=$(elapsed "$t")
printf '\nA documentation-only change for the benchmark.\n' \
	>>Documentation/process/howto.rst
git commit -q -a -m "docs: howto: a documentation-only change"
ours docs pristine..HEAD
docs_s=$t_ours docs_load=$l_ours
t=$(now)
peer_warm || exit 1
peer_docs=$(elapsed "$t")

# 4. --each: what each further commit costs next to a full build: three
# commits, each touching one .c file that tinyconfig builds.
each_base=$(git rev-parse HEAD)
for f in init/main.c kernel/panic.c lib/string.c; do
	printf '/* bench each: %s */\n' "$f" >>"$f"
	git commit -q -a -m "bench: a comment in $f"
done
ours each --each "$each_base"..HEAD
each_all=$t_ours each_load=$l_ours
each_s=$(jget "$work/each.json" \
	'"%.2f" % (sum(c["build"] for c in v["commits"]) / len(v["commits"]))')

# 5. the matrix against its two cells one after the other, both from
# pristine trees (the shared cache's: a warm-up builds any missing)
export DISCLOSE_OBJECT_CACHE="$shared_objects"
clone warmup
ours warmup --arch x86_64,i386 pristine..HEAD
warm_built=$(jget "$work/warmup.json" \
	'" ".join(c["arch"] for c in v["cells"] if c["pristine"] == "built")')
clone matrix
ours matrix --arch x86_64,i386 pristine..HEAD
matrix_s=$t_ours matrix_load=$l_ours
clone cells
ours cell64 --arch x86_64 pristine..HEAD
cell64_s=$t_ours
ours cell32 --arch i386 pristine..HEAD
seq_s=$(echo "$cell64_s $t_ours" | awk '{ printf "%.2f", $1 + $2 }')
seq_load=$l_ours

first_lines
bench "boot cold, small series (pristine tree reused)" "$cold_s" \
	"$by_hand, cold" "$peer_cold_s" "wall clock, same run, a fresh clone of kernel/patches and 2 .c files; load $cold_load; goal at most 0.5"
bench "boot unchanged" "$same_s" "make bzImage and QEMU by hand" \
	"$peer_same" "wall clock, same run; load $same_load"
bench "boot after a docs-only change" "$docs_s" \
	"make bzImage and QEMU by hand" "$peer_docs" "wall clock, same run; load $docs_load; goal under 20 s"
bench "boot --each, per further commit" "$each_s" \
	"make bzImage, full build by hand" "$t_make" "build time per commit of a 3-commit series (init/main.c, kernel/panic.c, lib/string.c), boot.json; whole run $each_all s; load $each_load; goal under 0.25"
bench "boot --arch x86_64,i386 (matrix)" "$matrix_s" \
	"boot --arch x86_64, then --arch i386" "$seq_s" "wall clock, fresh clones, pristine trees reused; load $matrix_load (matrix), $seq_load (one after the other)${warm_built:+; the warm-up built the pristine tree of $warm_built}"
echo "boot.sh: load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in first second docs matrix; do
	echo "boot.sh: $n: $(jget "$work/$n.json" 'v["seconds"]')"
done
