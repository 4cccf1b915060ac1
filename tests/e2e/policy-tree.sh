# The policy follows the tree: the documents of a kernel tree, read at the
# series base from the commit (not the work tree), decide the default
# Assisted-by: form and the checklist; --policy and disclose.policy still
# override; a user's policy pack works for every command.
. "$TOP/tests/e2e/lib.sh"

# The three document variants, short, in the project's own words.
doc_head() {
	cat <<'EOF'
AI Coding Assistants
====================

AI tools and the developers who use them follow the normal process.
Only a human adds Signed-off-by:, after reviewing all of the code.

Attribution
-----------

Credit the assistant with an ``Assisted-by:`` tag of this form::

EOF
}

doc_61() {
	doc_head
	cat <<'EOF'
	Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]

AGENT_NAME is the AI tool, MODEL_VERSION the model it ran, TOOLn the
specialized analysis tools used (e.g., coccinelle, sparse, smatch,
clang-tidy). Basic development tools (git, gcc, make, editors) are not
listed. For example::

	Assisted-by: Claude:claude-3-opus coccinelle sparse
EOF
}

# As 816d9992 ("coding-assistants: simplify attribution") wrote it.
doc_llm() {
	doc_head
	cat <<'EOF'
	Assisted-by: LLM [TOOL1] [TOOL2]

TOOLn are the specialized analysis tools used. Basic development tools
(git, gcc, make, editors) are not listed. For example::

	Assisted-by: LLM coccinelle sparse
EOF
}

# a later wording that counts one more basic tool
doc_rust() {
	doc_llm | sed 's/(git, gcc, make, editors)/(git, gcc, make, rustc, editors)/'
}

doc_procedure() {
	doc_llm
	cat <<'EOF'

Procedure for finding and fixing bugs
-------------------------------------

Read the process documentation first; verify the bug with a reproducer;
build and check the fix; add a Fixes: tag; send nothing yourself.
EOF
}

# The checkpatch variants: 6.1's colon check, and a later one without it.
checkpatch_colon() {
	cat <<'EOF'
if ($sign_off =~ /^Assisted-by:/i) {
	if ($email !~ /^\S+:\S+/) {
		WARN("BAD_SIGN_OFF", "Assisted-by expects AGENT:MODEL\n");
	}
}
EOF
}

checkpatch_any() {
	cat <<'EOF'
if ($sign_off =~ /^Assisted-by:/i) {
	next;
}
EOF
}

# kernel_tree DIR DOC CHECKPATCH [generated]: a kernel-like repository,
# the documents in one commit, one commit of the series on top of it.
kernel_tree() {
	new_repo "$1"
	mkdir -p Documentation/process scripts
	echo "THE REST" >MAINTAINERS
	[ "$2" = none ] || "doc_$2" >Documentation/process/coding-assistants.rst
	"checkpatch_$3" >scripts/checkpatch.pl
	[ "${4:-}" = generated ] &&
		echo "Be transparent in cover letters." \
			>Documentation/process/generated-content.rst
	git add -A
	git commit -q -m "docs: the process documents" || fail "docs commit"
	echo "// SPDX-License-Identifier: GPL-2.0-only" >frob.c
	git add frob.c
	git commit -q -m "frob: add the frobnicator" || fail "series commit"
}

# assistant_dump FILE [ARGS...]: open the assistant's checklist, dump it
assistant_dump() {
	dump=$1
	shift
	printf 'c\n:dump %s\n' "$dump" >"$W/keys.dump"
	env DISCLOSE_TUI_SCRIPT="$W/keys.dump" DISCLOSE_TUI_SIZE=150x40 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" "$@" >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant $*: $(cat "$TMPDIR/err")"
}

# Each test below runs in a subshell with trees of its own, so that each
# passes or fails on its own; the script fails when one does.
LLM_MSG="frob: add the frobnicator

It frobs.

Assisted-by: LLM
$HUMAN_SOB"

# The trailers of HEAD, one per line.
head_trailers() {
	git log -1 --format=%\(trailers:only,unfold\) | sed '/^$/d'
}

# The default Assisted-by: form follows each tree.
test_trailer_form() {
	kernel_tree "$W/t61" 61 colon
	expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5
	expect_eq "6.1 tree trailer" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(cat "$TMPDIR/out")"
	kernel_tree "$W/tllm" llm any
	expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5
	expect_eq "LLM tree trailer" "Assisted-by: LLM
$HUMAN_SOB" "$(cat "$TMPDIR/out")"
	kernel_tree "$W/tproc" procedure any generated
	expect_status 0 "$D" trailer --no-signoff --tool coccinelle
	expect_eq "procedure tree trailer" "Assisted-by: LLM coccinelle" \
		"$(cat "$TMPDIR/out")"
}

