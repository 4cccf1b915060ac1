/*
 * The assistant's model on real repositories built by git: the series it
 * loads, the answers it pre-fills (vendor trailers, git config, the saved
 * session), the state of each checklist item, the messages the preview
 * would write, and the open items the status line shows.
 */
#include "unit.h"
#include "fixture.h"

#include <stdio.h>

#include "boot.h"
#include "fix.h"
#include "tui/model.h"

/*
 * The model reaches the checker, the fixer, the rewrite and the boot
 * verdicts through weak references (a build may lack them), which do not
 * pull them out of libdisclose.a: naming them here links them.
 */
static const void *const linked[] __attribute__((used)) = {
	(const void *)lint_message, (const void *)lint_result_release,
	(const void *)lint_cache_new, (const void *)lint_cache_free,
	(const void *)fix_message, (const void *)repo_rewrite,
	(const void *)boot_last_verdict,
};


/*
 * base, then three commits: a vendor trailer (Claude Code's
 * Co-Authored-By), a footer with your sign-off, and an AI sign-off
 * before yours. Every added file has a correct SPDX line.
 */
static const char series[] =
	"git init -q -b main\n"
	"git config user.name 'Hu Man'\n"
	"git config user.email hu@example.org\n"
	"git config commit.gpgsign false\n"
	"printf '// SPDX-License-Identifier: GPL-2.0-only\\nint base;\\n' >base.c\n"
	"git add base.c\n"
	"git commit -q -m 'base: start'\n"
	"git tag base\n"
	"printf '// SPDX-License-Identifier: GPL-2.0-only\\nint frob;\\n' >frob.c\n"
	"git add frob.c\n"
	"git commit -q -F - <<'MSG'\n"
	"frob: add the frobnicator\n\n"
	"Doubles its argument.\n\n"
	"Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n"
	"MSG\n"
	"printf '/* SPDX-License-Identifier: GPL-2.0-only */\\nint frob(int);\\n' >frob.h\n"
	"git add frob.h\n"
	"git commit -q -F - <<'MSG'\n"
	"frob: declare frob()\n\n"
	"Generated with [Claude Code](https://claude.com/claude-code)\n\n"
	"Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n"
	"Signed-off-by: Hu Man <hu@example.org>\n"
	"MSG\n"
	"printf '// SPDX-License-Identifier: GPL-2.0-only\\nint twice;\\n' >twice.c\n"
	"git add twice.c\n"
	"git commit -q -F - <<'MSG'\n"
	"frob: use it\n\n"
	"Signed-off-by: Claude <noreply@anthropic.com>\n"
	"Signed-off-by: Hu Man <hu@example.org>\n"
	"MSG\n";

static int setup(void **state)
{
	/* nothing of this machine's configuration: git's, or the packs */
	if (fixture_setup("test_model") < 0)
		return -1;
	fixture_sh(series);
	return 0;
}

static int teardown(void **state)
{
	return fixture_teardown();
}

static void open_model(struct tui_model *m)
{
	if (model_init(m, fixture_dir, "base..HEAD", NULL) < 0)
		fail_msg("model_init: %s", error_last());
}

/* The item of the kernel policy with this id. */
static const struct policy_item *item(const struct tui_model *m,
				      const char *id)
{
	for (size_t i = 0; i < m->policy->nr_items; i++)
		if (!strcmp(m->policy->items[i].id, id))
			return &m->policy->items[i];
	fail_msg("no checklist item %s", id);
	return NULL;
}

static void test_series(void **state)
{
	static const struct {
		const char *subject;
		bool has_human_sob;
		size_t ai_findings;
	} want[] = {
		{ "frob: add the frobnicator", false, 0 },
		{ "frob: declare frob()", true, 0 },
		{ "frob: use it", true, 1 },
	};
	struct tui_model m;

	open_model(&m);
	assert_int_equal(m.nr, ARRAY_SIZE(want));
	assert_true(m.range_given);
	assert_string_equal(m.range, "base..HEAD");
	assert_string_equal(m.policy->name, "kernel");
	assert_true(m.have_human);
	assert_string_equal(m.human.name, "Hu Man");
	assert_string_equal(m.human.email, "hu@example.org");
	assert_true(m.checker);
	assert_true(m.rewrite);
	assert_true(m.boot);
	assert_false(m.kernel_tree);
	assert_false(m.session->resumed);
	for (size_t i = 0; i < m.nr; i++) {
		const struct series_commit *sc = &m.commits[i];
		size_t ai = 0;

		/* oldest first */
		assert_string_equal(sc->subject, want[i].subject);
		assert_false(sc->has_assisted);
		assert_int_equal(sc->has_human_sob, want[i].has_human_sob);
		assert_int_equal(sc->nr_files, 1);
		assert_null(sc->new_message);
		for (size_t j = 0; j < sc->lint.nr; j++)
			ai += !strcmp(sc->lint.findings[j].id, "AI_SIGNOFF");
		assert_int_equal(ai, want[i].ai_findings);
		assert_int_equal(m.session->review[i], REVIEW_NONE);
	}
	assert_int_equal(model_findings(&m, "AI_SIGNOFF", NULL), 1);
	assert_int_equal(model_findings(&m, "SPDX_", NULL), 0);
	model_release(&m);

	/* an empty range is refused with what to do */
	memset(&m, 0, sizeof(m));
	assert_int_equal(model_init(&m, fixture_dir, "HEAD..HEAD", NULL), -1);
	assert_non_null(strstr(error_last(), "has no commits"));
	error_clear();
	model_release(&m);
}

