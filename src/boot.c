// SPDX-License-Identifier: GPL-2.0
/*
 * git disclose boot, the pipeline: resolve the series through the repo
 * module, move a reused detached worktree to its committed tip (or apply
 * it onto the cached pristine tree of Debian's linux-source tarball),
 * find the Kconfig symbols its files need, configure tinyconfig plus
 * kernel/disclose.config, build bzImage out of tree, boot it in QEMU
 * (TCG) with a newc initramfs, classify the console, and keep the
 * verdict in <gitdir>/disclose/boot.json. Each step is its own room;
 * this file only orders them and turns their results into the verdict.
 */
#include "boot.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "boot_util.h"
#include "initramfs.h"
#include "kcache.h"
#include "kbuild.h"
#include "kconfig.h"
#include "kunit.h"
#include "kwarn.h"
#include "lava.h"
#include "qemu.h"
#include "repo.h"
#include "run.h"
#include "wcache.h"

#define BUSYBOX "/bin/busybox"
/* How long a KVM boot may take before KVM counts as not working. */
#define KVM_PROOF_MS (15 * 1000)

/*
 * One cell of the matrix: an architecture and a configuration preset,
 * with its own state directory (log, config key, initramfs, console),
 * build directory <dir>/obj and verdict.
 */
struct boot_cell {
	char *arch;		/* ARCH= */
	char *config;		/* "tiny" or "defconfig" */
	char *name;		/* "x86_64/tiny" */
	char *dir;
	struct kbuild kb;
	struct boot_verdict *v;	/* the run's verdict when it is the only cell */
	bool built;		/* the tip built: boot it */
	char *tip_status;	/* --each after a failed commit: the tip's
				 * boot result (the verdict keeps the
				 * failure) */
	char *nonce;
	char *error;		/* the boot thread's environment error */
	char *keep_key;		/* a cold cell: the cache key its build is */
	char *keep_base;	/* kept under, and the base of that key */
};

/* Everything one run works with. */
struct boot_ctx {
	const struct boot_opts *opts;
	struct boot_progress progress;
	struct boot_verdict *top;	/* the run's verdict */
	struct boot_verdict *v;		/* the current cell's (or top) */
	struct boot_cell *cells;
	size_t nr_cells;
	struct boot_cell *cell;		/* the cell being built */
	struct repo *repo;	/* the series' repository */
	char *repo_dir;		/* where git -C finds it */
	char *dir;		/* <gitdir>/disclose/boot */
	char *wt;		/* the worktree all cells build */
	char *base_repo;	/* repository the worktree belongs to */
	char *build_rev;	/* what the worktree is moved to */
	char **revs;		/* the range's ends: tip, then ^bases */
	size_t nr_revs;
	bool from_source;	/* series applied onto the tarball tree */
	char *tarball;
	char **touched;		/* files the series touches */
	size_t nr_touched;
	int lock_fd;
	char *wt_tip;		/* the tip as the worktree has it (hex) */
	char **ids, **subjects;	/* --each: the commits, oldest first */
	size_t nr_ids;
	int k;			/* the commit being built (from 1); 0: none */
	char **stages;		/* "commit k/n <stage>": kept for the meter */
	size_t nr_stages;
	char *kunit_glob;	/* kunit.filter_glob, or NULL */
};

static void progress(struct boot_ctx *c, const char *stage, int done,
		     int total)
{
	boot_progress_stage(&c->progress, stage, done, total);
}

/*
 * --each: the stages of the pipeline as "commit k/n <stage>". The meter
 * keeps the last stage's pointer, so each text lives as long as the run.
 * Only one thread reports at a time (the watcher runs while the main
 * thread waits for make).
 */
static void each_stage(void *data, const char *stage, int done, int total)
{
	struct boot_ctx *c = data;
	struct buf s = BUF_INIT;
	size_t i;

	if (!c->opts->progress)
		return;
	if (c->nr_cells > 1 && c->cell)
		buf_addf(&s, "%s ", c->cell->name);
	if (c->k)
		buf_addf(&s, "commit %d/%zu %s", c->k, c->nr_ids, stage);
	else
		buf_adds(&s, stage);
	for (i = 0; i < c->nr_stages; i++)
		if (!strcmp(c->stages[i], s.ptr))
			break;
	if (i == c->nr_stages)
		boot_strv_push(&c->stages, &c->nr_stages,
			       buf_detach(&s, NULL));
	buf_release(&s);
	c->opts->progress(c->opts->progress_data, c->stages[i], done, total);
}

static void each_tail(void *data, const char *text, size_t len)
{
	struct boot_ctx *c = data;

	if (c->opts->log_tail)
		c->opts->log_tail(c->opts->progress_data, text, len);
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
	{ QEMU_PROGRAM, "qemu-system-x86" },
	{ BUSYBOX, "busybox-static" },
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

/* The architectures and presets asked for, and their emulators. */
static int check_arches(const struct boot_opts *o)
{
	for (size_t i = 0; i < o->nr_arches; i++) {
		const char *a = o->arches[i];

		if (strcmp(a, "x86_64") && strcmp(a, "i386"))
			return error_set("--arch %s: give x86_64 or i386 "
					 "(qemu-system-x86 emulates both)", a);
		if (!run_in_path(qemu_program(a)))
			return error_set("%s is missing: install it with "
					 "'apt-get install qemu-system-x86'",
					 qemu_program(a));
	}
	for (size_t i = 0; i < o->nr_configs; i++)
		if (strcmp(o->configs[i], "tiny") &&
		    strcmp(o->configs[i], "defconfig"))
			return error_set("--config %s: give tiny (tinyconfig "
					 "and the boot fragment) or defconfig",
					 o->configs[i]);
	return 0;
}

/* ---- the repository and the range ---- */

static int open_repo(struct boot_ctx *c)
{
	const char *where = c->opts->tree ? c->opts->tree : ".";

	if (c->opts->tree && !boot_is_dir(c->opts->tree))
		return error_set("--tree %s: no such directory", c->opts->tree);
	/* no --tree: the repository git would use (GIT_DIR too) */
	if (repo_open(&c->repo, c->opts->tree) < 0)
		return error_set("%s is not in a git repository: run "
				 "git disclose boot inside the series' "
				 "repository or give --tree DIR",
				 c->opts->tree ? c->opts->tree :
						 "the current directory");
	c->repo_dir = xstrdup(where);
	c->dir = path_join(repo_git_dir(c->repo), "disclose");
	/* never build through a <gitdir>/disclose that is a link */
	if (check_state_dir(c->dir) < 0)
		return -1;
	free(c->dir);
	c->dir = path_join(repo_git_dir(c->repo), "disclose/boot");
	/* nor through a <gitdir>/disclose/boot that is one */
	if (mkdir_p(c->dir, 0755) < 0 || check_state_dir(c->dir) < 0)
		return -1;
	return 0;
}

/* The range's commits but merges into the verdict (boot_verdict.series). */
struct series_walk {
	struct boot_verdict *v;
	size_t n;		/* merges too */
};

static int add_to_series(const struct commit_info *ci, void *data)
{
	struct series_walk *w = data;

	w->n++;
	if (ci->nr_parents < 2)
		boot_strv_push(&w->v->series, &w->v->nr_series,
			       xstrdup(ci->id));
	return 0;
}

/*
 * The range's ends; a range with no commits (HEAD..HEAD, or the default
 * with nothing ahead of the upstream) is refused before any build: its
 * ends would have built and booted the base and called it the series.
 */
static int resolve_range(struct boot_ctx *c)
{
	char *def = NULL;
	struct series_walk w = { c->v, 0 };
	int ret = -1;

	if (repo_range_ends(&c->revs, &c->nr_revs, c->repo,
			    c->opts->range) < 0)
		return -1;
	c->v->tip = xstrdup(c->revs[0]);
	if (c->nr_revs == 1) {
		boot_strv_push(&c->v->series, &c->v->nr_series,
			       xstrdup(c->v->tip));
		return 0;
	}
	if (repo_walk(c->repo, c->opts->range, add_to_series, &w) < 0)
		return -1;
	if (w.n)
		return 0;
	if (c->opts->range)
		ret = error_set("the range %s has no commits: give one, e.g. "
				"git disclose boot HEAD~3..HEAD, or HEAD to "
				"boot that commit alone", c->opts->range);
	else if (repo_default_range(&def, c->repo) == 0)
		ret = error_set("the range %s (the default: the branch's "
				"commits not on its upstream) has no "
				"commits: give one, e.g. git disclose boot "
				"HEAD~3..HEAD, or HEAD to boot that commit "
				"alone", def);
	free(def);
	return ret;
}

static bool tip_has(struct boot_ctx *c, const char *file)
{
	struct buf spec = BUF_INIT;
	bool has;

	buf_addf(&spec, "%s:%s", c->v->tip, file);
	has = boot_git_has(c->repo_dir, spec.ptr);
	buf_release(&spec);
	return has;
}

/* Files the series touches (for the Kconfig symbols they need). */
static int series_files(struct boot_ctx *c)
{
	static const char *const head[] = { "log", "--format=", "--name-only",
					    "--no-renames", NULL };
	struct buf out = BUF_INIT;
	char **args = NULL, **lines = NULL;
	size_t n = 0, nr_lines = 0;
	int ret;

	for (const char *const *h = head; *h; h++)
		boot_strv_push(&args, &n, xstrdup(*h));
	if (c->nr_revs == 1)
		boot_strv_push(&args, &n, xstrdup("-1"));
	for (size_t i = 0; i < c->nr_revs; i++)
		boot_strv_push(&args, &n, xstrdup(c->revs[i]));
	boot_strv_push(&args, &n, xstrdup("--"));
	ret = boot_git(&out, c->repo_dir, (const char *const *)args, NULL);
	if (ret == 0)
		boot_strv_lines(&lines, &nr_lines, buf_cstr(&out));
	for (size_t i = 0; i < nr_lines; i++)
		if (!boot_strv_has(c->touched, c->nr_touched, lines[i]))
			boot_strv_push(&c->touched, &c->nr_touched,
				       xstrdup(lines[i]));
	boot_strv_free(args, n);
	boot_strv_free(lines, nr_lines);
	buf_release(&out);
	return ret;
}

/* ---- the tree ---- */

static int take_lock(struct boot_ctx *c)
{
	char *path = path_join(c->dir, "lock");
	int rc = 0;

	c->lock_fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
			  0644);
	if (c->lock_fd < 0 && errno == ELOOP)
		rc = error_set("'%s' is a symbolic link: git disclose does not follow links there; remove it, then run again",
			       path);
	else if (c->lock_fd < 0)
		rc = error_set("cannot create the lock in %s: %s", c->dir,
			       strerror(errno));
	free(path);
	if (rc < 0)
		return rc;
	if (flock(c->lock_fd, LOCK_EX | LOCK_NB) < 0)
		return error_set("another git disclose boot is running in "
				 "this repository: wait for it to finish");
	return 0;
}