# The commit decides, not the work tree.
test_commit_not_worktree() {
	kernel_tree "$W/t61" 61 colon
	doc_llm >Documentation/process/coding-assistants.rst
	expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5 \
		--no-signoff
	expect_eq "work tree ignored" "Assisted-by: Claude:claude-opus-4-5" \
		"$(cat "$TMPDIR/out")"
}

# --policy and disclose.policy still override the tree.
test_overrides() {
	kernel_tree "$W/tllm" llm any
	expect_status 0 "$D" trailer --policy kernel --agent Claude \
		--model claude-opus-4-5 --no-signoff
	expect_eq "--policy over the tree" \
		"Assisted-by: Claude:claude-opus-4-5" "$(cat "$TMPDIR/out")"
	# the assistant too: --policy, and where the policy came from
	assistant_dump opt.txt --policy kernel HEAD~1..HEAD
	expect_grep "Linux kernel: Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL...] (--policy kernel)" \
		"$W/opt.txt"
	assistant_dump opt2.txt --policy=kernel HEAD~1..HEAD
	expect_grep "(--policy kernel)" "$W/opt2.txt"
	expect_status 2 env DISCLOSE_TUI_SCRIPT="$W/keys.dump" "$D" --policy nosuch \
		HEAD~1..HEAD
	expect_grep "unknown policy 'nosuch' (--policy)" "$TMPDIR/err"
	expect_status 2 "$D" --polcy kernel
	expect_grep "unknown option '--polcy'" "$TMPDIR/err"
	git config disclose.policy kernel
	expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5 \
		--no-signoff
	expect_eq "disclose.policy over the tree" \
		"Assisted-by: Claude:claude-opus-4-5" "$(cat "$TMPDIR/out")"
	assistant_dump conf.txt HEAD~1..HEAD
	expect_grep "(git config disclose.policy kernel)" "$W/conf.txt"
	# --policy over disclose.policy
	assistant_dump both.txt --policy kernel-llm HEAD~1..HEAD
	expect_grep "Linux kernel, later form: Assisted-by: LLM [TOOL...] (--policy kernel-llm)" \
		"$W/both.txt"
}

# check on an LLM line: clean in the LLM tree, an error in the 6.1 tree.
test_check_llm_line() {
	printf '%s\n' "$LLM_MSG" >"$W/llm.msg"
	kernel_tree "$W/tllm" llm any
	expect_status 0 "$D" check --message "$W/llm.msg"
	git commit -q --amend -F "$W/llm.msg"
	expect_status 0 "$D" check
	expect_status 0 "$D" check HEAD~1..HEAD
	kernel_tree "$W/t61" 61 colon
	expect_status 1 "$D" check --message "$W/llm.msg"
	expect_grep "ASSISTED_BY_FORMAT" "$TMPDIR/out"
	git commit -q --amend -F "$W/llm.msg"
	expect_status 1 "$D" check
}

# amend in the LLM tree writes the LLM form and pins no policy.
test_amend_llm_tree() {
	kernel_tree "$W/tllm" llm any
	expect_status 0 "$D" amend --agent Claude --model claude-opus-4-5
	expect_eq "LLM tree amend" "Assisted-by: LLM
$HUMAN_SOB" "$(head_trailers)"
	[ -z "$(git config disclose.policy)" ] ||
		fail "amend pinned disclose.policy=$(git config disclose.policy)"
}

# The procedure's items appear only where the document has them.
test_procedure_items() {
	kernel_tree "$W/tproc" procedure any generated
	expect_status 0 "$D" config
	expect_grep "bug-fix procedure: yes" "$TMPDIR/out"
	grep -E '^  checklist:.* bugfix-reproducer( |$)' "$TMPDIR/out" \
		>/dev/null || fail "procedure items missing: $(cat "$TMPDIR/out")"
	grep -E '^  checklist:.* generated-content( |$)' "$TMPDIR/out" \
		>/dev/null || fail "generated-content missing: $(cat "$TMPDIR/out")"
	kernel_tree "$W/tllm" llm any
	kernel_tree "$W/t61" 61 colon
	for t in tllm t61; do
		cd "$W/$t" || fail "cd $t"
		expect_status 0 "$D" config
		expect_grep "bug-fix procedure: no" "$TMPDIR/out"
		! grep -E '^  checklist:.*(bugfix-|generated-content)' \
			"$TMPDIR/out" >/dev/null ||
			fail "$t shows items its documents lack"
	done
}