/*
 * model_open() reads no tree diff, so the first frame waits for none:
 * no files and no SPDX finding until model_load_files(), which adds
 * both (a commit adding a file without an SPDX line).
 */
static void test_files_after_open(void **state)
{
	struct tui_model m;
	size_t last;

	fixture_sh("printf 'int bare;\\n' >bare.c\n"
		   "git add bare.c\n"
		   "git commit -q -m 'bare: no licence line' "
		   "-m 'Signed-off-by: Hu Man <hu@example.org>'\n");
	if (model_open(&m, fixture_dir, "base..HEAD", NULL) < 0)
		fail_msg("model_open: %s", error_last());
	assert_true(m.files_pending);
	last = m.nr - 1;
	assert_string_equal(m.commits[last].subject, "bare: no licence line");
	for (size_t i = 0; i < m.nr; i++)
		assert_int_equal(m.commits[i].nr_files, 0);
	assert_int_equal(model_findings(&m, "SPDX_", NULL), 0);
	assert_int_equal(model_findings(&m, "AI_SIGNOFF", NULL), 1);

	assert_int_equal(model_load_files(&m), 0);
	assert_false(m.files_pending);
	for (size_t i = 0; i < m.nr; i++)
		assert_int_equal(m.commits[i].nr_files, 1);
	assert_int_equal(model_findings(&m, "SPDX_", NULL), 1);
	assert_int_equal(m.commits[last].lint.errors +
			 m.commits[last].lint.warnings, 1);
	/* the rest of the findings are as before, not doubled */
	assert_int_equal(model_findings(&m, "AI_SIGNOFF", NULL), 1);
	/* a second call reads nothing again */
	assert_int_equal(model_load_files(&m), 0);
	assert_int_equal(model_findings(&m, "SPDX_", NULL), 1);
	model_release(&m);
}

/* The series screen counts what check counts: a Fixes: id naming no
 * commit of the repository is an error there too. */
static void test_checker_as_check(void **state)
{
	struct tui_model m;

	fixture_sh("git commit -q --allow-empty -m 'frob: fix it' "
		   "-m \"$(printf '%s\\n' "
		   "'Fixes: 0123456789ab (\"frob: an older change\")' "
		   "'Signed-off-by: Hu Man <hu@example.org>')\"\n");
	open_model(&m);
	assert_int_equal(model_findings(&m, "FIXES_UNKNOWN_COMMIT", NULL), 1);
	assert_true(m.commits[m.nr - 1].lint.errors >= 1);
	model_release(&m);
}

static void test_prefill(void **state)
{
	struct tui_model m;

	/* from the first vendor trailer of the series */
	open_model(&m);
	assert_string_equal(m.session->agent, "Claude");
	assert_string_equal(m.session->model, "claude-opus-4-5");
	assert_null(m.session->tools);
	assert_non_null(m.prefill_source);
	assert_non_null(strstr(m.prefill_source,
			       "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com> in "));
	assert_int_equal(strlen(m.prefill_source),
			 strlen("Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com> in ") + 7);
	assert_memory_equal(m.prefill_source + strlen(m.prefill_source) - 7,
			    m.commits[0].info->id, 7);
	model_release(&m);

	/* git config comes before vendor traces; tools split at blanks
	 * and commas */
	fixture_sh("git config disclose.agent Codex\n"
	   "git config disclose.model gpt-5\n"
	   "git config disclose.tools 'sparse, smatch'\n");
	open_model(&m);
	assert_string_equal(m.session->agent, "Codex");
	assert_string_equal(m.session->model, "gpt-5");
	assert_non_null(m.session->tools);
	assert_string_equal(m.session->tools[0], "sparse");
	assert_string_equal(m.session->tools[1], "smatch");
	assert_null(m.session->tools[2]);
	assert_string_equal(m.prefill_source,
			    "git config disclose.agent, disclose.model: a suggestion for commits without facts");

	/* a saved session comes before both: the answer the human gave */
	model_set_answer(&m, "aider", "gpt-4o");
	assert_null(m.prefill_source);
	m.session->review[1] = REVIEW_NO_AI;
	assert_int_equal(model_save(&m, "tools"), 0);
	assert_true(m.dirty);
	model_release(&m);
	open_model(&m);
	assert_true(m.session->resumed);
	assert_string_equal(m.session->screen, "tools");
	assert_string_equal(m.session->agent, "aider");
	assert_string_equal(m.session->model, "gpt-4o");
	assert_int_equal(m.session->review[0], REVIEW_NONE);
	assert_int_equal(m.session->review[1], REVIEW_NO_AI);
	assert_string_equal(m.prefill_source, "your saved session");
	assert_true(m.answer_given);
	assert_false(m.dirty);
	model_release(&m);
}

/*
 * A pre-fill is not the human's answer: saving the session (a review
 * mark, the screen) keeps no agent or model the human did not give, and
 * the next visit names the pre-fill's own source again.
 */
