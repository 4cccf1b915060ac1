// SPDX-License-Identifier: GPL-2.0
/*
 * git disclose boot: the boot driver. Resolves the series, moves a
 * reused detached worktree to its committed tip (or applies it onto a
 * cached pristine tree of Debian's linux-source tarball), configures
 * tinyconfig plus kernel/disclose.config, builds bzImage out of tree,
 * boots it in QEMU (TCG) with a newc initramfs written here, and keeps
 * the verdict in <gitdir>/disclose/boot.json.
 *
 * Every program runs through run.h with an argument vector; git is the
 * command-line git (only src/repo.c may use libgit2, and worktrees, am
 * and format-patch are git's own).
 */
#include "boot.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "json.h"
#include "run.h"

#define PRISTINE_PKG "linux-source-6.1"
#define PRISTINE_IDENT_NAME PRISTINE_PKG
#define PRISTINE_IDENT_EMAIL "pristine@localhost"
/* CC/LD/AR lines of a first tinyconfig+fragment build (measured). */
#define FIRST_BUILD_STEPS 970
#define GIT_TIMEOUT_MS (30 * 60 * 1000)
/* How long a KVM boot may take before KVM counts as not working. */
#define KVM_PROOF_MS (15 * 1000)

/* Everything one run works with. */
struct boot_ctx {
	const struct boot_opts *opts;
	struct boot_verdict *v;
	char *repo;		/* work tree (or git dir) of the series */
	char *gitdir;		/* its git directory, absolute */
	char *dir;		/* <gitdir>/disclose/boot */
	char *wt, *obj;		/* worktree and build directory */
	char *base_repo;	/* repository the worktree belongs to */
	char *build_rev;	/* what the worktree is moved to */
	char **revs;		/* rev-parse of the range: tip, ^bases */
	size_t nr_revs;
	bool single;		/* the range was one commit */
	bool from_source;	/* series applied onto the tarball tree */
	char *tarball;
	char **touched;		/* files the series touches */
	size_t nr_touched;
	char *nonce;
	int lock_fd;
};

/* ---- small helpers ---- */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *path_join(const char *a, const char *b)
{
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/%s", a, b);
	return buf_detach(&p, NULL);
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	int ret = 0;

	for (char *s = p + 1; ; s++) {
		if (*s && *s != '/')
			continue;
		char c = *s;

		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST) {
			ret = error_set("cannot create '%s': %s", p,
					strerror(errno));
			break;
		}
		*s = c;
		if (!c)
			break;
	}
	free(p);
	return ret;
}

static void strv_push(char ***v, size_t *nr, char *s)
{
	*v = xrealloc(*v, (*nr + 2) * sizeof(**v));
	(*v)[(*nr)++] = s;
	(*v)[*nr] = NULL;
}