/* Where the tree comes from: the series' own repository or the tarball. */
static int choose_tree(struct boot_ctx *c)
{
	if (!c->opts->source && tip_has(c, "Makefile") &&
	    tip_has(c, "Kbuild")) {
		c->base_repo = xstrdup(c->repo_dir);
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
	if (!boot_is_file(c->tarball) && c->opts->source)
		return error_set("--source %s: no such file: give the path "
				 "of a kernel tarball", c->tarball);
	if (!boot_is_file(c->tarball))
		return error_set("%s not found: install it with 'apt-get "
				 "install %s' or give --source TARBALL",
				 c->tarball, KTREE_PACKAGE);
	if (check_deps(true) < 0 ||
	    ktree_pristine(&c->base_repo, c->tarball, &c->progress) < 0)
		return -1;
	c->build_rev = xstrdup("pristine");
	return 0;
}

/* The series onto the pristine worktree; 1: it does not apply. */
static int apply_series(struct boot_ctx *c)
{
	char *pdir = path_join(c->dir, "series");
	char *why = NULL;
	int ret = ktree_apply(&why, c->wt, c->repo_dir, c->revs, c->nr_revs,
			      pdir);

	if (ret == 1)
		boot_verdict_fail(c->v, "series-failed", "the series does not "
				  "apply to the tarball's tree", why);
	free(pdir);
	return ret;
}

/* ---- configure and build ---- */

/* A failed kbuild step as the verdict. */
static int take_failure(struct boot_ctx *c, struct kbuild_failure *f)
{
	boot_verdict_fail(c->v, f->status, f->summary, f->detail);
	f->detail = NULL;
	c->v->error_file = f->file;
	f->file = NULL;
	kbuild_failure_release(f);
	return 1;
}

/*
 * Configure for commit head; the symbols that did not survive go into
 * the verdict for the tip only. 1 with *f filled: a failure.
 */
static int configure(struct boot_ctx *c, struct kbuild_failure *f,
		     const char *head, bool tip)
{
	char **missing = NULL;
	size_t nr = 0;
	bool configured = false;
	double t0 = boot_now_s();
	char *fragment = kconfig_arch_fragment(boot_fragment, c->cell->arch);
	int ret;

	ret = kbuild_configure(f, &configured, &missing, &nr, &c->cell->kb,
			       head, fragment, c->v->enabled,
			       c->v->nr_enabled, &c->progress);
	free(fragment);
	c->v->configured |= configured;
	c->v->configure_s += boot_now_s() - t0;
	if (tip) {
		boot_strv_free(c->v->missing, c->v->nr_missing);
		c->v->missing = missing;
		c->v->nr_missing = nr;
	} else {
		boot_strv_free(missing, nr);
	}
	return ret;
}

static int build(struct boot_ctx *c, struct kbuild_failure *f)
{
	double t0 = boot_now_s();
	int ret;

	/* after a failed commit its kept log stays the one to read */
	if (c->v->failed_commit < 0) {
		free(c->v->build_log);
		c->v->build_log = kbuild_log_path(&c->cell->kb);
	}
	ret = kbuild_build(f, &c->cell->kb, &c->progress);
	c->v->build_s += boot_now_s() - t0;
	return ret;
}

static int check_warnings(struct boot_ctx *c);

/*
 * Configure and build the tip that the worktree holds. The W=1 check
 * comes before the build: its compiles replace the objects of the files
 * it checks, which the build then makes again with its own flags (a
 * check after the build would leave them for the next run to rebuild
 * and link).
 */
static int build_tip(struct boot_ctx *c)
{
	struct kbuild_failure f = { 0 };
	int ret = configure(c, &f, c->wt_tip, true);

	if (ret == 0 && check_warnings(c) < 0)
		return -1;
	if (ret == 0)
		ret = build(c, &f);
	if (ret == 1)
		take_failure(c, &f);
	return ret;
}

/* ---- the boot ---- */

static char *make_nonce(void)
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
	return buf_detach(&n, NULL);
}

/*
 * QEMU with KVM when asked and it proves to work, else TCG; the console
 * into console, *ended false for a timeout.
 */
static int run_qemu(struct boot_ctx *c, struct boot_cell *cell,
		    struct buf *console, bool *ended, const char *initrd)
{
	char *kernel = kbuild_image_path(&cell->kb);
	char *errlog = path_join(cell->dir, "qemu.log");
	int timeout_ms = (c->opts->timeout_s > 0 ? c->opts->timeout_s :
			  BOOT_DEFAULT_TIMEOUT) * 1000;
	struct qemu_boot b = { .program = qemu_program(cell->arch),
			       .kernel = kernel, .initrd = initrd,
			       .nonce = cell->nonce, .accel = "tcg",
			       .kunit_glob = c->kunit_glob,
			       .errlog = errlog, .timeout_ms = timeout_ms };
	int ret = 0;

	if (c->opts->kvm && qemu_kvm_works()) {
		/*
		 * The proof: under KVM the boot takes well under a second
		 * (under TCG about 1.5 s), so a short timeout is enough;
		 * nested set-ups open /dev/kvm and then hang.
		 */
		b.accel = "kvm";
		b.timeout_ms = KVM_PROOF_MS < timeout_ms ? KVM_PROOF_MS :
							   timeout_ms;
		ret = qemu_run(console, ended, &b);
		if (ret < 0 || !*ended ||
		    !strstr(buf_cstr(console), CONSOLE_MARKER)) {
			error_clear();
			buf_reset(console);
			b.accel = "tcg";
			b.timeout_ms = timeout_ms;
			cell->v->kvm_failed = true;
		}
	}
	if (!strcmp(b.accel, "tcg"))
		ret = qemu_run(console, ended, &b);
	free(cell->v->accel);
	cell->v->accel = xstrdup(b.accel);
	free(cell->v->runner);
	cell->v->runner = xstrdup("qemu");
	free(kernel);
	free(errlog);
	return ret;
}