static void test_prefill_not_saved(void **state)
{
	struct tui_model m;

	open_model(&m);
	assert_false(m.answer_given);
	m.session->review[0] = REVIEW_DONE;
	assert_int_equal(model_save(&m, "series"), 0);
	/* the session in memory still has the pre-fill */
	assert_string_equal(m.session->agent, "Claude");
	model_release(&m);
	open_model(&m);
	assert_true(m.session->resumed);
	assert_int_equal(m.session->review[0], REVIEW_DONE);
	assert_false(m.answer_given);
	assert_string_equal(m.session->agent, "Claude");
	assert_string_equal(m.session->model, "claude-opus-4-5");
	assert_non_null(strstr(m.prefill_source,
			       "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com> in "));
	model_release(&m);
}

static void test_items(void **state)
{
	static const char *const human[] = { "license", "dco",
					     "responsibility" };
	struct tui_model m;
	struct buf why = BUF_INIT;

	open_model(&m);
	/* converting is the default; x keeps the AI lines */
	assert_true(m.session->remove_ai);
	m.session->remove_ai = false;
	assert_int_equal(model_item_state(&m, item(&m, "reviewed"), &why),
			 ITEM_OPEN);
	assert_non_null(strstr(why.ptr, "3 of 3 commits not reviewed"));
	buf_reset(&why);
	for (size_t i = 0; i < ARRAY_SIZE(human); i++) {
		assert_int_equal(model_item_state(&m, item(&m, human[i]),
						  &why), ITEM_OPEN);
		assert_non_null(strstr(why.ptr, "press Space to certify"));
		buf_reset(&why);
	}
	assert_int_equal(model_item_state(&m, item(&m, "spdx"), &why),
			 ITEM_DONE);
	buf_reset(&why);
	/* the AI sign-off fails, naming the commit, until x removes it */
	assert_int_equal(model_item_state(&m, item(&m, "no-ai-signoff"), &why),
			 ITEM_FAILED);
	assert_memory_equal(why.ptr, m.commits[2].info->id, 7);
	assert_non_null(strstr(why.ptr, " AI_SIGNOFF: "));
	assert_non_null(strstr(why.ptr, "press x to remove them"));
	buf_reset(&why);
	assert_int_equal(model_item_state(&m, item(&m, "boot"), &why),
			 ITEM_NA);
	assert_string_equal(why.ptr, "not a kernel tree: nothing to boot\n");
	buf_reset(&why);
	assert_false(model_checklist_done(&m));

	m.session->remove_ai = true;
	assert_int_equal(model_item_state(&m, item(&m, "no-ai-signoff"), &why),
			 ITEM_DONE);
	assert_non_null(strstr(why.ptr, "will be removed"));
	buf_reset(&why);
	/* "Every commit ... was reviewed by you": marking a commit as
	 * without AI-generated code is not reviewing it */
	for (size_t i = 0; i < m.nr; i++)
		m.session->review[i] = i ? REVIEW_DONE : REVIEW_NO_AI;
	assert_false(model_all_reviewed(&m, NULL));
	assert_int_equal(model_item_state(&m, item(&m, "reviewed"), &why),
			 ITEM_OPEN);
	assert_non_null(strstr(why.ptr, "1 of 3 commits not reviewed"));
	assert_non_null(strstr(why.ptr, "1 of them marked as without AI-generated code"));
	buf_reset(&why);
	m.session->review[0] |= REVIEW_DONE;
	assert_true(model_all_reviewed(&m, NULL));
	assert_int_equal(model_item_state(&m, item(&m, "reviewed"), &why),
			 ITEM_DONE);
	assert_string_equal(why.ptr, "every commit is reviewed by you\n");
	buf_reset(&why);
	/* both marks: still no Assisted-by for it, and not asked */
	assert_false(model_asks(&m, 0));
	assert_false(model_checklist_done(&m));
	for (size_t i = 0; i < ARRAY_SIZE(human); i++) {
		session_certify(m.session, human[i], true);
		assert_int_equal(model_item_state(&m, item(&m, human[i]),
						  &why), ITEM_DONE);
		assert_string_equal(why.ptr, "certified by you\n");
		buf_reset(&why);
	}
	/* the optional boot item does not block */
	assert_true(model_checklist_done(&m));
	buf_release(&why);
	model_release(&m);

	/* a new file without its SPDX line fails the spdx item */
	fixture_sh("printf 'int bad;\\n' >bad.c\n"
	   "git add bad.c\n"
	   "git commit -q -m 'bad: no licence'\n");
	open_model(&m);
	assert_int_equal(m.nr, 4);
	assert_int_equal(model_item_state(&m, item(&m, "spdx"), &why),
			 ITEM_FAILED);
	assert_memory_equal(why.ptr, m.commits[3].info->id, 7);
	assert_non_null(strstr(why.ptr, " SPDX_"));
	assert_true(model_findings(&m, "SPDX_", NULL) > 0);
	buf_release(&why);
	model_release(&m);
}

#define SOB_HU "Signed-off-by: Hu Man <hu@example.org>\n"

