# Scripted UI tests in the style of tig: each tests/tui/NAME.keys replays
# keys into the real binary with the display on a null terminal of fixed
# size (TUI_ARGS, set by a NAME.setup, are its arguments: "report --tui"),
# and its :dump commands write the screen as text; every dump must
# equal tests/tui/expected/ (UPDATE=1 rewrites them). NAME.setup runs in
# the new repository first, NAME.check after.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/tui/series.sh"
src=$TOP/tests/tui
exp=$src/expected
out=$TMPDIR/dumps
mkdir -p "$out" "$TMPDIR/bin"
# A fixed PATH: only "sparse" is installed, so the marks do not depend on
# this machine.
printf '#!/bin/sh\n' >"$TMPDIR/bin/sparse"
chmod +x "$TMPDIR/bin/sparse"

# tui KEYS [SIZE]: run the assistant on the current repository.
tui() {
	env PATH="$TMPDIR/bin" DISCLOSE_TUI_SCRIPT="$1" \
		DISCLOSE_TUI_SIZE="${2:-80x24}" DISCLOSE_TUI_DUMP_DIR="$out" \
		TERM=xterm-256color "$D" ${TUI_ARGS:-}
}

for keys in "$src"/*.keys; do
	name=$(basename "$keys" .keys)
	(
		make_series "$TMPDIR/$name" >/dev/null || fail "$name: series"
		[ -f "$src/$name.setup" ] && . "$src/$name.setup"
		tui "$keys" >"$TMPDIR/$name.out" 2>&1 ||
			fail "$name: exit $?: $(cat "$TMPDIR/$name.out")"
		[ -f "$src/$name.check" ] && . "$src/$name.check"
		:
	) || exit 1
done

# New commit ids depend on the time of writing, paths on $TMPDIR: mask
# them.
for f in "$out"/*.txt; do
	sed -E -e 's/-> [0-9a-f]{12}/-> <new-id>/g' -e "s|$TMPDIR|<tmp>|g" \
		"$f" >"$f.masked"
	mv "$f.masked" "$f"
done
if [ "${UPDATE:-}" = 1 ]; then
	mkdir -p "$exp"
	cp "$out"/*.txt "$exp"/
	echo "updated $(ls "$out" | wc -l) dumps"
	exit 0
fi
status=0
for f in "$exp"/*.txt; do
	n=$(basename "$f")
	if [ ! -f "$out/$n" ]; then
		echo "FAIL: no dump $n" >&2
		status=1
	elif ! diff -u "$f" "$out/$n" >&2; then
		echo "FAIL: dump $n differs (UPDATE=1 to accept)" >&2
		status=1
	fi
done
for f in "$out"/*.txt; do
	[ -f "$exp/$(basename "$f")" ] ||
		{ echo "FAIL: unexpected dump $(basename "$f")" >&2; status=1; }
done
exit $status
