#!/bin/sh
# git disclose report on a generated history whose figures are known: 60
# commits over three months of 2026 (20 a month), tags v1 (commit 20) and
# v2 (commit 40), one file per commit in fs/ (i % 3 == 1), net/ (2) or
# drivers/ (0). Disclosed (Assisted-by): 2, 4 Claude:claude-opus-4-5
# coccinelle; 22, 24, 26 Claude:claude-sonnet-4-5; 28 Codex:gpt-5.5
# sparse smatch; 42-44 Claude:claude-opus-4-6 coccinelle sparse; 45, 46
# Gemini:gemini-2.5-pro; 47 Codex:gpt-5.5. Vendor traces only: 10, 31,
# 50 Co-Authored-By Claude; 30 Made-with: Cursor; 51 Co-authored-by Codex;
# 52 Claude Code's footer; 55 an AI sign-off (Claude).
# Every figure of the text, JSON, SVG and HTML output is checked.
. "$TOP/tests/e2e/lib.sh"

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Dev' && git config user.email dev@example.org
python3 - <<'EOF' | git fast-import --quiet || exit 2
import calendar
disclosed = {
    2: "Claude:claude-opus-4-5 coccinelle",
    4: "Claude:claude-opus-4-5 coccinelle",
    22: "Claude:claude-sonnet-4-5", 24: "Claude:claude-sonnet-4-5",
    26: "Claude:claude-sonnet-4-5",
    28: "Codex:gpt-5.5 sparse smatch",
    42: "Claude:claude-opus-4-6 coccinelle sparse",
    43: "Claude:claude-opus-4-6 coccinelle sparse",
    44: "Claude:claude-opus-4-6 coccinelle sparse",
    45: "Gemini:gemini-2.5-pro", 46: "Gemini:gemini-2.5-pro",
    47: "Codex:gpt-5.5",
}
vendor = {
    10: "Co-Authored-By: Claude <noreply@anthropic.com>",
    31: "Co-Authored-By: Claude <noreply@anthropic.com>",
    50: "Co-Authored-By: Claude <noreply@anthropic.com>",
    30: "Made-with: Cursor",
    51: "Co-authored-by: Codex <noreply@openai.com>",
    55: "Signed-off-by: Claude <noreply@anthropic.com>",
}
for i in range(1, 61):
    month = 1 + (i - 1) // 20
    t = calendar.timegm((2026, month, 5, 0, 0, 0)) + 3600 * i
    d = {1: "fs", 2: "net", 0: "drivers"}[i % 3]
    msg = "%s: change %d\n\nThe body of change %d.\n" % (d, i, i)
    if i == 52:
        msg += "\nGenerated with [Claude Code](https://claude.com/claude-code)\n"
    msg += "\n"
    if i in disclosed:
        msg += "Assisted-by: %s\n" % disclosed[i]
    if i in vendor and i != 55:
        msg += vendor[i] + "\n"
    msg += "Signed-off-by: Dev <dev@example.org>\n"
    if i == 55:
        msg += vendor[i] + "\n"
    data = msg.encode()
    print("commit refs/heads/main")
    print("mark :%d" % i)
    print("author Dev <dev@example.org> %d +0000" % t)
    print("committer Dev <dev@example.org> %d +0000" % t)
    print("data %d" % len(data))
    print(msg)
    if i > 1:
        print("from :%d" % (i - 1))
    body = ("content %d\n" % i).encode()
    print("M 100644 inline %s/file%d.c" % (d, i % 7))
    print("data %d" % len(body))
    print(body.decode())
for tag, mark in (("v1", 20), ("v2", 40)):
    print("reset refs/tags/%s\nfrom :%d\n" % (tag, mark))
EOF
git reset -q --hard main
[ "$(git rev-list --count HEAD)" = 60 ] || { echo "history not built"; exit 2; }

# squeezed: one space between fields, to compare rows of the table
row() { tr -s ' ' <"$TMPDIR/out" | grep -qxF -- "$1" || { flag "no row '$1'"; cat "$TMPDIR/out"; }; }

# --- text, by month (the default), all of HEAD's history
expect_rc 0 "$D" report
has "AI assistance in HEAD: 60 commits, 2026-01-05 .. 2026-03-07"
row " with AI traces 19 31.7% of the commits"
row " disclosed 12 (an Assisted-by: line)"
row " undisclosed 7 (vendor traces or an AI sign-off, no Assisted-by:)"
row " AI sign-offs 1"
row " merges 0"
row "by month commits AI share disclosed undisclosed AI sign-offs"
row "2026-01 20 3 15.0% 2 1 0"
row "2026-02 20 6 30.0% 4 2 0"
row "2026-03 20 10 50.0% 6 4 1"
row "Claude 13 8 5"
row "Codex 3 2 1"
row "Gemini 2 2 0"
row "Cursor 1 0 1"
row "claude-opus-4-6 3 3 0"
row "claude-sonnet-4-5 3 3 0"
row "claude-opus-4-5 2 2 0"
row "gpt-5.5 2 2 0"
row "gemini-2.5-pro 2 2 0"
row "claude-opus 5 5 0"
row "claude-sonnet 3 3 0"
row "gpt 2 2 0"
row "gemini-pro 2 2 0"
row "coccinelle 5 5 0"
row "sparse 4 4 0"
row "smatch 1 1 0"
# the months in order, the agents most commits first
tr -s ' ' <"$TMPDIR/out" | grep -E '^(2026-0|Claude |Codex |Gemini |Cursor )' |
	cut -d' ' -f1 | tr '\n' ' ' >"$TMPDIR/order"
