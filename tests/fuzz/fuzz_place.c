/*
 * The placement rule (git-disclose(1), THE PLACEMENT RULE). The first two bytes choose the
 * request (policy form, disclosure, human, drop of vendor trailers,
 * divider or --no-divider view, comment character); the rest is the
 * message.
 *
 * Properties: placing again on the output changes nothing (idempotent);
 * with a human, the last entry of the output's block is the human's
 * Signed-off-by; every input entry that is not replaced or dropped is
 * still there, byte for byte, and the ones that are not moved keep
 * their order; the text before the block and after it is kept. Other
 * people's entries (above the last sign-off of somebody else) are never
 * replaced or moved, and the new lines sit after them; the new
 * Assisted-by names every tool of the lines it replaces; the "---"
 * divider and what follows it are kept byte for byte, after the block.
 * An entry the request rewrites (fix: a vendor trailer in another
 * person's part, here every Generated-by there) is written where it
 * stands, as its new line, in order with the other people's entries.
 */
#include <string.h>

#include "fuzz.h"
#include "message.h"
#include "place.h"
#include "util.h"

struct human_case {
	const char *name;
	const char *email;
};

static const struct human_case humans[] = {
	{ "Hu Man", "hu@example.org" },
	{ "hu man", "HU@example.org" },
	{ "Hu Man", NULL },
	{ "", "hu@example.org" },
};

static const char *const values[][2] = {
	{ "Claude:claude-opus-4-5 coccinelle", "LLM coccinelle" },
	{ "Codex:gpt-5", "LLM" },
	{ "Claude:claude-3-opus sparse smatch", "LLM sparse smatch" },
	{ "Gemini:gemini-2.5-pro", "LLM clang-tidy" },
};

/* fix removes vendor trailers: here, every Co-authored-by. */
static bool drop_coauthor(const struct message *m, size_t i, void *data)
{
	return trailer_is(&m->trailers[i], "Co-authored-by");
}

#define REWRITTEN "Assisted-by: Claude:claude-opus-4-8"

/* fix converts a vendor trailer in another person's part in place:
 * here, every Generated-by above the human's own block. */
static char *rewrite_generated(const struct message *m, size_t i, void *data)
{
	const struct place_request *req = data;

	if (!trailer_is(&m->trailers[i], "Generated-by") ||
	    i >= place_own_start(m, req))
		return NULL;
	return xstrdup(REWRITTEN);
}

/*
 * A last line "---..." without a newline (or before a NUL byte) is text
 * to git, but becomes the patch divider once the newline before the new
 * trailers is added: git interpret-trailers is not idempotent there
 * either, so it is no bug.
 */
static bool ends_in_open_divider(const char *text, size_t len)
{
	const char *nul = memchr(text, '\0', len);
	size_t bol;

	/* git stops at a NUL byte: what follows it is kept as the tail */
	if (nul)
		len = (size_t)(nul - text);
	bol = len;
	if (!len || text[len - 1] == '\n')
		return false;
	while (bol > 0 && text[bol - 1] != '\n')
		bol--;
	return len - bol >= 3 && !memcmp(text + bol, "---", 3);
}

/*
 * git skips a tab-indented line after a blank one only while it is
 * still in the old "Conflicts:" list it saw above; new trailers put in
 * before that line end the list, so the line becomes text again and
 * nothing is a block any more. git interpret-trailers does the same
 * (run it twice on "Conflicts:\nf\n\n\tx"), so it is no bug.
 */
static bool tail_no_longer_skipped(const struct message *in,
				   const struct message *out)
{
	size_t tail = in->len - in->trailer_end;

	return out->trailer_end > out->len - tail;
}

static void parse(struct message **m, const char *text, size_t len,
		  char cc, bool divider)
{
	if (divider)
		message_parse_commit(m, text, len, cc);
	else
		message_parse_no_divider(m, text, len, cc);
}

/*
 * The raw bytes of entry t, without trailing whitespace-only lines (the
 * placement writes those after the block), ending in a newline; empty
 * when the entry is only such lines.
 */
static void entry_text(struct buf *b, const struct message *m,
		       const struct trailer *t)
{
	size_t end = t->end, keep = t->start;

	for (size_t i = t->start; i < end; i++)
		if (!git_isspace((unsigned char)m->text[i]))
			keep = i + 1;
	if (keep == t->start) {
		buf_reset(b);
		return;
	}
	while (keep < end && m->text[keep] != '\n')
		keep++;
	if (keep < end)
		keep++;
	buf_reset(b);
	buf_add(b, m->text + t->start, keep - t->start);
	if (b->len && b->ptr[b->len - 1] != '\n')
		buf_addch(b, '\n');
}

static bool is_human(const struct trailer *t, const char *key,
		     const struct ident *h)
{
	struct ident id;
	bool same;

	if (!h || !trailer_is(t, key))
		return false;
	ident_parse(&id, t->value);
	same = ident_same(&id, h);
	ident_release(&id);
	return same;
}

/*
 * Find entry text of the input in the output from *from (advance: in
 * order) or anywhere. The text, not the output's block: a drop can make
 * git's 25% rule no longer see a block, and the lines are still there.
 */
