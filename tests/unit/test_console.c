// SPDX-License-Identifier: GPL-2.0
/*
 * The console classifier on the fixture logs of fixtures/console/ (real
 * boots of the tinyconfig kernel, edited for the failure cases). The
 * Makefile symbols are in test_kconfig, the initramfs in test_initramfs,
 * the saved verdict in test_boot_verdict.
 */
#include "unit.h"

#include <stdio.h>

#include "console.h"
#include "util.h"

#define NONCE "0123456789abcdef"
#define RELEASE "6.1.192+"

struct console_case {
	const char *file;
	bool ended;
	enum console_result result;
	const char *detail;	/* a part of the deciding line, or NULL */
	size_t nr_suites;
};

static const struct console_case cases[] = {
	{ "pass.log", true, CONSOLE_PASS, "nonce=" NONCE, 0 },
	{ "panic.log", true, CONSOLE_PANIC, "deliberate panic", 0 },
	{ "oops.log", true, CONSOLE_OOPS, "Oops: 0002", 0 },
	{ "warning.log", true, CONSOLE_WARNING, "at init/main.c:1490", 0 },
	{ "hang.log", false, CONSOLE_HANG, NULL, 0 },
	{ "pass.log", false, CONSOLE_HANG, NULL, 0 },
	{ "no-marker.log", true, CONSOLE_NO_MARKER, NULL, 0 },
	{ "wrong-release.log", true, CONSOLE_WRONG_RELEASE, NULL, 0 },
	{ "wrong-nonce.log", true, CONSOLE_WRONG_NONCE, "fedcba9876543210", 0 },
	{ "ktap-pass.log", true, CONSOLE_PASS, NULL, 2 },
	{ "ktap-fail.log", true, CONSOLE_KTAP_FAILED, NULL, 2 },
	/* A real boot with CONFIG_LIST_KUNIT_TEST: 39 + 18 cases. */
	{ "ktap-kunit-list.log", true, CONSOLE_PASS, NULL, 2 },
};

static char *fixture(const char *name)
{
	const char *top = getenv("TOP");
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/fixtures/console/%s", top ? top : ".", name);
	return buf_detach(&p, NULL);
}

static struct console_verdict *classify_file(const char *name, bool ended)
{
	struct console_expect want = { NONCE, RELEASE, ended };
	struct console_verdict *v;
	struct buf text = BUF_INIT;
	char *path = fixture(name);

	assert_int_equal(read_file(&text, path), 0);
	assert_int_equal(console_classify(&v, text.ptr, text.len, &want), 0);
	buf_release(&text);
	free(path);
	return v;
}

static void test_fixtures(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct console_case *c = &cases[i];
		struct console_verdict *v = classify_file(c->file, c->ended);

		if (v->result != c->result)
			fail_msg("%s (ended %d): got %s, want %s", c->file,
				 c->ended, console_result_name(v->result),
				 console_result_name(c->result));
		if (c->detail) {
			assert_non_null(v->detail);
			if (!strstr(v->detail, c->detail))
				fail_msg("%s: detail '%s' lacks '%s'", c->file,
					 v->detail, c->detail);
			assert_true(v->line > 0);
		}
		assert_int_equal(v->nr_suites, c->nr_suites);
		console_verdict_free(v);
	}
}

static void test_ktap_suites(void **state)
{
	struct console_verdict *v = classify_file("ktap-fail.log", true);

	assert_true(v->ktap);
	assert_string_equal(v->suites[0].name, "example");
	assert_true(v->suites[0].ok);
	assert_int_equal(v->suites[0].passed, 1);
	assert_int_equal(v->suites[0].skipped, 2);
	assert_string_equal(v->suites[1].name, "list-kunit-test");
	assert_false(v->suites[1].ok);
	assert_int_equal(v->suites[1].passed, 1);
	assert_int_equal(v->suites[1].failed, 1);
	console_verdict_free(v);
}

static void test_real_kunit(void **state)
{
	struct console_verdict *v = classify_file("ktap-kunit-list.log", true);

	assert_string_equal(v->suites[0].name, "list-kunit-test");
	assert_int_equal(v->suites[0].passed, 39);
	assert_string_equal(v->suites[1].name, "hlist");
	assert_int_equal(v->suites[1].passed, 18);
	assert_true(v->suites[1].ok);
	console_verdict_free(v);
}

static void test_release_of_marker(void **state)
{
	struct console_verdict *v = classify_file("wrong-release.log", true);

	assert_true(v->marker);
	assert_string_equal(v->release, "6.1.0-13-amd64");
	console_verdict_free(v);
}

/* Lines that look alike but are not kernel trouble, and odd input. */
static void test_edges(void **state)
{
	static const char text[] =
		"[    0.000000] Linux version 6.1.192+\r\n"
		"init: no BUG: here is in the middle of a line\n"
		"[    1.500000] DISCLOSE-BOOT-OK nonce=" NONCE " release="
		RELEASE "\r\n";
	struct console_expect want = { NONCE, RELEASE, true };
	struct console_verdict *v;

	console_classify(&v, text, strlen(text), &want);
	assert_int_equal(v->result, CONSOLE_PASS);
	assert_int_equal(v->line, 3);
	console_verdict_free(v);
	console_classify(&v, "", 0, &want);
	assert_int_equal(v->result, CONSOLE_NO_MARKER);
	console_verdict_free(v);
	console_classify(&v, "[ 2.0] Kernel panic - x", 23, &want);
	assert_int_equal(v->result, CONSOLE_PANIC);
	console_verdict_free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_ktap_suites),
		cmocka_unit_test(test_real_kunit),
		cmocka_unit_test(test_release_of_marker),
		cmocka_unit_test(test_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
