/*
 * str_fold_eq() allocated two folded copies per call; lint compares
 * every pair of signature lines with it, so a message with 100,000
 * trailers spent minutes in malloc (tests/e2e/badinput-messages.sh).
 * It now compares in place: the same answers, no copies.
 */
#include "unit.h"

#include "ident.h"

struct fold_case {
	const char *a, *b;
	bool same;
};

static const struct fold_case cases[] = {
	{ "Hu Man <hu@example.org>", "hu man <HU@example.org>", true },
	{ "  Hu   Man\t<hu@x> ", "Hu Man <hu@x>", true },
	{ "Hu\tMan", "hu man", true },
	{ "HuMan", "Hu Man", false },
	{ "Hu Man", "Hu Man2", false },
	{ "Hu Man2", "Hu Man", false },
	{ "", "   ", true },
	{ "", "x", false },
	{ " x", "x ", true },
	{ "\xc3\x89t\xc3\xa9", "\xc3\xa9t\xc3\xa9", false },	/* ASCII folding only */
	{ "a\r\nb", "a b", true },
};

static void test_fold_eq(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		if (str_fold_eq(cases[i].a, cases[i].b) != cases[i].same)
			fail_msg("'%s' vs '%s': expected %s", cases[i].a,
				 cases[i].b, cases[i].same ? "same" : "different");
		if (str_fold_eq(cases[i].b, cases[i].a) != cases[i].same)
			fail_msg("'%s' vs '%s' (swapped)", cases[i].b, cases[i].a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold_eq),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
