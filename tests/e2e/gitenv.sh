# git's environment, as git's own commands honour it: the identity as
# git writes it (crud and newlines stripped), GIT_DIR / GIT_WORK_TREE /
# git --git-dir, git -c (GIT_CONFIG_PARAMETERS) and GIT_CONFIG_COUNT,
# core.commentChar from -c (also "auto"), and git's lock files.
. "$TOP/tests/e2e/lib.sh"
mkdir -p "$TMPDIR/bin" && ln -s "$D" "$TMPDIR/bin/git-disclose"
PATH=$TMPDIR/bin:$PATH
export PATH
ANS="--agent Claude --model claude-opus-4-5"

# change FILE: one more commit touching FILE
change() {
	echo "$1 $(date +%N)" >>"$1" && git add "$1" &&
		git commit -q -m "Change $1" || fail "commit $1"
}

# ident_now: what git would write as the committer now, without the date
ident_now() {
	git var GIT_COMMITTER_IDENT | sed 's/ [0-9]* [-+][0-9]*$//'
}

# committer_of REV: the committer of REV, without the date
committer_of() {
	git cat-file commit "$1" | sed -n 's/^committer \(.*\) [0-9]* [-+][0-9]*$/\1/p'
}

# ---- 1. the identity is written as git writes it ----
new_repo "$TMPDIR/id"
change a
git config user.name "$(printf 'Name\nInjected: header')"
expect_status 0 "$D" amend $ANS
git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 ||
	fail "fsck --strict after a newline in user.name: $(cat "$TMPDIR/fsck")"
want=$(ident_now)
expect_eq "git's own committer ident" "NameInjected: header <hu@example.org>" "$want"
expect_eq "committer header as git writes it" "$want" "$(committer_of HEAD)"
expect_eq "sign-off as git writes it" "Signed-off-by: $want" \
	"$(git log -1 --format=%B | grep '^Signed-off-by:')"
git log -1 --format=%B | grep -q '^Injected' && fail "a line was injected"

# crud at either end of the name, as git strips it
git config user.name ' ."Hu Man",; '
change b
expect_status 0 "$D" amend $ANS
want=$(ident_now)
expect_eq "crud stripped" "Hu Man <hu@example.org>" "$want"
expect_eq "sign-off without crud" "Signed-off-by: $want" \
	"$(git log -1 --format=%B | grep '^Signed-off-by:')"
git config user.name "Hu Man"

# a newline in GIT_COMMITTER_EMAIL
change c
GIT_COMMITTER_EMAIL=$(printf 'hu@example.org\nInjected: x')
export GIT_COMMITTER_EMAIL
expect_status 0 "$D" amend $ANS
want=$(ident_now)
unset GIT_COMMITTER_EMAIL
git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 ||
	fail "fsck --strict after a newline in GIT_COMMITTER_EMAIL: $(cat "$TMPDIR/fsck")"
expect_eq "committer from GIT_COMMITTER_EMAIL" "$want" "$(committer_of HEAD)"
expect_eq "the sign-off stays the configured one" "$HUMAN_SOB" \
	"$(git log -1 --format=%B | grep '^Signed-off-by:')"

# a name that is nothing but crud is refused, as git refuses it
change d
git config user.name '...'
tip=$(git rev-parse HEAD)
expect_status 2 "$D" amend $ANS
expect_grep "user.name" "$TMPDIR/err"
expect_eq "nothing written for a crud-only name" "$tip" "$(git rev-parse HEAD)"
git config user.name "Hu Man"

# ---- 11. GIT_DIR, GIT_WORK_TREE and git --git-dir name the repository ----
new_repo "$TMPDIR/A" && change a
new_repo "$TMPDIR/B" && change b
a_tip=$(git -C "$TMPDIR/A" rev-parse HEAD)
b_tip=$(git -C "$TMPDIR/B" rev-parse HEAD)
cd "$TMPDIR/B" || fail "cd B"
expect_status 0 env GIT_DIR=$TMPDIR/A/.git "$D" amend $ANS
expect_eq "GIT_DIR: B untouched" "$b_tip" "$(git -C "$TMPDIR/B" rev-parse HEAD)"
[ "$(git -C "$TMPDIR/A" rev-parse HEAD)" != "$a_tip" ] ||
	fail "GIT_DIR: A was not amended"
git -C "$TMPDIR/A" log -1 --format=%B | grep -q '^Assisted-by: Claude' ||
	fail "GIT_DIR: A has no Assisted-by"
