# Bash completion: hooked into git's ("git disclose <Tab>") and for
# git-disclose typed directly; subcommands, options per subcommand,
# catalogue values, revisions.
. "$TOP/tests/e2e/lib.sh"
sh "$TOP/tests/deps.sh" bash-completion >&2 || {
	echo "bash-completion is not installed and cannot be"
	exit 77
}
gitcomp=/usr/share/bash-completion/completions/git
[ -f "$gitcomp" ] || fail "no $gitcomp"
new_repo "$TMPDIR/r"
git branch -q topic
git tag v1
bindir=$TMPDIR/bin
mkdir -p "$bindir"
ln -s "$D" "$bindir/git-disclose"

# complete MODE WORD...: the completions, one per line, as <word>.
# MODE git: git's completion then ours; plain: ours alone (no git helpers).
cat >"$TMPDIR/complete.bash" <<'EOS'
mode=$1
shift
[ "$mode" = git ] && . "$GITCOMP"
. "$TOP/ui/git-disclose.bash"
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
if [ "$1" = git ]; then
	__git_wrap__git_main
else
	fn=$(complete -p git-disclose | sed 's/.*-F \([^ ]*\) .*/\1/')
	"$fn"
fi
printf '<%s>\n' "${COMPREPLY[@]}"
EOS
complete() {
	PATH=$bindir:$PATH GITCOMP=$gitcomp bash "$TMPDIR/complete.bash" "$@" 2>"$TMPDIR/cerr"
	[ -s "$TMPDIR/cerr" ] && fail "bash said: $(cat "$TMPDIR/cerr")"
	return 0
}
# expect_comp WANT MODE WORD...: exactly WANT (lines), order kept
expect_comp() {
	want=$1
	shift
	expect_eq "completion of '$*'" "$want" "$(complete "$@" | sed 's/ >$/>/')"
}
# expect_has WANT MODE WORD...: WANT among the completions
expect_has() {
	want=$1
	shift
	complete "$@" | sed 's/ >$/>/' | grep -qxF "<$want>" ||
		fail "'$want' not offered for '$*': $(complete "$@" | tr '\n' ' ')"
}

# the acceptance case, through git and directly
expect_comp "<check>" git git disclose ch
expect_comp "<check>" git git-disclose ch
expect_comp "<check>" plain git-disclose ch
expect_comp "<catalogue>" git git disclose cat
expect_comp "<commit>
<cover>
<config>" git git disclose co
for c in trailer commit amend check fix hook boot cover config catalogue; do
	expect_has "$c" git git disclose ""
done
# git's global options before the command do not confuse it
expect_comp "<check>" git git -C . disclose ch

# options of each subcommand come from its --help
expect_has --agent git git disclose trailer --a
expect_has --format= git git disclose trailer --fo
expect_has --in-place git git disclose trailer --in
expect_has --reviewed git git disclose cover --
expect_has --check git git disclose config --
expect_has --json git git disclose catalogue --
expect_has --timeout git git disclose boot --t
expect_has install git git disclose hook ""
expect_has uninstall plain git-disclose hook u

# values: agents and models from the catalogue, tools, policies
expect_has Claude git git disclose trailer --agent ""
expect_has Codex git git disclose commit --agent Co
expect_has claude-opus-4-5 git git disclose trailer --model claude-opus-4
expect_has gpt-5.5 git git disclose trailer --agent Codex --model ""
complete git git disclose trailer --agent Codex --model "" | grep -q claude &&
	fail "--agent Codex offers Claude's models"
expect_has gemini-2.5-pro git git disclose amend --model=gem
expect_has sparse git git disclose trailer --tool ""
expect_has coccinelle plain git-disclose trailer --tool c
complete git git disclose trailer --tool "" | grep -qx '<gcc>' &&
	fail "a basic tool is offered"
expect_comp "<kernel>
<kernel-llm>
<qemu>
<fedora>
<llvm>" git git disclose trailer --policy ""
# the assistant's own --policy
expect_comp "<--policy>" git git disclose --p
expect_has kernel-llm git git disclose --policy ""
expect_comp "<kernel-llm>" plain git-disclose check --policy = kernel-
expect_comp "<args>" git git disclose trailer --format=a
expect_comp "<subsystem>" git git disclose report --by=s
expect_has --html git git disclose report --h
# the catalogue the user extended is used
mkdir -p "$XDG_CONFIG_HOME/git-disclose"
cat >"$XDG_CONFIG_HOME/git-disclose/mine.json" <<'EOJ'
{"agents": [{"name": "Mybot", "models": [{"id": "mybot-1"}]}]}
EOJ
expect_has Mybot git git disclose trailer --agent M
expect_has mybot-1 git git disclose trailer --agent Mybot --model ""
rm "$XDG_CONFIG_HOME/git-disclose/mine.json"

# revisions and ranges where a range goes
expect_has topic git git disclose check to
expect_has "main..topic" git git disclose check main..to
expect_has "v1" plain git-disclose cover v
expect_has "HEAD~1..topic" plain git-disclose boot HEAD~1..to
expect_has "topic" git git disclose to
# after "commit --", git commit's own options
expect_has --amend git git disclose commit --agent Claude -- --am
# a file is left to bash for --message
expect_comp "<>" git git disclose check --message ""
echo "completion: all passed"