static void test_preview(void **state)
{
	static const char *const kept[] = {
		"frob: add the frobnicator\n\nDoubles its argument.\n\n"
		"Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n"
		"Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB_HU,
		"frob: declare frob()\n\n"
		"Generated with [Claude Code](https://claude.com/claude-code)\n\n"
		"Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n"
		"Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB_HU,
		"frob: use it\n\n"
		"Signed-off-by: Claude <noreply@anthropic.com>\n"
		"Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB_HU,
	};
	static const char *const removed[] = {
		"frob: add the frobnicator\n\nDoubles its argument.\n\n"
		"Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB_HU,
		"frob: declare frob()\n\n"
		"Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB_HU,
		"frob: use it\n\n"
		"Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB_HU,
	};
	static char *const tools[] = { "sparse", NULL };
	struct tui_model m;
	struct assisted *a;
	char *why = NULL, *v;

	open_model(&m);
	session_set_tools(m.session, tools);
	/* the AI sign-off names Claude, not the model: the answer's */
	assert_int_equal(model_answer_rest(&m, NULL), 1);
	a = model_assisted(&m, &why);
	assert_non_null(a);
	assert_null(why);
	v = assisted_format(a, m.policy->form);
	assert_string_equal(v, "Claude:claude-opus-4-5 sparse");
	free(v);
	assisted_free(a);

	/* the AI traces kept: the trailers placed after them */
	m.session->remove_ai = false;
	assert_int_equal(model_preview(&m), 0);
	for (size_t i = 0; i < m.nr; i++)
		assert_string_equal(m.commits[i].new_message, kept[i]);
	/* removed: vendor trailers, the footer and the AI sign-off go */
	m.session->remove_ai = true;
	assert_int_equal(model_preview(&m), 0);
	for (size_t i = 0; i < m.nr; i++)
		assert_string_equal(m.commits[i].new_message, removed[i]);

	/* no model: the commits that name theirs keep it; the AI sign-off
	 * names no model: no preview, and where to go */
	session_set_str(&m.session->model, NULL);
	assert_null(model_assisted(&m, &why));
	assert_string_equal(why, "no model chosen yet");
	free(why);
	a = model_commit_assisted(&m, 0, &why);
	assert_non_null(a);
	assert_string_equal(a->model, "claude-opus-4-5");
	assisted_free(a);
	assisted_free(m.commits[2].answer);
	m.commits[2].answer = NULL;
	assert_int_equal(model_preview(&m), -1);
	assert_non_null(strstr(error_last(),
			       "frob: use it: it names Claude but not the model, and it is not answered yet"));
	error_clear();
	/* a commit without AI-generated code gets no Assisted-by */
	session_set_str(&m.session->model, "claude-opus-4-5");
	assert_int_equal(model_answer_rest(&m, NULL), 1);
	m.session->review[0] = REVIEW_NO_AI;
	assert_int_equal(model_preview(&m), 0);
	assert_null(strstr(m.commits[0].new_message, "Assisted-by"));
	model_release(&m);

	/* kernel-llm: no agent or model */
	fixture_sh("git config disclose.policy kernel-llm\n");
	open_model(&m);
	assert_int_equal(m.policy->form, FORM_LLM);
	m.session->remove_ai = false;
	assert_int_equal(model_preview(&m), 0);
	assert_string_equal(m.commits[2].new_message,
			    "frob: use it\n\n"
			    "Signed-off-by: Claude <noreply@anthropic.com>\n"
			    "Assisted-by: LLM\n" SOB_HU);
	model_release(&m);
}

static void test_open_items(void **state)
{
	static const struct {
		const char *what;
		const char *want;
	} steps[] = {
		{ "fresh", "3 to review, 3 to certify, 1 commit failing, 1 to answer" },
		{ "no agent", "3 to review, 3 to certify, 1 commit failing, 1 to answer, agent and model" },
		{ "reviewed", "3 to certify, 1 commit failing, 1 to answer, agent and model" },
		{ "certified, AI lines removed", "1 to answer, agent and model" },
		{ "agent and model", "" },
		{ "written", "written" },
	};
	struct tui_model m;

	open_model(&m);
	m.session->remove_ai = false;
	for (size_t i = 0; i < ARRAY_SIZE(steps); i++) {
		struct buf out = BUF_INIT;

		switch (i) {
		case 1:
			session_set_str(&m.session->agent, NULL);
			break;
		case 2:
			for (size_t j = 0; j < m.nr; j++)
				m.session->review[j] = REVIEW_DONE;
			break;
		case 3:
			session_certify(m.session, "license", true);
			session_certify(m.session, "dco", true);
			session_certify(m.session, "responsibility", true);
			m.session->remove_ai = true;
			break;
		case 4:
			session_set_str(&m.session->agent, "Claude");
			assert_int_equal(model_answer_rest(&m, NULL), 1);
			break;
		case 5:
			m.written = true;
			break;
		}
		model_open_items(&m, &out);
		if (strcmp(buf_cstr(&out), steps[i].want))
			fail_msg("%s: got '%s', want '%s'", steps[i].what,
				 buf_cstr(&out), steps[i].want);
		buf_release(&out);
	}
	model_release(&m);
}

/*
 * Facts are per commit: a Codex commit and a Claude commit; the answer
 * (remembered Codex:gpt-5-codex) fills the Codex commit's model and
 * never the Claude one's; the write carries the previewed ids.
 */