# The assistant's checklist: the same items, and where the policy came
# from; the procedure's items once the series is marked a bug fix (f).
test_assistant_checklist() {
	kernel_tree "$W/tproc" procedure any generated
	kernel_tree "$W/tllm" llm any
	printf 'c f\n:dump checklist.txt\n' >"$W/keys"
	for t in tproc tllm; do
		cd "$W/$t" || fail "cd $t"
		env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=150x40 \
			DISCLOSE_TUI_DUMP_DIR="$W/$t" TERM=xterm-256color \
			"$D" HEAD~1..HEAD >/dev/null 2>"$TMPDIR/err" ||
			fail "assistant in $t: $(cat "$TMPDIR/err")"
		expect_grep "(Documentation/process/coding-assistants.rst at $(git rev-parse --short=12 HEAD~1))" \
			"$W/$t/checklist.txt"
	done
	expect_grep "Bug fixes: a non-trivial bug was verified with a reproducer" \
		"$W/tproc/checklist.txt"
	! grep -q "Bug fixes:" "$W/tllm/checklist.txt" ||
		fail "the LLM tree's checklist shows the procedure"
}

# config names the file and commit the policy came from.
test_config_source() {
	kernel_tree "$W/tllm" llm any
	expect_status 0 "$D" config
	expect_grep "policy: kernel-llm" "$TMPDIR/out"
	expect_grep "from:      Documentation/process/coding-assistants.rst at $(git rev-parse HEAD~1) (the series base) asks for 'Assisted-by: LLM [TOOL1] [TOOL2]'" "$TMPDIR/out"
	expect_grep "follows:   Documentation/process/coding-assistants.rst as of mainline 816d9992" "$TMPDIR/out"
	kernel_tree "$W/t61" 61 colon
	expect_status 0 "$D" config
	expect_grep "policy: kernel (" "$TMPDIR/out"
	expect_grep "coding-assistants.rst at $(git rev-parse HEAD~1) (the series base) asks for 'Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]'" "$TMPDIR/out"
	expect_grep "scripts/checkpatch.pl: accepts Assisted-by: AGENT_NAME:MODEL_VERSION only" "$TMPDIR/out"
	# the LLM form where checkpatch wants the colon: a problem
	git config disclose.policy kernel-llm
	expect_status 1 "$D" config --check
	expect_grep "will warn (BAD_SIGN_OFF)" "$TMPDIR/out"
}

# The LLM form where the tree's checkpatch at the series base wants the
# colon: every writer says so before writing; the work tree's copy of
# checkpatch.pl does not decide.
test_llm_warning() {
	kernel_tree "$W/t61" 61 colon
	checkpatch_any >scripts/checkpatch.pl	# the work tree only
	base=$(git rev-parse --short=12 HEAD~1)
	warning="scripts/checkpatch.pl at $base (the series base) still expects Assisted-by: AGENT_NAME:MODEL_VERSION and will warn (BAD_SIGN_OFF) on the kernel-llm policy's 'Assisted-by: LLM [TOOL...]': use --policy kernel for this tree"
	expect_status 0 "$D" trailer --policy kernel-llm --no-signoff
	expect_grep "git disclose: warning: $warning" "$TMPDIR/err"
	git checkout -q scripts/checkpatch.pl
	git config disclose.policy kernel-llm
	expect_status 0 "$D" amend
	expect_grep "$warning" "$TMPDIR/err"
	expect_status 0 "$D" commit -- --allow-empty -m "frob: c"
	expect_grep "$warning" "$TMPDIR/err"
	git commit -q --allow-empty -m "frob: v" \
		-m "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>"
	expect_status 0 "$D" fix HEAD~1..HEAD
	expect_grep "git disclose fix: warning: scripts/checkpatch.pl at $(git rev-parse --short=12 HEAD~1)" "$TMPDIR/err"
	# the assistant's preview says it too
	printf 'c c\n<Enter>\n<Space> <Enter>\n:dump preview.txt\n' >"$W/keys"
	env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=400x40 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" HEAD~1..HEAD >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant: $(cat "$TMPDIR/err")"
	expect_grep "Note: scripts/checkpatch.pl at $(git rev-parse --short=12 HEAD~1) (the series base) still expects" \
		"$W/preview.txt"
	# the LLM tree's checkpatch does not check the colon: no warning,
	# whatever the work tree's copy says
	kernel_tree "$W/tllm" llm any
	checkpatch_colon >scripts/checkpatch.pl
	expect_status 0 "$D" trailer --no-signoff
	expect_eq "no warning in the LLM tree" "" "$(cat "$TMPDIR/err")"
	env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=400x40 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" HEAD~1..HEAD >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant: $(cat "$TMPDIR/err")"
	grep -q "Assisted-by: LLM" "$W/preview.txt" ||
		fail "no preview: $(cat "$W/preview.txt")"
	! grep -q "BAD_SIGN_OFF" "$W/preview.txt" ||
		fail "the LLM tree's preview warns: $(cat "$W/preview.txt")"
}

