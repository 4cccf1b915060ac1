// SPDX-License-Identifier: GPL-2.0
/*
 * Pristine object trees in the cache: key, store, seed with the
 * timestamps moved, and the size bound (least recently used first).
 */
#include "kcache.h"

#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <dirent.h>
#include <unistd.h>

#include "boot_util.h"
#include "kernel_tree.h"

/* FNV-1a: names the fragment in the key, not a security measure. */
static uint32_t fnv(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

char *kcache_key(const char *tree_id, const char *arch, const char *config,
		 const char *fragment)
{
	struct buf k = BUF_INIT;

	buf_addf(&k, "%.12s-%s-%s-%08x", tree_id, arch, config,
		 fnv(fragment));
	return buf_detach(&k, NULL);
}

/* $DISCLOSE_OBJECT_CACHE (a benchmark's empty one), else <cache>/objects. */
static char *objects_dir(void)
{
	const char *env = getenv("DISCLOSE_OBJECT_CACHE");
	char *cache;

	if (env && *env)
		return xstrdup(env);
	cache = ktree_cache_dir();
	char *dir = path_join(cache, "objects");

	free(cache);
	return dir;
}

static char *entry_file(const char *key, const char *name)
{
	char *dir = objects_dir(), *entry = path_join(dir, key);
	char *p = name ? path_join(entry, name) : xstrdup(entry);

	free(dir);
	free(entry);
	return p;
}

bool kcache_has(const char *key)
{
	char *ready = entry_file(key, "ready");
	bool has = boot_is_file(ready);

	free(ready);
	return has;
}

/* cp -a, with copy-on-write clones where the file system has them. */
static int copy_tree(const char *from, const char *to)
{
	struct buf err = BUF_INIT;
	int st = boot_cmd(NULL, &err, NULL, (const char *const[]){ "cp", "-a",
			  "--reflink=auto", "--", from, to, NULL }, NULL, 0);

	if (st != 0) {
		char *line = boot_first_line(buf_cstr(&err));

		error_set("cannot copy %s to %s: %s", from, to, line);
		free(line);
	}
	buf_release(&err);
	return st == 0 ? 0 : -1;
}

static void touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	if (fd >= 0) {
		futimens(fd, NULL);
		close(fd);
	}
}

/* text into the new entry's file name (tmp is the entry being made). */
static int put_file(const char *tmp, const char *name, const char *text)
{
	char *p = path_join(tmp, name);
	int ret = write_file_atomic(p, text, strlen(text), 0644);

	free(p);
	return ret;
}

static char *join_lines(char *const *v, size_t nr)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < nr; i++)
		buf_addf(&b, "%s\n", v[i]);
	return buf_detach(&b, NULL);
}

/* The text of key's entry file name into *out; false when it has none. */
static bool read_entry(struct buf *out, const char *key, const char *name)
{
	char *p = entry_file(key, name);
	bool ok = boot_is_file(p) && read_file(out, p) == 0;

	error_clear();
	free(p);
	return ok;
}

void kcache_dirty(const char *key, char ***v, size_t *nr)
{
	struct buf text = BUF_INIT;

	*v = NULL;
	*nr = 0;
	if (read_entry(&text, key, "dirty"))
		boot_strv_lines(v, nr, buf_cstr(&text));
	buf_release(&text);
}

char *kcache_fragment(const char *key)
{
	struct buf text = BUF_INIT;

	if (read_entry(&text, key, "fragment"))
		return buf_detach(&text, NULL);
	buf_release(&text);
	return NULL;
}

bool kcache_wants(const char *key, size_t nr_dirty)
{
	char **v;
	size_t have;

	if (!kcache_has(key))
		return true;
	kcache_dirty(key, &v, &have);
	boot_strv_free(v, have);
	return nr_dirty < have;
}

/* tmp in place of key's entry; an entry there is moved aside, removed. */
static int install(const char *tmp, const char *entry)
{
	struct buf old = BUF_INIT;
	int ret = 0;

	buf_addf(&old, "%s.tmp.old.%ld", entry, (long)getpid());
	if (rename(entry, old.ptr) < 0 && errno != ENOENT)
		ret = error_set("cannot rename %s: %s", entry,
				strerror(errno));
	if (ret == 0 && rename(tmp, entry) < 0)
		ret = error_set("cannot rename %s: %s", tmp, strerror(errno));
	boot_rm_rf(old.ptr);
	buf_release(&old);
	return ret;
}

