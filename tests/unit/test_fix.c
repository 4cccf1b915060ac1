/* The fixer: the fix of each finding, idempotence, refusals; the diff. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "unit.h"

#include "catalogue.h"
#include "diff.h"
#include "fix.h"
#include "util.h"

static struct catalogue *cat;

#define H "Subject line\n\nBody text.\n\n"
#define SOB "Signed-off-by: Jane Dev <jane@example.org>\n"
#define ANN "Signed-off-by: Ann Author <ann@example.org>\n"

struct fix_case {
	const char *name;
	const char *in;
	const char *out;	/* NULL: fix must fail */
	const char *agent, *model;
	bool llm;
	bool no_signoff;
	const char *error;	/* part of the error when out is NULL */
};

static const struct fix_case cases[] = {
	{ "clean message unchanged", H "Assisted-by: Claude:claude-opus-4-5\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-5\n" SOB },
	{ "only a human-only problem: unchanged",
	  H "Co-developed-by: Bob <bob@example.org>\n" SOB,
	  H "Co-developed-by: Bob <bob@example.org>\n" SOB },
	{ "ASSISTED_BY_FORMAT: model without agent", H "Assisted-by: claude-opus-4-6\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-6\n" SOB },
	{ "ASSISTED_BY_FORMAT: space for the colon", H SOB "Assisted-by: Codex gpt-5.5 sparse\n",
	  H "Assisted-by: Codex:gpt-5.5 sparse\n" SOB },
	{ "ASSISTED_BY_FORMAT: unfixable without options", H "Assisted-by: Claude\n" SOB,
	  NULL, NULL, NULL, false, false, "--model" },
	{ "ASSISTED_BY_FORMAT: options give it", H "Assisted-by: Claude\n" SOB,
	  H "Assisted-by: Claude:claude-sonnet-4-5\n" SOB, NULL, "claude-sonnet-4-5" },
	{ "ASSISTED_BY_FORMAT: kernel-llm", H "Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB,
	  H "Assisted-by: LLM sparse\n" SOB, NULL, NULL, true },
	{ "ASSISTED_BY_BASIC_TOOL", H "Assisted-by: Claude:claude-opus-4-5 gcc sparse make\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB },
	{ "AI_SIGNOFF with a disclosure: removed", H "Assisted-by: Claude:claude-opus-4-5\nSigned-off-by: Claude <noreply@anthropic.com>\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-5\n" SOB },
	{ "AI_SIGNOFF alone: model unknown", H "Signed-off-by: Claude <noreply@anthropic.com>\n",
	  NULL, NULL, NULL, false, false, "--model" },
	{ "AI_SIGNOFF alone, model given", H "Signed-off-by: Claude <noreply@anthropic.com>\n",
	  H "Assisted-by: Claude:claude-opus-4-5\n" SOB, NULL, "claude-opus-4-5" },
	{ "AI_CO_DEVELOPER with its sign-off", H "Co-developed-by: Claude Opus 4.5 <noreply@anthropic.com>\nSigned-off-by: Claude Opus 4.5 <noreply@anthropic.com>\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-5\n" SOB },
	{ "VENDOR_TRAILER and VENDOR_FOOTER (Claude Code)",
	  "Add frob\n\nBody.\n\n\xf0\x9f\xa4\x96 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
	  "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n",
	  "Add frob\n\nBody.\n\nAssisted-by: Claude:claude-opus-4-5\n" SOB },
	{ "VENDOR_TRAILER: aider", H "Co-authored-by: aider (gpt-4o) <aider@aider.chat>\n" SOB,
	  H "Assisted-by: aider:gpt-4o\n" SOB },
	{ "VENDOR_TRAILER: Cursor needs a model", H "Co-authored-by: Cursor <cursoragent@cursor.com>\nMade-with: Cursor\n" SOB,
	  NULL, NULL, NULL, false, false, "Cursor" },
	{ "VENDOR_TRAILER: Cursor with --model keeps the agent",
	  H "Co-authored-by: Cursor <cursoragent@cursor.com>\nMade-with: Cursor\n" SOB,
	  H "Assisted-by: Cursor:gpt-5\n" SOB, NULL, "gpt-5" },
	{ "VENDOR_TRAILER: Codex", H "Co-authored-by: Codex <noreply@openai.com>\n" SOB,
	  H "Assisted-by: Codex:gpt-5-codex\n" SOB, NULL, "gpt-5-codex" },
	{ "VENDOR_FOOTER with a disclosure", H "Generated with [Claude Code](https://claude.ai/code)\n\nAssisted-by: Claude:claude-opus-4-5\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-5\n" SOB },
	{ "MISSING_DISCLOSURE, kernel-llm needs no model", H "Co-authored-by: Cursor <cursoragent@cursor.com>\n" SOB,
	  H "Assisted-by: LLM\n" SOB, NULL, NULL, true },
	{ "MISSING_SIGNOFF", H "Reviewed-by: R <r@example.org>\n",
	  H "Reviewed-by: R <r@example.org>\n" SOB },
	{ "MISSING_SIGNOFF, no block", "Subject\n\nBody.\n",
	  "Subject\n\nBody.\n\n" SOB },
	/* the earlier sign-off stays, a new one goes last (git commit -s) */
	{ "SUBMITTER_SIGNOFF_NOT_LAST", H SOB "Signed-off-by: R <r@example.org>\n",
	  H SOB "Signed-off-by: R <r@example.org>\n" SOB },
	{ "DUPLICATE_SIGNATURE", H "Reviewed-by: R <r@example.org>\nReviewed-by: r  <R@example.org>\n" SOB,
	  H "Reviewed-by: R <r@example.org>\n" SOB },
	{ "--no-signoff adds none", H "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n",
	  H "Assisted-by: Claude:claude-opus-4-5\n", NULL, NULL, false, true },
	{ "other trailers kept in order", H "Fixes: 123456789abc (\"x\")\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\nReported-by: Bob <bob@example.org>\n",
	  H "Fixes: 123456789abc (\"x\")\nReported-by: Bob <bob@example.org>\nAssisted-by: Claude:claude-opus-4-5\n" SOB },
	/* identity by address and catalogue, never by name alone */
	{ "a human named Claude keeps the sign-off",
	  H "Signed-off-by: Claude <claude.dupont@personal.example>\n",
	  H "Signed-off-by: Claude <claude.dupont@personal.example>\n" },
	{ "a human named Claude co-authors",
	  H "Co-authored-by: Claude Dupont <claude@personal.example>\n" SOB,
	  H "Co-authored-by: Claude Dupont <claude@personal.example>\n" SOB },
	{ "Generated-by an AI becomes the disclosure",
	  H "Generated-by: Claude Opus 4.7 <noreply@anthropic.com>\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-7\n" SOB },
	{ "model with a note", H "Co-Authored-By: Claude Opus 4.7 (1M context) <noreply@anthropic.com>\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-7\n" SOB },
	{ "stray bytes build no model", H "Assisted-by: Claude:\377claude\n" SOB,
	  NULL, NULL, NULL, false, false, "--model" },
	{ "stray byte inside builds no model",
	  H "Assisted-by: Claude:claude\240opus-4-5\n" SOB,
	  NULL, NULL, NULL, false, false, "--model" },
	/* the footer as the last line: no blank line is left at the end */
	{ "footer last, no trailing blank line",
	  "Add frob\n\nBody.\n\n\xf0\x9f\xa4\x96 Generated with [Claude Code](https://claude.com/claude-code)\n",
	  "Add frob\n\nBody.\n\nAssisted-by: Claude:claude-opus-4-5\n" SOB,
	  .model = "claude-opus-4-5" },
	/* a misspelling is check's "did you mean": fix writes no guess */
	{ "misspelt model: no guess", H "Assisted-by: Claude:claude-opsu-4-5 sparse\n" SOB,
	  NULL, .error = "--model" },
	{ "misspelt model, --model given",
	  H "Assisted-by: Claude:claude-opsu-4-5 sparse\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB,
	  .model = "claude-opus-4-5" },
	{ "misspelt agent: no guess", H "Assisted-by: Cladue:claude-opus-4-5\n" SOB,
	  NULL, .error = "--agent" },
	{ "display name after the colon", H "Assisted-by: Claude:Opus 4.8\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-8\n" SOB },
	{ "harness in the tool slot dropped",
	  H "Assisted-by: Claude:claude-opus-4-7 [Claude Code] [sparse]\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-7 sparse\n" SOB },
	{ "model of another family: a human must say",
	  H "Assisted-by: Claude:gpt-5\n" SOB,
	  NULL, NULL, NULL, false, false, "Codex" },
	{ "display name of a model given as an option",
	  H "Co-authored-by: Cursor <cursoragent@cursor.com>\n" SOB,
	  H "Assisted-by: Cursor:claude-opus-4-8\n" SOB, NULL, "Claude Opus 4.8" },
	/* whose lines are whose */
	{ "vendor trailer of another person converted in his part",
	  H "Co-authored-by: Claude Opus 4.8 <noreply@anthropic.com>\n" ANN,
	  H "Assisted-by: Claude:claude-opus-4-8\n" ANN SOB },
	{ "AI co-developer pair of another person converted in his part",
	  H "Co-developed-by: Claude Opus 4.8 <noreply@anthropic.com>\n"
	  "Signed-off-by: Claude Opus 4.8 <noreply@anthropic.com>\n" ANN,
	  H "Assisted-by: Claude:claude-opus-4-8\n" ANN SOB },
	{ "another person's AI pair with no model known: left to him",
	  H "Co-developed-by: Claude <noreply@anthropic.com>\n"
	  "Signed-off-by: Claude <noreply@anthropic.com>\n" ANN,
	  H "Co-developed-by: Claude <noreply@anthropic.com>\n"
	  "Signed-off-by: Claude <noreply@anthropic.com>\n" ANN SOB },
	{ "another person's Assisted-by is his: left, never copied",
	  H "Assisted-by: Codex:GPT-5.5\n" ANN,
	  H "Assisted-by: Codex:GPT-5.5\n" ANN SOB },
	{ "without a human every sign-off is another's",
	  H "Assisted-by: kres (claude-opus-4-7)\n" ANN,
	  H "Assisted-by: kres (claude-opus-4-7)\n" ANN, NULL, NULL, false,
	  true },
	{ "own stale lines corrected in place, order kept",
	  H "Assisted-by: Codex:gpt-5\nAssisted-by: Claude:opus-4.8\n" SOB,
	  H "Assisted-by: Codex:gpt-5\nAssisted-by: Claude:claude-opus-4-8\n"
	  SOB },
	{ "the agent as written (check's proposal)",
	  H "Assisted-by: kres (claude-opus-4-7)\n" SOB,
	  H "Assisted-by: kres:claude-opus-4-7\n" SOB },
	{ "another person's sign-off repeated in his chain is his",
	  H ANN "Assisted-by:  Codex:GPT-5.5 sparse\n"
	  "Reviewed-by: Carol Rev <carol@example.org>\n" ANN,
	  H ANN "Assisted-by:  Codex:GPT-5.5 sparse\n"
	  "Reviewed-by: Carol Rev <carol@example.org>\n" ANN SOB },
	{ "another person's vendor trailer: his part's disclosure, not ours",
	  H "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n" ANN
	  "Assisted-by: Codex:gpt-5-codex\n" SOB,
	  H "Assisted-by: Claude:claude-opus-4-5\n" ANN
	  "Assisted-by: Codex:gpt-5-codex\n" SOB },
	{ "another person's vendor trailer gets no model from our line",
	  H "Co-authored-by: Claude <noreply@anthropic.com>\n" ANN
	  "Assisted-by: Claude:claude-opus-4-5\n" SOB,
	  H "Co-authored-by: Claude <noreply@anthropic.com>\n" ANN
	  "Assisted-by: Claude:claude-opus-4-5\n" SOB },
	{ "our line takes no agent, model or tools from another person's",
	  H "Assisted-by: Gemini:gemini-2.5-pro coccinelle\n" ANN
	  "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n",
	  H "Assisted-by: Gemini:gemini-2.5-pro coccinelle\n" ANN
	  "Assisted-by: Claude:claude-opus-4-5\n" SOB },
};

static int fix_one(struct buf *out, bool *changed, const char *in,
		   const struct fix_case *c)
{
	struct ident jane;
	struct fix_opts o = { 0 };
	int rc;

	ident_parse(&jane, "Jane Dev <jane@example.org>");
	o.form = c->llm ? FORM_LLM : FORM_AGENT_MODEL;
	o.cat = cat;
	o.human = c->no_signoff ? NULL : &jane;
	o.agent = c->agent;
	o.model = c->model;
	o.comment_char = '#';
	rc = fix_message(out, changed, in, strlen(in), &o);
	ident_release(&jane);
	return rc;
}

static void run_case(const struct fix_case *c)
{
	struct buf out = BUF_INIT, again = BUF_INIT;
	bool changed;
	int rc = fix_one(&out, &changed, c->in, c);

	if (!c->out) {
		if (rc == 0 || !strstr(error_last(), c->error)) {
			print_error("case '%s': want a failure naming '%s', got %d '%s'\n",
				    c->name, c->error, rc, rc ? error_last() : out.ptr);
			fail();
		}
		buf_release(&out);
		return;
	}
	if (rc < 0 || strcmp(out.ptr, c->out)) {
		print_error("case '%s': rc %d (%s)\n--- got\n%s--- want\n%s",
			    c->name, rc, rc ? error_last() : "", out.ptr, c->out);
		fail();
	}
	assert_int_equal(changed, strcmp(c->in, c->out) != 0);
	/* idempotent: fixing the result changes nothing */
	assert_int_equal(fix_one(&again, &changed, out.ptr, c), 0);
	if (changed) {
		print_error("case '%s': not idempotent:\n%s", c->name, again.ptr);
		fail();
	}
	buf_release(&out);
	buf_release(&again);
}

static void test_cases(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		run_case(&cases[i]);
}

/* What fix leaves of another person's is named, with whose it is. */
static void test_note_names_owner(void **state)
{
	const char *in = H "Assisted-by: Codex:GPT-5.5\n" ANN;
	struct fix_opts o = { 0 };
	struct buf out = BUF_INIT, notes = BUF_INIT;
	bool changed;

	o.form = FORM_AGENT_MODEL;
	o.cat = cat;
	o.comment_char = '#';
	o.notes = &notes;
	assert_int_equal(fix_message(&out, &changed, in, strlen(in), &o), 0);
	assert_false(changed);
	assert_non_null(strstr(buf_cstr(&notes),
			       "is Ann Author's line; not changed"));
	assert_non_null(strstr(buf_cstr(&notes), "Codex:gpt-5.5"));
	buf_release(&out);
	buf_release(&notes);
}

/*
 * The writers' pass (amend, the assistant): the human's part gets the
 * caller's line (or none) and the sign-off whatever the checker finds,
 * the traces converted in the same pass, another person's lines kept.
 */
static void test_place(void **state)
{
	static const struct {
		const char *in, *line, *out;
	} t[] = {
		{ "Subject\n\nBody.\n", "Claude:claude-opus-4-5",
		  "Subject\n\nBody.\n\nAssisted-by: Claude:claude-opus-4-5\n"
		  SOB },
		{ "Subject\n\nBody.\n", NULL, "Subject\n\nBody.\n\n" SOB },
		/* his vendor trailer is converted in his part; ours is ours */
		{ H "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n"
		  ANN, NULL,
		  H "Assisted-by: Claude:claude-opus-4-5\n" ANN SOB },
		{ H "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n"
		  ANN, "Codex:gpt-5-codex",
		  H "Assisted-by: Claude:claude-opus-4-5\n" ANN
		  "Assisted-by: Codex:gpt-5-codex\n" SOB },
		/* his Assisted-by (a tool on it) is his: not copied */
		{ H "Assisted-by: Gemini:gemini-2.5-pro coccinelle\n" ANN
		  "Link: https://lore.kernel.org/r/x@example.org\n", NULL,
		  H "Assisted-by: Gemini:gemini-2.5-pro coccinelle\n" ANN
		  "Link: https://lore.kernel.org/r/x@example.org\n" SOB },
		/* our own vendor trailer and footer: converted to our line */
		{ H "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n",
		  "Claude:claude-opus-4-5",
		  H "Assisted-by: Claude:claude-opus-4-5\n" SOB },
		/* a stale line of ours: replaced, its tools kept (basic out) */
		{ H "Assisted-by: Claude:claude-3-opus smatch gcc\n" SOB,
		  "Claude:claude-opus-4-5 sparse",
		  H "Assisted-by: Claude:claude-opus-4-5 smatch sparse\n" SOB },
	};
	struct ident jane;

	ident_parse(&jane, "Jane Dev <jane@example.org>");
	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		struct fix_opts o = { 0 };
		struct assisted *a = NULL;
		struct buf out = BUF_INIT;
		bool changed;

		if (t[i].line)
			assert_int_equal(assisted_parse(&a, t[i].line,
							FORM_AGENT_MODEL), 0);
		o.form = FORM_AGENT_MODEL;
		o.cat = cat;
		o.human = &jane;
		o.comment_char = '#';
		o.place = true;
		o.assisted = a;
		assert_int_equal(fix_message(&out, &changed, t[i].in,
					     strlen(t[i].in), &o), 0);
		if (strcmp(out.ptr, t[i].out)) {
			print_error("case %zu:\n--- got\n%s--- want\n%s", i,
				    out.ptr, t[i].out);
			fail();
		}
		assisted_free(a);
		buf_release(&out);
	}
	ident_release(&jane);
}

