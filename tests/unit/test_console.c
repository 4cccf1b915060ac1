// SPDX-License-Identifier: GPL-2.0
/*
 * The console classifier on the fixture logs of fixtures/console/ (real
 * boots of the tinyconfig kernel, edited for the failure cases), the
 * Makefile symbol finder, the initramfs writer and the saved verdict.
 */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot.h"
#include "console.h"
#include "util.h"

#define NONCE "0123456789abcdef"
#define RELEASE "6.1.192+"

struct console_case {
	const char *file;
	bool ended;
	enum console_result result;
	const char *detail;	/* a part of the deciding line, or NULL */
	size_t nr_suites;
};

static const struct console_case cases[] = {
	{ "pass.log", true, CONSOLE_PASS, "nonce=" NONCE, 0 },
	{ "panic.log", true, CONSOLE_PANIC, "deliberate panic", 0 },
	{ "oops.log", true, CONSOLE_OOPS, "Oops: 0002", 0 },
	{ "warning.log", true, CONSOLE_WARNING, "at init/main.c:1490", 0 },
	{ "hang.log", false, CONSOLE_HANG, NULL, 0 },
	{ "pass.log", false, CONSOLE_HANG, NULL, 0 },
	{ "no-marker.log", true, CONSOLE_NO_MARKER, NULL, 0 },
	{ "wrong-release.log", true, CONSOLE_WRONG_RELEASE, NULL, 0 },
	{ "wrong-nonce.log", true, CONSOLE_WRONG_NONCE, "fedcba9876543210", 0 },
	{ "ktap-pass.log", true, CONSOLE_PASS, NULL, 2 },
	{ "ktap-fail.log", true, CONSOLE_KTAP_FAILED, NULL, 2 },
	/* A real boot with CONFIG_LIST_KUNIT_TEST: 39 + 18 cases. */
	{ "ktap-kunit-list.log", true, CONSOLE_PASS, NULL, 2 },
};

static char *fixture(const char *name)
{
	const char *top = getenv("TOP");
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/fixtures/console/%s", top ? top : ".", name);
	return buf_detach(&p, NULL);
}

static struct console_verdict *classify_file(const char *name, bool ended)
{
	struct console_expect want = { NONCE, RELEASE, ended };
	struct console_verdict *v;
	struct buf text = BUF_INIT;
	char *path = fixture(name);

	assert_int_equal(read_file(&text, path), 0);
	assert_int_equal(console_classify(&v, text.ptr, text.len, &want), 0);
	buf_release(&text);
	free(path);
	return v;
}

static void test_fixtures(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct console_case *c = &cases[i];
		struct console_verdict *v = classify_file(c->file, c->ended);

		if (v->result != c->result)
			fail_msg("%s (ended %d): got %s, want %s", c->file,
				 c->ended, console_result_name(v->result),
				 console_result_name(c->result));
		if (c->detail) {
			assert_non_null(v->detail);
			if (!strstr(v->detail, c->detail))
				fail_msg("%s: detail '%s' lacks '%s'", c->file,
					 v->detail, c->detail);
			assert_true(v->line > 0);
		}
		assert_int_equal(v->nr_suites, c->nr_suites);
		console_verdict_free(v);
	}
}

static void test_ktap_suites(void **state)
{
	struct console_verdict *v = classify_file("ktap-fail.log", true);

	assert_true(v->ktap);
	assert_string_equal(v->suites[0].name, "example");
	assert_true(v->suites[0].ok);
	assert_int_equal(v->suites[0].passed, 1);
	assert_int_equal(v->suites[0].skipped, 2);
	assert_string_equal(v->suites[1].name, "list-kunit-test");
	assert_false(v->suites[1].ok);
	assert_int_equal(v->suites[1].passed, 1);
	assert_int_equal(v->suites[1].failed, 1);
	console_verdict_free(v);
}

static void test_real_kunit(void **state)
{
	struct console_verdict *v = classify_file("ktap-kunit-list.log", true);

	assert_string_equal(v->suites[0].name, "list-kunit-test");
	assert_int_equal(v->suites[0].passed, 39);
	assert_string_equal(v->suites[1].name, "hlist");
	assert_int_equal(v->suites[1].passed, 18);
	assert_true(v->suites[1].ok);
	console_verdict_free(v);
}

static void test_release_of_marker(void **state)
{
	struct console_verdict *v = classify_file("wrong-release.log", true);

	assert_true(v->marker);
	assert_string_equal(v->release, "6.1.0-13-amd64");
	console_verdict_free(v);
}

/* Lines that look alike but are not kernel trouble, and odd input. */
static void test_edges(void **state)
{
	static const char text[] =
		"[    0.000000] Linux version 6.1.192+\r\n"
		"init: no BUG: here is in the middle of a line\n"
		"[    1.500000] DISCLOSE-BOOT-OK nonce=" NONCE " release="
		RELEASE "\r\n";
	struct console_expect want = { NONCE, RELEASE, true };
	struct console_verdict *v;

	console_classify(&v, text, strlen(text), &want);
	assert_int_equal(v->result, CONSOLE_PASS);
	assert_int_equal(v->line, 3);
	console_verdict_free(v);
	console_classify(&v, "", 0, &want);
	assert_int_equal(v->result, CONSOLE_NO_MARKER);
	console_verdict_free(v);
	console_classify(&v, "[ 2.0] Kernel panic - x", 23, &want);
	assert_int_equal(v->result, CONSOLE_PANIC);
	console_verdict_free(v);
}

struct mk_case {
	const char *makefile;
	const char *object;
	int ret;
	const char *syms;	/* space-separated, in order */
};