static bool strv_has(char **v, size_t nr, const char *s)
{
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

static void strv_free(char **v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(v[i]);
	free(v);
}

static void chomp(struct buf *b)
{
	while (b->len && (b->ptr[b->len - 1] == '\n' ||
			  b->ptr[b->len - 1] == '\r'))
		b->ptr[--b->len] = '\0';
}

static void progress(struct boot_ctx *c, const char *stage, int done,
		     int total)
{
	if (c->opts->progress)
		c->opts->progress(c->opts->progress_data, stage, done, total);
}

/* The first line of text, for error messages. */
static char *first_line(const char *text)
{
	while (*text == '\n')
		text++;
	return xstrndup(text, strcspn(text, "\n"));
}

/*
 * Run argv in cwd; stdout into out (may be NULL), stderr into err (may
 * be NULL: then it is dropped). Returns the exit status, or negative
 * when the program could not run.
 */
static int run_full(struct buf *out, struct buf *err, const char *cwd,
		    const char *const argv[], const char *const *env,
		    int timeout_ms)
{
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result r;
	struct buf junk = BUF_INIT;
	int efd = memfd_create("stderr", MFD_CLOEXEC);
	int ret;

	if (efd < 0)
		return error_set("cannot create a memory file: %s",
				 strerror(errno));
	o.cwd = cwd;
	o.env = env;
	o.timeout_ms = timeout_ms;
	o.stderr_fd = efd;
	ret = run_capture(&r, out ? out : &junk, argv, &o);
	buf_release(&junk);
	if (ret == 0 && err) {
		char chunk[4096];
		ssize_t n;

		lseek(efd, 0, SEEK_SET);
		while ((n = read(efd, chunk, sizeof(chunk))) > 0)
			buf_add(err, chunk, (size_t)n);
		buf_add(err, "", 0);
	}
	close(efd);
	if (ret < 0)
		return ret;
	if (r.status == 127 && err && strstr(buf_cstr(err), "cannot run"))
		return error_set("cannot run '%s': is it installed?", argv[0]);
	return r.timed_out ? 124 : r.status;
}

/* Run git in dir; on failure set an error quoting git's first line. */
static int git(struct buf *out, const char *dir, const char *const args[],
	       const char *const *env)
{
	const char *argv[32] = { "git", "-C", dir };
	struct buf err = BUF_INIT;
	size_t n = 3;
	int st;

	for (; *args && n < 31; args++)
		argv[n++] = *args;
	argv[n] = NULL;
	st = run_full(out, &err, NULL, argv, env, GIT_TIMEOUT_MS);
	if (st > 0) {
		char *line = first_line(buf_cstr(&err));

		error_set("git %s failed in %s: %s", argv[3], dir,
			  *line ? line : "(no message)");
		free(line);
		st = -1;
	}
	buf_release(&err);
	return st;
}

/* ---- dependencies ---- */

struct dep {
	const char *what;	/* program on PATH, or an absolute file */
	const char *package;
};

static const struct dep build_deps[] = {
	{ "git", "git" },
	{ "make", "make" },
	{ "gcc", "gcc" },
	{ "flex", "flex" },
	{ "bison", "bison" },
	{ "bc", "bc" },
	{ "/usr/include/libelf.h", "libelf-dev" },
	{ "/usr/include/openssl/opensslv.h", "libssl-dev" },
	{ "qemu-system-x86_64", "qemu-system-x86" },
	{ "/bin/busybox", "busybox-static" },
};

static int check_deps(bool from_source)
{
	for (size_t i = 0; i < sizeof(build_deps) / sizeof(build_deps[0]);
	     i++) {
		const struct dep *d = &build_deps[i];
		bool ok = d->what[0] == '/' ? access(d->what, R_OK) == 0 :
					      run_in_path(d->what);

		if (!ok)
			return error_set("%s is missing: install it with "
					 "'apt-get install %s'", d->what,
					 d->package);
	}
	if (from_source && !run_in_path("xz"))
		return error_set("xz is missing: install it with "
				 "'apt-get install xz-utils'");
	return 0;
}

/* busybox must be static: the initramfs has no libraries. */
static int check_busybox(void)
{
	char head[64] = { 0 };
	struct buf out = BUF_INIT;
	int fd = open("/bin/busybox", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, head, sizeof(head)) : -1;
	int st;

	if (fd >= 0)
		close(fd);
	if (n < 4 || memcmp(head, "\177ELF", 4))
		return error_set("/bin/busybox is not an ELF program: install "
				 "'apt-get install busybox-static'");
	st = run_full(&out, NULL, NULL, (const char *const[]){
		"ldd", "/bin/busybox", NULL }, NULL, 10000);
	if (st == 0 && strstr(buf_cstr(&out), "libc.so")) {
		buf_release(&out);
		return error_set("/bin/busybox is dynamically linked: install "
				 "'apt-get install busybox-static'");
	}
	buf_release(&out);
	return 0;
}

/* ---- the repository and the range ---- */

static int open_repo(struct boot_ctx *c)
{
	const char *args[] = { "rev-parse", "--absolute-git-dir", NULL };
	const char *where = c->opts->tree ? c->opts->tree : ".";
	struct buf out = BUF_INIT;

	if (c->opts->tree && !is_dir(c->opts->tree))
		return error_set("--tree %s: no such directory", c->opts->tree);
	if (git(&out, where, args, NULL) < 0) {
		buf_release(&out);
		return error_set("%s is not in a git repository: run "
				 "git disclose boot inside the series' "
				 "repository or give --tree DIR",
				 c->opts->tree ? c->opts->tree :
						 "the current directory");
	}
	chomp(&out);
	c->gitdir = buf_detach(&out, NULL);
	c->repo = xstrdup(where);
	c->dir = path_join(c->gitdir, "disclose/boot");
	return mkdir_p(c->dir);
}

static int resolve_range(struct boot_ctx *c)
{
	const char *range = c->opts->range;
	struct buf out = BUF_INIT;
	char *line, *save = NULL;
	int ret;

	if (!range) {
		const char *up[] = { "rev-parse", "-q", "--verify",
				     "@{upstream}", NULL };

		range = git(&out, c->repo, up, NULL) == 0 ?
			"@{upstream}..HEAD" : "HEAD";
		error_clear();
		buf_reset(&out);
	}
	ret = git(&out, c->repo, (const char *const[]){ "rev-parse",
		  "--revs-only", range, "--", NULL }, NULL);
	if (ret < 0) {
		buf_release(&out);
		return error_set("'%s' is not a commit range here: give "
				 "<base>..<tip> or a commit", range);
	}
	for (line = strtok_r(out.ptr, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		strv_push(&c->revs, &c->nr_revs, xstrdup(line));
	buf_release(&out);
	/* The tip first, the excluded bases after it. */
	for (size_t i = 0; i < c->nr_revs; i++) {
		if (c->revs[i][0] == '^')
			continue;
		char *t = c->revs[i];

		memmove(c->revs + 1, c->revs, i * sizeof(*c->revs));
		c->revs[0] = t;
		break;
	}
	if (!c->nr_revs || c->revs[0][0] == '^')
		return error_set("'%s' names no tip commit: give "
				 "<base>..<tip> or a commit", range);
	c->single = c->nr_revs == 1;
	c->v->tip = xstrdup(c->revs[0]);
	return 0;
}

static bool tip_has(struct boot_ctx *c, const char *file)
{
	struct buf spec = BUF_INIT;
	int st;

	buf_addf(&spec, "%s:%s", c->v->tip, file);
	st = git(NULL, c->repo, (const char *const[]){ "cat-file", "-e",
		 spec.ptr, NULL }, NULL);
	buf_release(&spec);
	error_clear();
	return st == 0;
}

/* Files the series touches (for the Kconfig symbols they need). */
static int series_files(struct boot_ctx *c)
{
	const char *args[32] = { "log", "--format=", "--name-only",
				 "--no-renames" };
	struct buf out = BUF_INIT;
	size_t n = 4;
	char *line, *save = NULL;

	if (c->single)
		args[n++] = "-1";
	for (size_t i = 0; i < c->nr_revs && n < 30; i++)
		args[n++] = c->revs[i];
	args[n++] = "--";
	args[n] = NULL;
	if (git(&out, c->repo, args, NULL) < 0) {
		buf_release(&out);
		return -1;
	}
	for (line = strtok_r(out.ptr, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (!strv_has(c->touched, c->nr_touched, line))
			strv_push(&c->touched, &c->nr_touched, xstrdup(line));
	buf_release(&out);
	return 0;
}

/* ---- the pristine tree of the tarball (layout shared with tree.sh) ---- */

static char *cache_dir(void)
{
	const char *d = getenv("DISCLOSE_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	struct buf p = BUF_INIT;

	if (d && *d)
		return xstrdup(d);
	if (xdg && *xdg)
		buf_addf(&p, "%s/git-disclose", xdg);
	else
		buf_addf(&p, "%s/.cache/git-disclose", home ? home : "/tmp");
	return buf_detach(&p, NULL);
}

/*
 * The version naming the cached tree: the Debian package's when the
 * tarball is the package's, else the tarball's size.
 */
static char *source_version(const char *tarball)
{
	struct buf out = BUF_INIT;
	struct stat st;

	if (!strcmp(tarball, BOOT_DEFAULT_SOURCE) &&
	    run_full(&out, NULL, NULL, (const char *const[]){ "dpkg-query",
		     "-W", "-f=${Version}", PRISTINE_PKG, NULL }, NULL,
		     30000) == 0 && out.len) {
		chomp(&out);
		return buf_detach(&out, NULL);
	}
	buf_release(&out);
	if (stat(tarball, &st) < 0)
		return NULL;
	buf_addf(&out, "%lld", (long long)st.st_size);
	return buf_detach(&out, NULL);
}

/* The stem of the tarball name: "linux-source-6.1" of ".../x.tar.xz". */
static char *tarball_stem(const char *tarball)
{
	const char *base = strrchr(tarball, '/');
	const char *dot;

	base = base ? base + 1 : tarball;
	dot = strstr(base, ".tar");
	return xstrndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

static bool pristine_usable(const char *path)
{
	int st = git(NULL, path, (const char *const[]){ "rev-parse", "-q",
		     "--verify", "pristine^{commit}", NULL }, NULL);

	error_clear();
	return st == 0;
}

static int rm_rf(const char *path)
{
	int st = run_full(NULL, NULL, NULL, (const char *const[]){ "rm", "-rf",
			  "--", path, NULL }, NULL, 0);

	return st == 0 ? 0 : error_set("cannot remove %s", path);
}

static int fill_pristine(const char *tmp, const char *tarball,
			 const char *stem, const char *version)
{
	static const char *const ident[] = {
		"GIT_AUTHOR_NAME=" PRISTINE_IDENT_NAME,
		"GIT_AUTHOR_EMAIL=" PRISTINE_IDENT_EMAIL,
		"GIT_AUTHOR_DATE=@0 +0000",
		"GIT_COMMITTER_NAME=" PRISTINE_IDENT_NAME,
		"GIT_COMMITTER_EMAIL=" PRISTINE_IDENT_EMAIL,
		"GIT_COMMITTER_DATE=@0 +0000",
		NULL
	};
	struct buf msg = BUF_INIT;
	struct buf err = BUF_INIT;
	int st;

	if (mkdir_p(tmp) < 0)
		return -1;
	st = run_full(NULL, &err, NULL, (const char *const[]){ "tar", "-xJf",
		      tarball, "-C", tmp, "--strip-components=1",
		      "--no-same-owner", NULL }, NULL, 0);
	if (st != 0) {
		char *line = first_line(buf_cstr(&err));

		buf_release(&err);
		error_set("cannot extract %s: %s", tarball, line);
		free(line);
		return -1;
	}
	buf_release(&err);
	buf_addf(&msg, "%s %s (pristine)", stem, version);
	st = git(NULL, tmp, (const char *const[]){ "init", "-q", "-b", "main",
		 NULL }, NULL);
	if (!st)
		st = git(NULL, tmp, (const char *const[]){ "config",
			 "core.autocrlf", "false", NULL }, NULL);
	if (!st)
		st = git(NULL, tmp, (const char *const[]){ "config",
			 "gc.auto", "0", NULL }, NULL);
	if (!st)
		st = git(NULL, tmp, (const char *const[]){ "config",
			 "core.safecrlf", "false", NULL }, NULL);
	if (!st)
		st = git(NULL, tmp, (const char *const[]){ "add", "-f", "-A",
			 ".", NULL }, NULL);
	if (!st)
		st = git(NULL, tmp, (const char *const[]){ "-c",
			 "commit.gpgsign=false", "commit", "-q", "--no-verify",
			 "-m", msg.ptr, NULL }, ident);
	if (!st)
		st = git(NULL, tmp, (const char *const[]){ "tag", "pristine",
			 NULL }, NULL);
	buf_release(&msg);
	return st;
}

/* The cached pristine repository of the tarball, built when missing. */
static int pristine_repo(char **out, struct boot_ctx *c)
{
	char *cache = cache_dir();
	char *version = source_version(c->tarball);
	char *stem = tarball_stem(c->tarball);
	struct buf path = BUF_INIT, tmp = BUF_INIT;
	int ret = 0;

	if (!version) {
		ret = error_set("%s not found: install it with 'apt-get "
				"install %s' or give --source TARBALL",
				c->tarball, PRISTINE_PKG);
		goto out;
	}
	buf_addf(&path, "%s/%s-%s", cache, stem, version);
	if (is_dir(path.ptr)) {
		if (!pristine_usable(path.ptr))
			ret = error_set("%s exists but has no 'pristine' "
					"commit: remove it and run again",
					path.ptr);
		goto out;
	}
	if (mkdir_p(cache) < 0) {
		ret = -1;
		goto out;
	}
	progress(c, "extracting the kernel source (once)", 0, 0);
	buf_addf(&tmp, "%s.tmp.%ld", path.ptr, (long)getpid());
	if (fill_pristine(tmp.ptr, c->tarball, stem, version) < 0) {
		ret = -1;
		rm_rf(tmp.ptr);
		goto out;
	}
	/* Another run may have finished first: keep its tree. */
	if (rename(tmp.ptr, path.ptr) < 0) {
		rm_rf(tmp.ptr);
		if (!pristine_usable(path.ptr))
			ret = error_set("cannot move %s into place: %s",
					tmp.ptr, strerror(errno));
	}
out:
	if (!ret)
		*out = buf_detach(&path, NULL);
	buf_release(&path);
	buf_release(&tmp);
	free(cache);
	free(version);
	free(stem);
	return ret;
}

/* ---- the worktree ---- */

static char *common_dir(const char *dir)
{
	struct buf out = BUF_INIT;
	const char *args[] = { "rev-parse", "--path-format=absolute",
			       "--git-common-dir", NULL };

	if (git(&out, dir, args, NULL) < 0) {
		error_clear();
		buf_release(&out);
		return NULL;
	}
	chomp(&out);
	return buf_detach(&out, NULL);
}

/*
 * Put the worktree at rev: reuse it when it belongs to base_repo (a
 * forced checkout rewrites only the files that differ, so make sees the
 * old mtimes of the others), else make a new one.
 */
static int prepare_worktree(struct boot_ctx *c)
{
	char *want = common_dir(c->base_repo);
	char *have = is_dir(c->wt) ? common_dir(c->wt) : NULL;
	int ret;

	if (!want)
		return error_set("%s is not a git repository", c->base_repo);
	if (have && !strcmp(have, want)) {
		/* A failed git am of an earlier run leaves state behind. */
		git(NULL, c->wt, (const char *const[]){ "am", "--abort",
		    NULL }, NULL);
		error_clear();
		ret = git(NULL, c->wt, (const char *const[]){ "checkout", "-q",
			  "--detach", "--force", c->build_rev, NULL }, NULL);
		goto out;
	}
	if (is_dir(c->wt) && rm_rf(c->wt) < 0) {
		ret = -1;
		goto out;
	}
	git(NULL, c->base_repo, (const char *const[]){ "worktree", "prune",
	    NULL }, NULL);
	error_clear();
	ret = git(NULL, c->base_repo, (const char *const[]){ "worktree", "add",
		  "-q", "--detach", "--force", c->wt, c->build_rev, NULL },
		  NULL);
out:
	free(want);
	free(have);
	return ret;
}

/* git format-patch the series, git am it onto the pristine worktree. */
static int apply_series(struct boot_ctx *c)
{
	static const char *const ident[] = {
		"GIT_COMMITTER_NAME=git-disclose",
		"GIT_COMMITTER_EMAIL=boot@localhost",
		NULL
	};
	char *pdir = path_join(c->dir, "series");
	const char *args[40] = { "format-patch", "-q", "--no-signature",
				 "-o", pdir };
	const char *am[40] = { "am", "-q", "--keep-cr" };
	struct buf out = BUF_INIT;
	size_t n = 5, m = 3;
	char *line, *save = NULL;
	char **files = NULL;
	size_t nr = 0;
	int ret;

	rm_rf(pdir);
	if (c->single)
		args[n++] = "-1";
	for (size_t i = 0; i < c->nr_revs && n < 38; i++)
		args[n++] = c->revs[i];
	args[n] = NULL;
	ret = git(NULL, c->repo, args, NULL);
	if (ret < 0)
		goto out;
	/* The files format-patch wrote, in order. */
	buf_reset(&out);
	ret = run_full(&out, NULL, pdir, (const char *const[]){ "ls", "-1",
		       NULL }, NULL, 10000);
	for (line = strtok_r(out.ptr, "\n", &save); line && m < 38;
	     line = strtok_r(NULL, "\n", &save)) {
		strv_push(&files, &nr, path_join(pdir, line));
		am[m++] = files[nr - 1];
	}
	am[m] = NULL;
	if (!nr) {
		ret = 0;
		goto out;
	}
	if (nr > 34) {
		ret = error_set("the series has %zu patches; --source takes at "
				"most 34", nr);
		goto out;
	}
	ret = git(NULL, c->wt, am, ident);
	if (ret < 0) {
		c->v->status = xstrdup("series-failed");
		c->v->summary = xstrdup("the series does not apply to the "
					"tarball's tree");
		c->v->detail = xstrdup(error_last());
		error_clear();
		ret = 1;
	}
out:
	strv_free(files, nr);
	buf_release(&out);
	free(pdir);
	return ret;
}

/* ---- Kconfig symbols for the touched files ---- */

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
	dash = memchr(p, '-', (size_t)(lhs_end - p));
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

/*
 * Look for object in the assignments: returns true when an obj-... line
 * lists it (its symbol, if any, added to syms); *composite is the "foo"
 * of a "foo-y += object" line, for a second look.
 */
static bool scan_makefile(char ***syms, size_t *nr, const char *text,
			  const char *object, char **composite)
{
	bool found = false;

	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");
		const char *rhs;
		size_t rhs_len;
		char *name, *sym;

		if (parse_assign(p, len, &name, &sym, &rhs, &rhs_len)) {
			if (rhs_has(rhs, rhs_len, object)) {
				bool is_obj = !strcmp(name, "obj");

				found |= is_obj;
				if (!is_obj && !*composite)
					*composite = xstrdup(name);
				if (sym && !strv_has(*syms, *nr, sym)) {
					strv_push(syms, nr, sym);
					sym = NULL;
				}
			}
			free(sym);
			free(name);
		}
		p += len;
		if (*p)
			p++;
	}
	return found;
}

int boot_makefile_symbols(char ***syms, size_t *nr, const char *makefile,
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

static int read_makefile(struct buf *out, const char *wt, const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };

	for (size_t i = 0; i < 2; i++) {
		struct buf p = BUF_INIT;
		int ret;

		buf_addf(&p, "%s/%s%s%s", wt, dir, *dir ? "/" : "",
			 names[i]);
		ret = is_file(p.ptr) ? read_file(out, p.ptr) : -1;
		buf_release(&p);
		if (ret == 0)
			return 0;
	}
	error_clear();
	return -1;
}

/* The symbols for one touched file and each directory above it. */
static void file_symbols(struct boot_ctx *c, const char *file)
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

		if (read_makefile(&mk, c->wt, dir) == 0)
			boot_makefile_symbols(&c->v->enabled,
					      &c->v->nr_enabled, mk.ptr,
					      object);
		buf_release(&mk);
		free(object);
		/* The directory itself, in its parent's Makefile. */
		up = strrchr(dir, '/');
		object = xstrdup(up ? up + 1 : dir);
		{
			struct buf o = BUF_INIT;

			buf_addf(&o, "%s/", object);
			free(object);
			object = buf_detach(&o, NULL);
		}
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

/*
 * A KUnit test symbol is only settable with KUnit itself enabled, and
 * most (lib/Kconfig.debug) sit under the Runtime Testing menu.
 */
static void need_kunit(struct boot_ctx *c)
{
	static const char *const needs[] = { "KUNIT", "RUNTIME_TESTING_MENU",
					     NULL };
	bool tests = false;

	for (size_t i = 0; i < c->v->nr_enabled; i++)
		tests |= strstr(c->v->enabled[i], "KUNIT") != NULL;
	for (const char *const *n = needs; tests && *n; n++)
		if (!strv_has(c->v->enabled, c->v->nr_enabled, *n))
			strv_push(&c->v->enabled, &c->v->nr_enabled,
				  xstrdup(*n));
}

/* ---- configuration ---- */

/*
 * The kernel's make runs on its own: a parent make's flags (its jobserver,
 * -w, which prints "Entering directory" into make -s kernelrelease) are
 * not passed down when git disclose itself runs under make.
 */
static const char *const *make_env(void)
{
	static const char *const env[] = {
		"LC_ALL=C", "ARCH=x86_64", "MAKEFLAGS", "MFLAGS", "MAKELEVEL",
		"MAKEOVERRIDES", "GNUMAKEFLAGS", NULL
	};

	return env;
}

static int run_make(struct boot_ctx *c, struct buf *err, const char *target,
		    bool quiet)
{
	struct buf o = BUF_INIT;
	int st;

	buf_addf(&o, "O=%s", c->obj);
	st = run_full(NULL, err, c->wt, (const char *const[]){ "make",
		      quiet ? "-s" : "--no-print-directory", o.ptr, target,
		      NULL }, make_env(), 0);
	buf_release(&o);
	return st;
}

/* The fragment plus CONFIG_X=y for each symbol the touched files need. */
static char *fragment_text(struct boot_ctx *c)
{
	struct buf f = BUF_INIT;

	buf_adds(&f, boot_fragment);
	for (size_t i = 0; i < c->v->nr_enabled; i++)
		buf_addf(&f, "CONFIG_%s=y\n", c->v->enabled[i]);
	return buf_detach(&f, NULL);
}

/* Does .config say CONFIG_<sym>=<val>? */
static bool config_has(const char *config, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = config; (p = strstr(p, line)); p += n)
		if ((p == config || p[-1] == '\n') &&
		    (p[n] == '\n' || !p[n]))
			return true;
	return false;
}

/* Which fragment lines (and added symbols) did not survive olddefconfig. */
static int check_config(struct boot_ctx *c)
{
	char *cfg = path_join(c->obj, ".config");
	struct buf text = BUF_INIT, lost = BUF_INIT;
	int ret = read_file(&text, cfg);

	free(cfg);
	if (ret < 0)
		goto out;
	for (size_t i = 0; i < c->v->nr_enabled; i++) {
		struct buf l = BUF_INIT;

		buf_addf(&l, "CONFIG_%s=y", c->v->enabled[i]);
		if (!config_has(text.ptr, l.ptr))
			strv_push(&c->v->missing, &c->v->nr_missing,
				  xstrdup(c->v->enabled[i]));
		buf_release(&l);
	}
	for (const char *p = boot_fragment; *p; ) {
		size_t len = strcspn(p, "\n");

		if (len && *p != '#') {
			char *l = xstrndup(p, len);

			if (!config_has(text.ptr, l))
				buf_addf(&lost, "%s%s", lost.len ? " " : "",
					 l);
			free(l);
		}
		p += len;
		if (*p)
			p++;
	}
	if (lost.len) {
		c->v->status = xstrdup("config-failed");
		c->v->summary = xstrdup("the boot configuration did not "
					"survive olddefconfig");
		c->v->detail = buf_detach(&lost, NULL);
		ret = 1;
	}
out:
	buf_release(&text);
	buf_release(&lost);
	return ret;
}

/*
 * The key of a configuration: the fragment text and the files that can
 * change what Kconfig says. The saved key lets an unchanged series skip
 * the ~10 s of tinyconfig + merge + olddefconfig.
 */
static bool config_current(struct boot_ctx *c, const char *frag,
			   const char *head)
{
	char *keyf = path_join(c->dir, "config.key");
	char *cfg = path_join(c->obj, ".config");
	struct buf key = BUF_INIT, diff = BUF_INIT;
	bool ok = false;
	const char *nl;

	if (!is_file(cfg) || read_file(&key, keyf) < 0)
		goto out;
	nl = strchr(key.ptr, '\n');
	if (!nl || strcmp(nl + 1, frag))
		goto out;
	{
		char *old = xstrndup(key.ptr, (size_t)(nl - key.ptr));
		int st = git(&diff, c->wt, (const char *const[]){ "diff",
			     "--name-only", old, head, NULL }, NULL);

		free(old);
		if (st < 0)
			goto out;
	}
	ok = true;
	for (const char *p = diff.ptr; p && *p; ) {
		size_t len = strcspn(p, "\n");
		char *f = xstrndup(p, len);
		const char *base = strrchr(f, '/');

		base = base ? base + 1 : f;
		if (!strncmp(base, "Kconfig", 7) || !strncmp(f, "scripts/", 8) ||
		    !strncmp(f, "arch/x86/configs/", 17) ||
		    !strcmp(f, "Makefile") || !strncmp(f, "kernel/configs/", 15))
			ok = false;
		free(f);
		p += len;
		if (*p)
			p++;
	}
out:
	error_clear();
	free(keyf);
	free(cfg);
	buf_release(&key);
	buf_release(&diff);
	return ok;
}

static char *worktree_head(struct boot_ctx *c)
{
	struct buf out = BUF_INIT;

	if (git(&out, c->wt, (const char *const[]){ "rev-parse", "HEAD",
		NULL }, NULL) < 0) {
		buf_release(&out);
		return NULL;
	}
	chomp(&out);
	return buf_detach(&out, NULL);
}

static int make_failed(struct boot_ctx *c, const char *what, struct buf *err)
{
	struct buf s = BUF_INIT;

	buf_addf(&s, "make %s failed", what);
	c->v->status = xstrdup("config-failed");
	c->v->summary = buf_detach(&s, NULL);
	c->v->detail = first_line(buf_cstr(err));
	return 1;
}

static int configure(struct boot_ctx *c)
{
	char *frag = fragment_text(c);
	char *fragf = path_join(c->dir, "disclose.config");
	char *cfg = path_join(c->obj, ".config");
	char *head = worktree_head(c);
	struct buf err = BUF_INIT, key = BUF_INIT;
	int ret = 0;

	if (!head) {
		ret = -1;
		goto out;
	}
	if (config_current(c, frag, head)) {
		c->v->configured = false;
		ret = check_config(c);
		goto out;
	}
	c->v->configured = true;
	progress(c, "configuring", 0, 0);
	if (mkdir_p(c->obj) < 0 ||
	    write_file_atomic(fragf, frag, strlen(frag), 0644) < 0) {
		ret = -1;
		goto out;
	}
	if (run_make(c, &err, "tinyconfig", true) != 0) {
		ret = make_failed(c, "tinyconfig", &err);
		goto out;
	}
	buf_reset(&err);
	if (run_full(NULL, &err, c->wt, (const char *const[]){
		     "scripts/kconfig/merge_config.sh", "-m", "-O", c->obj,
		     cfg, fragf, NULL }, make_env(), 0) != 0) {
		ret = make_failed(c, "merge_config.sh", &err);
		goto out;
	}
	buf_reset(&err);
	if (run_make(c, &err, "olddefconfig", true) != 0) {
		ret = make_failed(c, "olddefconfig", &err);
		goto out;
	}
	ret = check_config(c);
	if (ret == 0)
		buf_addf(&key, "%s\n%s", head, frag);
out:
	if (ret == 0 && key.len) {
		char *keyf = path_join(c->dir, "config.key");

		write_file_atomic(keyf, key.ptr, key.len, 0644);
		free(keyf);
	}
	free(frag);
	free(fragf);
	free(cfg);
	free(head);
	buf_release(&err);
	buf_release(&key);
	return ret;
}

/* ---- the build ---- */

static bool step_line(const char *p, size_t len)
{
	return len > 4 && p[0] == ' ' && p[1] == ' ' &&
	       (!memcmp(p + 2, "CC", 2) || !memcmp(p + 2, "LD", 2) ||
		!memcmp(p + 2, "AR", 2)) && p[4] == ' ';
}

static int count_steps(const char *text)
{
	int n = 0;

	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");

		n += step_line(p, len);
		p += len;
		if (*p)
			p++;
	}
	return n;
}

/* The last BOOT_TAIL_LINES lines of the log text, to opts->log_tail. */
static void report_tail(struct boot_ctx *c, const struct buf *text)
{
	const char *s;
	size_t n;

	if (!c->opts->log_tail)
		return;
	s = text_tail(buf_cstr(text), text->len, BOOT_TAIL_LINES, &n);
	c->opts->log_tail(c->opts->progress_data, s, n);
}

struct watch {
	struct boot_ctx *c;
	const char *log;
	int total;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool stop;
};

/* Count the build log's steps twice a second and report the fraction. */
static void *watch_build(void *arg)
{
	struct watch *w = arg;

	pthread_mutex_lock(&w->lock);
	while (!w->stop) {
		struct timespec ts;
		struct buf text = BUF_INIT;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 500 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&w->cond, &w->lock, &ts);
		if (w->stop)
			break;
		if (read_file(&text, w->log) == 0) {
			int done = count_steps(text.ptr);

			progress(w->c, "building", done < w->total ? done :
				 w->total - 1, w->total);
			report_tail(w->c, &text);
		}
		error_clear();
		buf_release(&text);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

static int saved_steps(struct boot_ctx *c)
{
	char *f = path_join(c->dir, "build.steps");
	struct buf b = BUF_INIT;
	int n = 0;

	if (read_file(&b, f) == 0)
		n = atoi(b.ptr);
	error_clear();
	buf_release(&b);
	free(f);
	return n > 0 ? n : FIRST_BUILD_STEPS;
}

/* The first compiler or linker error of the log, and its file. */
/* text with every "<prefix>/" removed: worktree paths made relative. */
static char *strip_prefix(const char *text, size_t len, const char *prefix)
{
	struct buf out = BUF_INIT, pre = BUF_INIT;
	const char *p = text, *end = text + len, *hit;

	buf_addf(&pre, "%s/", prefix);
	while ((hit = memmem(p, (size_t)(end - p), pre.ptr, pre.len))) {
		buf_add(&out, p, (size_t)(hit - p));
		p = hit + pre.len;
	}
	buf_add(&out, p, (size_t)(end - p));
	buf_release(&pre);
	return buf_detach(&out, NULL);
}

/* The first line of the log that holds one of the marks, or NULL. */
static const char *first_error(const char *log)
{
	static const char *const marks[] = { ": error:", ": fatal error:",
					     "undefined reference", "*** ",
					     NULL };

	for (const char *const *m = marks; *m; m++) {
		const char *hit = strstr(log, *m);

		if (!hit)
			continue;
		while (hit > log && hit[-1] != '\n')
			hit--;
		return hit;
	}
	return NULL;
}

/* The first compiler or linker error of the log, and its file. */
static void build_error(struct boot_ctx *c, const char *log)
{
	const char *hit = first_error(log), *end;

	if (!hit) {
		/* The tail of the log is the best we have. */
		size_t lines = 0;

		hit = log + strlen(log);
		while (hit > log && lines < 9)
			if (*--hit == '\n')
				lines++;
	} else {
		size_t len = strcspn(hit, "\n");
		const char *colon = memchr(hit, ':', len);

		if (colon && !memmem(hit, len, "*** ", 4) &&
		    memchr(hit, '.', (size_t)(colon - hit)))
			c->v->error_file = strip_prefix(hit,
							(size_t)(colon - hit),
							c->wt);
	}
	end = hit;
	for (int i = 0; i < 8 && *end; i++) {
		end = strchrnul(end, '\n');
		if (*end)
			end++;
	}
	while (end > hit && end[-1] == '\n')
		end--;
	c->v->detail = strip_prefix(hit, (size_t)(end - hit), c->wt);
}

static int run_build(struct boot_ctx *c)
{
	char *log = c->v->build_log = path_join(c->dir, "build.log");
	struct watch w = { c, log, saved_steps(c),
			   PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
			   false };
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result r;
	struct buf jobs = BUF_INIT, od = BUF_INIT, text = BUF_INIT;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	pthread_t th;
	bool watching;
	int fd, ret;

	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return error_set("cannot write %s: %s", log, strerror(errno));
	buf_addf(&jobs, "-j%ld", cpus > 0 ? cpus : 1);
	buf_addf(&od, "O=%s", c->obj);
	o.cwd = c->wt;
	o.env = make_env();
	o.stdout_fd = fd;
	o.stderr_fd = fd;
	progress(c, "building", 0, w.total);
	watching = pthread_create(&th, NULL, watch_build, &w) == 0;
	ret = run_wait(&r, (const char *const[]){ "make", jobs.ptr, od.ptr,
		       "bzImage", NULL }, &o);
	close(fd);
	if (watching) {
		pthread_mutex_lock(&w.lock);
		w.stop = true;
		pthread_cond_signal(&w.cond);
		pthread_mutex_unlock(&w.lock);
		pthread_join(th, NULL);
	}
	if (ret < 0)
		goto out;
	if (read_file(&text, log) < 0) {
		ret = -1;
		goto out;
	}
	if (r.status != 0) {
		c->v->status = xstrdup("build-failed");
		c->v->summary = xstrdup("the kernel does not build");
		build_error(c, text.ptr);
		ret = 1;
		goto out;
	}
	progress(c, "building", w.total, w.total);
	{
		int steps = count_steps(text.ptr);
		char *f = path_join(c->dir, "build.steps");
		struct buf n = BUF_INIT;

		/* A no-op rebuild says nothing about the next one. */
		if (steps > 50) {
			buf_addf(&n, "%d\n", steps);
			write_file_atomic(f, n.ptr, n.len, 0644);
		}
		buf_release(&n);
		free(f);
	}
out:
	buf_release(&jobs);
	buf_release(&od);
	buf_release(&text);
	return ret;
}

static int kernel_release(struct boot_ctx *c)
{
	struct buf out = BUF_INIT, err = BUF_INIT, o = BUF_INIT;
	int st;

	buf_addf(&o, "O=%s", c->obj);
	st = run_full(&out, &err, c->wt, (const char *const[]){ "make", "-s",
		      "--no-print-directory", o.ptr, "kernelrelease", NULL },
		      make_env(), 60000);
	buf_release(&o);
	chomp(&out);
	if (st != 0 || !out.len) {
		char *line = first_line(buf_cstr(&err));

		error_set("make kernelrelease failed: %s", line);
		free(line);
		buf_release(&out);
		buf_release(&err);
		return -1;
	}
	buf_release(&err);
	c->v->release = buf_detach(&out, NULL);
	return 0;
}

/* ---- the initramfs: a newc cpio archive, written without root ---- */

struct cpio {
	int fd;
	unsigned ino;
	int err;
};

static void cpio_write(struct cpio *a, const void *data, size_t len)
{
	const char *p = data;

	while (len && !a->err) {
		ssize_t n = write(a->fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			a->err = errno ? errno : EIO;
			return;
		}
		p += n;
		len -= (size_t)n;
	}
}

static void cpio_pad(struct cpio *a, size_t len)
{
	static const char zeros[4];

	if (len % 4)
		cpio_write(a, zeros, 4 - len % 4);
}

/* One entry: header, name, data, each padded to four bytes. */
static void cpio_entry(struct cpio *a, const char *name, unsigned mode,
		       unsigned rmajor, unsigned rminor, const void *data,
		       size_t len)
{
	char hdr[128];
	size_t nlen = strlen(name) + 1;

	snprintf(hdr, sizeof(hdr),
		 "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 ++a->ino, mode, 0u, 0u, (mode & 0170000) == 0040000 ? 2u : 1u,
		 0u, (unsigned)len, 0u, 0u, rmajor, rminor, (unsigned)nlen,
		 0u);
	cpio_write(a, hdr, 110);
	cpio_write(a, name, nlen);
	cpio_pad(a, 110 + nlen);
	cpio_write(a, data, len);
	cpio_pad(a, len);
}

int boot_write_initramfs(const char *path, const char *busybox,
			 const char *init, size_t init_len)
{
	static const char *const dirs[] = { "bin", "dev", "proc", "sys",
					    "sbin", "etc", "tmp", NULL };
	struct buf bb = BUF_INIT, tmp = BUF_INIT;
	struct cpio a = { -1, 0, 0 };
	int ret = read_file(&bb, busybox);

	if (ret < 0)
		return error_set("cannot read %s: install busybox-static",
				 busybox);
	buf_addf(&tmp, "%s.tmp", path);
	a.fd = open(tmp.ptr, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (a.fd < 0) {
		ret = error_set("cannot write %s: %s", tmp.ptr,
				strerror(errno));
		goto out;
	}
	cpio_entry(&a, ".", 0040755, 0, 0, NULL, 0);
	for (const char *const *d = dirs; *d; d++)
		cpio_entry(&a, *d, 0040755, 0, 0, NULL, 0);
	/* The kernel opens /dev/console for init before anything mounts. */
	cpio_entry(&a, "dev/console", 0020600, 5, 1, NULL, 0);
	cpio_entry(&a, "dev/null", 0020666, 1, 3, NULL, 0);
	cpio_entry(&a, "bin/busybox", 0100755, 0, 0, bb.ptr, bb.len);
	cpio_entry(&a, "bin/sh", 0120777, 0, 0, "busybox", 7);
	cpio_entry(&a, "init", 0100755, 0, 0, init, init_len);
	cpio_entry(&a, "TRAILER!!!", 0, 0, 0, NULL, 0);
	if (close(a.fd) < 0 && !a.err)
		a.err = errno;
	if (a.err) {
		ret = error_set("cannot write %s: %s", tmp.ptr,
				strerror(a.err));
		unlink(tmp.ptr);
		goto out;
	}
	if (rename(tmp.ptr, path) < 0)
		ret = error_set("cannot rename %s: %s", tmp.ptr,
				strerror(errno));
out:
	buf_release(&bb);
	buf_release(&tmp);
	return ret;
}

/* ---- QEMU ---- */

/* KVM counts as working only when a VM and a vCPU can be created. */
static bool kvm_works(void)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	int vm = -1, vcpu = -1;

	if (fd < 0)
		return false;
	if (ioctl(fd, KVM_GET_API_VERSION, 0) == KVM_API_VERSION)
		vm = ioctl(fd, KVM_CREATE_VM, 0);
	if (vm >= 0)
		vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	if (vcpu >= 0)
		close(vcpu);
	if (vm >= 0)
		close(vm);
	close(fd);
	return vcpu >= 0;
}

static void make_nonce(struct boot_ctx *c)
{
	unsigned char raw[8];
	struct buf n = BUF_INIT;

	if (getrandom(raw, sizeof(raw), 0) != (ssize_t)sizeof(raw)) {
		unsigned long long t = (unsigned long long)time(NULL) ^
				       ((unsigned long long)getpid() << 32);

		memcpy(raw, &t, sizeof(raw));
	}
	for (size_t i = 0; i < sizeof(raw); i++)
		buf_addf(&n, "%02x", raw[i]);
	c->nonce = buf_detach(&n, NULL);
}

static int run_qemu(struct boot_ctx *c, struct buf *console, bool *ended,
		    const char *accel, const char *initrd, int timeout_ms)
{
	char *kernel = path_join(c->obj, "arch/x86/boot/bzImage");
	char *errlog = path_join(c->dir, "qemu.log");
	struct buf append = BUF_INIT;
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result r;
	int efd, ret;

	buf_addf(&append, "console=ttyS0 panic=-1 disclose_nonce=%s",
		 c->nonce);
	efd = open(errlog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	o.stderr_fd = efd;
	o.timeout_ms = timeout_ms;
	ret = run_capture(&r, console, (const char *const[]){
		"qemu-system-x86_64", "-accel", accel, "-nodefaults",
		"-nographic", "-no-reboot", "-serial", "stdio", "-m", "256M",
		"-kernel", kernel, "-initrd", initrd, "-append", append.ptr,
		NULL }, &o);
	if (efd >= 0)
		close(efd);
	if (ret == 0 && r.status != 0 && !r.timed_out && !console->len) {
		struct buf err = BUF_INIT;
		char *line;

		read_file(&err, errlog);
		line = first_line(buf_cstr(&err));
		ret = error_set("qemu-system-x86_64 failed (exit %d): %s",
				r.status, line);
		free(line);
		buf_release(&err);
	}
	*ended = ret == 0 && !r.timed_out;
	free(kernel);
	free(errlog);
	buf_release(&append);
	return ret;
}

static void take_console(struct boot_ctx *c, const struct console_verdict *cv)
{
	struct boot_verdict *v = c->v;

	v->status = xstrdup(console_result_name(cv->result));
	v->summary = xstrdup(console_result_text(cv->result));
	v->pass = cv->result == CONSOLE_PASS;
	if (cv->detail && cv->result != CONSOLE_PASS)
		v->detail = xstrdup(cv->detail);
	v->suites = xcalloc(cv->nr_suites + 1, sizeof(*v->suites));
	for (size_t i = 0; i < cv->nr_suites; i++) {
		const struct console_suite *s = &cv->suites[i];

		v->suites[i] = (struct boot_suite){ xstrdup(s->name),
			s->ok && !s->failed, s->passed, s->failed, s->skipped };
	}
	v->nr_suites = cv->nr_suites;
}

static int boot_kernel(struct boot_ctx *c)
{
	char *initrd = path_join(c->dir, "initramfs.cpio");
	struct buf console = BUF_INIT;
	struct console_verdict *cv = NULL;
	struct console_expect want = { NULL, NULL, false };
	const char *accel = "tcg";
	int timeout_ms = (c->opts->timeout_s > 0 ? c->opts->timeout_s :
			  BOOT_DEFAULT_TIMEOUT) * 1000;
	int ret;

	ret = boot_write_initramfs(initrd, "/bin/busybox", boot_init_script,
				   strlen(boot_init_script));
	if (ret < 0)
		goto out;
	make_nonce(c);
	if (c->opts->kvm && kvm_works())
		accel = "kvm";
	progress(c, "booting", 0, 0);
	if (!strcmp(accel, "kvm")) {
		/*
		 * The proof: under KVM the boot takes well under a second
		 * (under TCG about 1.5 s), so a short timeout is enough;
		 * nested set-ups open /dev/kvm and then hang.
		 */
		ret = run_qemu(c, &console, &want.ended, accel, initrd,
			       KVM_PROOF_MS < timeout_ms ? KVM_PROOF_MS :
							   timeout_ms);
		if (ret < 0 || !want.ended ||
		    !strstr(buf_cstr(&console), CONSOLE_MARKER)) {
			error_clear();
			buf_reset(&console);
			accel = "tcg";
			c->v->kvm_failed = true;
		}
	}
	if (!strcmp(accel, "tcg"))
		ret = run_qemu(c, &console, &want.ended, accel, initrd,
			       timeout_ms);
	if (ret < 0)
		goto out;
	free(c->v->accel);
	c->v->accel = xstrdup(accel);
	c->v->console_log = path_join(c->dir, "console.log");
	if (write_file_atomic(c->v->console_log, buf_cstr(&console),
			      console.len, 0644) < 0) {
		ret = -1;
		goto out;
	}
	want.nonce = c->nonce;
	want.release = c->v->release;
	console_classify(&cv, buf_cstr(&console), console.len, &want);
	take_console(c, cv);
	console_verdict_free(cv);
out:
	free(initrd);
	buf_release(&console);
	return ret;
}

/* ---- verdicts as JSON ---- */

static void json_add_str(cJSON *o, const char *key, const char *s)
{
	if (s)
		cJSON_AddStringToObject(o, key, s);
	else
		cJSON_AddNullToObject(o, key);
}

static void json_add_strv(cJSON *o, const char *key, char **v, size_t nr)
{
	cJSON *a = cJSON_AddArrayToObject(o, key);

	for (size_t i = 0; i < nr; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
}

/* Seconds to the millisecond: more digits only look precise. */
static double ms(double s)
{
	return (double)(long long)(s * 1000 + 0.5) / 1000;
}

int boot_verdict_json(struct buf *out, const struct boot_verdict *v)
{
	cJSON *o = cJSON_CreateObject();
	cJSON *t, *suites;
	char *text;

	if (!o)
		die_fatal("out of memory");
	json_add_str(o, "tip", v->tip);
	json_add_str(o, "status", v->status);
	cJSON_AddBoolToObject(o, "pass", v->pass);
	json_add_str(o, "summary", v->summary);
	json_add_str(o, "detail", v->detail);
	json_add_str(o, "error_file", v->error_file);
	json_add_str(o, "release", v->release);
	json_add_str(o, "accel", v->accel);
	json_add_str(o, "source", v->source);
	t = cJSON_AddObjectToObject(o, "seconds");
	cJSON_AddNumberToObject(t, "configure", ms(v->configure_s));
	cJSON_AddNumberToObject(t, "build", ms(v->build_s));
	cJSON_AddNumberToObject(t, "boot", ms(v->boot_s));
	cJSON_AddBoolToObject(o, "configured", v->configured);
	cJSON_AddBoolToObject(o, "kvm_failed", v->kvm_failed);
	t = cJSON_AddObjectToObject(o, "logs");
	json_add_str(t, "build", v->build_log);
	json_add_str(t, "console", v->console_log);
	json_add_strv(o, "enabled", v->enabled, v->nr_enabled);
	json_add_strv(o, "not_enabled", v->missing, v->nr_missing);
	suites = cJSON_AddArrayToObject(o, "suites");
	for (size_t i = 0; i < v->nr_suites; i++) {
		cJSON *s = cJSON_CreateObject();

		cJSON_AddStringToObject(s, "name", v->suites[i].name);
		cJSON_AddBoolToObject(s, "ok", v->suites[i].ok);
		cJSON_AddNumberToObject(s, "passed", v->suites[i].passed);
		cJSON_AddNumberToObject(s, "failed", v->suites[i].failed);
		cJSON_AddNumberToObject(s, "skipped", v->suites[i].skipped);
		cJSON_AddItemToArray(suites, s);
	}
	cJSON_AddNumberToObject(o, "finished", (double)v->finished);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (!text)
		die_fatal("out of memory");
	buf_adds(out, text);
	buf_addch(out, '\n');
	free(text);
	return 0;
}

static char *jstr(const cJSON *o, const char *key)
{
	const cJSON *i = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(i) ? xstrdup(i->valuestring) : NULL;
}

static double jnum(const cJSON *o, const char *key)
{
	const cJSON *i = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(i) ? i->valuedouble : 0;
}

static void jstrv(char ***v, size_t *nr, const cJSON *o, const char *key)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key), *i;

	cJSON_ArrayForEach(i, a)
		if (cJSON_IsString(i))
			strv_push(v, nr, xstrdup(i->valuestring));
}

static struct boot_verdict *verdict_from_json(const cJSON *o)
{
	struct boot_verdict *v = xcalloc(1, sizeof(*v));
	const cJSON *t, *s;
	size_t n = 0;

	v->tip = jstr(o, "tip");
	v->status = jstr(o, "status");
	v->pass = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "pass"));
	v->summary = jstr(o, "summary");
	v->detail = jstr(o, "detail");
	v->error_file = jstr(o, "error_file");
	v->release = jstr(o, "release");
	v->accel = jstr(o, "accel");
	v->source = jstr(o, "source");
	t = cJSON_GetObjectItemCaseSensitive(o, "seconds");
	v->configure_s = jnum(t, "configure");
	v->build_s = jnum(t, "build");
	v->boot_s = jnum(t, "boot");
	v->configured = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
							"configured"));
	v->kvm_failed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
							"kvm_failed"));
	t = cJSON_GetObjectItemCaseSensitive(o, "logs");
	v->build_log = jstr(t, "build");
	v->console_log = jstr(t, "console");
	jstrv(&v->enabled, &v->nr_enabled, o, "enabled");
	jstrv(&v->missing, &v->nr_missing, o, "not_enabled");
	t = cJSON_GetObjectItemCaseSensitive(o, "suites");
	v->suites = xcalloc((size_t)cJSON_GetArraySize(t) + 1,
			    sizeof(*v->suites));
	cJSON_ArrayForEach(s, t) {
		struct boot_suite *bs = &v->suites[n++];

		bs->name = jstr(s, "name");
		bs->ok = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s,
								       "ok"));
		bs->passed = (int)jnum(s, "passed");
		bs->failed = (int)jnum(s, "failed");
		bs->skipped = (int)jnum(s, "skipped");
	}
	v->nr_suites = n;
	v->finished = (long long)jnum(o, "finished");
	return v;
}

