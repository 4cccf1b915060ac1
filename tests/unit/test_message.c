/* Message splitting and trailer parsing, table-driven. */
#include "unit.h"

#include "message.h"
#include "util.h"

struct split_case {
	const char *name;
	const char *text;
	bool divider;		/* parse as an e-mail (interpret-trailers) */
	const char *block;	/* expected trailer block, "" for none */
	const char *parsed;	/* expected "Key: value\n" lines */
};

static const struct split_case split_cases[] = {
	{ "subject only", "Fix the frobnicator\n", false, "", "" },
	{ "subject looks like a trailer", "Fixes: the build\n", false, "", "" },
	{ "plain sign-off", "Subject\n\nBody.\n\nSigned-off-by: A <a@x>\n",
	  false, "Signed-off-by: A <a@x>\n", "Signed-off-by: A <a@x>\n" },
	{ "no final newline", "S\n\nb\n\nReviewed-by: R <r@x>", false,
	  "Reviewed-by: R <r@x>", "Reviewed-by: R <r@x>\n" },
	{ "prose last paragraph", "S\n\nSigned-off-by: A <a@x>\n\nMore prose here.\n",
	  false, "", "" },
	{ "all trailers, unknown keys", "S\n\nbody\n\nLink: https://x\nFoo-Bar: baz\n",
	  false, "Link: https://x\nFoo-Bar: baz\n",
	  "Link: https://x\nFoo-Bar: baz\n" },
	{ "25% rule met with a sign-off",
	  "S\n\nb\n\nSigned-off-by: A <a@x>\nsome text\nmore text\nthird\n",
	  false, "Signed-off-by: A <a@x>\nsome text\nmore text\nthird\n",
	  "Signed-off-by: A <a@x>\n" },
	{ "25% rule missed",
	  "S\n\nb\n\nSigned-off-by: A <a@x>\none\ntwo\nthree\nfour\n",
	  false, "", "" },
	{ "mixed block without a git prefix", "S\n\nb\n\nLink: x\nprose\n",
	  false, "", "" },
	{ "cherry picked counts",
	  "S\n\nb\n\n(cherry picked from commit abc)\nnot a trailer\nnor this\n",
	  false, "(cherry picked from commit abc)\nnot a trailer\nnor this\n", "" },
	{ "continuation lines",
	  "S\n\nb\n\nKey: first\n  second\n\tthird\nOther: v\n", false,
	  "Key: first\n  second\n\tthird\nOther: v\n",
	  "Key: first second third\nOther: v\n" },
	{ "whitespace before the separator", "S\n\nb\n\nKey :v\nK2\t: w\n",
	  false, "Key :v\nK2\t: w\n", "Key: v\nK2: w\n" },
	{ "space inside a key is not a trailer", "S\n\nb\n\na b: c\n", false,
	  "", "" },
	{ "comment lines after the block",
	  "S\n\nb\n\nSigned-off-by: A <a@x>\n\n# Please enter the message\n# x\n",
	  false, "Signed-off-by: A <a@x>\n", "Signed-off-by: A <a@x>\n" },
	{ "comment inside the block",
	  "S\n\nb\n\nKey: v\n# note\nOther: w\n", false,
	  "Key: v\n# note\nOther: w\n", "Key: v\nOther: w\n" },
	{ "divider ends an e-mail",
	  "S\n\nb\n\nSigned-off-by: A <a@x>\n---\n notes\n", true,
	  "Signed-off-by: A <a@x>\n", "Signed-off-by: A <a@x>\n" },
	{ "divider ends a commit's message too (git am cuts there)",
	  "S\n\nb\n\nSigned-off-by: A <a@x>\n---\n\n notes\n", false,
	  "Signed-off-by: A <a@x>\n", "Signed-off-by: A <a@x>\n" },
	{ "four dashes are no divider",
	  "S\n\nb\n\nSigned-off-by: A <a@x>\n----\n", true,
	  "Signed-off-by: A <a@x>\n----\n", "Signed-off-by: A <a@x>\n" },
	{ "scissors", "S\n\nb\n\nAcked-by: A <a@x>\n"
	  "# ------------------------ >8 ------------------------\ndiff\n",
	  false, "Acked-by: A <a@x>\n", "Acked-by: A <a@x>\n" },
	{ "conflicts block", "S\n\nb\n\nSigned-off-by: A <a@x>\n\nConflicts:\n\tfile.c\n",
	  false, "Signed-off-by: A <a@x>\n", "Signed-off-by: A <a@x>\n" },
	{ "empty", "", false, "", "" },
	{ "whitespace only", "  \n\n \t\n", false, "", "" },
	{ "vendor trailer", "S\n\nb\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n",
	  false, "Co-Authored-By: Claude <noreply@anthropic.com>\n",
	  "Co-Authored-By: Claude <noreply@anthropic.com>\n" },
};

static void join_parts(struct buf *out, const struct message *m)
{
	buf_add(out, m->text, m->trailer_start);
	buf_add(out, m->text + m->trailer_start,
		m->trailer_end - m->trailer_start);
	buf_add(out, m->text + m->trailer_end, m->len - m->trailer_end);
}