# The tools the document names: shown by config; a basic one it names is
# refused as a tool even where the catalogue does not know it.
test_basic_tools() {
	kernel_tree "$W/t61" 61 colon
	expect_status 0 "$D" config
	expect_grep "    basic tools it names (never listed): git, gcc, make, editors" "$TMPDIR/out"
	expect_grep "    analysis tools it names: coccinelle, sparse, smatch, clang-tidy" "$TMPDIR/out"
	expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5 \
		--tool rustc --no-signoff
	kernel_tree "$W/trust" rust any
	base=$(git rev-parse --short=12 HEAD~1)
	expect_status 0 "$D" config
	expect_grep "    basic tools it names (never listed): git, gcc, make, rustc, editors" "$TMPDIR/out"
	expect_status 2 "$D" trailer --tool rustc --no-signoff
	expect_grep "'rustc' is listed among the basic development tools of Documentation/process/coding-assistants.rst at $base" \
		"$TMPDIR/err"
	printf 'frob: x\n\nBody.\n\nAssisted-by: LLM sparse rustc\n%s\n' \
		"$HUMAN_SOB" >"$W/rust.msg"
	expect_status 0 "$D" check --message "$W/rust.msg"
	expect_grep "ASSISTED_BY_BASIC_TOOL" "$TMPDIR/out"
	git commit -q --amend -F "$W/rust.msg"
	expect_status 0 "$D" fix
	expect_eq "fix drops the tree's basic tool" "Assisted-by: LLM sparse
$HUMAN_SOB" "$(head_trailers)"
}

# A kernel tree without the document: the project's default, said so.
test_no_document() {
	kernel_tree "$W/tnone" none colon
	expect_status 0 "$D" config
	expect_grep "policy: kernel (" "$TMPDIR/out"
	expect_grep "from:      the project's default: this kernel tree has no Documentation/process/coding-assistants.rst at $(git rev-parse HEAD~1)" "$TMPDIR/out"
	expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5 \
		--no-signoff
	expect_eq "no document: default" "Assisted-by: Claude:claude-opus-4-5" \
		"$(cat "$TMPDIR/out")"
	assistant_dump none.txt HEAD~1..HEAD
	expect_grep "(the default: no Documentation/process/coding-assistants.rst at $(git rev-parse --short=12 HEAD~1))" \
		"$W/none.txt"
}

# A wording git disclose does not know fails loudly and says what to do.
test_new_wording() {
	kernel_tree "$W/t61" 61 colon
	echo "Name the assistant in the changelog." \
		>Documentation/process/coding-assistants.rst
	git commit -q -a -m "docs: new wording"
	echo more >>frob.c
	git commit -q -a -m "frob: more"
	expect_status 2 "$D" trailer --agent Claude --model claude-opus-4-5
	expect_grep "coding-assistants.rst shows no Assisted-by: line" \
		"$TMPDIR/err"
	expect_grep "--policy kernel" "$TMPDIR/err"
	expect_status 0 "$D" trailer --policy kernel --agent Claude \
		--model claude-opus-4-5 --no-signoff
}

# A user policy pack, named by disclose.policy, in a plain repository.
user_pack() {
	mkdir -p "$XDG_CONFIG_HOME/git-disclose"
	cat >"$XDG_CONFIG_HOME/git-disclose/acme-policy.json" <<'EOF'
{"policies": [{"name": "acme", "form": "agent-model",
  "title": "ACME: the kernel form, plus our own item",
  "checklist": [{"id": "acme-tests", "kind": "human",
                 "text": "You ran the ACME test suite."}]}]}
EOF
	new_repo "$W/plain"
	git config disclose.policy acme
	printf 'frob: x\n\nBody.\n\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n' \
		>"$W/vendor.msg"
	git commit -q --allow-empty -F "$W/vendor.msg"
}

