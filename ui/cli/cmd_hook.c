/*
 * git disclose hook install | uninstall: a commit-msg hook that runs
 * git disclose check --message --staged on each new commit message (and
 * the files the index adds) and rejects the commit when the policy finds
 * errors. The hook directory is the one git uses (core.hooksPath
 * respected); a hook that is not ours is never touched.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "run.h"
#include "util.h"

/* The mark that tells our hook from anyone else's. */
#define HOOK_MARK "# git-disclose commit-msg hook"

static const char hook_usage[] =
	"usage: git disclose hook install | uninstall\n"
	"\n"
	"  install     add a commit-msg hook that runs git disclose check on\n"
	"              each commit message and rejects commits with errors\n"
	"  uninstall   remove that hook (only ours; any other hook is left)\n";

/* Where git looks for hooks (core.hooksPath respected), absolute. */
static int hooks_dir(struct buf *out)
{
	const char *argv[] = { "git", "rev-parse", "--path-format=absolute",
			       "--git-path", "hooks", NULL };
	struct run_opts opts = RUN_OPTS_INIT;
	struct run_result res;

	if (run_capture(&res, out, argv, &opts) < 0)
		return error_set("cannot run git: is it installed and on PATH?");
	if (res.status != 0)
		return error_set("not in a git repository: run git disclose hook in the repository the hook is for");
	while (out->len && (out->ptr[out->len - 1] == '\n' ||
			    out->ptr[out->len - 1] == '\r'))
		out->ptr[--out->len] = '\0';
	if (!out->len)
		return error_set("git rev-parse --git-path hooks printed nothing: check the repository");
	return 0;
}

/* 1: our hook, 0: no hook, 2: someone else's; -1 on error. */
static int hook_state(const char *path)
{
	struct buf text = BUF_INIT;
	struct stat st;
	int state;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 :
			error_set("cannot read %s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return 2;
	if (read_file(&text, path) < 0)
		return -1;
	state = text.ptr && strstr(text.ptr, HOOK_MARK) ? 1 : 2;
	buf_release(&text);
	return state;
}

static void self_path(struct buf *out)
{
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (n > 0) {
		path[n] = '\0';
		buf_adds(out, path);
	}
}

static void hook_script(struct buf *out)
{
	struct buf self = BUF_INIT;

	self_path(&self);
	buf_adds(out, "#!/bin/sh\n" HOOK_MARK "\n");
	buf_adds(out,
		 "# Installed by 'git disclose hook install'; remove it with\n"
		 "# 'git disclose hook uninstall'. It checks the new message\n"
		 "# against the kernel's policy on AI coding assistants and\n"
		 "# rejects the commit when there are errors.\n");
	buf_adds(out, "disclose=");
	shell_quote(out, self.len ? self.ptr : "git-disclose");
	buf_adds(out,
		 "\n"
		 "if [ ! -x \"$disclose\" ]; then\n"
		 "\tdisclose=$(command -v git-disclose) || {\n"
		 "\t\techo 'commit-msg: git-disclose is not installed: install it, or remove this hook with git disclose hook uninstall' >&2\n"
		 "\t\texit 1\n"
		 "\t}\n"
		 "fi\n"
		 "\"$disclose\" check --message \"$1\" --staged && exit 0\n"
		 "status=$?\n"
		 "echo 'commit-msg: the commit was rejected: fix the message (git disclose fix --message FILE shows how), or commit with --no-verify' >&2\n"
		 "exit $status\n");
	buf_release(&self);
}

static void chain_hint(const char *path)
{
	fprintf(stderr, "git disclose: %s is another hook: it is left as it is.\n"
			"To chain the check, add this line to it:\n"
			"  git disclose check --message \"$1\" --staged || exit 1\n",
		path);
}

static int install(const char *dir, const char *path)
{
	struct buf script = BUF_INIT;
	int state = hook_state(path), rc;

	if (state < 0)
		return -1;
	if (state == 2) {
		chain_hint(path);
		return EXIT_POLICY;
	}
	if (mkdir_p(dir, 0777) < 0)
		return -1;
	hook_script(&script);
	rc = write_file_atomic(path, script.ptr, script.len, 0755);
	buf_release(&script);
	if (rc < 0)
		return -1;
	printf("%s the commit-msg hook: %s\n",
	       state == 1 ? "updated" : "installed", path);
	return 0;
}

static int uninstall(const char *path)
{
	int state = hook_state(path);

	if (state < 0)
		return -1;
	if (state == 0) {
		printf("no commit-msg hook at %s: nothing to remove\n", path);
		return 0;
	}
	if (state == 2) {
		fprintf(stderr, "git disclose: %s was not installed by git disclose: it is left as it is\n",
			path);
		return EXIT_POLICY;
	}
	if (unlink(path) < 0)
		return error_set("cannot remove %s: %s", path, strerror(errno));
	printf("removed the commit-msg hook: %s\n", path);
	return 0;
}

int cmd_hook(int argc, char **argv)
{
	struct buf dir = BUF_INIT, path = BUF_INIT;
	const char *what = argc > 1 ? argv[1] : NULL;
	int rc;

	if (what && (!strcmp(what, "--help") || !strcmp(what, "-h"))) {
		fputs(hook_usage, stdout);
		return 0;
	}
	if (!what)
		return cli_usage_error(hook_usage, "hook",
				       "give an action: install or uninstall");
	if (strcmp(what, "install") && strcmp(what, "uninstall"))
		return cli_usage_error(hook_usage, "hook",
				       "unknown action '%s': use install or uninstall",
				       what);
	if (argc > 2)
		return cli_usage_error(hook_usage, "hook",
				       "unexpected argument '%s'", argv[2]);
	if (hooks_dir(&dir) < 0) {
		rc = cli_fail(EXIT_USAGE);
		goto out;
	}
	buf_addf(&path, "%s/commit-msg", dir.ptr);
	rc = !strcmp(what, "install") ? install(dir.ptr, path.ptr)
				      : uninstall(path.ptr);
	if (rc < 0)
		rc = cli_fail(EXIT_USAGE);
out:
	buf_release(&dir);
	buf_release(&path);
	return rc;
}
