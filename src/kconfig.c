// SPDX-License-Identifier: GPL-2.0
/*
 * Kconfig and kbuild Makefiles read as text: the symbols a touched file
 * needs, the fragment with them, and what a .config confirms.
 */
#include "kconfig.h"

#include <string.h>
#include <stdlib.h>

#include "boot_util.h"
#include "util.h"

/* The Makefile text with continuation lines joined. */
static char *joined(const char *text)
{
	struct buf b = BUF_INIT;

	for (const char *p = text; *p; p++) {
		if (p[0] == '\\' && p[1] == '\n') {
			buf_addch(&b, ' ');
			p++;
			continue;
		}
		buf_addch(&b, *p);
	}
	return buf_detach(&b, NULL);
}


/* Does the right-hand side of an assignment list word? */
static bool rhs_has(const char *rhs, size_t len, const char *word)
{
	size_t wl = strlen(word);

	for (const char *p = rhs; p + wl <= rhs + len; p++) {
		if (memcmp(p, word, wl))
			continue;
		if ((p == rhs || git_isspace(p[-1])) &&
		    (p + wl == rhs + len || git_isspace(p[wl])))
			return true;
	}
	return false;
}

/*
 * Parse "<lhs> [:+]= <rhs>": lhs "obj-$(CONFIG_X)", "obj-y", "foo-y",
 * "foo-objs", "foo-$(CONFIG_X)". Returns false for other lines.
 */
static bool parse_assign(const char *line, size_t len, char **name,
			 char **sym, const char **rhs, size_t *rhs_len)
{
	const char *end = line + len, *p = line, *dash, *op;
	const char *lhs_end;

	while (p < end && git_isspace(*p))
		p++;
	op = p;
	while (op < end && *op != '=' && *op != '#')
		op++;
	if (op >= end || *op != '=' || op == p)
		return false;
	lhs_end = op;
	if (lhs_end > p && (lhs_end[-1] == '+' || lhs_end[-1] == ':'))
		lhs_end--;
	while (lhs_end > p && git_isspace(lhs_end[-1]))
		lhs_end--;
	/* "a-b-objs", "a-b-y", "a-b-$(CONFIG_X)": the name may hold dashes */
	dash = memmem(p, (size_t)(lhs_end - p), "-$(", 3);
	if (!dash)
		dash = memrchr(p, '-', (size_t)(lhs_end - p));
	if (!dash)
		return false;
	*name = xstrndup(p, (size_t)(dash - p));
	*sym = NULL;
	if (lhs_end - dash > 10 && !memcmp(dash + 1, "$(CONFIG_", 9) &&
	    lhs_end[-1] == ')')
		*sym = xstrndup(dash + 10, (size_t)(lhs_end - dash - 11));
	else if (!(lhs_end - dash == 2 && dash[1] == 'y') &&
		 !(lhs_end - dash == 5 && !memcmp(dash + 1, "objs", 4)))
		goto no;
	*rhs = op + 1;
	*rhs_len = (size_t)(end - *rhs);
	return true;
no:
	free(*name);
	return false;
}

/* An assignment of a Makefile, as parse_assign reads it. */
struct assign {
	char *name, *sym;	/* the caller frees both */
	const char *rhs;
	size_t rhs_len;
};

/* The next assignment from *p on (*p then past its line); false at the end. */
static bool next_assign(struct assign *a, const char **p)
{
	while (**p) {
		const char *line = *p;
		size_t len = strcspn(line, "\n");

		*p += len;
		if (**p)
			(*p)++;
		if (parse_assign(line, len, &a->name, &a->sym, &a->rhs,
				 &a->rhs_len))
			return true;
	}
	return false;
}

/*
 * Look for object in the assignments: returns true when an obj-... line
 * lists it (its symbol, if any, added to syms); *composite is the "foo"
 * of a "foo-y += object" line, for a second look.
 */
static bool scan_makefile(char ***syms, size_t *nr, const char *text,
			  const char *object, char **composite)
{
	bool found = false;
	struct assign a;

	while (next_assign(&a, &text)) {
		if (rhs_has(a.rhs, a.rhs_len, object)) {
			bool is_obj = !strcmp(a.name, "obj");

			found |= is_obj;
			if (!is_obj && !*composite)
				*composite = xstrdup(a.name);
			if (a.sym && !boot_strv_has(*syms, *nr, a.sym)) {
				boot_strv_push(syms, nr, a.sym);
				a.sym = NULL;
			}
		}
		free(a.sym);
		free(a.name);
	}
	return found;
}

