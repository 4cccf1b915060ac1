#!/bin/sh
# git disclose check on patch mail: hand-written mails (encodings, in-body
# From:, cover letters, mboxrd escapes, a changelog above ---) give one
# result per message with the lines of the mail; a series written by git
# format-patch and passed through Debian's b4 (offline) gives the findings
# check gives on the commits; the b4 check protocols.
. "$TOP/tests/e2e/lib.sh"
command -v python3 >/dev/null || { echo "python3 is not installed"; exit 77; }
fx=$TOP/fixtures/mail
cd "$TMPDIR" || exit 2

# "FILE <Message-Id> n/m ID@LINE ..." for each message of --json output
summarize() { # file
	python3 -c '
import json, sys
name = sys.argv[1]
for line in sys.stdin:
    o = json.loads(line)
    p = o["patch"]
    num = "%d/%d" % (p["number"], p["total"]) if p else "-"
    ids = " ".join("%s@%d" % (f["id"], f["line"] or 0)
                   for f in o["findings"]) or "-"
    print(name, o["message_id"], num, ids)
' "$1"
}

# 1. every fixture: one correct result per message, lines of the mail
grep -v '^#' "$fx/check/expected" | cut -d' ' -f1 | uniq >files
: >got
while read -r f; do
	"$D" check --json --mbox "$fx/$f" >out 2>err
	rc=$?
	[ $rc -le 1 ] || fail "check --mbox $f exited $rc: $(cat err)"
	summarize "$f" <out >>got
done <files
expect_eq "findings of the fixtures" "$(grep -v '^#' "$fx/check/expected")" \
	"$(cat got)"

# --message and - take mail by its content, as --mbox does
"$D" check --json --message "$fx/check/series-cover.mbox" >a
"$D" check --json - <"$fx/check/series-cover.mbox" >b
"$D" check --json --mbox "$fx/check/series-cover.mbox" >c
expect_eq "--message and --mbox" "$(cat c)" "$(cat a)"
expect_eq "- and --mbox" "$(cat c)" "$(cat b)"
expect_status 1 "$D" check --message "$fx/check/qp-vendor.eml"
# the subject is the cleaned Subject:, not the first header
expect_grep '[PATCH] <qp-vendor-1@example.org> ("misc: frob: compare with =="): ERROR: VENDOR_TRAILER: line 15:' "$TMPDIR/out"
expect_grep '1 mail, 2 errors, 0 warnings' "$TMPDIR/out"
# an mbox of a cover letter and three patches: four results
expect_status 1 "$D" check --mbox "$fx/check/series-cover.mbox"
expect_grep '4 mails, 4 errors, 0 warnings' "$TMPDIR/out"
# nobody can sign off for the sender: no sign-off line is proposed on
# mail (neither the local identity's nor the sender's), the sender is asked
git config --global user.name 'Hu Man'
git config --global user.email hu@example.org
expect_status 1 "$D" check --message "$fx/check/no-signoff.eml"
expect_grep 'ask the sender for a signed-off version' "$TMPDIR/out"
grep -q '+ Signed-off-by:' "$TMPDIR/out" &&
	fail "a sign-off proposed for the sender: $(cat "$TMPDIR/out")"
# a plain commit message is still one
printf 'frob: fix\n\nSigned-off-by: Hu Man <hu@example.org>\n' >plain.msg
expect_status 0 "$D" check --message plain.msg
expect_grep '1 commit, 0 errors, 0 warnings' "$TMPDIR/out"
# --mbox refuses what is not mail, and a broken mail is an error
expect_status 2 "$D" check --mbox plain.msg
expect_grep 'holds no mail' "$TMPDIR/err"
expect_status 2 "$D" check --staged --message "$fx/plain.eml"
expect_grep 'holds patch mail, not the commit being made' "$TMPDIR/err"
# fix does not edit mail: it would break the encoded body
cp "$fx/check/qp-vendor.eml" qp.eml
expect_status 2 "$D" fix --in-place --message qp.eml
expect_grep 'holds patch mail' "$TMPDIR/err"
cmp -s qp.eml "$fx/check/qp-vendor.eml" || fail "fix changed the mail"
expect_status 2 "$D" fix --dry-run --message qp.eml
printf 'From: A <a@example.org>\nSubject: [PATCH] x\nDate: now\n' >trunc.eml
expect_status 2 "$D" check --message trunc.eml
expect_grep 'truncated' "$TMPDIR/err"

# 2. a series: commits, git format-patch, b4 am
export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
new_repo "$TMPDIR/repo"
git tag base
echo a >a.txt && git add a.txt && git commit -q -F - <<'EOM'
misc: add a

The first file.

Assisted-by: Claude:claude-opus-4-5 coccinelle
Signed-off-by: Hu Man <hu@example.org>
EOM
printf 'int b;\n' >b.c && git add b.c &&
git commit -q --author 'Linus Author <linus@example.org>' -F - <<'EOM'
misc: add b

