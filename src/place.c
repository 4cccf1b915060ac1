#include "place.h"

#include <stdlib.h>
#include <string.h>


char *signoff_line(const struct ident *human)
{
	struct buf b = BUF_INIT;
	char *who = ident_format(human);

	buf_addf(&b, SOB_KEY ": %s", who);
	free(who);
	return buf_detach(&b, NULL);
}

/*
 * The tool-name form keeps the whole value as the agent ("Claude
 * claude-opus-4-5"): the same tool when the first words match.
 */
static bool same_first_word(const char *x, const char *y)
{
	size_t n = strcspn(x, " \t");

	return n && n == strcspn(y, " \t") && !strncasecmp(x, y, n);
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
	same = form == FORM_LLM || str_ieq(old->agent, a->agent) ||
	       (form == FORM_TOOL_NAME && same_first_word(old->agent,
							  a->agent));
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
enum fate { KEEP, DROP, REPLACE, MOVE_CODEV, MOVE_SOB, REWRITE };

/* A Signed-off-by of somebody other than the human? Without a human
 * (--no-signoff) no sign-off can be told to be his: all are others'. */
static bool others_signoff(const struct trailer *t, const struct ident *human)
{
	return trailer_is(t, SOB_KEY) && !is_human(t, SOB_KEY, human);
}

/*
 * The first entry of the human's own block: the one after the last
 * sign-off of somebody else (an entry the caller drops does not count),
 * 0 when there is none. The entries above it are other people's.
 */
static size_t own_block_start(const struct message *m, const enum fate *fates,
			      const struct place_request *req)
{
	size_t own = 0;

	for (size_t i = 0; i < m->nr_trailers; i++)
		if (fates[i] != DROP &&
		    others_signoff(&m->trailers[i], req->human))
			own = i + 1;
	return own;
}

/* The fate of entry i of the human's own block. */
static enum fate own_fate(const struct message *m, size_t i,
			  const struct place_request *req)
{
	const struct trailer *t = &m->trailers[i];

	if (place_replaces(t, req->assisted, req->form))
		return REPLACE;
	if (is_human(t, SOB_KEY, req->human))
		return MOVE_SOB;
	if (is_human(t, CODEV_KEY, req->human) && i + 1 < m->nr_trailers &&
	    is_human(&m->trailers[i + 1], SOB_KEY, req->human))
		return MOVE_CODEV;
	return KEEP;
}

/*
 * The caller's drops apply to the whole block (fix converts vendor
 * trailers and removes AI sign-offs wherever they are); the rule's own
 * changes only to the human's block: other people's lines are kept byte
 * for byte, in order, and the new lines go after them.
 */
static void set_drops(enum fate *fates, const struct message *m,
		      const struct place_request *req)
{
	for (size_t i = 0; i < m->nr_trailers; i++) {
		bool drop = req->drop && req->drop(m, i, req->drop_data);

		fates[i] = drop ? DROP : KEEP;
	}
}

size_t place_own_start(const struct message *m,
		       const struct place_request *req)
{
	enum fate *fates = xcalloc(m->nr_trailers + 1, sizeof(*fates));
	size_t own;

	set_drops(fates, m, req);
	own = own_block_start(m, fates, req);
	free(fates);
	return own;
}

/* An entry the caller rewrites stays where it is, as its new line. */
static void set_fates(enum fate *fates, char **lines, const struct message *m,
		      const struct place_request *req)
{
	size_t own;

	set_drops(fates, m, req);
	own = own_block_start(m, fates, req);
	for (size_t i = 0; i < m->nr_trailers; i++) {
		if (fates[i] != KEEP || !req->rewrite)
			continue;
		lines[i] = req->rewrite(m, i, req->drop_data);
		if (lines[i])
			fates[i] = REWRITE;
	}
	for (size_t i = own; i < m->nr_trailers; i++)
		if (fates[i] == KEEP)
			fates[i] = own_fate(m, i, req);
}

/* The tools of an Assisted-by value, read in either form; none when it
 * is malformed. */
static void add_tools_of(struct assisted *to, const char *value,
			 enum policy_form form)
{
	enum policy_form other = form == FORM_LLM ? FORM_AGENT_MODEL : FORM_LLM;
	struct assisted *old;

	if (assisted_parse(&old, value, form) < 0 &&
	    assisted_parse(&old, value, other) < 0) {
		error_clear();
		return;
	}
	for (char **t = old->tools; *t; t++)
		assisted_add_tool(to, *t);
	assisted_free(old);
}

/*
 * The new Assisted-by value: the request's, with the tools of the lines
 * it replaces first (in their order), so that re-running with fewer
 * tools never drops one silently; a caller that already merged them
 * (fix) asks for its list as it is.
 */
static char *new_assisted_value(const struct message *m,
				const struct place_request *req,
				const enum fate *fates)
{
	const struct assisted *a = req->assisted;
	struct assisted *merged;
	char *v;

	if (req->exact_tools)
		return assisted_format(a, req->form);
	merged = assisted_new(a->agent, a->model);
	for (size_t i = 0; i < m->nr_trailers; i++)
		if (fates[i] == REPLACE)
			add_tools_of(merged, m->trailers[i].value, req->form);
	for (char **t = a->tools; *t; t++)
		assisted_add_tool(merged, *t);
	v = assisted_format(merged, req->form);
	assisted_free(merged);
	return v;
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
		char *v = new_assisted_value(m, req, fates);

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
 * block (read as m was)? Dropping trailers (fix) can bring a block with
 * prose lines in it below git's 25% rule; the lines written would then be
 * body text, and the next run would add the sign-off a second time.
 */
static bool block_holds(const struct buf *out, size_t base, size_t head,
			const struct message *m)
{
	const char *s = out->ptr + base;
	size_t n = out->len - base;
	struct message *check;
	bool holds;

	if (m->no_divider)
		message_parse_no_divider(&check, s, n, m->comment_char);
	else
		message_parse_commit(&check, s, n, m->comment_char);
	holds = check->trailer_start == head - base &&
		check->trailer_end == out->len - base;
	message_free(check);
	return holds;
}

int place_trailers(struct buf *out, const struct message *m,
		   const struct place_request *req)
{
	enum fate *fates;
	char **lines;
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
	lines = xcalloc(m->nr_trailers + 1, sizeof(*lines));
	set_fates(fates, lines, m, req);
	buf_add(out, m->text, m->trailer_start);
	if (out->len && out->ptr[out->len - 1] != '\n')
		buf_addch(out, '\n');
	if (!message_has_block(m) && !ends_with_blank_line(out))
		buf_addch(out, '\n');
	limit = block_content_end(m);
	head = out->len;
	for (size_t i = 0; i < m->nr_trailers; i++) {
		if (fates[i] == KEEP)
			add_raw(out, m, &m->trailers[i], limit);
		else if (fates[i] == REWRITE)
			buf_addf(out, "%s\n", lines[i]);
	}
	kept = out->len;
	add_tail(out, m, req, fates, limit);
	if (out->len > kept && !block_holds(out, base, head, m)) {
		/* the new lines go into a paragraph of their own */
		out->len = kept;
		out->ptr[kept] = '\0';
		if (kept > head)
			buf_addch(out, '\n');
		add_tail(out, m, req, fates, limit);
	}
	buf_add(out, m->text + limit, m->len - limit);
	for (size_t i = 0; i < m->nr_trailers; i++)
		free(lines[i]);
	free(lines);
	free(fates);
	return 0;
}
