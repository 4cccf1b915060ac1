# git disclose cover: the disclosure paragraph of a cover letter.
. "$TOP/tests/e2e/lib.sh"
new_repo "$TMPDIR/r"
git branch -q base

commit_msg() {
	echo "$1" >>f.c
	git add f.c
	git commit -q -F - || fail "commit $1"
}
printf 'mm: first\n\nBody.\n\nAssisted-by: Claude:claude-opus-4-5 sparse coccinelle\n%s\n' \
	"$HUMAN_SOB" | commit_msg 1
printf 'mm: second, by hand\n\nBody.\n\n%s\n' "$HUMAN_SOB" | commit_msg 2
printf 'mm: third\n\nAssisted-by: Codex:gpt-5.5\nTested-by: Te Ster <t@example.org>\nReviewed-by: Re Viewer <r@example.org>\n%s\n' \
	"$HUMAN_SOB" | commit_msg 3
before=$(repo_state)

# cover ARGS...: run it (status 0), the paragraph on one line in $F
F=$TMPDIR/flat
cover() {
	expect_status 0 "$D" cover "$@"
	tr '\n' ' ' <"$TMPDIR/out" | tr -s ' ' >"$F"
}

cover base..HEAD
expect_grep "In this series of 3, patches 1 and 3 were written with" "$F"
expect_grep "Claude with the model claude-opus-4-5 (patch 1), using the analysis tools sparse and coccinelle;" "$F"
expect_grep "Codex with the model gpt-5.5 (patch 3)." "$F"
# without the human's word, a patch without Assisted-by: is only that
expect_grep "Patch 2 carries no Assisted-by: tag [say whether an AI helped with it]." "$F"
grep -q "without AI assistance" "$F" &&
	fail "cover says 'without AI assistance' nobody said"
expect_grep "  1/3 [AI] mm: first" "$TMPDIR/out"
expect_grep "  2/3      mm: second, by hand" "$TMPDIR/out"
expect_grep "  3/3 [AI] mm: third" "$TMPDIR/out"
# nobody certified the series in the assistant: no claim of a review
grep -q "I reviewed all of the AI-generated code" "$F" &&
	fail "cover claims a review nobody certified"
expect_grep "Reviewed by Re Viewer <r@example.org> (patch 3)." "$F"
expect_grep "Tested by Te Ster <t@example.org> (patch 3)." "$F"
# certified in the assistant (its session: every commit reviewed, every
# human item certified): the review sentence is the human's statement
ids=$(git rev-list --reverse base..HEAD | sed 's/.*/"&"/' | paste -sd, -)
rev=$(git rev-list base..HEAD | sed 's/.*/"&": "reviewed"/' | paste -sd, -)
mkdir -p .git/disclose
printf '{"version": 1, "range": "x..y", "commits": [%s], "review": {%s}, "certified": ["license", "dco", "responsibility"]}\n' \
	"$ids" "$rev" >.git/disclose/session.json
cover base..HEAD
expect_grep "I reviewed all of the AI-generated code" "$F"
# one item not certified: no claim again
sed -i 's/, "responsibility"//' .git/disclose/session.json
cover base..HEAD
grep -q "I reviewed all of the AI-generated code" "$F" &&
	fail "cover claims a review with an item uncertified"
# patch 2 marked in the assistant as without AI-generated code: now it
# is the human's statement
sed -i "s/\"$(git rev-parse HEAD~1)\": \"reviewed\"/\"$(git rev-parse HEAD~1)\": \"no-ai-code\"/" \
	.git/disclose/session.json
grep -q no-ai-code .git/disclose/session.json || fail "session edit"
cover base..HEAD
expect_grep "Patch 2 was written without AI assistance." "$F"
rm -r .git/disclose
before=$(repo_state)
# nothing about testing was given: a prompt, never an invented claim
expect_eq "no boot claim" "" "$(grep -i qemu "$TMPDIR/out")"
# lines fit a mail
long=$(awk 'length > 72' "$TMPDIR/out")
expect_eq "72 columns" "" "$long"
expect_eq "stderr quiet" "" "$(cat "$TMPDIR/err")"
expect_eq "read-only" "$before" "$(repo_state)"

# the user's words, and the boot verdict recorded for the tip
gitdir=$(git rev-parse --git-dir)
mkdir -p "$gitdir/disclose"
printf '{"tip":"%s","status":"pass","pass":true,"summary":"booted","release":"6.1.192","accel":"tcg"}\n' \
	"$(git rev-parse HEAD)" >"$gitdir/disclose/boot.json"
