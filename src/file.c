#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "util.h"

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

/*
 * Write data to fd, the temporary file tmp, and put it in path's place:
 * on any failure tmp is removed and path left as it was.
 */
static int finish_tmp(int fd, const char *tmp, const char *path,
		      const void *data, size_t len)
{
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		int err = errno;

		error_set("cannot write '%s': %s: the file is as it was (its new copy %s is removed); %s, then run again",
			  path, strerror(err), tmp,
			  err == ENOSPC || err == EDQUOT ? "free some space"
							 : "correct that");
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		error_set("cannot replace '%s': %s", path, strerror(errno));
		unlink(tmp);
		return -1;
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
	rc = finish_tmp(fd, tmp.ptr, path, data, len);
out:
	buf_release(&tmp);
	return rc;
}

char *path_join(const char *a, const char *b)
{
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/%s", a, b);
	return buf_detach(&p, NULL);
}

int mkdir_p(const char *path, int mode)
{
	char *p = xstrdup(path);
	int ret = 0;

	for (char *s = p + 1; ; s++) {
		if (*s && *s != '/')
			continue;
		char c = *s;

		*s = '\0';
		if (mkdir(p, (mode_t)mode) < 0 && errno != EEXIST) {
			ret = error_set("cannot create '%s': %s", p,
					strerror(errno));
			break;
		}
		*s = c;
		if (!c)
			break;
	}
	free(p);
	return ret;
}

/* The regular file path names, through any symbolic links, into *real. */
static int resolve_edit_target(char **real, struct stat *st, const char *path)
{
	struct stat lst;

	*real = realpath(path, NULL);
	if (!*real) {
		if (errno == ENOENT && !lstat(path, &lst) && S_ISLNK(lst.st_mode))
			return error_set("'%s' is a dangling symbolic link (what it names does not exist): give the file itself",
					 path);
		return error_set("cannot open '%s': %s", path, strerror(errno));
	}
	if (stat(*real, st) < 0)
		return error_set("cannot open '%s': %s", *real, strerror(errno));
	if (!S_ISREG(st->st_mode))
		return error_set("'%s' is not a regular file (it is %s): give a regular file to write to",
				 path, file_kind(st->st_mode));
	return 0;
}

static int pwrite_all(int fd, const char *p, size_t len, off_t at)
{
	while (len) {
		ssize_t n = pwrite(fd, p, len, at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
		at += n;
	}
	return 0;
}

/*
 * The part of data beyond the file's old size first, at its end: the
 * blocks a full disk cannot give are asked for before a byte of the old
 * text is overwritten, and on failure the file is cut back to its old
 * size, as it was.
 */
static int grow_first(int fd, const char *real, off_t old,
		      const void *data, size_t len)
{
	if ((off_t)len <= old ||
	    pwrite_all(fd, (const char *)data + old, len - (size_t)old,
		       old) == 0)
		return 0;
	int err = errno;

	if (ftruncate(fd, old) < 0)
		return error_set("cannot write '%s': %s (the file may now end in part of the new text: check it)",
				 real, strerror(err));
	return error_set("cannot write '%s': %s: the file is as it was; %s, then run again",
			 real, strerror(err),
			 err == ENOSPC || err == EDQUOT ? "free some space"
							: "correct that");
}

/* Overwrite the inode at real (every hard link sees it). */
static int rewrite_inode(const char *real, const struct stat *st,
			 const void *data, size_t len)
{
	struct stat now;
	int fd = open(real, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return error_set("cannot write '%s': %s: make it writable, or leave out --in-place and redirect the output",
				 real, strerror(errno));
	if (fstat(fd, &now) < 0 || now.st_ino != st->st_ino ||
	    now.st_dev != st->st_dev) {
		close(fd);
		return error_set("'%s' was replaced while git disclose read it: run again",
				 real);
	}
	if (grow_first(fd, real, now.st_size, data, len) < 0) {
		close(fd);
		return -1;
	}
	if (pwrite_all(fd, data, len < (size_t)now.st_size ? len :
			   (size_t)now.st_size, 0) < 0 ||
	    ftruncate(fd, (off_t)len) < 0 || fsync(fd) < 0) {
		error_set("cannot write '%s': %s (the file may now be incomplete: check it)",
			  real, strerror(errno));
		close(fd);
		return -1;
	}
	return close(fd) < 0 ? error_set("cannot write '%s': %s", real,
					 strerror(errno)) : 0;
}

/*
 * Replace real by a new file with st's mode and owner. Returns 1 (and
 * leaves real alone) when the owner cannot be kept or the directory is
 * not writable.
 */
static int replace_file(const char *real, const struct stat *st,
			const void *data, size_t len)
{
	struct buf tmp = BUF_INIT;
	int fd, rc = -1;

	buf_addf(&tmp, "%s.tmp.%ld", real, (long)getpid());
	fd = open(tmp.ptr, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0 && errno == EACCES) {
		rc = 1;		/* a directory of another's: as an editor */
		goto out;
	}
	if (fd < 0) {
		error_set("cannot create '%s': %s", tmp.ptr, strerror(errno));
		goto out;
	}
	if ((st->st_uid != geteuid() || st->st_gid != getegid()) &&
	    fchown(fd, st->st_uid, st->st_gid) < 0) {
		close(fd);
		unlink(tmp.ptr);
		rc = 1;
		goto out;
	}
	if (fchmod(fd, st->st_mode & 07777) < 0) {
		error_set("cannot write '%s': %s", tmp.ptr, strerror(errno));
		close(fd);
		unlink(tmp.ptr);
		goto out;
	}
	rc = finish_tmp(fd, tmp.ptr, real, data, len);
out:
	buf_release(&tmp);
	return rc;
}

int check_file_edit(const char *path)
{
	struct stat st;
	char *real;
	int rc = resolve_edit_target(&real, &st, path);

	free(real);
	return rc;
}

int write_file_edit(const char *path, const void *data, size_t len)
{
	struct stat st;
	char *real;
	int rc = resolve_edit_target(&real, &st, path);

	if (rc < 0)
		goto out;
	rc = st.st_nlink > 1 ? 1 : replace_file(real, &st, data, len);
	if (rc == 1)
		rc = rewrite_inode(real, &st, data, len);
out:
	free(real);
	return rc;
}
