/*
 * Regression tests for placement bugs the fuzzer (tests/fuzz/fuzz_place.c)
 * found; each case is the smallest input that showed it.
 */
#include "unit.h"

#include "message.h"
#include "place.h"

static struct ident human = { "Hu Man", "hu@example.org" };
static const struct place_request req_human = { .human = &human };

static bool drop_coauthor(const struct message *m, size_t i, void *data)
{
	return trailer_is(&m->trailers[i], "Co-authored-by");
}

/* Place with req on text; the result is the caller's. */
static char *place(const char *text, const struct place_request *req)
{
	struct buf out = BUF_INIT;
	struct message *m;

	message_parse_commit(&m, text, strlen(text), '#');
	assert_int_equal(place_trailers(&out, m, req), 0);
	message_free(m);
	return buf_detach(&out, NULL);
}

/* Placing on the output again gives the output. */
static void assert_idempotent(const char *once, const struct place_request *req)
{
	char *twice = place(once, req);

	assert_string_equal(once, twice);
	free(twice);
}

/* The last trailer of text is the human's sign-off. */
static void assert_sob_last(const char *text)
{
	struct message *m;
	const struct trailer *t;

	message_parse_commit(&m, text, strlen(text), '#');
	assert_true(m->nr_trailers > 0);
	t = &m->trailers[m->nr_trailers - 1];
	assert_true(trailer_is(t, "Signed-off-by"));
	assert_string_equal(t->value, "Hu Man <hu@example.org>");
	message_free(m);
}

/* Bug 1: nothing to add (no disclosure, --no-signoff) and no block:
 * every run appended one more blank line. */
static void test_nothing_to_add_keeps_message(void **state)
{
	struct place_request req = { 0 };
	char *out = place("Fix the thing\n", &req);

	assert_string_equal(out, "Fix the thing\n");
	free(out);
}

/* Bug 2: a CRLF message whose block ends in a "\r" line. git counts that
 * line as a continuation of the last trailer, but as a paragraph break
 * once a line follows it: the new sign-off went into a paragraph of its
 * own, away from the chain. */
static void test_crlf_blank_line_after_block(void **state)
{
	struct place_request req = { .human = &human };
	char *out = place("Subject\r\n\r\nBody\r\n\r\n"
			  "Signed-off-by: Ada <ada@example.org>\r\n\r\n", &req);

	assert_string_equal(out, "Subject\r\n\r\nBody\r\n\r\n"
			    "Signed-off-by: Ada <ada@example.org>\r\n"
			    "Signed-off-by: Hu Man <hu@example.org>\n\r\n");
	assert_sob_last(out);
	assert_idempotent(out, &req);
	free(out);
}

/* Bug 3: fix drops vendor trailers from a block that holds prose lines;
 * with fewer trailers git's 25% rule no longer saw a block, so the new
 * sign-off was body text and the next run added a second one. */
static void test_drop_keeps_block_recognized(void **state)
{
	struct place_request req = { .human = &human, .drop = drop_coauthor };
	const char *in = "Subject\n\nBody.\n\n"
			 "Signed-off-by: Ada <ada@example.org>\n"
			 "note 1\nnote 2\nnote 3\nnote 4\nnote 5\nnote 6\nnote 7\n"
			 "Co-authored-by: A <a@example.org>\n"
			 "Co-authored-by: B <b@example.org>\n"
			 "Co-authored-by: C <c@example.org>\n";
	char *out = place(in, &req);

	assert_sob_last(out);
	assert_non_null(strstr(out, "note 7\n\nSigned-off-by: Hu Man"));
	assert_null(strstr(out, "Co-authored-by"));
	assert_idempotent(out, &req);
	free(out);
}

/* Bug 4: a NUL byte ends what git reads, so the trailers went in before
 * it, into the middle of the subject ("Fix\n\nAssisted-by: ...\0 x");
 * git refuses such messages anyway: the placement says so. */
static void test_nul_byte_refused(void **state)
{
	static const char text[] = "Fix\0 x\n\nBody.\n";
	struct place_request req = { .human = &human };
	struct buf out = BUF_INIT;
	struct message *m;

	message_parse_commit(&m, text, sizeof(text) - 1, '#');
	assert_int_equal(place_trailers(&out, m, &req), -1);
	assert_non_null(strstr(error_last(), "NUL byte on line 1"));
	message_free(m);
	buf_release(&out);
}

/* Fuzz 5: fix drops a vendor trailer and leaves only "Conflicts:",
 * which git skips as an old conflicts list; the paragraph above becomes
 * the block, so the next run drops there too. Not a bug, since fix
 * converges one paragraph per run: check that it does, and stops. */
