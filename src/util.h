/* Allocation, growable buffers and git's ctype: used by every module. */
#ifndef DISCLOSE_UTIL_H
#define DISCLOSE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Every room reports errors and reads files: util.h brings both along. */
#include "error.h"
#include "file.h"

/*
 * Allocation never returns NULL: on failure the fatal hook runs (the UI
 * uses it to restore the terminal), a message is printed and the program
 * exits with status 2.
 */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* A copy of s[0, n) without git's whitespace at either end. */
char *xstrndup_trim(const char *s, size_t n);
/*
 * Where the last lines lines of text s (len bytes) start; the newlines at
 * its very end do not count as lines. *n gets the length of those lines
 * without them.
 */
const char *text_tail(const char *s, size_t len, size_t lines, size_t *n);
void util_set_fatal_hook(void (*hook)(void));
void die_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2),
						      noreturn));

/* A growable byte string, always NUL-terminated once anything is added. */
struct buf {
	char *ptr;
	size_t len;
	size_t cap;
};
#define BUF_INIT { NULL, 0, 0 }

void buf_grow(struct buf *b, size_t extra);
void buf_add(struct buf *b, const void *data, size_t len);
void buf_adds(struct buf *b, const char *s);
void buf_addch(struct buf *b, int c);
void buf_addf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_vaddf(struct buf *b, const char *fmt, va_list ap);
void buf_reset(struct buf *b);
void buf_release(struct buf *b);
/* Hand the string to the caller (never NULL); the buffer is empty after. */
char *buf_detach(struct buf *b, size_t *len);
/* The contents as a C string ("" when nothing was added). */
const char *buf_cstr(const struct buf *b);

/* git's own ctype (ASCII only, locale-independent): space is \t \n \r ' '. */
bool git_isspace(int c);
/* The value of hexadecimal digit c (either case), or -1. */
int hex_digit(int c);
bool git_isalnum(int c);
bool git_isdigit(int c);

/* Replace *field with a copy of v (the old one freed); NULL v keeps it. */
void str_set(char **field, const char *v);

/* Case-insensitive ASCII comparisons. */
bool str_ieq(const char *a, const char *b);
bool mem_ieq(const char *a, size_t alen, const char *b, size_t blen);
bool str_istarts(const char *s, const char *prefix);

#endif
