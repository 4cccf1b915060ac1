/*
 * Regression tests for the error line: it quoted user text raw, so an
 * agent, model or file name with an escape sequence reached the terminal
 * (found by tests/e2e/termsafe.sh). Also text_tail, which the boot
 * screen and the build watcher share.
 */
#include "unit.h"

#include "assisted.h"
#include "util.h"

static bool has_raw_control(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f ||
		    (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			return true;
	return false;
}

static void test_error_is_sanitized(void **state)
{
	error_set("agent '%s' is odd", "Cl\x1b]0;pwned\x07" "aude\n\xc2\x9b" "2J");
	assert_false(has_raw_control(error_last()));
	assert_string_equal(error_last(),
			    "agent 'Cl\\x1b]0;pwned\\x07aude\\x0a\\u009b2J' is odd");
}

/* error_set("%s", error_last()) wrote the buffer it read. */
static void test_error_wraps_itself(void **state)
{
	error_set("inner \x1b[31m");
	error_set("outer (%s)", error_last());
	assert_string_equal(error_last(), "outer (inner \\x1b[31m)");
}

/* A long message is cut at a character, never inside one. */
static void test_error_cut_at_character(void **state)
{
	struct buf b = BUF_INIT;

	for (int i = 0; i < 600; i++)
		buf_adds(&b, "\xc3\xa9");
	error_set("%s", b.ptr);
	assert_true(strlen(error_last()) < 1024);
	assert_true(strlen(error_last()) % 2 == 0);
	buf_release(&b);
}

/* The model check said "whitespace" for a control character. */
static void test_control_character_named(void **state)
{
	assert_int_equal(assisted_check_model("x\x1b[31m"), -1);
	assert_non_null(strstr(error_last(), "control character"));
	assert_int_equal(assisted_check_agent("Cl\xc2\x9b"), -1);
	assert_non_null(strstr(error_last(), "control character"));
	assert_int_equal(assisted_check_model("claude opus"), -1);
	assert_non_null(strstr(error_last(), "whitespace"));
}

/* The end of a log, for the boot screen: trailing newlines are not lines. */
static void test_text_tail(void **state)
{
	static const char log[] = "one\ntwo\nthree\n\n";
	size_t n;
	const char *s = text_tail(log, strlen(log), 2, &n);

	assert_int_equal(n, strlen("two\nthree"));
	assert_memory_equal(s, "two\nthree", n);
	s = text_tail(log, strlen(log), 9, &n);
	assert_ptr_equal(s, log);
	assert_int_equal(n, strlen("one\ntwo\nthree"));
	s = text_tail(log, strlen(log), 0, &n);
	assert_int_equal(n, 0);
	s = text_tail("\n\n", 2, 3, &n);
	assert_int_equal(n, 0);
	s = text_tail("last", 4, 1, &n);
	assert_int_equal(n, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_error_is_sanitized),
		cmocka_unit_test(test_error_wraps_itself),
		cmocka_unit_test(test_error_cut_at_character),
		cmocka_unit_test(test_control_character_named),
		cmocka_unit_test(test_text_tail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