test_user_pack_check() {
	user_pack
	expect_status 1 "$D" check
	expect_grep "VENDOR_TRAILER" "$TMPDIR/out"
	! grep -q "unknown policy" "$TMPDIR/err" || fail "$(cat "$TMPDIR/err")"
}

test_user_pack_trailer() {
	user_pack
	expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5
	expect_eq "acme trailer" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(cat "$TMPDIR/out")"
	git config --unset disclose.policy
	expect_status 0 "$D" trailer --policy acme --agent Claude \
		--model claude-opus-4-5 --no-signoff
	expect_status 2 "$D" trailer --policy nosuch --agent Claude \
		--model claude-opus-4-5
	expect_grep "unknown policy 'nosuch' (--policy): the policy packs are kernel, kernel-llm, qemu, fedora, llvm, acme" "$TMPDIR/err"
}

test_user_pack_fix() {
	user_pack
	expect_status 0 "$D" fix
	expect_eq "acme fix" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(head_trailers)"
}

# amend remembers acme, not the name of its form
test_user_pack_amend() {
	user_pack
	git commit -q --allow-empty -m "frob: y"
	expect_status 0 "$D" amend --agent Claude --model claude-opus-4-5 \
		--tool sparse
	expect_eq "acme amend" "Assisted-by: Claude:claude-opus-4-5 sparse
$HUMAN_SOB" "$(head_trailers)"
	expect_eq "acme remembered" "acme" "$(git config disclose.policy)"
}

# cover reads the assistant's certification against the pack's own
# checklist (acme's one human item), and names an unknown pack
cover_session() {
	id=$(git rev-parse HEAD)
	mkdir -p .git/disclose
	printf '{"version": 1, "range": "x..y", "commits": ["%s"], "review": {"%s": "reviewed"}, "certified": [%s]}\n' \
		"$id" "$id" "$1" >.git/disclose/session.json
	chmod 600 .git/disclose/session.json
}

test_user_pack_cover() {
	user_pack
	git commit -q --allow-empty -m "frob: z" \
		-m "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB"
	cover_session '"license", "dco", "responsibility"'
	expect_status 0 "$D" cover HEAD~1..HEAD
	expect_grep "claude-opus-4-5" "$TMPDIR/out"
	! grep -q "I reviewed all of the AI-generated code" "$TMPDIR/out" ||
		fail "certified without acme's item: $(cat "$TMPDIR/out")"
	cover_session '"acme-tests"'
	expect_status 0 "$D" cover HEAD~1..HEAD
	expect_grep "I reviewed all of the AI-generated code" "$TMPDIR/out"
	# the kernel pack, named by --policy, needs its own items instead
	expect_status 0 "$D" cover --policy kernel HEAD~1..HEAD
	! grep -q "I reviewed all of the AI-generated code" "$TMPDIR/out" ||
		fail "kernel's items taken as certified: $(cat "$TMPDIR/out")"
	expect_status 2 "$D" cover --policy nosuch HEAD~1..HEAD
	expect_grep "unknown policy 'nosuch' (--policy)" "$TMPDIR/err"
	git config disclose.policy nosuch
	expect_status 2 "$D" cover HEAD~1..HEAD
	expect_grep "unknown policy 'nosuch' (git config disclose.policy)" \
		"$TMPDIR/err"
}

# report counts the series under the pack disclose.policy or --policy names
test_user_pack_report() {
	user_pack
	expect_status 0 "$D" report --json
	expect_grep '"undisclosed":	1' "$TMPDIR/out"
	git config --unset disclose.policy
	expect_status 0 "$D" report --policy acme --json
	expect_status 2 "$D" report --policy nosuch
	expect_grep "unknown policy 'nosuch' (--policy)" "$TMPDIR/err"
}

test_user_pack_config() {
	user_pack
	expect_status 0 "$D" config --check
	expect_grep "policy: acme (ACME: the kernel form, plus our own item)" "$TMPDIR/out"
	expect_grep "from:      disclose.policy = acme (git config)" "$TMPDIR/out"
	expect_grep "pack:      $XDG_CONFIG_HOME/git-disclose/acme-policy.json" "$TMPDIR/out"
	expect_grep "checklist: acme-tests" "$TMPDIR/out"
}

