/* The session file: round trip, tied to the series, atomic and private. */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session.h"
#include "util.h"

static char *const ids[] = { "1111111111111111111111111111111111111111",
			     "2222222222222222222222222222222222222222" };

static char *temp_gitdir(void)
{
	char tmpl[] = "/tmp/disclose-session-XXXXXX";

	assert_non_null(mkdtemp(tmpl));
	return xstrdup(tmpl);
}

static void cleanup(char *dir)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s/%s", dir, SESSION_FILE);
	unlink(b.ptr);
	buf_reset(&b);
	buf_addf(&b, "%s/disclose", dir);
	rmdir(b.ptr);
	rmdir(dir);
	buf_release(&b);
	free(dir);
}

static void test_round_trip(void **state)
{
	char *dir = temp_gitdir(), *tools[] = { "sparse", "coccinelle", NULL };
	struct session *s, *t;
	struct buf path = BUF_INIT;
	struct stat st;

	assert_int_equal(session_load(&s, dir, "main..HEAD", ids, 2), 0);
	assert_false(s->resumed);
	s->review[1] = REVIEW_NO_AI;
	session_certify(s, "dco", true);
	session_certify(s, "license", true);
	session_certify(s, "license", false);
	session_set_str(&s->agent, "Claude");
	session_set_str(&s->model, "claude-opus-4-5");
	session_set_tools(s, tools);
	s->remove_ai = true;
	session_set_str(&s->screen, "tools");
	assert_int_equal(session_save(s, dir), 0);

	buf_addf(&path, "%s/%s", dir, SESSION_FILE);
	assert_int_equal(stat(path.ptr, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);

	assert_int_equal(session_load(&t, dir, "main..HEAD", ids, 2), 0);
	assert_true(t->resumed);
	assert_null(t->note);
	assert_int_equal(t->review[0], REVIEW_NONE);
	assert_int_equal(t->review[1], REVIEW_NO_AI);
	assert_true(session_certified(t, "dco"));
	assert_false(session_certified(t, "license"));
	assert_string_equal(t->agent, "Claude");
	assert_string_equal(t->model, "claude-opus-4-5");
	assert_string_equal(t->tools[1], "coccinelle");
	assert_null(t->tools[2]);
	assert_true(t->remove_ai);
	assert_string_equal(t->screen, "tools");
	session_free(t);
	session_free(s);
	buf_release(&path);
	cleanup(dir);
}

/* Another range, other commits or another order: a fresh session. */
static void test_other_series(void **state)
{
	static const struct {
		const char *range;
		size_t nr;
		bool swap;
		bool resumed;
	} cases[] = {
		{ "main..HEAD", 2, false, true },
		{ "HEAD~2..HEAD", 2, false, false },
		{ "main..HEAD", 1, false, false },
		{ "main..HEAD", 2, true, false },
	};
	char *dir = temp_gitdir();
	struct session *s;

	assert_int_equal(session_load(&s, dir, "main..HEAD", ids, 2), 0);
	session_certify(s, "dco", true);
	assert_int_equal(session_save(s, dir), 0);
	session_free(s);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *swapped[] = { ids[1], ids[0] };

		print_message("case %zu\n", i);
		assert_int_equal(session_load(&s, dir, cases[i].range,
					      cases[i].swap ? swapped : ids,
					      cases[i].nr), 0);
		assert_int_equal(s->resumed, cases[i].resumed);
		assert_int_equal(session_certified(s, "dco"), cases[i].resumed);
		session_free(s);
	}
	cleanup(dir);
}

static void test_broken_file(void **state)
{
	static const char *const texts[] = {
		"{ not json",
		"[]",
		"{\"range\": \"main..HEAD\", \"commits\": [\"1111111111111111111111111111111111111111\", \"2222222222222222222222222222222222222222\"], \"agent\": 7}",
	};
	char *dir = temp_gitdir();
	struct buf path = BUF_INIT;
	struct session *s;

	buf_addf(&path, "%s/disclose", dir);
	assert_int_equal(mkdir(path.ptr, 0700), 0);
	buf_addf(&path, "/session.json");
	for (size_t i = 0; i < ARRAY_SIZE(texts); i++) {
		print_message("case %zu\n", i);
		assert_int_equal(write_file_atomic(path.ptr, texts[i],
						   strlen(texts[i]), 0600), 0);
		assert_int_equal(session_load(&s, dir, "main..HEAD", ids, 2), 0);
		assert_false(s->resumed);
		assert_non_null(s->note);
		assert_non_null(strstr(s->note, "starting afresh"));
		session_free(s);
	}
	buf_release(&path);
	cleanup(dir);
}

static void test_remove(void **state)
{
	char *dir = temp_gitdir();
	struct session *s;

	assert_int_equal(session_remove(dir), 0);	/* none: fine */
	assert_int_equal(session_load(&s, dir, "r", ids, 2), 0);
	assert_int_equal(session_save(s, dir), 0);
	assert_int_equal(session_remove(dir), 0);
	session_free(s);
	assert_int_equal(session_load(&s, dir, "r", ids, 2), 0);
	assert_false(s->resumed);
	session_free(s);
	cleanup(dir);
}

