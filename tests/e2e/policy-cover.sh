# cover follows Documentation/process/generated-content.rst where the tree
# at the series base has it: which tools, their input (the Coccinelle
# script the series adds or names, quoted), the prompts, the affected
# files of each AI-assisted patch, testing with the boot's KUnit results;
# each a [bracketed prompt] when unknown. A tree without the document
# gets the paragraph without them. --maintainers adds To:/Cc: lines from
# the tree's real get_maintainer.pl (Debian's 6.1).
. "$TOP/tests/e2e/lib.sh"

GC="Tool-generated content (Documentation/process/generated-content.rst):"

# tree DIR [generated]: the documents in one commit (tag base).
tree() {
	new_repo "$1"
	mkdir -p Documentation/process drivers/frob
	printf 'Credit it so::\n\n\tAssisted-by: LLM [TOOL1] [TOOL2]\n\nFor example::\n\n\tAssisted-by: LLM coccinelle sparse\n' \
		>Documentation/process/coding-assistants.rst
	[ "${2:-}" = generated ] &&
		echo "Be transparent about tool-generated content." \
			>Documentation/process/generated-content.rst
	echo 'int frob;' >drivers/frob/frob.c
	git add -A
	git commit -q -m "docs: the process documents" || fail "docs commit"
	git tag base
}

# patch 1 adds a Coccinelle script and applies it (AI-assisted with
# coccinelle); patch 2 is the human's own
series() {
	mkdir -p scripts/coccinelle
	printf '@@\nexpression E;\n@@\n- kfree(E);\n+ kfree_sensitive(E);\n' \
		>scripts/coccinelle/frob.cocci
	echo 'int frob_key;' >>drivers/frob/frob.c
	git add -A
	git commit -q -F - <<EOF || fail "patch 1"
frob: free the key with kfree_sensitive()

Done with scripts/coccinelle/frob.cocci.

Assisted-by: LLM coccinelle
$HUMAN_SOB
EOF
	echo 'int other;' >drivers/frob/other.c
	git add -A
	git commit -q -m "frob: add other" -m "$HUMAN_SOB" || fail "patch 2"
}

test_generated() {
	tree "$W/k" generated
	series
	expect_status 0 "$D" cover base..HEAD
	expect_grep "$GC" "$TMPDIR/out"
	expect_grep "Tools: an LLM whose agent and model are not named, with coccinelle" \
		"$TMPDIR/out"
	expect_grep "Input of the tools: the Coccinelle script scripts/coccinelle/frob.cocci," \
		"$TMPDIR/out"
	expect_grep "    + kfree_sensitive(E);" "$TMPDIR/out"
	expect_grep "Prompts: [summarize the prompts given to the assistant]" \
		"$TMPDIR/out"
	tr '\n' ' ' <"$TMPDIR/out" >"$W/flat"
	expect_grep "Affected portions: patch 1/2 ($(git rev-parse --short=12 HEAD~1)): drivers/frob/frob.c, scripts/coccinelle/frob.cocci." \
		"$W/flat"
	# patch 2 is no portion of it
	! grep -q "other.c" "$TMPDIR/out" || fail "the human's patch is listed"
	expect_status 0 "$D" cover base..HEAD --prompts "convert kfree() of keys"
	expect_grep "Prompts: convert kfree() of keys" "$TMPDIR/out"
}

test_without_document() {
	tree "$W/k"
	series
	expect_status 0 "$D" cover base..HEAD
	! grep -qE "Tool-generated|Input of the tools|Prompts:|Affected portions" \
		"$TMPDIR/out" || fail "generated-content items without the document"
	expect_grep "AI assistance: In this series of 2, patch 1 was" "$TMPDIR/out"
}

# A script named in the message but not in the tree: asked for.
test_named_missing() {
	tree "$W/k" generated
	echo 'int frob_key;' >>drivers/frob/frob.c
	git commit -q -a -m "frob: keys" -m "Made with my-rules.cocci." \
		-m "Assisted-by: LLM coccinelle
$HUMAN_SOB"
	expect_status 0 "$D" cover base..HEAD
	tr '\n' ' ' <"$TMPDIR/out" >"$W/flat"
	expect_grep "the Coccinelle script my-rules.cocci [attach or quote it: the tree at the tip has no such file]" \
		"$W/flat"
	# no script at all, no coccinelle: what the tools were given
	git commit -q --amend -m "frob: keys" -m "Assisted-by: LLM
$HUMAN_SOB"
	expect_status 0 "$D" cover base..HEAD
	expect_grep "Input of the tools: [what the tools were given" "$TMPDIR/out"
}

