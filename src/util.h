/* Allocation, growable buffers, errors and git's ctype: used by every module. */
#ifndef DISCLOSE_UTIL_H
#define DISCLOSE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

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

/*
 * The last error of the core, one line saying what is wrong and what to
 * do. error_set() returns -1 so that "return error_set(...)" reads well.
 */
int error_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *error_last(void);
void error_clear(void);

/* git's own ctype (ASCII only, locale-independent): space is \t \n \r ' '. */
bool git_isspace(int c);
bool git_isalnum(int c);
bool git_isdigit(int c);

/* Case-insensitive ASCII comparisons. */
bool str_ieq(const char *a, const char *b);
bool mem_ieq(const char *a, size_t alen, const char *b, size_t blen);
bool str_istarts(const char *s, const char *prefix);

/* Read a whole file ("-" is standard input) into out. */
int read_file(struct buf *out, const char *path);
/*
 * Read a file git disclose keeps or is configured with: a regular file
 * only (a FIFO, a device or a directory is refused at once, never waited
 * on), of at most limit bytes; the errors name the file and the limit.
 * READ_NOFOLLOW refuses a symbolic link, READ_OWNED a file of another
 * user.
 */
#define READ_NOFOLLOW	1u
#define READ_OWNED	2u
#define CONFIG_FILE_LIMIT	((size_t)32 << 20)
int read_regular_file(struct buf *out, const char *path, size_t limit,
		      unsigned flags);
/*
 * A directory for git disclose's state (<gitdir>/disclose): 0 when it is
 * a real directory of the user's, 1 when it does not exist, -1 (with the
 * error) for a symbolic link, anything else, or another user's.
 */
int check_state_dir(const char *dir);
/*
 * Write data to path atomically: a temporary file in the same directory,
 * flushed, then renamed over the target; a symlink at the target is
 * replaced, never followed.
 */
int write_file_atomic(const char *path, const void *data, size_t len,
		      int mode);

#endif
