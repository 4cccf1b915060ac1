#!/bin/sh
# Benchmark: reading patch mail. A generated 30-patch series, exported
# with git format-patch --cover-letter into one mbox (31 messages), is
# taken apart by mail_split() (in process, the library the binary is
# linked from, repeated until it has run a second) and by git mailsplit
# + git mailinfo, one process per message as git am runs it. Prints the
# time per message of each.
#
#   sh tests/bench/mail.sh build/git-disclose [PATCHES]
#
# The library is found next to the binary (build/libdisclose.a); the
# timing driver is compiled from this script into a temporary directory.
bin=${1:-${DISCLOSE:-build/git-disclose}}
n=${2:-30}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
top=$(cd "$(dirname "$0")/../.." && pwd)
lib=$(dirname "$bin")/libdisclose.a
if [ ! -f "$lib" ]; then
	echo "mail.sh: no $lib: build it with make" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-mail.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
export GIT_CONFIG_NOSYSTEM=1 HOME="$work" LC_ALL=C

cat >"$work/drv.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "mail.h"
#include "util.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct buf in = BUF_INIT;
	struct mail_set *set;
	double start, elapsed;
	size_t runs = 0, mails = 0;

	if (argc != 2 || read_file(&in, argv[1]))
		return 2;
	start = now();
	do {
		if (mail_split(&set, in.ptr, in.len, 0)) {
			fprintf(stderr, "%s\n", error_last());
			return 1;
		}
		mails += set->nr;
		mail_set_free(set);
		runs++;
		elapsed = now() - start;
	} while (elapsed < 1.0);
	printf("%zu %zu %.9f\n", runs, mails, elapsed);
	buf_release(&in);
	return 0;
}
EOF
${CC:-cc} -O2 -std=gnu11 -I"$top/src" -o "$work/drv" "$work/drv.c" "$lib" ||
	exit 2

git init -q -b main "$work/repo" || exit 2
cd "$work/repo" || exit 2
git config user.name Dev && git config user.email dev@example.org
seq 1 400 >file.c && git add file.c && git commit -qm base && git tag base
i=1
while [ "$i" -le "$n" ]; do
	awk -v i="$i" '{ if (NR % 30 == i % 30) print "changed " i; else print }' \
		file.c >file.new && mv file.new file.c
	git commit -qa -F - <<EOM
subsys: driver: change number $i of the series

This is the body of change $i, long enough to be a paragraph of prose
like any other, explaining what the change does and why it is needed
for the hardware it talks to.

Assisted-by: Claude:claude-opus-4-5 coccinelle
Reviewed-by: Rev Iewer <rev@example.org>
Signed-off-by: Dev <dev@example.org>
EOM
	i=$((i + 1))
done
git format-patch -q --cover-letter --thread --stdout base..HEAD \
	>"$work/series.mbox" || exit 2

set -- $("$work/drv" "$work/series.mbox") || exit 1
ours=$(awk -v r="$1" -v m="$2" -v t="$3" 'BEGIN { printf "%.4f", t / m * 1000 }')
msgs=$(($2 / $1))

mkdir "$work/split"
start=$(date +%s.%N)
git mailsplit -o"$work/split" "$work/series.mbox" >/dev/null || exit 1
for f in "$work/split"/[0-9]*; do
	git mailinfo "$work/msg" "$work/patch" <"$f" >/dev/null || exit 1
done
end=$(date +%s.%N)
peer=$(awk -v s="$start" -v e="$end" -v m="$msgs" 'BEGIN { printf "%.4f", (e - s) / m * 1000 }')
ratio=$(awk -v a="$ours" -v b="$peer" 'BEGIN { printf "%.4f", a / b }')

echo "mail_split: $msgs messages, $1 runs in $3 s: $ours ms per message"
echo "git mailsplit + mailinfo: $peer ms per message"
echo "BENCH mail parse, per message|$ours ms|git mailsplit + mailinfo|$peer ms|$ratio|$n-patch format-patch mbox ($msgs messages); ours in process, git one mailinfo process per message as git am runs it"
