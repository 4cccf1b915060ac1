#include "place.h"

#include <stdlib.h>
#include <string.h>

#define SOB_KEY "Signed-off-by"
#define CODEV_KEY "Co-developed-by"

char *signoff_line(const struct ident *human)
{
	struct buf b = BUF_INIT;
	char *who = ident_format(human);

	buf_addf(&b, SOB_KEY ": %s", who);
	free(who);
	return buf_detach(&b, NULL);
}

bool place_replaces(const struct trailer *t, const struct assisted *a,
		    enum policy_form form)
{
	struct assisted *old;
	bool same;

	if (!a || !trailer_is(t, ASSISTED_KEY))
		return false;
	/* a malformed disclosure is always replaced by the correct one */
	if (assisted_parse(&old, t->value, form) < 0) {
		enum policy_form other = form == FORM_LLM ? FORM_AGENT_MODEL
							  : FORM_LLM;

		if (assisted_parse(&old, t->value, other) < 0)
			return true;
		assisted_free(old);
		return true;
	}
	same = form == FORM_LLM || str_ieq(old->agent, a->agent);
	assisted_free(old);
	return same;
}

static bool is_human(const struct trailer *t, const char *key,
		     const struct ident *human)
{
	struct ident id;
	bool same;

	if (!human || !trailer_is(t, key))
		return false;
	ident_parse(&id, t->value);
	same = ident_same(&id, human);
	ident_release(&id);
	return same;
}

/* What happens to each entry of the block. */
enum fate { KEEP, DROP, MOVE_CODEV, MOVE_SOB };

static enum fate fate_of(const struct message *m, size_t i,
			 const struct place_request *req)
{
	const struct trailer *t = &m->trailers[i];

	if (req->drop && req->drop(m, i, req->drop_data))
		return DROP;
	if (place_replaces(t, req->assisted, req->form))
		return DROP;
	if (is_human(t, SOB_KEY, req->human))
		return MOVE_SOB;
	if (is_human(t, CODEV_KEY, req->human) && i + 1 < m->nr_trailers &&
	    is_human(&m->trailers[i + 1], SOB_KEY, req->human))
		return MOVE_CODEV;
	return KEEP;
}

/*
 * Where the block's trailing whitespace-only lines start (trailer_end when
 * there are none). git counts such lines ("\r" of a CRLF message, " ") as
 * continuation lines of the last trailer, but as a paragraph break once a
 * line follows them: they are written after the new lines, so that the
 * block stays one paragraph.
 */
static size_t block_content_end(const struct message *m)
{
	size_t off = m->trailer_start, end = m->trailer_start;

	while (off < m->trailer_end) {
		size_t eol = off;
		bool blank = true;

		while (eol < m->trailer_end && m->text[eol] != '\n') {
			if (!git_isspace((unsigned char)m->text[eol]))
				blank = false;
			eol++;
		}
		if (eol < m->trailer_end)
			eol++;
		if (!blank)
			end = eol;
		off = eol;
	}
	return end;
}

/* Entry t up to byte limit, ending with a newline. */
static void add_raw(struct buf *out, const struct message *m,
		    const struct trailer *t, size_t limit)
{
	size_t end = t->end < limit ? t->end : limit;

	if (t->start >= end)
		return;
	buf_add(out, m->text + t->start, end - t->start);
	if (m->text[end - 1] != '\n')
		buf_addch(out, '\n');
}

static bool ends_with_blank_line(const struct buf *b)
{
	size_t i;

	if (b->len == 0)
		return false;
	i = b->len - 1;		/* the final newline belongs to the last line */
	while (i > 0 && b->ptr[i - 1] != '\n')
		i--;
	for (; i < b->len; i++)
		if (!git_isspace((unsigned char)b->ptr[i]))
			return false;
	return true;
}