int kcache_store(const char *key, const char *obj, const char *src,
		 char *const *dirty, size_t nr_dirty, const char *fragment)
{
	char *entry = entry_file(key, NULL), *lines = NULL;
	struct buf tmp = BUF_INIT;
	char *tobj = NULL, *ready = NULL;
	int ret;

	if (!kcache_wants(key, nr_dirty)) {
		ret = 0;
		goto out;
	}
	buf_addf(&tmp, "%s.tmp.%ld", entry, (long)getpid());
	boot_rm_rf(tmp.ptr);
	ret = mkdir_p(tmp.ptr, 0755);
	tobj = path_join(tmp.ptr, "obj");
	if (ret == 0)
		ret = copy_tree(obj, tobj);
	if (ret == 0)
		ret = put_file(tmp.ptr, "origin", src);
	lines = join_lines(dirty, nr_dirty);
	if (ret == 0)
		ret = put_file(tmp.ptr, "dirty", lines);
	if (ret == 0 && fragment)
		ret = put_file(tmp.ptr, "fragment", fragment);
	if (ret == 0) {
		ready = path_join(tmp.ptr, "ready");
		touch(ready);
		ret = install(tmp.ptr, entry);
	}
	if (ret < 0)
		boot_rm_rf(tmp.ptr);
	else
		ret = 1;
out:
	free(entry);
	free(lines);
	free(tobj);
	free(ready);
	buf_release(&tmp);
	return ret;
}

/* ---- the tools' absolute paths ---- */

static const char *walk_from, *walk_to;
static int walk_err;

/*
 * tools/ (objtool, fixdep) is built with absolute paths in its .cmd and
 * .d files; unless they name the new tree, objtool is rebuilt, and with
 * it every object. Rewritten with their times kept.
 */
static int repath(const char *path, const struct stat *st, int type,
		  struct FTW *ftw)
{
	size_t len = strlen(path), n = strlen(walk_from);
	struct buf text = BUF_INIT, out = BUF_INIT;
	const char *p, *hit;

	if (type != FTW_F || !((len > 4 && !strcmp(path + len - 4, ".cmd")) ||
			       (len > 2 && !strcmp(path + len - 2, ".d"))))
		return 0;
	if (read_file(&text, path) < 0 || !memmem(text.ptr, text.len,
						   walk_from, n))
		goto out;
	for (p = text.ptr; (hit = memmem(p, text.len - (size_t)(p - text.ptr),
					 walk_from, n)); p = hit + n) {
		buf_add(&out, p, (size_t)(hit - p));
		buf_adds(&out, walk_to);
	}
	buf_add(&out, p, text.len - (size_t)(p - text.ptr));
	if (write_file_atomic(path, out.ptr, out.len, 0644) < 0 ||
	    utimensat(AT_FDCWD, path, (const struct timespec[]){ st->st_atim,
		      st->st_mtim }, 0) < 0)
		walk_err = -1;
out:
	error_clear();
	buf_release(&text);
	buf_release(&out);
	return 0;
}

static int repath_tools(const char *key, const char *obj, const char *src)
{
	char *origin = entry_file(key, "origin"), *tools;
	struct buf from = BUF_INIT;
	int ret = 0;

	if (read_file(&from, origin) < 0 || !from.len ||
	    !strcmp(from.ptr, src)) {
		error_clear();
		goto out;
	}
	tools = path_join(obj, "tools");
	walk_from = from.ptr;
	walk_to = src;
	walk_err = 0;
	if (boot_is_dir(tools))
		nftw(tools, repath, 64, FTW_PHYS);
	if (walk_err)
		ret = error_set("cannot rewrite the paths in %s", tools);
	free(tools);
out:
	free(origin);
	buf_release(&from);
	return ret;
}

/* ---- moving the timestamps ---- */

