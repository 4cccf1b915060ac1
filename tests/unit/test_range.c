// SPDX-License-Identifier: GPL-2.0
/*
 * repo_range_ends() against git itself: for each range, the ends must be
 * what "git rev-parse --revs-only" prints (each peeled to its commit, the
 * tip first), and a range git cannot read must be refused with an error
 * that names it. The repository is built by git.
 */
#include "unit.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "repo.h"
#include "run.h"
#include "util.h"

static char dir[256];

/* git -C dir args...: its stdout without the final newline. */
static char *git_out(const char *const *args, bool must)
{
	const char **argv = xcalloc(4, sizeof(*argv));
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result r;
	struct buf out = BUF_INIT;
	size_t n = 3;

	argv[0] = "git";
	argv[1] = "-C";
	argv[2] = dir;
	for (; *args; args++) {
		argv = xrealloc(argv, (n + 2) * sizeof(*argv));
		argv[n++] = *args;
	}
	argv[n] = NULL;
	o.stderr_fd = open("/dev/null", O_WRONLY);
	assert_int_equal(run_capture(&r, &out, argv, &o), 0);
	close(o.stderr_fd);
	free(argv);
	if (must)
		assert_int_equal(r.status, 0);
	while (out.len && out.ptr[out.len - 1] == '\n')
		out.ptr[--out.len] = '\0';
	if (r.status) {
		buf_release(&out);
		return NULL;
	}
	return buf_detach(&out, NULL);
}

#define GIT(...) free(git_out((const char *const[]){ __VA_ARGS__, NULL }, true))

/*
 * base (tagged) - one - two on main (annotated tag v1 on one, upstream
 * origin/main at base), topic from one: t1 - t2, and an unrelated root
 * "orphan".
 */
static int setup(void **state)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/test_range.XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return -1;
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_AUTHOR_NAME", "Hu Man", 1);
	setenv("GIT_AUTHOR_EMAIL", "hu@example.org", 1);
	setenv("GIT_COMMITTER_NAME", "Hu Man", 1);
	setenv("GIT_COMMITTER_EMAIL", "hu@example.org", 1);
	GIT("init", "-q", "-b", "main");
	GIT("commit", "-q", "--allow-empty", "-m", "base");
	GIT("tag", "base");
	GIT("update-ref", "refs/remotes/origin/main", "HEAD");
	GIT("config", "remote.origin.url", "/nonexistent");
	GIT("config", "remote.origin.fetch",
	    "+refs/heads/*:refs/remotes/origin/*");
	GIT("config", "branch.main.remote", "origin");
	GIT("config", "branch.main.merge", "refs/heads/main");
	GIT("commit", "-q", "--allow-empty", "-m", "one");
	GIT("tag", "-a", "-m", "v1", "v1");
	GIT("branch", "topic");
	GIT("commit", "-q", "--allow-empty", "-m", "two");
	GIT("checkout", "-q", "topic");
	GIT("commit", "-q", "--allow-empty", "-m", "t1");
	GIT("commit", "-q", "--allow-empty", "-m", "t2");
	GIT("checkout", "-q", "--orphan", "orphan");
	GIT("commit", "-q", "--allow-empty", "-m", "root");
	GIT("checkout", "-q", "main");
	return 0;
}

static int teardown(void **state)
{
	struct run_result r;

	return run_wait(&r, (const char *const[]){ "rm", "-rf", dir, NULL },
			NULL) == 0 && r.status == 0 ? 0 : -1;
}

/* git's answer: rev-parse --revs-only, peeled, the tip moved first. */
static char *oracle(const char *range)
{
	char *lines = git_out((const char *const[]){ "rev-parse",
			      "--revs-only", range, "--", NULL }, true);
	struct buf tips = BUF_INIT, bases = BUF_INIT;

	for (char *p = lines, *save = NULL, *l; (l = strtok_r(p, "\n", &save));
	     p = NULL) {
		bool neg = *l == '^';
		struct buf spec = BUF_INIT;
		char *id;

		buf_addf(&spec, "%s^{commit}", l + neg);
		id = git_out((const char *const[]){ "rev-parse", spec.ptr,
			     NULL }, true);
		buf_addf(neg ? &bases : &tips, "%s%s ", neg ? "^" : "", id);
		free(id);
		buf_release(&spec);
	}
	buf_adds(&tips, buf_cstr(&bases));
	free(lines);
	buf_release(&bases);
	return buf_detach(&tips, NULL);
}

static char *ends_of(struct repo *r, const char *range)
{
	struct buf got = BUF_INIT;
	char **ends;
	size_t nr;

	if (repo_range_ends(&ends, &nr, r, range) < 0)
		fail_msg("'%s': %s", range ? range : "(default)", error_last());
	assert_null(ends[nr]);
	for (size_t i = 0; i < nr; i++) {
		buf_addf(&got, "%s ", ends[i]);
		free(ends[i]);
	}
	free(ends);
	buf_add(&got, "", 0);
	return buf_detach(&got, NULL);
}

static const char *const good[] = {
	"HEAD", "main", "topic", "v1", "base..main", "base..", "..topic",
	"HEAD~1..HEAD", "v1..topic", "main..topic", "main...topic",
	"topic...main", "main...orphan", "@{upstream}..HEAD", "@{u}..HEAD",
	"base..v1",
};

static void test_as_git(void **state)
{
	struct repo *r;

	assert_int_equal(repo_open(&r, dir), 0);
	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		char *want = oracle(good[i]);
		char *got = ends_of(r, good[i]);

		if (strcmp(got, want))
			fail_msg("'%s': got '%s', git says '%s'", good[i], got,
				 want);
		free(want);
		free(got);
	}
	repo_free(r);
}

/* With no range, the ends of range (git's reading of it). */
static void expect_default(const char *range)
{
	struct repo *r;
	char *want, *got;

	assert_int_equal(repo_open(&r, dir), 0);
	want = oracle(range);
	got = ends_of(r, NULL);
	assert_string_equal(got, want);
	free(want);
	free(got);
	repo_free(r);
}

/* No range: the branch's commits not on its upstream, else HEAD. */
static void test_default(void **state)
{
	expect_default("@{upstream}..HEAD");
	GIT("checkout", "-q", "topic");
	expect_default("HEAD");
	GIT("checkout", "-q", "--detach", "main");
	expect_default("HEAD");
	GIT("checkout", "-q", "main");
}

static const char *const bad[] = {
	"nosuch", "nosuch..HEAD", "HEAD..nosuch", "..", "--all",
	"--output=/tmp/x", "HEAD^{tree}", "HEAD:nosuch", ":/no such subject",
	"",
};

static void test_refused(void **state)
{
	struct repo *r;

	assert_int_equal(repo_open(&r, dir), 0);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char **ends = (char **)"unset";
		size_t nr = 99;

		if (repo_range_ends(&ends, &nr, r, bad[i]) == 0)
			fail_msg("'%s' was taken: %s", bad[i], ends[0]);
		assert_null(ends);
		assert_int_equal(nr, 0);
		if (!strstr(error_last(), bad[i]))
			fail_msg("'%s': the error does not name it: %s",
				 bad[i], error_last());
		error_clear();
	}
	repo_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_as_git),
		cmocka_unit_test(test_default),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
