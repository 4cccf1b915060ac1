#!/bin/sh
# git disclose hook install --am: the applypatch-msg hook judges each
# patch git am applies as a maintainer would; disclose.amHook=warn
# reports and lets it through, strict stops git am at that patch.
. "$TOP/tests/e2e/lib.sh"

# the series, written by Jane; patch 2 carries an AI's sign-off
src=$TMPDIR/src
git init -q -b main "$src" && cd "$src" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
echo base >base && git add base && git commit -q -m base
for n in 1 2 3; do
	echo "$n" >"f$n" && git add "f$n"
	if [ "$n" = 2 ]; then
		git commit -q -m "add f$n

Signed-off-by: Jane Dev <jane@example.org>
Signed-off-by: Claude <noreply@anthropic.com>"
	else
		git commit -q -s -m "add f$n"
	fi
done
git format-patch -q -3 -o "$TMPDIR/bad" || exit 2
git reset -q --hard HEAD~2
echo 2 >f2 && git add f2 && git commit -q -s -m "add f2

Assisted-by: Claude:claude-opus-4-5"
echo 3 >f3 && git add f3 && git commit -q -s -m "add f3"
git format-patch -q -3 -o "$TMPDIR/good" || exit 2
base=$(git rev-parse HEAD~3)

# the maintainer's repository
r=$TMPDIR/maint
git clone -q "$src" "$r" && cd "$r" || exit 2
git config user.name 'Mai Ntainer' && git config user.email mai@example.org
git reset -q --hard "$base"
hook=$(git rev-parse --path-format=absolute --git-path hooks)/applypatch-msg

expect_rc 0 "$D" hook install --am
[ -x "$hook" ] || flag "no executable hook at $hook"
has "applypatch-msg"
expect_rc 0 "$D" hook install --am
has "updated"

# a clean series applies silently
expect_rc 0 git am -q "$TMPDIR"/good/*.patch
[ ! -s "$TMPDIR/err" ] || { flag "a clean series is reported"; cat "$TMPDIR/err"; }
[ "$(git rev-list --count "$base"..HEAD)" = 3 ] || flag "clean series not applied"
git reset -q --hard "$base"
# git am -s adds the maintainer's sign-off last: that is no finding
expect_rc 0 git am -q -s "$TMPDIR"/good/*.patch
[ ! -s "$TMPDIR/err" ] || { flag "git am -s is reported"; cat "$TMPDIR/err"; }
git log -1 --format=%B | grep -q 'Signed-off-by: Mai Ntainer' || flag "no -s sign-off"
git reset -q --hard "$base"

# warn (the default): reported, naming the patch, and applied
expect_rc 0 git am -q "$TMPDIR"/bad/*.patch
err_has "AI_SIGNOFF"
err_has "add f2"
err_has "Claude <noreply@anthropic.com>"
[ "$(git rev-list --count "$base"..HEAD)" = 3 ] || flag "warn: series not applied"
git reset -q --hard "$base"

# strict: git am stops at patch 2, patch 1 applied; --abort restores
git config disclose.amHook strict
# config --check knows the setting
"$D" config --check >"$TMPDIR/out" 2>&1
lacks "disclose.amhook=strict"
expect_rc 1 git am -q "$TMPDIR"/bad/*.patch
err_has "AI_SIGNOFF"
err_has "add f2"
err_has "git am --skip"
err_has "git -c disclose.amHook=warn am"
[ "$(git rev-list --count "$base"..HEAD)" = 1 ] || flag "strict: patch 1 not applied alone"
[ "$(git log -1 --format=%s)" = "add f1" ] || flag "strict: wrong patch applied"
expect_rc 0 git am --abort
[ "$(git rev-parse HEAD)" = "$base" ] || flag "git am --abort did not restore"
[ -z "$(git status --porcelain)" ] || flag "work tree not clean after --abort"

# a clean series also passes strict silently
expect_rc 0 git am -q "$TMPDIR"/good/*.patch
[ ! -s "$TMPDIR/err" ] || { flag "strict: a clean series is reported"; cat "$TMPDIR/err"; }
git reset -q --hard "$base"

# a bad mode is an error that stops git am, saying what to set
git config disclose.amHook loud
expect_rc 1 git am -q "$TMPDIR"/good/*.patch
err_has "disclose.amHook"
git am --abort
git config disclose.amHook warn

# the commit-msg hook is a separate hook; uninstall removes only ours
expect_rc 0 "$D" hook uninstall --am
[ ! -e "$hook" ] || flag "uninstall --am left the hook"
printf '#!/bin/sh\nexit 0\n' >"$hook" && chmod +x "$hook"
expect_rc 1 "$D" hook install --am
err_has "another hook"
expect_rc 1 "$D" hook uninstall --am
[ -e "$hook" ] || flag "a foreign hook was removed"
rm "$hook"
expect_rc 0 "$D" hook install --am
echo '# mine' >>"$hook"
expect_rc 1 "$D" hook uninstall --am
err_has "has changed"
[ -e "$hook" ] || flag "an edited hook was removed"

finish