static char *verdict_path(const char *gitdir)
{
	return path_join(gitdir, "disclose/boot.json");
}

int boot_last_verdict(struct boot_verdict **out, const char *gitdir,
		      const char *tip_hex)
{
	char *path = verdict_path(gitdir);
	struct buf text = BUF_INIT;
	struct boot_verdict *v = NULL;
	cJSON *o = NULL;
	int ret = 0;

	*out = NULL;
	if (access(path, F_OK) < 0)
		goto out;
	ret = read_file(&text, path);
	if (ret == 0)
		ret = json_parse(&o, text.ptr, text.len, path);
	if (ret < 0)
		goto out;
	v = verdict_from_json(o);
	if (v->tip && v->status && tip_hex && !strcmp(v->tip, tip_hex))
		*out = v;
	else
		boot_verdict_free(v);
out:
	cJSON_Delete(o);
	buf_release(&text);
	free(path);
	return ret;
}

void boot_verdict_free(struct boot_verdict *v)
{
	if (!v)
		return;
	free(v->tip);
	free(v->status);
	free(v->summary);
	free(v->detail);
	free(v->error_file);
	free(v->release);
	free(v->accel);
	free(v->source);
	free(v->build_log);
	free(v->console_log);
	strv_free(v->enabled, v->nr_enabled);
	strv_free(v->missing, v->nr_missing);
	for (size_t i = 0; i < v->nr_suites; i++)
		free(v->suites[i].name);
	free(v->suites);
	free(v);
}