/* ---- LAVA ---- */

/*
 * The cell's job file: --lava-job's (in a matrix with "-<arch>-<config>"
 * before ".yaml"), or <cell>/lava/job.yaml for --lava alone.
 */
static char *lava_job_path(struct boot_ctx *c, struct boot_cell *cell)
{
	const char *file = c->opts->lava_job;
	struct buf p = BUF_INIT;
	size_t len;

	if (!file)
		return path_join(cell->dir, "lava/job.yaml");
	len = strlen(file);
	if (len > 5 && !strcmp(file + len - 5, ".yaml"))
		len -= 5;
	buf_add(&p, file, len);
	if (c->nr_cells > 1)
		buf_addf(&p, "-%s-%s", cell->arch, cell->config);
	buf_adds(&p, ".yaml");
	return buf_detach(&p, NULL);
}

/* The cell's boot as a LAVA job, with its images and device beside it. */
/* --lava-job: the files written, for the user (job, images, device). */
static void keep_lava_files(struct boot_verdict *v,
			    const struct lava_files *f)
{
	const char *const files[] = { f->job, f->kernel, f->ramdisk,
				      f->device };

	boot_strv_free(v->lava_files, v->nr_lava_files);
	v->lava_files = NULL;
	v->nr_lava_files = 0;
	for (size_t i = 0; i < 4; i++)
		if (files[i])
			boot_strv_push(&v->lava_files, &v->nr_lava_files,
				       xstrdup(files[i]));
}

static int write_lava(struct boot_ctx *c, struct boot_cell *cell,
		      const char *initrd, struct lava_files *files)
{
	char *job = lava_job_path(c, cell), *dir = NULL, *slash;
	char *kernel = kbuild_image_path(&cell->kb);
	char *append = qemu_append(cell->nonce, c->kunit_glob);
	struct buf name = BUF_INIT;
	struct lava_job j = { .arch = cell->arch, .append = append,
			      .nonce = cell->nonce,
			      .timeout_s = c->opts->timeout_s > 0 ?
					   c->opts->timeout_s :
					   BOOT_DEFAULT_TIMEOUT };
	int ret = 0;

	buf_addf(&name, "git disclose boot %.12s %s", c->top->tip, cell->name);
	j.name = name.ptr;
	dir = xstrdup(job);
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		ret = mkdir_p(dir, 0755);
	}
	if (ret == 0)
		ret = lava_write(files, job, c->opts->lava_url, &j, kernel,
				 initrd);
	free(job);
	free(dir);
	free(kernel);
	free(append);
	buf_release(&name);
	return ret;
}

/* lava-run's results into the verdict's LAVA record. */
static void keep_lava(struct boot_verdict *v, const struct lava_log *log,
		      const struct lava_files *files, const char *logfile)
{
	struct boot_lava *l = boot_verdict_new_lava(v);

	l->job = xstrdup(files->job);
	l->device = xstrdup(files->device);
	l->log = xstrdup(logfile);
	l->result = log->result ? xstrdup(log->result) : NULL;
	l->error = log->error ? xstrdup(log->error) : NULL;
	for (size_t i = 0; i < log->nr_cases; i++)
		boot_lava_add_case(l, log->cases[i].name,
				   log->cases[i].result);
}

/*
 * --lava: lava-run runs the cell's job; the console it logged into
 * console, *ended false when it timed out. A job that failed before
 * the kernel said anything is an environment error.
 */
static int run_lava(struct boot_ctx *c, struct boot_cell *cell,
		    struct buf *console, bool *ended,
		    const struct lava_files *files)
{
	char *dir = path_join(cell->dir, "lava");
	char *out = path_join(dir, "out"), *logfile = path_join(dir,
								"lava.log");
	struct buf id = BUF_INIT;
	struct lava_log log;
	int timeout_s = c->opts->timeout_s > 0 ? c->opts->timeout_s :
						 BOOT_DEFAULT_TIMEOUT;
	struct lava_run r = { .job = files->job, .device = files->device,
			      .out_dir = out, .log = logfile,
			      /* the job's own timeout, and a minute more */
			      .timeout_ms = (2 * timeout_s + 480) * 1000 };
	int ret;

	buf_addf(&id, "disclose-%s", cell->nonce);
	r.job_id = id.ptr;
	ret = mkdir_p(dir, 0755);
	if (ret == 0)
		ret = lava_run(&log, &r);
	if (ret < 0)
		goto out;
	if (!log.console.len && !log.timed_out) {
		ret = error_set("lava-run did not boot the kernel: %s; see %s",
				log.error ? log.error : "no console output",
				logfile);
		lava_log_release(&log);
		goto out;
	}
	buf_add(console, log.console.ptr ? log.console.ptr : "",
		log.console.len);
	*ended = !log.timed_out;
	keep_lava(cell->v, &log, files, logfile);
	free(cell->v->runner);
	cell->v->runner = xstrdup("lava");
	lava_log_release(&log);
out:
	free(dir);
	free(out);
	free(logfile);
	buf_release(&id);
	return ret;
}

/*
 * A boot whose console passed fails when lava-run's own results do not
 * agree: the job failed, a case failed, or the marker was not reported.
 */
static void judge_lava(struct boot_verdict *v)
{
	const struct boot_lava *l = v->lava;
	bool marker = false, failed = false;

	if (!l || !v->pass)
		return;
	for (size_t i = 0; i < l->nr_cases; i++) {
		if (!strcmp(l->results[i], "fail"))
			failed = true;
		else if (!strcmp(l->cases[i], "disclose_boot_ok") &&
			 !strcmp(l->results[i], "pass"))
			marker = true;
	}
	if (marker && !failed && l->result && !strcmp(l->result, "pass"))
		return;
	boot_verdict_fail(v, "lava-failed", "the console passed but lava-run "
			  "did not pass the job",
			  xstrdup(l->error ? l->error : marker ?
				  "a monitor case failed" :
				  "the monitor did not report the marker"));
}

/*
 * The init of a 32-bit kernel (which cannot run the 64-bit busybox):
 * kernel/init-i386.c built with gcc -m32 into *elf.
 */
static int build_init_i386(struct buf *elf, const struct boot_cell *cell)
{
	char *src = path_join(cell->dir, "init-i386.c");
	char *bin = path_join(cell->dir, "init-i386");
	struct buf err = BUF_INIT;
	int ret = write_file_atomic(src, boot_init_i386,
				    strlen(boot_init_i386), 0644);

	if (ret == 0 && boot_cmd(NULL, &err, NULL, (const char *const[]){
		"gcc", "-m32", "-static", "-nostdlib", "-ffreestanding",
		"-fno-pic", "-no-pie", "-fno-stack-protector", "-Os", "-o",
		bin, src, NULL }, NULL, 60000) != 0) {
		char *line = boot_first_line(buf_cstr(&err));

		ret = error_set("gcc -m32 cannot build the i386 init: %s",
				line);
		free(line);
	}
	if (ret == 0)
		ret = read_file(elf, bin);
	free(src);
	free(bin);
	buf_release(&err);
	return ret;
}

/* The cell's initramfs: busybox, or the i386 init alone. */
static int write_initramfs(const struct boot_cell *cell, const char *path)
{
	struct buf elf = BUF_INIT;
	int ret;

	if (strcmp(cell->arch, "i386"))
		return initramfs_write(path, BUSYBOX, boot_init_script,
				       strlen(boot_init_script));
	ret = build_init_i386(&elf, cell);
	if (ret == 0)
		ret = initramfs_write(path, NULL, elf.ptr, elf.len);
	buf_release(&elf);
	return ret;
}

/*
 * Boot the image of the cell's build directory and classify the console.
 * Touches only the cell (and reads c): cells boot side by side.
 */
