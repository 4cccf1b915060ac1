# git disclose on a b4 prep branch, with Debian's real b4 0.12: the
# default range of every command is b4's series (the patches after its
# cover-letter commit), the cover commit is never rewritten or checked as
# a patch (also inside a range the user names: skipped, and said so),
# b4 prep --show-info keeps working, its tracking JSON stays byte for
# byte, and cover --b4 writes the paragraph into b4's cover letter.
. "$TOP/tests/e2e/lib.sh"
command -v b4 >/dev/null 2>&1 || { echo "b4 is not installed"; exit 77; }
A="--agent Claude --model claude-opus-4-5"
MARK="--- b4-submit-tracking ---"

# a local "upstream" and a clone whose origin/master is the base
git init -q -b master "$TMPDIR/up" || fail "git init"
cd "$TMPDIR/up" || fail "cd up"
git -c user.name=Up -c user.email=up@example.org commit -q --allow-empty \
	-m "upstream base" || fail "upstream commit"
git clone -q "$TMPDIR/up" "$TMPDIR/r" || fail "clone"
cd "$TMPDIR/r" || fail "cd r"
git config user.name "Hu Man"
git config user.email "hu@example.org"
git config commit.gpgsign false
b4 prep -n frob -f origin/master >"$TMPDIR/b4.out" 2>&1 ||
	fail "b4 prep -n: $(cat "$TMPDIR/b4.out")"
cover=$(git rev-parse HEAD)
cover_tree=$(git rev-parse HEAD^{tree})
cover_msg=$(git cat-file commit HEAD | sed '1,/^$/d')
# the tracking block: the marker line and everything after it
tracking() {
	git cat-file commit "$1" | sed -n "/^$MARK\$/,\$p"
}
tracking_before=$(tracking "$cover")
[ -n "$tracking_before" ] || fail "no tracking block in b4's cover commit"

commit_msg() {
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint f%s;\n' "$1" >"f$1.c"
	git add "f$1.c"
	printf 'frob: change %s\n\nBody %s.\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n' \
		"$1" "$1" | git commit -q -F - || fail "commit $1"
}
commit_msg 1
commit_msg 2

# b4 prep --show-info works, and the cover commit is the same one
show_info() {
	b4 prep --show-info >"$TMPDIR/info" 2>&1 ||
		fail "b4 prep --show-info ($1): $(cat "$TMPDIR/info")"
}
cover_intact() {
	now=$(git log -F --grep="$MARK" --format=%H -1)
	[ -n "$now" ] || fail "$1: no cover commit any more"
	expect_eq "$1: cover tree" "$cover_tree" "$(git rev-parse "$now^{tree}")"
	expect_eq "$1: tracking JSON" "$tracking_before" "$(tracking "$now")"
}

# amend: the default range is b4's series, the cover is left alone
expect_status 0 "$D" amend $A
expect_grep "rewrote 2 of 2 commits" "$TMPDIR/out"
expect_grep "range from b4 prep branch b4/frob" "$TMPDIR/out"
show_info "after amend"
cover_intact "amend"
expect_eq "cover commit kept its id" "$cover" "$(git rev-parse HEAD~2)"
expect_eq "cover message" "$cover_msg" \
	"$(git cat-file commit HEAD~2 | sed '1,/^$/d')"
for c in HEAD HEAD~1; do
	git log -1 --format=%B "$c" >"$TMPDIR/msg"
	expect_grep "Assisted-by: Claude:claude-opus-4-5" "$TMPDIR/msg"
	expect_grep "$HUMAN_SOB" "$TMPDIR/msg"
	expect_eq "$c: our trailers last" \
		"Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(git interpret-trailers --parse <"$TMPDIR/msg" | tail -n 2)"
done
expect_grep "commit-$(git rev-parse --short HEAD): frob: change 2" "$TMPDIR/info"

# fix (default range: b4's series) converts what amend left of the
# vendor trailers; the cover commit again stays as it is
expect_status 0 "$D" fix
expect_grep "range from b4 prep branch b4/frob" "$TMPDIR/out"
cover_intact "fix"
expect_eq "fix: cover commit kept its id" "$cover" "$(git rev-parse HEAD~2)"
show_info "after fix"
for c in HEAD HEAD~1; do
	git log -1 --format=%B "$c" >"$TMPDIR/msg"
	grep -q "Co-Authored-By" "$TMPDIR/msg" && fail "$c: vendor trailer kept"
	expect_grep "Assisted-by: Claude:claude-opus-4-5" "$TMPDIR/msg"
	expect_grep "$HUMAN_SOB" "$TMPDIR/msg"
