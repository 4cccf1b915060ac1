// SPDX-License-Identifier: GPL-2.0
/*
 * The initramfs writer: its bytes parsed back as newc cpio (names,
 * modes, sizes, device numbers, contents, padding, the trailer), and the
 * check that busybox is a static program.
 */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "initramfs.h"
#include "util.h"

/*
 * The archive initramfs_write() makes of a busybox with contents bb
 * (bb_len bytes) and init, read into a; nothing is left on disk.
 */
static void write_archive(struct buf *a, const char *bb_text, size_t bb_len,
			  const char *init, size_t init_len)
{
	char dir[] = "/tmp/test_initramfs.XXXXXX";
	struct buf path = BUF_INIT, bb = BUF_INIT;

	assert_non_null(mkdtemp(dir));
	buf_addf(&bb, "%s/busybox", dir);
	assert_int_equal(write_file_atomic(bb.ptr, bb_text, bb_len, 0755), 0);
	buf_addf(&path, "%s/initramfs.cpio", dir);
	assert_int_equal(initramfs_write(path.ptr, bb.ptr, init, init_len),
			 0);
	assert_int_equal(read_file(a, path.ptr), 0);
	unlink(path.ptr);
	unlink(bb.ptr);
	rmdir(dir);
	buf_release(&path);
	buf_release(&bb);
}

/* The archive's entries, read back from the newc headers. */
static void test_initramfs(void **state)
{
	struct buf a = BUF_INIT, names = BUF_INIT;
	const char *p;

	write_archive(&a, "\177ELFxyz", 7, "#!/x\n", 5);
	assert_int_equal(a.len % 4, 0);
	for (p = a.ptr; p < a.ptr + a.len; ) {
		unsigned long size, nlen;
		char field[9] = { 0 };

		assert_memory_equal(p, "070701", 6);
		memcpy(field, p + 6 + 6 * 8, 8);
		size = strtoul(field, NULL, 16);
		memcpy(field, p + 6 + 11 * 8, 8);
		nlen = strtoul(field, NULL, 16);
		buf_addf(&names, "%s ", p + 110);
		if (!strcmp(p + 110, "TRAILER!!!"))
			break;
		p += (110 + nlen + 3) & ~3UL;
		p += (size + 3) & ~3UL;
	}
	assert_string_equal(names.ptr, ". bin dev proc sys sbin etc tmp "
			    "dev/console dev/null bin/busybox bin/sh init "
			    "TRAILER!!! ");
	buf_release(&a);
	buf_release(&names);
}

/* One newc entry as read back. */
struct entry {
	unsigned long field[13];	/* ino mode uid gid nlink mtime size
					 * devmajor devminor rdevmajor
					 * rdevminor namesize check */
	const char *name;
	const char *data;
};

#define F_MODE 1
#define F_NLINK 4
#define F_SIZE 6
#define F_RMAJOR 9
#define F_RMINOR 10
#define F_NAMESIZE 11

/* Parse the entry at *p (asserting its framing) and move past it. */
static void next_entry(struct entry *e, const char **p, const char *end)
{
	const char *q = *p;
	size_t off;

	assert_true(end - q >= 110);
	assert_memory_equal(q, "070701", 6);
	for (int i = 0; i < 13; i++) {
		char field[9] = { 0 };
		char *stop;

		memcpy(field, q + 6 + i * 8, 8);
		e->field[i] = strtoul(field, &stop, 16);
		assert_true(*stop == '\0');
	}
	e->name = q + 110;
	assert_int_equal(strlen(e->name) + 1, e->field[F_NAMESIZE]);
	off = (110 + e->field[F_NAMESIZE] + 3) & ~3UL;
	/* The padding is zeros. */
	for (size_t i = 110 + e->field[F_NAMESIZE]; i < off; i++)
		assert_int_equal(q[i], 0);
	e->data = q + off;
	off += (e->field[F_SIZE] + 3) & ~3UL;
	assert_true((size_t)(end - q) >= off);
	*p = q + off;
}

struct want_entry {
	const char *name;
	unsigned long mode;
	unsigned long size;	/* ~0: busybox's size */
	unsigned long rmajor, rminor;
	const char *data;	/* NULL: not compared here */
};

