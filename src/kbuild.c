// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild out of tree: configure, build bzImage with a watcher thread,
 * kernelrelease, and the first error of a failed build.
 */
#include "kbuild.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kconfig.h"
#include "run.h"

/* CC/LD/AR lines of a first tinyconfig+fragment build (measured). */
#define FIRST_BUILD_STEPS 970

/*
 * The kernel's make runs on its own: a parent make's flags (its
 * jobserver, -w, which prints "Entering directory" into make -s
 * kernelrelease) are not passed down when git disclose itself runs under
 * make.
 */
static const char *const make_unset[] = {
	"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "GNUMAKEFLAGS",
	NULL
};

void kbuild_init(struct kbuild *kb, const char *src, const char *obj,
		 const char *state, const char *arch, const char *preset)
{
	struct buf a = BUF_INIT;

	memset(kb, 0, sizeof(*kb));
	kb->src = xstrdup(src);
	kb->obj = xstrdup(obj);
	kb->state = xstrdup(state);
	kb->arch = xstrdup(arch ? arch : KBUILD_DEFAULT_ARCH);
	kb->preset = xstrdup(preset ? preset : "tinyconfig");
	buf_addf(&a, "ARCH=%s", kb->arch);
	boot_strv_push(&kb->env, &kb->nr_env, xstrdup("LC_ALL=C"));
	boot_strv_push(&kb->env, &kb->nr_env, buf_detach(&a, NULL));
	for (const char *const *u = make_unset; *u; u++)
		boot_strv_push(&kb->env, &kb->nr_env, xstrdup(*u));
}

void kbuild_release(struct kbuild *kb)
{
	free(kb->src);
	free(kb->obj);
	free(kb->state);
	free(kb->arch);
	free(kb->preset);
	boot_strv_free(kb->env, kb->nr_env);
	memset(kb, 0, sizeof(*kb));
}

void kbuild_failure_release(struct kbuild_failure *f)
{
	free(f->summary);
	free(f->detail);
	free(f->file);
	memset(f, 0, sizeof(*f));
}

static const char *const *make_env(const struct kbuild *kb)
{
	return (const char *const *)kb->env;
}

char *kbuild_log_path(const struct kbuild *kb)
{
	return path_join(kb->state, "build.log");
}

char *kbuild_image_path(const struct kbuild *kb)
{
	return path_join(kb->obj, "arch/x86/boot/bzImage");
}

/* make -s O=<obj> target, its stderr into err. */
static int run_make(const struct kbuild *kb, struct buf *err,
		    const char *target)
{
	struct buf o = BUF_INIT;
	int st;

	buf_addf(&o, "O=%s", kb->obj);
	st = boot_cmd(NULL, err, kb->src, (const char *const[]){ "make", "-s",
		      o.ptr, target, NULL }, make_env(kb), 0);
	buf_release(&o);
	return st;
}

/* ---- configuration ---- */

/* Which fragment lines (and added symbols) did not survive olddefconfig. */
static int check_config(struct kbuild_failure *fail, char ***missing,
			size_t *nr_missing, const struct kbuild *kb,
			const char *fragment, char *const *syms, size_t nr)
{
	char *cfg = path_join(kb->obj, ".config");
	struct buf text = BUF_INIT;
	char *lost = NULL;
	int ret = read_file(&text, cfg);

	free(cfg);
	if (ret < 0)
		goto out;
	if (!kconfig_confirm(missing, nr_missing, &lost, text.ptr, fragment,
			     syms, nr)) {
		fail->status = "config-failed";
		fail->summary = xstrdup("the boot configuration did not "
					"survive olddefconfig");
		fail->detail = lost;
		ret = 1;
	}
out:
	buf_release(&text);
	return ret;
}

/*
 * The key of a configuration: the commit it was made for and the
 * fragment text. The saved key lets an unchanged series skip the ~10 s
 * of tinyconfig + merge + olddefconfig: it holds while the fragment is
 * the same and no file between that commit and head can change what
 * Kconfig says.
 */