static void test_per_commit(void **state)
{
	struct tui_model m;
	const char *why = NULL;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: codex\n\n"
	   "Co-authored-by: Codex <noreply@openai.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "b: claude\n\n"
	   "Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n"
	   "MSG\n"
	   "git config disclose.agent Codex\n"
	   "git config disclose.model gpt-5-codex\n");
	open_model(&m);
	assert_int_equal(m.nr, 2);
	assert_true(model_mixed(&m));
	assert_string_equal(m.commits[1].facts.model, "claude-sonnet-4-5");
	/* the Codex commit names no model: asked; the Claude one is not */
	assert_int_equal(model_unanswered(&m, NULL), 1);
	assert_int_equal(model_answer_rest(&m, NULL), 1);
	assert_null(m.commits[1].answer);
	assert_int_equal(model_preview(&m), 0);
	assert_string_equal(m.commits[0].new_message, "a: codex\n\n"
			    "Assisted-by: Codex:gpt-5-codex\n" SOB_HU);
	assert_string_equal(m.commits[1].new_message, "b: claude\n\n"
			    "Assisted-by: Claude:claude-sonnet-4-5\n" SOB_HU);
	/* a mixed series: the Codex commit's answer is not remembered */
	assert_null(model_remembered_answer(&m, &why));
	assert_non_null(strstr(why, "different agents or models"));
	/* the previewed series, then a commit added from another shell */
	assert_int_equal(model_check_previewed(&m), 0);
	fixture_sh("git commit -q --allow-empty -m 'c: later'\n");
	assert_int_equal(model_check_previewed(&m), -1);
	assert_non_null(strstr(error_last(), "changed since the preview"));
	error_clear();
	model_release(&m);
}

/*
 * The assistant asks per commit: a Codex commit without a model, a
 * Claude commit with its own, one without a trace. An answer of another
 * agent is refused for the Codex commit and Ctrl-A (model_answer_rest)
 * passes it by; the commit without a trace gets the answer, also in the
 * default write that converts the vendor trailers; a commit marked as
 * without AI-generated code is not asked.
 */
static void test_ask_per_commit(void **state)
{
	struct tui_model m;
	size_t first = 9;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: codex\n\n"
	   "Co-authored-by: Codex <noreply@openai.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "b: claude\n\n"
	   "Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -m 'c: no trace'\n");
	open_model(&m);
	assert_true(m.session->remove_ai);
	assert_int_equal(model_unanswered(&m, &first), 2);
	assert_int_equal(first, 0);
	assert_false(model_asks(&m, 1));
	/* pre-filled from the Claude commit: not the Codex commit's */
	assert_string_equal(m.session->agent, "Claude");
	assert_false(m.answer_given);
	assert_int_equal(model_answer_commit(&m, 0), -1);
	assert_non_null(strstr(error_last(), "names Codex itself"));
	error_clear();
	session_set_str(&m.session->model, "claude-opus-4-5");
	assert_int_equal(model_answer_rest(&m, NULL), 1);
	assert_int_equal(model_unanswered(&m, &first), 1);
	assert_int_equal(first, 0);
	assert_int_equal(model_preview(&m), -1);
	assert_non_null(strstr(error_last(), "a: codex: it names Codex but not the model"));
	error_clear();
	session_set_str(&m.session->agent, "Codex");
	session_set_str(&m.session->model, "gpt-5-codex");
	assert_int_equal(model_answer_commit(&m, 0), 0);
	assert_int_equal(model_unanswered(&m, NULL), 0);
	assert_int_equal(model_preview(&m), 0);
	assert_string_equal(m.commits[0].new_message, "a: codex\n\n"
			    "Assisted-by: Codex:gpt-5-codex\n" SOB_HU);
	assert_string_equal(m.commits[1].new_message, "b: claude\n\n"
			    "Assisted-by: Claude:claude-sonnet-4-5\n" SOB_HU);
	assert_string_equal(m.commits[2].new_message, "c: no trace\n\n"
			    "Assisted-by: Claude:claude-opus-4-5\n" SOB_HU);
	/* no AI-generated code: not asked */
	assisted_free(m.commits[2].answer);
	m.commits[2].answer = NULL;
	m.session->review[2] = REVIEW_NO_AI;
	assert_int_equal(model_unanswered(&m, NULL), 0);
	model_release(&m);
}

/*
 * The answer remembered after a write is the series' answer: every
 * commit that gets an Assisted-by gets it (with the series' tools);
 * once one commit is answered apart, nothing is.
 */
static void test_remembered_answer(void **state)
{
	struct tui_model m;
	struct assisted *a;
	const char *why = NULL;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -m 'a: no trace'\n"
	   "git commit -q --allow-empty -m 'b: no trace'\n");
	open_model(&m);
	assert_null(model_remembered_answer(&m, &why));
	session_set_str(&m.session->agent, "Claude");
	session_set_str(&m.session->model, "claude-opus-4-5");
	assert_int_equal(model_answer_rest(&m, NULL), 2);
	a = model_remembered_answer(&m, &why);
	assert_non_null(a);
	assert_string_equal(a->agent, "Claude");
	assert_string_equal(a->model, "claude-opus-4-5");
	assisted_free(a);
	/* the second commit answered apart: no answer is the series' */
	session_set_str(&m.session->model, "claude-sonnet-4-5");
	assert_int_equal(model_answer_commit(&m, 1), 0);
	assert_null(model_remembered_answer(&m, &why));
	model_release(&m);
}

/*
 * Another person's lines are theirs: the human's part of a commit whose
 * only disclosure is another person's has no facts (so none is copied),
 * and the commit is not asked about (it gets the sign-off alone).
 */
