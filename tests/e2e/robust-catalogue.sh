# git disclose catalogue shows data from the user's own JSON files: an
# escape sequence, a C1 control or a bidirectional override there must
# not reach the terminal, in the text listing (on a terminal and in a
# pipe) or in --json.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
mkdir -p "$XDG_CONFIG_HOME/git-disclose"
# \u001b ESC, \u009b CSI (C1), \u0007 BEL, \u202e RIGHT-TO-LEFT OVERRIDE
cat >"$XDG_CONFIG_HOME/git-disclose/evil.json" <<'JSON'
{"agents": [{"name": "Ev\u001b[5mil", "description": "x",
  "models": [{"id": "m\u001b[31mred\u202e"}]}],
 "analysis_tools": [{"name": "t\u009b31m",
   "description": "d\u001b]0;pwn\u0007 \u202eabc", "programs": ["zz-none"]}],
 "basic_tools": [{"name": "b\u001b[1m", "why": "w\u001b[2J"}]}
JSON
# unsafe FILE: a raw control byte or a bidirectional control in FILE?
unsafe() {
	has_raw_control "$1" ||
		LC_ALL=C grep -aqP '\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]|\xd8\x9c' "$1"
}
printf 'a\342\200\256b\n' >"$TMPDIR/c" && unsafe "$TMPDIR/c" ||
	fail "unsafe() misses U+202E"

cd "$TMPDIR" || fail "cd"
row catalogue-evil-pipe 0 "$D" catalogue
unsafe "$TMPDIR/out" && fail "catalogue prints raw controls in a pipe: $(grep -a Ev "$TMPDIR/out" | cat -v)"
grep -qF 'Ev\x1b[5mil' "$TMPDIR/out" || fail "the agent is not shown escaped: $(cat -v "$TMPDIR/out")"
grep -qF 'm\x1b[31mred\u202e' "$TMPDIR/out" || fail "the model is not shown escaped"
grep -qF 't\u009b31m' "$TMPDIR/out" || fail "the tool is not shown escaped"
grep -qF 'b\x1b[1m' "$TMPDIR/out" || fail "the basic tool is not shown escaped"
echo "row catalogue-evil-pipe: escaped"

if command -v script >/dev/null 2>&1; then
	script -qec "$D catalogue" /dev/null >"$TMPDIR/tty" 2>&1 </dev/null
	tr -d '\r' <"$TMPDIR/tty" >"$TMPDIR/tty.out"
	no_crash "$TMPDIR/tty.out"
	unsafe "$TMPDIR/tty.out" && fail "catalogue prints raw controls on a terminal"
	grep -qF 'Ev\x1b[5mil' "$TMPDIR/tty.out" || fail "tty: the agent is missing"
	echo "row catalogue-evil-tty: escaped"
fi

row catalogue-evil-json 0 "$D" catalogue --json
unsafe "$TMPDIR/out" && fail "catalogue --json prints raw controls: $(cat -v "$TMPDIR/out" | head -c 600)"
# and it is still JSON that decodes back to the file's strings
python3 - "$TMPDIR/out" <<'PY' || fail "catalogue --json does not decode back"
import json, sys
d = json.load(open(sys.argv[1]))
names = [a["name"] for a in d["agents"]]
assert "Ev\x1b[5mil" in names, names
models = [m["id"] for a in d["agents"] for m in a["models"]]
assert "m\x1b[31mred\u202e" in models, models
tools = {t["name"]: t for t in d["analysis_tools"]}
assert tools["t\x9b31m"]["description"] == "d\x1b]0;pwn\x07 \u202eabc"
PY
echo "row catalogue-evil-json: escaped, decodes back"