static bool config_current(const struct kbuild *kb, const char *fragment,
			   const char *head)
{
	char *keyf = path_join(kb->state, "config.key");
	char *cfg = path_join(kb->obj, ".config");
	struct buf key = BUF_INIT, diff = BUF_INIT;
	char **changed = NULL;
	size_t nr = 0;
	bool ok = false;
	const char *nl;

	if (!boot_is_file(cfg) || read_file(&key, keyf) < 0)
		goto out;
	nl = strchr(key.ptr, '\n');
	if (!nl || strcmp(nl + 1, fragment))
		goto out;
	key.ptr[nl - key.ptr] = '\0';
	if (boot_git(&diff, kb->src, (const char *const[]){ "diff",
		     "--name-only", key.ptr, head, NULL }, NULL) < 0)
		goto out;
	boot_strv_lines(&changed, &nr, buf_cstr(&diff));
	ok = true;
	for (size_t i = 0; i < nr; i++)
		ok &= !kconfig_path_matters(changed[i]);
out:
	error_clear();
	free(keyf);
	free(cfg);
	boot_strv_free(changed, nr);
	buf_release(&key);
	buf_release(&diff);
	return ok;
}

static int make_failed(struct kbuild_failure *fail, const char *what,
		       const struct buf *err)
{
	struct buf s = BUF_INIT;

	buf_addf(&s, "make %s failed", what);
	fail->status = "config-failed";
	fail->summary = buf_detach(&s, NULL);
	fail->detail = boot_first_line(buf_cstr(err));
	return 1;
}

/* The preset (tinyconfig), the fragment merged in, olddefconfig. */
static int make_config(struct kbuild_failure *fail, const struct kbuild *kb,
		       const char *fragf)
{
	char *cfg = path_join(kb->obj, ".config");
	struct buf err = BUF_INIT;
	int ret = 0;

	if (run_make(kb, &err, kb->preset) != 0) {
		ret = make_failed(fail, kb->preset, &err);
		goto out;
	}
	buf_reset(&err);
	if (boot_cmd(NULL, &err, kb->src, (const char *const[]){
		     "scripts/kconfig/merge_config.sh", "-m", "-O", kb->obj,
		     cfg, fragf, NULL }, make_env(kb), 0) != 0) {
		ret = make_failed(fail, "merge_config.sh", &err);
		goto out;
	}
	buf_reset(&err);
	if (run_make(kb, &err, "olddefconfig") != 0)
		ret = make_failed(fail, "olddefconfig", &err);
out:
	free(cfg);
	buf_release(&err);
	return ret;
}

int kbuild_configure(struct kbuild_failure *fail, bool *configured,
		     char ***missing, size_t *nr_missing,
		     const struct kbuild *kb, const char *head,
		     const char *fragment, char *const *syms, size_t nr,
		     const struct boot_progress *progress)
{
	char *merged = kconfig_fragment(fragment, syms, nr);
	char *fragf = path_join(kb->state, "disclose.config");
	char *keyf = path_join(kb->state, "config.key");
	struct buf key = BUF_INIT;
	int ret;

	*configured = !config_current(kb, merged, head);
	if (!*configured) {
		ret = check_config(fail, missing, nr_missing, kb, fragment,
				   syms, nr);
		goto out;
	}
	boot_progress_stage(progress, "configuring", 0, 0);
	if (mkdir_p(kb->obj, 0755) < 0 ||
	    write_file_atomic(fragf, merged, strlen(merged), 0644) < 0) {
		ret = -1;
		goto out;
	}
	ret = make_config(fail, kb, fragf);
	if (ret == 0)
		ret = check_config(fail, missing, nr_missing, kb, fragment,
				   syms, nr);
	if (ret == 0) {
		buf_addf(&key, "%s\n%s", head, merged);
		write_file_atomic(keyf, key.ptr, key.len, 0644);
	}
out:
	free(merged);
	free(fragf);
	free(keyf);
	buf_release(&key);
	return ret;
}

