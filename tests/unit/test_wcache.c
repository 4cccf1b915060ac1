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

/* A scratch cell directory with a .config, and the cache opened on it. */
struct cell {
	char dir[32];
	char *cfg;
	struct wcache w;
};

static int cell_setup(void **state)
{
	struct cell *c = xcalloc(1, sizeof(*c));
	const char *config = "CONFIG_X=y\n";

	strcpy(c->dir, "/tmp/test_wcache.XXXXXX");
	if (!mkdtemp(c->dir))
		return -1;
	c->cfg = path_join(c->dir, ".config");
	if (write_file_atomic(c->cfg, config, strlen(config), 0644) < 0)
		return -1;
	wcache_open(&c->w, c->dir, c->cfg);
	*state = c;
	return 0;
}

static int cell_teardown(void **state)
{
	struct cell *c = *state;
	int rc = boot_rm_rf(c->dir);

	wcache_release(&c->w);
	free(c->cfg);
	free(c);
	return rc;
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
	struct cell *c = *state;
	struct wcache w = c->w;
	struct buf b = BUF_INIT;

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
	buf_release(&b);
}

static void test_other_config(void **state)
{
	struct cell *c = *state;
	char *cfg = c->cfg, *dir = c->dir;
	struct buf b = BUF_INIT;
	struct wcache w;

	wcache_put(&c->w, BASE, "init/main.c", 0, out, strlen(out));
	/* a KUnit suite enabled changes what the file compiles */
	assert_int_equal(write_file_atomic(cfg, "CONFIG_X=y\nCONFIG_Y=y\n",
					   22, 0644), 0);
	wcache_open(&w, dir, cfg);
	assert_int_equal(get(&b, &w, BASE, "init/main.c"), -1);
	wcache_release(&w);
	buf_release(&b);
}

static void test_prune(void **state)
{
	struct cell *c = *state;
	struct wcache w = c->w;
	struct buf b = BUF_INIT;

	wcache_put(&w, OLD, "init/main.c", 0, out, strlen(out));
	wcache_put(&w, BASE, "init/main.c", 0, out, strlen(out));
	wcache_put(&w, TIP, "init/main.c", 0, out, strlen(out));
	wcache_prune(&w, BASE, TIP);
	assert_int_equal(get(&b, &w, OLD, "init/main.c"), -1);
	assert_int_equal(get(&b, &w, BASE, "init/main.c"), 0);
	assert_int_equal(get(&b, &w, TIP, "init/main.c"), 0);
	buf_release(&b);
}

static void test_commits(void **state)
{
	struct cell *c = *state;
	char **v;
	size_t nr;

	wcache_put(&c->w, BASE, "init/main.c", 0, out, strlen(out));
	wcache_put(&c->w, TIP, "init/main.c", 0, out, strlen(out));
	wcache_put(&c->w, OLD, "lib/main.c", 0, out, strlen(out));
	wcache_commits(&v, &nr, &c->w, "init/main.c");
	assert_int_equal(nr, 2);
	/* readdir's order: either way round */
	assert_true((!strcmp(v[0], BASE) && !strcmp(v[1], TIP)) ||
		    (!strcmp(v[0], TIP) && !strcmp(v[1], BASE)));
	boot_strv_free(v, nr);
	wcache_commits(&v, &nr, &c->w, "main.c");
	assert_int_equal(nr, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_round_trip, cell_setup,
						cell_teardown),
		cmocka_unit_test_setup_teardown(test_other_config, cell_setup,
						cell_teardown),
		cmocka_unit_test_setup_teardown(test_prune, cell_setup,
						cell_teardown),
		cmocka_unit_test_setup_teardown(test_commits, cell_setup,
						cell_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
