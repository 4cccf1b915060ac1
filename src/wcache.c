// SPDX-License-Identifier: GPL-2.0
/* W=1 output kept per commit, configuration and file. */
#include "wcache.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "file.h"
#include "boot_util.h"
#include "util.h"

/* FNV-1a: a digest to tell configurations apart, not a security one. */
static uint64_t digest(const char *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

void wcache_open(struct wcache *w, const char *cell_dir,
		 const char *config_path)
{
	struct buf cfg = BUF_INIT;

	w->dir = path_join(cell_dir, "w1");
	if (read_file(&cfg, config_path) < 0)
		error_clear();
	snprintf(w->config, sizeof(w->config), "%016llx",
		 (unsigned long long)digest(buf_cstr(&cfg), cfg.len));
	buf_release(&cfg);
}

/* <dir>/<commit>-<config>-<file with '/' as '%'> */
static char *entry_path(const struct wcache *w, const char *commit,
			const char *file)
{
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/%s-%s-", w->dir, commit, w->config);
	for (const char *s = file; *s; s++)
		buf_addch(&p, *s == '/' ? '%' : *s);
	return buf_detach(&p, NULL);
}

int wcache_get(struct buf *out, int *status, const struct wcache *w,
	       const char *commit, const char *file)
{
	char *path = entry_path(w, commit, file);
	struct buf b = BUF_INIT;
	const char *nl;
	int hit = 0;

	if (read_file(&b, path) < 0) {
		error_clear();
		goto out;
	}
	/* "<status>\n" and then make's output */
	nl = memchr(buf_cstr(&b), '\n', b.len);
	if (!nl || nl != b.ptr + 1 || b.ptr[0] < '0' || b.ptr[0] > '9')
		goto out;
	*status = b.ptr[0] - '0';
	buf_add(out, nl + 1, b.len - (size_t)(nl + 1 - b.ptr));
	hit = 1;
out:
	buf_release(&b);
	free(path);
	return hit;
}

void wcache_put(const struct wcache *w, const char *commit, const char *file,
		int status, const char *text, size_t len)
{
	char *path = entry_path(w, commit, file);
	struct buf b = BUF_INIT;

	buf_addf(&b, "%d\n", status);
	buf_add(&b, text, len);
	if (mkdir_p(w->dir, 0755) < 0 ||
	    write_file_atomic(path, b.ptr, b.len, 0644) < 0)
		error_clear();
	buf_release(&b);
	free(path);
}

static bool has_prefix(const char *name, const char *commit)
{
	size_t n = strlen(commit);

	return !strncmp(name, commit, n) && name[n] == '-';
}

void wcache_commits(char ***v, size_t *nr, const struct wcache *w,
		    const char *file)
{
	char *any = entry_path(w, "", file);
	const char *tail = any + strlen(w->dir) + 1;
	size_t n = strlen(tail);
	DIR *d = opendir(w->dir);
	struct dirent *e;

	*v = NULL;
	*nr = 0;
	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);

		/* <commit>-<config>-<file>: tail is "-<config>-<file>" */
		if (len > n && !strcmp(e->d_name + len - n, tail))
			boot_strv_push(v, nr, xstrndup(e->d_name, len - n));
	}
	if (d)
		closedir(d);
	free(any);
}

void wcache_prune(const struct wcache *w, const char *a, const char *b)
{
	DIR *d = opendir(w->dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char *path;

		if (e->d_name[0] == '.' || (a && has_prefix(e->d_name, a)) ||
		    (b && has_prefix(e->d_name, b)))
			continue;
		path = path_join(w->dir, e->d_name);
		unlink(path);
		free(path);
	}
	closedir(d);
}

void wcache_release(struct wcache *w)
{
	free(w->dir);
	w->dir = NULL;
}
