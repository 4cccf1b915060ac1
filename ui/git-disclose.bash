# bash completion for git-disclose (git disclose)                -*- sh -*-
#
# Installed as $PREFIX/share/bash-completion/completions/git-disclose.
# git's own completion calls _git_disclose for "git disclose <Tab>" (it
# loads this file through bash-completion's loader the first time);
# "git-disclose <Tab>" is completed by the same function.
#
# Subcommands and their options are read from the installed program's
# --help, agents, models and tools from "git disclose catalogue --json",
# so the completion always matches the binary and the user's catalogue.

# The program to ask: git-disclose on PATH, else through git.
__git_disclose_run ()
{
	if command -v git-disclose >/dev/null 2>&1; then
		git-disclose "$@" 2>/dev/null
	else
		git disclose "$@" 2>/dev/null
	fi
}

# The subcommands listed under "commands:" in the usage.
__git_disclose_commands ()
{
	__git_disclose_run help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# Every --option a subcommand's --help mentions ("--format=" keeps its =).
__git_disclose_options ()
{
	__git_disclose_run "$1" --help |
		grep -o -- '--[a-z][a-z0-9-]*=\{0,1\}' | sort -u
}

# The catalogue as one line with the blanks removed (names have none).
__git_disclose_catalogue ()
{
	local j
	j=$(__git_disclose_run catalogue --json)
	printf '%s' "${j//[$' \t\r\n']/}"
}

# Values after each occurrence of marker in text: __git_disclose_values TEXT MARKER
__git_disclose_values ()
{
	local j=$1 out=
	while [[ $j == *"$2"* ]]; do
		j=${j#*"$2"}
		out+="${j%%\"*} "
	done
	printf '%s' "$out"
}

__git_disclose_agents ()
{
	local j
	j=$(__git_disclose_catalogue)
	j=${j%%\"analysis_tools\":*}
	__git_disclose_values "$j" '{"name":"'
}

# Models of agent $1, or of every agent when $1 is empty or unknown.
__git_disclose_models ()
{
	local j chunk
	j=$(__git_disclose_catalogue)
	j=${j%%\"analysis_tools\":*}
	if [ -n "$1" ] && [[ $j == *"{\"name\":\"$1\""* ]]; then
		chunk=${j#*"{\"name\":\"$1\""}
		chunk=${chunk%%'{"name":"'*}
		j=$chunk
	fi
	__git_disclose_values "$j" '"id":"'
}

__git_disclose_tools ()
{
	local j
	j=$(__git_disclose_catalogue)
	j=${j#*\"analysis_tools\":}
	j=${j%%\"basic_tools\":*}
	__git_disclose_values "$j" '{"name":"'
}

# Offer words $1 for the current word part $2, each prefixed by $3.
__git_disclose_reply ()
{
	if declare -F __gitcomp >/dev/null 2>&1; then
		__gitcomp "$1" "$3" "$2"
		return
	fi
	local IFS=$' \t\n' w
	COMPREPLY=()
	for w in $1; do
		[[ $w == "$2"* ]] && COMPREPLY+=("$3$w")
	done
}

# Branches, tags and A..B ranges.
__git_disclose_revs ()
{
	if declare -F __git_complete_revlist >/dev/null 2>&1; then
		__git_complete_revlist
		return
	fi
	local pfx= part=$cur
	case $cur in
	*...*) pfx=${cur%...*}...; part=${cur##*...} ;;
	*..*) pfx=${cur%..*}..; part=${cur##*..} ;;
	esac
	__git_disclose_reply "$(git for-each-ref --format='%(refname:short)' 2>/dev/null) HEAD" "$part" "$pfx"
}

# The value of --agent given earlier on the line, if any.
__git_disclose_given_agent ()
{
	local i
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		--agent=*) printf '%s' "${words[i]#--agent=}" ;;
		--agent) printf '%s' "${words[i + 1]}" ;;
		esac
	done
}

# Complete the value of option $1 from $2 (the part typed), prefix $3.
# Returns 1 when the option takes a file (left to bash's defaults).
__git_disclose_value ()
{
	case $1 in
	--agent) __git_disclose_reply "$(__git_disclose_agents)" "$2" "$3" ;;
	--model) __git_disclose_reply "$(__git_disclose_models "$(__git_disclose_given_agent)")" "$2" "$3" ;;
	--tool) __git_disclose_reply "$(__git_disclose_tools)" "$2" "$3" ;;
	--policy) __git_disclose_reply "kernel kernel-llm qemu fedora llvm" "$2" "$3" ;;
	--format)
		if [ "${sub:-}" = check ]; then
			__git_disclose_reply "text json b4 b4-review" "$2" "$3"
		else
			__git_disclose_reply "lines args" "$2" "$3"
		fi ;;
	--by) __git_disclose_reply "month tag agent model family tool subsystem" "$2" "$3" ;;
	--message | --mbox | --tree | --source | --svg | --html) COMPREPLY=(); return 1 ;;
	--reviewed | --tested | --timeout) COMPREPLY=() ;;
	*) return 2 ;;
	esac
	return 0
}

