/*
 * The report formats: the text lines, b4's per-patch check lines (ERROR:
 * only on errors, nothing for a clean result or an informational one),
 * b4's review array and the mail fields of the NDJSON line.
 */
#include "unit.h"

#include <stdio.h>

#include "report.h"
#include "util.h"

/* A result with one finding of each severity given (NULL: none). */
static void result(struct lint_result *res, bool error, bool warning,
		   bool info)
{
	memset(res, 0, sizeof(*res));
	if (error)
		lint_add_finding(res, "AI_SIGNOFF", SEV_ERROR, 12, 0,
				 "Signed-off-by: Claude <noreply@anthropic.com>",
				 "Assisted-by: Claude:claude-opus-4-5",
				 ACT_DISCLOSE, "is an AI");
	if (warning)
		lint_add_finding(res, "SUBMITTER_SIGNOFF_NOT_LAST",
				 SEV_WARNING, 0, 0, NULL, NULL, ACT_PLACE,
				 "not last \x1b[2J");
	if (info)
		lint_add_finding(res, "ASSISTED_BY_UNKNOWN_TOOL", SEV_INFO, 3,
				 0, NULL, NULL, ACT_NONE, "unknown tool");
}

/* What report writes in format f for res about key k. */
static char *render(enum report_format f, const struct report_key *k,
		    const struct lint_result *res)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct report *r;

	assert_non_null(out);
	r = report_new(f, false, out);
	report_add(r, k, res);
	assert_int_equal(report_finish(r), 0);
	report_free(r);
	fclose(out);
	return text;
}

static void test_formats(void **state)
{
	static const struct report_key commit = {
		.commit = "0123456789abcdef", .subject = "a: b",
	};
	static const struct report_key mail = {
		.subject = "a: b", .is_mail = true,
		.message_id = "<m@example.org>", .prefix = "PATCH v2 2/3",
		.number = 2, .total = 3, .author = "Ada <ada@example.org>",
		.msgno = 3, .many = true,
	};
	static const struct {
		enum report_format f;
		const struct report_key *k;
		bool e, w, i;
		const char *want;
	} t[] = {
		{ REPORT_B4, &commit, false, false, false, "" },
		{ REPORT_B4, &commit, false, false, true, "" },
		{ REPORT_B4, &commit, true, true, true,
		  "ERROR: AI_SIGNOFF: line 12: is an AI "
		  "(fix: Assisted-by: Claude:claude-opus-4-5)\n"
		  "WARNING: SUBMITTER_SIGNOFF_NOT_LAST: not last \\x1b[2J\n" },
		{ REPORT_B4, &mail, false, true, false,
		  "[PATCH v2 2/3] <m@example.org>: WARNING: "
		  "SUBMITTER_SIGNOFF_NOT_LAST: not last \\x1b[2J\n" },
		/* one object per message and tool: b4 keeps one */
		{ REPORT_B4_REVIEW, &commit, false, false, true,
		  "[{\"tool\":\"git-disclose\",\"status\":\"pass\","
		  "\"summary\":\"passed all checks\",\"url\":\"https:"
		  "//docs.kernel.org/process/coding-assistants.html\","
		  "\"details\":\"\"}]\n" },
		{ REPORT_B4_REVIEW, &commit, true, true, false,
		  "[{\"tool\":\"git-disclose\",\"status\":\"fail\","
		  "\"summary\":\"1 error, 1 warning\","
		  "\"url\":\"https://docs.kernel.org/process/"
		  "coding-assistants.html\",\"details\":\"[{\\\"status\\\":"
		  "\\\"fail\\\",\\\"description\\\":\\\"ERROR: AI_SIGNOFF: "
		  "line 12: is an AI (Signed-off-by: Claude "
		  "<noreply@anthropic.com>) (fix: Assisted-by: "
		  "Claude:claude-opus-4-5)\\\",\\\"url\\\":\\\"https://"
		  "docs.kernel.org/process/coding-assistants.html\\\"},"
		  "{\\\"status\\\":\\\"warn\\\",\\\"description\\\":"
		  "\\\"WARNING: SUBMITTER_SIGNOFF_NOT_LAST: not last "
		  "\\\\u001b[2J\\\",\\\"url\\\":\\\"https://docs.kernel.org/"
		  "process/submitting-patches.html\\\"}]\"}]\n" },
		{ REPORT_TEXT, &mail, true, false, false,
		  "[PATCH v2 2/3] <m@example.org> (\"a: b\"): ERROR: "
		  "AI_SIGNOFF: line 12: is an AI\n"
		  "    Signed-off-by: Claude <noreply@anthropic.com>\n"
		  "  + Assisted-by: Claude:claude-opus-4-5\n"
		  "1 mail, 1 error, 0 warnings\n" },
		{ REPORT_TEXT, &commit, false, false, false,
		  "1 commit, 0 errors, 0 warnings\n" },
		{ REPORT_JSON, &mail, false, false, true,
		  "{\"commit\":null,\"message_id\":\"<m@example.org>\","
		  "\"patch\":{\"number\":2,\"total\":3},\"cover\":false,"
		  "\"author\":\"Ada <ada@example.org>\",\"subject\":\"a: b\","
		  "\"findings\":[{\"id\":\"ASSISTED_BY_UNKNOWN_TOOL\","
		  "\"severity\":\"info\",\"line\":3,\"text\":null,"
		  "\"message\":\"unknown tool\",\"fix\":null}]}\n" },
	};

	for (size_t n = 0; n < ARRAY_SIZE(t); n++) {
		struct lint_result res;
		char *got;

		result(&res, t[n].e, t[n].w, t[n].i);
		got = render(t[n].f, t[n].k, &res);
		print_message("case %zu\n", n);
		assert_string_equal(got, t[n].want);
		free(got);
		lint_result_release(&res);
	}
}