/* ---- the whole run ---- */

static int take_lock(struct boot_ctx *c)
{
	char *path = path_join(c->dir, "lock");

	c->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(path);
	if (c->lock_fd < 0)
		return error_set("cannot create the lock in %s: %s", c->dir,
				 strerror(errno));
	if (flock(c->lock_fd, LOCK_EX | LOCK_NB) < 0)
		return error_set("another git disclose boot is running in "
				 "this repository: wait for it to finish");
	return 0;
}

/* Where the tree comes from: the series' own repository or the tarball. */
static int choose_tree(struct boot_ctx *c)
{
	if (!c->opts->source && tip_has(c, "Makefile") && tip_has(c, "Kbuild")) {
		c->base_repo = xstrdup(c->repo);
		c->build_rev = xstrdup(c->v->tip);
		c->v->source = xstrdup("tree");
		return 0;
	}
	if (c->opts->tree && !c->opts->source)
		return error_set("--tree %s: the tip %.12s has no top-level "
				 "Makefile and Kbuild; give a kernel tree",
				 c->opts->tree, c->v->tip);
	c->from_source = true;
	c->tarball = xstrdup(c->opts->source ? c->opts->source :
			     BOOT_DEFAULT_SOURCE);
	c->v->source = xstrdup(c->tarball);
	if (!is_file(c->tarball) && c->opts->source)
		return error_set("--source %s: no such file: give the path "
				 "of a kernel tarball", c->tarball);
	if (!is_file(c->tarball))
		return error_set("%s not found: install it with 'apt-get "
				 "install %s' or give --source TARBALL",
				 c->tarball, PRISTINE_PKG);
	if (check_deps(true) < 0 || pristine_repo(&c->base_repo, c) < 0)
		return -1;
	c->build_rev = xstrdup("pristine");
	return 0;
}

