# Other projects' packs, detected from the tree at the series base by
# their policy document's path and phrase: QEMU declines AI-generated
# content (any AI signal is an error naming code-provenance.rst), Fedora
# and LLVM ask for "Assisted-by: <name of the tool>". The documents are
# short and hand-written; each carries only the phrase the pack knows.
. "$TOP/tests/e2e/lib.sh"

doc_qemu() {
	cat <<'EOF2'
Code provenance
===============

Patches carry a Signed-off-by: line, the DCO.

Use of AI content generators
----------------------------

Current QEMU project policy is to DECLINE any contributions which are
believed to include or derive from AI generated content.

Licensing of what such tools write is not settled.
EOF2
}

# the same section once the policy is relaxed: not the pack's phrase
doc_qemu_relaxed() {
	cat <<'EOF2'
Code provenance
===============

Use of AI content generators
----------------------------

Please read the policy below before using AI for tests or documentation.
EOF2
}

# Fedora's page is headed "AI-Assisted Contributions Policy"; its first
# sentence names Fedora (the word MAY in AsciiDoc's bold)
doc_fedora() {
	cat <<'EOF2'
= AI-Assisted Contributions Policy

You *MAY* use AI assistance for contributing to Fedora, as long as you
follow the principles below.

Say which AI tool helped, with an Assisted-by: trailer in git.
EOF2
}

# a page that only names the policy is not the policy
doc_fedora_title() {
	cat <<'EOF2'
= Fedora AI-Assisted Contributions Policy

To be written.
EOF2
}

doc_llvm() {
	cat <<'EOF2'
# LLVM AI Tool Use Policy

Review what the tool wrote; credit it with a trailer naming it.
EOF2
}

# project_tree DIR PATH DOC TRAILER: the document in one commit, a
# series commit with TRAILER on top of it.
project_tree() {
	new_repo "$1"
	mkdir -p "$(dirname "$2")"
	"doc_$3" >"$2"
	git add -A
	git commit -q -m "docs: the policy" || fail "docs commit"
	echo change >change.txt
	git add change.txt
	git commit -q -m "$(msg "$4")" || fail "series commit"
}

msg() {
	printf 'net: change it\n\nIt changes.\n\n%s\n%s\n' "$1" "$HUMAN_SOB"
}

QEMU_DOC=docs/devel/code-provenance.rst
# the Council's docs repository keeps the component in council/; the
# layout without it is accepted too
FEDORA_DOC=council/modules/ROOT/pages/policy/ai-contribution-policy.adoc
FEDORA_DOC2=modules/ROOT/pages/policy/ai-contribution-policy.adoc
LLVM_DOC=llvm/docs/AIToolPolicy.md

test_qemu() {
	project_tree "$W/q" $QEMU_DOC qemu "Assisted-by: Claude:claude-opus-4-5"
	expect_status 0 "$D" config
	expect_grep "policy: qemu (" "$TMPDIR/out"
	expect_grep "from:      $QEMU_DOC at $(git rev-parse HEAD~1) (the series base) is the qemu pack's document" "$TMPDIR/out"
	expect_grep "read at:   https://www.qemu.org/docs/master/devel/code-provenance.html" "$TMPDIR/out"
	# the assistant names the document and commit too
	printf 'c\n:dump list.txt\n' >"$W/keys"
	env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=150x40 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" HEAD~1..HEAD >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant: $(cat "$TMPDIR/err")"
	expect_grep "($QEMU_DOC at $(git rev-parse --short=12 HEAD~1))" "$W/list.txt"
	expect_status 1 "$D" check HEAD
	expect_grep "ERROR: AI_CONTENT_DECLINED" "$TMPDIR/out"
	expect_grep "cannot credibly certify clause (b) or (c) of the DCO" \
		"$TMPDIR/out"
	expect_grep "($QEMU_DOC, https://" "$TMPDIR/out"
	# a vendor trailer, no Assisted-by: the same error
	git commit -q --amend -m "$(msg "Co-authored-by: Claude <noreply@anthropic.com>")"
	expect_status 1 "$D" check HEAD
	expect_grep "AI_CONTENT_DECLINED" "$TMPDIR/out"
	# no AI signal: clean
	git commit -q --amend -m "$(msg "Reviewed-by: A Person <a@example.org>")"
	expect_status 0 "$D" check HEAD
	expect_eq "no AI, no error" "" "$(grep DECLINED "$TMPDIR/out")"
	# the commit-msg hook follows the tree's pack too
	expect_status 0 "$D" hook install
	expect_status 1 git commit --allow-empty \
		-m "$(msg "Assisted-by: Claude:claude-opus-4-5")"
	expect_grep "AI_CONTENT_DECLINED" "$TMPDIR/err"
	expect_status 0 git commit --allow-empty \
		-m "$(msg "Reviewed-by: A Person <a@example.org>")"
	# the writers write no line the pack's own check rejects
	tip=$(git rev-parse HEAD)
	for cmd in trailer "amend --agent Claude --model claude-opus-4-5" \
		"commit --allow-empty -m more"; do
		# shellcheck disable=SC2086
		expect_status 2 "$D" $cmd
		expect_grep "the qemu policy declines AI-generated contributions" \
			"$TMPDIR/err"
		expect_eq "$cmd writes nothing" "$tip" "$(git rev-parse HEAD)"
	done
	# fix converts no vendor trailer into a line the pack rejects; a
	# commit with nothing to fix is left alone without complaint
	expect_status 0 "$D" fix HEAD~1..HEAD
	git commit -q --no-verify --allow-empty \
		-m "$(msg "Co-authored-by: Claude <noreply@anthropic.com>")"
	tip=$(git rev-parse HEAD)
	expect_status 2 "$D" fix --model claude-opus-4-5 HEAD~1..HEAD
	expect_grep "the qemu policy declines AI-generated contributions" \
		"$TMPDIR/err"
	expect_eq "fix writes nothing" "$tip" "$(git rev-parse HEAD)"
}