int kconfig_makefile_symbols(char ***syms, size_t *nr, const char *makefile,
			     const char *object)
{
	char *text = joined(makefile);
	char *composite = NULL;
	size_t before = *nr;
	bool found = scan_makefile(syms, nr, text, object, &composite);

	if (!found && composite) {
		struct buf o = BUF_INIT;
		char *again = NULL;

		buf_addf(&o, "%s.o", composite);
		found = scan_makefile(syms, nr, text, o.ptr, &again);
		free(again);
		buf_release(&o);
	}
	free(composite);
	free(text);
	if (!found)
		return 0;
	return *nr > before ? 2 : 1;
}

/* Does a Kconfig symbol name a test (FOO_KUNIT_TEST, TEST_FOO)? */
static bool test_symbol(const char *sym)
{
	return strstr(sym, "KUNIT") || strstr(sym, "TEST");
}

/*
 * Each word of rhs that ends in ".o" onto *objects, and sym onto *syms
 * beside it (syms NULL: the objects alone).
 */
static void push_objects(char ***objects, char ***syms, size_t *nr,
			 const char *rhs, size_t len, const char *sym)
{
	const char *end = rhs + len;

	for (const char *p = rhs; p < end; ) {
		const char *w;

		while (p < end && git_isspace(*p))
			p++;
		for (w = p; p < end && !git_isspace(*p); p++)
			;
		if (p - w > 2 && !memcmp(p - 2, ".o", 2)) {
			size_t n = *nr;

			boot_strv_push(objects, &n,
				       xstrndup(w, (size_t)(p - w)));
			if (syms)
				boot_strv_push(syms, nr, xstrdup(sym));
			*nr = n;
		}
	}
}

void kconfig_test_objects(char ***objects, char ***syms, size_t *nr,
			  const char *makefile)
{
	char *text = joined(makefile);
	const char *p = text;
	struct assign a;

	while (next_assign(&a, &p)) {
		if (a.sym && test_symbol(a.sym))
			push_objects(objects, syms, nr, a.rhs, a.rhs_len,
				     a.sym);
		free(a.sym);
		free(a.name);
	}
	free(text);
}

void kconfig_composite_parts(char ***parts, size_t *nr,
			     const char *makefile, const char *object)
{
	char *text = joined(makefile);
	const char *p = text;
	size_t len = strlen(object);
	struct assign a;

	if (len > 2 && !strcmp(object + len - 2, ".o"))
		len -= 2;
	while (next_assign(&a, &p)) {
		if (strlen(a.name) == len && !strncmp(a.name, object, len))
			push_objects(parts, NULL, nr, a.rhs, a.rhs_len, NULL);
		free(a.sym);
		free(a.name);
	}
	free(text);
}

int kconfig_read_makefile(struct buf *out, const char *wt, const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };

	for (size_t i = 0; i < 2; i++) {
		struct buf p = BUF_INIT;
		int ret;

		buf_addf(&p, "%s/%s%s%s", wt, dir, *dir ? "/" : "",
			 names[i]);
		ret = boot_is_file(p.ptr) ? read_file(out, p.ptr) : -1;
		buf_release(&p);
		if (ret == 0)
			return 0;
	}
	error_clear();
	return -1;
}

/* "dir/" of the last component of dir, as its parent's Makefile names it. */
static char *dir_object(const char *dir)
{
	const char *up = strrchr(dir, '/');
	struct buf o = BUF_INIT;

	buf_addf(&o, "%s/", up ? up + 1 : dir);
	return buf_detach(&o, NULL);
}

