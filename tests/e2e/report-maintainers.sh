#!/bin/sh
# report --by=subsystem in a tree with a MAINTAINERS file: each commit
# counts in the sections of the files it changes, the most specific one
# per file as scripts/get_maintainer.pl orders them (the deepest F:
# pattern; X: takes a path out of a section). The history (fast-import,
# known figures; D disclosed, U undisclosed, S an AI sign-off):
#   1 MAINTAINERS                     THE REST
#   2 net/core/dev.c              D   NETWORKING [GENERAL]
#   3 include/net/sock.h              NETWORKING [GENERAL]
#   4 drivers/net/loopback.c      U   NETWORKING DRIVERS
#   5 drivers/net/ethernet/intel/e1000/e1000_main.c  D  INTEL ETHERNET
#   6 .../intel/igb/igb_main.c and net/ipv4/tcp.c  D  INTEL and GENERAL
#   7 arch/arm/boot/dts/foo.dts       ARM DEVICE TREES (X: out of ARM PORT)
#   8 arch/arm/kernel/setup.c     S   ARM PORT
#   9 fs/ext4/inode.c             D   EXT4 FILE SYSTEM
#  10 fs/ext4/super.c, fs/ext4/inode.c  EXT4 (once)
#  11 Makefile                        THE REST
#  12 (side branch) fs/ext4/namei.c  U  EXT4
#  13 deletes drivers/net/loopback.c  NETWORKING DRIVERS
#  14 merges 12                       (merge)
# Without F: lines in MAINTAINERS the top-level directories count.
. "$TOP/tests/e2e/lib.sh"

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
python3 - <<'PY' | git fast-import --quiet || exit 2
maintainers = """List of maintainers
===================

Descriptions of section entries and preferred order
\tF: *Files* and directories wildcard patterns.

ARM PORT
M:\tArm Dev <arm@example.org>
F:\tarch/arm/
X:\tarch/arm/boot/dts/

ARM DEVICE TREES
F:\tarch/arm/boot/dts/

EXT4 FILE SYSTEM
F:\tfs/ext4/

INTEL ETHERNET DRIVERS
F:\tdrivers/net/ethernet/intel/

NETWORKING DRIVERS
F:\tdrivers/net/

NETWORKING [GENERAL]
F:\tnet/
F:\tinclude/net/

THE REST
M:\tLinus <torvalds@example.org>
F:\t*
F:\t*/
"""
SOB = "Signed-off-by: Dev <dev@example.org>"
D = "Assisted-by: Claude:claude-opus-4-5\n" + SOB
U = "Co-Authored-By: Claude <noreply@anthropic.com>\n" + SOB
S = SOB + "\nSigned-off-by: Claude <noreply@anthropic.com>"
commits = [
    (1, None, ["MAINTAINERS"], SOB, None),
    (2, 1, ["net/core/dev.c"], D, None),
    (3, 2, ["include/net/sock.h"], SOB, None),
    (4, 3, ["drivers/net/loopback.c"], U, None),
    (5, 4, ["drivers/net/ethernet/intel/e1000/e1000_main.c"],
     "Assisted-by: Codex:gpt-5.5\n" + SOB, None),
    (6, 5, ["drivers/net/ethernet/intel/igb/igb_main.c", "net/ipv4/tcp.c"],
     D, None),
    (7, 6, ["arch/arm/boot/dts/foo.dts"], SOB, None),
    (8, 7, ["arch/arm/kernel/setup.c"], S, None),
    (9, 8, ["fs/ext4/inode.c"], "Assisted-by: Gemini:gemini-2.5-pro\n" + SOB,
     None),
    (10, 9, ["fs/ext4/super.c", "fs/ext4/inode.c"], SOB, None),
    (11, 10, ["Makefile"], SOB, None),
    (12, 11, ["fs/ext4/namei.c"], "Made-with: Cursor\n" + SOB, None),
    (13, 11, ["-drivers/net/loopback.c"], SOB, None),
    (14, 13, [], SOB, 12),
]
for i, parent, files, trailers, merge in commits:
    branch = "side" if i == 12 else "main"
    msg = "change %d\n\nBody %d.\n\n%s\n" % (i, i, trailers)
    print("commit refs/heads/%s" % branch)
    print("mark :%d" % i)
    t = 1767225600 + 86400 * i
    print("author Dev <dev@example.org> %d +0000" % t)
    print("committer Dev <dev@example.org> %d +0000" % t)
    print("data %d" % len(msg.encode()))
    print(msg)
    if parent:
        print("from :%d" % parent)
    if merge:
        print("merge :%d" % merge)
    for f in files:
        if f.startswith("-"):
            print("D %s" % f[1:])
            continue
        body = maintainers if f == "MAINTAINERS" else "%s %d\n" % (f, i)
        print("M 100644 inline %s" % f)
        print("data %d" % len(body.encode()))
        print(body)