static void test_diff(void **state)
{
	static const struct { const char *a, *b, *want; } t[] = {
		{ "same\n", "same\n", "" },
		{ "a\nb\nc\n", "a\nB\nc\n",
		  "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n" },
		{ "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\n5\n6\n7\n8\n9\nX\n",
		  "--- a/x\n+++ b/x\n@@ -7,3 +7,4 @@\n 7\n 8\n 9\n+X\n" },
		{ "x\n", "", "--- a/x\n+++ b/x\n@@ -1,1 +0,0 @@\n-x\n" },
		{ "a\n1\n2\n3\n4\n5\n6\n7\n8\nb\n", "A\n1\n2\n3\n4\n5\n6\n7\n8\nB\n",
		  "--- a/x\n+++ b/x\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n"
		  "@@ -7,4 +7,4 @@\n 6\n 7\n 8\n-b\n+B\n" },
		{ "a", "b", "--- a/x\n+++ b/x\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		struct buf out = BUF_INIT;

		diff_unified(&out, t[i].a, strlen(t[i].a), t[i].b,
			     strlen(t[i].b), "a/x", "b/x");
		assert_string_equal(buf_cstr(&out), t[i].want);
		buf_release(&out);
	}
}

static int setup(void **state)
{
	return catalogue_load_builtin(&cat);
}

static int teardown(void **state)
{
	catalogue_free(cat);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_note_names_owner),
		cmocka_unit_test(test_place),
		cmocka_unit_test(test_diff),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