static const struct want_entry want[] = {
	{ ".", 0040755, 0, 0, 0, NULL },
	{ "bin", 0040755, 0, 0, 0, NULL },
	{ "dev", 0040755, 0, 0, 0, NULL },
	{ "proc", 0040755, 0, 0, 0, NULL },
	{ "sys", 0040755, 0, 0, 0, NULL },
	{ "sbin", 0040755, 0, 0, 0, NULL },
	{ "etc", 0040755, 0, 0, 0, NULL },
	{ "tmp", 0040755, 0, 0, 0, NULL },
	{ "dev/console", 0020600, 0, 5, 1, NULL },
	{ "dev/null", 0020666, 0, 1, 3, NULL },
	{ "bin/busybox", 0100755, ~0UL, 0, 0, "\177ELF fake busybox" },
	{ "bin/sh", 0120777, 7, 0, 0, "busybox" },
	{ "init", 0100755, 23, 0, 0, "#!/bin/busybox sh\necho\n" },
	{ "TRAILER!!!", 0, 0, 0, 0, NULL },
};

static void test_entries(void **state)
{
	static const char bb_text[] = "\177ELF fake busybox";
	static const char init[] = "#!/bin/busybox sh\necho\n";
	struct buf a = BUF_INIT;
	const char *p, *end;
	unsigned long last_ino = 0;

	write_archive(&a, bb_text, strlen(bb_text), init, strlen(init));
	assert_int_equal(a.len % 4, 0);
	p = a.ptr;
	end = a.ptr + a.len;
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		const struct want_entry *w = &want[i];
		unsigned long size = w->size == ~0UL ? strlen(bb_text) :
				     w->size;
		struct entry e;

		next_entry(&e, &p, end);
		assert_string_equal(e.name, w->name);
		if (e.field[F_MODE] != w->mode)
			fail_msg("%s: mode %lo, want %lo", w->name,
				 e.field[F_MODE], w->mode);
		assert_int_equal(e.field[F_SIZE], size);
		assert_int_equal(e.field[F_RMAJOR], w->rmajor);
		assert_int_equal(e.field[F_RMINOR], w->rminor);
		assert_int_equal(e.field[F_NLINK],
				 (w->mode & 0170000) == 0040000 ? 2 : 1);
		if (w->data)
			assert_memory_equal(e.data, w->data, size);
		/* Distinct inode numbers, or the kernel links the files. */
		assert_true(e.field[0] > last_ino);
		last_ino = e.field[0];
	}
	/* Nothing after the trailer. */
	assert_ptr_equal(p, end);
	buf_release(&a);
}

/* No busybox, no archive: an error and no file left behind. */
static void test_missing_busybox(void **state)
{
	char dir[] = "/tmp/test_initramfs.XXXXXX";
	struct buf path = BUF_INIT, bb = BUF_INIT;

	assert_non_null(mkdtemp(dir));
	buf_addf(&bb, "%s/no-busybox", dir);
	buf_addf(&path, "%s/initramfs.cpio", dir);
	assert_int_equal(initramfs_write(path.ptr, bb.ptr, "x", 1), -1);
	assert_non_null(strstr(error_last(), "busybox-static"));
	error_clear();
	assert_int_not_equal(access(path.ptr, F_OK), 0);
	rmdir(dir);
	buf_release(&path);
	buf_release(&bb);
}

/* What is not a static ELF program is refused, each with its reason. */
static void test_check_busybox(void **state)
{
	char dir[] = "/tmp/test_initramfs.XXXXXX";
	struct buf text = BUF_INIT;

	assert_non_null(mkdtemp(dir));
	buf_addf(&text, "%s/busybox", dir);
	assert_int_equal(write_file_atomic(text.ptr, "#!/bin/sh\n", 10, 0755),
			 0);
	assert_int_equal(initramfs_check_busybox(text.ptr), -1);
	assert_non_null(strstr(error_last(), "not an ELF program"));
	error_clear();
	assert_int_equal(initramfs_check_busybox("/nonexistent/busybox"), -1);
	assert_non_null(strstr(error_last(), "not an ELF program"));
	error_clear();
	/* /bin/sh is an ELF program that needs libc. */
	assert_int_equal(initramfs_check_busybox("/bin/sh"), -1);
	assert_non_null(strstr(error_last(), "dynamically linked"));
	error_clear();
	unlink(text.ptr);
	rmdir(dir);
	buf_release(&text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_initramfs),
		cmocka_unit_test(test_entries),
		cmocka_unit_test(test_missing_busybox),
		cmocka_unit_test(test_check_busybox),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