PY
git reset -q --hard main
[ "$(git rev-list --count HEAD)" = 14 ] || { echo "history not built"; exit 2; }

row() { tr -s ' ' <"$TMPDIR/out" | grep -qxF -- "$1" || { flag "no row '$1'"; cat "$TMPDIR/out"; }; }

expect_rc 0 "$D" report --by=subsystem
has "AI assistance in HEAD: 14 commits"
row "by subsystem commits AI share disclosed undisclosed AI sign-offs"
row "NETWORKING [GENERAL] 3 2 66.7% 2 0 0"
row "EXT4 FILE SYSTEM 3 2 66.7% 1 1 0"
row "INTEL ETHERNET DRIVERS 2 2 100.0% 2 0 0"
row "NETWORKING DRIVERS 2 1 50.0% 0 1 0"
row "THE REST 2 0 0.0% 0 0 0"
row "ARM DEVICE TREES 1 0 0.0% 0 0 0"
row "ARM PORT 1 1 100.0% 0 1 1"
row "(merge) 1 0 0.0% 0 0 0"
[ "$(tr -s ' ' <"$TMPDIR/out" | sed -n '/^by subsystem/,/^$/p' | grep -c .)" = 9 ] ||
	flag "not eight sections and the head: $(cat "$TMPDIR/out")"
lacks "(no section)"

expect_rc 0 "$D" report --by=subsystem --json
python3 - "$TMPDIR/out" <<'PY' || flag "JSON figures"
import json, sys
j = json.load(open(sys.argv[1]))
want = [["NETWORKING [GENERAL]", 3, 2, 2, 0, 0],
        ["EXT4 FILE SYSTEM", 3, 2, 1, 1, 0],
        ["INTEL ETHERNET DRIVERS", 2, 2, 2, 0, 0],
        ["NETWORKING DRIVERS", 2, 1, 0, 1, 0],
        ["THE REST", 2, 0, 0, 0, 0],
        ["(merge)", 1, 0, 0, 0, 0],
        ["ARM DEVICE TREES", 1, 0, 0, 0, 0],
        ["ARM PORT", 1, 1, 0, 1, 1]]
got = [[g["key"], g["commits"], g["ai"], g["disclosed"], g["undisclosed"],
        g["ai_signoffs"]] for g in j["groups"]]
assert sorted(got) == sorted(want), got
# most commits first
assert [g[1] for g in got] == sorted([g[1] for g in got], reverse=True), got
for k, v in dict(commits=14, ai=7, disclosed=4, undisclosed=3,
                 ai_signoffs=1, merges=1).items():
    assert j[k] == v, (k, j[k])
PY

# a range: the MAINTAINERS of its tip decide, the commits of the range count
# (commits 7 to 11)
expect_rc 0 "$D" report --by=subsystem HEAD~7..HEAD~2
has "AI assistance in HEAD~7..HEAD~2: 5 commits"
row "EXT4 FILE SYSTEM 2 1 50.0% 1 0 0"
row "ARM PORT 1 1 100.0% 0 1 1"
row "ARM DEVICE TREES 1 0 0.0% 0 0 0"
row "THE REST 1 0 0.0% 0 0 0"
lacks "NETWORKING"

# a path no section covers: "(no section)"; MAINTAINERS without F:
# lines: the top-level directories
git config user.name Dev && git config user.email dev@example.org
git checkout -q -b nosection main
sed -i '/^THE REST/,$d' MAINTAINERS
git commit -qam "MAINTAINERS: no THE REST"
expect_rc 0 "$D" report --by=subsystem
row "(no section) 3 0 0.0% 0 0 0"
git checkout -q -b nof main
printf 'no sections here\n' >MAINTAINERS
git commit -qam "MAINTAINERS: emptied"
expect_rc 0 "$D" report --by=subsystem
row "fs 3 2 66.7% 1 1 0"
row "drivers 4 3 75.0% 2 1 0"
row "net 2 2 100.0% 2 0 0"
row "include 1 0 0.0% 0 0 0"
row "Makefile 1 0 0.0% 0 0 0"
row "arch 2 1 50.0% 0 1 1"
row "MAINTAINERS 2 0 0.0% 0 0 0"
lacks "EXT4"
finish