cover --reviewed "Read every line twice." --tested "Ran the mm selftests." base..HEAD
expect_grep "Read every line twice." "$F"
expect_grep "Testing: Ran the mm selftests." "$F"
expect_grep "booted in QEMU (tcg): kernel 6.1.192 reached userspace" "$F"
# the build results of the same verdict: every commit built (--each) and
# the W=1 comparison, with no new warning and then one accepted; only
# for a boot of these very commits ("series"), not of HEAD~1..HEAD
verdict_builds() {
	printf '{"tip":"%s","status":"pass","pass":true,"summary":"booted","release":"6.1.192","accel":"tcg","warnings_checked":true,"warnings_checked_files":["mm/a.c","mm/b.c"],"new_warnings":[%s],"warnings_accepted":%s,"commits":[{"commit":"%s","status":"built"},{"commit":"%s","status":"built"},{"commit":"%s","status":"%s"}],"failed_commit":null,"series":[%s]}\n' \
		"$(git rev-parse HEAD)" "$1" "$2" "$(git rev-parse HEAD~2)" \
		"$(git rev-parse HEAD~1)" "$(git rev-parse HEAD)" "${4:-pass}" \
		"$3" >"$gitdir/disclose/boot.json"
	cover base..HEAD
}
series=$(git rev-list base..HEAD | sed 's/.*/"&"/' | paste -sd, -)
verdict_builds "" false "$series"
expect_grep "Each of its 3 commits was built in turn (git disclose boot --each)." "$F"
expect_grep "Built with W=1 at its base and at its tip, the 2 .c files it touches gain no compiler warning." "$F"
verdict_builds '{"file":"mm/a.c","line":3,"message":"no previous prototype for f [-Wmissing-prototypes]"}' true "$series"
expect_grep "the 2 .c files it touches gain 1 compiler warning, accepted as they are." "$F"
# a boot of the tip alone: it booted, and nothing is said of the builds
verdict_builds "" false "\"$(git rev-parse HEAD)\""
expect_grep "booted in QEMU (tcg): kernel 6.1.192 reached userspace" "$F"
expect_eq "no W=1 claim for another range" "" "$(grep -e 'W=1' -e 'in turn' "$F")"
# --boot-each: every commit booted
sed -i 's/"status":"built"/"status":"pass"/g' "$gitdir/disclose/boot.json"
sed -i "s/\"series\":\[[^]]*\]/\"series\":[$series]/" "$gitdir/disclose/boot.json"
cover base..HEAD
expect_grep "Each of its 3 commits was built and booted in turn (git disclose boot --boot-each)." "$F"
# the user's words end in a full stop before the boot's sentences
cover --tested "booted on x86_64 in QEMU" base..HEAD
expect_grep "Testing: booted on x86_64 in QEMU. Tested by" "$F"
# a verdict for another tip says nothing about this one
printf '{"tip":"%s","status":"pass","pass":true,"summary":"booted","release":"6.1.192"}\n' \
	"$(git rev-parse HEAD~1)" >"$gitdir/disclose/boot.json"
expect_status 0 "$D" cover base..HEAD
expect_eq "stale verdict ignored" "" "$(grep -i qemu "$TMPDIR/out")"
printf '{"tip":"%s","status":"panic","pass":false,"summary":"Kernel panic at boot"}\n' \
	"$(git rev-parse HEAD)" >"$gitdir/disclose/boot.json"
cover base..HEAD
expect_grep "boot validation of the tip of the series failed (git disclose boot): Kernel panic at boot." "$F"
rm "$gitdir/disclose/boot.json"

# one patch; a single commit means that commit alone
cover HEAD~1
expect_grep "no patch of this series carries an Assisted-by: tag" "$F"
expect_grep "[say how you tested the series]" "$F"
cover HEAD
expect_grep "This patch was written with the help of an AI coding assistant" "$F"

# an AI-assisted patch without the human's sign-off is named, and the
# paragraph does not claim the sign-off
printf 'mm: fourth\n\nAssisted-by: Claude:claude-opus-4-5\n' | commit_msg 4
expect_status 0 "$D" cover base..HEAD
expect_grep "patch 4/4" "$TMPDIR/err"
expect_grep "has no Signed-off-by: of yours" "$TMPDIR/err"
expect_eq "no false certification" "" "$(grep 'I reviewed all' "$TMPDIR/out")"
git reset -q --hard HEAD~1