_git_disclose ()
{
	local i w base=-1 sub= cmds
	cmds=$(__git_disclose_commands)
	for ((i = 0; i < cword; i++)); do
		w=${words[i]}
		if [ $base -lt 0 ]; then
			case $w in
			disclose | git-disclose | */git-disclose) base=$i ;;
			esac
			continue
		fi
		case $w in
		--)
			# after "commit --" come git commit's own arguments
			if [ "$sub" = commit ]; then
				declare -F _git_commit >/dev/null 2>&1 && _git_commit
				return 0
			fi
			;;
		-*) ;;
		*) [ -z "$sub" ] && [[ " "$cmds" " == *[[:space:]]"$w"[[:space:]]* ]] && sub=$w ;;
		esac
	done

	# --opt=value: git's helpers keep it in one word; bash alone splits
	# it into "--opt" "=" "value" (= is in COMP_WORDBREAKS); either way
	# only the value part is replaced.
	case $cur in
	--*=*)
		__git_disclose_value "${cur%%=*}" "${cur#*=}" ""
		[ $? -ne 2 ] && return 0
		;;
	=)
		__git_disclose_value "$prev" "" ""
		[ $? -ne 2 ] && return 0
		;;
	esac
	if [ "$prev" = "=" ] && [ "$cword" -ge 2 ]; then
		__git_disclose_value "${words[cword - 2]}" "$cur" ""
		[ $? -ne 2 ] && return 0
	fi
	if [ "$cword" -gt $((base + 1)) ]; then
		__git_disclose_value "$prev" "$cur" ""
		case $? in
		0) return 0 ;;
		1) return 0 ;;
		esac
	fi

	case $sub,$cur in
	,-*)
		__git_disclose_reply "--help --version --policy" "$cur" ""
		;;
	,*.* | ,*[~^@:]*)
		__git_disclose_revs
		;;
	,*)
		__git_disclose_reply "$cmds" "$cur" ""
		[ ${#COMPREPLY[@]} -eq 0 ] && [ -n "$cur" ] && __git_disclose_revs
		;;
	*,-*)
		__git_disclose_reply "$(__git_disclose_options "$sub")" "$cur" ""
		;;
	hook,*)
		__git_disclose_reply "install uninstall" "$cur" ""
		;;
	catalogue,* | config,* | trailer,* | commit,*)
		COMPREPLY=()
		;;
	*)
		__git_disclose_revs
		;;
	esac
}

# git-disclose typed directly: git's wrapper sets cur, words, cword and
# prev when git's completion is there (load it if bash-completion can).
if ! declare -F __git_complete >/dev/null 2>&1; then
	if declare -F __load_completion >/dev/null 2>&1; then
		__load_completion git >/dev/null 2>&1
	elif declare -F _completion_loader >/dev/null 2>&1; then
		_completion_loader git >/dev/null 2>&1
	fi
fi
if declare -F __git_complete >/dev/null 2>&1; then
	__git_complete git-disclose _git_disclose
else
	__git_disclose_direct ()
	{
		local cur=${COMP_WORDS[COMP_CWORD]} cword=$COMP_CWORD prev=
		local -a words=("${COMP_WORDS[@]}")
		[ "$cword" -gt 0 ] && prev=${words[cword - 1]}
		_git_disclose
	}
	complete -o bashdefault -o default -F __git_disclose_direct git-disclose
fi