Written by another.

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>
Signed-off-by: Linus Author <linus@example.org>
EOM
echo c >>a.txt && git commit -q -a -F - <<'EOM'
misc: grow a

No sign-off here, and a footer.

Generated with [Claude Code](https://claude.com/claude-code)
EOM
"$D" check --json base..HEAD >"$TMPDIR/commits.json"
[ $? -eq 1 ] || fail "check on the commits should find errors"
git format-patch -q --cover-letter --thread --from='Hu Man <hu@example.org>' \
	-o "$TMPDIR/fp" base..HEAD || fail "git format-patch"
cat "$TMPDIR"/fp/*.patch >"$TMPDIR/series.mbox"
grep -q '^Message-Id: ' "$TMPDIR/series.mbox" || fail "no Message-Id"
mkdir "$TMPDIR/b4out"
b4 --offline-mode am -m "$TMPDIR/series.mbox" -o "$TMPDIR/b4out" \
	>"$TMPDIR/b4.log" 2>&1 || { cat "$TMPDIR/b4.log"; fail "b4 am"; }
mbx=$(ls "$TMPDIR"/b4out/*.mbx)
[ -f "$mbx" ] || fail "b4 am wrote no mbox: $(cat "$TMPDIR/b4.log")"
"$D" check --json --mbox "$mbx" >"$TMPDIR/b4.json"
"$D" check --json --mbox "$TMPDIR/series.mbox" >"$TMPDIR/fp.json"
# b4 am -s: the maintainer's own sign-off (the local identity) closes
# the chain after the sender's and Link:, which is right
mkdir "$TMPDIR/b4s"
b4 --offline-mode am -s -l -m "$TMPDIR/series.mbox" -o "$TMPDIR/b4s" \
	>"$TMPDIR/b4s.log" 2>&1 || { cat "$TMPDIR/b4s.log"; fail "b4 am -s"; }
grep -q "^Signed-off-by: $(git config user.name)" "$TMPDIR"/b4s/*.mbx ||
	fail "b4 am -s added no sign-off: $(cat "$TMPDIR"/b4s/*.mbx)"
"$D" check --json --mbox "$TMPDIR"/b4s/*.mbx >"$TMPDIR/b4s.json"
grep -q SUBMITTER_SIGNOFF_NOT_LAST "$TMPDIR/b4s.json" &&
	fail "the applier's sign-off held against the sender: $(cat "$TMPDIR/b4s.json")"
# b4 writes the cover letter to a file of its own (one mail, no "From "
# line): both files given are one series, each line counted in its file
cover=$(ls "$TMPDIR"/b4out/*.cover)
[ -f "$cover" ] || fail "b4 am wrote no cover letter file"
"$D" check --json --mbox "$cover" --mbox "$mbx" >"$TMPDIR/both.json"
python3 -c '
import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
assert len(o) == 4, o
c = [x for x in o if x["cover"]]
assert len(c) == 1 and c[0]["file"].endswith(".cover"), c
assert [f["id"] for f in c[0]["findings"]] == ["COVER_MISSING_DISCLOSURE"], c
p = [x for x in o if not x["cover"]]
assert all(x["file"].endswith(".mbx") for x in p), p
lines = [f["line"] for x in p for f in x["findings"] if f["line"]]
n = len(open(sys.argv[2]).read().splitlines())
assert lines and all(0 < l <= n for l in lines), (lines, n)
' "$TMPDIR/both.json" "$mbx" || fail "b4 am's .cover and .mbx: $(cat "$TMPDIR/both.json")"
"$D" check --mbox "$cover" --mbox "$mbx" >"$TMPDIR/both.txt"
grep -q "^$cover: .*COVER_MISSING_DISCLOSURE" "$TMPDIR/both.txt" ||
	fail "the cover letter's file is not named: $(cat "$TMPDIR/both.txt")"
# what is compared: each patch's findings by subject, lines left out, and
# the problem each message states (the remedy after it differs: on mail
# it is the sender's to fix, on commits fix or git commit -s)
findings() { # [ID to leave out]
	python3 -c '
import json, sys
drop = sys.argv[1:]
def problem(m):
    for cut in ("; ask the sender", ": ask the sender", " (ask the sender",
                ": the model is not known",
                "; fix ", ": fix ", " (git commit -s"):
        m = m.split(cut)[0]
    return m
for line in sys.stdin:
    o = json.loads(line)
    if o.get("cover"):
        continue
    # a sign-off is proposed on commits only: on mail nobody can add it
    print(o["subject"], [(f["id"], f["severity"], f["text"],
                          None if f["id"] == "MISSING_SIGNOFF" else f["fix"],
                          problem(f["message"])) for f in o["findings"]
                         if f["id"] not in drop])
' "$@" | sort
}
want=$(findings <"$TMPDIR/commits.json")
[ "$(printf '%s\n' "$want" | wc -l)" -eq 3 ] || fail "3 commits: $want"
expect_eq "b4 am's mbox and the commits" "$want" \
	"$(findings <"$TMPDIR/b4.json")"
# git format-patch --from: the sender passed patch 2 on without a sign-off
expect_eq "format-patch mbox and the commits" "$want" \
	"$(findings SENDER_SIGNOFF_MISSING <"$TMPDIR/fp.json")"
grep -q SENDER_SIGNOFF_MISSING "$TMPDIR/fp.json" ||
	fail "the sender's missing sign-off is not reported"
# format-patch's cover letter says nothing about the AI help
python3 -c '
import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
c = [x for x in o if x["cover"]]
assert len(c) == 1 and [f["id"] for f in c[0]["findings"]] == \
    ["COVER_MISSING_DISCLOSURE"], c
' "$TMPDIR/fp.json" || fail "the cover letter's verdict"

# 3. b4's per-patch check command: one patch on stdin, at the top of the tree
p2=$(ls "$TMPDIR"/fp/0002-*.patch)
"$D" check --format=b4 - <"$p2" >out 2>err
rc=$?
[ $rc -eq 1 ] || fail "b4 format on patch 2 exited $rc"
[ -s err ] && fail "stderr is a failure for b4: $(cat err)"
grep -q 'ERROR: VENDOR_TRAILER: line ' out || fail "no ERROR: line: $(cat out)"
# errors as failures (ERROR:), the sender's sign-off as a warning
expect_eq "b4 lines" "ERROR: VENDOR_TRAILER ERROR: MISSING_DISCLOSURE ERROR: SPDX_MISSING WARNING: SENDER_SIGNOFF_MISSING" \
	"$(cut -d' ' -f1,2 out | tr -d : | sed 's/^\([A-Z]*\) /\1: /' | tr '\n' ' ' | sed 's/ $//')"
p1=$(ls "$TMPDIR"/fp/0001-*.patch)
expect_status 0 "$D" check --format=b4 - <"$p1"
[ -s "$TMPDIR/out" ] || [ -s "$TMPDIR/err" ] &&
	fail "a clean patch must print nothing: $(cat "$TMPDIR/out" "$TMPDIR/err")"
"$D" check --format=b4 - <"$fx/check/latin1-inbody-order.eml" >out 2>err
[ $? -eq 0 ] || fail "warnings alone exit 0"
grep -q '^WARNING: SUBMITTER_SIGNOFF_NOT_LAST: line 13: ' out ||
	fail "b4 warning line: $(cat out)"
# b4's review interface: a JSON array of one object (b4 keeps one result
# per message and tool: a second object would replace the first), its
# findings as a JSON list in details; a clean patch passes, as b4's own
# checkpatch says
expect_status 0 "$D" check --format=b4-review - <"$p1"
python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert len(a) == 1, a
o = a[0]
assert o["tool"] == "git-disclose" and o["status"] == "pass", o
assert o["summary"] == "passed all checks" and o["details"] == "", o
' "$TMPDIR/out" || fail "review of a clean patch: $(cat "$TMPDIR/out")"
# b4 reads the review JSON whatever the exit status; a non-zero exit is
# its sign of a check that could not run: findings exit 0
"$D" check --format=b4-review - <"$p2" >out 2>err
[ $? -eq 0 ] || fail "b4-review with findings must exit 0 (the JSON says fail)"
python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert isinstance(a, list) and len(a) == 1, a
o = a[0]
assert set(o) == {"tool", "status", "summary", "url", "details"}, o
assert all(isinstance(o[k], str) for k in o), o
assert o["tool"] == "git-disclose" and o["status"] == "fail", o
assert "error" in o["summary"], o
d = json.loads(o["details"])
assert len(d) >= 2, d
assert all(f["status"] in ("warn", "fail") for f in d), d
assert any(f["status"] == "fail" and "VENDOR_TRAILER" in f["description"]
           for f in d), d
' out || fail "review JSON: $(cat out)"
# no mail on stdin is an execution error for b4, never a finding
for fmt in b4 b4-review; do
	expect_status 2 "$D" check --format=$fmt - </dev/null
	expect_grep 'is empty' "$TMPDIR/err"
	[ -s "$TMPDIR/out" ] && fail "$fmt: output for empty input"
	echo hello >"$TMPDIR/hello"
	expect_status 2 "$D" check --format=$fmt - <"$TMPDIR/hello"
	expect_grep 'holds no patch mail' "$TMPDIR/err"
done
# a patch file given as a range (checkpatch's habit) is named as a file
expect_status 2 "$D" check "$p2"
expect_grep "give --message $p2" "$TMPDIR/err"
# an execution error: non-zero, no JSON on stdout, the reason on stderr
expect_status 2 "$D" check --format=b4-review - <"$TMPDIR/trunc.eml"
[ -s "$TMPDIR/out" ] && fail "JSON on an execution error: $(cat "$TMPDIR/out")"
expect_grep 'truncated' "$TMPDIR/err"
expect_status 2 "$D" check --format=nonsense --message "$p1"
expect_grep "unknown format 'nonsense'" "$TMPDIR/err"
echo "check-mail: ok"
