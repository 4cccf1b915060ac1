# check --checkpatch: the tree's scripts/checkpatch.pl runs on the range's
# patches and its signature messages join the report.
. "$TOP/tests/e2e/lib.sh"
command -v perl >/dev/null || { echo "perl is not installed"; exit 77; }
"$D" check --help >"$TMPDIR/help" 2>&1
grep -q -- --checkpatch "$TMPDIR/help" || {
	echo "check --checkpatch is not wired into this build yet"
	exit 77
}

# A small "kernel tree": the real checkpatch.pl of Debian's 6.1 source
# (from the pristine tree cache, else from the tarball, kept in the cache).
files="scripts/checkpatch.pl scripts/spelling.txt scripts/const_structs.checkpatch"
store=$DISCLOSE_CACHE/checkpatch-6.1
if [ ! -f "$store/scripts/checkpatch.pl" ]; then
	mkdir -p "$store.tmp.$$/scripts"
	pristine=$(ls -d "$DISCLOSE_CACHE"/linux-source-6.1-* 2>/dev/null | head -n 1)
	if [ -n "$pristine" ] && git -C "$pristine" rev-parse -q --verify pristine >/dev/null; then
		for f in $files; do
			git -C "$pristine" show "pristine:$f" >"$store.tmp.$$/$f" ||
				fail "reading $f from $pristine"
		done
	elif [ -f /usr/src/linux-source-6.1.tar.xz ]; then
		members=""
		for f in $files; do members="$members linux-source-6.1/$f"; done
		tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$store.tmp.$$" \
			--strip-components=1 $members || fail "extracting checkpatch"
	else
		rm -rf "$store.tmp.$$"
		echo "no kernel source (linux-source-6.1) for scripts/checkpatch.pl"
		exit 77
	fi
	mv "$store.tmp.$$" "$store" 2>/dev/null || rm -rf "$store.tmp.$$"
fi

new_repo "$TMPDIR/k"
mkdir -p scripts
for f in $files; do cp "$store/$f" "$f"; done
git add scripts && git commit -q -m "scripts: checkpatch" -m "$HUMAN_SOB"
git tag tree

# a clean patch: no signature message from checkpatch
printf '// SPDX-License-Identifier: GPL-2.0-only\nint a;\n' >a.c && git add a.c
git commit -q -F - <<EOM
mm: clean

Assisted-by: Claude:claude-opus-4-5 sparse
$HUMAN_SOB
EOM
expect_status 0 "$D" check --checkpatch HEAD
expect_eq "clean: no checkpatch message" "" \
	"$(grep -E 'BAD_SIGN_OFF|MISSING_SIGN_OFF|NO_AUTHOR_SIGN_OFF' "$TMPDIR/out")"

# checkpatch's own view of broken signatures is reported
printf '// SPDX-License-Identifier: GPL-2.0-only\nint b;\n' >b.c && git add b.c
git commit -q -F - <<EOM
mm: broken signatures

Assisted-by: claude-opus-4-6
Signed-Off-by: Hu Man <hu@example.org>
Signed-off-by: Hu Man <hu@example.org>
EOM
printf '// SPDX-License-Identifier: GPL-2.0-only\nint c;\n' >c.c && git add c.c
git commit -q -m "mm: no sign-off at all"
before=$(repo_state)
"$D" check --checkpatch tree..HEAD >"$TMPDIR/out" 2>"$TMPDIR/err"
rc=$?
[ $rc -eq 1 ] || fail "check --checkpatch exited $rc: $(cat "$TMPDIR/err")"
expect_grep "BAD_SIGN_OFF" "$TMPDIR/out"
expect_grep "Assisted-by expects 'AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]' format" "$TMPDIR/out"
expect_grep "'Signed-off-by:' is the preferred signature form" "$TMPDIR/out"
expect_grep "Duplicate signature" "$TMPDIR/out"
expect_grep "MISSING_SIGN_OFF" "$TMPDIR/out"
expect_eq "read-only" "$before" "$(repo_state)"
# a user's format.signOff cannot hide a missing sign-off
git config format.signOff true
"$D" check --checkpatch HEAD >"$TMPDIR/out" 2>&1
expect_grep "MISSING_SIGN_OFF" "$TMPDIR/out"
git config --unset format.signOff

# outside a kernel tree it says so and what to do
new_repo "$TMPDIR/plain"
expect_status 2 "$D" check --checkpatch HEAD
expect_grep "scripts/checkpatch.pl" "$TMPDIR/err"
echo "checkpatch: all passed"
