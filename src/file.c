#include "file.h"

#include <errno.h>
#include <fcntl.h>
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