static void test_split(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(split_cases); i++) {
		const struct split_case *c = &split_cases[i];
		struct buf parsed = BUF_INIT, joined = BUF_INIT;
		struct message *m;

		if (c->divider)
			message_parse(&m, c->text, strlen(c->text), '#');
		else
			message_parse_commit(&m, c->text, strlen(c->text), '#');
		for (size_t j = 0; j < m->nr_trailers; j++)
			if (m->trailers[j].key)
				buf_addf(&parsed, "%s: %s\n", m->trailers[j].key,
					 m->trailers[j].value);
		print_message("case: %s\n", c->name);
		assert_int_equal(m->trailer_end - m->trailer_start,
				 strlen(c->block));
		assert_memory_equal(m->text + m->trailer_start, c->block,
				    strlen(c->block));
		assert_string_equal(buf_cstr(&parsed), c->parsed);
		join_parts(&joined, m);
		assert_int_equal(joined.len, strlen(c->text));
		assert_memory_equal(buf_cstr(&joined), c->text, joined.len);
		message_free(m);
		buf_release(&parsed);
		buf_release(&joined);
	}
}

static void test_separator(void **state)
{
	static const struct { const char *line; long sep; } cases[] = {
		{ "Key: v", 3 }, { "Key :v", 4 }, { "a b: c", -1 },
		{ ": v", 0 }, { "-: x", 1 }, { " Key: v", -1 },
		{ "http://x", 4 }, { "K\t: v", 2 }, { "Kéy: v", -1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		assert_int_equal(trailer_separator(cases[i].line,
						   strlen(cases[i].line)),
				 cases[i].sep);
}

/* git reads messages as C strings: nothing after a NUL byte counts. */
static void test_nul_bytes(void **state)
{
	static const char text[] = "S\n\nA: b\0junk\nB: c\n";
	static const char title[] = "S\0\n\nA: b\n";
	struct message *m;

	message_parse(&m, text, sizeof(text) - 1, '#');
	assert_int_equal(m->len, sizeof(text) - 1);
	assert_int_equal(m->nr_trailers, 1);
	assert_string_equal(m->trailers[0].key, "A");
	assert_string_equal(m->trailers[0].value, "b");
	message_free(m);
	message_parse_commit(&m, title, sizeof(title) - 1, '#');
	assert_int_equal(m->nr_trailers, 0);
	message_free(m);
}

/* git 2.39 loops forever on a divider followed by a scissors line. */
static void test_divider_then_scissors(void **state)
{
	static const char text[] = "S\n\nA: b\n---\n"
		"# ------------------------ >8 ------------------------\n";
	struct message *m;

	message_parse(&m, text, strlen(text), '#');
	assert_int_equal(m->nr_trailers, 1);
	message_free(m);
}

/* git log's %(trailers) and git commit -s read a "---" line as text. */
static void test_no_divider(void **state)
{
	static const char text[] = "S\n\nb\n\nSigned-off-by: A <a@x>\n"
		"---\nnotes\n\nAcked-by: B <b@x>\n";
	struct message *m;

	message_parse_no_divider(&m, text, strlen(text), '#');
	assert_int_equal(m->patch_start, m->len);
	assert_int_equal(m->nr_trailers, 1);
	assert_string_equal(m->trailers[0].key, "Acked-by");
	message_free(m);
	message_parse_commit(&m, text, strlen(text), '#');
	assert_int_equal(m->patch_start, strlen(text) - 29);
	assert_int_equal(m->nr_trailers, 1);
	assert_string_equal(m->trailers[0].key, "Signed-off-by");
	message_free(m);
}

static void test_line_numbers(void **state)
{
	static const char text[] = "S\n\nb\n\nKey: v\n";
	struct message *m;

	message_parse_commit(&m, text, strlen(text), '#');
	assert_int_equal(m->nr_trailers, 1);
	assert_int_equal(message_line_number(m, m->trailers[0].start), 5);
	message_free(m);
}

/* git log --format=%s of the same messages (git 2.39). */
static void test_subject(void **state)
{
	static const struct {
		const char *msg, *want;
	} cases[] = {
		{ "one line\n", "one line" },
		{ "\n\nafter blank lines\n\nbody\n", "after blank lines" },
		{ "two\nlines  \n\nbody", "two lines" },
		{ "  padded  \n", "  padded" },
		{ "", "" },
		{ "no newline", "no newline" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *s = message_subject(cases[i].msg, strlen(cases[i].msg));

		assert_string_equal(s, cases[i].want);
		free(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_subject),
		cmocka_unit_test(test_separator),
		cmocka_unit_test(test_no_divider),
		cmocka_unit_test(test_nul_bytes),
		cmocka_unit_test(test_divider_then_scissors),
		cmocka_unit_test(test_line_numbers),
	};

	return cmocka_run_group_tests_name("message", tests, NULL, NULL);
}
