/* The error message: per thread, sanitized, cut on a character boundary. */
#include "unit.h"

#include <pthread.h>
#include <stdio.h>

#include "error.h"

static void *other_thread(void *arg)
{
	const char **seen = arg;

	seen[0] = error_last();	/* nothing set in this thread yet */
	error_set("the watcher's error");
	seen[1] = error_last();
	error_set_code(ERROR_NOT_FOUND, "nothing here");
	return NULL;
}

static void test_per_thread(void **state)
{
	const char *seen[2];
	char copy[2][64];
	pthread_t t;

	error_set("the main thread's error");
	assert_int_equal(error_code(), ERROR_FAILED);
	assert_int_equal(pthread_create(&t, NULL, other_thread, seen), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	snprintf(copy[0], sizeof(copy[0]), "%s", seen[0]);
	assert_string_equal(copy[0], "unknown error");
	assert_string_equal(error_last(), "the main thread's error");
	/* the other thread's code stayed in that thread */
	assert_int_equal(error_code(), ERROR_FAILED);
	error_clear();
	assert_int_equal(error_code(), ERROR_NONE);
	assert_string_equal(error_last(), "unknown error");
}

static void test_sanitized(void **state)
{
	assert_int_equal(error_set("name %s", "a\033[2Jb\nc"), -1);
	assert_null(strchr(error_last(), '\033'));
	assert_null(strchr(error_last(), '\n'));
}

static void test_long_message_cut_on_a_character(void **state)
{
	char big[2048];
	size_t n;

	/* "é" is two bytes: a cut must not leave half of one behind */
	for (n = 0; n + 2 < sizeof(big); n += 2)
		memcpy(big + n, "\xc3\xa9", 2);
	big[n] = '\0';
	error_set("%s", big);
	n = strlen(error_last());
	assert_true(n > 900 && n < 1024);
	assert_true(((unsigned char)error_last()[n - 1] & 0xc0) != 0xc0);
	assert_int_equal(n % 2, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_per_thread),
		cmocka_unit_test(test_sanitized),
		cmocka_unit_test(test_long_message_cut_on_a_character),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
