#include "spdx.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "error.h"
#include "file.h"
#include "util.h"

/*
 * Built-in list, used outside a kernel tree: the identifiers of the
 * kernel's LICENSES/preferred and exceptions (GPL-2.0-compatible) with
 * their -only/-or-later/+ spellings, and the permissive ones of
 * LICENSES/deprecated.
 */
static const char *const builtin_ids[] = {
	"GPL-2.0", "GPL-2.0-only", "GPL-2.0+", "GPL-2.0-or-later",
	"LGPL-2.0", "LGPL-2.0-only", "LGPL-2.0+", "LGPL-2.0-or-later",
	"LGPL-2.1", "LGPL-2.1-only", "LGPL-2.1+", "LGPL-2.1-or-later",
	"MIT", "BSD-2-Clause", "BSD-3-Clause", "BSD-3-Clause-Clear",
	"ISC", "X11", "Zlib", "0BSD", "Linux-OpenIB",
	"Linux-syscall-note", "GCC-exception-2.0",
	NULL
};

/*
 * Licenses the kernel takes only as the other half of a dual license
 * (LICENSES/dual): outside a kernel tree they must stand in an OR.
 */
static const char *const dual_only_ids[] = {
	"Apache-2.0", "CC-BY-4.0", "CDDL-1.0", "MPL-1.1",
	"copyleft-next-0.3.1", NULL
};

static const char *const licenses_dirs[] = {
	"preferred", "dual", "exceptions", "deprecated", NULL
};

struct spdx_ids {
	char **ids;
	size_t nr;
	bool from_tree;
};

static void add_id(struct spdx_ids *s, const char *id, size_t n)
{
	while (n && git_isspace((unsigned char)id[n - 1]))
		n--;
	if (!n)
		return;
	s->ids = xrealloc(s->ids, (s->nr + 1) * sizeof(*s->ids));
	s->ids[s->nr++] = xstrndup(id, n);
}

/* GPL-2.0 also stands for GPL-2.0-only, GPL-2.0+ and GPL-2.0-or-later. */
static void add_with_variants(struct spdx_ids *s, const char *id)
{
	static const char *const suffixes[] = { "-only", "+", "-or-later" };
	char buf[256];

	add_id(s, id, strlen(id));
	if (strncmp(id, "GPL-", 4) && strncmp(id, "LGPL-", 5))
		return;
	for (size_t i = 0; i < 3; i++) {
		snprintf(buf, sizeof(buf), "%s%s", id, suffixes[i]);
		add_id(s, buf, strlen(buf));
	}
}

/*
 * The Valid-License-Identifier: lines of a LICENSES/ file. Only a regular
 * file of at most LICENSE_LIMIT is read: a tree may carry a link to
 * /dev/zero or a FIFO there, which must not hang a check or a commit.
 */
#define LICENSE_LIMIT ((size_t)4 << 20)
static bool add_valid_lines(struct spdx_ids *s, const char *path)
{
	static const char key[] = "Valid-License-Identifier:";
	struct buf text = BUF_INIT;
	bool found = false;

	if (read_regular_file(&text, path, LICENSE_LIMIT, 0) < 0) {
		error_clear();
		buf_release(&text);
		return false;
	}
	for (const char *line = buf_cstr(&text); *line;) {
		size_t n = strcspn(line, "\n");
		const char *v = line + sizeof(key) - 1;

		if (n >= sizeof(key) - 1 &&
		    !strncmp(line, key, sizeof(key) - 1)) {
			while (v < line + n && (*v == ' ' || *v == '\t'))
				v++;
			add_id(s, v, strcspn(v, "\r\n"));
			found = true;
		}
		line += n + (line[n] == '\n');
	}
	buf_release(&text);
	return found;
}