# the commit-msg hook judges by the pack disclose.policy names
test_user_pack_hook() {
	user_pack
	expect_status 0 "$D" hook install
	expect_status 0 git commit --allow-empty -m "frob: h" \
		-m "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB"
	expect_status 1 git commit --allow-empty -m "frob: h2" \
		-m "Assisted-by: LLM
$HUMAN_SOB"
	expect_grep "ASSISTED_BY_FORMAT" "$TMPDIR/err"
	! grep -q "unknown policy" "$TMPDIR/err" || fail "$(cat "$TMPDIR/err")"
}

# the applypatch-msg hook too (strict: a bad patch stops git am)
test_user_pack_am_hook() {
	user_pack
	git config disclose.amHook strict
	echo "// SPDX-License-Identifier: GPL-2.0-only" >frob.c
	git add frob.c
	git commit -q -m "frob: good" -m "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB"
	git format-patch -q -1 -o "$W/good" || fail "format-patch"
	git commit -q --amend -m "frob: bad" \
		-m "Assisted-by: LLM
$HUMAN_SOB"
	git format-patch -q -1 -o "$W/bad" || fail "format-patch"
	git reset -q --hard HEAD~1
	expect_status 0 "$D" hook install --am
	expect_status 0 git am -q "$W"/good/*.patch
	expect_eq "am applied" "frob: good" "$(git log -1 --format=%s)"
	git reset -q --hard HEAD~1
	expect_status 1 git am -q "$W"/bad/*.patch
	expect_grep "ASSISTED_BY_FORMAT" "$TMPDIR/err"
	git am --abort
}

# commit, with -m and through the editor, under a pack of the
# tool-name form (the whole value names the tool)
tool_pack() {
	mkdir -p "$XDG_CONFIG_HOME/git-disclose"
	cat >"$XDG_CONFIG_HOME/git-disclose/tools-policy.json" <<'EOF2'
{"policies": [{"name": "tools", "form": "tool-name",
  "title": "Tools: Assisted-by: <name of the tool>"}]}
EOF2
	new_repo "$W/tools"
	git config disclose.policy tools
}

test_user_pack_commit() {
	tool_pack
	expect_status 0 "$D" commit --agent Claude --model claude-opus-4-5 \
		-- --allow-empty -m "frob: c"
	expect_eq "commit -m" "Assisted-by: Claude claude-opus-4-5
$HUMAN_SOB" "$(head_trailers)"
	printf '#!/bin/sh\nsed -i "1s/^/frob: /" "$1"\n' >"$W/ed.sh"
	chmod +x "$W/ed.sh"
	GIT_EDITOR="$W/ed.sh" expect_status 0 "$D" commit --agent Claude \
		--model claude-opus-4-5 -- --allow-empty -e -m "edited"
	expect_eq "commit -e subject" "frob: edited" "$(git log -1 --format=%s)"
	expect_eq "commit -e" "Assisted-by: Claude claude-opus-4-5
$HUMAN_SOB" "$(head_trailers)"
	# the editor resolves a --policy pack by its name too
	git config --unset disclose.policy
	GIT_EDITOR="$W/ed.sh" expect_status 0 "$D" commit --policy tools \
		--agent Codex --model gpt-5 -- --allow-empty -e -m "named"
	expect_eq "commit --policy -e" "Assisted-by: Codex gpt-5
$HUMAN_SOB" "$(head_trailers)"
}

# the assistant shows the pack's own item
test_user_pack_assistant() {
	user_pack
	printf 'c\n:dump checklist.txt\n' >"$W/keys"
	env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=150x40 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" HEAD >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant: $(cat "$TMPDIR/err")"
	expect_grep "You ran the ACME test suite." "$W/checklist.txt"
	# named by --policy instead of disclose.policy
	git config --unset disclose.policy
	assistant_dump opt.txt --policy acme HEAD
	expect_grep "ACME: the kernel form, plus our own item (--policy acme)" \
		"$W/opt.txt"
	expect_grep "You ran the ACME test suite." "$W/opt.txt"
}

failed=
for t in trailer_form commit_not_worktree overrides check_llm_line \
	amend_llm_tree procedure_items assistant_checklist config_source \
	llm_warning basic_tools no_document new_wording user_pack_check user_pack_trailer \
	user_pack_fix user_pack_amend user_pack_cover user_pack_report \
	user_pack_config \
	user_pack_hook user_pack_am_hook user_pack_commit \
	user_pack_assistant; do
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
echo "policy-tree: ok"