done

# check: clean on the default range, which it says came from b4
expect_status 0 "$D" check
expect_grep "2 commits, 0 errors, 0 warnings" "$TMPDIR/out"
expect_grep "b4 prep" "$TMPDIR/out"
expect_grep "$cover" "$TMPDIR/out"
expect_status 0 "$D" check --json
grep -q "range from" "$TMPDIR/out" && fail "check --json: a note in the JSON"
expect_grep "range from b4 prep branch b4/frob" "$TMPDIR/err"
expect_status 0 "$D" config
expect_grep "b4 prep" "$TMPDIR/out"

# a range the user names that holds the cover: skipped, and said so
before=$(repo_state)
expect_status 0 "$D" check origin/master..HEAD
expect_grep "2 commits, 0 errors, 0 warnings" "$TMPDIR/out"
expect_grep "skipped" "$TMPDIR/out"
expect_status 0 "$D" amend $A origin/master..HEAD
expect_grep "skipped" "$TMPDIR/out"
expect_grep "already carry these trailers: nothing to do" "$TMPDIR/out"
expect_status 0 "$D" fix --dry-run origin/master..HEAD
expect_grep "skipped" "$TMPDIR/out"
expect_status 0 "$D" cover origin/master..HEAD
expect_grep "skipped" "$TMPDIR/err"
expect_grep "AI assistance: All 2 patches of this series were" "$TMPDIR/out"
expect_eq "read-only and no-op runs change nothing" "$before" "$(repo_state)"
# the cover letter alone is not a patch to check or rewrite
expect_status 0 "$D" check "$cover"
expect_grep "0 commits" "$TMPDIR/out"
expect_grep "skipped" "$TMPDIR/out"
expect_status 2 "$D" amend $A "$cover"
expect_grep "cover letter" "$TMPDIR/err"
expect_eq "refusal changes nothing" "$before" "$(repo_state)"

# cover --b4: the paragraph goes into b4's cover letter, above its
# tracking block; only the cover commit's message changes
git log --format='%T %B' HEAD~2..HEAD >"$TMPDIR/patches.before"
expect_status 0 "$D" cover --b4
show_info "after cover --b4"
cover_intact "cover --b4"
newcover=$(git rev-parse HEAD~2)
[ "$newcover" != "$cover" ] || fail "cover --b4 did not change the cover"
git log -1 --format=%B "$newcover" >"$TMPDIR/letter"
expect_grep "AI assistance: All 2 patches of this series were" "$TMPDIR/letter"
expect_grep "Claude with the model claude-opus-4-5" "$TMPDIR/letter"
above=$(sed -n "/^$MARK\$/q;/AI assistance:/p" "$TMPDIR/letter")
[ -n "$above" ] || fail "the paragraph is not above the tracking block"
expect_grep "EDITME: cover title for frob" "$TMPDIR/letter"
git log --format='%T %B' HEAD~2..HEAD >"$TMPDIR/patches.after"
cmp -s "$TMPDIR/patches.before" "$TMPDIR/patches.after" ||
	fail "cover --b4 changed a patch: $(diff "$TMPDIR/patches.before" "$TMPDIR/patches.after")"
# b4's own reading of its letter (its editor is cat: the letter is shown)
EDITOR=cat b4 prep --edit-cover >"$TMPDIR/b4letter" 2>&1 ||
	fail "b4 prep --edit-cover: $(cat "$TMPDIR/b4letter")"
expect_grep "AI assistance: All 2 patches of this series were" "$TMPDIR/b4letter"
expect_grep "Cover letter unchanged." "$TMPDIR/b4letter"
b4 prep --show-info 2>&1 | grep -q "^cover-subject: EDITME: cover title for frob" ||
	fail "b4 lost the cover subject"
# again: the same paragraph is there already
before=$(repo_state)
expect_status 0 "$D" cover --b4
expect_grep "already" "$TMPDIR/out"
expect_eq "second cover --b4 is a no-op" "$before" "$(repo_state)"
expect_status 0 "$D" check
expect_grep "2 commits, 0 errors, 0 warnings" "$TMPDIR/out"
# a changed paragraph replaces the one cover --b4 wrote, where it stood
expect_status 0 "$D" cover --b4 --tested "frob the widgets, tests first"
expect_grep "wrote the paragraph" "$TMPDIR/out"
git log -1 --format=%B HEAD~2 >"$TMPDIR/letter"
expect_grep "frob the widgets, tests first" "$TMPDIR/letter"
[ "$(grep -c '^AI assistance:' "$TMPDIR/letter")" = 1 ] ||
	fail "two AI assistance paragraphs: $(cat "$TMPDIR/letter")"
