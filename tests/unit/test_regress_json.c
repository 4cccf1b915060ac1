/*
 * Regression tests for bugs of the JSON loading that the bad-input
 * matrix (tests/e2e/badinput-json.sh) found.
 */
#include "unit.h"

#include "json.h"
#include "util.h"

struct bad_json {
	const char *name;
	const char *text;
	const char *error;	/* expected to be part of error_last() */
};

static const struct bad_json cases[] = {
	/* was accepted: cJSON stops after the first value */
	{ "stray brace", "{} }", "line 1, column 4: text after the end" },
	{ "two objects", "{\"a\":1}\n{\"b\":2}\n", "line 2, column 1: text after" },
	/* was "invalid JSON" for a file cut short */
	{ "truncated", "{\"agents\":[{\"name\":\"Acme\",",
	  "the text ends too early (truncated?)" },
	{ "truncated in a string", "{\"a\":\"x", "ends too early" },
	{ "trailing comma", "{\"a\":1,}", "invalid JSON" },
	/* was "the text ends too early" */
	{ "empty", "", "the file is empty" },
	{ "blank", " \n\t\n", "the file is empty" },
	{ "not an object", "[1, 2]", "the top level must be a JSON object" },
	{ "duplicate", "{\"a\":1,\"a\":2}", "duplicate key 'a'" },
	{ "nul byte", "{\"a\":\"\0\"}", "NUL byte" },
};

static void test_bad_json(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct bad_json *c = &cases[i];
		size_t len = strlen(c->text);
		cJSON *root = NULL;

		if (!strcmp(c->name, "nul byte"))
			len = 9;
		error_clear();
		if (json_parse(&root, c->text, len, "f.json") == 0) {
			cJSON_Delete(root);
			fail_msg("%s: accepted", c->name);
		}
		assert_null(root);
		if (!strstr(error_last(), c->error) ||
		    strncmp(error_last(), "f.json: ", 8))
			fail_msg("%s: error '%s' lacks '%s'", c->name,
				 error_last(), c->error);
	}
}

/* The position of a too-deep file is where it passes the limit (it was
 * the deepest bracket: column 1005 for 1,000 levels). */
static void test_deep_position(void **state)
{
	struct buf b = BUF_INIT;
	cJSON *root;

	buf_adds(&b, "{\"a\":");
	for (int i = 0; i < 1000; i++)
		buf_addch(&b, '[');
	assert_int_equal(json_parse(&root, b.ptr, b.len, "deep.json"), -1);
	assert_non_null(strstr(error_last(),
			       "line 1, column 69: nested deeper than 64 levels"));
	buf_release(&b);
}

static void test_good_json_with_blanks(void **state)
{
	cJSON *root;

	assert_int_equal(json_parse(&root, "\n {\"a\": [1]} \n\n", 15, "ok.json"), 0);
	cJSON_Delete(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_json),
		cmocka_unit_test(test_deep_position),
		cmocka_unit_test(test_good_json_with_blanks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
