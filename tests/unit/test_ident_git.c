/*
 * Identities are written as git writes them (ident.c in git): crud at
 * either end dropped, '\n', '<' and '>' removed inside, so that a
 * newline in user.name cannot break a commit header or a trailer.
 */
#include "unit.h"

#include "ident.h"

struct crud_case {
	const char *in, *out;
};

static const struct crud_case cases[] = {
	{ "Hu Man", "Hu Man" },
	{ "Name\nInjected: header", "NameInjected: header" },
	{ " .\"Hu Man\",; ", "Hu Man" },
	{ "hu@example.org\nInjected: x", "hu@example.orgInjected: x" },
	{ "<hu@example.org>", "hu@example.org" },
	{ "A <b> C", "A b C" },
	{ "Dr. Who.", "Dr. Who" },
	{ "\t'Quoted'\\", "Quoted" },
	{ "...", "" },
	{ "", "" },
	{ "\xc3\x89lise", "\xc3\x89lise" },	/* bytes >= 0x80 are kept */
	{ "a\rb", "a\rb" },		/* only \n < > go inside */
};

static void test_crud(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *got = ident_strip_crud(cases[i].in);

		if (strcmp(got, cases[i].out))
			fail_msg("'%s': expected '%s', got '%s'", cases[i].in,
				 cases[i].out, got);
		free(got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crud),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