/* Review marks follow the change through a rewrite, not the commit id. */
static void test_follow_change(void **state)
{
	char *const patches[] = { "p1", "p2" };
	char *const rewritten[] = {
		"3333333333333333333333333333333333333333",
		"4444444444444444444444444444444444444444",
		"5555555555555555555555555555555555555555" };
	char *const changed[] = { "p1", "p9", "p2" };
	char *dir = temp_gitdir();
	struct session *s;

	assert_int_equal(session_load_series(&s, dir, "main..HEAD", ids,
					     patches, 2), 0);
	s->review[0] = REVIEW_DONE;
	s->review[1] = REVIEW_NO_AI;
	session_certify(s, "dco", true);
	session_set_str(&s->agent, "Codex");
	assert_int_equal(session_save(s, dir), 0);
	session_free(s);

	/* the same commits, no change ids given: they come from the file */
	assert_int_equal(session_load_series(&s, dir, "main..HEAD", ids,
					     NULL, 2), 0);
	assert_true(s->resumed);
	assert_int_equal(s->review[0], REVIEW_DONE);
	assert_non_null(s->patches);
	assert_string_equal(s->patches[0], "p1");
	assert_string_equal(s->patches[1], "p2");
	assert_null(s->patches[2]);
	session_free(s);

	/* new ids (a reword), a commit added in the middle */
	assert_int_equal(session_load_series(&s, dir, "main..HEAD", rewritten,
					     changed, 3), 0);
	assert_true(s->resumed);
	assert_int_equal(s->review[0], REVIEW_DONE);
	assert_int_equal(s->review[1], REVIEW_NONE);
	assert_int_equal(s->review[2], REVIEW_NO_AI);
	assert_true(session_certified(s, "dco"));
	assert_string_equal(s->agent, "Codex");
	assert_non_null(strstr(s->note, "resumed after a rewrite: 2 commits"));
	assert_non_null(strstr(s->note, "1 commit is new to review"));
	session_free(s);

	/* a change that differs drops its mark, and says so */
	assert_int_equal(session_load_series(&s, dir, "main..HEAD", rewritten,
					     (char *const[]){ "p1", "p7" }, 2),
			 0);
	assert_int_equal(s->review[0], REVIEW_DONE);
	assert_int_equal(s->review[1], REVIEW_NONE);
	assert_non_null(strstr(s->note, "dropped the marks of 1 commit"));
	session_free(s);

	/* nothing in common: a fresh session */
	assert_int_equal(session_load_series(&s, dir, "main..HEAD", rewritten,
					     (char *const[]){ "q1", "q2" }, 2),
			 0);
	assert_false(s->resumed);
	session_free(s);
	cleanup(dir);
}

/*
 * Saying a commit has no AI-generated code is not reviewing it: the two
 * marks are kept together, and only the review mark certifies.
 */
static void test_marks(void **state)
{
	char *dir = temp_gitdir(), *need[] = { "dco", NULL };
	struct session *s, *t;

	assert_int_equal(session_load(&s, dir, "main..HEAD", ids, 2), 0);
	s->review[0] = REVIEW_DONE | REVIEW_NO_AI;
	s->review[1] = REVIEW_NO_AI;
	session_certify(s, "dco", true);
	assert_int_equal(session_save(s, dir), 0);
	assert_int_equal(session_load(&t, dir, "main..HEAD", ids, 2), 0);
	assert_int_equal(t->review[0], REVIEW_DONE | REVIEW_NO_AI);
	assert_int_equal(t->review[1], REVIEW_NO_AI);
	session_free(t);
	/* commit 2 is marked, not reviewed: the series is not certified */
	assert_false(session_certifies(dir, ids, 2, need));
	s->review[1] |= REVIEW_DONE;
	assert_int_equal(session_save(s, dir), 0);
	assert_true(session_certifies(dir, ids, 2, need));
	session_free(s);
	cleanup(dir);
}

/* The change id ignores what a rebase or a reword moves, nothing else. */
static void test_patch_id(void **state)
{
	static const char a[] =
		"diff --git a/f.c b/f.c\nindex 1111111..2222222 100644\n"
		"--- a/f.c\n+++ b/f.c\n@@ -1,2 +1,3 @@ int f(void)\n"
		" a\n+b\n c\n";
	static const char moved[] =
		"diff --git a/f.c b/f.c\nindex 3333333..4444444 100644\n"
		"--- a/f.c\n+++ b/f.c\n@@ -10,2 +10,3 @@ int f(void)\n"
		" a\n+b\n c\n";
	static const char other[] =
		"diff --git a/f.c b/f.c\nindex 1111111..2222222 100644\n"
		"--- a/f.c\n+++ b/f.c\n@@ -1,2 +1,3 @@ int f(void)\n"
		" a\n+x\n c\n";
	char *pa = session_patch_id(a, strlen(a));
	char *pm = session_patch_id(moved, strlen(moved));
	char *po = session_patch_id(other, strlen(other));

	assert_int_equal(strlen(pa), 32);
	assert_string_equal(pa, pm);
	assert_string_not_equal(pa, po);
	free(pa);
	free(pm);
	free(po);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_other_series),
		cmocka_unit_test(test_broken_file),
		cmocka_unit_test(test_remove),
		cmocka_unit_test(test_follow_change),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_patch_id),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