test_qemu_relaxed() {
	project_tree "$W/q" $QEMU_DOC qemu_relaxed "Assisted-by: Claude:claude-opus-4-5"
	expect_status 0 "$D" config
	expect_grep "policy: kernel (" "$TMPDIR/out"
	expect_status 0 "$D" check HEAD
}

# Fedora and LLVM: a name of the tool is the form; the kernel's
# AGENT:MODEL is not required.
test_tool_name() {
	for p in fedora llvm; do
		case $p in
		fedora) doc=$FEDORA_DOC ;;
		llvm) doc=$LLVM_DOC ;;
		esac
		project_tree "$W/$p" $doc $p "Assisted-by: generic LLM chatbot"
		expect_status 0 "$D" config
		expect_grep "policy: $p (" "$TMPDIR/out"
		expect_grep "is the $p pack's document" "$TMPDIR/out"
		expect_status 0 "$D" check HEAD
		expect_eq "$p: the name is the form" "" \
			"$(grep -E 'ERROR|WARNING' "$TMPDIR/out")"
		# the kernel pack on the same commit says it is malformed
		expect_status 1 "$D" check --policy kernel HEAD
		expect_grep "ASSISTED_BY" "$TMPDIR/out"
		# a vendor trailer: the disclosure proposed names the tool
		git commit -q --amend -m "$(msg "Co-authored-by: Claude <noreply@anthropic.com>")"
		"$D" check HEAD >"$TMPDIR/out"
		expect_grep "+ Assisted-by: Claude" "$TMPDIR/out"
		expect_status 0 "$D" trailer --agent Claude --no-signoff
		expect_eq "$p trailer" "Assisted-by: Claude" "$(cat "$TMPDIR/out")"
		# commit writes it, and finds what it wrote in the commit
		expect_status 0 "$D" commit --agent Claude \
			--model claude-opus-4-5 -- --allow-empty -m "net: c"
		expect_eq "$p commit" "Assisted-by: Claude claude-opus-4-5
$HUMAN_SOB" "$(git log -1 --format=%\(trailers:only,unfold\) | sed '/^$/d')"
		cd "$W" || fail cd
	done
}

# Fedora at either layout; a page with the title alone is not told
test_fedora_layouts() {
	project_tree "$W/f2" $FEDORA_DOC2 fedora "Assisted-by: ChatGPTv5"
	expect_status 0 "$D" config
	expect_grep "from:      $FEDORA_DOC2 at $(git rev-parse HEAD~1) (the series base) is the fedora pack's document" "$TMPDIR/out"
	project_tree "$W/f3" $FEDORA_DOC fedora_title "Assisted-by: ChatGPTv5"
	expect_status 0 "$D" config
	expect_grep "policy: kernel (" "$TMPDIR/out"
}

# config names each rule of a pack with where it was read
test_rules_sources() {
	project_tree "$W/l" $LLVM_DOC llvm "Assisted-by: Claude"
	expect_status 0 "$D" config
	expect_grep "  - A contribution significantly generated by an AI tool says so where authorship is indicated" "$TMPDIR/out"
	expect_grep "    (llvm/docs/AIToolPolicy.md, 'Be transparent about your use of AI')" "$TMPDIR/out"
	project_tree "$W/f" $FEDORA_DOC fedora "Assisted-by: ChatGPTv5"
	expect_status 0 "$D" config
	expect_grep "    (AI-Assisted Contributions Policy v1.0, 'Transparency'" "$TMPDIR/out"
	expect_grep "823e93b640dea2205d6df2bc51586552a52898d7" "$TMPDIR/out"
}

# The phrase must be in the document at its path, not elsewhere.
test_wrong_path() {
	project_tree "$W/x" docs/code-provenance.rst qemu "Assisted-by: Claude:claude-opus-4-5"
	expect_status 0 "$D" config
	expect_grep "policy: kernel (" "$TMPDIR/out"
}

failed=
for t in qemu qemu_relaxed tool_name fedora_layouts rules_sources \
	wrong_path; do
	W="$TMPDIR/$t"
	mkdir -p "$W"
	if (XDG_CONFIG_HOME="$W/xdg"; export XDG_CONFIG_HOME; "test_$t"); then
		echo "ok   $t"
	else
		echo "FAIL $t"
		failed="$failed $t"
	fi
done
[ -z "$failed" ] || fail "failed:$failed"
echo "policy-projects: ok"