static bool find_entry(const struct buf *out, size_t *from,
		       const struct buf *want, bool advance)
{
	size_t at = advance ? *from : 0;
	const char *hit;

	if (at > out->len)
		return false;
	hit = memmem(out->ptr + at, out->len - at, want->ptr, want->len);
	if (!hit)
		return false;
	if (advance)
		*from = (size_t)(hit - out->ptr) + want->len;
	return true;
}

static bool dropped(const struct message *m, size_t i,
		    const struct place_request *req)
{
	return req->drop && req->drop(m, i, req->drop_data);
}

/*
 * Where the human's own block starts: after the last sign-off, not
 * dropped, of somebody other than the human (any sign-off without one).
 */
static size_t own_start(const struct message *m,
			const struct place_request *req)
{
	size_t own = 0;

	for (size_t i = 0; i < m->nr_trailers; i++)
		if (trailer_is(&m->trailers[i], "Signed-off-by") &&
		    !dropped(m, i, req) &&
		    !is_human(&m->trailers[i], "Signed-off-by", req->human))
			own = i + 1;
	return own;
}

/*
 * Every entry is found in the output; the ones not moved in order.
 * Returns the output offset after the last entry of other people.
 */
static size_t check_kept(const struct message *in, const struct buf *out,
			 const struct place_request *req)
{
	struct buf want = BUF_INIT;
	size_t from = in->trailer_start, others_end = in->trailer_start;
	size_t own = own_start(in, req);
	unsigned codev_seen = 0;

	for (size_t i = 0; i < in->nr_trailers; i++) {
		const struct trailer *t = &in->trailers[i];
		bool moved;

		if (dropped(in, i, req))
			continue;
		if (i < own && req->rewrite &&
		    trailer_is(t, "Generated-by")) {
			/* rewritten where it stands */
			buf_reset(&want);
			buf_adds(&want, REWRITTEN "\n");
			FUZZ_CHECK(find_entry(out, &from, &want, true));
			others_end = from;
			continue;
		}
		if (i < own) {
			/* another person's: kept where it is, in order */
			entry_text(&want, in, t);
			if (want.len)
				FUZZ_CHECK(find_entry(out, &from, &want, true));
			others_end = from;
			continue;
		}
		if (place_replaces(t, req->assisted, req->form))
			continue;
		moved = is_human(t, "Signed-off-by", req->human) ||
			is_human(t, "Co-developed-by", req->human);
		entry_text(&want, in, t);
		if (!want.len)
			continue;
		if (moved && trailer_is(t, "Signed-off-by"))
			continue;	/* a duplicate is dropped: checked below */
		/* so is a second Co-developed-by pair of the human: one
		 * pair moves to the end */
		if (moved && codev_seen++)
			continue;
		FUZZ_CHECK(find_entry(out, &from, &want, !moved));
	}
	buf_release(&want);
	return others_end;
}

/* Is tool one of the tools of a? */
static bool has_tool(const struct assisted *a, const char *tool)
{
	for (char **t = a->tools; *t; t++)
		if (str_ieq(*t, tool))
			return true;
	return false;
}

/* The tools of Assisted-by value v, read in either form, are all in a. */
static void check_tools_kept(const struct assisted *a, const char *v,
			     enum policy_form form)
{
	struct assisted *old;

	if (assisted_parse(&old, v, form) < 0 &&
	    assisted_parse(&old, v, form == FORM_LLM ? FORM_AGENT_MODEL
						     : FORM_LLM) < 0) {
		error_clear();
		return;
	}
	for (char **t = old->tools; *t; t++)
		FUZZ_CHECK(has_tool(a, *t));
	assisted_free(old);
}

/*
 * The new lines sit after other people's entries (others_end, an output
 * offset); the new Assisted-by (the block's last) names the request's
 * tools and every tool of the human's lines it replaced.
 */
static void check_new_lines(const struct message *in, const struct message *out,
			    const struct place_request *req, size_t others_end)
{
	const struct trailer *last_ab = NULL;
	struct assisted *got;
	size_t own = own_start(in, req);

	if (!req->assisted || !message_has_block(out))
		return;
	for (size_t i = 0; i < out->nr_trailers; i++)
		if (trailer_is(&out->trailers[i], "Assisted-by"))
			last_ab = &out->trailers[i];
	FUZZ_CHECK(last_ab);
	FUZZ_CHECK(last_ab->start >= others_end);
	FUZZ_CHECK(assisted_parse(&got, last_ab->value, req->form) == 0);
	for (char **t = req->assisted->tools; *t; t++)
		FUZZ_CHECK(has_tool(got, *t));
	for (size_t i = own; i < in->nr_trailers; i++)
		if (!dropped(in, i, req) &&
		    place_replaces(&in->trailers[i], req->assisted, req->form))
			check_tools_kept(got, in->trailers[i].value, req->form);
	assisted_free(got);
}

/* The "---" divider and what follows it end the output, unchanged, and
 * are still the divider there. */
