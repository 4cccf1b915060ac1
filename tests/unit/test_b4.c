/*
 * b4 prep branches: the marker line, the tracking JSON as b4 reads it,
 * where the cover paragraph goes in b4's letter, and the series found on
 * branches made by the real b4 (skipped when b4 is not installed).
 */
#include "unit.h"
#include "fixture.h"

#include <stdio.h>

#include "b4.h"

#define JSON "{\n  \"series\": {\n    \"revision\": 1,\n" \
	"    \"change-id\": \"20261204-frob-0ba6086ed7ba\",\n" \
	"    \"base-branch\": \"master\",\n    \"prefixes\": []\n  }\n}\n"
#define TRACKING B4_MARKER "\n# This section is used internally by b4 " \
	"prep for tracking purposes.\n" JSON

static void test_marker(void **state)
{
	static const struct {
		const char *msg;
		long at;
	} cases[] = {
		{ "title\n\nbody\n\n" TRACKING, 13 },
		{ TRACKING, 0 },
		{ "title\n\n" B4_MARKER "\n", -1 },	/* no JSON after it */
		{ "title\n\n " B4_MARKER "\n{}\n", -1 },
		{ "title\n\n" B4_MARKER "x\n{}\n", -1 },
		{ "title\n\n--- \n{}\n", -1 },
		{ "title\n\nquoted: " B4_MARKER "\n{}\n", -1 },
		{ "", -1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const char *m = cases[i].msg;

		assert_int_equal(b4_marker_offset(m, strlen(m)), cases[i].at);
		assert_int_equal(b4_is_cover_message(m, strlen(m)),
				 cases[i].at >= 0);
	}
}

static void test_tracking(void **state)
{
	static const struct {
		const char *text;
		const char *base;	/* NULL: an error */
		const char *error;
	} cases[] = {
		{ TRACKING, "master", NULL },
		{ JSON, "master", NULL },
		{ "{\"series\": {\"revision\": 2}}", "", NULL },
		/* what an older git disclose amend did: trailers after it */
		{ TRACKING "\nAssisted-by: Claude:claude-opus-4-5\n"
		  "Signed-off-by: Hu Man <hu@example.org>\n", NULL, "line" },
		{ B4_MARKER "\n# nothing\n", NULL, "no JSON object" },
		{ "{\"revision\": 1}", NULL, "no \"series\" object" },
		{ "{\"series\": {\"base-branch\": 3}}", NULL, "base-branch" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *base = NULL, *change = NULL;
		const char *t = cases[i].text;
		int rc = b4_tracking_parse(&base, &change, t, strlen(t),
					   "the cover");

		if (!cases[i].base) {
			assert_int_equal(rc, -1);
			assert_non_null(strstr(error_last(), "the cover"));
			assert_non_null(strstr(error_last(), cases[i].error));
			assert_null(base);
			error_clear();
			continue;
		}
		assert_int_equal(rc, 0);
		if (*cases[i].base)
			assert_string_equal(base, cases[i].base);
		else
			assert_null(base);
		if (i < 2)
			assert_string_equal(change,
					    "20261204-frob-0ba6086ed7ba");
		free(base);
		free(change);
	}
}

#define PARA "AI assistance: this.\n\nTesting: that.\n"
/* what an earlier cover --b4 wrote, and the same edited by the human */
#define OLD "AI assistance: before.\n\nTesting: then.\n"
#define OLD_EDITED "AI assistance: before, and more.\n\nTesting: then.\n"

static void test_letter(void **state)
{
	static const struct {
		const char *letter;
		bool marker;
		int rc;
		const char *want;
	} cases[] = {
		/* above the letter's trailers, the tracking block kept */
		{ "Title\n\nBody.\n\n# a comment\n\n"
		  "Signed-off-by: Hu Man <hu@example.org>\n\n" TRACKING, true, 1,
		  "Title\n\nBody.\n\n# a comment\n\n" PARA "\n"
		  "Signed-off-by: Hu Man <hu@example.org>\n\n" TRACKING },
		/* a comment inside the trailer paragraph belongs to it */
		{ "Title\n\nBody.\n\n# To: and Cc:\nCc: a@example.org\n\n"
		  TRACKING, true, 1,
		  "Title\n\nBody.\n\n" PARA "\n# To: and Cc:\n"
		  "Cc: a@example.org\n\n" TRACKING },
		/* no trailers: at the end of the letter */
		{ "Title\n\nBody.\n\n" TRACKING, true, 1,
		  "Title\n\nBody.\n\n" PARA "\n" TRACKING },
		/* a title alone is not a trailer block, even "Key: value" */
		{ "net: fix it\n\n" TRACKING, true, 1,
		  "net: fix it\n\n" PARA "\n" TRACKING },
		/* a branch description: no marker, maybe no last newline */
		{ "Title\n\nBody.", false, 1, "Title\n\nBody.\n\n" PARA },
		{ "Title\n\nBody.\n\nSigned-off-by: H <h@example.org>", false,
		  1, "Title\n\nBody.\n\n" PARA "\nSigned-off-by: H <h@example.org>" },
		{ "", false, 1, PARA },
		/* already there: nothing to do */
		{ "Title\n\n" PARA "\n" TRACKING, true, 0, NULL },
		/* what an earlier run wrote is replaced where it stands */
		{ "Title\n\n" OLD "\nSigned-off-by: H <h@e.org>\n" TRACKING,
		  true, 1,
		  "Title\n\n" PARA "\nSigned-off-by: H <h@e.org>\n" TRACKING },
		/* ... but not once the human edited it */
		{ "Title\n\n" OLD_EDITED "\n" TRACKING, true, -1,
		  "b4 prep --edit-cover" },
		/* the human's own paragraph is never replaced */
		{ "Title\n\nAI assistance: I wrote this myself.\n\n" TRACKING,
		  true, -1, "b4 prep --edit-cover" },
		/* the paragraph in the tracking block does not count */
		{ "Title\n\n" TRACKING "AI assistance: x\n", true, 1,
		  "Title\n\n" PARA "\n" TRACKING "AI assistance: x\n" },
		{ "Title\n\nno tracking\n", true, -1, "not b4's cover letter" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const char *l = cases[i].letter;
		struct buf out = BUF_INIT;
		int rc = b4_letter_add(&out, l, strlen(l), PARA, OLD,
				       cases[i].marker);

		assert_int_equal(rc, cases[i].rc);
		if (rc > 0)
			assert_string_equal(buf_cstr(&out), cases[i].want);
		else
			assert_int_equal(out.len, 0);
		if (rc < 0) {
			assert_non_null(strstr(error_last(), cases[i].want));
			error_clear();
		}
		buf_release(&out);
	}
}


/* An upstream with one commit, a clone r of it, b4 prep's b4/frob. */
static const char prep[] =
	"rm -rf up r\n"
	"git init -q -b master up\n"
	"git -C up -c user.name=U -c user.email=u@example.org "
	"commit -q --allow-empty -m base\n"
	"git clone -q up r\n"
	"cd r\n"
	"git config user.name 'Hu Man'\n"
	"git config user.email hu@example.org\n"
	"git config commit.gpgsign false\n"
	"b4 prep -n frob -f origin/master >/dev/null 2>&1\n"
	"echo 1 >f1 && git add f1 && git commit -q -m 'frob: one'\n"
	"echo 2 >f2 && git add f2 && git commit -q -m 'frob: two'\n"
	"git rev-parse HEAD~2 >../cover\n";

static int setup(void **state)
{
	return fixture_setup("test_b4");
}

static int teardown(void **state)
{
	return fixture_teardown();
}

static struct repo *open_r(void)
{
	struct repo *r = NULL;
	struct buf path = BUF_INIT;

	buf_addf(&path, "%s/r", fixture_dir);
	if (repo_open(&r, path.ptr) < 0)
		fail_msg("repo_open: %s", error_last());
	buf_release(&path);
	return r;
}

/* The cover commit's id b4 made, from the file prep wrote. */
static void read_cover(char *out)
{
	struct buf path = BUF_INIT, b = BUF_INIT;

	buf_addf(&path, "%s/cover", fixture_dir);
	assert_int_equal(read_file(&b, path.ptr), 0);
	assert_true(b.len >= OID_HEX);
	memcpy(out, b.ptr, OID_HEX);
	out[OID_HEX] = '\0';
	buf_release(&path);
	buf_release(&b);
}

static bool have_b4(void)
{
	return fixture_run_sh("command -v b4 >/dev/null") == 0;
}

static void test_series(void **state)
{
	char cover[OID_HEX + 1], range[OID_HEX + 8];
	struct b4_series s;
	struct commit_info *c = NULL;
	struct buf note = BUF_INIT;
	struct repo *r;
	char *def = NULL;

	if (!have_b4())
		skip();
	fixture_sh(prep);
	read_cover(cover);
	snprintf(range, sizeof(range), "%s..HEAD", cover);
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), 1);
	assert_int_equal(s.strategy, B4_COMMIT);
	assert_string_equal(s.branch, "b4/frob");
	assert_string_equal(s.cover, cover);
	assert_string_equal(s.base_branch, "master");
	assert_non_null(strstr(s.change_id, "-frob-"));
	assert_string_equal(s.range, range);
	b4_series_release(&s);
	/* every command's default range */
	assert_int_equal(repo_default_range(&def, r), 0);
	assert_string_equal(def, range);
	free(def);
	assert_int_equal(b4_range_note(&note, r), 1);
	assert_non_null(strstr(note.ptr, "b4 prep branch b4/frob"));
	assert_non_null(strstr(note.ptr, range));
	buf_release(&note);
	/* the cover is b4's; a patch is not, even with the marker */
	assert_int_equal(repo_lookup(&c, r, cover), 0);
	assert_true(b4_is_cover(r, c));
	commit_info_free(c);
	repo_free(r);
	fixture_sh("cd r && echo 3 >f3 && git add f3 && git commit -q -F - <<'M'\n"
	   "frob: quotes b4\n\n" TRACKING "M\n");
	r = open_r();
	assert_int_equal(repo_lookup(&c, r, "HEAD"), 0);
	assert_true(b4_is_cover_message(c->message, c->message_len));
	assert_false(b4_is_cover(r, c));
	commit_info_free(c);
	repo_free(r);

	/* off the prep branch, and detached: not b4's */
	fixture_sh("cd r && git checkout -q master");
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), 0);
	assert_int_equal(repo_default_range(&def, r), 0);
	assert_string_equal(def, "@{upstream}..HEAD");
	free(def);
	repo_free(r);
	fixture_sh("cd r && git checkout -q --detach b4/frob");
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), 0);
	repo_free(r);
}

