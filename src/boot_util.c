// SPDX-License-Identifier: GPL-2.0
/*
 * What the rooms of the boot pipeline share. Every program runs through
 * run.h with an argument vector, never a shell; git is the command-line
 * git (only src/repo.c may use libgit2, and worktrees, am and
 * format-patch are git's own).
 */
#include "boot_util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "run.h"

void boot_progress_stage(const struct boot_progress *p, const char *stage,
			 int done, int total)
{
	if (p && p->stage)
		p->stage(p->data, stage, done, total);
}

void boot_progress_tail(const struct boot_progress *p, const char *text,
			size_t len)
{
	if (p && p->log_tail)
		p->log_tail(p->data, text, len);
}

/* The memory file's contents appended to err. */
static void read_back(struct buf *err, int fd)
{
	char chunk[4096];
	ssize_t n;

	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		buf_add(err, chunk, (size_t)n);
	buf_add(err, "", 0);
}

int boot_cmd(struct buf *out, struct buf *err, const char *cwd,
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
	if (ret == 0 && err)
		read_back(err, efd);
	close(efd);
	if (ret < 0)
		return ret;
	if (r.status == 127 && err && strstr(buf_cstr(err), "cannot run"))
		return error_set("cannot run '%s': is it installed?", argv[0]);
	return r.timed_out ? 124 : r.status;
}

int boot_git(struct buf *out, const char *dir, const char *const args[],
	     const char *const *env)
{
	struct buf err = BUF_INIT;
	const char **argv;
	size_t n = 0;
	int st;

	while (args[n])
		n++;
	argv = xcalloc(n + 4, sizeof(*argv));
	argv[0] = "git";
	argv[1] = "-C";
	argv[2] = dir;
	memcpy(argv + 3, args, n * sizeof(*argv));
	st = boot_cmd(out, &err, NULL, argv, env, BOOT_GIT_TIMEOUT_MS);
	if (st > 0) {
		char *line = boot_first_line(buf_cstr(&err));

		error_set("git %s failed in %s: %s", args[0], dir,
			  *line ? line : "(no message)");
		free(line);
		st = -1;
	}
	buf_release(&err);
	free(argv);
	return st;
}

int boot_git_line(char **out, const char *dir, const char *const args[])
{
	struct buf b = BUF_INIT;

	*out = NULL;
	if (boot_git(&b, dir, args, NULL) < 0) {
		buf_release(&b);
		return -1;
	}
	boot_chomp(&b);
	*out = buf_detach(&b, NULL);
	return 0;
}

bool boot_git_has(const char *dir, const char *rev)
{
	int st = boot_git(NULL, dir, (const char *const[]){ "rev-parse", "-q",
			  "--verify", rev, NULL }, NULL);

	error_clear();
	return st == 0;
}

double boot_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

bool boot_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool boot_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int boot_rm_rf(const char *path)
{
	int st = boot_cmd(NULL, NULL, NULL, (const char *const[]){ "rm",
			  "-rf", "--", path, NULL }, NULL, 0);

	return st == 0 ? 0 : error_set("cannot remove %s", path);
}

void boot_chomp(struct buf *b)
{
	while (b->len && (b->ptr[b->len - 1] == '\n' ||
			  b->ptr[b->len - 1] == '\r'))
		b->ptr[--b->len] = '\0';
}

char *boot_first_line(const char *text)
{
	while (*text == '\n')
		text++;
	return xstrndup(text, strcspn(text, "\n"));
}

void boot_strv_push(char ***v, size_t *nr, char *s)
{
	*v = xrealloc(*v, (*nr + 2) * sizeof(**v));
	(*v)[(*nr)++] = s;
	(*v)[*nr] = NULL;
}

bool boot_strv_has(char *const *v, size_t nr, const char *s)
{
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

void boot_strv_free(char **v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(v[i]);
	free(v);
}

void boot_strv_lines(char ***v, size_t *nr, const char *text)
{
	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");

		if (len)
			boot_strv_push(v, nr, xstrndup(p, len));
		p += len;
		if (*p)
			p++;
	}
}
