/*
 * catalogue_load() ignored a configuration directory it could not list
 * (scandir() failing with EACCES or ENOTDIR counted as "no files"), so a
 * user's catalogue silently did not apply (tests/e2e/badinput-json.sh).
 */
#include "unit.h"

#include <stdio.h>
#include <unistd.h>

#include "catalogue.h"
#include "util.h"

static void test_unlistable_dir_is_an_error(void **state)
{
	char tmpl[] = "/tmp/disclose-regress-XXXXXX", path[64];
	struct catalogue *c = NULL;
	int fd = mkstemp(tmpl);

	assert_true(fd >= 0);
	close(fd);
	/* XDG_CONFIG_HOME/git-disclose is then below a regular file */
	setenv("XDG_CONFIG_HOME", tmpl, 1);
	assert_int_equal(catalogue_load(&c), -1);
	assert_non_null(strstr(error_last(), "cannot read the directory"));
	assert_non_null(strstr(error_last(), "Not a directory"));
	unlink(tmpl);
	/* no directory at all is fine: the built-in catalogue only */
	snprintf(path, sizeof(path), "%s.none", tmpl);
	setenv("XDG_CONFIG_HOME", path, 1);
	assert_int_equal(catalogue_load(&c), 0);
	catalogue_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unlistable_dir_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
