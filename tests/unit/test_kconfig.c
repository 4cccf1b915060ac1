// SPDX-License-Identifier: GPL-2.0
/*
 * Kconfig and Makefile text: the symbols a touched file needs (from
 * hand-written Makefile snippets and from a small tree of Kbuild and
 * Makefile files), the fragment with them merged in, and what a .config
 * confirms. Each table holds the cases that differ only in data.
 */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot.h"
#include "kconfig.h"
#include "util.h"

/* The list as "A B C" (freed). */
static char *joined_list(char **v, size_t nr)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < nr; i++) {
		buf_addf(&b, "%s%s", i ? " " : "", v[i]);
		free(v[i]);
	}
	free(v);
	buf_add(&b, "", 0);
	return buf_detach(&b, NULL);
}

/* "A B C" as a list (strings the caller frees). */
static char **split_list(size_t *nr, const char *words)
{
	char **v = xcalloc(strlen(words) + 2, sizeof(*v));
	const char *p = words;

	*nr = 0;
	while (*p) {
		size_t len = strcspn(p, " ");

		if (len)
			v[(*nr)++] = xstrndup(p, len);
		p += len;
		p += *p == ' ';
	}
	return v;
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
		int ret = kconfig_makefile_symbols(&syms, &nr, c->makefile,
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

/*
 * The embedded fragment carries what a tinyconfig kernel lacks to boot
 * an initramfs and talk on the serial console.
 */
static void test_fragment(void **state)
{
	static const char *const need[] = {
		"CONFIG_64BIT=y", "CONFIG_PRINTK=y", "CONFIG_TTY=y",
		"CONFIG_SERIAL_8250=y", "CONFIG_SERIAL_8250_CONSOLE=y",
		"CONFIG_BLK_DEV_INITRD=y", "CONFIG_RD_GZIP=y",
		"CONFIG_BINFMT_ELF=y", "CONFIG_BINFMT_SCRIPT=y",
		"CONFIG_DEVTMPFS=y", "CONFIG_PROC_FS=y", "CONFIG_SYSFS=y",
		/* in the pristine tree: a series' suites add only theirs */
		"CONFIG_KUNIT=y",
	};

	for (size_t i = 0; i < ARRAY_SIZE(need); i++)
		if (!strstr(boot_fragment, need[i]))
			fail_msg("fragment lacks %s", need[i]);
	assert_non_null(strstr(boot_init_script, CONSOLE_MARKER));
}

/* A small kernel-shaped tree of Kbuild and Makefile files. */
static const struct {
	const char *path, *text;
} tree_files[] = {
	{ "drivers/Makefile", "obj-$(CONFIG_FOO_BUS) += foo/\n" },
	{ "drivers/foo/Makefile", "obj-$(CONFIG_FOO) += foo.o\n"
	  "foo-y := core.o\nobj-y += always.o\n" },
	/* Kbuild wins over Makefile in the same directory. */
	{ "lib/Kbuild", "obj-$(CONFIG_LIBX) += x.o\n" },
	{ "lib/Makefile", "obj-$(CONFIG_WRONG) += x.o\n" },
	{ "arch/x86/kernel/Makefile", "obj-$(CONFIG_K) += k.o\n" },
	/* Above arch/<arch>/ the top Makefile decides: never read. */
	{ "arch/x86/Kbuild", "obj-$(CONFIG_X86_DIR) += kernel/\n" },
	{ "arch/Makefile", "obj-$(CONFIG_NEVER) += x86/\n" },
	{ "Makefile", "obj-$(CONFIG_NEVER) += drivers/ lib/\n" },
};

struct file_case {
	const char *files;	/* touched files, space-separated */
	const char *syms;	/* the symbols, in order */
};

static const struct file_case file_cases[] = {
	{ "drivers/foo/core.c", "FOO FOO_BUS" },
	{ "drivers/foo/always.c", "FOO_BUS" },
	{ "drivers/foo/foo.h", "" },
	{ "drivers/foo/README", "" },
	{ "top.c", "" },
	{ "lib/x.S", "LIBX" },
	{ "arch/x86/kernel/k.c", "K X86_DIR" },
	/* Each symbol once, in the order found. */
	{ "drivers/foo/always.c drivers/foo/core.c", "FOO_BUS FOO" },
	{ "drivers/bar/gone.c", "" },
};

static void make_tree(char *dir)
{
	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < ARRAY_SIZE(tree_files); i++) {
		char *path = xcalloc(strlen(dir) + strlen(tree_files[i].path) +
				     2, 1);
		char *slash;

		sprintf(path, "%s/%s", dir, tree_files[i].path);
		for (slash = path + strlen(dir) + 1;
		     (slash = strchr(slash, '/')); slash++) {
			*slash = '\0';
			mkdir(path, 0755);
			*slash = '/';
		}
		assert_int_equal(write_file_atomic(path, tree_files[i].text,
						   strlen(tree_files[i].text),
						   0644), 0);
		free(path);
	}
}

static void remove_tree(const char *dir)
{
	char *cmd = xcalloc(strlen(dir) + 16, 1);

	sprintf(cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

static void test_file_symbols(void **state)
{
	char dir[] = "/tmp/test_kconfig.XXXXXX";

	make_tree(dir);
	for (size_t i = 0; i < ARRAY_SIZE(file_cases); i++) {
		const struct file_case *c = &file_cases[i];
		size_t nr_files, nr = 0;
		char **files = split_list(&nr_files, c->files);
		char **syms = NULL;
		char *got;

		for (size_t j = 0; j < nr_files; j++)
			kconfig_file_symbols(&syms, &nr, dir, files[j]);
		got = joined_list(syms, nr);
		if (strcmp(got, c->syms))
			fail_msg("%s: got '%s', want '%s'", c->files, got,
				 c->syms);
		free(got);
		for (size_t j = 0; j < nr_files; j++)
			free(files[j]);
		free(files);
	}
	remove_tree(dir);
}

struct kunit_case {
	const char *syms, *want;
};

static const struct kunit_case kunit_cases[] = {
	{ "", "" },
	{ "FOO BAR", "FOO BAR" },
	{ "LIST_KUNIT_TEST", "LIST_KUNIT_TEST KUNIT RUNTIME_TESTING_MENU" },
	{ "KUNIT FOO_KUNIT_TEST", "KUNIT FOO_KUNIT_TEST RUNTIME_TESTING_MENU" },
	{ "RUNTIME_TESTING_MENU X_KUNIT_TEST KUNIT",
	  "RUNTIME_TESTING_MENU X_KUNIT_TEST KUNIT" },
};

static void test_need_kunit(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(kunit_cases); i++) {
		size_t nr;
		char **syms = split_list(&nr, kunit_cases[i].syms);
		char *got;

		kconfig_need_kunit(&syms, &nr);
		got = joined_list(syms, nr);
		if (strcmp(got, kunit_cases[i].want))
			fail_msg("'%s': got '%s', want '%s'",
				 kunit_cases[i].syms, got, kunit_cases[i].want);
		free(got);
	}
}

/* The fragment keeps its text and gains one line per symbol. */
static void test_fragment_merge(void **state)
{
	char *syms[] = { "FOO", "BAR_BAZ", NULL };
	char *f = kconfig_fragment("# boot\nCONFIG_TTY=y\n", syms, 2);

	assert_string_equal(f, "# boot\nCONFIG_TTY=y\nCONFIG_FOO=y\n"
			    "CONFIG_BAR_BAZ=y\n");
	free(f);
	f = kconfig_fragment("", syms, 0);
	assert_string_equal(f, "");
	free(f);
}

struct has_case {
	const char *config, *line;
	bool has;
};

static const struct has_case has_cases[] = {
	{ "CONFIG_A=y\nCONFIG_AB=y\n", "CONFIG_A=y", true },
	{ "CONFIG_A=y\nCONFIG_AB=y\n", "CONFIG_AB=y", true },
	{ "CONFIG_AB=y\n", "CONFIG_A=y", false },
	{ "CONFIG_A=yy\n", "CONFIG_A=y", false },
	{ "XCONFIG_A=y\n", "CONFIG_A=y", false },
	{ "# CONFIG_A is not set\n", "CONFIG_A=y", false },
	{ "CONFIG_B=m\nCONFIG_A=y", "CONFIG_A=y", true },
	{ "", "CONFIG_A=y", false },
};

static void test_has(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(has_cases); i++)
		if (kconfig_has(has_cases[i].config, has_cases[i].line) !=
		    has_cases[i].has)
			fail_msg("case %zu: '%s' in '%s' should be %d", i,
				 has_cases[i].line, has_cases[i].config,
				 has_cases[i].has);
}

struct confirm_case {
	const char *config;	/* the .config after olddefconfig */
	const char *fragment;
	const char *syms;	/* added for touched files */
	bool survived;
	const char *missing;	/* symbols of syms that did not survive */
	const char *lost;	/* fragment lines that did not, or NULL */
};

static const struct confirm_case confirm_cases[] = {
	{ "CONFIG_64BIT=y\nCONFIG_TTY=y\nCONFIG_FOO=y\n",
	  "# boot\nCONFIG_64BIT=y\nCONFIG_TTY=y\n", "FOO", true, "", NULL },
	/* A touched file's symbol that its dependencies refused. */
	{ "CONFIG_64BIT=y\n# CONFIG_FOO is not set\n",
	  "CONFIG_64BIT=y\n", "FOO BAR", true, "FOO BAR", NULL },
	{ "CONFIG_64BIT=y\n", "CONFIG_64BIT=y\nCONFIG_TTY=y\n\n", "", false,
	  "", "CONFIG_TTY=y" },
	{ "CONFIG_C=y\n", "CONFIG_A=y\nCONFIG_B=y\nCONFIG_C=y\n", "C", false,
	  "", "CONFIG_A=y CONFIG_B=y" },
	/* Comments and blank lines of the fragment are no settings. */
	{ "", "# comment\n\n# CONFIG_X is not set\n", "", true, "", NULL },
};

static void test_confirm(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(confirm_cases); i++) {
		const struct confirm_case *c = &confirm_cases[i];
		size_t nr, nr_missing = 0;
		char **syms = split_list(&nr, c->syms);
		char **missing = NULL;
		char *lost = (char *)"unset", *got;
		bool ok = kconfig_confirm(&missing, &nr_missing, &lost,
					  c->config, c->fragment, syms, nr);

		got = joined_list(missing, nr_missing);
		if (ok != c->survived || strcmp(got, c->missing) ||
		    (c->lost ? !lost || strcmp(lost, c->lost) : lost != NULL))
			fail_msg("case %zu: got %d '%s' '%s', want %d '%s' "
				 "'%s'", i, ok, got, lost ? lost : "(null)",
				 c->survived, c->missing,
				 c->lost ? c->lost : "(null)");
		free(got);
		free(lost);
		for (size_t j = 0; j < nr; j++)
			free(syms[j]);
		free(syms);
	}
}

