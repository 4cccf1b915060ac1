#include "diff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CONTEXT 3
/* Above this many cells of the LCS table, show a whole replacement. */
#define MAX_CELLS (4u << 20)

struct lines {
	const char **p;
	size_t *n;		/* length with the newline, if any */
	size_t nr;
};

static void split(struct lines *l, const char *s, size_t len)
{
	size_t off = 0;

	l->p = NULL;
	l->n = NULL;
	l->nr = 0;
	while (off < len) {
		const char *nl = memchr(s + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (s + off)) + 1 : len - off;

		l->p = xrealloc(l->p, (l->nr + 1) * sizeof(*l->p));
		l->n = xrealloc(l->n, (l->nr + 1) * sizeof(*l->n));
		l->p[l->nr] = s + off;
		l->n[l->nr++] = n;
		off += n;
	}
}

static bool same(const struct lines *a, size_t i, const struct lines *b,
		 size_t j)
{
	return a->n[i] == b->n[j] && !memcmp(a->p[i], b->p[j], a->n[i]);
}

/* One edit script entry: ' ', '-' or '+', and the line. */
struct edit {
	char op;
	const char *p;
	size_t n;
};

static size_t script(struct edit **out, const struct lines *a,
		     const struct lines *b)
{
	size_t na = a->nr, nb = b->nr, i = 0, j = 0, k = 0;
	uint32_t *t = NULL;
	struct edit *e = xcalloc(na + nb + 1, sizeof(*e));

	if ((na + 1) * (nb + 1) <= MAX_CELLS) {
		t = xcalloc((na + 1) * (nb + 1), sizeof(*t));
		for (size_t x = na; x-- > 0;)
			for (size_t y = nb; y-- > 0;)
				t[x * (nb + 1) + y] = same(a, x, b, y) ?
					t[(x + 1) * (nb + 1) + y + 1] + 1 :
					t[(x + 1) * (nb + 1) + y] >
					t[x * (nb + 1) + y + 1] ?
					t[(x + 1) * (nb + 1) + y] :
					t[x * (nb + 1) + y + 1];
	}
	while (i < na || j < nb) {
		if (t && i < na && j < nb && same(a, i, b, j)) {
			e[k++] = (struct edit){ ' ', a->p[i], a->n[i] };
			i++;
			j++;
		} else if (i < na && (!t || j == nb ||
			   t[(i + 1) * (nb + 1) + j] >=
			   t[i * (nb + 1) + j + 1])) {
			e[k++] = (struct edit){ '-', a->p[i], a->n[i] };
			i++;
		} else {
			e[k++] = (struct edit){ '+', b->p[j], b->n[j] };
			j++;
		}
	}
	free(t);
	*out = e;
	return k;
}

static void add_line(struct buf *out, const struct edit *e)
{
	buf_addch(out, e->op);
	buf_add(out, e->p, e->n);
	if (!e->n || e->p[e->n - 1] != '\n')
		buf_adds(out, "\n\\ No newline at end of file\n");
}

/* Print the hunk of edits [s, end) with its header. */
static void hunk(struct buf *out, const struct edit *e, size_t s, size_t end,
		 size_t a_line, size_t b_line)
{
	size_t na = 0, nb = 0;

	for (size_t i = s; i < end; i++) {
		na += e[i].op != '+';
		nb += e[i].op != '-';
	}
	buf_addf(out, "@@ -%zu,%zu +%zu,%zu @@\n", na ? a_line : a_line - 1,
		 na, nb ? b_line : b_line - 1, nb);
	for (size_t i = s; i < end; i++)
		add_line(out, &e[i]);
}

void diff_unified(struct buf *out, const char *a, size_t alen,
		  const char *b, size_t blen, const char *old_label,
		  const char *new_label)
{
	struct lines la, lb;
	struct edit *e;
	size_t n, i = 0, a_line = 1, b_line = 1;

	if (alen == blen && !memcmp(a, b, alen))
		return;
	split(&la, a, alen);
	split(&lb, b, blen);
	n = script(&e, &la, &lb);
	buf_addf(out, "--- %s\n+++ %s\n", old_label, new_label);
	while (i < n) {
		size_t s, end, gap, ha, hb;

		while (i < n && e[i].op == ' ') {
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
			while (end < n && e[end].op != ' ')
				end++;
			gap = 0;
			while (end + gap < n && e[end + gap].op == ' ')
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
			a_line += e[i].op != '+';
			b_line += e[i].op != '-';
		}
	}
	free(e);
	free(la.p);
	free(la.n);
	free(lb.p);
	free(lb.n);
}
