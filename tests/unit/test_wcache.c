// SPDX-License-Identifier: GPL-2.0
/*
 * The W=1 output kept per commit, configuration and file: what is put
 * comes back whole with its status, another configuration or commit
 * misses, and pruning keeps only the two commits of the run.
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include "boot_util.h"
#include "file.h"
#include "util.h"
#include "wcache.h"

#define BASE "1111111111111111111111111111111111111111"
#define TIP  "2222222222222222222222222222222222222222"
#define OLD  "3333333333333333333333333333333333333333"

static const char out[] =
	"  CC      init/main.o\n"
	"init/main.c:3:5: warning: no previous prototype for 'f'\n";

static char *scratch(const char *config)
{
	char tmpl[] = "/tmp/test_wcache.XXXXXX";
	char *dir, *cfg;

	assert_non_null(mkdtemp(tmpl));
	dir = xstrdup(tmpl);
	cfg = path_join(dir, ".config");
	assert_int_equal(write_file_atomic(cfg, config, strlen(config), 0644),
			 0);
	free(cfg);
	return dir;
}

static int get(struct buf *b, const struct wcache *w, const char *commit,
	       const char *file)
{
	int st = -1;

	buf_reset(b);
	return wcache_get(b, &st, w, commit, file) ? st : -1;
}

static void test_round_trip(void **state)
{
	char *dir = scratch("CONFIG_X=y\n"), *cfg = path_join(dir, ".config");
	struct buf b = BUF_INIT;
	struct wcache w;

	wcache_open(&w, dir, cfg);
	assert_int_equal(get(&b, &w, BASE, "init/main.c"), -1);
	wcache_put(&w, BASE, "init/main.c", 0, out, strlen(out));
	wcache_put(&w, TIP, "init/main.c", 1, "", 0);
	wcache_put(&w, TIP, "lib/new.c", 2, "", 0);
	assert_int_equal(get(&b, &w, BASE, "init/main.c"), 0);
	assert_int_equal(b.len, strlen(out));
	assert_memory_equal(b.ptr, out, b.len);
	assert_int_equal(get(&b, &w, TIP, "init/main.c"), 1);
	assert_int_equal(b.len, 0);
	assert_int_equal(get(&b, &w, TIP, "lib/new.c"), 2);
	/* the same name elsewhere in the tree is another file */
	assert_int_equal(get(&b, &w, TIP, "new.c"), -1);
	assert_int_equal(get(&b, &w, BASE, "lib/new.c"), -1);
	wcache_release(&w);
	buf_release(&b);
	free(cfg);
	assert_int_equal(boot_rm_rf(dir), 0);
	free(dir);
}

static void test_other_config(void **state)
{
	char *dir = scratch("CONFIG_X=y\n"), *cfg = path_join(dir, ".config");
	struct buf b = BUF_INIT;
	struct wcache w;

	wcache_open(&w, dir, cfg);
	wcache_put(&w, BASE, "init/main.c", 0, out, strlen(out));
	wcache_release(&w);
	/* a KUnit suite enabled changes what the file compiles */
	assert_int_equal(write_file_atomic(cfg, "CONFIG_X=y\nCONFIG_Y=y\n",
					   22, 0644), 0);
	wcache_open(&w, dir, cfg);
	assert_int_equal(get(&b, &w, BASE, "init/main.c"), -1);
	wcache_release(&w);
	buf_release(&b);
	free(cfg);
	assert_int_equal(boot_rm_rf(dir), 0);
	free(dir);
}

static void test_prune(void **state)
{
	char *dir = scratch("CONFIG_X=y\n"), *cfg = path_join(dir, ".config");
	struct buf b = BUF_INIT;
	struct wcache w;

	wcache_open(&w, dir, cfg);
	wcache_put(&w, OLD, "init/main.c", 0, out, strlen(out));
	wcache_put(&w, BASE, "init/main.c", 0, out, strlen(out));
	wcache_put(&w, TIP, "init/main.c", 0, out, strlen(out));
	wcache_prune(&w, BASE, TIP);
	assert_int_equal(get(&b, &w, OLD, "init/main.c"), -1);
	assert_int_equal(get(&b, &w, BASE, "init/main.c"), 0);
	assert_int_equal(get(&b, &w, TIP, "init/main.c"), 0);
	wcache_release(&w);
	buf_release(&b);
	free(cfg);
	assert_int_equal(boot_rm_rf(dir), 0);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_other_config),
		cmocka_unit_test(test_prune),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
