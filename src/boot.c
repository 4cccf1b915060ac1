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

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "boot_util.h"
#include "initramfs.h"
#include "kbuild.h"
#include "kconfig.h"
#include "qemu.h"
#include "repo.h"
#include "run.h"

#define BUSYBOX "/bin/busybox"
/* How long a KVM boot may take before KVM counts as not working. */
#define KVM_PROOF_MS (15 * 1000)

/* Everything one run works with. */
struct boot_ctx {
	const struct boot_opts *opts;
	struct boot_progress progress;
	struct boot_verdict *v;
	struct repo *repo;	/* the series' repository */
	char *repo_dir;		/* where git -C finds it */
	char *dir;		/* <gitdir>/disclose/boot */
	char *wt, *obj;		/* worktree and build directory */
	char *base_repo;	/* repository the worktree belongs to */
	char *build_rev;	/* what the worktree is moved to */
	char **revs;		/* the range's ends: tip, then ^bases */
	size_t nr_revs;
	bool from_source;	/* series applied onto the tarball tree */
	char *tarball;
	char **touched;		/* files the series touches */
	size_t nr_touched;
	struct kbuild kb;
	char *nonce;
	int lock_fd;
};

static void progress(struct boot_ctx *c, const char *stage, int done,
		     int total)
{
	boot_progress_stage(&c->progress, stage, done, total);
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
	return mkdir_p(c->dir, 0755);
}

static int resolve_range(struct boot_ctx *c)
{
	if (repo_range_ends(&c->revs, &c->nr_revs, c->repo,
			    c->opts->range) < 0)
		return -1;
	c->v->tip = xstrdup(c->revs[0]);
	return 0;
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

static int configure(struct boot_ctx *c)
{
	struct kbuild_failure f = { 0 };
	char *head = NULL;
	int ret;

	ret = boot_git_line(&head, c->wt, (const char *const[]){ "rev-parse",
			    "HEAD", NULL });
	if (ret == 0)
		ret = kbuild_configure(&f, &c->v->configured, &c->v->missing,
				       &c->v->nr_missing, &c->kb, head,
				       boot_fragment, c->v->enabled,
				       c->v->nr_enabled, &c->progress);
	if (ret == 1)
		take_failure(c, &f);
	free(head);
	return ret;
}

static int build(struct boot_ctx *c)
{
	struct kbuild_failure f = { 0 };
	int ret;

	c->v->build_log = kbuild_log_path(&c->kb);
	ret = kbuild_build(&f, &c->kb, &c->progress);
	if (ret == 1)
		take_failure(c, &f);
	return ret;
}

/* ---- the boot ---- */

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

/*
 * QEMU with KVM when asked and it proves to work, else TCG; the console
 * into console, *ended false for a timeout.
 */
static int run_qemu(struct boot_ctx *c, struct buf *console, bool *ended,
		    const char *initrd)
{
	char *kernel = kbuild_image_path(&c->kb);
	char *errlog = path_join(c->dir, "qemu.log");
	int timeout_ms = (c->opts->timeout_s > 0 ? c->opts->timeout_s :
			  BOOT_DEFAULT_TIMEOUT) * 1000;
	struct qemu_boot b = { kernel, initrd, c->nonce, "tcg", errlog,
			       timeout_ms };
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
			c->v->kvm_failed = true;
		}
	}
	if (!strcmp(b.accel, "tcg"))
		ret = qemu_run(console, ended, &b);
	free(c->v->accel);
	c->v->accel = xstrdup(b.accel);
	free(kernel);
	free(errlog);
	return ret;
}

static int boot_kernel(struct boot_ctx *c)
{
	char *initrd = path_join(c->dir, "initramfs.cpio");
	struct buf console = BUF_INIT;
	struct console_verdict *cv = NULL;
	struct console_expect want = { NULL, NULL, false };
	int ret;

	ret = initramfs_write(initrd, BUSYBOX, boot_init_script,
			      strlen(boot_init_script));
	if (ret < 0)
		goto out;
	make_nonce(c);
	progress(c, "booting", 0, 0);
	ret = run_qemu(c, &console, &want.ended, initrd);
	if (ret < 0)
		goto out;
	c->v->console_log = path_join(c->dir, "console.log");
	if (write_file_atomic(c->v->console_log, buf_cstr(&console),
			      console.len, 0644) < 0) {
		ret = -1;
		goto out;
	}
	want.nonce = c->nonce;
	want.release = c->v->release;
	console_classify(&cv, buf_cstr(&console), console.len, &want);
	boot_verdict_take_console(c->v, cv);
	console_verdict_free(cv);
out:
	free(initrd);
	buf_release(&console);
	return ret;
}

/* ---- the whole run ---- */

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
		kconfig_file_symbols(&c->v->enabled, &c->v->nr_enabled, c->wt,
				     c->touched[i]);
	kconfig_need_kunit(&c->v->enabled, &c->v->nr_enabled);
	t0 = boot_now_s();
	ret = configure(c);
	t1 = boot_now_s();
	c->v->configure_s = t1 - t0;
	if (ret)
		return ret;
	ret = build(c);
	t0 = boot_now_s();
	c->v->build_s = t0 - t1;
	if (ret)
		return ret;
	if (kbuild_kernelrelease(&c->v->release, &c->kb) < 0)
		return -1;
	ret = boot_kernel(c);
	c->v->boot_s = boot_now_s() - t0;
	return ret;
}

static void ctx_release(struct boot_ctx *c)
{
	repo_free(c->repo);
	free(c->repo_dir);
	free(c->dir);
	free(c->wt);
	free(c->obj);
	free(c->base_repo);
	free(c->build_rev);
	boot_strv_free(c->revs, c->nr_revs);
	free(c->tarball);
	boot_strv_free(c->touched, c->nr_touched);
	kbuild_release(&c->kb);
	free(c->nonce);
	if (c->lock_fd >= 0)
		close(c->lock_fd);
}

int boot_run(struct boot_verdict **out, const struct boot_opts *opts)
{
	struct boot_ctx c = { .opts = opts, .lock_fd = -1 };
	int ret;

	*out = NULL;
	c.progress = (struct boot_progress){ opts->progress, opts->log_tail,
					     opts->progress_data,
					     BOOT_TAIL_LINES };
	c.v = xcalloc(1, sizeof(*c.v));
	c.v->accel = xstrdup("tcg");
	ret = check_deps(false);
	if (!ret)
		ret = initramfs_check_busybox(BUSYBOX);
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
	kbuild_init(&c.kb, c.wt, c.obj, c.dir, KBUILD_DEFAULT_ARCH);
	progress(&c, "checking out the tip", 0, 0);
	ret = ktree_checkout(c.wt, c.base_repo, c.build_rev);
	if (!ret)
		ret = validate(&c);
	if (ret < 0)
		goto out;
	if (boot_verdict_save(c.v, repo_git_dir(c.repo)) < 0) {
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
