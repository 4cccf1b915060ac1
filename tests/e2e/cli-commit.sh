# git disclose commit: -m, -F, -s, -a, paths, the editor, --amend (also
# --no-edit), with and without "--"; concurrent runs; git checks the result.
. "$TOP/tests/e2e/lib.sh"
new_repo "$TMPDIR/r"
ANS="--agent Claude --model claude-opus-4-5 --tool sparse"
WANT="Assisted-by: Claude:claude-opus-4-5 sparse
$HUMAN_SOB"

trailers() {
	git log -1 --format=%B | git interpret-trailers --parse
}

echo a >a.c && git add a.c
"$D" commit $ANS -- -m "Add a" -m "Body of a." || fail "commit -m"
expect_eq "-m" "$WANT" "$(trailers)"
expect_eq "-m paragraphs" "Add a

Body of a.

$WANT" "$(git log -1 --format=%B)"

# -s is ours to place: never duplicated
echo b >b.c && git add b.c
"$D" commit $ANS -- -s -m "Add b" || fail "commit -s"
expect_eq "-s" "$WANT" "$(trailers)"
echo b2 >b2.c && git add b2.c
"$D" commit $ANS -- -sm "Add b2" || fail "commit -sm"
expect_eq "-sm bundle" "$WANT" "$(trailers)"
expect_eq "-sm subject" "Add b2" "$(git log -1 --format=%s)"

# -F with an existing sign-off of the human and a vendor trailer: the
# trailer becomes the Assisted-by it tells (as amend converts it)
printf 'Add c\n\nBody.\n\n%s\nCo-Authored-By: Claude <noreply@anthropic.com>\n' \
	"$HUMAN_SOB" >msg
echo c >c.c && git add c.c
"$D" commit $ANS -- -F msg || fail "commit -F"
expect_eq "-F" "$WANT" "$(trailers)"

# the editor: what the human writes gets the trailers
cat >"$TMPDIR/ed.sh" <<'EOS'
#!/bin/sh
printf 'Add d\n\nWritten in the editor.\n' >"$1.new"
grep '^#' "$1" >>"$1.new"
mv "$1.new" "$1"
EOS
chmod +x "$TMPDIR/ed.sh"
echo d >d.c && git add d.c
GIT_EDITOR="$TMPDIR/ed.sh" "$D" commit $ANS -- -s || fail "commit with editor"
expect_eq "editor" "$WANT" "$(trailers)"
expect_eq "editor body" "Add d

Written in the editor.

$WANT" "$(git log -1 --format=%B)"

# an empty message in the editor aborts the commit: no trailers forced in
cat >"$TMPDIR/empty.sh" <<'EOS'
#!/bin/sh
grep '^#' "$1" >"$1.new"; mv "$1.new" "$1"
EOS
chmod +x "$TMPDIR/empty.sh"
head=$(git rev-parse HEAD)
echo e >e.c && git add e.c
GIT_EDITOR="$TMPDIR/empty.sh" expect_status 2 "$D" commit $ANS
expect_eq "aborted" "$head" "$(git rev-parse HEAD)"

# --amend through the editor keeps one set of trailers
GIT_EDITOR=: "$D" commit $ANS -- --amend || fail "commit --amend"
expect_eq "--amend" "$WANT" "$(trailers)"

# a hostile message is data, never shell
echo f >f.c && git add f.c
"$D" commit $ANS -- -m '$(touch pwned); `touch pwned2`' || fail "odd subject"
[ -e pwned ] || [ -e pwned2 ] && fail "a subject was run by a shell"
expect_eq "odd subject" '$(touch pwned); `touch pwned2`' "$(git log -1 --format=%s)"

# git commit's own options go directly, in any order with ours
echo g >g.c && git add g.c
"$D" commit -m "Add g" $ANS -m "Body of g." || fail "direct -m"
expect_eq "direct -m" "Add g

Body of g.

$WANT" "$(git log -1 --format=%B)"
echo h >h.c && git add h.c
printf 'Add h\n\n%s\n' "$HUMAN_SOB" >msg-h
"$D" commit -s $ANS -F msg-h || fail "direct -F -s"
expect_eq "direct -F -s" "Add h

$WANT" "$(git log -1 --format=%B)"
echo a2 >>a.c
"$D" commit -a $ANS -sm "Change a" || fail "direct -a"
expect_eq "direct -a commits the tracked change" "a.c" \
	"$(git diff-tree --no-commit-id --name-only -r HEAD)"
expect_eq "direct -a" "$WANT" "$(trailers)"
# paths after the options, with or without git's --, and the -F we add
# goes before them
echo b3 >>b.c && echo c3 >>c.c && echo d3 >>d.c
"$D" commit $ANS -m "Change b" b.c || fail "commit a path"
expect_eq "only the path" "b.c" \
	"$(git diff-tree --no-commit-id --name-only -r HEAD)"
"$D" commit -m "Change c" $ANS -- c.c || fail "commit a path after --"
expect_eq "only the path after --" "c.c" \
	"$(git diff-tree --no-commit-id --name-only -r HEAD)"
expect_eq "Change c" "$WANT" "$(trailers)"
"$D" commit $ANS -- -m "Change d" -- d.c || fail "old form with a path"
expect_eq "old form: only the path" "d.c" \
	"$(git diff-tree --no-commit-id --name-only -r HEAD)"
# a message that looks like our option is git's value
"$D" commit --allow-empty -m --agent $ANS || fail "-m --agent"
expect_eq "-m --agent" "--agent" "$(git log -1 --format=%s)"
# --amend --no-edit: HEAD's message gets the trailers
echo plain >plain.c && git add plain.c
git commit -q -m "Plain" -m "Its body."
"$D" commit $ANS --amend --no-edit 2>"$TMPDIR/err" || fail "--amend --no-edit"
expect_eq "--amend --no-edit" "Plain

