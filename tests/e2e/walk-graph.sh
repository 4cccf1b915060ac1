#!/bin/sh
# The walk streams where git's commit-graph gives generation numbers:
# check prints the newest commits of a long range before it reads the
# oldest. Seen here through an object that cannot be read: the root's
# child is removed after the graph is written, so a streaming check
# prints the commits above it and then stops on it (exit 2), while a
# walk that reads the range first stops before printing anything. The
# graph is found in the repository's own objects and, as git finds it,
# in an alternate's (a clone made with --shared or --reference).
. "$TOP/tests/e2e/lib.sh"

a=$TMPDIR/a
git init -q -b main "$a" && cd "$a" || exit 2
python3 - <<'EOF' | git fast-import --quiet || exit 2
for i in range(1, 301):
    msg = "lib: change %d\n\nSigned-off-by: Dev <dev@example.org>\n" % i
    print("commit refs/heads/main")
    print("committer Dev <dev@example.org> %d +0000" % (1700000000 + 60 * i))
    print("data %d" % len(msg.encode()))
    print(msg)
    print("M 644 inline f%d.c" % i)
    data = "int f%d;\n" % i
    print("data %d" % len(data))
    print(data)
EOF
# loose objects, so that one can be taken away
mkdir "$TMPDIR/packs"
mv .git/objects/pack/* "$TMPDIR/packs/"
for p in "$TMPDIR"/packs/*.pack; do
	git unpack-objects -q <"$p" || fail "cannot unpack $p"
done
root=$(git rev-list --max-parents=0 main)
second=$(git rev-parse main~298)
gone=.git/objects/$(echo "$second" | cut -c1-2)/$(echo "$second" | cut -c3-)
[ -f "$gone" ] || fail "no loose object $gone"
git clone -q --shared "$a" "$TMPDIR/b" || fail "cannot clone --shared"

# without a commit-graph: nothing before the error
mv "$gone" "$TMPDIR/kept"
expect_rc 2 "$DISCLOSE" check --json --no-spdx "$root..main"
[ ! -s "$TMPDIR/out" ] || flag "without a commit-graph check printed before reading the range: $(head -2 "$TMPDIR/out")"

# with one: the newest commits first, then the error naming the object
mv "$TMPDIR/kept" "$gone"
git commit-graph write --reachable || fail "git commit-graph write failed"
[ -f .git/objects/info/commit-graph ] || fail "no commit-graph written"
mv "$gone" "$TMPDIR/kept"
expect_rc 2 "$DISCLOSE" check --json --no-spdx "$root..main"
has '"lib: change 300"'
lacks '"lib: change 1"'
err_has "cannot read commit $second, which the range reaches"
err_has "run git fsck"

# the same through the alternate's graph
cd "$TMPDIR/b" || exit 2
[ ! -e .git/objects/info/commit-graph ] || fail "the clone has a graph of its own"
expect_rc 2 "$DISCLOSE" check --json --no-spdx "$root..main"
has '"lib: change 300"'
err_has "$(echo "$second" | cut -c1-7)"
finish