static void check_divider_kept(const struct message *in, const struct buf *out,
			       const struct message *m2)
{
	size_t tail = in->len - in->patch_start;

	if (in->patch_start == in->len)
		return;
	FUZZ_CHECK(out->len >= tail &&
		   !memcmp(out->ptr + out->len - tail,
			   in->text + in->patch_start, tail));
	FUZZ_CHECK(m2->patch_start == out->len - tail);
	FUZZ_CHECK(m2->trailer_end <= m2->patch_start);
}

static bool all_dropped(const struct message *m,
			const struct place_request *req)
{
	for (size_t i = 0; i < m->nr_trailers; i++)
		if (!req->drop || !req->drop(m, i, req->drop_data))
			return false;
	return true;
}

static void check_last_sob(const struct message *out,
			   const struct place_request *req)
{
	const struct trailer *last;

	if (!req->human)
		return;
	FUZZ_CHECK(out->nr_trailers > 0);
	last = &out->trailers[out->nr_trailers - 1];
	FUZZ_CHECK(is_human(last, "Signed-off-by", req->human));
}

/* FUZZ_PLACE_DUMP=FILE: write the first output there (to study a crash). */
static void dump(const struct buf *out)
{
	const char *path = getenv("FUZZ_PLACE_DUMP");
	FILE *f = path ? fopen(path, "wb") : NULL;

	if (!f)
		return;
	fwrite(out->ptr, 1, out->len, f);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char ccs[] = { '#', '\001' };
	struct place_request req = { 0 };
	struct buf out = BUF_INIT, again = BUF_INIT;
	struct message *m, *m2;
	struct assisted *a = NULL;
	struct ident human;
	const struct human_case *hc;
	const char *text;
	size_t len, others_end;
	bool divider;
	char cc;
	uint8_t f;

	if (size < 2)
		return 0;
	f = data[0];
	text = (const char *)data + 2;
	len = size - 2;
	req.form = f & 1 ? FORM_LLM : FORM_AGENT_MODEL;
	divider = !(data[1] & 4);
	if (divider && ends_in_open_divider(text, len))
		return 0;
	if (!(f & 2))
		FUZZ_CHECK(assisted_parse(&a, values[(f >> 2) & 3][req.form ==
					  FORM_LLM], req.form) == 0);
	req.assisted = a;
	hc = &humans[(f >> 4) & 3];
	human.name = (char *)hc->name;
	human.email = (char *)hc->email;
	if (!(data[1] & 1))
		req.human = &human;
	if (data[1] & 2)
		req.drop = drop_coauthor;
	if (data[1] & 16) {
		req.rewrite = rewrite_generated;
		req.drop_data = &req;
	}
	cc = ccs[(data[1] >> 3) & 1];

	parse(&m, text, len, cc, divider);
	if (place_trailers(&out, m, &req) < 0) {
		message_free(m);
		assisted_free(a);
		return 0;
	}
	/* the text before the block is kept, and so is what follows it */
	FUZZ_CHECK(out.len >= m->trailer_start &&
		   !memcmp(out.ptr, m->text, m->trailer_start));
	FUZZ_CHECK(out.len >= m->len - m->trailer_end &&
		   !memcmp(out.ptr + out.len - (m->len - m->trailer_end),
			   m->text + m->trailer_end, m->len - m->trailer_end));

	dump(&out);
	parse(&m2, out.ptr, out.len, cc, divider);
	if (tail_no_longer_skipped(m, m2))
		goto out;
	check_divider_kept(m, &out, m2);
	check_last_sob(m2, &req);
	others_end = check_kept(m, &out, &req);
	check_new_lines(m, m2, &req, others_end);
	/*
	 * Without a disclosure or a human, a drop can make git see another
	 * paragraph as the block: dropping every entry makes the paragraph
	 * above it the last one, and dropping all but a "Conflicts:" line
	 * leaves what git skips as an old conflicts list. A second run may
	 * drop there too (fix converges, one paragraph per run). Every
	 * command that writes trailers adds one, so idempotence is checked
	 * then.
	 */
	if (!req.assisted && !req.human &&
	    ((message_has_block(m) && all_dropped(m, &req)) ||
	     m2->trailer_start != m->trailer_start))
		goto out;
	/*
	 * A drop alone can leave nothing but what git skips (comments, an
	 * old "Conflicts:" line): the next run refuses that message as
	 * empty, as git commit would, and that is the answer wanted.
	 */
	if (place_trailers(&again, m2, &req) < 0 && !req.assisted &&
	    !req.human && strstr(error_last(), "the message is empty"))
		goto out;
	FUZZ_CHECK(again.len);
	if (again.len != out.len || memcmp(again.ptr, out.ptr, out.len)) {
		fputs("--- first\n", stderr);
		fwrite(out.ptr, 1, out.len, stderr);
		fputs("--- second\n", stderr);
		fwrite(again.ptr, 1, again.len, stderr);
		fputs("---\n", stderr);
		FUZZ_CHECK(!"placing again changed the message");
	}
out:
	message_free(m);
	message_free(m2);
	assisted_free(a);
	buf_release(&out);
	buf_release(&again);
	return 0;
}