static void add_dir(struct spdx_ids *s, const char *dir)
{
	struct dirent *d;
	DIR *dp = opendir(dir);
	struct buf path = BUF_INIT;

	if (!dp)
		return;
	while ((d = readdir(dp))) {
		if (d->d_name[0] == '.')
			continue;
		buf_reset(&path);
		buf_addf(&path, "%s/%s", dir, d->d_name);
		if (!add_valid_lines(s, path.ptr))
			add_with_variants(s, d->d_name);
	}
	closedir(dp);
	buf_release(&path);
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void spdx_ids_load(struct spdx_ids **out, const char *workdir)
{
	struct spdx_ids *s = xcalloc(1, sizeof(*s));
	struct buf dir = BUF_INIT;

	if (workdir) {
		buf_addf(&dir, "%s/LICENSES/preferred", workdir);
		s->from_tree = is_dir(dir.ptr);
	}
	for (size_t i = 0; s->from_tree && licenses_dirs[i]; i++) {
		buf_reset(&dir);
		buf_addf(&dir, "%s/LICENSES/%s", workdir, licenses_dirs[i]);
		add_dir(s, dir.ptr);
	}
	for (size_t i = 0; !s->from_tree && builtin_ids[i]; i++)
		add_id(s, builtin_ids[i], strlen(builtin_ids[i]));
	buf_release(&dir);
	*out = s;
}

void spdx_ids_free(struct spdx_ids *ids)
{
	if (!ids)
		return;
	for (size_t i = 0; i < ids->nr; i++)
		free(ids->ids[i]);
	free(ids->ids);
	free(ids);
}

bool spdx_ids_from_tree(const struct spdx_ids *ids)
{
	return ids->from_tree;
}

bool spdx_ids_has(const struct spdx_ids *ids, const char *id)
{
	for (size_t i = 0; i < ids->nr; i++)
		if (!strcmp(ids->ids[i], id))
			return true;
	return false;
}

static bool in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (!strcmp(*list, s))
			return true;
	return false;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

enum spdx_style spdx_style_for(const char *path)
{
	static const char *const slashes[] = { ".c", ".dts", ".dtsi", ".rs",
					       ".cc", ".cpp", NULL };
	static const char *const block[] = { ".h", ".S", ".s", ".lds",
					     ".y", ".l", NULL };
	static const char *const hash[] = { ".sh", ".py", ".pl", ".awk",
					    ".mk", ".bash", ".tc", ".sed",
					    ".yaml", ".cocci", NULL };
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (!strncmp(path, "LICENSES/", 9))
		return SPDX_NONE;
	if (!strncmp(base, "Makefile", 8) || !strncmp(base, "Kconfig", 7) ||
	    !strcmp(base, "Kbuild"))
		return SPDX_HASH;
	for (size_t i = 0; slashes[i]; i++)
		if (ends_with(base, slashes[i]))
			return SPDX_SLASHES;
	for (size_t i = 0; block[i]; i++)
		if (ends_with(base, block[i]))
			return SPDX_BLOCK;
	for (size_t i = 0; hash[i]; i++)
		if (ends_with(base, hash[i]))
			return SPDX_HASH;
	if (ends_with(base, ".rst"))
		return SPDX_RST;
	return SPDX_NONE;
}

static char *style_line(enum spdx_style style, const char *license)
{
	struct buf b = BUF_INIT;

	switch (style) {
	case SPDX_SLASHES: buf_addf(&b, "// " SPDX_TAG " %s", license); break;
	case SPDX_BLOCK: buf_addf(&b, "/* " SPDX_TAG " %s */", license); break;
	case SPDX_HASH: buf_addf(&b, "# " SPDX_TAG " %s", license); break;
	case SPDX_RST: buf_addf(&b, ".. " SPDX_TAG " %s", license); break;
	case SPDX_NONE: break;
	}
	return buf_detach(&b, NULL);
}

/* The license expression after the tag, without a closing comment. */
static char *expression_of(const char *tag_end)
{
	const char *s = tag_end, *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && git_isspace((unsigned char)e[-1]))
		e--;
	if (e - s >= 2 && e[-2] == '*' && e[-1] == '/') {
		e -= 2;
		while (e > s && git_isspace((unsigned char)e[-1]))
			e--;
	}
	return xstrndup(s, (size_t)(e - s));
}

static bool is_operator(const char *w)
{
	return str_ieq(w, "OR") || str_ieq(w, "AND") || str_ieq(w, "WITH");
}