/* Anything but blank and comment lines before the block's end? */
static bool has_content(const struct message *m)
{
	bool bol = true, comment = false;

	for (size_t i = 0; i < m->trailer_end; i++) {
		char c = m->text[i];

		if (c == '\n') {
			bol = true;
			comment = false;
			continue;
		}
		if (bol && c == m->comment_char)
			comment = true;
		bol = false;
		if (!comment && !git_isspace((unsigned char)c))
			return true;
	}
	return false;
}

/* The new lines at the end of the block: Assisted-by, then the human's
 * Co-developed-by/Signed-off-by pair (moved or added). */
static void add_tail(struct buf *out, const struct message *m,
		     const struct place_request *req, const enum fate *fates,
		     size_t limit)
{
	const struct trailer *sob = NULL, *codev = NULL;

	for (size_t i = 0; i < m->nr_trailers; i++) {
		if (fates[i] == MOVE_SOB && !sob)
			sob = &m->trailers[i];
		if (fates[i] == MOVE_CODEV && !codev)
			codev = &m->trailers[i];
	}
	if (req->assisted) {
		char *v = assisted_format(req->assisted, req->form);

		buf_addf(out, ASSISTED_KEY ": %s\n", v);
		free(v);
	}
	if (codev)
		add_raw(out, m, codev, limit);
	if (sob) {
		add_raw(out, m, sob, limit);
	} else if (req->human) {
		char *line = signoff_line(req->human);

		buf_addf(out, "%s\n", line);
		free(line);
	}
}

/*
 * Does git still see the block that starts at out[head] as the trailer
 * block? Dropping trailers (fix) can bring a block with prose lines in it
 * below git's 25% rule; the lines written would then be body text, and
 * the next run would add the sign-off a second time.
 */
static bool block_holds(const struct buf *out, size_t base, size_t head,
			char cc)
{
	struct message *check;
	bool holds;

	message_parse_commit(&check, out->ptr + base, out->len - base, cc);
	holds = check->trailer_start == head - base &&
		check->trailer_end == out->len - base;
	message_free(check);
	return holds;
}

int place_trailers(struct buf *out, const struct message *m,
		   const struct place_request *req)
{
	enum fate *fates;
	size_t base = out->len, head, kept, limit;
	const char *nul;

	if (!has_content(m))
		return error_set("the message is empty: write a subject and a body first");
	nul = memchr(m->text, '\0', m->len);
	if (nul)
		return error_set("the message has a NUL byte on line %zu: git does not allow NUL bytes in commit messages; remove it first",
				 message_line_number(m, (size_t)(nul - m->text)));
	/* nothing to add and no block to edit: the message stays as it is
	 * (no blank separator line is added, so that re-running is a no-op) */
	if (!message_has_block(m) && !req->assisted && !req->human) {
		buf_add(out, m->text, m->len);
		return 0;
	}
	fates = xcalloc(m->nr_trailers + 1, sizeof(*fates));
	for (size_t i = 0; i < m->nr_trailers; i++)
		fates[i] = fate_of(m, i, req);
	buf_add(out, m->text, m->trailer_start);
	if (out->len && out->ptr[out->len - 1] != '\n')
		buf_addch(out, '\n');
	if (!message_has_block(m) && !ends_with_blank_line(out))
		buf_addch(out, '\n');
	limit = block_content_end(m);
	head = out->len;
	for (size_t i = 0; i < m->nr_trailers; i++)
		if (fates[i] == KEEP)
			add_raw(out, m, &m->trailers[i], limit);
	kept = out->len;
	add_tail(out, m, req, fates, limit);
	if (out->len > kept && !block_holds(out, base, head, m->comment_char)) {
		/* the new lines go into a paragraph of their own */
		out->len = kept;
		out->ptr[kept] = '\0';
		if (kept > head)
			buf_addch(out, '\n');
		add_tail(out, m, req, fates, limit);
	}
	buf_add(out, m->text + limit, m->len - limit);
	free(fates);
	return 0;
}
