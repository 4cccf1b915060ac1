/*
 * The line diff's edit script: equal texts, all new, all deleted,
 * interleaved changes, repeated lines (the tie-breaking), a last line
 * without its newline, long texts; and that the unified diff fix prints
 * and the script the preview walks are the same script.
 */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "unit.h"

#include "catalogue.h"
#include "diff.h"
#include "fix.h"
#include "util.h"

/*
 * The script as text: one edit a line, its op (' ', '-', '+') and its
 * text, then "$" when the line has no newline and "!" when a kept line's
 * newline went or came.
 */
static char *script(const char *a, const char *b)
{
	struct buf out = BUF_INIT;
	struct diff_iter it;
	struct diff_edit e;

	diff_iter_init(&it, a, strlen(a), b, strlen(b));
	while (diff_iter_next(&it, &e)) {
		buf_addch(&out, e.op);
		buf_add(&out, e.line, e.len);
		if (!e.eol)
			buf_addch(&out, '$');
		if (e.eol_changed)
			buf_addch(&out, '!');
		buf_addch(&out, '\n');
	}
	diff_iter_release(&it);
	return buf_detach(&out, NULL);
}

/* want: the script; unified: the unified diff, when given */
static const struct {
	const char *name, *a, *b, *want, *unified;
} cases[] = {
	{ "equal", "a\nb\nc\n", "a\nb\nc\n", " a\n b\n c\n", "" },
	{ "both empty", "", "", "" },
	{ "all new", "", "a\nb\n", "+a\n+b\n",
	  "--- a/x\n+++ b/x\n@@ -0,0 +1,2 @@\n+a\n+b\n" },
	{ "all deleted", "a\nb\n", "", "-a\n-b\n" },
	{ "one line replaced: the deletion first", "a\nb\nc\n", "a\nB\nc\n",
	  " a\n-b\n+B\n c\n",
	  "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n" },
	{ "interleaved", "a\nb\nc\nd\ne\n", "a\nX\nc\nY\ne\nZ\n",
	  " a\n-b\n+X\n c\n-d\n+Y\n e\n+Z\n" },
	{ "trailers added before the sign-off",
	  "Subject\n\nBody.\n\nSigned-off-by: A <a@x>\n",
	  "Subject\n\nBody.\n\nAssisted-by: C:m\nSigned-off-by: A <a@x>\n",
	  " Subject\n \n Body.\n \n+Assisted-by: C:m\n Signed-off-by: A <a@x>\n" },
	/* equal lines are kept as soon as they meet */
	{ "repeated line added after", "a\n", "a\na\n", " a\n+a\n" },
	{ "repeated line deleted after", "a\na\n", "a\n", " a\n-a\n" },
	{ "repeated lines: the first match is kept", "x\na\nb\na\n", "a\n",
	  "-x\n a\n-b\n-a\n" },
	{ "a swap: the deletion first", "a\nb\n", "b\na\n", "-a\n b\n+a\n" },
	{ "ties: deletions before additions", "a\nb\n", "c\nd\n",
	  "-a\n-b\n+c\n+d\n" },
	{ "the blank lines of a body", "s\n\nx\n\ny\n", "s\n\ny\n\nz\n",
	  " s\n \n-x\n-\n y\n+\n+z\n" },
	{ "last line without newline, kept", "a\nb", "a\nb\nc\n",
	  " a\n b$!\n+c\n",
	  "--- a/x\n+++ b/x\n@@ -1,2 +1,3 @@\n a\n-b\n"
	  "\\ No newline at end of file\n+b\n+c\n" },
	{ "newline removed at the end", "a\nb\n", "a\nb", " a\n b!\n" },
	{ "no newline on either side", "a", "b", "-a$\n+b$\n" },
};

static void test_scripts(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *got = script(cases[i].a, cases[i].b);

		if (strcmp(got, cases[i].want))
			fail_msg("%s: got\n%s\nwant\n%s", cases[i].name, got,
				 cases[i].want);
		free(got);
	}
}

/* The script turns a into b: kept and deleted lines give a, kept and
 * added lines b. */
static void test_script_rebuilds(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct buf a = BUF_INIT, b = BUF_INIT;
		struct diff_iter it;
		struct diff_edit e;

		diff_iter_init(&it, cases[i].a, strlen(cases[i].a), cases[i].b,
			       strlen(cases[i].b));
		while (diff_iter_next(&it, &e)) {
			bool new_eol = e.eol_changed ? !e.eol : e.eol;

			if (e.op != DIFF_ADD) {
				buf_add(&a, e.line, e.len);
				if (e.eol)
					buf_addch(&a, '\n');
			}
			if (e.op != DIFF_DEL) {
				buf_add(&b, e.line, e.len);
				if (new_eol)
					buf_addch(&b, '\n');
			}
		}
		diff_iter_release(&it);
		assert_string_equal(buf_cstr(&a), cases[i].a);
		assert_string_equal(buf_cstr(&b), cases[i].b);
		buf_release(&a);
		buf_release(&b);
	}
}

