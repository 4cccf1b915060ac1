// SPDX-License-Identifier: GPL-2.0
/*
 * The pristine object trees of the cache: a series' build kept with its
 * changed files listed comes back with those files (and the new
 * series') newer than every object and the others older; a kept tree
 * is replaced only by one with fewer changed files.
 */
#include "unit.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#include "boot_util.h"
#include "file.h"
#include "kcache.h"
#include "util.h"

#define KEY "597284f8dd5c-x86_64-tiny-00000000"

/* A scratch directory: the cache, a source tree and a built object tree. */
struct scratch {
	char dir[32];
	char *src, *obj;
};

static void put(const char *dir, const char *name, const char *text)
{
	char *p = path_join(dir, name);

	assert_int_equal(write_file_atomic(p, text, strlen(text), 0644), 0);
	free(p);
}

/* name's modification time (seconds and nanoseconds as one number). */
static long double mtime(const char *dir, const char *name)
{
	char *p = path_join(dir, name);
	struct stat st;

	assert_int_equal(stat(p, &st), 0);
	free(p);
	return (long double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec / 1e9L;
}

/* The sources checked out an hour ago, as a worktree's would be. */
static void age(const char *dir, const char *name)
{
	char *p = path_join(dir, name);
	struct timespec t = { time(NULL) - 3600, 0 };

	assert_int_equal(utimensat(AT_FDCWD, p,
				   (const struct timespec[]){ t, t }, 0), 0);
	free(p);
}

static int scratch_setup(void **state)
{
	struct scratch *s = xcalloc(1, sizeof(*s));
	char *objects;

	strcpy(s->dir, "/tmp/test_kcache.XXXXXX");
	if (!mkdtemp(s->dir))
		return -1;
	objects = path_join(s->dir, "objects");
	setenv("DISCLOSE_OBJECT_CACHE", objects, 1);
	free(objects);
	s->src = path_join(s->dir, "src");
	s->obj = path_join(s->dir, "obj");
	if (mkdir_p(s->src, 0755) < 0 || mkdir_p(s->obj, 0755) < 0)
		return -1;
	put(s->src, "a.c", "int a;\n");
	put(s->src, "b.h", "#define B 1\n");
	put(s->src, "c.c", "int c;\n");
	put(s->obj, "a.o", "a object\n");
	put(s->obj, "c.o", "c object\n");
	put(s->obj, ".config", "CONFIG_A=y\n");
	*state = s;
	return 0;
}

static int scratch_teardown(void **state)
{
	struct scratch *s = *state;
	int rc = boot_rm_rf(s->dir);

	unsetenv("DISCLOSE_OBJECT_CACHE");
	free(s->src);
	free(s->obj);
	free(s);
	return rc;
}

static void assert_dirty(const char *const *want, size_t n)
{
	char **v;
	size_t nr;

	kcache_dirty(KEY, &v, &nr);
	assert_int_equal(nr, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(v[i], want[i]);
	boot_strv_free(v, nr);
}

static void test_kept_build_seeds(void **state)
{
	struct scratch *s = *state;
	char *const dirty[] = { "a.c" }, *const changed[] = { "b.h" };
	char *seeded = path_join(s->dir, "seeded"), *frag;

	assert_false(kcache_has(KEY));
	assert_int_equal(kcache_store(KEY, s->obj, s->src, dirty, 1,
				      "CONFIG_A=y\nCONFIG_KUNIT=y\n"), 1);
	assert_true(kcache_has(KEY));
	assert_dirty((const char *const[]){ "a.c" }, 1);
	frag = kcache_fragment(KEY);
	assert_non_null(frag);
	assert_string_equal(frag, "CONFIG_A=y\nCONFIG_KUNIT=y\n");
	free(frag);

	age(s->src, "a.c");
	age(s->src, "b.h");
	age(s->src, "c.c");
	assert_int_equal(kcache_seed(KEY, seeded, s->src, changed, 1), 0);
	/* the kept series' file and the new series' file rebuild */
	assert_true(mtime(s->src, "a.c") >= mtime(seeded, "a.o"));
	assert_true(mtime(s->src, "b.h") >= mtime(seeded, "c.o"));
	/* a file neither series changed does not */
	assert_true(mtime(s->src, "c.c") < mtime(seeded, "c.o"));
	free(seeded);
}

static void test_replaced_only_by_cleaner(void **state)
{
	struct scratch *s = *state;
	char *const two[] = { "a.c", "b.h" }, *const one[] = { "c.c" };

	assert_true(kcache_wants(KEY, 5));
	assert_int_equal(kcache_store(KEY, s->obj, s->src, two, 2, "F\n"), 1);
	assert_false(kcache_wants(KEY, 2));
	assert_true(kcache_wants(KEY, 1));
	/* as many changed files: the kept tree stays */
	assert_int_equal(kcache_store(KEY, s->obj, s->src, two, 2, "G\n"), 0);
	assert_dirty((const char *const[]){ "a.c", "b.h" }, 2);
	assert_int_equal(kcache_store(KEY, s->obj, s->src, one, 1, "G\n"), 1);
	assert_dirty((const char *const[]){ "c.c" }, 1);
	/* the base's own build: no changed file, its own fragment */
	assert_int_equal(kcache_store(KEY, s->obj, s->src, NULL, 0, NULL), 1);
	assert_dirty(NULL, 0);
	assert_null(kcache_fragment(KEY));
	assert_int_equal(kcache_store(KEY, s->obj, s->src, one, 1, "G\n"), 0);
	assert_true(kcache_has(KEY));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_kept_build_seeds,
						scratch_setup,
						scratch_teardown),
		cmocka_unit_test_setup_teardown(test_replaced_only_by_cleaner,
						scratch_setup,
						scratch_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
