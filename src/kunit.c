// SPDX-License-Identifier: GPL-2.0
/*
 * The KUnit suites of the touched directories: found in the Makefiles
 * and test sources of the tree, enabled by their symbols, run at boot
 * with kunit.filter_glob.
 */
#include "kunit.h"

#include <stdlib.h>
#include <string.h>

#include "boot_util.h"
#include "kconfig.h"
#include "util.h"

static bool has_suffix(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len > n && !memcmp(s + len - n, suffix, n);
}

/* The base name without its extension: "lib/list_sort.c" -> "list_sort". */
static char *stem(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	return xstrndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

/* The stem of a test object without its test affixes. */
static char *tested_stem(const char *object)
{
	static const char *const prefixes[] = { "test_", "test-", "kunit_",
						NULL };
	static const char *const suffixes[] = { "_kunit", "-kunit", "_test",
						"-test", NULL };
	char *s = stem(object);
	size_t len = strlen(s);

	for (const char *const *p = prefixes; *p; p++) {
		size_t n = strlen(*p);

		if (len > n && !strncmp(s, *p, n)) {
			memmove(s, s + n, len - n + 1);
			len -= n;
			break;
		}
	}
	for (const char *const *x = suffixes; *x; x++) {
		if (has_suffix(s, len, *x)) {
			len -= strlen(*x);
			s[len] = '\0';
			break;
		}
	}
	return s;
}

bool kunit_named_after(const char *object, const char *file)
{
	char *o = stem(object), *t = tested_stem(object), *f = stem(file);
	bool named = !strcmp(o, f) || !strcmp(t, f);

	free(o);
	free(t);
	free(f);
	return named;
}

/* The string literal at p (after blanks), or NULL. */
static char *literal(const char *p, const char *end)
{
	const char *q;

	while (p < end && git_isspace(*p))
		p++;
	if (p >= end || *p != '"')
		return NULL;
	for (q = ++p; q < end && *q != '"' && *q != '\n'; q++)
		if (*q == '\\' && q + 1 < end)
			q++;
	return q < end && *q == '"' ? xstrndup(p, (size_t)(q - p)) : NULL;
}

/* The .name = "..." of the initializer from { to its }. */
static char *initializer_name(const char *open)
{
	int depth = 0;

	for (const char *p = open; *p; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0)
			return NULL;
		else if (depth == 1 && !strncmp(p, ".name", 5)) {
			const char *q = p + 5;

			while (git_isspace(*q))
				q++;
			if (*q == '=')
				return literal(q + 1, q + strlen(q));
		}
	}
	return NULL;
}

void kunit_suite_names(char ***names, size_t *nr, const char *source)
{
	static const char decl[] = "struct kunit_suite";

	if (!strstr(source, "kunit_test_suite"))
		return;
	for (const char *p = source; (p = strstr(p, decl)); ) {
		const char *q = p + strlen(decl), *eq;
		char *name;

		p = q;
		if (!git_isspace(*q))
			continue;
		/* "struct kunit_suite foo = {", not a pointer or a prototype */
		eq = q + strcspn(q, "=;(*");
		if (*eq != '=')
			continue;
		for (q = eq + 1; git_isspace(*q); q++)
			;
		if (*q != '{')
			continue;
		name = initializer_name(q);
		if (name && !boot_strv_has(*names, *nr, name))
			boot_strv_push(names, nr, name);
		else
			free(name);
	}
}

char *kunit_filter_glob(char *const *suites, size_t nr)
{
	size_t len;
	struct buf g = BUF_INIT;

	if (!nr)
		return NULL;
	if (nr == 1)
		return xstrdup(suites[0]);
	len = strlen(suites[0]);
	for (size_t i = 1; i < nr; i++) {
		size_t k = 0;

		while (k < len && suites[i][k] == suites[0][k])
			k++;
		len = k;
	}
	if (!len)
		return NULL;
	buf_add(&g, suites[0], len);
	buf_addch(&g, '*');
	return buf_detach(&g, NULL);
}

/* One test object of a directory that registers suites. */
struct test_obj {
	char **names;		/* "test_list_sort.o", or a composite's
				 * object and its parts */
	size_t nr_names;
	char *symbol;
	char **suites;
	size_t nr_suites;
};

/* The suites that dir/<object's .c> registers, onto t. */
static void source_suites(struct test_obj *t, const char *tree,
			  const char *dir, const char *object)
{
	struct buf path = BUF_INIT, src = BUF_INIT;

	buf_addf(&path, "%s/%s%s%.*s.c", tree, dir, *dir ? "/" : "",
		 (int)(strlen(object) - 2), object);
	if (boot_is_file(path.ptr) && read_file(&src, path.ptr) == 0)
		kunit_suite_names(&t->suites, &t->nr_suites, buf_cstr(&src));
	error_clear();
	buf_release(&path);
	buf_release(&src);
}