static int save_verdict(struct boot_ctx *c)
{
	char *path = verdict_path(c->gitdir);
	struct buf json = BUF_INIT;
	int ret;

	c->v->finished = (long long)time(NULL);
	boot_verdict_json(&json, c->v);
	ret = write_file_atomic(path, json.ptr, json.len, 0600);
	buf_release(&json);
	free(path);
	return ret;
}

/* The steps after the worktree is ready; 1 means a failure verdict. */
static int validate(struct boot_ctx *c)
{
	double t0, t1;
	int ret;

	if (c->from_source) {
		ret = apply_series(c);
		if (ret)
			return ret;
	}
	if (series_files(c) < 0)
		return -1;
	for (size_t i = 0; i < c->nr_touched; i++)
		file_symbols(c, c->touched[i]);
	need_kunit(c);
	t0 = now_s();
	ret = configure(c);
	t1 = now_s();
	c->v->configure_s = t1 - t0;
	if (ret)
		return ret;
	ret = run_build(c);
	t0 = now_s();
	c->v->build_s = t0 - t1;
	if (ret)
		return ret;
	if (kernel_release(c) < 0)
		return -1;
	ret = boot_kernel(c);
	c->v->boot_s = now_s() - t0;
	return ret;
}

static void ctx_release(struct boot_ctx *c)
{
	free(c->repo);
	free(c->gitdir);
	free(c->dir);
	free(c->wt);
	free(c->obj);
	free(c->base_repo);
	free(c->build_rev);
	strv_free(c->revs, c->nr_revs);
	free(c->tarball);
	strv_free(c->touched, c->nr_touched);
	free(c->nonce);
	if (c->lock_fd >= 0)
		close(c->lock_fd);
}

int boot_run(struct boot_verdict **out, const struct boot_opts *opts)
{
	struct boot_ctx c = { .opts = opts, .lock_fd = -1 };
	int ret;

	*out = NULL;
	c.v = xcalloc(1, sizeof(*c.v));
	c.v->accel = xstrdup("tcg");
	ret = check_deps(false);
	if (!ret)
		ret = check_busybox();
	if (!ret)
		ret = open_repo(&c);
	if (!ret)
		ret = resolve_range(&c);
	if (!ret)
		ret = take_lock(&c);
	if (!ret)
		ret = choose_tree(&c);
	if (ret < 0)
		goto out;
	c.wt = path_join(c.dir, "src");
	c.obj = path_join(c.dir, "obj");
	progress(&c, "checking out the tip", 0, 0);
	ret = prepare_worktree(&c);
	if (!ret)
		ret = validate(&c);
	if (ret < 0)
		goto out;
	if (save_verdict(&c) < 0) {
		ret = -1;
		goto out;
	}
	*out = c.v;
	c.v = NULL;
	ret = 0;
out:
	boot_verdict_free(c.v);
	ctx_release(&c);
	return ret;
}