static void test_others_facts(void **state)
{
	static const char bob[] =
		"a: bob's\n\nBody.\n\n"
		"Assisted-by: Gemini:gemini-2.5-pro coccinelle\n"
		"Signed-off-by: Bob Builder <bob@example.org>\n"
		"Link: https://lore.kernel.org/r/x@example.org\n";
	static const char both[] =
		"a: bob's\n\nBody.\n\n"
		"Assisted-by: Gemini:gemini-2.5-pro\n"
		"Signed-off-by: Bob Builder <bob@example.org>\n"
		"Assisted-by: Claude:claude-opus-4-5\n" SOB_HU;
	struct ident hu = { "Hu Man", "hu@example.org" };
	struct catalogue *c = NULL;
	struct message *msg = NULL;
	struct commit_facts f;
	struct tui_model m;
	struct assisted *a;
	char *why = NULL;

	assert_int_equal(catalogue_load_builtin(&c), 0);
	message_parse_commit(&msg, bob, strlen(bob), '#');
	commit_facts_read(&f, msg, NULL, &hu, FORM_AGENT_MODEL, c);
	assert_null(f.agent);
	assert_false(f.has_assisted);
	assert_string_equal(f.others, "Bob Builder");
	assert_string_equal(f.others_source,
			    "Assisted-by: Gemini:gemini-2.5-pro coccinelle");
	commit_facts_release(&f);
	/* without the human every sign-off is another person's */
	commit_facts_read(&f, msg, NULL, NULL, FORM_AGENT_MODEL, c);
	assert_null(f.agent);
	assert_non_null(f.others);
	commit_facts_release(&f);
	message_free(msg);
	message_parse_commit(&msg, both, strlen(both), '#');
	commit_facts_read(&f, msg, NULL, &hu, FORM_AGENT_MODEL, c);
	assert_string_equal(f.agent->name, "Claude");
	assert_string_equal(f.model, "claude-opus-4-5");
	assert_string_equal(f.source, "Assisted-by: Claude:claude-opus-4-5");
	commit_facts_release(&f);
	message_free(msg);
	catalogue_free(c);

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty --author 'Bob Builder <bob@example.org>' -F - <<'MSG'\n"
	   "a: bob's\n\nBody.\n\n"
	   "Assisted-by: Gemini:gemini-2.5-pro coccinelle\n"
	   "Signed-off-by: Bob Builder <bob@example.org>\n"
	   "MSG\n");
	open_model(&m);
	assert_false(model_asks(&m, 0));
	assert_int_equal(model_unanswered(&m, NULL), 0);
	a = model_commit_assisted(&m, 0, &why);
	assert_null(a);
	assert_null(why);
	assert_int_equal(model_preview(&m), 0);
	assert_string_equal(m.commits[0].new_message, "a: bob's\n\nBody.\n\n"
			    "Assisted-by: Gemini:gemini-2.5-pro coccinelle\n"
			    "Signed-off-by: Bob Builder <bob@example.org>\n"
			    SOB_HU);
	assert_int_equal(model_commit_plan(&m, 0), PLAN_OTHERS);
	model_release(&m);

	/* the human's own earlier part, above Bob's sign-off, is the
	 * human's: named so, and the new part gets the sign-off alone */
	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: chain\n\nBody.\n\n"
	   "Assisted-by: Claude:claude-3-opus smatch\n" SOB_HU
	   "Reviewed-by: Rev Iewer <rev@example.org>\n"
	   "Signed-off-by: Bob Builder <bob@example.org>\n"
	   "MSG\n");
	open_model(&m);
	assert_int_equal(model_commit_plan(&m, 0), PLAN_EARLIER);
	assert_false(model_asks(&m, 0));
	a = model_commit_assisted(&m, 0, &why);
	assert_null(a);
	model_release(&m);
}

/*
 * The answer offered for the commit asked about: its own agent (Codex,
 * no model) rather than the pre-fill from another commit (Claude), and
 * where that came from; nothing changes when the answer already is that
 * agent's, or the commit asked names no agent.
 */
static void test_offer_asked(void **state)
{
	struct tui_model m;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: codex\n\n"
	   "Co-authored-by: Codex <noreply@openai.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "b: claude\n\n"
	   "Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -m 'c: no trace'\n");
	open_model(&m);
	assert_string_equal(m.session->agent, "Claude");
	assert_true(model_offer_asked(&m));
	assert_string_equal(m.session->agent, "Codex");
	assert_null(m.session->model);
	assert_false(m.answer_given);
	assert_non_null(strstr(m.prefill_source, "commit 1/3"));
	assert_non_null(strstr(m.prefill_source,
			       "Co-authored-by: Codex <noreply@openai.com>"));
	assert_false(model_offer_asked(&m));
	/* answered: commit 3 (no agent of its own) keeps the answer */
	model_set_answer(&m, "Codex", "gpt-5-codex");
	assert_int_equal(model_answer_commit(&m, 0), 0);
	assert_false(model_offer_asked(&m));
	assert_string_equal(m.session->agent, "Codex");
	assert_string_equal(m.session->model, "gpt-5-codex");
	assert_true(m.answer_given);
	model_release(&m);
}

/*
 * Which commits the series' tools go on: those given the human's answer
 * (asked, or without facts), and a commit naming its own agent only when
 * the answer is that agent's; never one without AI-generated code. The
 * answer's Assisted-by lines say the same.
 */
