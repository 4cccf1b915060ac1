// SPDX-License-Identifier: GPL-2.0
/* The boot's initramfs: a newc cpio archive, written without root. */
#include "initramfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "boot_util.h"
#include "util.h"

int initramfs_check_busybox(const char *busybox)
{
	char head[64] = { 0 };
	struct buf out = BUF_INIT;
	int fd = open(busybox, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, head, sizeof(head)) : -1;
	int st;

	if (fd >= 0)
		close(fd);
	if (n < 4 || memcmp(head, "\177ELF", 4))
		return error_set("%s is not an ELF program: install "
				 "'apt-get install busybox-static'", busybox);
	st = boot_cmd(&out, NULL, NULL, (const char *const[]){ "ldd", busybox,
		      NULL }, NULL, 10000);
	if (st == 0 && strstr(buf_cstr(&out), "libc.so")) {
		buf_release(&out);
		return error_set("%s is dynamically linked: install "
				 "'apt-get install busybox-static'", busybox);
	}
	buf_release(&out);
	return 0;
}

struct cpio {
	int fd;
	unsigned ino;
	int err;
};

static void cpio_write(struct cpio *a, const void *data, size_t len)
{
	const char *p = data;

	while (len && !a->err) {
		ssize_t n = write(a->fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			a->err = errno ? errno : EIO;
			return;
		}
		p += n;
		len -= (size_t)n;
	}
}

static void cpio_pad(struct cpio *a, size_t len)
{
	static const char zeros[4];

	if (len % 4)
		cpio_write(a, zeros, 4 - len % 4);
}

/* One entry: header, name, data, each padded to four bytes. */
static void cpio_entry(struct cpio *a, const char *name, unsigned mode,
		       unsigned rmajor, unsigned rminor, const void *data,
		       size_t len)
{
	char hdr[128];
	size_t nlen = strlen(name) + 1;

	/* newc sizes are 32 bits: a larger file cannot be stored. */
	if (len > 0xffffffffu && !a->err)
		a->err = EFBIG;
	snprintf(hdr, sizeof(hdr),
		 "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 ++a->ino, mode, 0u, 0u, (mode & 0170000) == 0040000 ? 2u : 1u,
		 0u, (unsigned)len, 0u, 0u, rmajor, rminor, (unsigned)nlen,
		 0u);
	cpio_write(a, hdr, 110);
	cpio_write(a, name, nlen);
	cpio_pad(a, 110 + nlen);
	cpio_write(a, data, len);
	cpio_pad(a, len);
}

int initramfs_write(const char *path, const char *busybox, const char *init,
		    size_t init_len)
{
	static const char *const dirs[] = { "bin", "dev", "proc", "sys",
					    "sbin", "etc", "tmp", NULL };
	struct buf bb = BUF_INIT, tmp = BUF_INIT;
	struct cpio a = { -1, 0, 0 };
	int ret = busybox ? read_file(&bb, busybox) : 0;

	if (ret < 0)
		return error_set("cannot read %s: install busybox-static",
				 busybox);
	buf_addf(&tmp, "%s.tmp", path);
	a.fd = open(tmp.ptr, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (a.fd < 0) {
		ret = error_set("cannot write %s: %s", tmp.ptr,
				strerror(errno));
		goto out;
	}
	cpio_entry(&a, ".", 0040755, 0, 0, NULL, 0);
	for (const char *const *d = dirs; *d; d++)
		cpio_entry(&a, *d, 0040755, 0, 0, NULL, 0);
	/* The kernel opens /dev/console for init before anything mounts. */
	cpio_entry(&a, "dev/console", 0020600, 5, 1, NULL, 0);
	cpio_entry(&a, "dev/null", 0020666, 1, 3, NULL, 0);
	if (busybox) {
		cpio_entry(&a, "bin/busybox", 0100755, 0, 0, bb.ptr, bb.len);
		cpio_entry(&a, "bin/sh", 0120777, 0, 0, "busybox", 7);
	}
	cpio_entry(&a, "init", 0100755, 0, 0, init, init_len);
	cpio_entry(&a, "TRAILER!!!", 0, 0, 0, NULL, 0);
	if (close(a.fd) < 0 && !a.err)
		a.err = errno;
	if (a.err) {
		ret = error_set("cannot write %s: %s", tmp.ptr,
				strerror(a.err));
		unlink(tmp.ptr);
		goto out;
	}
	if (rename(tmp.ptr, path) < 0)
		ret = error_set("cannot rename %s: %s", tmp.ptr,
				strerror(errno));
out:
	buf_release(&bb);
	buf_release(&tmp);
	return ret;
}
