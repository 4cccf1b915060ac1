/* Fixes: lines, parsed as checkpatch parses them, against a fake log. */
#include "unit.h"

#include "fixes.h"
#include "util.h"

#define BUG "0123456789abcdef0123456789abcdef01234567"
#define AMBIG "fedcba98"

/* One commit BUG "net: fix it"; AMBIG is ambiguous; all else unknown. */
static int lookup(char *id, char **subject, const char *hex, void *data)
{
	(void)data;
	if (!strncmp(AMBIG, hex, strlen(hex)) && strlen(hex) <= 8)
		return FIXES_AMBIGUOUS;
	if (strncmp(BUG, hex, strlen(hex)))
		return FIXES_NONE;
	strcpy(id, BUG);
	*subject = xstrdup("net: fix it");
	return FIXES_FOUND;
}

static const struct {
	const char *line;
	const char *id;		/* NULL: no finding */
	const char *fix;
} cases[] = {
	{ "Fixes: 0123456789ab (\"net: fix it\")", NULL, NULL },
	{ "Fixes: " BUG " (\"net: fix it\")", NULL, NULL },
	{ "Fixes: 0123456789ab (net: fix it)", "FIXES_FORMAT",
	  "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "Fixes: 0123456 (\"net: fix it\")", "FIXES_FORMAT",
	  "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "Fixes: 0123456789AB (\"net: fix it\")", "FIXES_FORMAT",
	  "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "fixes: 0123456789ab (\"net: fix it\")", "FIXES_FORMAT",
	  "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "Fixes:  0123456789ab (\"net: fix it\")", "FIXES_FORMAT",
	  "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "Fixes: commit 0123456789ab", "FIXES_FORMAT",
	  "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "Fixes: 0123456789ab", "FIXES_FORMAT",
	  "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "Fixes: 0123456789ab (\"net: fix that\")",
	  "FIXES_SUBJECT_MISMATCH", "Fixes: 0123456789ab (\"net: fix it\")" },
	{ "Fixes: 0123456789abcd (\"net: fix\")",
	  "FIXES_SUBJECT_MISMATCH", "Fixes: 0123456789abcd (\"net: fix it\")" },
	{ "Fixes: aaaaaaaaaaaa (\"net: fix it\")", "FIXES_UNKNOWN_COMMIT",
	  NULL },
	{ "Fixes: " AMBIG, "FIXES_FORMAT", NULL },
	/* not a Fixes: tag of a commit: checkpatch says nothing */
	{ "Fixes: https://bugs.example.org/1", NULL, NULL },
	{ "Fixes: 1234", NULL, NULL },
	{ "Fixes: 0123456789abz", NULL, NULL },
	{ "This fixes 0123456789ab.", NULL, NULL },
};

static void test_cases(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct buf text = BUF_INIT;
		struct message *m;
		struct lint_result res = { 0 };

		buf_addf(&text, "subject\n\nbody\n\n%s\nSigned-off-by: A <a@b.c>\n",
			 cases[i].line);
		message_parse_commit(&m, text.ptr, text.len, '#');
		assert_int_equal(fixes_check(&res, m, lookup, NULL), 0);
		if (!cases[i].id) {
			if (res.nr)
				fail_msg("%s: %s", cases[i].line,
					 res.findings[0].message);
		} else {
			assert_int_equal(res.nr, 1);
			assert_string_equal(res.findings[0].id, cases[i].id);
			assert_int_equal(res.findings[0].line, 5);
			assert_int_equal(res.findings[0].entry, 0);
			if (cases[i].fix)
				assert_string_equal(res.findings[0].fix,
						    cases[i].fix);
			else
				assert_null(res.findings[0].fix);
		}
		lint_result_release(&res);
		message_free(m);
		buf_release(&text);
	}
}

/* Lines below the --- divider are notes, not the message. */
static void test_notes(void **state)
{
	static const char text[] = "subject\n\nbody\n\nSigned-off-by: A <a@b.c>\n"
				   "---\nFixes: 0123 oops\nFixes: aaaaaaaaaaaa\n";
	struct message *m;
	struct lint_result res = { 0 };

	message_parse_commit(&m, text, sizeof(text) - 1, '#');
	assert_int_equal(fixes_check(&res, m, lookup, NULL), 0);
	assert_int_equal(res.nr, 0);
	lint_result_release(&res);
	message_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_notes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