static void test_takes_tools(void **state)
{
	static char *const tools[] = { "sparse", NULL };
	static const bool want[2][3] = {
		{ true, false, true },	/* the answer is Codex's */
		{ true, true, false },	/* Claude's; commit 3 marked a */
	};
	struct tui_model m;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: codex\n\n"
	   "Co-authored-by: Codex <noreply@openai.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "b: claude\n\n"
	   "Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -m 'c: no trace'\n");
	open_model(&m);
	session_set_tools(m.session, tools);
	model_set_answer(&m, "Codex", "gpt-5-codex");
	assert_int_equal(model_answer_rest(&m, NULL), 2);
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			model_set_answer(&m, "Claude", "claude-opus-4-5");
			m.session->review[2] = REVIEW_NO_AI;
		}
		for (size_t i = 0; i < m.nr; i++) {
			char *why = NULL;
			struct assisted *a = model_commit_assisted(&m, i, &why);
			bool has = a && a->tools && a->tools[0] &&
				   !strcmp(a->tools[0], "sparse");

			if (model_takes_tools(&m, i) != want[pass][i] ||
			    has != want[pass][i])
				fail_msg("pass %d, commit %zu: takes %d, has %d, want %d",
					 pass, i + 1, model_takes_tools(&m, i),
					 has, want[pass][i]);
			assisted_free(a);
			free(why);
		}
	}
	model_release(&m);
}

/*
 * A commit's own complete Assisted-by is never replaced: with commit 1
 * Claude:claude-opus-4-5 and commit 2 Claude:claude-sonnet-4-5 of their
 * own, the answer for commit 3 and its tools go on commit 3 alone; the
 * first two stay as they are, their own tools too.
 */
static void test_own_line_kept(void **state)
{
	static char *const tools[] = { "coccinelle", NULL };
	struct tui_model m;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: own\n\n"
	   "Assisted-by: Claude:claude-opus-4-5\n"
	   "Signed-off-by: Hu Man <hu@example.org>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "b: own\n\n"
	   "Assisted-by: Claude:claude-sonnet-4-5 sparse\n"
	   "Signed-off-by: Hu Man <hu@example.org>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -m 'c: no trace'\n");
	open_model(&m);
	session_set_tools(m.session, tools);
	model_set_answer(&m, "Claude", "claude-opus-4-5");
	assert_int_equal(model_unanswered(&m, NULL), 1);
	assert_int_equal(model_answer_rest(&m, NULL), 1);
	assert_false(model_takes_tools(&m, 0));
	assert_false(model_takes_tools(&m, 1));
	assert_true(model_takes_tools(&m, 2));
	assert_int_equal(model_commit_plan(&m, 0), PLAN_OWN_LINE);
	assert_int_equal(model_commit_plan(&m, 1), PLAN_OWN_LINE);
	assert_int_equal(model_commit_plan(&m, 2), PLAN_ANSWER);
	assert_int_equal(model_preview(&m), 0);
	assert_string_equal(m.commits[0].new_message, "a: own\n\n"
			    "Assisted-by: Claude:claude-opus-4-5\n" SOB_HU);
	assert_string_equal(m.commits[1].new_message, "b: own\n\n"
			    "Assisted-by: Claude:claude-sonnet-4-5 sparse\n"
			    SOB_HU);
	assert_string_equal(m.commits[2].new_message, "c: no trace\n\n"
			    "Assisted-by: Claude:claude-opus-4-5 coccinelle\n"
			    SOB_HU);
	model_release(&m);
}

/*
 * Every count and sentence about where the answer goes comes from the
 * plan that decides the write. Bob's two commits (his disclosure and
 * sign-off only): the answer goes on no commit, the tools neither, with
 * commit 2 marked a or not. A Cursor trace: Ctrl-A answers the others
 * and counts them so, the Cursor commit stays asked. A commit marked a
 * is not counted among those naming their own agent.
 */
static void test_plan_counts(void **state)
{
	static char *const tools[] = { "coccinelle", NULL };
	struct buf note = BUF_INIT, done = BUF_INIT;
	struct tui_model m;
	size_t other = 0;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty --author 'Bob Builder <bob@example.org>' -F - <<'MSG'\n"
	   "a: bob's\n\n"
	   "Assisted-by: Gemini:gemini-2.5-pro coccinelle\n"
	   "Signed-off-by: Bob Builder <bob@example.org>\n"
	   "MSG\n"
	   "git commit -q --allow-empty --author 'Bob Builder <bob@example.org>' -F - <<'MSG'\n"
	   "b: bob's\n\n"
	   "Signed-off-by: Bob Builder <bob@example.org>\n"
	   "Assisted-by: Codex:gpt-5-codex sparse\n"
	   "Signed-off-by: Bob Builder <bob@example.org>\n"
	   "MSG\n");
	open_model(&m);
	session_set_tools(m.session, tools);
	model_set_answer(&m, "Claude", "claude-opus-4-5");
	for (int marked = 0; marked < 2; marked++) {
		m.session->review[1] = marked ? REVIEW_NO_AI : 0;
		assert_int_equal(model_commit_plan(&m, 0), PLAN_OTHERS);
		assert_false(model_takes_tools(&m, 0));
		assert_false(model_takes_tools(&m, 1));
		buf_reset(&note);
		assert_true(model_plan_note(&note, &m));
		assert_non_null(strstr(note.ptr,
				       "Your answer goes on no commit: "));
		assert_non_null(strstr(note.ptr, marked ?
			"1 your sign-off alone" : "1, 2 your sign-off alone"));
		assert_true(!marked ||
			    strstr(note.ptr, "2 none (no AI-generated code"));
	}
	model_release(&m);

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: claude\n\n"
	   "Signed-off-by: Claude <noreply@anthropic.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "b: cursor\n\n"
	   "Co-authored-by: Cursor Agent <cursoragent@cursor.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -m 'c: no trace'\n");
	open_model(&m);
	model_set_answer(&m, "Claude", "claude-opus-4-5");
	assert_int_equal(model_unanswered(&m, NULL), 3);
	assert_int_equal(model_answer_rest_fits(&m, &other), 2);
	assert_int_equal(other, 1);
	assert_int_equal(model_answer_rest(&m, &done), 2);
	assert_string_equal(done.ptr, "1, 3");
	assert_int_equal(model_unanswered(&m, &other), 1);
	assert_int_equal(other, 1);
	assert_true(model_offer_asked(&m));
	assert_string_equal(m.session->agent, "Cursor");
	/* the Cursor commit marked a: the others name Claude alone */
	m.session->review[1] = REVIEW_NO_AI;
	assert_false(model_mixed(&m));
	buf_reset(&note);
	assert_false(model_plan_note(&note, &m));
	assert_string_equal(note.ptr, "Your answer goes on commits 1, 3 of 3; "
			    "2 none (no AI-generated code, as you marked it).");
	model_release(&m);
	buf_release(&note);
	buf_release(&done);
}

