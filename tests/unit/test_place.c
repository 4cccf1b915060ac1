/* The placement rule (git-disclose(1), THE PLACEMENT RULE), one row per case. */
#include "unit.h"

#include "assisted.h"
#include "ident.h"
#include "message.h"
#include "place.h"
#include "util.h"

#define H "Signed-off-by: Hu Man <hu@example.org>\n"
#define A "Assisted-by: Claude:claude-opus-4-5 sparse\n"

struct place_case {
	const char *name;
	const char *in;
	const char *out;
	bool email;		/* parse as an e-mail (a "---" divider) */
	bool no_signoff;
};

static const struct place_case cases[] = {
	{ "plain", "Fix it\n\nBody.\n", "Fix it\n\nBody.\n\n" A H },
	{ "no final newline", "Fix it\n\nBody.", "Fix it\n\nBody.\n\n" A H },
	{ "subject only", "Fix it\n", "Fix it\n\n" A H },
	{ "subject that looks like a trailer", "Fixes: crash\n",
	  "Fixes: crash\n\n" A H },
	{ "own sign-off last", "S\n\nb\n\n" H, "S\n\nb\n\n" A H },
	{ "own sign-off not last",
	  "S\n\nb\n\n" H "Reviewed-by: R <r@x>\n",
	  "S\n\nb\n\nReviewed-by: R <r@x>\n" A H },
	{ "another person's sign-off",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n" A H },
	{ "sign-off compared case-insensitively",
	  "S\n\nb\n\nSigned-off-by: hu man <HU@example.org>\n",
	  "S\n\nb\n\n" A "Signed-off-by: hu man <HU@example.org>\n" },
	{ "duplicated own sign-off is folded",
	  "S\n\nb\n\n" H "Acked-by: X <x@x>\n" H,
	  "S\n\nb\n\nAcked-by: X <x@x>\n" A H },
	{ "co-developed-by pair of another person kept",
	  "S\n\nb\n\nCo-developed-by: C <c@x>\nSigned-off-by: C <c@x>\n",
	  "S\n\nb\n\nCo-developed-by: C <c@x>\nSigned-off-by: C <c@x>\n" A H },
	{ "own co-developed-by pair is never split",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n"
	  "Co-developed-by: Hu Man <hu@example.org>\n" H,
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n" A
	  "Co-developed-by: Hu Man <hu@example.org>\n" H },
	{ "own co-developed-by pair above another sign-off stays there",
	  "S\n\nb\n\nCo-developed-by: Hu Man <hu@example.org>\n" H
	  "Signed-off-by: O <o@x>\n",
	  "S\n\nb\n\nCo-developed-by: Hu Man <hu@example.org>\n" H
	  "Signed-off-by: O <o@x>\n" A H },
	{ "another person's disclosure and sign-off kept byte for byte",
	  "S\n\nb\n\nAssisted-by: LLM [codegen, review]\n"
	  "Signed-off-by: O <o@x>\n",
	  "S\n\nb\n\nAssisted-by: LLM [codegen, review]\n"
	  "Signed-off-by: O <o@x>\n" A H },
	{ "another person's line of the same agent kept",
	  "S\n\nb\n\nAssisted-by: Claude:claude-3-opus\n"
	  "Reviewed-by: R <r@x>\nSigned-off-by: O <o@x>\n",
	  "S\n\nb\n\nAssisted-by: Claude:claude-3-opus\n"
	  "Reviewed-by: R <r@x>\nSigned-off-by: O <o@x>\n" A H },
	{ "chain of custody: the human signs again at the end",
	  "S\n\nb\n\n" H "Reviewed-by: R <r@x>\nSigned-off-by: M <m@x>\n",
	  "S\n\nb\n\n" H "Reviewed-by: R <r@x>\nSigned-off-by: M <m@x>\n"
	  A H },
	{ "stale line after another person's sign-off replaced, tools kept",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n"
	  "Assisted-by: Claude:claude-3-opus smatch\n" H,
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n"
	  "Assisted-by: Claude:claude-opus-4-5 smatch sparse\n" H },
	{ "notes after the divider of a commit",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n---\nnotes for the reviewers\n",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n" A H
	  "---\nnotes for the reviewers\n" },
	{ "notes after the divider of a commit without trailers",
	  "S\n\nb\n---\nv2: rebased\n\nSigned-off-by: O <o@x>\n",
	  "S\n\nb\n\n" A H "---\nv2: rebased\n\nSigned-off-by: O <o@x>\n" },
	{ "own co-developed-by pair twice is folded into one",
	  "S\n\nb\n\nCo-developed-by: Hu <hu@example.org>\n" H
	  "Acked-by: X <x@x>\n"
	  "Co-developed-by: H <hu@example.org>\n" H,
	  "S\n\nb\n\nAcked-by: X <x@x>\n" A
	  "Co-developed-by: Hu <hu@example.org>\n" H },
	{ "stale Assisted-by of the same agent replaced",
	  "S\n\nb\n\nAssisted-by: Claude:claude-3-opus\n" H,
	  "S\n\nb\n\n" A H },
	{ "stale Assisted-by: its tools are merged, not dropped",
	  "S\n\nb\n\nAssisted-by: Claude:claude-3-opus smatch coccinelle\n" H,
	  "S\n\nb\n\nAssisted-by: Claude:claude-opus-4-5 smatch coccinelle sparse\n"
	  H },
	{ "malformed Assisted-by replaced",
	  "S\n\nb\n\nAssisted-by: claude-opus-4-6\n" H,
	  "S\n\nb\n\n" A H },
	{ "another agent's Assisted-by kept",
	  "S\n\nb\n\nAssisted-by: Codex:gpt-5\n" H,
	  "S\n\nb\n\nAssisted-by: Codex:gpt-5\n" A H },
	{ "idempotent", "S\n\nb\n\n" A H, "S\n\nb\n\n" A H },
	{ "notes after the divider of an e-mail",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n---\n v2: rebased\n",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n" A H "---\n v2: rebased\n",
	  true },
	{ "continuation lines kept byte for byte",
	  "S\n\nb\n\nLink: https://example.org/a\n  /b\n",
	  "S\n\nb\n\nLink: https://example.org/a\n  /b\n" A H },
	{ "prose last paragraph",
	  "S\n\nSigned-off-by: O <o@x>\n\nThis is prose.\n",
	  "S\n\nSigned-off-by: O <o@x>\n\nThis is prose.\n\n" A H },
	{ "25% rule: a mixed block takes the trailers",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n[fixed a typo]\n",
	  "S\n\nb\n\nSigned-off-by: O <o@x>\n[fixed a typo]\n" A H },
	{ "commit template comments stay last",
	  "S\n\nb\n\n# Please enter the commit message\n# Lines starting\n",
	  "S\n\nb\n\n" A H "\n# Please enter the commit message\n# Lines starting\n" },
	{ "cherry picked",
	  "S\n\nb\n\n(cherry picked from commit 0123abc)\n",
	  "S\n\nb\n\n(cherry picked from commit 0123abc)\n" A H },
	{ "no sign-off asked", "S\n\nb\n", "S\n\nb\n\n" A, false, true },
	{ "no sign-off asked keeps the human's in place",
	  "S\n\nb\n\n" H "Acked-by: X <x@x>\n",
	  "S\n\nb\n\n" H "Acked-by: X <x@x>\n" A, false, true },
};

static void place(struct buf *out, const char *in, bool email, bool no_sob)
{
	struct ident human = { "Hu Man", "hu@example.org" };
	struct place_request req = { 0 };
	struct assisted *a = assisted_new("Claude", "claude-opus-4-5");
	struct message *m;

	assisted_add_tool(a, "sparse");
	if (email)
		message_parse(&m, in, strlen(in), '#');
	else
		message_parse_commit(&m, in, strlen(in), '#');
	req.assisted = a;
	req.form = FORM_AGENT_MODEL;
	req.human = no_sob ? NULL : &human;
	assert_int_equal(place_trailers(out, m, &req), 0);
	message_free(m);
	assisted_free(a);
}

static void test_cases(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct place_case *c = &cases[i];
		struct buf once = BUF_INIT, twice = BUF_INIT;

		print_message("case: %s\n", c->name);
		place(&once, c->in, c->email, c->no_signoff);
		assert_string_equal(once.ptr, c->out);
		/* re-running with the same answers changes nothing */
		place(&twice, once.ptr, c->email, c->no_signoff);
		assert_string_equal(twice.ptr, once.ptr);
		buf_release(&once);
		buf_release(&twice);
	}
}

