/*
 * Configuration from the environment, read as git reads it: git -c
 * (GIT_CONFIG_PARAMETERS, old 'k=v' and new 'k'='v' items, '\'' and
 * '\!' escapes, later items winning) and GIT_CONFIG_COUNT, which -c
 * overrides; keys match with the section and the name folded, the
 * subsection not. Outside a repository, with an empty HOME.
 */
#include "unit.h"

#include <stdio.h>
#include <unistd.h>

#include "repo.h"
#include "util.h"

struct env_case {
	const char *params;	/* GIT_CONFIG_PARAMETERS, NULL: unset */
	const char *key;
	const char *want;	/* NULL: unset; "ERROR": refused */
};

static const struct env_case cases[] = {
	{ "'user.name'='Ann O'\\''Neil'", "user.name", "Ann O'Neil" },
	{ "'user.name=Old Style'", "user.name", "Old Style" },
	{ "'User.NAME'='x'", "user.name", "x" },
	{ "'branch.Main.remote'='o'", "branch.main.remote", NULL },
	{ "'branch.Main.remote'='o'", "BRANCH.Main.Remote", "o" },
	{ "'a.b'='1' 'a.b'='2'", "a.b", "2" },
	{ "'a.b'='1'  'c.d'='3'", "a.b", "1" },
	{ "'a.b'", "a.b", "" },
	{ "'a.b'=", "a.b", "" },
	{ "'a.b'='x'\\!'y'", "a.b", "x!y" },
	{ "'a.b'='='", "a.b", "=" },
	{ "'core.commentChar'=';'", "core.commentchar", ";" },
	{ "'unterminated", "a.b", "ERROR" },
	{ "noquote", "a.b", "ERROR" },
	{ "'a.b'='1'x", "a.b", "ERROR" },
	{ "", "a.b", NULL },
	{ NULL, "a.b", NULL },
};

static int setup(void **state)
{
	char dir[] = "/tmp/disclose-env-XXXXXX";

	if (!mkdtemp(dir))
		return -1;
	setenv("HOME", dir, 1);
	setenv("XDG_CONFIG_HOME", dir, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	unsetenv("GIT_CONFIG_GLOBAL");
	unsetenv("GIT_CONFIG_SYSTEM");
	unsetenv("GIT_CONFIG_COUNT");
	if (chdir(dir) < 0)
		return -1;
	*state = strdup(dir);
	return 0;
}

static int teardown(void **state)
{
	rmdir(*state);
	free(*state);
	return 0;
}

static void test_parameters(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct env_case *c = &cases[i];
		char *v = NULL;
		int rc;

		if (c->params)
			setenv("GIT_CONFIG_PARAMETERS", c->params, 1);
		else
			unsetenv("GIT_CONFIG_PARAMETERS");
		rc = repo_config_get(&v, NULL, c->key);
		if (c->want && !strcmp(c->want, "ERROR")) {
			if (rc == 0)
				fail_msg("[%s]: accepted", c->params);
			if (!strstr(error_last(), "GIT_CONFIG_PARAMETERS"))
				fail_msg("[%s]: error '%s'", c->params,
					 error_last());
		} else if (rc < 0) {
			fail_msg("[%s] %s: %s", c->params, c->key, error_last());
		} else if (!c->want != !v || (v && strcmp(v, c->want))) {
			fail_msg("[%s] %s: expected '%s', got '%s'", c->params,
				 c->key, c->want ? c->want : "(unset)",
				 v ? v : "(unset)");
		}
		free(v);
	}
	unsetenv("GIT_CONFIG_PARAMETERS");
}

static void test_count(void **state)
{
	char *v = NULL;

	setenv("GIT_CONFIG_COUNT", "2", 1);
	setenv("GIT_CONFIG_KEY_0", "user.name", 1);
	setenv("GIT_CONFIG_VALUE_0", "Zero", 1);
	setenv("GIT_CONFIG_KEY_1", "user.email", 1);
	setenv("GIT_CONFIG_VALUE_1", "one@example.org", 1);
	assert_int_equal(repo_config_get(&v, NULL, "user.name"), 0);
	assert_string_equal(v, "Zero");
	free(v);
	/* git -c comes after GIT_CONFIG_COUNT, so it wins */
	setenv("GIT_CONFIG_PARAMETERS", "'user.name'='Cee'", 1);
	assert_int_equal(repo_config_get(&v, NULL, "user.name"), 0);
	assert_string_equal(v, "Cee");
	free(v);
	unsetenv("GIT_CONFIG_PARAMETERS");
	unsetenv("GIT_CONFIG_KEY_1");
	assert_int_equal(repo_config_get(&v, NULL, "user.name"), -1);
	assert_non_null(strstr(error_last(), "GIT_CONFIG_KEY_1"));
	setenv("GIT_CONFIG_COUNT", "two", 1);
	assert_int_equal(repo_config_get(&v, NULL, "user.name"), -1);
	assert_non_null(strstr(error_last(), "GIT_CONFIG_COUNT"));
	unsetenv("GIT_CONFIG_COUNT");
}

static void test_identity_crud(void **state)
{
	struct ident id;

	setenv("GIT_CONFIG_PARAMETERS",
	       "'user.name'='Name\nInjected: header' "
	       "'user.email'='<hu@example.org>'", 1);
	assert_int_equal(repo_identity(&id, NULL), 0);
	assert_string_equal(id.name, "NameInjected: header");
	assert_string_equal(id.email, "hu@example.org");
	ident_release(&id);
	setenv("GIT_CONFIG_PARAMETERS",
	       "'user.name'='...' 'user.email'='hu@example.org'", 1);
	assert_int_equal(repo_identity(&id, NULL), -1);
	assert_non_null(strstr(error_last(), "user.name"));
	unsetenv("GIT_CONFIG_PARAMETERS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parameters),
		cmocka_unit_test(test_count),
		cmocka_unit_test(test_identity_crud),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