[ "$(cat "$TMPDIR/order")" = "2026-01 2026-02 2026-03 Claude Codex Gemini Cursor " ] ||
	flag "order: $(cat "$TMPDIR/order")"

# --- a range, as git log reads it
expect_rc 0 "$D" report v1..v2
has "AI assistance in v1..v2: 20 commits"
row "2026-02 20 6 30.0% 4 2 0"
lacks "2026-01"
expect_rc 0 "$D" report v1
has "AI assistance in v1: 20 commits"
row "2026-01 20 3 15.0% 2 1 0"

# --- by subsystem and by tag
expect_rc 0 "$D" report --by=subsystem
row "by subsystem commits AI share disclosed undisclosed AI sign-offs"
row "fs 20 9 45.0% 5 4 1"
row "net 20 5 25.0% 4 1 0"
row "drivers 20 5 25.0% 3 2 0"
expect_rc 0 "$D" report --by=tag
row "v1 20 3 15.0% 2 1 0"
row "v2 20 6 30.0% 4 2 0"
row "(untagged) 20 10 50.0% 6 4 1"
tr -s ' ' <"$TMPDIR/out" | grep -E '^(v1|v2|\(untagged\)) ' | cut -d' ' -f1 |
	tr '\n' ' ' >"$TMPDIR/order"
[ "$(cat "$TMPDIR/order")" = "v1 v2 (untagged) " ] ||
	flag "tag order: $(cat "$TMPDIR/order")"
expect_rc 0 "$D" report --by=agent
row "Claude 13 13 100.0% 8 5 1"
row "(none) 41 0 0.0% 0 0 0"
expect_rc 0 "$D" report --by=family
row "claude-opus 5 5 100.0% 5 0 0"
row "gpt 2 2 100.0% 2 0 0"
row "(none) 48 7 14.6% 0 7 1"
expect_rc 0 "$D" report --by=tool
row "coccinelle 5 5 100.0% 5 0 0"
row "(none) 54 13 24.1% 6 7 1"

# --- JSON: every figure
expect_rc 0 "$D" report --json
python3 - "$TMPDIR/out" <<'EOF' || flag "JSON figures"
import json, sys
j = json.load(open(sys.argv[1]))
def eq(what, want, got):
    if want != got:
        print("FAIL json %s: want %r, got %r" % (what, want, got))
        sys.exit(1)
for k, v in dict(commits=60, ai=19, disclosed=12, undisclosed=7,
                 ai_signoffs=1, merges=0, by="month", range="HEAD",
                 first="2026-01-05", last="2026-03-07", share=31.7).items():
    eq(k, v, j[k])
eq("groups", [["2026-01", 20, 3, 15.0, 2, 1, 0],
              ["2026-02", 20, 6, 30.0, 4, 2, 0],
              ["2026-03", 20, 10, 50.0, 6, 4, 1]],
   [[g["key"], g["commits"], g["ai"], g["share"], g["disclosed"],
     g["undisclosed"], g["ai_signoffs"]] for g in j["groups"]])
def names(key):
    return [[a["name"], a["commits"], a["disclosed"], a["undisclosed"]]
            for a in j[key]]
eq("agents", [["Claude", 13, 8, 5], ["Codex", 3, 2, 1],
              ["Gemini", 2, 2, 0], ["Cursor", 1, 0, 1]], names("agents"))
eq("models", [["claude-opus-4-6", 3, 3, 0], ["claude-sonnet-4-5", 3, 3, 0],
              ["claude-opus-4-5", 2, 2, 0], ["gemini-2.5-pro", 2, 2, 0],
              ["gpt-5.5", 2, 2, 0]], names("models"))
eq("families", [["claude-opus", 5, 5, 0], ["claude-sonnet", 3, 3, 0],
                ["gemini-pro", 2, 2, 0], ["gpt", 2, 2, 0]],
   names("model_families"))
eq("tools", [["coccinelle", 5, 5, 0], ["sparse", 4, 4, 0],
             ["smatch", 1, 1, 0]], names("tools"))
EOF

# --- SVG: well-formed, one bar per month with its numbers
expect_rc 0 "$D" report --svg "$TMPDIR/r.svg"
python3 - "$TMPDIR/r.svg" <<'EOF' || flag "SVG"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == ns + "svg", root.tag
bars = [g for g in root.iter(ns + "g") if g.get("class") == "bar"]
got = [(g.get("data-key"), g.get("data-commits"), g.get("data-disclosed"),
        g.get("data-undisclosed")) for g in bars]
