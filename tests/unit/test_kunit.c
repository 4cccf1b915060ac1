// SPDX-License-Identifier: GPL-2.0
/*
 * The KUnit suites of touched directories: test objects in Makefile
 * text, suite names in C sources, which test object is named after a
 * file, the filter glob, and the whole search on a small tree shaped
 * like linux-source-6.1's lib/, lib/math/ and kernel/.
 */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>

#include "boot_util.h"
#include "kconfig.h"
#include "kunit.h"
#include "util.h"

/* The list as "A B C" (the list freed). */
static char *joined(char **v, size_t nr)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < nr; i++)
		buf_addf(&b, "%s%s", i ? " " : "", v[i]);
	boot_strv_free(v, nr);
	buf_add(&b, "", 0);
	return buf_detach(&b, NULL);
}

struct obj_case {
	const char *makefile;
	const char *objects, *syms;
};

static const struct obj_case obj_cases[] = {
	{ "obj-$(CONFIG_TEST_LIST_SORT) += test_list_sort.o\n",
	  "test_list_sort.o", "TEST_LIST_SORT" },
	{ "obj-$(CONFIG_RATIONAL)\t\t+= rational.o\n"
	  "obj-$(CONFIG_RATIONAL_KUNIT_TEST) += rational-test.o\n",
	  "rational-test.o", "RATIONAL_KUNIT_TEST" },
	{ "obj-$(CONFIG_BITFIELD_KUNIT) += bitfield_kunit.o \\\n\tx_kunit.o\n",
	  "bitfield_kunit.o x_kunit.o", "BITFIELD_KUNIT BITFIELD_KUNIT" },
	/* linked into a module (fs/ext4) */
	{ "ext4-$(CONFIG_EXT4_KUNIT_TESTS)\t+= inode-test.o\n",
	  "inode-test.o", "EXT4_KUNIT_TESTS" },
	/* not a test symbol, not an object */
	{ "obj-y += list_sort.o\nobj-$(CONFIG_KUNIT) += kunit/\n"
	  "obj-$(CONFIG_TEST_X) += x/\n", "", "" },
	{ "# obj-$(CONFIG_TEST_A) += a.o\nccflags-$(CONFIG_TEST_B) := -DB\n",
	  "", "" },
};

static void test_test_objects(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(obj_cases); i++) {
		const struct obj_case *c = &obj_cases[i];
		char **objs = NULL, **syms = NULL;
		size_t nr = 0;
		char *o, *s;

		kconfig_test_objects(&objs, &syms, &nr, c->makefile);
		o = joined(objs, nr);
		s = joined(syms, nr);
		if (strcmp(o, c->objects) || strcmp(s, c->syms))
			fail_msg("case %zu: got '%s' '%s', want '%s' '%s'", i,
				 o, s, c->objects, c->syms);
		free(o);
		free(s);
	}
}

struct name_case {
	const char *source, *names;
};

static const struct name_case name_cases[] = {
	{ "static struct kunit_suite list_sort_suite = {\n"
	  "\t.name = \"list_sort\",\n\t.test_cases = cases,\n};\n"
	  "kunit_test_suites(&list_sort_suite);\n", "list_sort" },
	/* two suites; a nested initializer's .name is not the suite's */
	{ "static struct kunit_case c[] = { { .name = \"inner\" }, {} };\n"
	  "static struct kunit_suite a = { .test_cases = (struct kunit_case[])"
	  "{ { .name = \"case\" }, {} }, .name = \"alpha\" };\n"
	  "static struct kunit_suite b = {\n\t.name\t= \"beta\",\n};\n"
	  "kunit_test_suites(&a, &b);\n", "alpha beta" },
	/* a pointer, a prototype: no suite */
	{ "static struct kunit_suite *s = &x;\n"
	  "int f(struct kunit_suite *s);\nkunit_test_suite(x);\n", "" },
	/* no registration: not a KUnit test */
	{ "static struct kunit_suite a = { .name = \"a\" };\n", "" },
};