static int boot_console(struct boot_ctx *c, struct boot_cell *cell,
			struct console_verdict **cv, const char *release)
{
	char *initrd = path_join(cell->dir, "initramfs.cpio");
	struct buf console = BUF_INIT;
	struct console_expect want = { NULL, NULL, false };
	struct lava_files lf = { 0 };
	int ret;

	ret = write_initramfs(cell, initrd);
	if (ret < 0)
		goto out;
	free(cell->nonce);
	cell->nonce = make_nonce();
	if (c->opts->lava || c->opts->lava_job) {
		ret = write_lava(c, cell, initrd, &lf);
		if (ret == 0 && c->opts->lava_job)
			keep_lava_files(cell->v, &lf);
	}
	if (ret < 0)
		goto out;
	if (c->opts->lava)
		ret = run_lava(c, cell, &console, &want.ended, &lf);
	else
		ret = run_qemu(c, cell, &console, &want.ended, initrd);
	if (ret < 0)
		goto out;
	free(cell->v->console_log);
	cell->v->console_log = path_join(cell->dir, "console.log");
	if (write_file_atomic(cell->v->console_log, buf_cstr(&console),
			      console.len, 0644) < 0) {
		ret = -1;
		goto out;
	}
	want.nonce = cell->nonce;
	want.release = release;
	console_classify(cv, buf_cstr(&console), console.len, &want);
out:
	free(initrd);
	buf_release(&console);
	lava_files_release(&lf);
	return ret;
}

/*
 * --each, an earlier commit failed and the tip built and booted: the
 * tip's console gives the suites and the tip's own status, the first
 * failure stays the verdict.
 */
static void take_tip_boot(struct boot_cell *cell,
			  const struct console_verdict *cv)
{
	struct boot_verdict *v = cell->v;
	char *status = v->status, *summary = v->summary;
	char *detail = v->detail;

	v->status = v->summary = v->detail = NULL;
	boot_verdict_take_console(v, cv);
	judge_lava(v);
	free(cell->tip_status);
	cell->tip_status = v->status;
	v->status = NULL;
	boot_verdict_fail(v, status, summary, detail);
	free(status);
	free(summary);
}

/* Boot the cell's tip; an environment error is kept in cell->error. */
static int boot_kernel(struct boot_ctx *c, struct boot_cell *cell)
{
	struct console_verdict *cv = NULL;
	double t0 = boot_now_s();
	int ret = boot_console(c, cell, &cv, cell->v->release);

	cell->v->boot_s = boot_now_s() - t0;
	if (ret == 0 && cell->v->failed_commit >= 0) {
		take_tip_boot(cell, cv);
	} else if (ret == 0) {
		boot_verdict_take_console(cell->v, cv);
		judge_lava(cell->v);
	} else
		cell->error = xstrdup(error_last());
	console_verdict_free(cv);
	return ret;
}

struct boot_job {
	struct boot_ctx *c;
	struct boot_cell *cell;
	pthread_t th;
	bool started;
};

static void *boot_thread(void *arg)
{
	struct boot_job *j = arg;

	boot_kernel(j->c, j->cell);
	return NULL;
}

/*
 * Boot every cell that built, as many QEMU instances at a time as there
 * are cores (TCG keeps one core busy each). The first environment error
 * of a cell is the run's.
 */
static int boot_cells(struct boot_ctx *c)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t width = cpus > 0 ? (size_t)cpus : 1, nr = 0;
	struct boot_job *jobs = xcalloc(c->nr_cells + 1, sizeof(*jobs));
	int ret = 0;

	for (size_t i = 0; i < c->nr_cells; i++)
		if (c->cells[i].built)
			jobs[nr++] = (struct boot_job){ .c = c,
							.cell = &c->cells[i] };
	if (nr)
		progress(c, nr > 1 ? "booting the cells" : "booting", 0, 0);
	for (size_t from = 0; from < nr; from += width) {
		size_t to = from + width < nr ? from + width : nr;

		for (size_t i = from; i < to; i++)
			jobs[i].started = nr > 1 &&
				pthread_create(&jobs[i].th, NULL, boot_thread,
					       &jobs[i]) == 0;
		for (size_t i = from; i < to; i++) {
			if (jobs[i].started)
				pthread_join(jobs[i].th, NULL);
			else
				boot_thread(&jobs[i]);
		}
	}
	for (size_t i = 0; i < nr && !ret; i++)
		if (jobs[i].cell->error)
			ret = error_set("%s", jobs[i].cell->error);
	free(jobs);
	return ret;
}

/* ---- every commit (--each) ---- */

/* The commits of the series, oldest first, with their subjects. */
static int list_commits(struct boot_ctx *c)
{
	char **args = NULL, **lines = NULL;
	size_t n = 0, nr_lines = 0;
	struct buf out = BUF_INIT;
	const char *dir = c->from_source ? c->wt : c->repo_dir;
	int ret;

	boot_strv_push(&args, &n, xstrdup("log"));
	boot_strv_push(&args, &n, xstrdup("--reverse"));
	boot_strv_push(&args, &n, xstrdup("--format=%H %s"));
	if (c->from_source) {
		/* what git am made on the pristine commit */
		boot_strv_push(&args, &n, xstrdup("pristine..HEAD"));
	} else {
		if (c->nr_revs == 1)
			boot_strv_push(&args, &n, xstrdup("-1"));
		for (size_t i = 0; i < c->nr_revs; i++)
			boot_strv_push(&args, &n, xstrdup(c->revs[i]));
	}
	boot_strv_push(&args, &n, xstrdup("--"));
	ret = boot_git(&out, dir, (const char *const *)args, NULL);
	if (ret == 0)
		boot_strv_lines(&lines, &nr_lines, buf_cstr(&out));
	for (size_t i = 0; i < nr_lines; i++) {
		char *sp = strchr(lines[i], ' ');

		size_t ns = c->nr_ids;

		boot_strv_push(&c->subjects, &ns, xstrdup(sp ? sp + 1 : ""));
		if (sp)
			*sp = '\0';
		boot_strv_push(&c->ids, &c->nr_ids, xstrdup(lines[i]));
	}
	if (ret == 0 && !c->nr_ids)
		ret = error_set("the range has no commits to build");
	boot_strv_free(args, n);
	boot_strv_free(lines, nr_lines);
	buf_release(&out);
	return ret;
}

/* "commit k/n 0123456789ab ("subject")": how people find it. */
static char *commit_name(struct boot_ctx *c, size_t i)
{
	struct buf s = BUF_INIT;

	buf_addf(&s, "commit %zu/%zu %.12s (\"%s\")", i + 1, c->nr_ids,
		 c->ids[i], c->subjects[i]);
	return buf_detach(&s, NULL);
}

/* A failed build's log kept as build-<k>.log; the path, or NULL. */
static char *keep_log(struct boot_ctx *c, size_t i)
{
	struct buf name = BUF_INIT;
	char *from = kbuild_log_path(&c->cell->kb), *to;

	buf_addf(&name, "build-%zu.log", i + 1);
	to = path_join(c->cell->dir, name.ptr);
	buf_release(&name);
	if (rename(from, to) < 0) {
		free(to);
		to = NULL;
	}
	free(from);
	return to;
}

/* The first failing commit decides the verdict. */
static void commit_failed(struct boot_ctx *c, size_t i, const char *status,
			  const char *what, const struct boot_commit *bc)
{
	struct buf s = BUF_INIT;
	char *name = commit_name(c, i);

	if (c->v->failed_commit >= 0) {
		free(name);
		return;
	}
	c->v->failed_commit = (int)i;
	buf_addf(&s, "%s %s", name, what);
	boot_verdict_fail(c->v, status, s.ptr,
			  bc->detail ? xstrdup(bc->detail) : NULL);
	free(c->v->error_file);
	c->v->error_file = bc->error_file ? xstrdup(bc->error_file) : NULL;
	if (bc->build_log) {
		free(c->v->build_log);
		c->v->build_log = xstrdup(bc->build_log);
	}
	free(name);
	buf_release(&s);
}