static void test_empty_refused(void **state)
{
	struct place_request req = { 0 };
	struct buf out = BUF_INIT;
	struct message *m;

	message_parse_commit(&m, "\n# only a comment\n", 18, '#');
	assert_int_equal(place_trailers(&out, m, &req), -1);
	assert_non_null(strstr(error_last(), "empty"));
	message_free(m);
	buf_release(&out);
}

static void test_llm_form(void **state)
{
	struct ident human = { "Hu Man", "hu@example.org" };
	struct place_request req = { 0 };
	struct assisted *a = assisted_new("LLM", NULL);
	struct buf out = BUF_INIT;
	struct message *m;
	const char *in = "S\n\nb\n\nAssisted-by: LLM coccinelle\n" H;

	assisted_add_tool(a, "smatch");
	message_parse_commit(&m, in, strlen(in), '#');
	req.assisted = a;
	req.form = FORM_LLM;
	req.human = &human;
	assert_int_equal(place_trailers(&out, m, &req), 0);
	/* the tools of the line replaced are kept */
	assert_string_equal(out.ptr,
			    "S\n\nb\n\nAssisted-by: LLM coccinelle smatch\n" H);
	message_free(m);
	assisted_free(a);
	buf_release(&out);
}

/* Place a with the LLM or kernel form on in, for one-off cases. */
static void place_one(struct buf *out, const char *in, struct assisted *a,
		      enum policy_form form)
{
	struct ident human = { "Hu Man", "hu@example.org" };
	struct place_request req = { 0 };
	struct message *m;