int kbuild_adopt_config(const struct kbuild *kb, const char *head,
			const char *fragment)
{
	char *keyf = path_join(kb->state, "config.key");
	struct buf key = BUF_INIT;
	int ret;

	buf_addf(&key, "%s\n%s", head, fragment);
	ret = write_file_atomic(keyf, key.ptr, key.len, 0644);
	buf_release(&key);
	free(keyf);
	return ret;
}

char *kbuild_config_fragment(const struct kbuild *kb)
{
	char *keyf = path_join(kb->state, "config.key"), *ret = NULL;
	struct buf key = BUF_INIT;
	const char *nl;

	if (boot_is_file(keyf) && read_file(&key, keyf) == 0 &&
	    (nl = strchr(buf_cstr(&key), '\n')))
		ret = xstrdup(nl + 1);
	error_clear();
	free(keyf);
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

int kbuild_count_steps(const char *log)
{
	int n = 0;

	for (const char *p = log; *p; ) {
		size_t len = strcspn(p, "\n");

		n += step_line(p, len);
		p += len;
		if (*p)
			p++;
	}
	return n;
}

/*
 * What the build and its watcher share, under lock. The watcher never
 * touches the error store: the error message is per thread, so what it
 * cannot do is handed to the main thread in error.
 */
struct watch {
	const struct boot_progress *progress;
	const char *log;
	int total;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool stop;
	char *error;		/* the watcher's last failure, or NULL */
};

/* The log into text; on failure the reason into w->error. */
static int watch_read(struct watch *w, struct buf *text)
{
	char chunk[65536];
	int fd = open(w->log, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd >= 0) {
		while ((n = read(fd, chunk, sizeof(chunk))) > 0)
			buf_add(text, chunk, (size_t)n);
		buf_add(text, "", 0);
	}
	if (fd < 0 || n < 0) {
		struct buf e = BUF_INIT;

		buf_addf(&e, "cannot follow %s: %s", w->log, strerror(errno));
		free(w->error);
		w->error = buf_detach(&e, NULL);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	free(w->error);
	w->error = NULL;
	return 0;
}

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
		if (watch_read(w, &text) == 0) {
			int done = kbuild_count_steps(text.ptr);
			size_t n;
			const char *s = text_tail(text.ptr, text.len,
						  w->progress->tail_lines, &n);

			boot_progress_stage(w->progress, "building",
					    done < w->total ? done :
					    w->total - 1, w->total);
			boot_progress_tail(w->progress, s, n);
		}
		buf_release(&text);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/*
 * The watcher is done: what it could not read it left in w->error (its
 * error store is its own thread's), and this thread adds it to its own.
 */
static void watch_error(const struct watch *w)
{
	char *mine;

	if (!w->error)
		return;
	mine = xstrdup(error_last());
	error_set("%s (while building: %s)", mine, w->error);
	free(mine);
}

static int saved_steps(const struct kbuild *kb)
{
	char *f = path_join(kb->state, "build.steps");
	struct buf b = BUF_INIT;
	int n = 0;

	if (read_file(&b, f) == 0)
		n = atoi(b.ptr);
	error_clear();
	buf_release(&b);
	free(f);
	return n > 0 ? n : FIRST_BUILD_STEPS;
}

/* A no-op rebuild says nothing about the next one: only real builds. */
static void save_steps(const struct kbuild *kb, const char *log)
{
	int steps = kbuild_count_steps(log);
	char *f = path_join(kb->state, "build.steps");
	struct buf n = BUF_INIT;

	if (steps > 50) {
		buf_addf(&n, "%d\n", steps);
		write_file_atomic(f, n.ptr, n.len, 0644);
	}
	buf_release(&n);
	free(f);
}

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

/*
 * text with "../" removed where a line starts with it: an object tree
 * inside the source tree (srctree "..") names source files that way.
 */
static char *strip_updirs(char *text)
{
	struct buf out = BUF_INIT;

	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");
		const char *q = p;

		while (!strncmp(q, "../", 3))
			q += 3;
		buf_add(&out, q, len - (size_t)(q - p));
		p += len;
		if (*p)
			buf_addch(&out, *p++);
	}
	free(text);
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

void kbuild_log_error(char **detail, char **file, const char *log,
		      const char *src)
{
	const char *hit = first_error(log), *end;

	*file = NULL;
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
			*file = strip_updirs(strip_prefix(hit, (size_t)
					     (colon - hit), src));
	}
	end = hit;
	for (int i = 0; i < 8 && *end; i++) {
		end = strchrnul(end, '\n');
		if (*end)
			end++;
	}
	while (end > hit && end[-1] == '\n')
		end--;
	*detail = strip_updirs(strip_prefix(hit, (size_t)(end - hit), src));
}

/* -jN, N the cores online. */
static void add_jobs(struct buf *jobs)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	buf_addf(jobs, "-j%ld", cpus > 0 ? cpus : 1);
}