# The boot's KUnit suites in the testing paragraph.
test_kunit() {
	tree "$W/k" generated
	series
	mkdir -p "$(git rev-parse --git-dir)/disclose"
	cat >"$(git rev-parse --git-dir)/disclose/boot.json" <<EOF
{"tip": "$(git rev-parse HEAD)", "status": "pass", "pass": true,
 "summary": "booted", "release": "6.1.192", "accel": "tcg",
 "suites": [{"name": "frob_test", "ok": true, "passed": 3, "failed": 0,
            "skipped": 1}]}
EOF
	chmod 600 "$(git rev-parse --git-dir)/disclose/boot.json"
	expect_status 0 "$D" cover base..HEAD
	tr '\n' ' ' <"$TMPDIR/out" >"$W/flat"
	expect_grep "kernel 6.1.192 reached userspace" "$W/flat"
	expect_grep "KUnit on that boot: 1 of 1 suite passed: frob_test ok (3 passed, 0 failed, 1 skipped)." \
		"$W/flat"
}

# --maintainers: the tree's get_maintainer.pl on the series' patches.
test_maintainers() {
	command -v perl >/dev/null || { echo "perl is not installed"; exit 77; }
	. "$TOP/tests/e2e/lib-k61.sh"
	tree "$W/k" generated
	mkdir -p scripts
	cp "$K61/scripts/get_maintainer.pl" scripts/
	k61_maintainers >MAINTAINERS
	git add -A
	git commit -q -m "scripts: get_maintainer.pl"
	git tag -f base >/dev/null
	series
	expect_status 0 "$D" cover base..HEAD --maintainers
	expect_grep "To: Fro Bnicator <frob@example.org>" "$TMPDIR/out"
	expect_grep "To: Rev Iewer <rev@example.org>" "$TMPDIR/out"
	expect_grep "Cc: frob-devel@lists.example.org" "$TMPDIR/out"
	expect_grep "Cc: linux-kernel@vger.kernel.org" "$TMPDIR/out"
	git rm -q scripts/get_maintainer.pl
	git commit -q -m "scripts: no get_maintainer.pl"
	expect_status 2 "$D" cover base..HEAD --maintainers
	expect_grep "no scripts/get_maintainer.pl in the work tree" "$TMPDIR/err"
	expect_status 2 "$D" cover --mbox /dev/null --maintainers
	expect_grep "give a range, not --mbox" "$TMPDIR/err"
}

# The bug-fix procedure's human items: needed for cover's claim of a
# review only when the series is a bug fix (Fixes:, or marked).
session() {
	ids=$(git rev-list --reverse base..HEAD | sed 's/.*/"&"/' | paste -sd, -)
	rev=$(git rev-list base..HEAD | sed 's/.*/"&": "reviewed"/' | paste -sd, -)
	mkdir -p .git/disclose
	printf '{"version": 1, "range": "x..y", "commits": [%s], "review": {%s}, "certified": [%s]}\n' \
		"$ids" "$rev" "$1" >.git/disclose/session.json
	chmod 600 .git/disclose/session.json
}

test_certified_procedure() {
	tree "$W/k"
	printf '\nProcedure for finding and fixing bugs\n-------------------------------------\n\nUse a reproducer.\n' \
		>>Documentation/process/coding-assistants.rst
	git commit -q -a --amend --no-edit
	git tag -f base >/dev/null
	series
	session '"license", "dco", "responsibility"'
	expect_status 0 "$D" cover base..HEAD
	expect_grep "I reviewed all of the AI-generated code" "$TMPDIR/out"
	# marked a bug fix: the procedure's items are needed too
	session '"license", "dco", "responsibility", "bugfix-series"'
	expect_status 0 "$D" cover base..HEAD
	! grep -q "I reviewed all of the AI-generated code" "$TMPDIR/out" ||
		fail "a bug fix certified without the procedure's items"
	session '"license", "dco", "responsibility", "bugfix-series",
		"bugfix-read-docs", "bugfix-reproducer", "bugfix-message",
		"bugfix-untested", "bugfix-threat-model", "bugfix-not-sent"'
	expect_status 0 "$D" cover base..HEAD
	expect_grep "I reviewed all of the AI-generated code" "$TMPDIR/out"
	# one commit marked (f on the series screen): the same
	session '"license", "dco", "responsibility",
		"bugfix:0123456789abcdef0123456789abcdef"'
	expect_status 0 "$D" cover base..HEAD
	! grep -q "I reviewed all of the AI-generated code" "$TMPDIR/out" ||
		fail "a marked commit certified without the procedure's items"
}

failed=
for t in generated without_document named_missing kunit maintainers \
	certified_procedure; do
	W="$TMPDIR/$t"
	mkdir -p "$W"
	(XDG_CONFIG_HOME="$W/xdg"; export XDG_CONFIG_HOME; "test_$t")
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "ok   $t"
	elif [ $rc -eq 77 ]; then
		echo "skip $t"
	else
		echo "FAIL $t"
		failed="$failed $t"
	fi
done
[ -z "$failed" ] || fail "failed:$failed"
echo "policy-cover: ok"