# a malformed tag is reported, and quoted as it is
printf 'mm: fifth\n\nAssisted-by: claude-opus-4-6\n%s\n' "$HUMAN_SOB" | commit_msg 5
cover HEAD
expect_grep "malformed Assisted-by: claude-opus-4-6" "$TMPDIR/err"
expect_grep 'an assistant given as "claude-opus-4-6"' "$F"
git reset -q --hard HEAD~1

# b4's cover-letter commit (an empty commit at the start of the series)
# and merges are not patches
git checkout -q -b b4 base
git commit -q --allow-empty -m 'Cover subject

Cover body.

--- b4-submit-tracking ---
{"series": {"revision": 1}}'
git cherry-pick main~2 main~1 main >/dev/null || fail "cherry-pick"
git checkout -q -b side HEAD~1
echo side >side.c && git add side.c && git commit -q -m "mm: side" -m "$HUMAN_SOB"
git checkout -q b4
git merge -q --no-ff -m "Merge side" side || fail "merge"
expect_status 0 "$D" cover base..HEAD
expect_grep "  1/4 [AI] mm: first" "$TMPDIR/out"
expect_eq "no cover commit" "" "$(grep 'Cover subject' "$TMPDIR/out")"
expect_eq "no merge" "" "$(grep 'Merge side' "$TMPDIR/out")"

# an AI tool's traces without an Assisted-by: AI involvement that nothing
# discloses yet, never "without AI assistance" (new-user trials)
git checkout -q -b traces base
printf 'mm: codex\n\nBody.\n\nCo-authored-by: Codex <noreply@openai.com>\n%s\n' \
	"$HUMAN_SOB" | commit_msg t1
printf 'mm: claude signed\n\nBody.\n\nSigned-off-by: Claude <noreply@anthropic.com>\n%s\n' \
	"$HUMAN_SOB" | commit_msg t2
printf 'mm: disclosed\n\nAssisted-by: Claude:claude-opus-4-5\n%s\n' \
	"$HUMAN_SOB" | commit_msg t3
cover base..HEAD
expect_grep "Patches 1 and 2 carry traces of an AI tool (Codex and Claude) but no Assisted-by: tag" "$F"
grep -q "without AI assistance" "$F" && fail "traces taken for no AI"
expect_grep "  1/3 [AI?] mm: codex" "$TMPDIR/out"
expect_grep "carries traces of Codex but no Assisted-by" "$TMPDIR/err"
expect_grep "carries traces of Claude but no Assisted-by" "$TMPDIR/err"
git checkout -q traces~1
cover base..HEAD
expect_grep "AI assistance: no patch of this series carries an Assisted-by: tag. Patches 1 and 2 carry traces" "$F"
git format-patch -q -o "$TMPDIR/tp" base..traces
cat "$TMPDIR"/tp/*.patch >"$TMPDIR/traces.mbox"
cover --mbox "$TMPDIR/traces.mbox"
expect_grep "Patches 1 and 2 carry traces of an AI tool" "$F"
# an AI as the author, with nothing in the message, is a trace too
git checkout -q -b ai-author base
echo x >ai.c && git add ai.c
git commit -q --author='Claude <noreply@anthropic.com>' -m "mm: by an AI" \
	-m "$HUMAN_SOB" || fail "commit by an AI author"
cover base..HEAD
expect_grep "Patch 1 carries traces of an AI tool (Claude) but no Assisted-by: tag" "$F"
expect_grep "  1/1 [AI?] mm: by an AI" "$TMPDIR/out"
git format-patch -q --stdout base.. >"$TMPDIR/ai-author.mbox"
cover --mbox "$TMPDIR/ai-author.mbox"
expect_grep "Patch 1 carries traces of an AI tool (Claude)" "$F"
git checkout -q main

# errors
expect_status 2 "$D" cover base..HEAD extra
expect_grep "unexpected argument 'extra'" "$TMPDIR/err"
expect_status 2 "$D" cover --bogus
expect_grep "unknown option '--bogus'" "$TMPDIR/err"
expect_status 2 "$D" cover nosuch..HEAD
expect_status 2 "$D" cover HEAD..HEAD
expect_grep "the range has no patches" "$TMPDIR/err"
expect_status 0 "$D" cover --help
expect_grep "b4 prep --edit-cover" "$TMPDIR/out"
cd "$TMPDIR" && mkdir -p nr && cd nr
expect_status 2 "$D" cover
echo "cover: all passed"
