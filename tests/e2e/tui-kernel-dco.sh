# In a kernel tree the checklist shows the DCO from the tree's own
# Documentation/process/submitting-patches.rst (not a copy), and the boot
# item is offered. The document comes from Debian's linux-source-6.1.
. "$TOP/tests/e2e/lib.sh"
tarball=${DISCLOSE_KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
[ -f "$tarball" ] || { echo "$tarball is missing (apt-get install linux-source-6.1)"; exit 77; }
doc=Documentation/process/submitting-patches.rst
cached=$DISCLOSE_CACHE/tui/submitting-patches.rst
if [ ! -s "$cached" ]; then
	mkdir -p "$DISCLOSE_CACHE/tui" "$TMPDIR/x"
	tar -xJf "$tarball" -C "$TMPDIR/x" --wildcards "*/$doc" ||
		fail "cannot extract $doc from $tarball"
	cp "$TMPDIR/x"/*/"$doc" "$cached.tmp" && mv "$cached.tmp" "$cached"
fi
new_repo "$TMPDIR/k"
mkdir -p Documentation/process
cp "$cached" "$doc"
echo "THE REST" >MAINTAINERS
git add . && git commit -q -m "kernel-like tree" || fail "commit"
printf 'int x;\n' >x.c && git add x.c && git commit -q -s -m "x: add" || fail "commit"

cat >"$TMPDIR/keys" <<'KEYS'
c j j j <Enter>
:dump dco.txt
q b
:dump boot.txt
KEYS
env DISCLOSE_TUI_SCRIPT="$TMPDIR/keys" DISCLOSE_TUI_SIZE=100x60 \
	DISCLOSE_TUI_DUMP_DIR="$TMPDIR" TERM=xterm-256color "$D" HEAD ||
	fail "exit $?"
expect_grep "Developer's Certificate of Origin 1.1" "$TMPDIR/dco.txt"
expect_grep "By making a contribution to this project, I certify that:" "$TMPDIR/dco.txt"
expect_grep "(from $doc of this tree)" "$TMPDIR/dco.txt"
grep -q "summary; this is not a kernel tree" "$TMPDIR/dco.txt" && fail "summary shown in a kernel tree"
expect_grep "Build and boot the series tip in QEMU" "$TMPDIR/boot.txt"
expect_grep "Not run for this tip yet." "$TMPDIR/boot.txt"
:
