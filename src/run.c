#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Stopping the children when we are told to stop: the handler only
 * records the signal; every reap() loop (one per running child, in any
 * thread) sees it within 20 ms and stops its child's process group, and
 * no child starts after it. What was stopped is listed for the message.
 */
static volatile sig_atomic_t stop_signal;
static pthread_mutex_t stopped_lock = PTHREAD_MUTEX_INITIALIZER;
static struct buf stopped_list = BUF_INIT;

static void on_stop_signal(int sig)
{
	if (!stop_signal)
		stop_signal = sig;
}

void run_stop_children_on_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { 0 }, old;

	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		/* a signal the user had ignored stays ignored */
		if (sigaction(sigs[i], NULL, &old) < 0 ||
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

int run_stop_signal(void)
{
	return stop_signal;
}

const char *run_signal_name(int sig)
{
	switch (sig) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	case SIGQUIT:
		return "SIGQUIT";
	default:
		return "a signal";
	}
}

char *run_stopped_children(void)
{
	char *text;

	pthread_mutex_lock(&stopped_lock);
	text = stopped_list.len ? xstrdup(stopped_list.ptr) : NULL;
	pthread_mutex_unlock(&stopped_lock);
	return text;
}

/* Note a child stopped by our signal: "'make -j2 ...' (process group N)". */
static void note_stopped(const char *const argv[], pid_t pid)
{
	pthread_mutex_lock(&stopped_lock);
	buf_addf(&stopped_list, "%s'", stopped_list.len ? ", " : "");
	for (size_t i = 0; argv[i]; i++)
		buf_addf(&stopped_list, "%s%s", i ? " " : "", argv[i]);
	buf_addf(&stopped_list, "' (process group %ld)", (long)pid);
	pthread_mutex_unlock(&stopped_lock);
}

static void child_env(const char *const *env)
{
	for (; env && *env; env++) {
		const char *eq = strchr(*env, '=');

		if (!eq) {
			unsetenv(*env);
			continue;
		}
		char *key = xstrndup(*env, (size_t)(eq - *env));
		setenv(key, eq + 1, 1);
		free(key);
	}
}

static void child_stdin(const char *path)
{
	int fd;

	if (path && !strcmp(path, "-"))
		return;
	fd = open(path ? path : "/dev/null", O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "git-disclose: cannot open '%s': %s\n",
			path ? path : "/dev/null", strerror(errno));
		_exit(127);
	}
	dup2(fd, 0);
	close(fd);
}

/*
 * In the child: no handler of ours may run before exec (exec resets
 * them anyway; ignored signals stay ignored, as the user set them), and
 * the signal mask is the caller's again.
 */
static void child_signals(const sigset_t *mask)
{
	struct sigaction sa;

	for (int sig = 1; sig < NSIG; sig++) {
		if (sigaction(sig, NULL, &sa) < 0 ||
		    sa.sa_handler == SIG_IGN || sa.sa_handler == SIG_DFL)
			continue;
		signal(sig, SIG_DFL);
	}
	signal(SIGPIPE, SIG_DFL);
	if (mask)
		sigprocmask(SIG_SETMASK, mask, NULL);
}

/* In the child: set up and exec; never returns. */
static void child_start(const char *const argv[], const struct run_opts *o,
			int out_fd, const sigset_t *mask)
{
	if (!o->foreground)
		setpgid(0, 0);
	child_signals(mask);
	if (o->cwd && chdir(o->cwd) < 0) {
		fprintf(stderr, "git-disclose: cannot enter '%s': %s\n",
			o->cwd, strerror(errno));
		_exit(127);
	}
	child_env(o->env);
	child_stdin(o->stdin_path);
	if (out_fd >= 0)
		dup2(out_fd, 1);
	if (o->stderr_fd >= 0)
		dup2(o->stderr_fd, 2);
	execvp(argv[0], (char *const *)argv);
	fprintf(stderr, "git-disclose: cannot run '%s': %s\n", argv[0],
		strerror(errno));
	_exit(127);
}

static int spawn(pid_t *pid, const char *const argv[],
		 const struct run_opts *o, int out_fd, const sigset_t *mask)
{
	if (stop_signal)
		return error_set("not starting '%s': git disclose was "
				 "interrupted (%s)", argv[0],
				 run_signal_name(stop_signal));
	fflush(NULL);
	*pid = fork();
	if (*pid < 0)
		return error_set("cannot start '%s': %s", argv[0],
				 strerror(errno));
	if (*pid == 0)
		child_start(argv, o, out_fd, mask);
	if (!o->foreground)
		setpgid(*pid, *pid);
	return 0;
}

static void decode_status(struct run_result *out, int status)
{
	out->signal = 0;
	if (WIFEXITED(status)) {
		out->status = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		out->signal = WTERMSIG(status);
		out->status = 128 + out->signal;
	} else {
		out->status = 255;
	}
}

/* Read what the child wrote so far; closes fd (sets -1) at end of file. */
static void drain(int *fd, struct buf *output, int wait_ms)
{
	struct pollfd p = { *fd, POLLIN, 0 };
	char chunk[65536];
	ssize_t n;

	if (poll(&p, 1, wait_ms) <= 0)
		return;
	n = read(*fd, chunk, sizeof(chunk));
	if (n > 0) {
		buf_add(output, chunk, (size_t)n);
		return;
	}
	if (n == 0 || errno != EINTR) {
		close(*fd);
		*fd = -1;
	}
}