want = [("2026-01", "20", "2", "1"), ("2026-02", "20", "4", "2"),
        ("2026-03", "20", "6", "4")]
assert got == want, got
labels = ["".join(t.itertext()) for g in bars for t in g.iter(ns + "text")]
for w in ("2 disclosed, 1 undisclosed, 20 commits",
          "4 disclosed, 2 undisclosed, 20 commits",
          "6 disclosed, 4 undisclosed, 20 commits"):
    assert w in labels, (w, labels)
# the bars' lengths follow the numbers: 6 disclosed is three times 2
w = {g.get("data-key"): [int(r.get("width")) for r in g.iter(ns + "rect")]
     for g in bars}
assert w["2026-03"][0] == 3 * w["2026-01"][0], w
assert w["2026-03"][1] == 4 * w["2026-01"][1], w
EOF

# --- HTML: parsed, its tables read back, charts inline, no scripts or links
expect_rc 0 "$D" report --html "$TMPDIR/r.html" --by=subsystem
python3 - "$TMPDIR/r.html" <<'EOF' || flag "HTML"
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.table, self.cell, self.tags = {}, None, None, set()
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.add(tag)
        for v in a.values():
            assert not (v or "").startswith(("http:", "https:", "//")) or \
                v == "http://www.w3.org/2000/svg", v
        if tag == "table":
            self.table = self.tables.setdefault(a["id"], [])
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th") and self.table is not None:
            self.cell = ""
    def handle_data(self, d):
        if self.cell is not None:
            self.cell += d
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.table[-1].append(self.cell)
            self.cell = None
        elif tag == "table":
            self.table = None
p = P()
p.feed(open(sys.argv[1]).read())
p.close()
assert "script" not in p.tags and "link" not in p.tags, p.tags
assert "svg" in p.tags and "rect" in p.tags, p.tags
s = dict(p.tables["summary"])
assert s == {"commits": "60", "with AI traces": "19", "disclosed": "12",
             "undisclosed": "7", "AI sign-offs": "1", "merges": "0"}, s
g = p.tables["groups"]
assert g[0] == ["subsystem", "commits", "AI", "disclosed", "undisclosed",
                "AI sign-offs"], g[0]
assert sorted(g[1:]) == sorted([["fs", "20", "9", "5", "4", "1"],
                                ["net", "20", "5", "4", "1", "0"],
                                ["drivers", "20", "5", "3", "2", "0"]]), g
a = p.tables["agents"]
assert a[1] == ["Claude", "13", "13", "8", "5", "1"], a
assert p.tables["tools"][1][:1] == ["coccinelle"], p.tables["tools"]
EOF

# --- bad input: a clear error, exit 2, nothing written
expect_rc 2 "$D" report --by=week
err_has "--by=week is not a grouping: give month, tag, agent, model, family, tool or subsystem"
expect_rc 2 "$D" report --by=tag v1..v2
err_has "--by=tag counts a revision's whole history"
expect_rc 2 "$D" report nosuchrev
err_has "nosuchrev"
expect_rc 2 "$D" report --svg "$TMPDIR/no/such/dir/r.svg"
[ ! -e "$TMPDIR/no/such/dir/r.svg" ] || flag "an SVG was written"
expect_rc 2 "$D" report --tui
err_has "--tui needs a terminal: here use --json, --svg FILE or --html FILE"
[ -s "$TMPDIR/out" ] && flag "--tui off a terminal printed: $(cat "$TMPDIR/out")"
expect_rc 2 "$D" report --tui --json
err_has "--tui shows the report on the terminal: leave out --json, --svg and --html"
expect_rc 2 "$D" report a b
err_has "give one range"
git init -q -b main "$TMPDIR/unborn" && (cd "$TMPDIR/unborn" &&
	expect_rc 2 "$D" report && grep -q "no commits" "$TMPDIR/err") ||
	flag "unborn branch: $(cat "$TMPDIR/err")"

# --- progress on standard error, only when it is a terminal (script(1)
# gives the command one): a history of 20,001 commits, every 20,000th
# read is said
p=$TMPDIR/long
git init -q -b main "$p" && cd "$p" || exit 2
awk 'BEGIN { for (i = 1; i <= 20001; i++) {
	print "commit refs/heads/main"
	print "committer Dev <dev@example.org> " (1700000000 + i) " +0000"
	print "data <<EOM\nchange " i "\n\nSigned-off-by: Dev <dev@example.org>\nEOM"
	print ""
} }' | git fast-import --quiet || exit 2
expect_rc 0 "$D" report
has "AI assistance in HEAD: 20001 commits"
[ -s "$TMPDIR/err" ] && flag "progress on a stderr that is no terminal: $(cat "$TMPDIR/err")"
script -qec "$D report >/dev/null" /dev/null >"$TMPDIR/tty" 2>&1 ||
	flag "report under script failed: $(cat "$TMPDIR/tty")"
grep -qF "report: 20000 commits read..." "$TMPDIR/tty" ||
	flag "no progress on the terminal: $(cat -v "$TMPDIR/tty")"
finish