/* make -jN bzImage into fd, the watcher following log meanwhile. */
static int make_image(struct run_result *r, const struct kbuild *kb, int fd,
		      struct watch *w)
{
	struct run_opts o = RUN_OPTS_INIT;
	struct buf jobs = BUF_INIT, od = BUF_INIT;
	pthread_t th;
	bool watching;
	int ret;

	add_jobs(&jobs);
	buf_addf(&od, "O=%s", kb->obj);
	o.cwd = kb->src;
	o.env = make_env(kb);
	o.stdout_fd = fd;
	o.stderr_fd = fd;
	watching = pthread_create(&th, NULL, watch_build, w) == 0;
	ret = run_wait(r, (const char *const[]){ "make", jobs.ptr, od.ptr,
		       "bzImage", NULL }, &o);
	if (watching) {
		pthread_mutex_lock(&w->lock);
		w->stop = true;
		pthread_cond_signal(&w->cond);
		pthread_mutex_unlock(&w->lock);
		pthread_join(th, NULL);
	}
	buf_release(&jobs);
	buf_release(&od);
	return ret;
}

int kbuild_build(struct kbuild_failure *fail, const struct kbuild *kb,
		 const struct boot_progress *progress)
{
	char *log = kbuild_log_path(kb);
	struct watch w = { progress, log, saved_steps(kb),
			   PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
			   false, NULL };
	struct run_result r;
	struct buf text = BUF_INIT;
	int fd, ret;

	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		ret = error_set("cannot write %s: %s", log, strerror(errno));
		goto out;
	}
	boot_progress_stage(progress, "building", 0, w.total);
	ret = make_image(&r, kb, fd, &w);
	close(fd);
	if (ret < 0)
		goto out;
	if (read_file(&text, log) < 0) {
		ret = -1;
		watch_error(&w);
		goto out;
	}
	if (r.status != 0) {
		fail->status = "build-failed";
		fail->summary = xstrdup("the kernel does not build");
		kbuild_log_error(&fail->detail, &fail->file, text.ptr, kb->src);
		ret = 1;
		goto out;
	}
	boot_progress_stage(progress, "building", w.total, w.total);
	save_steps(kb, text.ptr);
out:
	free(w.error);
	free(log);
	buf_release(&text);
	return ret;
}

/* obj/<dir>/.<name>.cmd, where kbuild keeps how obj/<dir>/<name> was made */
static char *cmd_path(const char *obj_path)
{
	const char *slash = strrchr(obj_path, '/');
	size_t dir = slash ? (size_t)(slash + 1 - obj_path) : 0;
	struct buf p = BUF_INIT;

	buf_addf(&p, "%.*s.%s.cmd", (int)dir, obj_path, obj_path + dir);
	return buf_detach(&p, NULL);
}

