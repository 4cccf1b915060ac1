#include "unit.h"
#include "fixture.h"
#include "util.h"

#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>

extern char **environ;

char fixture_dir[256];

int fixture_setup(const char *name)
{
	const char *tmp = getenv("TMPDIR");
	struct buf b = BUF_INIT;

	snprintf(fixture_dir, sizeof(fixture_dir), "%s/%s.XXXXXX",
		 tmp ? tmp : "/tmp", name);
	if (!mkdtemp(fixture_dir))
		return -1;
	setenv("HOME", fixture_dir, 1);
	buf_addf(&b, "%s/.config", fixture_dir);
	setenv("XDG_CONFIG_HOME", b.ptr, 1);
	buf_release(&b);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	unsetenv("GIT_COMMITTER_NAME");
	unsetenv("GIT_COMMITTER_EMAIL");
	return 0;
}

int fixture_teardown(void)
{
	return fixture_run_sh("cd / && rm -rf \"$OLDPWD\"");
}

int fixture_run_sh(const char *script)
{
	struct buf cmd = BUF_INIT;
	char *argv[] = { "sh", "-ec", NULL, NULL };
	pid_t pid;
	int st = -1;

	buf_addf(&cmd, "cd '%s'\n%s", fixture_dir, script);
	argv[2] = cmd.ptr;
	if (posix_spawnp(&pid, "sh", NULL, NULL, argv, environ) ||
	    waitpid(pid, &st, 0) != pid)
		st = -1;
	buf_release(&cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void fixture_sh(const char *script)
{
	if (fixture_run_sh(script))
		fail_msg("script failed:\n%s", script);
}