a_tip=$(git -C "$TMPDIR/A" rev-parse HEAD)
expect_status 0 git --git-dir="$TMPDIR/A/.git" --work-tree="$TMPDIR/A" \
	disclose amend --tool sparse
expect_eq "git --git-dir: B untouched" "$b_tip" \
	"$(git -C "$TMPDIR/B" rev-parse HEAD)"
git -C "$TMPDIR/A" log -1 --format=%B |
	grep -q '^Assisted-by: Claude:claude-opus-4-5 sparse' ||
	fail "git --git-dir --work-tree: A not amended"
expect_status 1 env GIT_DIR=$TMPDIR/A/.git "$D" check --message - <<EOF
Subject

Signed-off-by: Claude <noreply@anthropic.com>
EOF
expect_status 0 env GIT_DIR=$TMPDIR/A/.git GIT_WORK_TREE=$TMPDIR/A \
	"$D" trailer $ANS
expect_status 2 env GIT_DIR=$TMPDIR/nowhere "$D" amend $ANS
expect_grep "nowhere" "$TMPDIR/err"
expect_eq "bad GIT_DIR: B untouched" "$b_tip" "$(git rev-parse HEAD)"

# GIT_OBJECT_DIRECTORY: git reads and writes objects there, so the
# rewrite's new commits must land there too (they went to .git/objects,
# and git then saw the branch at a missing commit)
mkdir "$TMPDIR/od-objects"
git init -q -b main "$TMPDIR/od" || fail "init od"
(
	export GIT_OBJECT_DIRECTORY=$TMPDIR/od-objects
	cd "$TMPDIR/od" || fail "cd od"
	git config user.name "Hu Man" && git config user.email hu@example.org
	change a && change b
	[ -z "$(ls .git/objects/pack)" ] || fail "objects not in GIT_OBJECT_DIRECTORY"
	expect_status 0 "$D" amend $ANS
	git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 ||
		fail "GIT_OBJECT_DIRECTORY: fsck: $(cat "$TMPDIR/fsck")"
	git log -1 --format=%B | grep -q '^Assisted-by: Claude' ||
		fail "GIT_OBJECT_DIRECTORY: not amended"
) || exit 1
cd "$TMPDIR/B" || fail "cd B"

# ---- 12. git -c and GIT_CONFIG_COUNT come first ----
cd "$TMPDIR/id" || fail "cd id"
change e
expect_status 0 git -c user.name='Cee Name' -c user.email=cee@example.org \
	disclose amend $ANS
want=$(git -c user.name='Cee Name' -c user.email=cee@example.org var \
	GIT_COMMITTER_IDENT | sed 's/ [0-9]* [-+][0-9]*$//')
expect_eq "git -c identity in the sign-off" "Signed-off-by: $want" \
	"$(git log -1 --format=%B | grep '^Signed-off-by:' | tail -n 1)"
expect_eq "git -c identity as committer" "$want" "$(committer_of HEAD)"
change f
expect_status 0 env GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name \
	GIT_CONFIG_VALUE_0="Env Name" GIT_CONFIG_KEY_1=USER.EMAIL \
	GIT_CONFIG_VALUE_1=env@example.org "$D" amend $ANS
expect_eq "GIT_CONFIG_COUNT identity" \
	"Signed-off-by: Env Name <env@example.org>" \
	"$(git log -1 --format=%B | grep '^Signed-off-by:' | tail -n 1)"
# quoting: a value with a quote and spaces, git's own way
change g
expect_status 0 git -c "user.name=Ann O'Neil" disclose amend $ANS
expect_eq "quoted -c value" "Signed-off-by: Ann O'Neil <hu@example.org>" \
	"$(git log -1 --format=%B | grep '^Signed-off-by:' | tail -n 1)"

