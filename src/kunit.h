/*
 * The KUnit suites of the directories a series touches: the test
 * objects of each directory's Makefile (under a symbol with KUNIT or
 * TEST in its name) whose source registers a KUnit suite, the symbols
 * that build them into the kernel, the suite names, and the
 * kunit.filter_glob that runs those at boot. Reads the tree's Makefiles
 * and test sources; no make.
 *
 * Which suites: those named after a touched file (test_list_sort.o for
 * lib/list_sort.c, rational-test.o for lib/math/rational.c,
 * cmdline_kunit.o for lib/cmdline.c, or the test source itself); when a
 * touched directory has none named so, its suite if it has exactly one
 * (it tests that directory). A directory of many suites (lib/ has 18)
 * runs only the named ones, so that a change to lib/string.c does not
 * build and run every library test.
 */
#ifndef DISCLOSE_KUNIT_H
#define DISCLOSE_KUNIT_H

#include <stdbool.h>
#include <stddef.h>

/* What to enable and run for a series. */
struct kunit_plan {
	char **suites;		/* suite names, each once */
	size_t nr_suites;
	char **symbols;		/* CONFIG_ symbols of their objects */
	size_t nr_symbols;
};

/*
 * The suites for files (paths relative to tree) into plan (added to
 * what it holds; start with a zeroed plan).
 */
void kunit_find(struct kunit_plan *plan, const char *tree,
		char *const *files, size_t nr_files);
void kunit_plan_release(struct kunit_plan *plan);

/*
 * The names of the suites a C source registers (a struct kunit_suite
 * with a .name, in a file that calls kunit_test_suite(s)), pushed onto
 * *names.
 */
void kunit_suite_names(char ***names, size_t *nr, const char *source);
/*
 * Is the test object (its base name, "test_list_sort.o") named after
 * the source file (its base name, "list_sort.c")? The test affixes
 * test_, test-, _test, -test, _kunit, -kunit and kunit_ are dropped.
 */
bool kunit_named_after(const char *object, const char *file);
/*
 * The value of kunit.filter_glob for the suites (Linux 6.1 takes one
 * glob): the name of one suite, the common start of several followed
 * by '*', or NULL when they have none (then every suite built runs).
 */
char *kunit_filter_glob(char *const *suites, size_t nr);

#endif