struct stamp {
	char *path;
	struct timespec mtime;
};

static struct stamp *walk_stamps;
static size_t walk_nr, walk_alloc;

static int collect(const char *path, const struct stat *st, int type,
		   struct FTW *ftw)
{
	if (type != FTW_F)
		return 0;
	if (walk_nr == walk_alloc) {
		walk_alloc = walk_alloc ? 2 * walk_alloc : 4096;
		walk_stamps = xrealloc(walk_stamps,
				       walk_alloc * sizeof(*walk_stamps));
	}
	walk_stamps[walk_nr].path = xstrdup(path);
	walk_stamps[walk_nr++].mtime = st->st_mtim;
	return 0;
}

static int by_mtime(const void *a, const void *b)
{
	const struct timespec *x = &((const struct stamp *)a)->mtime;
	const struct timespec *y = &((const struct stamp *)b)->mtime;

	if (x->tv_sec != y->tv_sec)
		return x->tv_sec < y->tv_sec ? -1 : 1;
	if (x->tv_nsec != y->tv_nsec)
		return x->tv_nsec < y->tv_nsec ? -1 : 1;
	return 0;
}

static struct timespec ts_add_us(struct timespec t, long long us)
{
	long long ns = (long long)t.tv_nsec + us * 1000;

	t.tv_sec += ns / 1000000000;
	ns %= 1000000000;
	if (ns < 0) {
		ns += 1000000000;
		t.tv_sec--;
	}
	t.tv_nsec = ns;
	return t;
}

/*
 * Every file of obj gets a time in the 10 ms before now, one microsecond
 * apart in the order they had (equal times stay equal): make then finds
 * each object newer than the sources checked out before the copy, and
 * the objects among themselves as they were.
 */
static int restamp(const char *obj)
{
	struct timespec now, t;
	size_t rank = 0;
	int ret = 0;

	walk_stamps = NULL;
	walk_nr = walk_alloc = 0;
	if (nftw(obj, collect, 64, FTW_PHYS) < 0)
		ret = error_set("cannot walk %s: %s", obj, strerror(errno));
	qsort(walk_stamps, walk_nr, sizeof(*walk_stamps), by_mtime);
	clock_gettime(CLOCK_REALTIME, &now);
	now = ts_add_us(now, -10000 - (long long)walk_nr);
	for (size_t i = 0; i < walk_nr; i++) {
		if (i && by_mtime(&walk_stamps[i - 1], &walk_stamps[i]))
			rank++;
		t = ts_add_us(now, (long long)rank);
		if (!ret && utimensat(AT_FDCWD, walk_stamps[i].path,
				      (const struct timespec[]){ t, t },
				      AT_SYMLINK_NOFOLLOW) < 0)
			ret = error_set("cannot set the time of %s: %s",
					walk_stamps[i].path, strerror(errno));
		free(walk_stamps[i].path);
	}
	free(walk_stamps);
	walk_stamps = NULL;
	return ret;
}

/* Each of files that exists in src made as new as now. */
static int make_newer(const char *src, char *const *files, size_t nr,
		      struct timespec now)
{
	for (size_t i = 0; i < nr; i++) {
		char *p = path_join(src, files[i]);
		int st = utimensat(AT_FDCWD, p,
				   (const struct timespec[]){ now, now }, 0);

		/* a deleted file is not there */
		if (st < 0 && errno != ENOENT) {
			error_set("cannot set the time of %s: %s", p,
				  strerror(errno));
			free(p);
			return -1;
		}
		free(p);
	}
	return 0;
}

int kcache_seed(const char *key, const char *obj, const char *src,
		char *const *changed, size_t nr)
{
	char *from = entry_file(key, "obj"), *used = entry_file(key, "ready");
	char **dirty;
	size_t nr_dirty;
	struct timespec now;
	int ret = copy_tree(from, obj);

	kcache_dirty(key, &dirty, &nr_dirty);
	if (ret == 0)
		ret = repath_tools(key, obj, src);
	if (ret == 0)
		ret = restamp(obj);
	/* newer than every object */
	clock_gettime(CLOCK_REALTIME, &now);
	if (ret == 0)
		ret = make_newer(src, changed, nr, now);
	if (ret == 0)
		ret = make_newer(src, dirty, nr_dirty, now);
	if (ret < 0)
		boot_rm_rf(obj);
	else
		touch(used);
	boot_strv_free(dirty, nr_dirty);
	free(from);
	free(used);
	return ret;
}