/*
 * A pre-fill from a commit that the human then marks as without
 * AI-generated code is not kept: it comes from the next commit naming
 * agent and model, or there is none.
 */
static void test_prefill_no_ai(void **state)
{
	struct tui_model m;

	fixture_sh("git reset -q --hard base\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "a: sonnet\n\n"
	   "Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n"
	   "MSG\n"
	   "git commit -q --allow-empty -F - <<'MSG'\n"
	   "b: codex\n\n"
	   "Assisted-by: Codex:gpt-5-codex\n"
	   "MSG\n");
	open_model(&m);
	assert_string_equal(m.session->model, "claude-sonnet-4-5");
	assert_non_null(strstr(m.prefill_source, "Sonnet"));
	m.session->review[0] = REVIEW_NO_AI;
	model_marks_changed(&m);
	assert_string_equal(m.session->agent, "Codex");
	assert_string_equal(m.session->model, "gpt-5-codex");
	assert_null(strstr(m.prefill_source, "Sonnet"));
	m.session->review[1] = REVIEW_NO_AI;
	model_marks_changed(&m);
	assert_null(m.session->agent);
	assert_null(m.prefill_source);
	model_release(&m);
}

/* What a commit says of itself, and which answers contradict it. */
static void test_facts_disagree(void **state)
{
	static const struct {
		const char *msg, *agent, *model;
		bool disagree;
	} cases[] = {
		{ "a\n\nCo-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n",
		  "Codex", "gpt-5-codex", true },
		{ "a\n\nCo-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n",
		  NULL, "gpt-5-codex", true },
		{ "a\n\nCo-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n",
		  "Claude", "claude-opus-4-5", true },
		{ "a\n\nCo-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>\n",
		  "claude-code", "claude-sonnet-4-5", false },
		{ "a\n\nCo-authored-by: Codex <noreply@openai.com>\n",
		  "Codex", "gpt-5-codex", false },
		{ "a\n\nAssisted-by: Claude:claude-opus-4-5\n",
		  "Claude", "claude-sonnet-4-5", true },
		{ "a\n\nAssisted-by: Claude:claude-opus-4-5\n",
		  NULL, NULL, false },
		{ "a\n\nBody.\n", "Codex", "gpt-5-codex", false },
		/* a model alone for the agent the commit names, if it runs it */
		{ "a\n\nMade-with: Cursor\n", NULL, "gpt-5.5", false },
		{ "a\n\nCo-authored-by: Claude <noreply@anthropic.com>\n",
		  NULL, "gpt-5.5", true },
		{ "a\n\nCo-authored-by: Claude <noreply@anthropic.com>\n",
		  NULL, "claude-opus-4-5", false },
	};
	struct catalogue *c = NULL;

	assert_int_equal(catalogue_load_builtin(&c), 0);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct message *m = NULL;
		struct commit_facts f;

		assert_int_equal(message_parse_commit(&m, cases[i].msg,
						      strlen(cases[i].msg),
						      '#'), 0);
		commit_facts_read(&f, m, NULL, NULL, FORM_AGENT_MODEL, c);
		if (commit_facts_disagree(&f, cases[i].agent, cases[i].model,
					  FORM_AGENT_MODEL, c) !=
		    cases[i].disagree)
			fail_msg("case %zu: %s", i, cases[i].msg);
		/* the kernel-llm form names no agent: never */
		assert_false(commit_facts_disagree(&f, cases[i].agent,
						   cases[i].model, FORM_LLM,
						   c));
		commit_facts_release(&f);
		message_free(m);
	}
	catalogue_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_series, setup, teardown),
		cmocka_unit_test_setup_teardown(test_files_after_open, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_checker_as_check, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_prefill, setup, teardown),
		cmocka_unit_test_setup_teardown(test_prefill_not_saved, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_items, setup, teardown),
		cmocka_unit_test_setup_teardown(test_preview, setup, teardown),
		cmocka_unit_test_setup_teardown(test_per_commit, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ask_per_commit, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_offer_asked, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_takes_tools, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_own_line_kept, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_plan_counts, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_prefill_no_ai, setup,
						teardown),
		cmocka_unit_test(test_facts_disagree),
		cmocka_unit_test_setup_teardown(test_remembered_answer, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_others_facts, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_open_items, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
