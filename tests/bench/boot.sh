#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark: git disclose boot, cold and warm, next to the same work done
# by hand in the same run (git worktree add, make tinyconfig, the
# fragment through merge_config.sh, olddefconfig, make bzImage, QEMU).
# Prints one line per figure: name, ours (s), peer (s), ratio.
# Goals: the tool adds under 5% to a cold run; re-validating after a
# documentation-only change takes under 20 s; with --each, building a
# further commit of a series costs under a quarter of a full build.
#
#   sh tests/bench/boot.sh build/git-disclose
#
# Slow: two cold kernel builds (about 3 min each on 2 cores).
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
jobs=-j$(nproc)

now() {
	date +%s.%N
}

# elapsed START: seconds since START, to the hundredth.
elapsed() {
	echo "$(now) $1" | awk '{ printf "%.2f", $1 - $2 }'
}

row() {
	echo "$1 $2 $3" | awk '{ printf "%-28s %9.2f %9.2f %7.3f\n",
		$1, $2, $3, ($3 > 0 ? $2 / $3 : 0) }'
}

git clone -q --shared "$pristine" "$work/linux" || exit 2
cd "$work/linux" || exit 2
set -- "$top"/kernel/patches/*.patch
if [ -f "$1" ]; then
	git am -q "$@" || exit 2
else
	echo "bench" >>Documentation/process/howto.rst
	git commit -q -a -m "docs: bench change"
fi

# The peer: what a developer types, with our initramfs (writing one is
# not the part being measured) and a nonce of its own.
peer_boot() {
	nonce=peer$$
	timeout 120 qemu-system-x86_64 -accel tcg -nodefaults -nographic \
		-no-reboot -serial stdio -m 256M \
		-kernel "$work/peer-obj/arch/x86/boot/bzImage" \
		-initrd "$work/linux/.git/disclose/boot/initramfs.cpio" \
		-append "console=ttyS0 panic=-1 disclose_nonce=$nonce" \
		</dev/null 2>/dev/null | grep -q "DISCLOSE-BOOT-OK nonce=$nonce"
}

peer_cold() {
	git worktree add -q --detach "$work/peer-src" HEAD &&
	cd "$work/peer-src" &&
	make -s O="$work/peer-obj" tinyconfig >/dev/null 2>&1 &&
	scripts/kconfig/merge_config.sh -m -O "$work/peer-obj" \
		"$work/peer-obj/.config" "$top/kernel/disclose.config" \
		>/dev/null 2>&1 &&
	make -s O="$work/peer-obj" olddefconfig >/dev/null 2>&1 &&
	make "$jobs" O="$work/peer-obj" bzImage >/dev/null 2>&1 &&
	peer_boot
	rc=$?
	cd "$work/linux" || exit 2
	return $rc
}

peer_warm() {
	git -C "$work/peer-src" checkout -q --detach --force HEAD &&
	make -C "$work/peer-src" "$jobs" O="$work/peer-obj" bzImage \
		>/dev/null 2>&1 &&
	peer_boot
}

t=$(now)
"$bin" boot pristine..HEAD >"$work/cold.txt" 2>&1 ||
	{ cat "$work/cold.txt"; exit 1; }
ours_cold=$(elapsed "$t")
cp .git/disclose/boot.json "$work/cold.json"
t=$(now)
peer_cold || { echo "boot.sh: the peer cold run failed" >&2; exit 1; }
peer_cold_s=$(elapsed "$t")

t=$(now)
"$bin" boot pristine..HEAD >"$work/same.txt" 2>&1 || exit 1
ours_same=$(elapsed "$t")
t=$(now)
peer_warm || exit 1
peer_same=$(elapsed "$t")

printf '\nA documentation-only change for the benchmark.\n' \
	>>Documentation/process/howto.rst
git commit -q -a -m "docs: howto: a documentation-only change"
t=$(now)
"$bin" boot pristine..HEAD >"$work/docs.txt" 2>&1 || exit 1
ours_docs=$(elapsed "$t")
t=$(now)
peer_warm || exit 1
peer_docs=$(elapsed "$t")

# --each: what each further commit costs next to a full build: three
# commits, each touching one .c file that tinyconfig builds.
each_base=$(git rev-parse HEAD)
for f in init/main.c kernel/panic.c lib/string.c; do
	printf '/* bench each: %s */\n' "$f" >>"$f"
	git commit -q -a -m "bench: a comment in $f"
done
t=$(now)
"$bin" boot --each "$each_base"..HEAD >"$work/each.txt" 2>&1 ||
	{ cat "$work/each.txt"; exit 1; }
ours_each=$(elapsed "$t")
each_s=$(python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))["commits"]
print("%.2f" % (sum(x["build"] for x in c) / len(c)))' .git/disclose/boot.json)
full_s=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["seconds"]["build"])' "$work/cold.json")

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-28s %9s %9s %7s\n' figure ours peer ratio
row boot-cold "$ours_cold" "$peer_cold_s"
row boot-unchanged "$ours_same" "$peer_same"
row boot-docs-only "$ours_docs" "$peer_docs"
row each-commit-vs-full-build "$each_s" "$full_s"
echo "  ours: boot --each of 3 commits, all steps: $ours_each s"
grep -h '^  tip' "$work/cold.txt" "$work/same.txt" "$work/docs.txt" |
	sed 's/^  /  ours: /'
awk -v c="$ours_cold" -v p="$peer_cold_s" -v d="$ours_docs" 'BEGIN {
	printf "goal cold overhead < 5%%: %+.1f%% %s\n", (c / p - 1) * 100,
		c <= p * 1.05 ? "met" : "MISSED"
	printf "goal docs-only < 20 s: %.1f s %s\n", d, d < 20 ? "met" : "MISSED"
}'
awk -v e="$each_s" -v f="$full_s" 'BEGIN {
	printf "goal a further commit < 25%% of a full build: %.1f%% %s\n",
		e / f * 100, e < f * 0.25 ? "met" : "MISSED"
}'