Its body.

$WANT" "$(git log -1 --format=%B)"
grep -q warning "$TMPDIR/err" && fail "--amend --no-edit: $(cat "$TMPDIR/err")"
git status --porcelain | grep -v '^??' && fail "changes left uncommitted"

# concurrent runs in one repository: every commit has the message of the
# run that made it (each commits its own file); a run that lost the race
# for git's index.lock fails and commits nothing; no message file is left
echo p >p.txt && echo q >q.txt && git add p.txt q.txt
git commit -q -m "p and q"
gitdir=$(git rev-parse --git-dir)
both=0
for i in $(seq 20); do
	echo "$i" >>p.txt && echo "$i" >>q.txt
	base=$(git rev-parse HEAD)
	# the old form (answers, then --), which every version takes: the
	# rounds fail on a shared message file, not on the option parsing
	"$D" commit $ANS -- -m "round $i p" p.txt >"$TMPDIR/p.out" 2>&1 &
	pp=$!
	"$D" commit $ANS -- -m "round $i q" q.txt >"$TMPDIR/q.out" 2>&1 &
	pq=$!
	wait $pp; rp=$?
	wait $pq; rq=$?
	for c in $(git rev-list "$base"..HEAD); do
		s=$(git log -1 --format=%s "$c")
		f=$(git diff-tree --no-commit-id --name-only -r "$c")
		case $s in
		"round $i p") expect_eq "round $i: p's message" p.txt "$f" ;;
		"round $i q") expect_eq "round $i: q's message" q.txt "$f" ;;
		*) fail "round $i: commit $c has the message '$s'" ;;
		esac
		expect_eq "round $i: $s trailers" "$WANT" \
			"$(git log -1 --format=%B "$c" | git interpret-trailers --parse)"
	done
	for x in p q; do
		n=$(git log --format=%s "$base"..HEAD | grep -c "^round $i $x\$")
		if [ "$(eval echo \$r$x)" = 0 ]; then
			expect_eq "round $i: $x's commit" 1 "$n"
		else
			expect_eq "round $i: failed $x committed nothing" 0 "$n"
			expect_grep "git commit failed" "$TMPDIR/$x.out"
			git diff --name-only | grep -qx "$x.txt" ||
				fail "round $i: $x's change was lost"
			git commit -q -m "round $i $x by hand" "$x.txt"
		fi
	done
	[ "$rp$rq" = 00 ] && both=$((both + 1))
	ls "$gitdir" | grep DISCLOSE &&
		fail "round $i: a message file was left in $gitdir"
done
echo "concurrent rounds where both runs committed: $both of 20"

# The message file goes however the run ends: Ctrl-C (SIGINT to the
# whole process group) or SIGTERM to git disclose while git commit runs a
# slow pre-commit hook. The hook says when it runs and waits for "go".
cat >"$gitdir/hooks/pre-commit" <<EOS
#!/bin/sh
echo \$PPID >"$TMPDIR/hook-git"
: >"$TMPDIR/hook-up"
i=0
while [ ! -e "$TMPDIR/hook-go" ] && [ \$i -lt 100 ]; do
	sleep 0.1
	i=\$((i + 1))
done
EOS
chmod +x "$gitdir/hooks/pre-commit"
# wait_file FILE: until it exists (10 s at most)
wait_file() {
	i=0
	until [ -e "$1" ]; do
		i=$((i + 1))
		[ $i -gt 100 ] && fail "timeout waiting for $1"
		sleep 0.1
	done
}
head=$(git rev-parse HEAD)
for sig in INT TERM; do
	rm -f "$TMPDIR/hook-up" "$TMPDIR/hook-go" "$TMPDIR/hook-git"
	echo "$sig" >>p.txt
	# a group of its own, with SIGINT not ignored as sh does for &
	env --default-signal=INT,QUIT setsid \
		"$D" commit $ANS -m "killed by $sig" p.txt >"$TMPDIR/out" 2>&1 &
	pid=$!
	wait_file "$TMPDIR/hook-up"
	ls "$gitdir" | grep -q DISCLOSE_COMMIT_MSG ||
		fail "$sig: no message file while git commit runs"
	if [ $sig = INT ]; then
		kill -INT -"$pid"
	else
		kill -TERM "$pid"
	fi
	wait "$pid"
	rc=$?
	[ $sig = INT ] && want=130 || want=143
	expect_eq "$sig: git disclose dies of it" "$want" "$rc"
	ls "$gitdir" | grep DISCLOSE &&
		fail "$sig: the message file was left in $gitdir"
	# git commit outlives a SIGTERM to git disclose alone: let it end
	: >"$TMPDIR/hook-go"
	git_pid=$(cat "$TMPDIR/hook-git")
	i=0
	while kill -0 "$git_pid" 2>/dev/null; do
		i=$((i + 1))
		[ $i -gt 100 ] && fail "$sig: git commit $git_pid still runs"
		sleep 0.1
	done
	expect_eq "$sig: nothing committed" "$head" "$(git rev-parse HEAD)"
done
rm "$gitdir/hooks/pre-commit"
git checkout -q p.txt

# errors
expect_status 2 "$D" commit $ANS --agent
expect_grep "needs a value" "$TMPDIR/err"
expect_status 2 "$D" commit $ANS -- -m a -F msg
expect_grep "not both" "$TMPDIR/err"
expect_status 0 "$D" commit --help
expect_grep "usage: git disclose commit" "$TMPDIR/out"
git fsck --strict >/dev/null 2>&1 || fail "fsck"
echo "commit: all passed"
