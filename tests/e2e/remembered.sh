# A remembered answer is never written unless this command asks for it
# (--remembered): after a one-off amend --model, a later hand-written
# commit and a plain amend (or commit, or trailer) get no Assisted-by
# nobody gave; --remembered uses git config and says so. A placeholder
# agent ('none') is refused; a model spelt otherwise than its id is
# written as the id check proposes, and that is said.
. "$TOP/tests/e2e/lib.sh"

trailers() { git log -1 --format=%B "${1:-HEAD}" | git interpret-trailers --parse; }

new_repo "$TMPDIR/r"
git branch -q upstream-base
git branch -q --set-upstream-to=upstream-base
git commit -q --allow-empty -m "x: by hand"

# a one-off answer: written, and remembered
expect_rc 0 "$D" amend --model gpt-5-codex HEAD
expect_eq "one-off answer" "Assisted-by: Codex:gpt-5-codex
$HUMAN_SOB" "$(trailers)"
expect_eq "remembered" "Codex gpt-5-codex" \
	"$(git config disclose.agent) $(git config disclose.model)"

# a later hand-written commit and a plain amend: the sign-off alone
git commit -q --allow-empty -m "y: by hand"
x=$(git rev-parse HEAD~1)
expect_rc 0 "$D" amend
expect_eq "no answer invented" "$HUMAN_SOB" "$(trailers)"
expect_eq "its own disclosure kept" "$x" "$(git rev-parse HEAD~1)"
err_has "1 commit without facts of its own gets your Signed-off-by alone, no Assisted-by"
err_has "(or --remembered for git config's Codex:gpt-5-codex)"

# asked for: used, and said so
git commit -q --allow-empty -m "z: by hand"
expect_rc 0 "$D" amend --remembered HEAD
expect_eq "--remembered" "Assisted-by: Codex:gpt-5-codex
$HUMAN_SOB" "$(trailers)"
err_has "from git config disclose.agent, disclose.model"

# commit: the same rule
expect_rc 0 "$D" commit --allow-empty -m "c1: by hand"
expect_eq "commit: sign-off alone" "$HUMAN_SOB" "$(trailers)"
err_has "no Assisted-by: the commit gets your Signed-off-by alone"
err_has "--remembered"
expect_rc 0 "$D" commit --remembered --allow-empty -m "c2: asked"
expect_eq "commit --remembered" "Assisted-by: Codex:gpt-5-codex
$HUMAN_SOB" "$(trailers)"
head=$(git rev-parse HEAD)
expect_rc 2 "$D" commit --agent Claude --allow-empty -m "c3: half"
err_has "which model of Claude? pass --model VERSION"
expect_rc 2 "$D" commit --tool sparse --allow-empty -m "c4: half"
err_has "--tool alone does not tell which AI helped"
expect_eq "half answers commit nothing" "$head" "$(git rev-parse HEAD)"

# trailer prints nothing nobody gave
expect_rc 2 "$D" trailer
err_has "(or --remembered for git config's Codex:gpt-5-codex)"
expect_rc 0 "$D" trailer --remembered --no-signoff
has "Assisted-by: Codex:gpt-5-codex"

# fix: an agent without a model; --remembered gives the model, said so
git commit -q --allow-empty -F - <<'EOM'
f: codex

Co-authored-by: Codex <noreply@openai.com>
EOM
expect_rc 2 "$D" fix HEAD
err_has "pass --model VERSION"
expect_rc 0 "$D" fix --remembered HEAD
err_has "answers from git config disclose.agent, disclose.model"
expect_eq "fix --remembered" "Assisted-by: Codex:gpt-5-codex
$HUMAN_SOB" "$(trailers)"

# placeholder agents are refused, with how to write no Assisted-by
head=$(git rev-parse HEAD)
for cmd in "amend HEAD" "trailer" "commit --allow-empty -m none"; do
	expect_rc 2 "$D" $cmd --agent none --model gpt-5-codex
	err_has "'none' is a placeholder, not the name of an AI agent"
	err_has "to write no Assisted-by, give no agent and no model"
done
expect_rc 2 "$D" fix --agent none --model gpt-5-codex HEAD
err_has "'none' is a placeholder"
expect_eq "nothing written for a placeholder" "$head" "$(git rev-parse HEAD)"

# --remembered with nothing remembered
git config --unset disclose.agent
git config --unset disclose.model
git config --unset disclose.tools
expect_rc 2 "$D" amend --remembered HEAD
err_has "--remembered: git config holds no answer to use"
expect_rc 2 "$D" fix --remembered HEAD
err_has "--remembered: git config holds no answer to use"

# a model spelt otherwise than its id: written as the id check proposes
git commit -q --allow-empty -m "m: by hand"
expect_rc 0 "$D" amend --agent Claude --model claude-opus-4.5 HEAD
err_has "--model 'claude-opus-4.5' is written as the model id 'claude-opus-4-5'"
expect_eq "model id written" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(trailers)"
expect_eq "model id remembered" "claude-opus-4-5" "$(git config disclose.model)"
expect_rc 0 "$D" check HEAD
lacks "ASSISTED_BY_MODEL"
expect_rc 0 "$D" trailer --agent Claude --model claude-opus-4.5 --no-signoff
has "Assisted-by: Claude:claude-opus-4-5"
err_has "is written as the model id 'claude-opus-4-5'"
git commit -q --allow-empty -F - <<'EOM'
g: claude

Co-authored-by: Claude <noreply@anthropic.com>
EOM
expect_rc 0 "$D" fix --model claude-opus-4.5 HEAD
err_has "is written as the model id 'claude-opus-4-5'"
expect_eq "fix: model id written" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(trailers)"
# a misspelling is not corrected silently: "did you mean"
expect_rc 2 "$D" trailer --agent Claude --model claude-opsu-4-5
err_has "did you mean 'claude-opus-4-5'"
finish
