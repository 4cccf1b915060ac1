// SPDX-License-Identifier: GPL-2.0
/* gcc's warnings in build output, and the ones a series adds. */
#include "kwarn.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* One line of the output: [p, p + len). */
struct line {
	const char *p;
	size_t len;
};

static bool next_line(struct line *l, const char **pos, const char *end)
{
	const char *nl;

	if (*pos >= end)
		return false;
	l->p = *pos;
	nl = memchr(*pos, '\n', (size_t)(end - *pos));
	l->len = (size_t)((nl ? nl : end) - *pos);
	*pos = nl ? nl + 1 : end;
	return true;
}

static char *strip_src(const char *p, size_t len, const char *src)
{
	size_t n = src ? strlen(src) : 0;

	if (n && len > n + 1 && !memcmp(p, src, n) && p[n] == '/') {
		p += n + 1;
		len -= n + 1;
	}
	while (len > 3 && !memcmp(p, "../", 3)) {
		p += 3;
		len -= 3;
	}
	return xstrndup(p, len);
}

/*
 * "<file>:<line>:<col>: warning: <message>": the file's end and the
 * message's start, or false for any other line.
 */
static bool warning_line(const struct line *l, size_t *file_len, int *lineno,
			 const char **msg)
{
	static const char mark[] = ": warning: ";
	const char *hit = memmem(l->p, l->len, mark, sizeof(mark) - 1);
	const char *q, *colon;

	if (!hit)
		return false;
	/* back over ":<col>" and ":<line>" */
	q = hit;
	while (q > l->p && git_isdigit(q[-1]))
		q--;
	if (q == hit || q == l->p || q[-1] != ':')
		return false;
	colon = q - 1;
	q = colon;
	while (q > l->p && git_isdigit(q[-1]))
		q--;
	if (q == colon || q == l->p || q[-1] != ':') {
		/* "<file>:<line>: warning:" without a column */
		*lineno = atoi(colon + 1);
		*file_len = (size_t)(colon - l->p);
	} else {
		*lineno = atoi(q);
		*file_len = (size_t)(q - 1 - l->p);
	}
	*msg = hit + sizeof(mark) - 1;
	return *file_len > 0;
}

/* "<file>: In function 'f':": the context, or NULL. */
static char *function_line(const struct line *l)
{
	static const char mark[] = ": In function ";
	const char *hit = memmem(l->p, l->len, mark, sizeof(mark) - 1);
	const char *s, *e = l->p + l->len;

	if (!hit)
		return NULL;
	s = hit + sizeof(mark) - 1;
	if (e > s && e[-1] == ':')
		e--;
	return xstrndup(s, (size_t)(e - s));
}

/* Only blanks, carets, tildes and '|': gcc's marker under a line. */
static bool caret_line(const struct line *l)
{
	bool caret = false;

	for (size_t i = 0; i < l->len; i++) {
		char c = l->p[i];

		if (c == '^')
			caret = true;
		else if (c != ' ' && c != '~' && c != '|' && c != '\t' &&
			 c != '+')
			return false;
	}
	return caret;
}

/*
 * The source line gcc quotes after a warning: "  12 |   int x;" (gcc 9
 * and later), or the bare line when a caret line follows it.
 */
static char *quoted_text(const char *pos, const char *end)
{
	struct line l, m;
	const char *p;

	if (!next_line(&l, &pos, end))
		return xstrdup("");
	p = l.p;
	while (p < l.p + l.len && *p == ' ')
		p++;
	while (p < l.p + l.len && git_isdigit(*p))
		p++;
	if (p > l.p && p + 1 < l.p + l.len && p[0] == ' ' && p[1] == '|' &&
	    git_isdigit(p[-1]))
		return xstrndup_trim(p + 2, (size_t)(l.p + l.len - p - 2));
	if (next_line(&m, &pos, end) && caret_line(&m))
		return xstrndup_trim(l.p, l.len);
	return xstrdup("");
}

void kwarn_push(struct kwarn **v, size_t *nr, const struct kwarn *w)
{
	struct kwarn *c;

	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	c = &(*v)[(*nr)++];
	c->file = xstrdup(w->file);
	c->line = w->line;
	c->function = w->function ? xstrdup(w->function) : NULL;
	c->message = xstrdup(w->message);
	c->text = xstrdup(w->text ? w->text : "");
}

void kwarn_parse(struct kwarn **v, size_t *nr, const char *log, size_t len,
		 const char *src)
{
	const char *pos = log, *end = log + len;
	char *function = NULL, *function_file = NULL;
	struct line l;

	while (next_line(&l, &pos, end)) {
		struct kwarn w = { 0 };
		size_t file_len;
		const char *msg;
		char *f = function_line(&l);

		if (f) {
			free(function);
			free(function_file);
			function = f;
			function_file = strip_src(l.p, (size_t)((const char *)
					memmem(l.p, l.len, ": In ", 5) - l.p),
					src);
			continue;
		}
		if (!warning_line(&l, &file_len, &w.line, &msg))
			continue;
		w.file = strip_src(l.p, file_len, src);
		/* the context holds for its own file only */
		if (function && !strcmp(function_file, w.file))
			w.function = function;
		w.message = xstrndup_trim(msg, (size_t)(l.p + l.len - msg));
		w.text = quoted_text(pos, end);
		kwarn_push(v, nr, &w);
		free(w.file);
		free(w.message);
		free(w.text);
	}
	free(function);
	free(function_file);
}

static bool str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static bool same(const struct kwarn *a, const struct kwarn *b)
{
	return !strcmp(a->file, b->file) && str_eq(a->function, b->function) &&
	       !strcmp(a->message, b->message) && !strcmp(a->text, b->text);
}

void kwarn_added(struct kwarn **out, size_t *nr_out,
		 const struct kwarn *base, size_t nr_base,
		 const struct kwarn *tip, size_t nr_tip)
{
	bool *used = xcalloc(nr_base + 1, sizeof(*used));

	for (size_t i = 0; i < nr_tip; i++) {
		size_t j;

		for (j = 0; j < nr_base; j++)
			if (!used[j] && same(&tip[i], &base[j]))
				break;
		if (j < nr_base)
			used[j] = true;
		else
			kwarn_push(out, nr_out, &tip[i]);
	}
	free(used);
}

void kwarn_free(struct kwarn *v, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(v[i].file);
		free(v[i].function);
		free(v[i].message);
		free(v[i].text);
	}
	free(v);
}
