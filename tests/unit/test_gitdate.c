/*
 * GIT_COMMITTER_DATE forms. The expected times and zones are what git
 * 2.39 writes for the same text (git commit-tree with TZ=UTC).
 */
#include "unit.h"

#include <time.h>

#include "gitdate.h"
#include "util.h"

static const struct {
	const char *text;
	long long time;
	int offset;
} good[] = {
	{ "@1700000000 +0100", 1700000000, 60 },
	{ "1700000000 -0730", 1700000000, -450 },
	{ "2026-12-03T10:00:00+01:00", 1796288400, 60 },
	{ "2026-12-03 10:00:00 -0530", 1796311800, -330 },
	{ "2026-12-03T10:00:00.250Z", 1796292000, 0 },
	{ "Thu, 3 Dec 2026 10:00:00 +0100", 1796288400, 60 },
	{ "3 Dec 2026 23:59:59 Z", 1796342399, 0 },
	{ "2024-02-29 12:00 +02", 1709200800, 120 },
	{ "  Sat, 01 Jan 2000 00:00:00 GMT  ", 946684800, 0 },
};

static void test_forms_git_reads(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		struct gitdate d = { 0, 99 };

		assert_int_equal(gitdate_parse(&d, good[i].text), 0);
		if (d.time != good[i].time || d.offset != good[i].offset)
			fail_msg("'%s': %lld %d, want %lld %d", good[i].text,
				 d.time, d.offset, good[i].time,
				 good[i].offset);
	}
}

/* Without a zone, the local one, as git does. */
static void test_local_zone(void **state)
{
	struct gitdate d;

	setenv("TZ", "UTC-2", 1);
	tzset();
	assert_int_equal(gitdate_parse(&d, "2026-12-03 10:00:00"), 0);
	assert_int_equal(d.offset, 120);
	assert_true(d.time == 1796284800LL);
	assert_int_equal(gitdate_parse(&d, "@1700000000"), 0);
	assert_int_equal(d.offset, 120);
	unsetenv("TZ");
	tzset();
}

static void test_refused(void **state)
{
	static const char *const bad[] = {
		"", "yesterday", "noon", "2026-13-01 10:00 +0000",
		"2026-02-30 10:00 +0000", "2026-12-03 25:00 +0000",
		"2026-12-03 10:00 +2500", "2026-12-03 10:00 +01:0",
		"1700000000 +0100 trailing", "12345 +0000", "Foo, 3 Xyz 2026 10:00",
		"2026-12-03", "@", "@17e8 +0000",
	};
	struct gitdate d;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		if (gitdate_parse(&d, bad[i]) != -1)
			fail_msg("'%s' was read as %lld %d", bad[i], d.time,
				 d.offset);
		assert_non_null(strstr(error_last(), "ISO 8601"));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_forms_git_reads),
		cmocka_unit_test(test_local_zone),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
