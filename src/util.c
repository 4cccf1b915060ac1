#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sanitize.h"

static void (*fatal_hook)(void);
static char last_error[1024];

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

/*
 * Errors quote what users and tools wrote (names, subjects, file
 * contents): they go through the terminal sanitizer, so that an error
 * line is one line and no escape sequence in it reaches the terminal.
 */
int error_set(const char *fmt, ...)
{
	char raw[sizeof(last_error)];
	struct buf safe = BUF_INIT;
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	sanitize(&safe, raw, strlen(raw), 0);
	n = safe.len;
	if (n >= sizeof(last_error)) {
		n = sizeof(last_error) - 1;
		/* do not cut a UTF-8 character in two */
		while (n && ((unsigned char)safe.ptr[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(last_error, buf_cstr(&safe), n);
	last_error[n] = '\0';
	buf_release(&safe);
	return -1;
}

const char *error_last(void)
{
	return last_error[0] ? last_error : "unknown error";
}

void error_clear(void)
{
	last_error[0] = '\0';
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

static int read_fd(struct buf *out, int fd)
{
	char chunk[65536];
	ssize_t n;

	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		buf_add(out, chunk, (size_t)n);
	}
}

int read_file(struct buf *out, const char *path)
{
	int fd, rc;

	if (!strcmp(path, "-")) {
		if (read_fd(out, 0) < 0)
			return error_set("cannot read standard input: %s: pipe the message in, or give a file",
					 strerror(errno));
		buf_add(out, "", 0);
		return 0;
	}
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return error_set("cannot open '%s': %s: give a file that exists and that you can read",
				 path, strerror(errno));
	rc = read_fd(out, fd);
	if (rc < 0)
		error_set("cannot read '%s': %s: give a regular file that you can read",
			  path, strerror(errno));
	close(fd);
	buf_add(out, "", 0);
	return rc;
}

static const char *file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/* The checks of read_regular_file() on the open file. */
static int check_open_file(int fd, const char *path, size_t limit,
			   unsigned flags)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return error_set("cannot read '%s': %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return error_set("'%s' is not a regular file (it is %s): replace it with a regular file, or remove it",
				 path, file_kind(st.st_mode));
	if ((flags & READ_OWNED) && st.st_uid != geteuid())
		return error_set("'%s' belongs to another user (uid %lu): remove it, then run again",
				 path, (unsigned long)st.st_uid);
	if ((uintmax_t)st.st_size > limit)
		return error_set("'%s' is larger than %zu MiB, the limit for it: remove it, or make it smaller",
				 path, limit >> 20);
	/* the rest of the file reads as a regular file's: blocking */
	if (fcntl(fd, F_SETFL, 0) < 0)
		return error_set("cannot read '%s': %s", path, strerror(errno));
	return 0;
}

int read_regular_file(struct buf *out, const char *path, size_t limit,
		      unsigned flags)
{
	int oflags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	char chunk[65536];
	size_t start = out->len;
	int fd, rc = -1;

	if (flags & READ_NOFOLLOW)
		oflags |= O_NOFOLLOW;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer */
	fd = open(path, oflags);
	if (fd < 0 && errno == ELOOP && (flags & READ_NOFOLLOW))
		return error_set("'%s' is a symbolic link: git disclose does not follow links there; remove it, then run again",
				 path);
	if (fd < 0)
		return error_set("cannot open '%s': %s: give a file that exists and that you can read",
				 path, strerror(errno));
	if (check_open_file(fd, path, limit, flags) < 0)
		goto out;
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			error_set("cannot read '%s': %s", path, strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		/* it grew while we read it */
		if (out->len - start + (size_t)n > limit) {
			error_set("'%s' is larger than %zu MiB, the limit for it: remove it, or make it smaller",
				  path, limit >> 20);
			goto out;
		}
		buf_add(out, chunk, (size_t)n);
	}
	buf_add(out, "", 0);
	rc = 0;
out:
	close(fd);
	return rc;
}

int check_state_dir(const char *dir)
{
	struct stat st;

	if (lstat(dir, &st) < 0)
		return errno == ENOENT ? 1
				       : error_set("cannot use '%s': %s", dir,
						   strerror(errno));
	if (S_ISLNK(st.st_mode))
		return error_set("'%s' is a symbolic link: git disclose keeps its state only in a directory of its own in the git directory; remove the link, then run again",
				 dir);
	if (!S_ISDIR(st.st_mode))
		return error_set("'%s' is not a directory (it is %s): remove it, then run again",
				 dir, file_kind(st.st_mode));
	if (st.st_uid != geteuid())
		return error_set("'%s' belongs to another user (uid %lu): git disclose keeps its state only in a directory of yours; remove it, then run again",
				 dir, (unsigned long)st.st_uid);
	return 0;
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int write_file_atomic(const char *path, const void *data, size_t len,
		      int mode)
{
	struct buf tmp = BUF_INIT;
	int fd, rc = -1;

	buf_addf(&tmp, "%s.tmp.%ld", path, (long)getpid());
	fd = open(tmp.ptr, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
	if (fd < 0) {
		error_set("cannot create '%s': %s", tmp.ptr, strerror(errno));
		goto out;
	}
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		error_set("cannot write '%s': %s", tmp.ptr, strerror(errno));
		close(fd);
		unlink(tmp.ptr);
		goto out;
	}
	if (close(fd) < 0 || rename(tmp.ptr, path) < 0) {
		error_set("cannot replace '%s': %s", path, strerror(errno));
		unlink(tmp.ptr);
		goto out;
	}
	rc = 0;
out:
	buf_release(&tmp);
	return rc;
}