/* --boot-each: boot commit i's image; its status into bc. */
static int boot_commit(struct boot_ctx *c, size_t i, struct boot_commit *bc)
{
	struct console_verdict *cv = NULL;
	char *release = NULL;
	double t0 = boot_now_s();
	int ret = kbuild_kernelrelease(&release, &c->cell->kb);

	progress(c, "booting", 0, 0);
	if (ret == 0)
		ret = boot_console(c, c->cell, &cv, release);
	bc->boot_s = boot_now_s() - t0;
	if (ret == 0) {
		/* borrowed: boot_verdict_add_commit copies it */
		bc->status = (char *)console_result_name(cv->result);
		if (cv->result != CONSOLE_PASS) {
			bc->detail = cv->detail;
			commit_failed(c, i, bc->status, "does not boot", bc);
			bc->detail = NULL;
		}
	}
	console_verdict_free(cv);
	free(release);
	return ret;
}

/* Check out commit i, configure when Kconfig changed, build (and boot). */
static int each_commit(struct boot_ctx *c, size_t i)
{
	/* borrowed strings: boot_verdict_add_commit copies them */
	struct boot_commit bc = { .id = c->ids[i], .subject = c->subjects[i],
				  .status = (char *)"built" };
	struct kbuild_failure f = { 0 };
	bool tip = i + 1 == c->nr_ids;
	double t0;
	int ret;

	c->k = (int)i + 1;
	each_stage(c, "checking out", 0, 0);
	ret = ktree_checkout(c->wt, c->base_repo, c->ids[i]);
	if (ret == 0)
		ret = configure(c, &f, c->ids[i], tip);
	t0 = boot_now_s();
	if (ret == 0)
		ret = build(c, &f);
	bc.build_s = boot_now_s() - t0;
	if (ret == 1) {
		bc.status = (char *)f.status;
		bc.detail = f.detail;
		bc.error_file = f.file;
		bc.build_log = keep_log(c, i);
		commit_failed(c, i, f.status, "does not build", &bc);
	} else if (ret == 0 && c->opts->boot_each && !tip) {
		ret = boot_commit(c, i, &bc);
	}
	if (ret >= 0)
		boot_verdict_add_commit(c->v, &bc);
	free(bc.build_log);
	kbuild_failure_release(&f);
	c->k = 0;
	return ret < 0 ? ret : 0;
}

/*
 * Every commit oldest first in the one build directory: a checkout
 * rewrites only the files that differ, so kbuild rebuilds only what
 * they reach. The worktree ends at the tip. 1: a commit failed.
 */
static int build_each(struct boot_ctx *c)
{
	int ret = c->nr_ids ? 0 : list_commits(c);

	for (size_t i = 0; ret == 0 && i < c->nr_ids; i++)
		ret = each_commit(c, i);
	if (ret < 0)
		return ret;
	return c->v->failed_commit >= 0;
}

/* ---- new warnings (W=1) ---- */

/* --each: did the tip, built last, build? */
static bool tip_built(struct boot_ctx *c)
{
	size_t n = c->v->nr_commits;

	return c->opts->each && n && n == c->nr_ids &&
	       !strcmp(c->v->commits[n - 1].status, "built");
}

/* The commit the series starts from, or NULL when it has none. */
static char *series_base(struct boot_ctx *c)
{
	struct buf b = BUF_INIT;

	if (c->from_source)
		return xstrdup("pristine");
	for (size_t i = 1; i < c->nr_revs; i++)
		if (c->revs[i][0] == '^')
			return xstrdup(c->revs[i] + 1);
	buf_addf(&b, "%s^", c->v->tip);
	if (boot_git_has(c->repo_dir, b.ptr))
		return buf_detach(&b, NULL);
	buf_release(&b);
	return NULL;
}

static bool wt_has(struct boot_ctx *c, const char *file)
{
	char *p = path_join(c->wt, file);
	bool has = boot_is_file(p);

	free(p);
	return has;
}

/* What the W=1 check found for one file at one commit (cached). */
enum { W1_OK, W1_BAD, W1_ABSENT };

/* Can a change to path reach a compile other than through its includes? */
static bool compile_input(const char *path)
{
	static const char *const ext[] = { ".c", ".h", ".S", ".s", ".inc",
					   ".lds", ".tbl", NULL };
	const char *base = strrchr(path, '/');
	size_t len = strlen(path);

	base = base ? base + 1 : path;
	if (kconfig_path_matters(path) || !strncmp(base, "Makefile", 8) ||
	    !strncmp(base, "Kbuild", 6))
		return true;
	for (const char *const *e = ext; *e; e++)
		if (len > strlen(*e) && !strcmp(path + len - strlen(*e), *e))
			return true;
	return false;
}

/* Does nothing between trees from and to reach the compile of deps? */
static bool compiles_alike(struct boot_ctx *c, const char *from,
			   const char *to, char **deps, size_t nr_deps)
{
	struct buf out = BUF_INIT;
	char **changed = NULL;
	size_t nr = 0;
	bool alike;

	alike = boot_git(&out, c->wt, (const char *const[]){ "diff",
			 "--name-only", "--no-renames", from, to, "--",
			 NULL }, NULL) == 0;
	if (alike)
		boot_strv_lines(&changed, &nr, buf_cstr(&out));
	for (size_t i = 0; alike && i < nr; i++)
		alike = !compile_input(changed[i]) &&
			!boot_strv_has(deps, nr_deps, changed[i]);
	error_clear();
	boot_strv_free(changed, nr);
	buf_release(&out);
	return alike;
}

/*
 * The W=1 output of file at another tree of the cache stands for tree
 * when nothing between them reaches its compile: no file its object was
 * built from, no source, header, Makefile or Kconfig file. A series
 * amended for its trailers, or with a documentation commit on top,
 * compiles nothing for the check.
 */
static bool w1_carried(struct boot_ctx *c, const struct wcache *wc,
		       const char *tree, const char *file, struct buf *out,
		       int *st)
{
	char **trees, **deps = NULL;
	size_t nt, nd = 0;
	bool hit = false;

	wcache_commits(&trees, &nt, wc, file);
	if (nt && kbuild_object_deps(&deps, &nd, &c->cell->kb, file) < 0)
		nt = 0;
	for (size_t i = 0; !hit && i < nt; i++)
		hit = strcmp(trees[i], tree) &&
		      compiles_alike(c, trees[i], tree, deps, nd) &&
		      wcache_get(out, st, wc, trees[i], file);
	if (hit)
		wcache_put(wc, tree, file, *st, out->ptr, out->len);
	boot_strv_free(trees, nt);
	boot_strv_free(deps, nd);
	return hit;
}

/* One end of the W=1 check: the commit (hex) and its tree's id. */
struct w1_end {
	const char *rev;
	char *tree;
};

/*
 * make W=1 of the files of todo at the end's commit (the worktree, at
 * *at, moved there), in one make: each file's W1_* code into st and
 * compiler output into out, kept in the cache.
 */
static int w1_compile(struct boot_ctx *c, const struct wcache *wc,
		      const struct w1_end *end, const char **at,
		      char **files, const size_t *todo, size_t nr_todo,
		      struct buf *out, int *st)
{
	char **have = xcalloc(nr_todo + 1, sizeof(*have));
	size_t *which = xcalloc(nr_todo + 1, sizeof(*which));
	bool *ok = xcalloc(nr_todo + 1, sizeof(*ok));
	struct buf *got = xcalloc(nr_todo + 1, sizeof(*got));
	size_t n = 0;
	int ret = 0;

	if (strcmp(*at, end->rev) &&
	    ktree_checkout(c->wt, c->base_repo, end->rev) < 0) {
		ret = -1;
		goto out;
	}
	*at = end->rev;
	for (size_t k = 0; k < nr_todo; k++) {
		size_t i = todo[k];

		st[i] = W1_ABSENT;
		if (wt_has(c, files[i])) {
			which[n] = i;
			have[n++] = files[i];
		}
	}
	if (n && kbuild_w1_objects(got, ok, &c->cell->kb, have, n) < 0) {
		ret = -1;
		goto out;
	}
	for (size_t k = 0; k < n; k++) {
		st[which[k]] = ok[k] ? W1_OK : W1_BAD;
		buf_add(&out[which[k]], got[k].ptr, got[k].len);
	}
	for (size_t k = 0; k < nr_todo; k++)
		wcache_put(wc, end->tree, files[todo[k]], st[todo[k]],
			   out[todo[k]].ptr, out[todo[k]].len);
out:
	for (size_t k = 0; k < nr_todo; k++)
		buf_release(&got[k]);
	free(got);
	free(have);
	free(which);
	free(ok);
	return ret;
}