static void test_suite_names(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(name_cases); i++) {
		char **names = NULL;
		size_t nr = 0;
		char *got;

		kunit_suite_names(&names, &nr, name_cases[i].source);
		got = joined(names, nr);
		if (strcmp(got, name_cases[i].names))
			fail_msg("case %zu: got '%s', want '%s'", i, got,
				 name_cases[i].names);
		free(got);
	}
}

struct named_case {
	const char *object, *file;
	bool named;
};

static const struct named_case named_cases[] = {
	{ "test_list_sort.o", "lib/list_sort.c", true },
	{ "rational-test.o", "lib/math/rational.c", true },
	{ "cmdline_kunit.o", "lib/cmdline.c", true },
	{ "resource_kunit.o", "kernel/resource.c", true },
	{ "sysctl-test.o", "kernel/sysctl.c", true },
	{ "kunit_foo.o", "foo.c", true },
	{ "test_list_sort.o", "lib/test_list_sort.c", true },
	{ "test_list_sort.o", "include/linux/list_sort.h", true },
	{ "test_list_sort.o", "lib/list.c", false },
	{ "list-test.o", "lib/list_sort.c", false },
	{ "test_sort.o", "lib/list_sort.c", false },
	{ "overflow_kunit.o", "lib/string.c", false },
};

static void test_named_after(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(named_cases); i++) {
		const struct named_case *c = &named_cases[i];

		if (kunit_named_after(c->object, c->file) != c->named)
			fail_msg("%s after %s: want %d", c->object, c->file,
				 c->named);
	}
}

struct glob_case {
	const char *suites, *glob;
};

static const struct glob_case glob_cases[] = {
	{ "", NULL },
	{ "list_sort", "list_sort" },
	{ "sysctl_test resource", NULL },
	{ "ext4_inode_test ext4_mballoc_test", "ext4_*" },
	{ "a a", "a*" },
};

static void test_filter_glob(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(glob_cases); i++) {
		const struct glob_case *c = &glob_cases[i];
		char *words = xstrdup(c->suites), *save, *w;
		char **v = NULL, *got;
		size_t nr = 0;

		for (w = strtok_r(words, " ", &save); w;
		     w = strtok_r(NULL, " ", &save))
			boot_strv_push(&v, &nr, xstrdup(w));
		got = kunit_filter_glob(v, nr);
		if (c->glob ? !got || strcmp(got, c->glob) : got != NULL)
			fail_msg("'%s': got '%s', want '%s'", c->suites,
				 got ? got : "(null)",
				 c->glob ? c->glob : "(null)");
		free(got);
		free(words);
		boot_strv_free(v, nr);
	}
}

/* A tree with the shape of linux-source-6.1 where it matters. */
static const struct {
	const char *path, *text;
} tree_files[] = {
	{ "lib/Makefile", "obj-y += list_sort.o string.o\n"
	  "obj-$(CONFIG_TEST_LIST_SORT) += test_list_sort.o\n"
	  "obj-$(CONFIG_TEST_SORT) += test_sort.o\n"
	  "obj-$(CONFIG_TEST_STRING) += test_string.o\n" },
	{ "lib/list_sort.c", "void list_sort(void) {}\n" },
	{ "lib/string.c", "/* string */\n" },
	{ "lib/test_list_sort.c", "static struct kunit_suite s = {\n"
	  "\t.name = \"list_sort\",\n};\nkunit_test_suites(&s);\n" },
	{ "lib/test_sort.c", "static struct kunit_suite s = {\n"
	  "\t.name = \"lib_sort\",\n};\nkunit_test_suites(&s);\n" },
	/* a selftest module, not KUnit */
	{ "lib/test_string.c", "static int __init t(void) { return 0; }\n" },
	{ "lib/math/Makefile", "obj-$(CONFIG_RATIONAL) += rational.o\n"
	  "obj-$(CONFIG_RATIONAL_KUNIT_TEST) += rational-test.o\n" },
	{ "lib/math/rational.c", "/* rational */\n" },
	{ "lib/math/gcd.c", "/* gcd */\n" },
	{ "lib/math/rational-test.c", "static struct kunit_suite s = {\n"
	  "\t.name = \"rational\",\n};\nkunit_test_suites(&s);\n" },
	{ "kernel/Makefile", "obj-y += panic.o resource.o\n"
	  "obj-$(CONFIG_RESOURCE_KUNIT_TEST) += resource_kunit.o\n"
	  "obj-$(CONFIG_SYSCTL_KUNIT_TEST) += sysctl-test.o\n" },
	{ "kernel/panic.c", "/* panic */\n" },
	{ "kernel/resource_kunit.c", "static struct kunit_suite s = {\n"
	  "\t.name = \"resource\",\n};\nkunit_test_suite(s);\n" },
	{ "kernel/sysctl-test.c", "static struct kunit_suite s = {\n"
	  "\t.name = \"sysctl_test\",\n};\nkunit_test_suite(s);\n" },
	/* a composite test object (fs/ext4's) */
	{ "fs/ext4/Makefile", "obj-$(CONFIG_EXT4_FS) += ext4.o\n"
	  "ext4-y := inode.o super.o\n"
	  "obj-$(CONFIG_EXT4_KUNIT_TESTS) += ext4-inode-test.o\n"
	  "ext4-inode-test-objs += inode-test.o\n" },
	{ "fs/ext4/inode.c", "/* inode */\n" },
	{ "fs/ext4/inode-test.c", "static struct kunit_suite s = {\n"
	  "\t.name = \"ext4_inode_test\",\n};\nkunit_test_suites(&s);\n" },
};