static void test_drop_to_conflicts_converges(void **state)
{
	struct place_request req = { .drop = drop_coauthor };
	char *once = place("Add\n\nConflicts:\n"
			   "Co-authored-by: A <a@example.org>\n\n"
			   "Conflicts:\n"
			   "Co-authored-by: B <b@example.org>\n", &req);
	char *twice = place(once, &req);

	assert_string_equal(once, "Add\n\nConflicts:\n"
			    "Co-authored-by: A <a@example.org>\n\n"
			    "Conflicts:\n");
	assert_string_equal(twice, "Add\n\nConflicts:\n\nConflicts:\n");
	assert_idempotent(twice, &req);
	free(once);
	free(twice);
}

/* Fuzz 6: a tab line after a blank one is skipped as a path of the
 * "Conflicts:" list above it, so the trailers go in before it, as git
 * interpret-trailers puts them; they end that list, so the line is text
 * on the next read (git is not idempotent there either). */
static void test_conflicts_path_tail_as_git(void **state)
{
	struct place_request req = { .human = &human };
	char *out = place("Conflicts:\nf\n\n\tx", &req);

	assert_string_equal(out, "Conflicts:\nf\n\n"
			    "Signed-off-by: Hu Man <hu@example.org>\n\n\tx");
	free(out);
}

/* Conformance 7: read with --no-divider, a block that runs over a "---"
 * line took the new lines as a paragraph of their own: the check that
 * the block still holds read the result with the divider. */
static void test_no_divider_block_holds(void **state)
{
	static const char text[] = "S\n\nBody.\n\n"
		"Signed-off-by: Ada <ada@example.org>\n---\nnotes\n";
	struct place_request req = { .human = &human };
	struct buf out = BUF_INIT;
	struct message *m;

	message_parse_no_divider(&m, text, sizeof(text) - 1, '#');
	assert_int_equal(place_trailers(&out, m, &req), 0);
	assert_string_equal(out.ptr, "S\n\nBody.\n\n"
			    "Signed-off-by: Ada <ada@example.org>\n---\nnotes\n"
			    "Signed-off-by: Hu Man <hu@example.org>\n");
	message_free(m);
	buf_release(&out);
}

/* Issue 12: placement on a commit with a "---" notes line wrote the
 * trailers below the notes, where git am drops them. */
static void test_commit_notes_above_divider(void **state)
{
	char *out = place("S\n\nBody.\n---\nnotes\n", &req_human);

	assert_string_equal(out, "S\n\nBody.\n\n"
			    "Signed-off-by: Hu Man <hu@example.org>\n---\nnotes\n");
	assert_idempotent(out, &req_human);
	free(out);
}

static bool drop_ai_sob(const struct message *m, size_t i, void *data)
{
	return trailer_is(&m->trailers[i], "Signed-off-by") &&
	       strstr(m->trailers[i].value, "noreply@anthropic.com");
}

static char *rewrite_coauthor(const struct message *m, size_t i, void *data)
{
	return trailer_is(&m->trailers[i], "Co-authored-by") ?
	       xstrdup("Assisted-by: Claude:claude-opus-4-8") : NULL;
}

/*
 * A real mail once made fix move Ann's vendor trailer into the human's part:
 * a rewritten entry stays in its owner's part, and a dropped AI sign-off
 * between it and the owner's sign-off ends nobody's part.
 */
static void test_rewrite_stays_in_owners_part(void **state)
{
	struct place_request req = { .human = &human, .drop = drop_ai_sob,
				     .rewrite = rewrite_coauthor };
	char *out = place("S\n\nb\n\n"
			  "Co-authored-by: Claude <noreply@anthropic.com>\n"
			  "Signed-off-by: Claude <noreply@anthropic.com>\n"
			  "Signed-off-by: Ann <ann@example.org>\n", &req);

	assert_string_equal(out, "S\n\nb\n\n"
			    "Assisted-by: Claude:claude-opus-4-8\n"
			    "Signed-off-by: Ann <ann@example.org>\n"
			    "Signed-off-by: Hu Man <hu@example.org>\n");
	assert_idempotent(out, &req);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_to_add_keeps_message),
		cmocka_unit_test(test_rewrite_stays_in_owners_part),
		cmocka_unit_test(test_crlf_blank_line_after_block),
		cmocka_unit_test(test_drop_keeps_block_recognized),
		cmocka_unit_test(test_nul_byte_refused),
		cmocka_unit_test(test_drop_to_conflicts_converges),
		cmocka_unit_test(test_conflicts_path_tail_as_git),
		cmocka_unit_test(test_no_divider_block_holds),
		cmocka_unit_test(test_commit_notes_above_divider),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
