/* Running other programs (git, make, qemu, editors) with an argument vector. */
#ifndef DISCLOSE_RUN_H
#define DISCLOSE_RUN_H

#include <stdbool.h>
#include "util.h"

struct run_opts {
	const char *cwd;	/* NULL: the current directory */
	const char *const *env;	/* "K=V" to set, "K" to unset; NULL-terminated */
	int timeout_ms;		/* 0: no limit; then SIGTERM, SIGKILL 2 s later */
	const char *stdin_path;	/* NULL: /dev/null; "-": inherit */
	int stdout_fd;		/* -1: inherit (run_wait) */
	int stderr_fd;		/* -1: inherit */
	/*
	 * Share the terminal, as git runs an editor: the child stays in our
	 * process group (the terminal's foreground group when we are in it),
	 * so it can read the terminal and gets Ctrl-C, Ctrl-Z and window
	 * size changes; while it runs we ignore SIGINT and SIGQUIT. There
	 * is no timeout then (timeout_ms is ignored); run_wait only.
	 */
	bool foreground;
};
#define RUN_OPTS_INIT { NULL, NULL, 0, NULL, -1, -1, false }

/* How a child ended. */
struct run_result {
	int status;		/* exit status, or 128 + signal */
	int signal;		/* the signal that killed it, or 0 */
	bool timed_out;
};

/*
 * Run argv[0] (looked up in PATH) and wait for it. Returns 0 when the
 * program ran (whatever its status), negative when it could not start.
 * Unless opts->foreground, the child runs in its own process group so a
 * timeout kills all of it.
 */
int run_wait(struct run_result *out, const char *const argv[],
	     const struct run_opts *opts);
/* Same, with standard output collected into buf (stderr as opts says). */
int run_capture(struct run_result *out, struct buf *output,
		const char *const argv[], const struct run_opts *opts);
/*
 * When the child was killed by SIGINT or SIGQUIT (the user's Ctrl-C or
 * Ctrl-\ while it had the terminal), die of the same signal, as git does
 * after its editor; call it once your own clean-up is done.
 */
void run_raise_interrupt(const struct run_result *res);
/*
 * From now on SIGINT, SIGTERM and SIGHUP (those not ignored) stop our
 * children instead of us: each running child's process group gets
 * SIGTERM (SIGKILL 2 s later), is waited for, and run_wait/run_capture
 * return -1; no child starts after. The caller then says what was
 * stopped (run_stopped_children) and dies of run_stop_signal().
 */
void run_stop_children_on_signals(void);
/* The signal received since, or 0. */
int run_stop_signal(void);
/* "SIGINT" and the like. */
const char *run_signal_name(int sig);
/* The children stopped, "'argv' (process group N), ..."; NULL: none. */
char *run_stopped_children(void);
/* Replace the current process; returns only on failure. */
int run_exec(const char *const argv[]);
/* Is a program of that name on PATH? */
bool run_in_path(const char *name);

/* Shell-quote s for a POSIX shell into out ('...' with '\'' for '). */
void shell_quote(struct buf *out, const char *s);

#endif
