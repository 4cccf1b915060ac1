/*
 * repo_rewrite() on a small repository built by git: what the callback
 * changes, what the result reports, and that a failing callback or a dry
 * run writes nothing.
 */
#include "unit.h"

#include <spawn.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"
#include "repo.h"
#include "util.h"

extern char **environ;

static char dir[256];

static void run_git(const char *const *args)
{
	char *argv[16] = { "git", "-C", dir };
	pid_t pid;
	int st, i;

	for (i = 0; args[i]; i++)
		argv[3 + i] = (char *)args[i];
	argv[3 + i] = NULL;
	assert_int_equal(posix_spawnp(&pid, "git", NULL, NULL, argv, environ),
			 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

#define GIT(...) run_git((const char *const[]){ __VA_ARGS__, NULL })

/* base, then "one" .. "four"; tag base on the first commit. */
static int setup(void **state)
{
	char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/test_repo.XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return -1;
	setenv("HOME", dir, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	unsetenv("GIT_COMMITTER_NAME");
	unsetenv("GIT_COMMITTER_EMAIL");
	GIT("init", "-q", "-b", "main");
	GIT("config", "user.name", "Hu Man");
	GIT("config", "user.email", "hu@example.org");
	GIT("commit", "-q", "--allow-empty", "-m", "base");
	GIT("tag", "base");
	GIT("commit", "-q", "--allow-empty", "-m", "one");
	GIT("commit", "-q", "--allow-empty", "-m", "two (even)");
	GIT("commit", "-q", "--allow-empty", "-m", "three");
	GIT("commit", "-q", "--allow-empty", "-m", "four (even)");
	return 0;
}

static int teardown(void **state)
{
	char *argv[] = { "rm", "-rf", dir, NULL };
	pid_t pid;
	int st;

	if (posix_spawnp(&pid, "rm", NULL, NULL, argv, environ) == 0)
		waitpid(pid, &st, 0);
	return 0;
}

struct calls {
	int n;
	int fail_at;		/* 1-based call that fails, 0: none */
};

/* Add a trailer to the "(even)" commits. */
static int add_trailer(struct buf *out, const struct commit_info *c,
		       void *data)
{
	struct calls *k = data;

	if (++k->n == k->fail_at)
		return error_set("failing on purpose");
	if (!strstr(c->message, "(even)") || strstr(c->message, "Tested:"))
		return 0;
	buf_add(out, c->message, c->message_len);
	buf_adds(out, "\nTested: yes\n");
	return 0;
}

static void head_id(char *out, struct repo *r)
{
	struct commit_info *c = NULL;

	assert_int_equal(repo_head(&c, r), 0);
	memcpy(out, c->id, OID_HEX + 1);
	commit_info_free(c);
}

static void test_rewrite(void **state)
{
	struct rewrite_opts opts = { .range = "base..HEAD",
				     .reflog_msg = "disclose: test" };
	struct rewrite_result res;
	struct calls k = { 0 };
	struct commit_info *c = NULL;
	struct repo *r = NULL;
	char before[OID_HEX + 1], after[OID_HEX + 1];

	assert_int_equal(repo_open(&r, dir), 0);
	head_id(before, r);

	/* a dry run and a failing callback write nothing */
	opts.dry_run = true;
	assert_int_equal(repo_rewrite(&res, r, &opts, add_trailer, &k), 0);
	assert_int_equal(res.nr_commits, 4);
	assert_int_equal(res.nr_changed, 2);
	assert_int_equal(res.nr_rewritten, 3);
	assert_string_equal(res.entries[1].new_id, "");
	assert_null(res.backup_ref);
	rewrite_result_release(&res);
	opts.dry_run = false;
	k = (struct calls){ .fail_at = 3 };
	assert_int_equal(repo_rewrite(&res, r, &opts, add_trailer, &k), -1);
	assert_string_equal(error_last(), "failing on purpose");
	rewrite_result_release(&res);
	head_id(after, r);
	assert_string_equal(before, after);

	/* the rewrite: "one" keeps its id, the rest are new */
	k = (struct calls){ 0 };
	assert_int_equal(repo_rewrite(&res, r, &opts, add_trailer, &k), 0);
	assert_int_equal(k.n, 4);
	assert_int_equal(res.nr_changed, 2);
	assert_int_equal(res.nr_rewritten, 3);
	assert_string_equal(res.old_tip, before);
	assert_string_equal(res.ref, "refs/heads/main");
	assert_string_equal(res.backup_ref, "refs/disclose/backup/main");
	assert_string_equal(res.range, "base..HEAD");
	assert_false(res.entries[0].rewritten);
	assert_string_equal(res.entries[0].old_id, res.entries[0].new_id);
	assert_true(res.entries[1].message_changed);
	assert_true(res.entries[2].rewritten);
	assert_false(res.entries[2].message_changed);
	head_id(after, r);
	assert_string_equal(res.new_tip, after);
	rewrite_result_release(&res);
	assert_int_equal(repo_lookup(&c, r, "HEAD"), 0);
	assert_non_null(strstr(c->message, "four (even)\n\nTested: yes\n"));
	assert_string_equal(c->author_name, "Hu Man");
	commit_info_free(c);
	assert_int_equal(repo_lookup(&c, r, "refs/disclose/backup/main"), 0);
	assert_string_equal(c->id, before);
	commit_info_free(c);

	/* again: nothing to do, no backup */
	k = (struct calls){ 0 };
	assert_int_equal(repo_rewrite(&res, r, &opts, add_trailer, &k), 0);
	assert_int_equal(res.nr_rewritten, 0);
	assert_null(res.backup_ref);
	assert_string_equal(res.new_tip, after);
	rewrite_result_release(&res);
	repo_free(r);
}

static void test_refusals(void **state)
{
	static const struct {
		const char *range;
		const char *error;
	} cases[] = {
		{ "HEAD..HEAD", "has no commits" },
		{ "base..HEAD~1", "not at HEAD" },
		{ "base...HEAD", "symmetric range" },
		{ "nosuch", "is not a revision or range" },
	};
	struct rewrite_result res;
	struct calls k = { 0 };
	struct repo *r = NULL;

	assert_int_equal(repo_open(&r, dir), 0);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct rewrite_opts opts = { .range = cases[i].range };

		assert_int_equal(repo_rewrite(&res, r, &opts, add_trailer, &k),
				 -1);
		if (!strstr(error_last(), cases[i].error))
			fail_msg("%s: %s", cases[i].range, error_last());
		rewrite_result_release(&res);
	}
	repo_free(r);
}

static void test_amend_head(void **state)
{
	struct commit_info *c = NULL;
	struct repo *r = NULL;
	char id[OID_HEX + 1], *undo = NULL;
	bool changed = true;

	assert_int_equal(repo_open(&r, dir), 0);
	assert_int_equal(repo_head(&c, r), 0);
	assert_int_equal(repo_amend_head(id, &undo, &changed, r, c->message,
					 "disclose: test"), 0);
	assert_false(changed);
	assert_null(undo);
	assert_string_equal(id, c->id);
	assert_int_equal(repo_amend_head(id, &undo, &changed, r, "new\n",
					 "disclose: test"), 0);
	rewrite_release_signals();
	assert_true(changed);
	assert_string_not_equal(id, c->id);
	/* the undo is the backup ref written, never a guess */
	assert_non_null(undo);
	assert_string_equal(undo, "refs/disclose/backup/main");
	free(undo);
	commit_info_free(c);
	assert_int_equal(repo_head(&c, r), 0);
	assert_string_equal(c->message, "new\n");
	commit_info_free(c);
	repo_free(r);
}

/*
 * Outside a repository is no repository; a repository git cannot read
 * either (bad config) is an error, never "outside": its configuration
 * (comment char, identity) would silently be lost.
 */
static void test_open_optional(void **state)
{
	char sub[512], cwd[512], cfg[512];
	struct repo *r = (struct repo *)1;
	FILE *f;

	assert_non_null(getcwd(cwd, sizeof(cwd)));
	snprintf(sub, sizeof(sub), "%s/outside", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	/* GIT_CEILING_DIRECTORIES stops discovery above it */
	setenv("GIT_CEILING_DIRECTORIES", dir, 1);
	assert_int_equal(chdir(sub), 0);
	assert_int_equal(repo_open(&r, NULL), -1);
	assert_int_equal(error_code(), ERROR_NOT_FOUND);
	assert_int_equal(repo_open_optional(&r, NULL), 0);
	assert_null(r);
	assert_int_equal(error_code(), ERROR_NONE);

	assert_int_equal(chdir(dir), 0);
	snprintf(cfg, sizeof(cfg), "%s/.git/config", dir);
	f = fopen(cfg, "a");
	assert_non_null(f);
	fputs("[core\n", f);
	fclose(f);
	assert_int_equal(repo_open_optional(&r, NULL), -1);
	assert_int_equal(error_code(), ERROR_FAILED);
	assert_non_null(strstr(error_last(), "config"));
	assert_int_equal(truncate(cfg, 0), 0);
	GIT("config", "user.name", "Hu Man");
	unsetenv("GIT_CEILING_DIRECTORIES");
	assert_int_equal(chdir(cwd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rewrite),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_amend_head),
		cmocka_unit_test(test_open_optional),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
