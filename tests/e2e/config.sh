# git disclose config: effective settings, their origin, trailer.* traps.
. "$TOP/tests/e2e/lib.sh"
new_repo "$TMPDIR/r"
before=$(repo_state)
cfg_before=$(cat .git/config)

# a clean setup: values, scopes, files, no problems
git config --global disclose.tools sparse
git config disclose.agent Claude
git config disclose.model claude-opus-4-5
expect_status 0 "$D" config --check
expect_grep "disclose.agent    Claude" "$TMPDIR/out"
grep -E '^  disclose.agent +Claude +local file:.git/config$' "$TMPDIR/out" >/dev/null ||
	fail "agent's origin: $(cat "$TMPDIR/out")"
grep -E "^  disclose.tools +sparse +global file:$HOME/.gitconfig\$" "$TMPDIR/out" >/dev/null ||
	fail "tools' origin: $(cat "$TMPDIR/out")"
expect_grep "disclose.policy   (unset: the tree's documents decide, else kernel)" "$TMPDIR/out"
expect_grep "core.commentChar  (unset: #)" "$TMPDIR/out"
expect_grep "user.email        hu@example.org" "$TMPDIR/out"
expect_grep "no problems" "$TMPDIR/out"
expect_grep "none (the built-in catalogue only)" "$TMPDIR/out"

# a local value overrides the global one, both are shown
git config disclose.tools coccinelle
expect_status 0 "$D" config
grep -E '^ +sparse +global .*\(overridden\)$' "$TMPDIR/out" >/dev/null ||
	fail "overridden value: $(cat "$TMPDIR/out")"
grep -E '^  disclose.tools +coccinelle +local' "$TMPDIR/out" >/dev/null ||
	fail "winning value: $(cat "$TMPDIR/out")"
# -c on the command line is a source too
expect_status 0 git -c disclose.policy=kernel-llm -c "alias.x=!$D" x config
grep -E '^  disclose.policy +kernel-llm +command command line:' "$TMPDIR/out" >/dev/null ||
	fail "command line origin: $(cat "$TMPDIR/out")"

# catalogue files are listed
mkdir -p "$XDG_CONFIG_HOME/git-disclose"
echo '{}' >"$XDG_CONFIG_HOME/git-disclose/local.json"
expect_status 0 "$D" config
expect_grep "$XDG_CONFIG_HOME/git-disclose/local.json" "$TMPDIR/out"
rm "$XDG_CONFIG_HOME/git-disclose/local.json"

# each trap is reported with why and how to undo; --check exits 1
check_trap() {	# KEY VALUE WHY [SCOPE]
	git config ${4:-} "$1" "$2"
	expect_status 0 "$D" config
	expect_status 1 "$D" config --check
	expect_grep "  $1=$2 (" "$TMPDIR/out"
	expect_grep "$3" "$TMPDIR/out"
	expect_grep "to undo: git config ${4:+$4 }--unset-all $1" "$TMPDIR/out"
	git config ${4:-} --unset-all "$1"
	expect_status 0 "$D" config --check
}
check_trap trailer.where start "at the start of the block"
check_trap trailer.where after "after the last trailer of the same key"
check_trap trailer.where before "before the first trailer" --global
check_trap trailer.ifexists add "a duplicate signature"
check_trap trailer.ifexists replace "would be deleted"
check_trap trailer.ifexists doNothing "a stale Assisted-by: would stay"
check_trap trailer.ifmissing doNothing "silently be missing"
check_trap trailer.separators ':=' "'Key= value'"
check_trap core.commentChar S "lines could vanish"
check_trap trailer.Signed-off-by.ifexists replace "new Signed-off-by: trailer replaces"
check_trap trailer.assisted-by.where start "new Assisted-by: trailers at the start"
check_trap trailer.Signed-off-by.cmd 'echo x' "git runs this command"
# a token that stands for Signed-off-by through .key
git config trailer.sob.key "Signed-off-by"
check_trap trailer.sob.ifexists add "new Signed-off-by: trailer is added even"
git config trailer.sob.key "Signed-Off-By"
expect_status 1 "$D" config --check
expect_grep "git writes the key as 'Signed-Off-By'" "$TMPDIR/out"
git config --remove-section trailer.sob
# harmless settings are not reported
git config trailer.where end
git config trailer.ifexists addIfDifferent
git config trailer.fixes.ifexists replace
git config trailer.sob.key "Signed-off-by"
expect_status 0 "$D" config --check
expect_grep "no problems" "$TMPDIR/out"
git config --remove-section trailer
git config --remove-section trailer.fixes
git config --remove-section trailer.sob

# bad disclose.* values and unknown keys
check_trap disclose.policy nope "unknown policy"
check_trap disclose.agent "My Agent" "whitespace"
git config --global disclose.tools "sparse gcc"
git config --unset disclose.tools
expect_status 1 "$D" config --check
expect_grep "basic development tool" "$TMPDIR/out"
expect_grep "to undo: git config --global --unset-all disclose.tools" "$TMPDIR/out"
git config --global --unset disclose.tools
check_trap disclose.modle x "no such setting"

# a missing identity is a problem that says what to run
git config --unset user.email
expect_status 1 "$D" config --check
expect_grep "git config --global user.email" "$TMPDIR/out"
git config user.email hu@example.org

# a broken catalogue file is a problem, named
mkdir -p "$XDG_CONFIG_HOME/git-disclose"
echo '{' >"$XDG_CONFIG_HOME/git-disclose/broken.json"
expect_status 1 "$D" config --check
expect_grep "broken.json" "$TMPDIR/out"
rm "$XDG_CONFIG_HOME/git-disclose/broken.json"

# read-only: config never writes
expect_eq "read-only" "$before" "$(repo_state)"
git config --unset disclose.agent
git config --unset disclose.model
expect_eq "config untouched" "$cfg_before" "$(cat .git/config)"

# usage errors; outside a repository the global settings are shown
expect_status 2 "$D" config disclose.agent
expect_grep "use git config to change a setting" "$TMPDIR/err"
expect_status 2 "$D" config --bogus
expect_status 0 "$D" config --help
cd "$TMPDIR" && mkdir -p nr && cd nr
git config --global disclose.model gpt-5.5
expect_status 0 "$D" config
grep -E '^  disclose.model +gpt-5.5 +global' "$TMPDIR/out" >/dev/null ||
	fail "outside a repository: $(cat "$TMPDIR/out")"
echo "config: all passed"