static void test_unified(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct buf out = BUF_INIT;

		if (!cases[i].unified)
			continue;
		diff_unified(&out, cases[i].a, strlen(cases[i].a), cases[i].b,
			     strlen(cases[i].b), "a/x", "b/x");
		if (strcmp(buf_cstr(&out), cases[i].unified))
			fail_msg("%s: got\n%s\nwant\n%s", cases[i].name,
				 buf_cstr(&out), cases[i].unified);
		buf_release(&out);
	}
}

/* Long texts: a common head of 100,000 lines costs no table, and
 * changes past 4M pairs show as a replacement. */
static void test_long(void **state)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	struct diff_iter it;
	struct diff_edit e;
	size_t keep = 0, add = 0, del = 0, n = 0;

	for (int i = 0; i < 100000; i++)
		buf_addf(&a, "Reviewed-by: R%d <r%d@example.org>\n", i, i);
	buf_add(&b, a.ptr, a.len);
	buf_adds(&b, "Assisted-by: C:m\nSigned-off-by: H <h@x>\n");
	diff_iter_init(&it, a.ptr, a.len, b.ptr, b.len);
	while (diff_iter_next(&it, &e))
		keep += e.op == DIFF_KEEP, add += e.op == DIFF_ADD;
	diff_iter_release(&it);
	assert_int_equal(keep, 100000);
	assert_int_equal(add, 2);

	/* 3,000 lines against 3,000 others: beyond the table */
	buf_reset(&a);
	buf_reset(&b);
	buf_adds(&a, "head\n");
	buf_adds(&b, "head\n");
	for (int i = 0; i < 3000; i++) {
		buf_addf(&a, "a%d\n", i);
		buf_addf(&b, "b%d\n", i);
	}
	diff_iter_init(&it, a.ptr, a.len, b.ptr, b.len);
	while (diff_iter_next(&it, &e)) {
		/* the head, then every deletion, then every addition */
		if (n == 0)
			assert_int_equal(e.op, DIFF_KEEP);
		else
			assert_int_equal(e.op, n <= 3000 ? DIFF_DEL : DIFF_ADD);
		n++;
		del += e.op == DIFF_DEL;
	}
	diff_iter_release(&it);
	assert_int_equal(n, 6001);
	assert_int_equal(del, 3000);
	buf_release(&a);
	buf_release(&b);
}

/* The changed lines of a unified diff, in order, as "<op><text>\n". */
static void unified_changes(struct buf *out, const char *diff)
{
	const char *s = diff, *e;

	for (; *s; s = *e ? e + 1 : e) {
		e = strchrnul(s, '\n');
		if ((*s == '-' || *s == '+') && strncmp(s, "--- ", 4) &&
		    strncmp(s, "+++ ", 4))
			buf_add(out, s, (size_t)(e - s + 1));
	}
}

/* What the preview lists: the script's changes, in order. */
static void script_changes(struct buf *out, const char *a, const char *b)
{
	struct diff_iter it;
	struct diff_edit e;

	diff_iter_init(&it, a, strlen(a), b, strlen(b));
	while (diff_iter_next(&it, &e)) {
		if (e.op == DIFF_KEEP)
			continue;
		buf_addch(out, e.op);
		buf_add(out, e.line, e.len);
		buf_addch(out, '\n');
	}
	diff_iter_release(&it);
}

/*
 * fix --dry-run prints diff_unified() of a message and its fix; the
 * assistant's preview lists the script of the same pair: the changed
 * lines are the same, in the same order.
 */
static void test_fix_and_preview_agree(void **state)
{
	static const char *const messages[] = {
		"Add frob\n\nBody.\n\n"
		"Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n",
		"Add frob\n\nBody.\n\nAssisted-by: Claude:claude-opus-4-5\n"
		"Signed-off-by: Claude <noreply@anthropic.com>\n"
		"Signed-off-by: Jane Dev <jane@example.org>\n",
		"Fix\n\nSigned-off-by: Jane Dev <jane@example.org>\n"
		"Assisted-by: Codex gpt-5.5 sparse\n",
	};
	struct ident human = { "Jane Dev", "jane@example.org" };
	struct catalogue *cat = NULL;
	struct fix_opts o = { 0 };

	assert_int_equal(catalogue_load_builtin(&cat), 0);
	o.form = FORM_AGENT_MODEL;
	o.cat = cat;
	o.human = &human;
	o.comment_char = '#';
	for (size_t i = 0; i < ARRAY_SIZE(messages); i++) {
		struct buf fixed = BUF_INIT, uni = BUF_INIT, a = BUF_INIT,
			   b = BUF_INIT;
		bool changed;

		assert_int_equal(fix_message(&fixed, &changed, messages[i],
					     strlen(messages[i]), &o), 0);
		assert_true(changed);
		diff_unified(&uni, messages[i], strlen(messages[i]),
			     fixed.ptr, fixed.len, "a/m", "b/m");
		unified_changes(&a, buf_cstr(&uni));
		script_changes(&b, messages[i], buf_cstr(&fixed));
		assert_true(a.len > 0);
		assert_string_equal(buf_cstr(&a), buf_cstr(&b));
		buf_release(&fixed);
		buf_release(&uni);
		buf_release(&a);
		buf_release(&b);
	}
	catalogue_free(cat);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scripts),
		cmocka_unit_test(test_script_rebuilds),
		cmocka_unit_test(test_unified),
		cmocka_unit_test(test_long),
		cmocka_unit_test(test_fix_and_preview_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