void kconfig_file_symbols(char ***syms, size_t *nr, const char *tree,
			  const char *file)
{
	char *dir = xstrdup(file);
	char *slash = strrchr(dir, '/');
	char *object;
	size_t len = strlen(file);

	if (len < 3 || (strcmp(file + len - 2, ".c") &&
			strcmp(file + len - 2, ".S")) || !slash) {
		free(dir);
		return;
	}
	*slash = '\0';
	object = xstrdup(slash + 1);
	object[strlen(object) - 1] = 'o';
	while (*dir) {
		struct buf mk = BUF_INIT;
		char *up;

		if (kconfig_read_makefile(&mk, tree, dir) == 0)
			kconfig_makefile_symbols(syms, nr, mk.ptr, object);
		buf_release(&mk);
		free(object);
		/* The directory itself, in its parent's Makefile. */
		object = dir_object(dir);
		up = strrchr(dir, '/');
		if (up)
			*up = '\0';
		else
			*dir = '\0';
		/* The top Makefile builds arch/ and the core dirs itself. */
		if (!*dir || !strcmp(dir, "arch"))
			break;
	}
	free(object);
	free(dir);
}

void kconfig_need_kunit(char ***syms, size_t *nr)
{
	static const char *const needs[] = { "KUNIT", "RUNTIME_TESTING_MENU",
					     NULL };
	bool tests = false;

	for (size_t i = 0; i < *nr; i++)
		tests |= strstr((*syms)[i], "KUNIT") != NULL;
	for (const char *const *n = needs; tests && *n; n++)
		if (!boot_strv_has(*syms, *nr, *n))
			boot_strv_push(syms, nr, xstrdup(*n));
}

char *kconfig_arch_fragment(const char *fragment, const char *arch)
{
	static const char bit64[] = "CONFIG_64BIT=y";
	struct buf f = BUF_INIT;

	for (const char *p = fragment; *p; ) {
		size_t len = strcspn(p, "\n");

		if (!strcmp(arch, "i386") && len == strlen(bit64) &&
		    !memcmp(p, bit64, len))
			buf_adds(&f, "# CONFIG_64BIT is not set");
		else
			buf_add(&f, p, len);
		p += len;
		if (*p) {
			buf_addch(&f, '\n');
			p++;
		}
	}
	return buf_detach(&f, NULL);
}

char *kconfig_fragment(const char *fragment, char *const *syms, size_t nr)
{
	struct buf f = BUF_INIT;

	buf_adds(&f, fragment);
	for (size_t i = 0; i < nr; i++)
		buf_addf(&f, "CONFIG_%s=y\n", syms[i]);
	return buf_detach(&f, NULL);
}

bool kconfig_has(const char *config, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = config; (p = strstr(p, line)); p += n)
		if ((p == config || p[-1] == '\n') &&
		    (p[n] == '\n' || !p[n]))
			return true;
	return false;
}

bool kconfig_confirm(char ***missing, size_t *nr_missing, char **lost,
		     const char *config, const char *fragment,
		     char *const *syms, size_t nr)
{
	struct buf gone = BUF_INIT;

	for (size_t i = 0; i < nr; i++) {
		struct buf l = BUF_INIT;

		buf_addf(&l, "CONFIG_%s=y", syms[i]);
		if (!kconfig_has(config, l.ptr))
			boot_strv_push(missing, nr_missing, xstrdup(syms[i]));
		buf_release(&l);
	}
	for (const char *p = fragment; *p; ) {
		size_t len = strcspn(p, "\n");

		if (len && *p != '#') {
			char *l = xstrndup(p, len);

			if (!kconfig_has(config, l))
				buf_addf(&gone, "%s%s", gone.len ? " " : "",
					 l);
			free(l);
		}
		p += len;
		if (*p)
			p++;
	}
	*lost = gone.len ? buf_detach(&gone, NULL) : NULL;
	buf_release(&gone);
	return !*lost;
}

/*
 * Of scripts/, Kconfig runs its own programs (scripts/kconfig/) and the
 * shell scripts its $(shell,...) macros call (cc-version.sh and the
 * like); checkpatch.pl, coccinelle's files and the rest are not read.
 */
static bool kconfig_script(const char *path, const char *base)
{
	size_t len = strlen(base);

	return !strncmp(path, "scripts/kconfig/", 16) ||
	       (len > 3 && !strcmp(base + len - 3, ".sh")) ||
	       !strncmp(base, "Makefile", 8);
}

bool kconfig_path_matters(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return !strncmp(base, "Kconfig", 7) ||
	       (!strncmp(path, "scripts/", 8) && kconfig_script(path, base)) ||
	       !strncmp(path, "arch/x86/configs/", 17) ||
	       !strcmp(path, "Makefile") ||
	       !strncmp(path, "kernel/configs/", 15);
}