# GIT_CONFIG_GLOBAL and GIT_CONFIG_SYSTEM name the files, as for git
git init -q "$TMPDIR/noid"
printf '[user]\n\tname = Glo Bal\n\temail = glo@example.org\n' >"$TMPDIR/global"
printf '[user]\n\tname = Sys Tem\n\temail = sys@example.org\n' >"$TMPDIR/system"
for dir in "$TMPDIR/noid" "$TMPDIR"; do
	(cd "$dir" && GIT_CONFIG_GLOBAL=$TMPDIR/global \
		"$D" trailer $ANS) >"$TMPDIR/out" 2>"$TMPDIR/err" ||
		fail "GIT_CONFIG_GLOBAL in $dir: $(cat "$TMPDIR/err")"
	expect_grep "Signed-off-by: Glo Bal <glo@example.org>" "$TMPDIR/out"
	(cd "$dir" && env -u GIT_CONFIG_NOSYSTEM \
		GIT_CONFIG_SYSTEM=$TMPDIR/system GIT_CONFIG_GLOBAL=/dev/null \
		"$D" trailer $ANS) >"$TMPDIR/out" 2>"$TMPDIR/err" ||
		fail "GIT_CONFIG_SYSTEM in $dir: $(cat "$TMPDIR/err")"
	expect_grep "Signed-off-by: Sys Tem <sys@example.org>" "$TMPDIR/out"
	(cd "$dir" && GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_SYSTEM=$TMPDIR/system \
		GIT_CONFIG_GLOBAL=/dev/null "$D" trailer $ANS) \
		>"$TMPDIR/out" 2>"$TMPDIR/err" &&
		fail "GIT_CONFIG_NOSYSTEM: the system file was read"
	expect_grep "identity is not set" "$TMPDIR/err"
done

# core.commentChar from -c: the verbose editor's scissors line is ';'
cat >"$TMPDIR/ed.sh" <<'EOF'
#!/bin/sh
{ printf 'Subject from the editor\n\nBody.\n'; cat "$1"; } >"$1.new" &&
	mv "$1.new" "$1"
EOF
chmod +x "$TMPDIR/ed.sh"
echo v >v.txt && git add v.txt
GIT_EDITOR=$TMPDIR/ed.sh git -c core.commentChar=';' disclose commit $ANS \
	-- -v >"$TMPDIR/out" 2>"$TMPDIR/err"
rc=$?
if git log -1 --format=%s | grep -q 'Subject from the editor'; then
	git log -1 --format=%B | grep -q '^Assisted-by: Claude' ||
		[ "$rc" -ne 0 ] || fail "commentChar=';': trailers lost, exit 0"
	git log -1 --format=%B | grep -q '^Assisted-by: Claude' ||
		fail "commentChar=';': trailers lost ($(cat "$TMPDIR/err"))"
else
	fail "commentChar=';': no commit (exit $rc): $(cat "$TMPDIR/err")"
fi
# "auto": git picks ';' when a line of the message starts with '#'
echo w >w.txt && git add w.txt
git commit -q -F - <<'EOF'
Add w

#include <w.h> is what it needs.
EOF
GIT_EDITOR=: git -c core.commentChar=auto disclose commit $ANS \
	-- --amend -v >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	fail "commentChar=auto: exit $?: $(cat "$TMPDIR/err")"
git log -1 --format=%B | grep -q '^Assisted-by: Claude' ||
	fail "commentChar=auto: trailers lost"
git log -1 --format=%B | grep -q '^#include <w.h>' ||
	fail "commentChar=auto: the '#' line was lost"

# a commit-msg hook that drops the trailers: never a success
cat >.git/hooks/commit-msg <<'EOF'
#!/bin/sh
grep -v '^Assisted-by:' "$1" >"$1.new" && mv "$1.new" "$1"
EOF
chmod +x .git/hooks/commit-msg
echo u >u.txt && git add u.txt
expect_status 2 git disclose commit $ANS -- -m "Add u"
expect_grep "git disclose amend" "$TMPDIR/err"
rm .git/hooks/commit-msg

# ---- 17. git's locks ----
change h
tip=$(git rev-parse HEAD)
for lock in HEAD.lock index.lock refs/heads/main.lock; do
	: >".git/$lock"
	expect_status 2 "$D" amend $ANS
	expect_grep "$lock" "$TMPDIR/err"
	expect_grep "another git process" "$TMPDIR/err"
	expect_eq "$lock: HEAD unchanged" "$tip" "$(git rev-parse HEAD)"
	rm -f ".git/$lock"
done
# a git commit -a whose editor is open holds index.lock
echo z >>h
GIT_EDITOR="sh -c 'touch $TMPDIR/ready; while [ ! -f $TMPDIR/go ]; do sleep 0.1; done' --" \
	git commit -q -a -m "Add z" -e >"$TMPDIR/commit.out" 2>&1 &
pid=$!
i=0
while [ ! -f "$TMPDIR/ready" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -f "$TMPDIR/ready" ] || fail "the editor of git commit did not start"
expect_status 2 "$D" amend $ANS
expect_grep "index.lock" "$TMPDIR/err"
touch "$TMPDIR/go"
wait $pid || fail "git commit died after git disclose ran: $(cat "$TMPDIR/commit.out")"
expect_eq "git commit went through" "Add z" "$(git log -1 --format=%s)"
echo "gitenv: ok"