static const struct mk_case mk_cases[] = {
	{ "obj-y += a.o b.o\n", "b.o", 1, "" },
	{ "obj-$(CONFIG_FOO) += foo.o\n", "foo.o", 2, "FOO" },
	{ "obj-$(CONFIG_FOO)\t:= x.o \\\n\tfoo.o\n", "foo.o", 2, "FOO" },
	{ "obj-$(CONFIG_BAR) += bar.o\nbar-y := one.o two.o\n"
	  "bar-$(CONFIG_BAR_EXTRA) += three.o\n", "three.o", 2,
	  "BAR_EXTRA BAR" },
	{ "obj-$(CONFIG_BAR) += bar.o\nbar-objs := one.o\n", "one.o", 2,
	  "BAR" },
	{ "obj-$(CONFIG_NET) += net/\n", "net/", 2, "NET" },
	{ "obj-$(CONFIG_FOO) += foobar.o\n# foo.o\n", "foo.o", 0, "" },
	{ "ccflags-y := -DFOO\n", "foo.o", 0, "" },
};

static void test_makefile_symbols(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(mk_cases); i++) {
		const struct mk_case *c = &mk_cases[i];
		struct buf got = BUF_INIT;
		char **syms = NULL;
		size_t nr = 0;
		int ret = boot_makefile_symbols(&syms, &nr, c->makefile,
						c->object);

		for (size_t j = 0; j < nr; j++) {
			buf_addf(&got, "%s%s", j ? " " : "", syms[j]);
			free(syms[j]);
		}
		free(syms);
		if (ret != c->ret || strcmp(buf_cstr(&got), c->syms))
			fail_msg("case %zu: got %d '%s', want %d '%s'", i, ret,
				 buf_cstr(&got), c->ret, c->syms);
		buf_release(&got);
	}
}

/* The archive's entries, read back from the newc headers. */
static void test_initramfs(void **state)
{
	char dir[] = "/tmp/test_console.XXXXXX";
	struct buf path = BUF_INIT, bb = BUF_INIT, a = BUF_INIT, names = BUF_INIT;
	const char *p;

	assert_non_null(mkdtemp(dir));
	buf_addf(&bb, "%s/busybox", dir);
	assert_int_equal(write_file_atomic(bb.ptr, "\177ELFxyz", 7, 0755), 0);
	buf_addf(&path, "%s/initramfs.cpio", dir);
	assert_int_equal(boot_write_initramfs(path.ptr, bb.ptr, "#!/x\n", 5),
			 0);
	assert_int_equal(read_file(&a, path.ptr), 0);
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
	unlink(path.ptr);
	unlink(bb.ptr);
	rmdir(dir);
	buf_release(&path);
	buf_release(&bb);
	buf_release(&a);
	buf_release(&names);
}

/* The embedded fragment carries the symbols DESIGN section 6 lists. */
static void test_fragment(void **state)
{
	static const char *const need[] = {
		"CONFIG_64BIT=y", "CONFIG_PRINTK=y", "CONFIG_TTY=y",
		"CONFIG_SERIAL_8250=y", "CONFIG_SERIAL_8250_CONSOLE=y",
		"CONFIG_BLK_DEV_INITRD=y", "CONFIG_RD_GZIP=y",
		"CONFIG_BINFMT_ELF=y", "CONFIG_BINFMT_SCRIPT=y",
		"CONFIG_DEVTMPFS=y", "CONFIG_PROC_FS=y", "CONFIG_SYSFS=y",
	};

	for (size_t i = 0; i < ARRAY_SIZE(need); i++)
		if (!strstr(boot_fragment, need[i]))
			fail_msg("fragment lacks %s", need[i]);
	assert_non_null(strstr(boot_init_script, CONSOLE_MARKER));
}

/* A verdict saved for one tip is found for it and not for another. */
static void test_last_verdict(void **state)
{
	char dir[] = "/tmp/test_console.XXXXXX";
	struct boot_verdict v = { 0 }, *got;
	struct buf json = BUF_INIT, path = BUF_INIT;
	char *enabled[] = { "FOO", NULL };
	struct stat st;

	assert_non_null(mkdtemp(dir));
	v.tip = "0123456789012345678901234567890123456789";
	v.status = "panic";
	v.summary = "kernel panic";
	v.accel = "tcg";
	v.build_s = 12.5;
	v.enabled = enabled;
	v.nr_enabled = 1;
	boot_verdict_json(&json, &v);
	buf_addf(&path, "%s/disclose", dir);
	assert_int_equal(mkdir(path.ptr, 0700), 0);
	buf_adds(&path, "/boot.json");
	assert_int_equal(write_file_atomic(path.ptr, json.ptr, json.len,
					   0600), 0);
	assert_int_equal(boot_last_verdict(&got, dir, v.tip), 0);
	assert_non_null(got);
	assert_string_equal(got->status, "panic");
	assert_false(got->pass);
	assert_true(got->build_s == 12.5);
	assert_int_equal(got->nr_enabled, 1);
	assert_string_equal(got->enabled[0], "FOO");
	boot_verdict_free(got);
	assert_int_equal(boot_last_verdict(&got, dir, "ffff"), 0);
	assert_null(got);
	assert_int_equal(stat(path.ptr, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	unlink(path.ptr);
	path.len -= strlen("/boot.json");
	path.ptr[path.len] = '\0';
	rmdir(path.ptr);
	rmdir(dir);
	buf_release(&json);
	buf_release(&path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_ktap_suites),
		cmocka_unit_test(test_real_kunit),
		cmocka_unit_test(test_release_of_marker),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_makefile_symbols),
		cmocka_unit_test(test_initramfs),
		cmocka_unit_test(test_fragment),
		cmocka_unit_test(test_last_verdict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