/*
 * The W=1 warnings of each file at one end onto *w; a file present that
 * kbuild would not build is marked in bad. The cache answers first (by
 * tree, or carried from another tree); the others are compiled together.
 */
static int w1_files(struct boot_ctx *c, const struct wcache *wc,
		    const struct w1_end *end, const char **at,
		    struct kwarn **w, size_t *nr, char **files,
		    size_t nr_files, bool *bad)
{
	struct buf *out = xcalloc(nr_files + 1, sizeof(*out));
	int *st = xcalloc(nr_files + 1, sizeof(*st));
	size_t *todo = xcalloc(nr_files + 1, sizeof(*todo));
	size_t nr_todo = 0;
	int ret = 0;

	for (size_t i = 0; i < nr_files; i++)
		if (!wcache_get(&out[i], &st[i], wc, end->tree, files[i]) &&
		    !w1_carried(c, wc, end->tree, files[i], &out[i], &st[i]))
			todo[nr_todo++] = i;
	if (nr_todo)
		ret = w1_compile(c, wc, end, at, files, todo, nr_todo, out,
				 st);
	for (size_t i = 0; ret == 0 && i < nr_files; i++) {
		if (st[i] == W1_BAD)
			bad[i] = true;
		else if (st[i] == W1_OK)
			kwarn_parse(w, nr, buf_cstr(&out[i]), out[i].len,
				    c->wt);
	}
	for (size_t i = 0; i < nr_files; i++)
		buf_release(&out[i]);
	free(out);
	free(st);
	free(todo);
	return ret;
}

/* The touched .c files the tip has. */
static void touched_c_files(struct boot_ctx *c, char ***files, size_t *nr)
{
	for (size_t i = 0; i < c->nr_touched; i++) {
		const char *f = c->touched[i];
		size_t len = strlen(f);

		if (len > 2 && !strcmp(f + len - 2, ".c") && wt_has(c, f))
			boot_strv_push(files, nr, xstrdup(f));
	}
}

/* The commit (hex) the series starts from, or NULL when it has none. */
static char *series_base_id(struct boot_ctx *c)
{
	char *base = series_base(c), *id = NULL;
	struct buf spec = BUF_INIT;

	if (!base)
		return NULL;
	buf_addf(&spec, "%s^{commit}", base);
	if (boot_git_line(&id, c->wt, (const char *const[]){ "rev-parse",
			  "--verify", "-q", spec.ptr, NULL }) < 0) {
		error_clear();
		id = NULL;
	}
	buf_release(&spec);
	free(base);
	return id;
}

/* The id of rev's tree (hex) into *out. */
static int tree_of(char **out, struct boot_ctx *c, const char *rev)
{
	struct buf spec = BUF_INIT;
	int ret;

	buf_addf(&spec, "%s^{tree}", rev);
	ret = boot_git_line(out, c->wt, (const char *const[]){ "rev-parse",
			    "--verify", "-q", spec.ptr, NULL });
	buf_release(&spec);
	return ret;
}

/* The touched files W=1 could not check, and those it did. */
static void note_checked(struct boot_ctx *c, char **files, size_t nr,
			 const bool *bad_base, const bool *bad_tip, bool base)
{
	for (size_t i = 0; i < nr; i++)
		if (bad_base[i] || bad_tip[i] || !base)
			boot_strv_push(&c->v->unchecked, &c->v->nr_unchecked,
				       xstrdup(files[i]));
		else
			boot_strv_push(&c->v->w1_checked,
				       &c->v->nr_w1_checked,
				       xstrdup(files[i]));
}

/*
 * The W=1 warnings of the touched files at the base and at the tip, and
 * those the tip adds into the verdict. The worktree ends at the tip.
 */
static int check_warnings(struct boot_ctx *c)
{
	char **files = NULL, *base = series_base_id(c);
	char *config = path_join(c->cell->kb.obj, ".config");
	const char *at = c->wt_tip;
	size_t nr = 0, nb = 0, nt = 0;
	struct kwarn *bw = NULL, *tw = NULL;
	struct w1_end b = { 0 }, t = { 0 };
	bool *bad_base, *bad_tip;
	struct wcache wc;
	double t0 = boot_now_s();
	int ret = 0;

	wcache_open(&wc, c->cell->dir, config);
	touched_c_files(c, &files, &nr);
	bad_base = xcalloc(nr + 1, sizeof(*bad_base));
	bad_tip = xcalloc(nr + 1, sizeof(*bad_tip));
	if (!nr || !base)
		goto done;
	b.rev = base;
	t.rev = c->wt_tip;
	if (tree_of(&b.tree, c, base) < 0 || tree_of(&t.tree, c, t.rev) < 0) {
		ret = -1;
		goto out;
	}
	progress(c, "W=1 warnings at the base", 0, 0);
	ret = w1_files(c, &wc, &b, &at, &bw, &nb, files, nr, bad_base);
	if (ret == 0) {
		progress(c, "W=1 warnings at the tip", 0, 0);
		ret = w1_files(c, &wc, &t, &at, &tw, &nt, files, nr, bad_tip);
	}
	if (ret == 0 && strcmp(at, c->wt_tip))
		ret = ktree_checkout(c->wt, c->base_repo, c->wt_tip);
	if (ret < 0)
		goto out;
	wcache_prune(&wc, b.tree, t.tree);
done:
	note_checked(c, files, nr, bad_base, bad_tip, base);
	kwarn_added(&c->v->new_warnings, &c->v->nr_new_warnings, bw, nb,
		    tw, nt);
	c->v->base_warnings = nb;
	c->v->tip_warnings = nt;
	c->v->warnings_checked = true;
	c->v->warnings_s = boot_now_s() - t0;
out:
	wcache_release(&wc);
	free(config);
	free(base);
	free(b.tree);
	free(t.tree);
	boot_strv_free(files, nr);
	kwarn_free(bw, nb);
	kwarn_free(tw, nt);
	free(bad_base);
	free(bad_tip);
	return ret;
}

/* A boot that passed fails on new warnings, unless they are accepted. */
static void judge_warnings(struct boot_ctx *c)
{
	struct buf s = BUF_INIT, d = BUF_INIT;
	size_t n = c->v->nr_new_warnings;

	if (!n || !c->v->pass)
		return;
	if (c->opts->accept_warnings) {
		c->v->warnings_accepted = true;
		return;
	}
	buf_addf(&s, "the series adds %zu compiler warning%s (W=1); the kernel booted: fix %s, or boot again with --accept-warnings if %s meant",
		 n, n == 1 ? "" : "s", n == 1 ? "it" : "them",
		 n == 1 ? "it is" : "they are");
	for (size_t i = 0; i < n; i++) {
		const struct kwarn *w = &c->v->new_warnings[i];

		buf_addf(&d, "%s%s:%d: warning: %s", i ? "\n" : "", w->file,
			 w->line, w->message);
		if (*w->text)
			buf_addf(&d, "\n    %s", w->text);
	}
	boot_verdict_fail(c->v, "new-warnings", s.ptr, buf_detach(&d, NULL));
	buf_release(&s);
}

/* ---- the matrix ---- */

static const char *preset_target(const char *config)
{
	return !strcmp(config, "defconfig") ? "defconfig" : "tinyconfig";
}

/*
 * The cells, arch by config in the order given. The first default cell
 * (x86_64, tiny) keeps the state directory itself, so that a plain boot
 * reuses the build directory it always had; the others have
 * <dir>/<arch>-<config>. With one cell, its verdict is the run's.
 */