/* Tracking data b4 cannot read: an error saying what to do. */
static void test_damaged(void **state)
{
	struct b4_series s;
	struct repo *r;
	char *def = NULL;

	if (!have_b4())
		skip();
	fixture_sh(prep);
	/* trailers after the JSON, as the old amend wrote them */
	fixture_sh("cd r && c=$(cat ../cover) && "
	   "git log -1 --format=%B $c >../msg && "
	   "echo 'Signed-off-by: Hu Man <hu@example.org>' >>../msg && "
	   "new=$(git commit-tree $c^{tree} -p $c^ -F ../msg) && "
	   "git rebase -q --onto $new $c b4/frob");
	if (fixture_run_sh("cd r && b4 prep --show-info >/dev/null 2>&1") == 0)
		fail_msg("b4 reads the damaged tracking data");
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), -1);
	assert_non_null(strstr(error_last(), "b4's cover letter (commit"));
	assert_non_null(strstr(error_last(), "refs/disclose/backup/b4/frob"));
	error_clear();
	assert_int_equal(repo_default_range(&def, r), -1);
	assert_null(def);
	error_clear();
	repo_free(r);

	/* the strategy names a cover commit that is gone: not b4's (as b4) */
	fixture_sh("cd r && git checkout -q -b plain master && "
	   "git config branch.plain.b4-prep-cover-strategy commit");
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), 0);
	repo_free(r);
	fixture_sh("cd r && git config branch.plain.b4-prep-cover-strategy tag");
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), -1);
	assert_non_null(strstr(error_last(), "'tag'"));
	error_clear();
	repo_free(r);
}