/*
 * Move path aside to path + ".w1-keep" (true when there was one), or
 * back over what the W=1 compile made.
 */
static char *keep_path(const char *path)
{
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s.w1-keep", path);
	return buf_detach(&p, NULL);
}

static bool set_aside(const char *path)
{
	char *keep = keep_path(path);
	bool moved = rename(path, keep) == 0;

	free(keep);
	return moved;
}

static void put_back(const char *path, bool had)
{
	char *keep = keep_path(path);

	if (!had || rename(keep, path) < 0)
		unlink(keep);
	free(keep);
}

/* The object path (in obj) of a .c file of the tree. */
static char *object_path(const struct kbuild *kb, const char *c_file)
{
	size_t len = strlen(c_file);
	struct buf target = BUF_INIT;
	char *path;

	if (len > 2 && !strcmp(c_file + len - 2, ".c"))
		len -= 2;
	buf_addf(&target, "%.*s.o", (int)len, c_file);
	path = path_join(kb->obj, target.ptr);
	buf_release(&target);
	return path;
}

/*
 * Which of targets a kbuild step line ("  CC      init/main.o") makes:
 * its index, -1 for another target, -2 when the line is not a step.
 */
static int step_target(const char *p, size_t len, char *const *targets,
		       size_t nr)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t i = 2;

	if (len < 4 || p[0] != ' ' || p[1] != ' ' || !isupper(u[2]))
		return -2;
	while (i < len && (isupper(u[i]) || isdigit(u[i]) || u[i] == '_'))
		i++;
	if (i == len || p[i] != ' ')
		return -2;
	while (i < len && p[i] == ' ')
		i++;
	for (size_t k = 0; k < nr; k++)
		if (strlen(targets[k]) == len - i &&
		    !memcmp(p + i, targets[k], len - i))
			return (int)k;
	return -1;
}

/* make's output cut at its step lines: each target's part into out[k]. */
static void split_steps(struct buf *out, char *const *targets, size_t nr,
			const char *text)
{
	int cur = -1;

	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");
		int t = step_target(p, len, targets, nr);

		if (t != -2)
			cur = t;
		else if (cur >= 0)
			buf_addf(&out[cur], "%.*s\n", (int)len, p);
		p += len;
		if (*p)
			p++;
	}
}

/* The build's object of each file and its record, moved aside. */
struct w1_object {
	char *target;	/* init/main.o */
	char *path;	/* <obj>/init/main.o */
	char *cmd;	/* <obj>/init/.main.o.cmd */
	bool had;	/* both were there: put them back */
};

static void w1_aside(struct w1_object *w, const struct kbuild *kb,
		     const char *c_file)
{
	bool had_o, had_cmd;

	w->path = object_path(kb, c_file);
	w->target = xstrdup(w->path + strlen(kb->obj) + 1);
	w->cmd = cmd_path(w->path);
	had_o = set_aside(w->path);
	had_cmd = set_aside(w->cmd);
	w->had = had_o && had_cmd;
}

static void w1_back(struct w1_object *w)
{
	put_back(w->path, w->had);
	put_back(w->cmd, w->had);
	free(w->target);
	free(w->path);
	free(w->cmd);
}