/* First identifier of expr not accepted (caller frees), NULL if none. */
static char *bad_identifier(const struct spdx_ids *ids, const char *expr)
{
	bool has_or = false, dual_only = false;
	char *copy = xstrdup(expr), *save = NULL, *w, *bad = NULL;

	for (w = strtok_r(copy, " \t()", &save); w && !bad;
	     w = strtok_r(NULL, " \t()", &save)) {
		if (is_operator(w)) {
			has_or |= str_ieq(w, "OR");
			continue;
		}
		if (spdx_ids_has(ids, w))
			continue;
		if (!ids->from_tree && in_list(dual_only_ids, w)) {
			dual_only = true;
			continue;
		}
		bad = xstrdup(w);
	}
	if (!bad && dual_only && !has_or)
		bad = xstrdup(expr);
	if (!bad && !*expr)
		bad = xstrdup("");
	free(copy);
	return bad;
}

/* Line n (0-based) of head as a string (caller frees), NULL past the end. */
static char *nth_line(const char *head, size_t len, size_t n)
{
	const char *p = head, *end = head + len, *nl;

	for (size_t i = 0; i < n; i++) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	if (p >= end)
		return NULL;
	nl = memchr(p, '\n', (size_t)(end - p));
	return xstrndup(p, nl ? (size_t)(nl - p) : (size_t)(end - p));
}

/* checkpatch's interpreter line: "#!" then optional blanks and a '/'. */
static bool is_interpreter_line(const char *line)
{
	while (*line == ' ' || *line == '\t')
		line++;
	if (strncmp(line, "#!", 2))
		return false;
	line += 2;
	while (*line == ' ' || *line == '\t')
		line++;
	return *line == '/';
}

/* An Emacs/PEP 263 encoding line: "# -*- coding: utf-8 -*-". */
static bool is_coding_line(const char *line)
{
	const char *mark = strstr(line, "-*-");

	return line[strspn(line, " \t")] == '#' && mark &&
	       strstr(mark + 3, "coding") && strstr(mark + 3, "-*-");
}

void spdx_check(struct spdx_result *out, const struct spdx_ids *ids,
		const char *path, const char *head, size_t len, bool binary)
{
	enum spdx_style style = spdx_style_for(path);
	char *lines[SPDX_HEAD_LINES] = { NULL }, *tag = NULL;
	size_t want = 0, at = 0;

	memset(out, 0, sizeof(*out));
	/*
	 * An empty file has no first line to carry the tag: checkpatch
	 * looks at the first added line and says nothing (a Python
	 * package's empty __init__.py).
	 */
	if (binary || style == SPDX_NONE || !len) {
		out->verdict = SPDX_NOT_NEEDED;
		return;
	}
	for (size_t i = 0; i < SPDX_HEAD_LINES; i++)
		lines[i] = nth_line(head, len, i);
	if (lines[0] && is_interpreter_line(lines[0]))
		want = 1;
	out->want_line = want + 1;
	out->after_coding = lines[want] && is_coding_line(lines[want]);
	for (size_t i = 0; i < SPDX_HEAD_LINES && !tag; i++)
		if (lines[i] && (tag = strstr(lines[i], SPDX_TAG)))
			at = i;
	if (!tag) {
		out->verdict = SPDX_IS_MISSING;
		out->line = want + 1;
		out->expected = style_line(style, "<identifier>");
		goto out;
	}
	out->line = at + 1;
	out->text = xstrdup(lines[at]);
	out->license = expression_of(tag + strlen(SPDX_TAG));
	out->expected = style_line(style, out->license);
	out->bad_id = bad_identifier(ids, out->license);
	if (out->bad_id)
		out->verdict = SPDX_BAD_LICENSE;
	else if (at != want)
		out->verdict = SPDX_MISPLACED;
	else if (strcmp(out->text, out->expected))
		out->verdict = SPDX_BAD_STYLE;
	else
		out->verdict = SPDX_OK;
out:
	for (size_t i = 0; i < SPDX_HEAD_LINES; i++)
		free(lines[i]);
}

void spdx_result_release(struct spdx_result *res)
{
	free(res->text);
	free(res->expected);
	free(res->license);
	free(res->bad_id);
	memset(res, 0, sizeof(*res));
}
