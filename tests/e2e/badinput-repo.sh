# Bad-input matrix, repositories and environment: no user.name or
# user.email, a bare repository, a shallow clone, an unborn branch, a
# worktree, a directory outside any repository, a range that does not
# resolve, a read-only object directory, HOME unset. Exit 2 with one
# line saying what is wrong and what to do, or the right result; the
# repository is unchanged unless the command was meant to change it.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
A="--agent Claude --model claude-opus-4-5"
new_repo "$TMPDIR/r"
echo one >one.c && git add one.c && git commit -q -m "one: add"
echo two >two.c && git add two.c && git commit -q -m "two: add"
printf 'Fix it\n\nBody.\n' >"$TMPDIR/msg"
has_check=false
has_command check && has_check=true

# --- no identity: neither the repository nor the global config has one
git init -q -b main "$TMPDIR/noid" && cd "$TMPDIR/noid"
git -c user.name=X -c user.email=x@example.org commit -q --allow-empty -m "x: start"
row "noid-trailer" 2 "$D" trailer $A
row_err "user.name"
row_err "git config"
row "noid-place" 2 "$D" trailer $A --message "$TMPDIR/msg"
row_err "git config"
row "noid-amend" 2 "$D" amend $A
row_err "git config"
echo z >z.c && git add z.c
row "noid-commit" 2 "$D" commit $A -- -m "z: add"
row_err "git config"
git config user.name "Hu Man"
row "noid-email-trailer" 2 "$D" trailer $A
row_err "user.email"
git config --unset user.name
CHANGES=1 row "noid-no-signoff" 0 "$D" trailer $A --no-signoff
expect_eq "noid-no-signoff: the disclosure alone" \
	"Assisted-by: Claude:claude-opus-4-5" "$(cat "$TMPDIR/out")"

# --- a bare repository
git clone -q --bare "$TMPDIR/r" "$TMPDIR/bare.git" && cd "$TMPDIR/bare.git"
git config user.name "Hu Man" && git config user.email hu@example.org
row "bare-amend" 2 "$D" amend $A
row_err "bare repository"
row "bare-commit" 2 "$D" commit $A -- -m "x"
row "bare-trailer" 0 "$D" trailer $A
$has_check && row "bare-check" 1 "$D" check --no-spdx HEAD
if has_command fix; then
	row "bare-fix" 2 "$D" fix $A HEAD
fi

# --- a shallow clone: only what works today; check HEAD and amend there
# are known bugs (badinput-slow.sh)
git clone -q --depth 1 "file://$TMPDIR/r" "$TMPDIR/shallow" && cd "$TMPDIR/shallow"
git config user.name "Hu Man" && git config user.email hu@example.org
row "shallow-trailer" 0 "$D" trailer $A
$has_check && row "shallow-check-message" 1 "$D" check --message "$TMPDIR/msg"
# a range in a shallow clone: check walks it as git does (the boundary
# commits of .git/shallow are roots); amend's rewrite, which libgit2
# 1.5's revwalk plans, cannot stop at the boundary and says so with the
# remedy, nothing changed
git clone -q --depth 2 "file://$TMPDIR/r" "$TMPDIR/shallow2" && cd "$TMPDIR/shallow2"
git config user.name "Hu Man" && git config user.email hu@example.org
git commit -q --allow-empty -m "local work" || fail "shallow2 commit"
row "shallow-amend-range" 2 "$D" amend $A HEAD~1..HEAD
row_err "a shallow clone?"
row_err "git fetch --deepen"
if $has_check; then
	row "shallow-check-range" 1 "$D" check --no-spdx HEAD~1..HEAD
	grep -qF "1 commit, 1 error" "$TMPDIR/out" ||
		fail "shallow-check-range: $(tail -n 1 "$TMPDIR/out")"
	# the whole shallow history, boundary included, as git log lists it
	row "shallow-check-all" 1 "$D" check --json --no-spdx HEAD
	n=$("$D" check --json --no-spdx "$(git rev-list --max-parents=0 HEAD)..HEAD" | wc -l)
	[ "$n" = 2 ] || fail "shallow-check-root-range: $n commits, git log has $(git rev-list --count HEAD) of which the boundary is the root"
	row "shallow-report" 0 "$D" report --json
fi

# --- an unborn branch
git init -q -b main "$TMPDIR/unborn" && cd "$TMPDIR/unborn"
git config user.name "Hu Man" && git config user.email hu@example.org
row "unborn-amend" 2 "$D" amend $A
row_err "no commits yet"
$has_check && row "unborn-check" 2 "$D" check
$has_check && row_err "no commits"
row "unborn-trailer" 0 "$D" trailer $A
echo a >a.c && git add a.c
CHANGES=1 row "unborn-commit" 0 "$D" commit $A -- -m "a: first commit"
expect_eq "unborn-commit: the trailers" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(git log -1 --format=%B | git interpret-trailers --parse)"

