#include "ident.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void ident_parse(struct ident *out, const char *value)
{
	const char *lt = strchr(value, '<');
	const char *gt = lt ? strchr(lt, '>') : NULL;

	if (!lt || !gt) {
		const char *at = strchr(value, '@');

		out->email = NULL;
		if (at && !strpbrk(value, " \t")) {
			out->name = xstrdup("");
			out->email = xstrndup_trim(value, strlen(value));
			return;
		}
		out->name = xstrndup_trim(value, strlen(value));
		return;
	}
	out->name = xstrndup_trim(value, (size_t)(lt - value));
	out->email = xstrndup_trim(lt + 1, (size_t)(gt - lt - 1));
}

void ident_release(struct ident *id)
{
	free(id->name);
	free(id->email);
	id->name = id->email = NULL;
}

char *ident_format(const struct ident *id)
{
	struct buf b = BUF_INIT;

	buf_adds(&b, id->name ? id->name : "");
	if (id->email)
		buf_addf(&b, "%s<%s>", b.len ? " " : "", id->email);
	return buf_detach(&b, NULL);
}

/*
 * The characters of a string lower-cased, runs of blanks as one space,
 * blanks at either end dropped (checkpatch's folding), one at a time:
 * comparing needs no copy (lint compares every pair of signatures).
 */
struct folder {
	const unsigned char *s;
	bool started;
};

static int fold_next(struct folder *f)
{
	bool blank = false;
	int c;

	while (*f->s && git_isspace(*f->s)) {
		f->s++;
		blank = true;
	}
	if (!*f->s)
		return 0;
	if (blank && f->started)
		return ' ';
	f->started = true;
	c = *f->s++;
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

bool str_fold_eq(const char *a, const char *b)
{
	struct folder fa = { (const unsigned char *)a, false };
	struct folder fb = { (const unsigned char *)b, false };
	int ca, cb;

	do {
		ca = fold_next(&fa);
		cb = fold_next(&fb);
		if (ca != cb)
			return false;
	} while (ca);
	return true;
}

bool ident_same(const struct ident *a, const struct ident *b)
{
	if (a->email && b->email && *a->email && *b->email)
		return str_ieq(a->email, b->email);
	if (a->email || b->email)
		return false;
	return *a->name && str_fold_eq(a->name, b->name);
}

/* What git drops at either end of a name or address (ident.c "crud"). */
static bool is_crud(unsigned char c)
{
	return c <= ' ' || strchr(".,:;<>\"\\'", c);
}

char *ident_strip_crud(const char *s)
{
	size_t len;
	struct buf b = BUF_INIT;

	while (*s && is_crud((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && is_crud((unsigned char)s[len - 1]))
		len--;
	/* the delimiters of an ident line cannot stand inside it */
	for (size_t i = 0; i < len; i++)
		if (s[i] != '\n' && s[i] != '<' && s[i] != '>')
			buf_addch(&b, s[i]);
	return buf_detach(&b, NULL);
}

bool ident_valid(const struct ident *id)
{
	return id->name && *id->name && id->email && strchr(id->email, '@') &&
	       !strpbrk(id->email, " \t<>");
}