cover_intact "cover --b4 replacing its paragraph"
# once the human edits it, it is theirs: refused, nothing changed
EDITOR="sed -i s/^AI\ assistance:\ All\ 2/AI\ assistance:\ Both/" \
	b4 prep --edit-cover >"$TMPDIR/b4edit" 2>&1 ||
	fail "b4 prep --edit-cover: $(cat "$TMPDIR/b4edit")"
git log -1 --format=%B HEAD~2 | grep -q "^AI assistance: Both" ||
	fail "the edit did not reach the letter"
before=$(repo_state)
expect_status 2 "$D" cover --b4
expect_grep "your words are not replaced" "$TMPDIR/err"
expect_eq "an edited paragraph is kept" "$before" "$(repo_state)"

# the assistant, in a real terminal: b4's series, never its cover letter
# tui RANGE...: start it in tmux, the first screen into $TMPDIR/screen
tui() {
	if ! command -v tmux >/dev/null; then
		echo "tmux is not installed: the assistant part is not run"
		return 0
	fi
	sock=$TMPDIR/tmux.sock
	cat >"$TMPDIR/run.sh" <<RUN
cd "$TMPDIR/r" || exit 1
"$D" $*
echo \$? >"$TMPDIR/rc"
RUN
	rm -f "$TMPDIR/rc"
	tmux -S "$sock" -f /dev/null new-session -d -s t -x 100 -y 24 \
		"sh $TMPDIR/run.sh" || fail "tmux new-session"
	i=0
	until tmux -S "$sock" capture-pane -p -t t >"$TMPDIR/screen" &&
	      grep -qF "frob: change 2" "$TMPDIR/screen"; do
		i=$((i + 1))
		[ $i -gt 50 ] && fail "the assistant did not show the series: $(cat "$TMPDIR/screen")"
		sleep 0.1
	done
	tmux -S "$sock" send-keys -t t q
	i=0
	while [ ! -s "$TMPDIR/rc" ]; do
		i=$((i + 1))
		[ $i -gt 50 ] && fail "the assistant did not leave"
		sleep 0.1
	done
	tmux -S "$sock" kill-server 2>/dev/null
	grep -q "EDITME" "$TMPDIR/screen" &&
		fail "the assistant shows b4's cover letter as a patch: $(cat "$TMPDIR/screen")"
	expect_grep "frob: change 1" "$TMPDIR/screen"
}
tui
expect_grep "(b4 prep series)" "$TMPDIR/screen"
tui origin/master..HEAD
expect_grep "(b4's cover letter left out)" "$TMPDIR/screen"

# the branch-description strategy: the cover letter and the tracking
# data live in branch.<name>.description and .b4-tracking
git checkout -q master || fail "checkout master"
git config b4.prep-cover-strategy branch-description
b4 prep -n desc -f origin/master >"$TMPDIR/b4.out" 2>&1 ||
	fail "b4 prep -n desc: $(cat "$TMPDIR/b4.out")"
git config --unset b4.prep-cover-strategy
expect_eq "strategy" "branch-description" \
	"$(git config branch.b4/desc.b4-prep-cover-strategy)"
track=$(git config branch.b4/desc.b4-tracking)
commit_msg 3
commit_msg 4
expect_status 0 "$D" amend $A
expect_grep "rewrote 2 of 2 commits" "$TMPDIR/out"
expect_status 0 "$D" fix
expect_status 0 "$D" check
expect_grep "2 commits, 0 errors, 0 warnings" "$TMPDIR/out"
expect_grep "b4 prep" "$TMPDIR/out"
show_info "branch-description after amend"
expect_status 0 "$D" cover --b4
show_info "branch-description after cover --b4"
git config branch.b4/desc.description >"$TMPDIR/letter"
expect_grep "AI assistance: All 2 patches of this series were" "$TMPDIR/letter"
expect_grep "EDITME: cover title for desc" "$TMPDIR/letter"
EDITOR=cat b4 prep --edit-cover >"$TMPDIR/b4letter" 2>&1 ||
	fail "b4 prep --edit-cover: $(cat "$TMPDIR/b4letter")"
expect_grep "AI assistance: All 2 patches of this series were" "$TMPDIR/b4letter"
expect_eq "tracking kept" "$track" "$(git config branch.b4/desc.b4-tracking)"

# outside b4, cover --b4 says what is wrong
git checkout -q master || fail "checkout master"
expect_status 2 "$D" cover --b4
expect_grep "b4 prep" "$TMPDIR/err"
echo "b4-prep: ok"