/* The branch-description strategy: series from the base branch. */
static void test_description(void **state)
{
	struct b4_series s;
	struct repo *r;

	if (!have_b4())
		skip();
	fixture_sh("rm -rf up r\n"
	   "git init -q -b master up\n"
	   "git -C up -c user.name=U -c user.email=u@example.org "
	   "commit -q --allow-empty -m base\n"
	   "git clone -q up r && cd r\n"
	   "git config user.name 'Hu Man'\n"
	   "git config user.email hu@example.org\n"
	   "git config b4.prep-cover-strategy branch-description\n"
	   "b4 prep -n desc -f origin/master >/dev/null 2>&1\n"
	   "echo 1 >f1 && git add f1 && git commit -q -m 'desc: one'\n");
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), 1);
	assert_int_equal(s.strategy, B4_BRANCH_DESCRIPTION);
	assert_string_equal(s.cover, "");
	assert_string_equal(s.range, "master..HEAD");
	b4_series_release(&s);
	repo_free(r);
	/* a base branch that is gone: say so */
	fixture_sh("cd r && git branch -q -D master");
	r = open_r();
	assert_int_equal(b4_series_find(&s, r), -1);
	assert_non_null(strstr(error_last(), "'master', which is not here"));
	error_clear();
	repo_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_marker),
		cmocka_unit_test(test_tracking),
		cmocka_unit_test(test_letter),
		cmocka_unit_test(test_series),
		cmocka_unit_test(test_damaged),
		cmocka_unit_test(test_description),
	};

	repo_set_range_finder(b4_default_range);
	return cmocka_run_group_tests(tests, setup, teardown);
}
