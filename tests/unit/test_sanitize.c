/* The terminal sanitizer and the display width helpers. */
#include "unit.h"

#include <locale.h>

#include "sanitize.h"
#include "util.h"

static void test_sanitize(void **state)
{
	static const struct {
		const char *in;
		const char *out;
	} cases[] = {
		{ "plain text", "plain text" },
		{ "", "" },
		{ "red \x1b[31mX\x1b[0m", "red \\x1b[31mX\\x1b[0m" },
		{ "\x1b]0;owned\x07title", "\\x1b]0;owned\\x07title" },
		{ "\x1bP+q\x1b\\", "\\x1bP+q\\x1b\\" },
		{ "csi \xc2\x9b" "2J", "csi \\u009b2J" },
		{ "del\x7f", "del\\x7f" },
		{ "cr\r\n", "cr\\x0d\\x0a" },
		{ "bell\a", "bell\\x07" },
		{ "bad \xff byte", "bad \xef\xbf\xbd byte" },
		{ "cut \xe2\x82", "cut \xef\xbf\xbd\xef\xbf\xbd" },
		{ "overlong \xc0\xaf", "overlong \xef\xbf\xbd\xef\xbf\xbd" },
		{ "surrogate \xed\xa0\x80", "surrogate \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
		{ "bidi \xe2\x80\xae" "evil", "bidi \\u202eevil" },
		{ "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac", "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac" },
		{ "tab\there", "tab\\x09here" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct buf b = BUF_INIT;

		print_message("case %zu\n", i);
		sanitize(&b, cases[i].in, strlen(cases[i].in), 0);
		assert_string_equal(buf_cstr(&b), cases[i].out);
		buf_release(&b);
	}
}

static void test_tabs(void **state)
{
	struct buf b = BUF_INIT;

	sanitize(&b, "a\tb\t\tc", 6, SANITIZE_TABS);
	assert_string_equal(b.ptr, "a       b               c");
	buf_release(&b);
	sanitize(&b, "\xe6\x97\xa5\tx", 5, SANITIZE_TABS);
	assert_string_equal(b.ptr, "\xe6\x97\xa5      x");
	buf_release(&b);
}

static void test_width(void **state)
{
	static const struct {
		const char *s;
		size_t width;
	} cases[] = {
		{ "abc", 3 },
		{ "", 0 },
		{ "\xe6\x97\xa5\xe6\x9c\xac", 4 },		/* two wide */
		{ "e\xcc\x81", 1 },				/* e + combining acute */
		{ "\xef\xbf\xbd", 1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		assert_int_equal(sanitize_width(cases[i].s, strlen(cases[i].s)),
				 cases[i].width);
}

static void test_fit(void **state)
{
	static const struct {
		const char *s;
		size_t cols, bytes, width;
	} cases[] = {
		{ "abcdef", 3, 3, 3 },
		{ "abc", 10, 3, 3 },
		{ "\xe6\x97\xa5\xe6\x9c\xac", 3, 3, 2 },	/* no half of a wide char */
		{ "\xe6\x97\xa5\xe6\x9c\xac", 4, 6, 4 },
		{ "ae\xcc\x81z", 2, 4, 2 },			/* the mark stays */
		{ "ab", 0, 0, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t w;

		print_message("case %zu\n", i);
		assert_int_equal(sanitize_fit(cases[i].s, strlen(cases[i].s),
					      cases[i].cols, &w), cases[i].bytes);
		assert_int_equal(w, cases[i].width);
	}
}

static void test_decode(void **state)
{
	unsigned cp;

	assert_int_equal(utf8_decode(&cp, "\xf0\x9f\x98\x80", 4), 4);
	assert_int_equal(cp, 0x1f600);
	assert_int_equal(utf8_decode(&cp, "\xf4\x90\x80\x80", 4), 0);
	assert_int_equal(utf8_decode(&cp, "\x80", 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sanitize),
		cmocka_unit_test(test_tabs),
		cmocka_unit_test(test_width),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_decode),
	};

	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		return 77;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
