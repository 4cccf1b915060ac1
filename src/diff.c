#include "diff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CONTEXT 3
/* Above this many cells of the LCS table, show a whole replacement. */
#define MAX_CELLS (4u << 20)

struct line {
	const char *p;
	size_t len;		/* without the newline */
	bool eol;
};

struct lines {
	struct line *v;
	size_t nr;
};

static void split(struct lines *l, const char *s, size_t len)
{
	size_t off = 0, cap = 0;

	l->v = NULL;
	l->nr = 0;
	while (off < len) {
		const char *nl = memchr(s + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (s + off)) : len - off;

		if (l->nr == cap) {
			cap = cap ? 2 * cap : 16;
			l->v = xrealloc(l->v, cap * sizeof(*l->v));
		}
		l->v[l->nr++] = (struct line){ s + off, n, nl != NULL };
		off += n + (nl != NULL);
	}
}

/* Only a text's last line can lack the newline: equal text is the line. */
static bool same(const struct lines *a, size_t i, const struct lines *b,
		 size_t j)
{
	return a->v[i].len == b->v[j].len &&
	       !memcmp(a->v[i].p, b->v[j].p, a->v[i].len);
}

static void push(struct diff_iter *it, enum diff_op op,
		 const struct line *l, const struct line *other)
{
	struct diff_edit *e = &it->edits[it->nr++];

	e->op = op;
	e->line = l->p;
	e->len = l->len;
	e->eol = l->eol;
	e->eol_changed = other && other->eol != l->eol;
}

/*
 * The lines of a and b from line i on (after their common head): an LCS
 * table of what follows each pair of lines, then one walk from the front.
 */
static void rest(struct diff_iter *it, const struct lines *a,
		 const struct lines *b, size_t i)
{
	size_t na = a->nr - i, nb = b->nr - i, w = nb + 1, x = 0, y = 0;
	uint32_t *t = NULL;

#define T(x, y) t[(x) * w + (y)]
	if (na + 1 <= MAX_CELLS / w) {
		t = xcalloc((na + 1) * w, sizeof(*t));
		for (x = na; x-- > 0;)
			for (y = nb; y-- > 0;)
				T(x, y) = same(a, i + x, b, i + y) ?
					T(x + 1, y + 1) + 1 :
					T(x + 1, y) > T(x, y + 1) ?
					T(x + 1, y) : T(x, y + 1);
		x = y = 0;
	}
	while (x < na || y < nb) {
		if (t && x < na && y < nb && same(a, i + x, b, i + y)) {
			push(it, DIFF_KEEP, &a->v[i + x++], &b->v[i + y++]);
		} else if (x < na && (!t || y == nb ||
				      T(x + 1, y) >= T(x, y + 1))) {
			push(it, DIFF_DEL, &a->v[i + x++], NULL);
		} else {
			push(it, DIFF_ADD, &b->v[i + y++], NULL);
		}
	}
#undef T
	free(t);
}

void diff_iter_init(struct diff_iter *it, const char *a, size_t alen,
		    const char *b, size_t blen)
{
	struct lines la, lb;
	size_t head = 0;

	split(&la, a, alen);
	split(&lb, b, blen);
	it->edits = xcalloc(la.nr + lb.nr + 1, sizeof(*it->edits));
	it->nr = 0;
	it->next = 0;
	/*
	 * The common head needs no table: the walk keeps equal lines as
	 * they meet, so this is the script the whole table gives (and a
	 * message, which may hold thousands of lines, changes at its end).
	 */
	for (; head < la.nr && head < lb.nr && same(&la, head, &lb, head);
	     head++)
		push(it, DIFF_KEEP, &la.v[head], &lb.v[head]);
	rest(it, &la, &lb, head);
	free(la.v);
	free(lb.v);
}

bool diff_iter_next(struct diff_iter *it, struct diff_edit *out)
{
	if (it->next == it->nr)
		return false;
	*out = it->edits[it->next++];
	return true;
}

void diff_iter_release(struct diff_iter *it)
{
	free(it->edits);
	memset(it, 0, sizeof(*it));
}

/* A kept line whose newline went or came is a change too. */
static bool changes(const struct diff_edit *e)
{
	return e->op != DIFF_KEEP || e->eol_changed;
}

static void add_line(struct buf *out, char op, const struct diff_edit *e,
		     bool eol)
{
	buf_addch(out, op);
	buf_add(out, e->line, e->len);
	buf_adds(out, eol ? "\n" : "\n\\ No newline at end of file\n");
}

static void add_edit(struct buf *out, const struct diff_edit *e)
{
	if (!e->eol_changed) {
		add_line(out, e->op, e, e->eol);
		return;
	}
	add_line(out, DIFF_DEL, e, e->eol);
	add_line(out, DIFF_ADD, e, !e->eol);
}

/* Print the hunk of edits [s, end) with its header. */
static void hunk(struct buf *out, const struct diff_edit *e, size_t s,
		 size_t end, size_t a_line, size_t b_line)
{
	size_t na = 0, nb = 0;

	for (size_t i = s; i < end; i++) {
		na += e[i].op != DIFF_ADD;
		nb += e[i].op != DIFF_DEL;
	}
	buf_addf(out, "@@ -%zu,%zu +%zu,%zu @@\n", na ? a_line : a_line - 1,
		 na, nb ? b_line : b_line - 1, nb);
	for (size_t i = s; i < end; i++)
		add_edit(out, &e[i]);
}

void diff_unified(struct buf *out, const char *a, size_t alen,
		  const char *b, size_t blen, const char *old_label,
		  const char *new_label)
{
	struct diff_iter it;
	const struct diff_edit *e;
	size_t n, i = 0, a_line = 1, b_line = 1;

	if (alen == blen && !memcmp(a, b, alen))
		return;
	diff_iter_init(&it, a, alen, b, blen);
	e = it.edits;
	n = it.nr;
	buf_addf(out, "--- %s\n+++ %s\n", old_label, new_label);
	while (i < n) {
		size_t s, end, gap, ha, hb;

		while (i < n && !changes(&e[i])) {
			i++;
			a_line++;
			b_line++;
		}
		if (i == n)
			break;
		s = i > CONTEXT ? i - CONTEXT : 0;
		/* count back to the hunk's first line numbers */
		ha = a_line - (i - s);
		hb = b_line - (i - s);
		/* extend while changes are closer than 2 * CONTEXT */
		end = i;
		for (;;) {
			while (end < n && changes(&e[end]))
				end++;
			gap = 0;
			while (end + gap < n && !changes(&e[end + gap]))
				gap++;
			if (end + gap < n && gap <= 2 * CONTEXT) {
				end += gap;
				continue;
			}
			end += gap < CONTEXT ? gap : CONTEXT;
			break;
		}
		hunk(out, e, s, end, ha, hb);
		for (; i < end; i++) {
			a_line += e[i].op != DIFF_ADD;
			b_line += e[i].op != DIFF_DEL;
		}
	}
	diff_iter_release(&it);
}
