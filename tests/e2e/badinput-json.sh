# Bad-input matrix, configuration JSON: a catalogue or policy file in
# $XDG_CONFIG_HOME/git-disclose/ that is truncated, not an object, of
# wrong types, with duplicate keys, nested 1,000 levels deep, followed by
# junk, empty, with a NUL byte, or unreadable. Every command that loads
# it fails with exit 2 and one line naming the file and the problem;
# nothing in the repository (refs, reflogs, config) changes.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
new_repo "$TMPDIR/r"
A="--agent Claude --model claude-opus-4-5"
dir=$XDG_CONFIG_HOME/git-disclose
mkdir -p "$dir"
printf 'Fix it\n\nBody.\n' >"$TMPDIR/msg"
deep=$(awk 'BEGIN { for (i = 0; i < 1000; i++) printf "["; for (i = 0; i < 1000; i++) printf "]" }')

# bad NAME TEXT: write the file as dir/NAME.
bad() {
	rm -f "$dir"/*.json
	printf '%s' "$2" >"$dir/$1"
}

# expect_file_error ROW PROBLEM: the last row named the file and PROBLEM.
expect_file_error() {
	row_err "$dir/$file"
	row_err "$1"
}

config_before=$(git config --local --list)
while IFS='|' read -r file text problem; do
	[ -n "$file" ] || continue
	case $text in
	DEEP) text="{\"agents\":$deep}" ;;
	DEEP-POLICY) text="{\"policies\":$deep}" ;;
	esac
	bad "$file" "$text"
	case $file in
	*policy*)
		# policy packs are read by the assistant (the TUI) only
		has_tui || continue
		echo q >"$TMPDIR/q.keys"
		row "policy-$file" 2 env DISCLOSE_TUI_SCRIPT="$TMPDIR/q.keys" \
			DISCLOSE_TUI_SIZE=80x24 TERM=xterm "$D"
		expect_file_error "$problem"
		continue ;;
	esac
	row "catalogue-$file" 2 "$D" catalogue
	expect_file_error "$problem"
	row "catalogue-json-$file" 2 "$D" catalogue --json
	expect_file_error "$problem"
	[ -s "$TMPDIR/out" ] && fail "catalogue --json printed half a catalogue"
	row "trailer-$file" 2 "$D" trailer $A
	expect_file_error "$problem"
	row "place-$file" 2 "$D" trailer $A --message "$TMPDIR/msg"
	expect_file_error "$problem"
	if has_command check; then
		row "check-$file" 2 "$D" check --message "$TMPDIR/msg"
		expect_file_error "$problem"
	fi
	if has_command fix; then
		row "fix-$file" 2 "$D" fix --dry-run $A --message "$TMPDIR/msg"
		expect_file_error "$problem"
	fi
done <<'ROWS'
truncated.json|{"agents":[{"name":"Acme",|the text ends too early (truncated?)
not-object.json|[{"name":"Acme"}]|the top level must be a JSON object
string.json|"agents"|the top level must be a JSON object
agents-type.json|{"agents":{"name":"Acme"}}|'agents' must be an array
name-type.json|{"agents":[{"name":7}]}|'agents[].name' must be a string
models-type.json|{"agents":[{"name":"Acme","models":"acme-1"}]}|'agents[].models' must be an array
tools-type.json|{"analysis_tools":[{"name":"cppcheck","programs":"cppcheck"}]}|'analysis_tools[].programs' must be an array
duplicate.json|{"agents":[],"agents":[{"name":"Acme"}]}|duplicate key 'agents'
duplicate-inner.json|{"agents":[{"name":"Acme","name":"Other"}]}|duplicate key 'name'
deep.json|DEEP|nested deeper than 64 levels
junk.json|{"agents":[]} }|text after the end of the JSON object
empty.json||the file is empty
bad-agent.json|{"agents":[{"name":"Claude Code"}]}|must be one word
truncated-policy.json|{"policies":[{"name":"x",|the text ends too early (truncated?)
not-object-policy.json|[]|the top level must be a JSON object
types-policy.json|{"policies":{"name":"x"}}|must be
duplicate-policy.json|{"policies":[],"policies":[]}|duplicate key 'policies'
deep-policy.json|DEEP-POLICY|nested deeper than 64 levels
ROWS

# a NUL byte (printf cannot put one through the table)
rm -f "$dir"/*.json
printf '{"agents":[{"name":"A\000"}]}' >"$dir/nul.json"
file=nul.json
row "catalogue-nul.json" 2 "$D" catalogue
expect_file_error "NUL byte"

# unreadable: a directory where a file should be, and a file without
# read permission for an unprivileged user
rm -f "$dir"/*.json
mkdir "$dir/dir.json"
file=dir.json
row "catalogue-dir.json" 2 "$D" catalogue
expect_file_error "is not a regular file (it is a directory)"
rmdir "$dir/dir.json"

# a file nobody may read, and a directory nobody may list
if can_drop; then
	open_up "$TMPDIR" "$HOME" "$XDG_CONFIG_HOME" "$dir"
	printf '{}' >"$dir/secret.json"
	chmod 600 "$dir/secret.json"
	file=secret.json
	(cd "$TMPDIR" && row "catalogue-unreadable-file" 2 as_nobody env \
		HOME="$HOME" XDG_CONFIG_HOME="$XDG_CONFIG_HOME" "$D" catalogue)
	expect_file_error "Permission denied"
	rm -f "$dir/secret.json"
	chmod 700 "$dir"
	file=""
	(cd "$TMPDIR" && row "catalogue-unreadable-dir" 2 as_nobody env \
		HOME="$HOME" XDG_CONFIG_HOME="$XDG_CONFIG_HOME" "$D" catalogue)
	row_err "cannot read the directory $dir: Permission denied"
	chmod 755 "$dir"
else
	echo "row catalogue-unreadable: not run (needs root and setpriv)"
fi

expect_eq "the repository's config is unchanged" "$config_before" \
	"$(git config --local --list)"

# The good case still works once the files are gone.
rm -f "$dir"/*.json
row "catalogue-none" 0 "$D" catalogue
echo "all JSON rows passed"