static int make_cells(struct boot_ctx *c)
{
	static char *const def_arch[] = { (char *)KBUILD_DEFAULT_ARCH };
	static char *const def_config[] = { (char *)"tiny" };
	char *const *arches = c->opts->nr_arches ? c->opts->arches : def_arch;
	char *const *configs = c->opts->nr_configs ? c->opts->configs :
						     def_config;
	size_t na = c->opts->nr_arches ? c->opts->nr_arches : 1;
	size_t nc = c->opts->nr_configs ? c->opts->nr_configs : 1;

	c->cells = xcalloc(na * nc + 1, sizeof(*c->cells));
	for (size_t i = 0; i < na; i++) {
		for (size_t j = 0; j < nc; j++) {
			struct boot_cell *cell = &c->cells[c->nr_cells++];
			struct buf n = BUF_INIT;
			char *obj;

			cell->arch = xstrdup(arches[i]);
			cell->config = xstrdup(configs[j]);
			buf_addf(&n, "%s/%s", cell->arch, cell->config);
			cell->name = buf_detach(&n, NULL);
			buf_addf(&n, "%s-%s", cell->arch, cell->config);
			cell->dir = !strcmp(n.ptr, KBUILD_DEFAULT_ARCH "-tiny") ?
				    xstrdup(c->dir) : path_join(c->dir, n.ptr);
			buf_reset(&n);
			if (mkdir_p(cell->dir, 0755) < 0)
				return -1;
			/*
			 * inside the worktree: kbuild then names the
			 * sources "../", so that an object tree copied
			 * from the cache has the same commands
			 */
			buf_addf(&n, "obj-%s-%s", cell->arch, cell->config);
			obj = path_join(c->wt, n.ptr);
			buf_release(&n);
			kbuild_init(&cell->kb, c->wt, obj, cell->dir,
				    cell->arch, preset_target(cell->config));
			free(obj);
		}
	}
	c->cells[0].v = c->top;
	for (size_t i = 1; i < c->nr_cells; i++) {
		struct boot_verdict *v = boot_verdict_new();

		v->tip = xstrdup(c->top->tip);
		v->source = xstrdup(c->top->source);
		v->accel = xstrdup("tcg");
		for (size_t k = 0; k < c->top->nr_enabled; k++)
			boot_strv_push(&v->enabled, &v->nr_enabled,
				       xstrdup(c->top->enabled[k]));
		for (size_t k = 0; k < c->top->nr_kunit; k++)
			boot_strv_push(&v->kunit, &v->nr_kunit,
				       xstrdup(c->top->kunit[k]));
		c->cells[i].v = v;
	}
	if (c->nr_cells > 1) {
		/* the run's verdict is the cells' sum (aggregate()) */
		c->top = boot_verdict_new();
		boot_verdict_fill_from(c->top, c->cells[0].v);
	}
	for (size_t i = 0; i < c->nr_cells; i++) {
		free(c->cells[i].v->arch);
		c->cells[i].v->arch = xstrdup(c->cells[i].arch);
		free(c->cells[i].v->config);
		c->cells[i].v->config = xstrdup(c->cells[i].config);
	}
	return 0;
}

/* The files that differ between commit from and the worktree's HEAD. */
static int changed_files(struct boot_ctx *c, char ***v, size_t *nr,
			 const char *from)
{
	struct buf out = BUF_INIT;
	int ret = boot_git(&out, c->wt, (const char *const[]){ "diff",
			   "--name-only", "--no-renames", from, "HEAD", "--",
			   NULL }, NULL);

	if (ret == 0)
		boot_strv_lines(v, nr, buf_cstr(&out));
	buf_release(&out);
	return ret;
}

/*
 * The configuration a seeded tree holds, adopted so that an unchanged
 * one is not made again: the fragment the kept build was configured
 * with (a tree of the base: the key's own). A kept build whose series
 * changed what Kconfig reads is configured again.
 */
static int adopt_config(struct boot_cell *cell, const char *key,
			const char *base, const char *fragment)
{
	char *kept = kcache_fragment(key);
	char **dirty;
	size_t nr;
	bool again = false;
	int ret = 0;

	kcache_dirty(key, &dirty, &nr);
	for (size_t i = 0; i < nr; i++)
		again |= kconfig_path_matters(dirty[i]);
	if (!again)
		ret = kbuild_adopt_config(&cell->kb, base,
					  kept ? kept : fragment);
	boot_strv_free(dirty, nr);
	free(kept);
	return ret;
}

/*
 * A cold cell (no configured object tree yet) starts from the pristine
 * object tree of the series' base for its arch, preset and fragment,
 * copied from the cache. With none there, the cell builds the series
 * from nothing, as by hand, and keep_build keeps that build for the next
 * cold cell of the same base; so does a warm cell's build when the cache
 * has none (a first build cut short and resumed, a tree removed by
 * --gc).
 */
static int seed_cell(struct boot_ctx *c, struct boot_cell *cell)
{
	char *cfg = path_join(cell->kb.obj, ".config");
	char *base = NULL, *tree = NULL, *key = NULL, *fragment = NULL;
	char **changed = NULL;
	size_t nr = 0;
	double t0 = boot_now_s();
	int ret = 0;

	if (!(base = series_base(c)))
		goto out;
	if (tree_of(&tree, c, base) < 0) {
		error_clear();
		goto out;
	}
	fragment = kconfig_arch_fragment(boot_fragment, cell->arch);
	key = kcache_key(tree, cell->arch, cell->config, fragment);
	cell->keep_key = xstrdup(key);
	cell->keep_base = xstrdup(base);
	if (boot_is_file(cfg) || !kcache_has(key))
		goto out;
	progress(c, "copying the pristine object tree", 0, 0);
	ret = changed_files(c, &changed, &nr, base);
	if (ret == 0)
		ret = kcache_seed(key, cell->kb.obj, c->wt, changed, nr);
	if (ret == 0)
		ret = adopt_config(cell, key, base, fragment);
	if (ret == 0)
		cell->v->pristine = xstrdup("reused");
out:
	cell->v->pristine_s = boot_now_s() - t0;
	free(cfg);
	free(base);
	free(tree);
	free(key);
	free(fragment);
	boot_strv_free(changed, nr);
	return ret;
}

/*
 * A cold cell's build, once its tip built, kept as the pristine object
 * tree of its base when there is none yet (or the one there lists more
 * changed files), with the files the series changed listed so that a
 * seed rebuilds them. Not kept (a full disk): the next cold cell builds
 * from nothing again, which is all it costs.
 */
static void keep_build(struct boot_ctx *c, struct boot_cell *cell)
{
	char **dirty = NULL, *fragment;
	size_t nr = 0;
	double t0 = boot_now_s();
	int st;

	if (!cell->keep_key)
		return;
	fragment = kbuild_config_fragment(&cell->kb);
	st = changed_files(c, &dirty, &nr, cell->keep_base);
	if (st == 0 && kcache_wants(cell->keep_key, nr)) {
		progress(c, "keeping the object tree for later cold builds",
			 0, 0);
		st = kcache_store(cell->keep_key, cell->kb.obj, c->wt, dirty,
				  nr, fragment);
	}
	if (st == 1 && !cell->v->pristine)
		cell->v->pristine = xstrdup("built");
	if (st < 0)
		error_clear();
	cell->v->pristine_s += boot_now_s() - t0;
	boot_strv_free(dirty, nr);
	free(fragment);
}

/* Build the tip in the cell (every commit with --each), W=1 included. */
static int build_cell(struct boot_ctx *c, struct boot_cell *cell)
{
	int ret;

	c->cell = cell;
	c->v = cell->v;
	if (seed_cell(c, cell) < 0)
		return -1;
	ret = c->opts->each ? build_each(c) : build_tip(c);
	if (ret < 0)
		return ret;
	/* the warnings of a tip that built, even after an earlier break */
	if (c->opts->each && (!ret || tip_built(c)) && check_warnings(c) < 0)
		return -1;
	/* a tip that builds is booted, even after an earlier break */
	if (ret && !tip_built(c))
		return 0;
	if (kbuild_kernelrelease(&c->v->release, &cell->kb) < 0)
		return -1;
	cell->built = true;
	keep_build(c, cell);
	return 0;
}

/* After the boot: the tip's --each entry, then the warnings judged. */
static void finish_cell(struct boot_ctx *c, struct boot_cell *cell)
{
	c->cell = cell;
	c->v = cell->v;
	if (!cell->built)
		return;
	if (c->v->nr_commits) {
		/* the tip's entry says how its boot went */
		struct boot_commit *tip = &c->v->commits[c->v->nr_commits - 1];

		free(tip->status);
		tip->status = xstrdup(cell->tip_status ? cell->tip_status :
				      c->v->status);
		tip->boot_s = c->v->boot_s;
	}
	judge_warnings(c);
}

