/*
 * The W=1 output of a file at a commit, kept in a cell's directory: a
 * run of the same series again neither checks out its base nor compiles
 * anything for the warning check, and so leaves the object tree as the
 * build left it (a W=1 compile replaces the file's object, which the
 * next build would compile again and link). An entry is keyed by the
 * commit (the caller may give a tree id), a digest of the cell's .config
 * and the file; a run keeps only the entries of its own base and tip, so
 * the cache stays small.
 */
#ifndef DISCLOSE_WCACHE_H
#define DISCLOSE_WCACHE_H

#include <stddef.h>

struct buf;

struct wcache {
	char *dir;		/* <cell>/w1 */
	char config[17];	/* the .config's digest, hex */
};

/* Open the cache of cell_dir for the configuration in config_path. */
void wcache_open(struct wcache *w, const char *cell_dir,
		 const char *config_path);
/*
 * The make output and the status (0-9, the caller's code) kept for file
 * at commit: 1 when the cache has them, 0 when it does not.
 */
int wcache_get(struct buf *out, int *status, const struct wcache *w,
	       const char *commit, const char *file);
/* Keep them; a failure to write only costs the next run a compile. */
void wcache_put(const struct wcache *w, const char *commit, const char *file,
		int status, const char *text, size_t len);
/* The commits (or trees) with an entry for file in this configuration. */
void wcache_commits(char ***v, size_t *nr, const struct wcache *w,
		    const char *file);
/* Remove the entries of commits other than a and b. */
void wcache_prune(const struct wcache *w, const char *a, const char *b);
void wcache_release(struct wcache *w);

#endif
