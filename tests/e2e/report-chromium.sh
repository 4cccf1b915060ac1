# report --html opened by a real browser: headless Chromium (Debian's
# chromium) parses the page, its DOM (--dump-dom) is read back and every
# number of its tables and chart bars is compared with --json of the same
# report; a screenshot is kept as a test artifact
# (build/artifacts/report.png) and its pixels must show the bars'
# colours. The history is the key script's (tests/tui/report.setup),
# grouped by MAINTAINERS section.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/tui/series.sh"
command -v chromium >/dev/null ||
	{ echo "chromium is not installed (make deps installs it)"; exit 77; }
make_series "$TMPDIR/r" >/dev/null || fail "series"
. "$TOP/tests/tui/report.setup"
art=$(dirname "$D")/artifacts
mkdir -p "$art" || fail "artifact directory $art"
"$D" report --by=subsystem --json >"$TMPDIR/r.json" || fail "report --json"
"$D" report --by=subsystem --html "$TMPDIR/r.html" >/dev/null ||
	fail "report --html"

# chromium: no sandbox as root, its profile here, nothing from the net
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--user-data-dir="$TMPDIR/chromium" --no-first-run \
		--disable-background-networking --disable-component-update \
		--disable-sync --disable-default-apps "$@" \
		"file://$TMPDIR/r.html" 2>>"$TMPDIR/chromium.log"
}
chrome --dump-dom >"$TMPDIR/dom.html" || fail "chromium --dump-dom: $(tail -3 "$TMPDIR/chromium.log")"
rm -f "$art/report.png"
chrome --window-size=1000,1400 --hide-scrollbars \
	--screenshot="$art/report.png" >/dev/null ||
	fail "chromium --screenshot: $(tail -3 "$TMPDIR/chromium.log")"

python3 - "$TMPDIR/dom.html" "$TMPDIR/r.json" "$art/report.png" <<'PY' || fail "the page's numbers"
import json, struct, sys, zlib
from html.parser import HTMLParser

dom, j, png = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3]

class Dom(HTMLParser):
    """The tables (id -> rows of cells) and the chart bars as parsed."""
    def __init__(self):
        super().__init__()
        self.tables, self.table, self.cell, self.bars = {}, None, None, []
        self.svgs = 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg":
            self.svgs += 1
            self.bars.append([])
        if tag == "g" and a.get("class") == "bar":
            self.bars[-1].append((a["data-key"], int(a["data-commits"]),
                                  int(a["data-disclosed"]),
                                  int(a["data-undisclosed"])))
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

text = open(dom).read()
# the browser's DOM, not the file: it adds the tbody the page leaves out
assert "<tbody>" in text, "not a browser's DOM"
d = Dom()
d.feed(text)
fails = 0
def eq(what, want, got):
    global fails
    if want != got:
        print("FAIL %s: json %r, page %r" % (what, want, got))
        fails += 1

s = {k: int(v) for k, v in d.tables["summary"]}
eq("summary", {"commits": j["commits"], "with AI traces": j["ai"],
               "disclosed": j["disclosed"], "undisclosed": j["undisclosed"],
               "AI sign-offs": j["ai_signoffs"], "merges": j["merges"]}, s)
# the figures themselves, known from the setup
eq("summary figures", {"commits": 10, "with AI traces": 7, "disclosed": 3,
                       "undisclosed": 4, "AI sign-offs": 1, "merges": 0}, s)
eq("groups", [[g["key"], g["commits"], g["ai"], g["disclosed"],
               g["undisclosed"], g["ai_signoffs"]] for g in j["groups"]],
   [[r[0]] + [int(x) for x in r[1:]] for r in d.tables["groups"][1:]])
eq("group names", sorted(["FROB DRIVER", "NETWORKING", "NETWORKING CORE",
                          "THE REST"]),
   sorted(r[0] for r in d.tables["groups"][1:]))
for table, key in (("agents", "agents"), ("models", "models"),
                   ("model_families", "model_families"), ("tools", "tools")):
    eq(table, [[a["name"], a["commits"], a["disclosed"], a["undisclosed"]]
               for a in j[key]],
       [[r[0], int(r[1]), int(r[3]), int(r[4])]
        for r in d.tables[table][1:]])
# one chart per table, its bars the table's numbers
eq("charts", 5, d.svgs)
eq("group bars", [(g["key"], g["commits"], g["disclosed"], g["undisclosed"])
                  for g in j["groups"]], d.bars[0])
eq("agent bars", [(a["name"], a["commits"], a["disclosed"], a["undisclosed"])
                  for a in j["agents"]], d.bars[1])

def pixels(path):
    """The RGB(A) rows of a PNG (8 bits, no interlace), unfiltered."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = hdr
    assert depth == 8 and ctype in (2, 6) and not interlace, hdr
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], None
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(
            raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        prev = prev or bytearray(stride)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows

w, h, bpp, rows = pixels(png)
eq("screenshot size", (1000, 1400), (w, h))
colours = {}
for line in rows:
    for x in range(0, len(line), bpp):
        rgb = bytes(line[x:x + 3])
        colours[rgb] = colours.get(rgb, 0) + 1
green, orange = bytes.fromhex("2e8b57"), bytes.fromhex("e67e22")
if colours.get(green, 0) < 100 or colours.get(orange, 0) < 100:
    print("FAIL the screenshot lacks the bars: green %d, orange %d pixels"
          % (colours.get(green, 0), colours.get(orange, 0)))
    fails += 1
sys.exit(1 if fails else 0)
PY
[ -s "$art/report.png" ] || fail "no screenshot kept"