/* The test object's suites, from its source or its parts' sources. */
static void object_suites(struct test_obj *t, const char *tree,
			  const char *dir, const char *makefile,
			  const char *object)
{
	boot_strv_push(&t->names, &t->nr_names, xstrdup(object));
	kconfig_composite_parts(&t->names, &t->nr_names, makefile, object);
	for (size_t i = 0; i < t->nr_names; i++)
		source_suites(t, tree, dir, t->names[i]);
}

/* The test objects of dir whose sources register KUnit suites. */
static void dir_tests(struct test_obj **out, size_t *nr, const char *tree,
		      const char *dir)
{
	struct buf mk = BUF_INIT;
	char **objects = NULL, **syms = NULL;
	size_t n = 0;

	if (kconfig_read_makefile(&mk, tree, dir) == 0)
		kconfig_test_objects(&objects, &syms, &n, buf_cstr(&mk));
	for (size_t i = 0; i < n; i++) {
		struct test_obj t = { 0 };

		object_suites(&t, tree, dir, buf_cstr(&mk), objects[i]);
		if (!t.nr_suites) {
			boot_strv_free(t.names, t.nr_names);
			continue;
		}
		t.symbol = xstrdup(syms[i]);
		*out = xrealloc(*out, (*nr + 1) * sizeof(**out));
		(*out)[(*nr)++] = t;
	}
	boot_strv_free(objects, n);
	boot_strv_free(syms, n);
	buf_release(&mk);
}

static void free_tests(struct test_obj *t, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		boot_strv_free(t[i].names, t[i].nr_names);
		free(t[i].symbol);
		boot_strv_free(t[i].suites, t[i].nr_suites);
	}
	free(t);
}

static void plan_add(struct kunit_plan *plan, const struct test_obj *t)
{
	if (!boot_strv_has(plan->symbols, plan->nr_symbols, t->symbol))
		boot_strv_push(&plan->symbols, &plan->nr_symbols,
			       xstrdup(t->symbol));
	for (size_t i = 0; i < t->nr_suites; i++)
		if (!boot_strv_has(plan->suites, plan->nr_suites,
				   t->suites[i]))
			boot_strv_push(&plan->suites, &plan->nr_suites,
				       xstrdup(t->suites[i]));
}

/* The directory of file ("" for the top), the caller's. */
static char *dir_of(const char *file)
{
	const char *slash = strrchr(file, '/');

	return slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup("");
}

/* Is test object t (or one of its parts) named after file? */
static bool test_named_after(const struct test_obj *t, const char *file)
{
	for (size_t i = 0; i < t->nr_names; i++)
		if (kunit_named_after(t->names[i], file))
			return true;
	return false;
}

/* The suites of dir for the touched files in it. */
static void dir_plan(struct kunit_plan *plan, const char *tree,
		     const char *dir, char *const *files, size_t nr_files)
{
	struct test_obj *tests = NULL;
	size_t nr = 0;
	bool named = false;

	dir_tests(&tests, &nr, tree, dir);
	for (size_t i = 0; i < nr; i++) {
		for (size_t k = 0; k < nr_files; k++) {
			char *d = dir_of(files[k]);
			bool here = !strcmp(d, dir);

			free(d);
			if (here && test_named_after(&tests[i], files[k])) {
				plan_add(plan, &tests[i]);
				named = true;
				break;
			}
		}
	}
	if (!named && nr == 1)
		plan_add(plan, &tests[0]);
	free_tests(tests, nr);
}

static bool is_source(const char *file)
{
	size_t len = strlen(file);

	return has_suffix(file, len, ".c") || has_suffix(file, len, ".h");
}

void kunit_find(struct kunit_plan *plan, const char *tree,
		char *const *files, size_t nr_files)
{
	char **dirs = NULL;
	size_t nr_dirs = 0;

	for (size_t i = 0; i < nr_files; i++) {
		char *d;

		if (!is_source(files[i]))
			continue;
		d = dir_of(files[i]);
		if (boot_strv_has(dirs, nr_dirs, d))
			free(d);
		else
			boot_strv_push(&dirs, &nr_dirs, d);
	}
	for (size_t i = 0; i < nr_dirs; i++)
		dir_plan(plan, tree, dirs[i], files, nr_files);
	boot_strv_free(dirs, nr_dirs);
}

void kunit_plan_release(struct kunit_plan *plan)
{
	boot_strv_free(plan->suites, plan->nr_suites);
	boot_strv_free(plan->symbols, plan->nr_symbols);
	memset(plan, 0, sizeof(*plan));
}