/*
 * Wait for pid, reading fd (when >= 0) into output as it comes, and
 * enforcing the deadline: on expiry the child's whole process group gets
 * SIGTERM, then SIGKILL. So does it when we were told to stop (a
 * signal run_stop_children_on_signals() set up); then the child is
 * waited for and -1 returned.
 */
static int reap(struct run_result *out, const char *const argv[], pid_t pid,
		int fd, struct buf *output, int timeout_ms)
{
	long long deadline = timeout_ms ? now_ms() + timeout_ms : 0;
	long long kill_at = 0;
	bool exited = false, stopping = false;
	int status = 0;

	out->timed_out = false;
	while (!exited || fd >= 0) {
		if (!exited) {
			pid_t r = waitpid(pid, &status, WNOHANG);

			if (r < 0 && errno != EINTR)
				return error_set("waiting for '%ld' failed: %s",
						 (long)pid, strerror(errno));
			exited = r == pid;
		}
		if (fd >= 0) {
			drain(&fd, output, 20);
		} else if (!exited) {
			struct timespec ts = { 0, 5 * 1000 * 1000 };

			nanosleep(&ts, NULL);
		}
		if (exited)
			continue;
		if (stop_signal && !stopping) {
			stopping = true;
			kill(-pid, SIGTERM);
			kill_at = now_ms() + 2000;
		} else if (deadline && !kill_at && now_ms() > deadline) {
			out->timed_out = true;
			kill(-pid, SIGTERM);
			kill_at = now_ms() + 2000;
		} else if (kill_at && now_ms() > kill_at) {
			kill(-pid, SIGKILL);
			kill_at = now_ms() + 3600 * 1000;
		}
	}
	decode_status(out, status);
	if (!stopping)
		return 0;
	note_stopped(argv, pid);
	return error_set("stopped '%s': git disclose was interrupted (%s)",
			 argv[0], run_signal_name(stop_signal));
}

/*
 * Run a child that shares our terminal and wait for it, ignoring SIGINT
 * and SIGQUIT meanwhile, as git does while its editor runs: a Ctrl-C
 * goes to the child, which decides. The two signals are blocked from
 * before fork until they are ignored, so neither process can die of one
 * in between; the child gets the caller's mask and handlers back.
 */
static int run_foreground(struct run_result *out, const char *const argv[],
			  const struct run_opts *o)
{
	struct sigaction ign = { 0 }, old_int, old_quit;
	sigset_t both, mask;
	int status = 0, rc = 0;
	pid_t pid;

	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigemptyset(&both);
	sigaddset(&both, SIGINT);
	sigaddset(&both, SIGQUIT);
	sigprocmask(SIG_BLOCK, &both, &mask);
	if (spawn(&pid, argv, o, o->stdout_fd, &mask) < 0) {
		sigprocmask(SIG_SETMASK, &mask, NULL);
		return -1;
	}
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	sigprocmask(SIG_SETMASK, &mask, NULL);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			rc = error_set("waiting for '%s' failed: %s", argv[0],
				       strerror(errno));
			break;
		}
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	out->timed_out = false;
	decode_status(out, status);
	return rc;
}

int run_wait(struct run_result *out, const char *const argv[],
	     const struct run_opts *opts)
{
	struct run_opts none = RUN_OPTS_INIT;
	const struct run_opts *o = opts ? opts : &none;
	pid_t pid;

	if (o->foreground)
		return run_foreground(out, argv, o);
	if (spawn(&pid, argv, o, o->stdout_fd, NULL) < 0)
		return -1;
	return reap(out, argv, pid, -1, NULL, o->timeout_ms);
}

void run_raise_interrupt(const struct run_result *res)
{
	if (res->signal == SIGINT || res->signal == SIGQUIT)
		raise(res->signal);
}

int run_capture(struct run_result *out, struct buf *output,
		const char *const argv[], const struct run_opts *opts)
{
	struct run_opts none = RUN_OPTS_INIT;
	const struct run_opts *o = opts ? opts : &none;
	int fds[2];
	pid_t pid;

	if (o->foreground)
		return error_set("'%s': a captured child cannot share the terminal",
				 argv[0]);
	if (pipe2(fds, O_CLOEXEC) < 0)
		return error_set("cannot create a pipe: %s", strerror(errno));
	if (spawn(&pid, argv, o, fds[1], NULL) < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	close(fds[1]);
	buf_add(output, "", 0);
	return reap(out, argv, pid, fds[0], output, o->timeout_ms);
}

int run_exec(const char *const argv[])
{
	fflush(NULL);
	execvp(argv[0], (char *const *)argv);
	return error_set("cannot run '%s': %s", argv[0], strerror(errno));
}

bool run_in_path(const char *name)
{
	const char *path = getenv("PATH");
	struct buf b = BUF_INIT;
	bool found = false;

	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	while (path && *path && !found) {
		const char *colon = strchrnul(path, ':');
		struct stat st;

		buf_reset(&b);
		buf_add(&b, path, (size_t)(colon - path));
		buf_addf(&b, "/%s", name);
		found = stat(b.ptr, &st) == 0 && S_ISREG(st.st_mode) &&
			access(b.ptr, X_OK) == 0;
		path = *colon ? colon + 1 : colon;
	}
	buf_release(&b);
	return found;
}

void shell_quote(struct buf *out, const char *s)
{
	buf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			buf_adds(out, "'\\''");
		else
			buf_addch(out, *s);
	}
	buf_addch(out, '\'');
}
