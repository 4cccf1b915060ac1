#!/bin/sh
# check's SPDX checks over a long range with a commit-graph: the walk
# streams and git diff-tree --stdin finds the files each commit adds,
# asked in batches while the caller's thread reads the answers (src/repo.c,
# struct difftree). The findings must be those of libgit2 reading the
# trees itself (DISCLOSE_NO_DIFFTREE): the same bytes and exit status,
# over more commits than the threads keep between them, for files with
# and without an SPDX line, a binary file, a symbolic link, a submodule,
# deep paths, a merge, and a blob that is not in the repository.
. "$TOP/tests/e2e/lib.sh"

a=$TMPDIR/a
git init -q -b main "$a" && cd "$a" || exit 2
python3 - <<'EOF' | git fast-import --quiet || exit 2
def data(s):
    b = s.encode()
    print("data %d" % len(b))
    print(s)

n = 2600
for i in range(1, n + 1):
    print("commit refs/heads/main")
    print("mark :%d" % i)
    print("committer Dev <dev@example.org> %d +0000" % (1700000000 + 60 * i))
    data("lib: change %d\n\nSigned-off-by: Dev <dev@example.org>\n" % i)
    if i > 1:
        print("from :%d" % (i - 1))
    if i % 500 == 0:
        # a merge of a side line that adds a file of its own
        print("merge :%d" % (i - 3))
    d = "dir%d/sub%d/" % (i % 7, i % 3)
    if i % 5 == 0:
        print("M 644 inline %sf%d.c" % (d, i))
        data("// SPDX-License-Identifier: GPL-2.0\nint f%d;\n" % i)
    elif i % 5 == 1:
        print("M 644 inline %sf%d.c" % (d, i))
        data("int f%d;\n" % i)
    elif i % 5 == 2:
        print("M 644 inline %sblob%d.bin" % (d, i))
        data("\x00\x01 binary %d\n" % i)
    elif i % 5 == 3:
        print("M 120000 inline link%d.c" % i)
        data("dir0/f%d.c" % i)
    else:
        print("M 160000 %040x sub%d.c" % (i, i))
    if i % 11 == 0:
        # changed, not added: no finding
        print("M 644 inline common.c")
        data("int common%d;\n" % i)
    print("")
EOF
git reset -q --hard main 2>/dev/null
# one more commit adding a file whose blob is then taken away
blob=$(printf 'int gone;\n' | git hash-object -w --stdin) || exit 2
tree=$( (git ls-tree main; printf '100644 blob %s\tgone.c\n' "$blob") |
	git mktree) || exit 2
tip=$(printf 'lib: add gone.c\n\nSigned-off-by: Dev <dev@example.org>\n' |
	git -c user.name=Dev -c user.email=dev@example.org \
		commit-tree "$tree" -p main) || exit 2
git update-ref refs/heads/main "$tip" || exit 2
rm -f ".git/objects/$(echo "$blob" | cut -c1-2)/$(echo "$blob" | cut -c3-)"
git commit-graph write --reachable || fail "git commit-graph write failed"
root=$(git rev-list --max-parents=0 main)

for args in "check $root..main" "check --json $root..main" \
	    "check main~700..main"; do
	# shellcheck disable=SC2086
	"$DISCLOSE" $args >"$TMPDIR/git.out" 2>"$TMPDIR/git.err"
	rc_git=$?
	# shellcheck disable=SC2086
	DISCLOSE_NO_DIFFTREE=1 "$DISCLOSE" $args >"$TMPDIR/lib.out" \
		2>"$TMPDIR/lib.err"
	rc_lib=$?
	[ "$rc_git" = "$rc_lib" ] ||
		flag "$args: exit $rc_git through git diff-tree, $rc_lib through libgit2"
	[ "$rc_git" = 1 ] || flag "$args: exit $rc_git, want 1 (SPDX errors)"
	cmp -s "$TMPDIR/git.out" "$TMPDIR/lib.out" ||
		flag "$args: git diff-tree and libgit2 differ: $(diff "$TMPDIR/lib.out" "$TMPDIR/git.out" | head -5)"
	[ ! -s "$TMPDIR/git.err" ] || flag "$args: stderr: $(head -3 "$TMPDIR/git.err")"
done

# what the comparison above rests on: the findings are there
"$DISCLOSE" check "$root..main" >"$TMPDIR/out" 2>&1
has "f6.c"
has "gone.c"
lacks "f5.c"
lacks "blob7.bin"
lacks "link8.c"
lacks "sub9.c"
# added once (change 11), then changed
[ "$(grep -c 'common\.c' "$TMPDIR/out")" = 1 ] ||
	flag "common.c is named $(grep -c 'common\.c' "$TMPDIR/out") times, want once: $(grep 'common\.c' "$TMPDIR/out" | head -3)"
[ "$(grep -c 'SPDX' "$TMPDIR/out")" -ge 500 ] ||
	flag "fewer SPDX findings than the 520 files without an SPDX line: $(grep -c SPDX "$TMPDIR/out")"
finish
