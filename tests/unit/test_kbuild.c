// SPDX-License-Identifier: GPL-2.0
/*
 * The files an object was built from, read from its .cmd record: the
 * tree's own files (named through "..", the build directory being inside
 * the tree, or by absolute path), without the generated files and the
 * $(wildcard include/config/...) lines.
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include "boot_util.h"
#include "file.h"
#include "kbuild.h"
#include "util.h"

struct tree {
	char dir[32];
	char *obj;
	struct kbuild kb;
};

static int tree_setup(void **state)
{
	struct tree *t = xcalloc(1, sizeof(*t));
	char *init;

	strcpy(t->dir, "/tmp/test_kbuild.XXXXXX");
	if (!mkdtemp(t->dir))
		return -1;
	t->obj = path_join(t->dir, "obj-x86_64-tiny");
	init = path_join(t->obj, "init");
	if (mkdir_p(init, 0755) < 0)
		return -1;
	free(init);
	kbuild_init(&t->kb, t->dir, t->obj, t->dir, NULL, NULL);
	*state = t;
	return 0;
}

static int tree_teardown(void **state)
{
	struct tree *t = *state;
	int rc = boot_rm_rf(t->dir);

	kbuild_release(&t->kb);
	free(t->obj);
	free(t);
	return rc;
}

static void test_deps(void **state)
{
	struct tree *t = *state;
	struct buf cmd = BUF_INIT;
	char *path = path_join(t->obj, "init/.main.o.cmd");
	char **v;
	size_t nr;

	buf_addf(&cmd, "cmd_init/main.o := gcc -c -o init/main.o ../init/main.c\n"
		 "\n"
		 "source_init/main.o := ../init/main.c\n"
		 "\n"
		 "deps_init/main.o := \\\n"
		 "  ../include/linux/kconfig.h \\\n"
		 "    $(wildcard include/config/CPU_BIG_ENDIAN) \\\n"
		 "  include/generated/autoconf.h \\\n"
		 "  %s/include/linux/types.h \\\n"
		 "  ../init/main.c \\\n"
		 "  ../include/linux/init.h \\\n"
		 "\n"
		 "init/main.o: $(deps_init/main.o)\n"
		 "\n"
		 "$(deps_init/main.o):\n", t->dir);
	assert_int_equal(kbuild_object_deps(&v, &nr, &t->kb, "init/main.c"),
			 -1);
	assert_int_equal(nr, 0);
	assert_int_equal(write_file_atomic(path, cmd.ptr, cmd.len, 0644), 0);
	assert_int_equal(kbuild_object_deps(&v, &nr, &t->kb, "init/main.c"),
			 0);
	assert_int_equal(nr, 4);
	assert_string_equal(v[0], "include/linux/kconfig.h");
	assert_string_equal(v[1], "include/linux/types.h");
	assert_string_equal(v[2], "init/main.c");
	assert_string_equal(v[3], "include/linux/init.h");
	boot_strv_free(v, nr);
	buf_release(&cmd);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_deps, tree_setup,
						tree_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