/* The matrix's verdict from its cells (boot_verdict_aggregate). */
static void aggregate(struct boot_ctx *c, double boot_wall)
{
	struct boot_verdict **cells = xcalloc(c->nr_cells, sizeof(*cells));

	for (size_t i = 0; i < c->nr_cells; i++) {
		cells[i] = c->cells[i].v;
		c->cells[i].v = NULL;
	}
	boot_verdict_aggregate(c->top, cells, c->nr_cells, boot_wall);
	free(cells);
}

/* ---- the whole run ---- */

/*
 * The KUnit suites of the touched directories: their symbols (and
 * KUnit's) enabled, their names kept in the verdict and asked for with
 * kunit.filter_glob at boot.
 */
static void find_kunit(struct boot_ctx *c)
{
	static const char *const core[] = { "KUNIT", "RUNTIME_TESTING_MENU",
					    NULL };
	struct kunit_plan plan = { 0 };
	struct boot_verdict *v = c->v;

	kunit_find(&plan, c->wt, c->touched, c->nr_touched);
	for (size_t i = 0; i < plan.nr_symbols; i++)
		if (!boot_strv_has(v->enabled, v->nr_enabled, plan.symbols[i]))
			boot_strv_push(&v->enabled, &v->nr_enabled,
				       xstrdup(plan.symbols[i]));
	for (const char *const *k = core; plan.nr_suites && *k; k++)
		if (!boot_strv_has(v->enabled, v->nr_enabled, *k))
			boot_strv_push(&v->enabled, &v->nr_enabled,
				       xstrdup(*k));
	for (size_t i = 0; i < plan.nr_suites; i++)
		boot_strv_push(&v->kunit, &v->nr_kunit,
			       xstrdup(plan.suites[i]));
	c->kunit_glob = kunit_filter_glob(plan.suites, plan.nr_suites);
	kunit_plan_release(&plan);
}

/* The steps after the worktree is ready; 1 means a failure verdict. */
static int validate(struct boot_ctx *c)
{
	double t0;
	int ret;

	if (c->from_source) {
		ret = apply_series(c);
		if (ret)
			return ret;
	}
	if (boot_git_line(&c->wt_tip, c->wt, (const char *const[]){
			  "rev-parse", "HEAD", NULL }) < 0 ||
	    series_files(c) < 0)
		return -1;
	for (size_t i = 0; i < c->nr_touched; i++)
		kconfig_file_symbols(&c->v->enabled, &c->v->nr_enabled, c->wt,
				     c->touched[i]);
	find_kunit(c);
	kconfig_need_kunit(&c->v->enabled, &c->v->nr_enabled);
	if (make_cells(c) < 0)
		return -1;
	for (size_t i = 0; i < c->nr_cells; i++)
		if (build_cell(c, &c->cells[i]) < 0)
			return -1;
	c->cell = NULL;
	t0 = boot_now_s();
	ret = boot_cells(c);
	if (ret < 0)
		return ret;
	for (size_t i = 0; i < c->nr_cells; i++)
		finish_cell(c, &c->cells[i]);
	if (c->nr_cells > 1)
		aggregate(c, boot_now_s() - t0);
	return c->top->pass ? 0 : 1;
}

/* ---- the disk bound ---- */

int boot_gc(struct buf *report, const char *tree,
	    unsigned long long max_bytes)
{
	struct repo *r = NULL;
	char **dirs = NULL, **stamps = NULL;
	size_t nr = 0, ns = 0;
	int ret;

	if (repo_open(&r, tree) == 0) {
		char *boot = path_join(repo_git_dir(r), "disclose/boot");
		char *src = path_join(boot, "src");
		DIR *d = opendir(src);
		struct dirent *e;

		while (d && (e = readdir(d))) {
			struct buf st = BUF_INIT;

			if (strncmp(e->d_name, "obj-", 4))
				continue;
			/* the cell's build log says when it was last used */
			if (!strcmp(e->d_name, "obj-" KBUILD_DEFAULT_ARCH
				    "-tiny"))
				buf_addf(&st, "%s/build.log", boot);
			else
				buf_addf(&st, "%s/%s/build.log", boot,
					 e->d_name + 4);
			boot_strv_push(&dirs, &nr, path_join(src, e->d_name));
			boot_strv_push(&stamps, &ns, buf_detach(&st, NULL));
		}
		if (d)
			closedir(d);
		free(boot);
		free(src);
	}
	error_clear();
	repo_free(r);
	ret = kcache_gc(report, max_bytes, dirs, stamps, nr);
	boot_strv_free(dirs, nr);
	boot_strv_free(stamps, ns);
	return ret;
}

static void ctx_release(struct boot_ctx *c)
{
	repo_free(c->repo);
	free(c->repo_dir);
	free(c->dir);
	free(c->wt);
	free(c->base_repo);
	free(c->build_rev);
	boot_strv_free(c->revs, c->nr_revs);
	free(c->tarball);
	boot_strv_free(c->touched, c->nr_touched);
	for (size_t i = 0; i < c->nr_cells; i++) {
		struct boot_cell *cell = &c->cells[i];

		free(cell->arch);
		free(cell->config);
		free(cell->name);
		free(cell->dir);
		kbuild_release(&cell->kb);
		if (cell->v != c->top)
			boot_verdict_free(cell->v);
		free(cell->nonce);
		free(cell->error);
		free(cell->tip_status);
		free(cell->keep_key);
		free(cell->keep_base);
	}
	free(c->cells);
	free(c->wt_tip);
	boot_strv_free(c->ids, c->nr_ids);
	boot_strv_free(c->subjects, c->nr_ids);
	boot_strv_free(c->stages, c->nr_stages);
	free(c->kunit_glob);
	if (c->lock_fd >= 0)
		close(c->lock_fd);
}

int boot_run(struct boot_verdict **out, const struct boot_opts *opts)
{
	struct boot_ctx c = { .opts = opts, .lock_fd = -1 };
	double t0;
	int ret;

	*out = NULL;
	c.progress = (struct boot_progress){ opts->progress, opts->log_tail,
					     opts->progress_data,
					     BOOT_TAIL_LINES };
	if (opts->each || opts->nr_arches > 1 || opts->nr_configs > 1)
		c.progress = (struct boot_progress){ each_stage, each_tail,
						     &c, BOOT_TAIL_LINES };
	c.top = c.v = boot_verdict_new();
	c.v->accel = xstrdup("tcg");
	/* the range first: an empty one is refused whatever is installed */
	ret = open_repo(&c);
	if (!ret)
		ret = resolve_range(&c);
	if (!ret)
		ret = check_deps(false);
	if (!ret)
		ret = check_arches(opts);
	if (!ret && opts->lava)
		ret = lava_check();
	if (!ret)
		ret = initramfs_check_busybox(BUSYBOX);
	if (!ret)
		ret = take_lock(&c);
	if (!ret)
		ret = choose_tree(&c);
	if (ret < 0)
		goto out;
	c.wt = path_join(c.dir, "src");
	progress(&c, "checking out the tip", 0, 0);
	t0 = boot_now_s();
	ret = ktree_checkout(c.wt, c.base_repo, c.build_rev);
	c.top->checkout_s = boot_now_s() - t0;
	if (!ret)
		ret = validate(&c);
	if (ret < 0)
		goto out;
	/* interrupted: the verdict would be of a run cut short */
	if (run_stop_signal()) {
		ret = error_set("interrupted (%s): no verdict saved",
				run_signal_name(run_stop_signal()));
		goto out;
	}
	if (boot_verdict_save(c.top, repo_git_dir(c.repo)) < 0) {
		ret = -1;
		goto out;
	}
	*out = c.top;
	for (size_t i = 0; i < c.nr_cells; i++)
		if (c.cells[i].v == c.top)
			c.cells[i].v = NULL;
	c.top = NULL;
	ret = 0;
out:
	boot_verdict_free(c.top);
	ctx_release(&c);
	return ret;
}
