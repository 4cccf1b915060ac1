/* Files and directories: whole reads, atomic writes, paths. */
#ifndef DISCLOSE_FILE_H
#define DISCLOSE_FILE_H

#include <stddef.h>

struct buf;

/* Read a whole file ("-" is standard input) into out. */
int read_file(struct buf *out, const char *path);
/*
 * Write data to path atomically: a temporary file in the same directory,
 * flushed, then renamed over the target; a symlink at the target is
 * replaced, never followed.
 */
int write_file_atomic(const char *path, const void *data, size_t len,
		      int mode);

/* "a/b", allocated. */
char *path_join(const char *a, const char *b);
/* Create path and its missing parents with mode (before the umask). */
int mkdir_p(const char *path, int mode);

#endif
