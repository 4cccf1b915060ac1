# git disclose commit with a real vi (vim.tiny) in a real terminal (tmux):
# the editor runs in the terminal's foreground process group as under
# plain git commit, so it draws, gets SIGWINCH, Ctrl-Z suspends the whole
# job and fg resumes it; :cq or a Ctrl-C that kills the editor aborts the
# commit and leaves no process behind.
. "$TOP/tests/e2e/lib.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
command -v vim.tiny >/dev/null || { echo "vim.tiny is not installed"; exit 77; }
command -v bash >/dev/null || { echo "bash is not installed"; exit 77; }
new_repo "$TMPDIR/r"
sock=$TMPDIR/tmux.sock
T() { tmux -S "$sock" "$@"; }
VIM='vim.tiny -u NONE -i NONE -N'
ANS="--agent Claude --model claude-opus-4-5"
WANT="Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB"

# An interactive bash (job control: Ctrl-Z, fg) in the repository.
T -f /dev/null new-session -d -s t -x 80 -y 24 -c "$TMPDIR/r" \
	"env D='$D' GIT_EDITOR='$VIM' PS1='$ ' HISTFILE=/dev/null \
	 bash --norc --noprofile -i" || fail "tmux new-session"
shell=$(T display-message -p -t t '#{pane_pid}')
sid=$(ps -o sid= -p "$shell" | tr -d ' ')
[ -n "$sid" ] || fail "no session id for the shell $shell"

screen() { T capture-pane -p -t t; }
# a failed run must not leave its processes behind either
cleanup() {
	for p in $(procs | awk '{ print $1 }'); do
		kill -KILL "$p" 2>/dev/null
	done
	T kill-server 2>/dev/null
}
trap cleanup EXIT
# wait_until WHAT CMD...: poll CMD (5 s at most).
wait_until() {
	what=$1
	shift
	i=0
	until "$@"; do
		i=$((i + 1))
		if [ $i -gt 50 ]; then
			screen >&2
			ps -e -o sid=,pid=,pgid=,tpgid=,stat=,args= |
				awk -v s="$sid" '$1 == s' >&2
			fail "timeout waiting for $what"
		fi
		sleep 0.1
	done
}
shows() { screen | grep -qF -- "$1"; }
# finished NAME: the line "NAME-rc=<status>" was printed (not just typed)
finished() { screen | grep -qE "^$1-rc=[0-9]+\$"; }
status_of() { screen | sed -n "s/^$1-rc=\([0-9]*\)\$/\1/p"; }
# vim is up when its empty-line markers are drawn
vim_lines() { [ "$(screen | grep -c '^~ *$')" -ge "${1:-3}" ]; }
# The terminal's processes other than the shell: "pid pgid tpgid stat comm".
procs() {
	ps -e -o sid=,pid=,pgid=,tpgid=,stat=,comm= |
		awk -v s="$sid" -v sh="$shell" '$1 == s && $2 != sh {
			print $2, $3, $4, $5, $6 }'
}
no_procs() { [ -z "$(procs)" ]; }
cleared() { [ "$(screen | grep -c .)" -le 1 ]; }
run() {
	T send-keys -t t "clear" Enter
	wait_until "a clear screen" cleared
	T send-keys -t t "$1" Enter
}
# result NAME: once the command typed by run has ended with all its
# processes, its exit status as the shell saw it
result() {
	wait_until "no process left ($1)" no_procs
	T send-keys -t t "echo $1-rc=\$?" Enter
	wait_until "$1-rc" finished "$1"
	status_of "$1"
}
# vim runs in the foreground process group of the terminal, not stopped
vim_in_foreground() {
	line=$(procs | awk '$5 ~ /^vim/')
	[ -n "$line" ] || fail "no vim running: $(procs)"
	set -- $line
	[ "$2" = "$3" ] || fail "vim's process group $2 is not the terminal's $3"
	case $4 in *T*) fail "vim is stopped ($4)" ;; esac
}
head0=$(git rev-parse HEAD)

# (a) a message typed in vim gets the trailers, as git places trailers
echo a >a.c && git add a.c
run "\"\$D\" commit $ANS"
wait_until "vim" vim_lines
vim_in_foreground
# a resize reaches vim (SIGWINCH): it redraws to the new height
T resize-window -t t -x 80 -y 40
wait_until "vim to redraw 40 lines" vim_lines 30
T send-keys -t t ggOsubject\ line Escape :wq Enter
[ "$(result a)" = 0 ] || fail "commit with vim failed: $(screen)"
expect_eq "message from vim" "subject line