/* JSON keeps no control a terminal acts on: C1 controls and every bidi
 * control (the overrides, and LRM, RLM, ALM) become \u escapes. */
static void test_json_controls(void **state)
{
	static const struct report_key commit = {
		.commit = "0123456789abcdef",
		.subject = "x\xc2\x9b\xe2\x80\xae\xe2\x80\x8f\xd8\x9c\xe2\x81\xa6y",
	};
	struct lint_result res;
	char *got;

	memset(&res, 0, sizeof(res));
	got = render(REPORT_JSON, &commit, &res);
	assert_non_null(strstr(got, "x\\u009b\\u202e\\u200f\\u061c\\u2066y"));
	free(got);
}

static void test_format_names(void **state)
{
	enum report_format f;

	assert_int_equal(report_format_parse(&f, "b4-review"), 0);
	assert_int_equal(f, REPORT_B4_REVIEW);
	assert_int_equal(report_format_parse(&f, "b4"), 0);
	assert_int_equal(f, REPORT_B4);
	assert_true(report_format_parse(&f, "B4") < 0);
	assert_non_null(strstr(error_last(), "unknown format 'B4'"));
	error_clear();
}

/*
 * The one finding printer: the hooks' style (a lowered severity, the
 * message line, "write instead:" or "add:") and check's colours.
 */
static void test_finding_text(void **state)
{
	struct lint_result res;
	struct buf b = BUF_INIT;
	const struct finding_style color = {
		.line_word = "line", .fix_after_text = "+", .color = true,
	};

	result(&res, true, false, false);
	report_finding_text(&b, "commit-msg: ", &res.findings[0], SEV_WARNING,
			    &report_hook_style);
	assert_string_equal(b.ptr, "commit-msg: WARNING: AI_SIGNOFF: "
			    "message line 12: is an AI\n"
			    "    Signed-off-by: Claude <noreply@anthropic.com>\n"
			    "  write instead: Assisted-by: Claude:claude-opus-4-5\n");
	free(res.findings[0].text);
	res.findings[0].text = NULL;
	buf_reset(&b);
	report_finding_text(&b, "p: ", &res.findings[0], SEV_ERROR,
			    &report_hook_style);
	assert_string_equal(b.ptr, "p: ERROR: AI_SIGNOFF: message line 12: "
			    "is an AI\n  add: Assisted-by: Claude:claude-opus-4-5\n");
	buf_reset(&b);
	report_finding_text(&b, "x: ", &res.findings[0], SEV_ERROR, &color);
	assert_string_equal(b.ptr, "x: \033[1;31mERROR\033[m: AI_SIGNOFF: "
			    "line 12: is an AI\n"
			    "  \033[32m+\033[m Assisted-by: Claude:claude-opus-4-5\n");
	buf_release(&b);
	lint_result_release(&res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_finding_text),
		cmocka_unit_test(test_json_controls),
		cmocka_unit_test(test_format_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
