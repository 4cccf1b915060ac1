/*
 * What the rooms of the boot pipeline share: running a program with its
 * output and errors collected, git -C, the progress callbacks, and the
 * path and string-list helpers they all need. The path and list helpers
 * are prefixed so that they stand beside the project's general ones
 * until these replace them.
 */
#ifndef DISCLOSE_BOOT_UTIL_H
#define DISCLOSE_BOOT_UTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* How long one git command may take (a pristine commit of 80k files). */
#define BOOT_GIT_TIMEOUT_MS (30 * 60 * 1000)

/*
 * Where the rooms report to people (each callback may be NULL): a stage
 * with a fraction (total 0: no fraction), and the last tail_lines lines
 * of a growing log (not NUL-terminated; len bytes).
 */
struct boot_progress {
	void (*stage)(void *data, const char *stage, int done, int total);
	void (*log_tail)(void *data, const char *text, size_t len);
	void *data;
	size_t tail_lines;
};

void boot_progress_stage(const struct boot_progress *p, const char *stage,
			 int done, int total);
void boot_progress_tail(const struct boot_progress *p, const char *text,
			size_t len);

/*
 * Run argv in cwd (NULL: here) with env changes (run.h's form); stdout
 * into out, stderr into err (each may be NULL: dropped). Returns the exit
 * status (124 for a timeout), negative when the program could not run.
 */
int boot_cmd(struct buf *out, struct buf *err, const char *cwd,
	     const char *const argv[], const char *const *env,
	     int timeout_ms);
/*
 * git -C dir args... (any number, NULL-terminated). Returns 0, or -1 with
 * an error quoting git's first line of stderr.
 */
int boot_git(struct buf *out, const char *dir, const char *const args[],
	     const char *const *env);
/* git's stdout without its final newline into *out (the caller's). */
int boot_git_line(char **out, const char *dir, const char *const args[]);
/* git -C dir rev-parse -q --verify rev: does it name an object? */
bool boot_git_has(const char *dir, const char *rev);

/* Seconds on the monotonic clock. */
double boot_now_s(void);
bool boot_is_file(const char *path);
bool boot_is_dir(const char *path);
/* rm -rf -- path. */
int boot_rm_rf(const char *path);
/* Drop the newlines at the end. */
void boot_chomp(struct buf *b);
/* The first non-empty line of text, the caller's to free. */
char *boot_first_line(const char *text);

/*
 * A growable NULL-terminated list of strings the list owns: *v and *nr
 * start as NULL and 0; push takes s over.
 */
void boot_strv_push(char ***v, size_t *nr, char *s);
bool boot_strv_has(char *const *v, size_t nr, const char *s);
void boot_strv_free(char **v, size_t nr);
/* Each line of text that is not empty, pushed as a copy. */
void boot_strv_lines(char ***v, size_t *nr, const char *text);

#endif