$WANT" "$(git log -1 --format=%B)"
expect_eq "trailers" "$WANT" \
	"$(git log -1 --format=%B | git interpret-trailers --parse)"
head1=$(git rev-parse HEAD)
T resize-window -t t -x 80 -y 24

# (b) :cq (the editor fails) aborts: nothing committed, non-zero status
echo b >b.c && git add b.c
run "\"\$D\" commit $ANS"
wait_until "vim" vim_lines
vim_in_foreground
T send-keys -t t ggOlost Escape :cq Enter
[ "$(result b)" = 0 ] && fail ":cq committed: $(screen)"
expect_eq ":cq commits nothing" "$head1" "$(git rev-parse HEAD)"
# the last word names what the user ran: the editor and git disclose
# commit, and what git's line about "__editor" is
T capture-pane -p -J -t t >"$TMPDIR/cq.txt"
expect_grep "git disclose: your editor 'vim.tiny -u NONE -i NONE -N' exited with status 1" \
	"$TMPDIR/cq.txt"
expect_grep "nothing was committed" "$TMPDIR/cq.txt"
expect_grep "__editor' above is git disclose commit running your editor" \
	"$TMPDIR/cq.txt"

# SIGINT to the foreground group while vim is open: vim ignores it in
# normal mode, so nothing may die and leave vim behind; then :cq ends
# everything, with the status plain git commit has then (the sh that
# runs an editor command line with options dies of the SIGINT it saw).
# Ctrl-C in the terminal kills an editor that does not catch it (here a
# shell script waiting on the terminal, like a GUI editor's --wait): the
# commit is aborted with git's own status and nothing is left behind.
cat >"$TMPDIR/waiting-editor" <<'EOS'
#!/bin/sh
echo "editing $1"
read answer
EOS
chmod +x "$TMPDIR/waiting-editor"
for who in git disclose; do
	if [ $who = git ]; then
		cmd="git commit -s"
	else
		cmd="\"\$D\" commit $ANS"
	fi
	run "$cmd"
	wait_until "vim" vim_lines
	before=$(procs | awk '{ print $1 }' | sort)
	tpgid=$(procs | awk '$5 ~ /^vim/ { print $3 }')
	kill -INT -"$tpgid"
	# vim takes the interrupt at its next key (and drops typeahead)
	T send-keys -t t Escape
	wait_until "vim to report the interrupt" shows "Type  :qa"
	expect_eq "$who: SIGINT kills nothing while vim runs" "$before" \
		"$(procs | awk '{ print $1 }' | sort)"
	T send-keys -t t :cq Enter
	eval "int_$who=\$(result int-$who)"

	run "GIT_EDITOR=$TMPDIR/waiting-editor $cmd"
	wait_until "the waiting editor" shows "editing "
	T send-keys -t t C-c
	eval "cc_$who=\$(result cc-$who)"
	expect_eq "$who: Ctrl-C commits nothing" "$head1" "$(git rev-parse HEAD)"
done
echo "plain git commit: SIGINT + :cq -> $int_git, Ctrl-C -> $cc_git"
[ "$int_git" != 0 ] || fail "plain git commit committed after SIGINT + :cq"
expect_eq "SIGINT + :cq: status as plain git commit's" "$int_git" \
	"$int_disclose"
[ "$cc_git" != 0 ] || fail "plain git commit committed after Ctrl-C"
expect_eq "Ctrl-C: status as plain git commit's" "$cc_git" "$cc_disclose"
ls "$(git rev-parse --git-dir)" | grep -i disclose &&
	fail "a temporary file of git disclose was left in the git dir"

# (c) Ctrl-Z in vim suspends the whole job to the shell, fg resumes it
run "\"\$D\" commit $ANS"
wait_until "vim" vim_lines
vim_in_foreground
T send-keys -t t C-z
wait_until "the job to stop" shows "Stopped"
for p in $(procs | awk '{ print $1 }'); do
	case $(ps -o stat= -p "$p") in
	*T*) ;;
	*) fail "process $p was not stopped by Ctrl-Z: $(procs)" ;;
	esac
done
T send-keys -t t fg Enter
wait_until "vim back" vim_lines
vim_in_foreground
T send-keys -t t ggOafter\ suspend Escape :wq Enter
[ "$(result d)" = 0 ] || fail "commit after fg failed: $(screen)"
expect_eq "message after Ctrl-Z and fg" "after suspend

$WANT" "$(git log -1 --format=%B)"
expect_eq "two commits made in all" 2 "$(git rev-list --count "$head0"..)"
git fsck --strict >/dev/null 2>&1 || fail "fsck"
echo "commit-vim: all passed"