static void make_tree(char *dir)
{
	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < ARRAY_SIZE(tree_files); i++) {
		char *path = path_join(dir, tree_files[i].path);

		for (char *s = path + strlen(dir) + 1; (s = strchr(s, '/'));
		     s++) {
			*s = '\0';
			mkdir(path, 0755);
			*s = '/';
		}
		assert_int_equal(write_file_atomic(path, tree_files[i].text,
						   strlen(tree_files[i].text),
						   0644), 0);
		free(path);
	}
}

struct find_case {
	const char *files;
	const char *suites, *symbols;
};

static const struct find_case find_cases[] = {
	/* named after the touched file, in a directory of several */
	{ "lib/list_sort.c", "list_sort", "TEST_LIST_SORT" },
	/* several suites, none named after it: none */
	{ "lib/string.c", "", "" },
	{ "kernel/panic.c", "", "" },
	/* a directory's only suite, named or not */
	{ "lib/math/gcd.c", "rational", "RATIONAL_KUNIT_TEST" },
	{ "lib/math/rational.c lib/list_sort.c",
	  "rational list_sort", "RATIONAL_KUNIT_TEST TEST_LIST_SORT" },
	{ "fs/ext4/inode.c", "ext4_inode_test", "EXT4_KUNIT_TESTS" },
	/* the test itself; a document; a file at the top */
	{ "kernel/sysctl-test.c Documentation/x.rst Makefile", "sysctl_test",
	  "SYSCTL_KUNIT_TEST" },
};

static void test_find(void **state)
{
	char dir[] = "/tmp/test_kunit.XXXXXX";

	make_tree(dir);
	for (size_t i = 0; i < ARRAY_SIZE(find_cases); i++) {
		const struct find_case *c = &find_cases[i];
		char *words = xstrdup(c->files), *save, *w;
		char **files = NULL, *suites, *syms;
		size_t nr = 0;
		struct kunit_plan plan = { 0 };

		for (w = strtok_r(words, " ", &save); w;
		     w = strtok_r(NULL, " ", &save))
			boot_strv_push(&files, &nr, xstrdup(w));
		kunit_find(&plan, dir, files, nr);
		suites = joined(plan.suites, plan.nr_suites);
		syms = joined(plan.symbols, plan.nr_symbols);
		if (strcmp(suites, c->suites) || strcmp(syms, c->symbols))
			fail_msg("%s: got '%s' '%s', want '%s' '%s'", c->files,
				 suites, syms, c->suites, c->symbols);
		free(suites);
		free(syms);
		free(words);
		boot_strv_free(files, nr);
	}
	assert_int_equal(boot_rm_rf(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_test_objects),
		cmocka_unit_test(test_suite_names),
		cmocka_unit_test(test_named_after),
		cmocka_unit_test(test_filter_glob),
		cmocka_unit_test(test_find),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