# --- a worktree: the commands work there, on the worktree's branch
cd "$TMPDIR/r" && git worktree add -q -b side "$TMPDIR/wt" && cd "$TMPDIR/wt"
main_before=$(git rev-parse main)
CHANGES=1 row "worktree-amend" 0 "$D" amend $A
expect_eq "worktree-amend: main untouched" "$main_before" "$(git rev-parse main)"
git log -1 --format=%B side | grep -qx "$HUMAN_SOB" || fail "worktree-amend: side"
$has_check && row "worktree-check" 0 "$D" check --no-spdx HEAD
fsck_clean

# --- outside any repository
mkdir -p "$TMPDIR/plain" && cd "$TMPDIR/plain"
export GIT_CEILING_DIRECTORIES=$TMPDIR
row "outside-amend" 2 "$D" amend $A
row_err "not"
row "outside-commit" 2 "$D" commit $A -- -m x
$has_check && row "outside-check" 2 "$D" check
row "outside-parse" 0 "$D" trailer --parse --message "$TMPDIR/msg"
row "outside-catalogue" 0 "$D" catalogue
git config --global user.name "Hu Man"
git config --global user.email hu@example.org
row "outside-trailer" 0 "$D" trailer $A
$has_check && row "outside-check-message" 1 "$D" check --message "$TMPDIR/msg"
unset GIT_CEILING_DIRECTORIES
git config --global --unset user.name
git config --global --unset user.email

# --- a repository git cannot read (a broken config): an error naming
# the file, never taken for "no repository here", whose configuration
# (comment char, identity, policy) would silently be lost
git init -q -b main "$TMPDIR/broken" && cd "$TMPDIR/broken"
printf '[core\n' >>.git/config
row "broken-check-message" 2 "$D" check --message "$TMPDIR/msg"
row_err ".git/config"
row "broken-parse" 2 "$D" trailer --parse --message "$TMPDIR/msg"
row_err ".git/config"
row "broken-editor" 2 env DISCLOSE_REAL_EDITOR=true "$D" __editor "$TMPDIR/msg"
row "broken-config" 2 "$D" config
row_err "bad config line"

# --- a range that does not resolve
cd "$TMPDIR/r"
# (HEAD..nosuch leaks under the sanitizers: badinput-slow.sh)
for range in nosuch nosuch..HEAD 'HEAD~99..HEAD' ':/no such subject' '..'; do
	$has_check && { row "range-check:$range" 2 "$D" check "$range"; row_err "$range"; }
	row "range-amend:$range" 2 "$D" amend $A "$range"
	has_command fix && row "range-fix:$range" 2 "$D" fix $A "$range"
	has_command cover && row "range-cover:$range" 2 "$D" cover "$range"
	has_command boot && row "range-boot:$range" 2 "$D" boot "$range"
done

# --- HOME unset: the repository's own config is enough
cd "$TMPDIR/r"
row "nohome-trailer" 0 env -u HOME -u XDG_CONFIG_HOME "$D" trailer $A
row "nohome-catalogue" 0 env -u HOME -u XDG_CONFIG_HOME "$D" catalogue
$has_check && row "nohome-check" 1 env -u HOME -u XDG_CONFIG_HOME "$D" check --no-spdx HEAD
CHANGES=1 row "nohome-amend" 0 env -u HOME -u XDG_CONFIG_HOME "$D" amend $A
git config --unset user.name
row "nohome-noid" 2 env -u HOME -u XDG_CONFIG_HOME "$D" trailer $A
row_err "user.name"
git config user.name "Hu Man"

# --- a read-only object directory: amend cannot write, and says so;
# the branch does not move. Run as nobody (as root, modes do not stop
# writes); the repository belongs to nobody, its objects are read-only.
if can_drop; then
	git clone -q "$TMPDIR/r" "$TMPDIR/ro" && cd "$TMPDIR/ro"
	git config user.name "Hu Man" && git config user.email hu@example.org
	git commit -q --allow-empty -m "ro: needs trailers"
	mkdir -p "$TMPDIR/nobody-home"
	chown -R nobody:nogroup "$TMPDIR/ro" "$TMPDIR/nobody-home"
	open_up "$TMPDIR"
	find .git/objects -type d -exec chmod a-w {} +
	N="as_nobody env HOME=$TMPDIR/nobody-home XDG_CONFIG_HOME=$TMPDIR/nobody-home/.config"
	row "readonly-amend" 2 $N "$D" amend $A HEAD
	row_err "git disclose"
	echo w >w.c && chown nobody w.c && $N git add w.c 2>/dev/null
	row "readonly-commit" 2 $N "$D" commit $A -- -m "w: add"
	$has_check && row "readonly-check" 1 $N "$D" check --no-spdx HEAD
	find .git/objects -type d -exec chmod u+w {} +
else
	echo "row readonly-*: not run (needs root and setpriv)"
fi
echo "all repository rows passed"