int kbuild_w1_objects(struct buf *out, bool *ok, const struct kbuild *kb,
		      char *const *c_files, size_t nr)
{
	struct w1_object *w = xcalloc(nr + 1, sizeof(*w));
	const char **argv = xcalloc(nr + 8, sizeof(*argv));
	char **targets = xcalloc(nr + 1, sizeof(*targets));
	struct buf o = BUF_INIT, jobs = BUF_INIT, all = BUF_INIT;
	size_t n = 0;
	int st;

	add_jobs(&jobs);
	buf_addf(&o, "O=%s", kb->obj);
	/*
	 * Every core (a cold tree builds its prepare stage first), each
	 * job's output kept whole, every object tried (-k); kbuild's step
	 * lines say whose output follows.
	 */
	argv[n++] = "make";
	argv[n++] = jobs.ptr;
	argv[n++] = "-k";
	argv[n++] = "--no-print-directory";
	argv[n++] = "--output-sync=target";
	argv[n++] = "W=1";
	argv[n++] = o.ptr;
	for (size_t i = 0; i < nr; i++) {
		w1_aside(&w[i], kb, c_files[i]);
		targets[i] = w[i].target;
		argv[n++] = w[i].target;
	}
	st = boot_cmd(&all, &all, kb->src, argv, make_env(kb), 0);
	if (st >= 0)
		split_steps(out, targets, nr, buf_cstr(&all));
	for (size_t i = 0; i < nr; i++) {
		ok[i] = st >= 0 && boot_is_file(w[i].path);
		w1_back(&w[i]);
	}
	free(w);
	free(argv);
	free(targets);
	buf_release(&o);
	buf_release(&jobs);
	buf_release(&all);
	return st < 0 ? -1 : 0;
}

/*
 * One line of a .cmd file's deps_ list as a path of the source tree, or
 * NULL: a $(wildcard include/config/...) line or a generated file. The
 * build directory is <src>/obj-..., so kbuild names the tree "..".
 */
static char *dep_source(const struct kbuild *kb, const char *line, size_t len)
{
	size_t n = strlen(kb->src);

	while (len && (line[len - 1] == '\\' || line[len - 1] == ' '))
		len--;
	while (len && *line == ' ') {
		line++;
		len--;
	}
	if (len > 3 && !memcmp(line, "../", 3))
		return xstrndup(line + 3, len - 3);
	if (len > n + 1 && !memcmp(line, kb->src, n) && line[n] == '/')
		return xstrndup(line + n + 1, len - n - 1);
	return NULL;
}

int kbuild_object_deps(char ***v, size_t *nr, const struct kbuild *kb,
		       const char *c_file)
{
	char *o = object_path(kb, c_file), *cmd = cmd_path(o);
	struct buf text = BUF_INIT;
	const char *p;
	int ret = -1;

	*v = NULL;
	*nr = 0;
	if (!boot_is_file(cmd) || read_file(&text, cmd) < 0)
		goto out;
	p = strstr(buf_cstr(&text), "\ndeps_");
	if (!p)
		goto out;
	p = strchr(p + 1, '\n');
	/* the list: one dependency a line, each but the last ending in \ */
	while (p && p[1] == ' ') {
		size_t len = strcspn(++p, "\n");
		char *dep = dep_source(kb, p, len);

		if (dep)
			boot_strv_push(v, nr, dep);
		p = strchr(p, '\n');
	}
	ret = 0;
out:
	error_clear();
	free(o);
	free(cmd);
	buf_release(&text);
	return ret;
}

int kbuild_kernelrelease(char **out, const struct kbuild *kb)
{
	struct buf rel = BUF_INIT, err = BUF_INIT, o = BUF_INIT;
	int st;

	*out = NULL;
	buf_addf(&o, "O=%s", kb->obj);
	st = boot_cmd(&rel, &err, kb->src, (const char *const[]){ "make", "-s",
		      "--no-print-directory", o.ptr, "kernelrelease", NULL },
		      make_env(kb), 60000);
	buf_release(&o);
	boot_chomp(&rel);
	if (st != 0 || !rel.len) {
		char *line = boot_first_line(buf_cstr(&err));

		error_set("make kernelrelease failed: %s", line);
		free(line);
		buf_release(&rel);
		buf_release(&err);
		return -1;
	}
	buf_release(&err);
	*out = buf_detach(&rel, NULL);
	return 0;
}