struct matters_case {
	const char *path;
	bool matters;
};

static const struct matters_case matters_cases[] = {
	{ "Kconfig", true },
	{ "drivers/net/Kconfig", true },
	{ "lib/Kconfig.debug", true },
	{ "scripts/kconfig/conf.c", true },
	{ "Makefile", true },
	{ "arch/x86/configs/tiny.config", true },
	{ "kernel/configs/tiny.config", true },
	{ "drivers/Makefile", false },
	{ "init/main.c", false },
	{ "Documentation/kbuild/kconfig.rst", false },
	{ "tools/scripts/Makefile", false },
	{ "scripts/cc-version.sh", true },
	{ "scripts/Kconfig.include", true },
	{ "scripts/Makefile.lib", true },
	{ "scripts/checkpatch.pl", false },
	{ "scripts/coccinelle/api/kstrdup.cocci", false },
	{ "scripts/get_maintainer.pl", false },
};

static void test_path_matters(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(matters_cases); i++)
		if (kconfig_path_matters(matters_cases[i].path) !=
		    matters_cases[i].matters)
			fail_msg("%s: want %d", matters_cases[i].path,
				 matters_cases[i].matters);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_makefile_symbols),
		cmocka_unit_test(test_fragment),
		cmocka_unit_test(test_file_symbols),
		cmocka_unit_test(test_need_kunit),
		cmocka_unit_test(test_fragment_merge),
		cmocka_unit_test(test_has),
		cmocka_unit_test(test_confirm),
		cmocka_unit_test(test_path_matters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