/* ---- the bound ---- */

struct entry {
	char *path;
	unsigned long long bytes;
	long long used;
};

static unsigned long long walk_bytes;

static int add_size(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	walk_bytes += (unsigned long long)st->st_blocks * 512;
	return 0;
}

static unsigned long long du(const char *path)
{
	walk_bytes = 0;
	nftw(path, add_size, 64, FTW_PHYS);
	return walk_bytes;
}

static long long mtime_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_mtime : 0;
}

static void human(struct buf *out, unsigned long long n)
{
	static const char units[] = "KMGT";
	double v = (double)n;
	int u = -1;

	while (v >= 1024 && u < 3) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		buf_addf(out, "%lluB", n);
	else
		buf_addf(out, "%.1f%c", v, units[u]);
}

static void push_entry(struct entry **v, size_t *nr, const char *path,
		       const char *stamp)
{
	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	(*v)[*nr].path = xstrdup(path);
	(*v)[*nr].bytes = du(path);
	(*v)[*nr].used = mtime_of(stamp);
	(*nr)++;
}

static int by_use(const void *a, const void *b)
{
	long long x = ((const struct entry *)a)->used;
	long long y = ((const struct entry *)b)->used;

	return x < y ? -1 : x > y;
}

static void list_objects(struct entry **v, size_t *nr)
{
	char *dir = objects_dir();
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char *p, *ready;

		if (e->d_name[0] == '.' || strstr(e->d_name, ".tmp."))
			continue;
		p = path_join(dir, e->d_name);
		ready = path_join(p, "ready");
		if (boot_is_dir(p))
			push_entry(v, nr, p, ready);
		free(p);
		free(ready);
	}
	if (d)
		closedir(d);
	free(dir);
}

int kcache_gc(struct buf *report, unsigned long long max_bytes,
	      char *const *extra, char *const *extra_stamp, size_t nr_extra)
{
	struct entry *v = NULL;
	size_t nr = 0;
	unsigned long long total = 0, kept;
	int ret = 0;

	list_objects(&v, &nr);
	for (size_t i = 0; i < nr_extra; i++)
		if (boot_is_dir(extra[i]))
			push_entry(&v, &nr, extra[i], extra_stamp[i]);
	qsort(v, nr, sizeof(*v), by_use);
	for (size_t i = 0; i < nr; i++)
		total += v[i].bytes;
	kept = total;
	for (size_t i = 0; i < nr; i++) {
		char when[32] = "never";
		time_t t = (time_t)v[i].used;
		bool evict = kept > max_bytes;

		if (t)
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M",
				 localtime(&t));
		buf_adds(report, evict ? "removed " : "kept    ");
		human(report, v[i].bytes);
		buf_addf(report, "\t%s\t%s\n", when, v[i].path);
		if (evict) {
			if (boot_rm_rf(v[i].path) < 0 && !ret)
				ret = -1;
			else
				kept -= v[i].bytes;
		}
		free(v[i].path);
	}
	free(v);
	buf_adds(report, "disk use: ");
	human(report, total);
	buf_adds(report, " before, ");
	human(report, kept);
	buf_adds(report, " after (bound ");
	human(report, max_bytes);
	buf_adds(report, ")\n");
	return ret;
}

int kcache_parse_size(unsigned long long *out, const char *s)
{
	char *end;
	double n = strtod(s, &end);
	unsigned long long mult = 1;

	if (end == s || n < 0)
		return -1;
	switch (*end) {
	case 'T': mult <<= 10; /* fall through */
	case 'G': mult <<= 10; /* fall through */
	case 'M': mult <<= 10; /* fall through */
	case 'K': mult <<= 10; end++; break;
	case '\0': break;
	default: return -1;
	}
	if (*end)
		return -1;
	*out = (unsigned long long)(n * (double)mult);
	return 0;
}
