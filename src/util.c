#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void (*fatal_hook)(void);

void util_set_fatal_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

void die_fatal(const char *fmt, ...)
{
	va_list ap;

	if (fatal_hook)
		fatal_hook();
	fputs("git-disclose: fatal: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *check_alloc(void *p, size_t n)
{
	if (!p && n)
		die_fatal("out of memory allocating %zu bytes", n);
	return p;
}

void *xmalloc(size_t n)
{
	return check_alloc(malloc(n ? n : 1), n);
}

void *xcalloc(size_t n, size_t size)
{
	if (size && n > (size_t)-1 / size)
		die_fatal("allocation of %zu x %zu bytes overflows", n, size);
	return check_alloc(calloc(n ? n : 1, size ? size : 1), n * size);
}

void *xrealloc(void *p, size_t n)
{
	return check_alloc(realloc(p, n ? n : 1), n);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrndup_trim(const char *s, size_t n)
{
	while (n && git_isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n && git_isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

const char *text_tail(const char *s, size_t len, size_t lines, size_t *n)
{
	const char *end = s + len, *p;

	while (end > s && end[-1] == '\n')
		end--;
	p = end;
	for (size_t i = 0; p > s && i < lines; i++) {
		p--;
		while (p > s && p[-1] != '\n')
			p--;
	}
	*n = (size_t)(end - p);
	return p;
}

void buf_grow(struct buf *b, size_t extra)
{
	size_t want;

	if (extra > (size_t)-1 - b->len - 1)
		die_fatal("string of %zu bytes is too long", b->len);
	want = b->len + extra + 1;
	if (want <= b->cap)
		return;
	if (want < b->cap * 2)
		want = b->cap * 2;
	if (want < 64)
		want = 64;
	b->ptr = xrealloc(b->ptr, want);
	b->cap = want;
}

void buf_add(struct buf *b, const void *data, size_t len)
{
	buf_grow(b, len);
	if (len)
		memcpy(b->ptr + b->len, data, len);
	b->len += len;
	b->ptr[b->len] = '\0';
}

void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_addch(struct buf *b, int c)
{
	char ch = (char)c;

	buf_add(b, &ch, 1);
}

void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		die_fatal("bad format string '%s'", fmt);
	buf_grow(b, (size_t)n);
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

void buf_release(struct buf *b)
{
	free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *p = b->ptr ? b->ptr : xstrdup("");

	if (len)
		*len = b->len;
	b->ptr = NULL;
	b->len = b->cap = 0;
	return p;
}

const char *buf_cstr(const struct buf *b)
{
	return b->ptr ? b->ptr : "";
}

int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool git_isspace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool git_isdigit(int c)
{
	return c >= '0' && c <= '9';
}

bool git_isalnum(int c)
{
	return git_isdigit(c) || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

static int ascii_lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

bool mem_ieq(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i;

	if (alen != blen)
		return false;
	for (i = 0; i < alen; i++)
		if (ascii_lower((unsigned char)a[i]) !=
		    ascii_lower((unsigned char)b[i]))
			return false;
	return true;
}

bool str_ieq(const char *a, const char *b)
{
	return mem_ieq(a, strlen(a), b, strlen(b));
}

bool str_istarts(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	return strlen(s) >= n && mem_ieq(s, n, prefix, n);
}

void str_set(char **field, const char *v)
{
	if (!v)
		return;
	free(*field);
	*field = xstrdup(v);
}