	message_parse_commit(&m, in, strlen(in), '#');
	req.assisted = a;
	req.form = form;
	req.human = &human;
	assert_int_equal(place_trailers(out, m, &req), 0);
	message_free(m);
}

/* Another person's kernel-llm line is his, even in the same form. */
static void test_llm_other_person_kept(void **state)
{
	struct assisted *a = assisted_new("LLM", NULL);
	struct buf out = BUF_INIT;
	const char *in = "S\n\nb\n\nAssisted-by: LLM [codegen, review]\n"
			 "Signed-off-by: O <o@x>\n";

	assisted_add_tool(a, "smatch");
	place_one(&out, in, a, FORM_LLM);
	assert_string_equal(out.ptr,
			    "S\n\nb\n\nAssisted-by: LLM [codegen, review]\n"
			    "Signed-off-by: O <o@x>\n"
			    "Assisted-by: LLM smatch\n" H);
	assisted_free(a);
	buf_release(&out);
}

/* A new answer without tools keeps the tools the human's line named. */
static void test_tools_never_dropped(void **state)
{
	struct assisted *a = assisted_new("Claude", "claude-opus-4-5");
	struct buf out = BUF_INIT, again = BUF_INIT;
	const char *in = "S\n\nb\n\n"
			 "Assisted-by: Claude:claude-3-opus smatch coccinelle\n"
			 H;
	const char *want = "S\n\nb\n\n"
			   "Assisted-by: Claude:claude-opus-4-5 smatch coccinelle\n"
			   H;

	place_one(&out, in, a, FORM_AGENT_MODEL);
	assert_string_equal(out.ptr, want);
	place_one(&again, out.ptr, a, FORM_AGENT_MODEL);
	assert_string_equal(again.ptr, want);
	assisted_free(a);
	buf_release(&out);
	buf_release(&again);
}

/* fix's rewrite: every Generated-by becomes an Assisted-by in place. */
static char *rewrite_generated(const struct message *m, size_t i, void *data)
{
	if (!trailer_is(&m->trailers[i], "Generated-by"))
		return NULL;
	return xstrdup("Assisted-by: Claude:claude-opus-4-8");
}

/* A rewritten entry of another person stays where it stands, above his
 * sign-off; the human's part starts after that sign-off. */
static void test_rewrite_in_place(void **state)
{
	struct ident human = { "Hu Man", "hu@example.org" };
	struct place_request req = { 0 };
	struct buf out = BUF_INIT;
	struct message *m;
	const char *in = "S\n\nb\n\nGenerated-by: Claude Opus 4.8\n"
			 "Reviewed-by: R <r@x>\nSigned-off-by: O <o@x>\n"
			 "Acked-by: X <x@x>\n";

	message_parse_commit(&m, in, strlen(in), '#');
	req.form = FORM_AGENT_MODEL;
	req.human = &human;
	req.rewrite = rewrite_generated;
	assert_int_equal(place_own_start(m, &req), 3);
	assert_int_equal(place_trailers(&out, m, &req), 0);
	assert_string_equal(out.ptr,
			    "S\n\nb\n\nAssisted-by: Claude:claude-opus-4-8\n"
			    "Reviewed-by: R <r@x>\nSigned-off-by: O <o@x>\n"
			    "Acked-by: X <x@x>\n" H);
	message_free(m);
	buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_empty_refused),
		cmocka_unit_test(test_llm_form),
		cmocka_unit_test(test_llm_other_person_kept),
		cmocka_unit_test(test_tools_never_dropped),
		cmocka_unit_test(test_rewrite_in_place),
	};

	return cmocka_run_group_tests_name("place", tests, NULL, NULL);
}
