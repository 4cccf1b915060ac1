/* Files and directories: whole reads, atomic writes, paths. */
#ifndef DISCLOSE_FILE_H
#define DISCLOSE_FILE_H

#include <stddef.h>

struct buf;

/* Read a whole file ("-" is standard input) into out. */
int read_file(struct buf *out, const char *path);
/*
 * Read a file git disclose keeps or is configured with: a regular file
 * only (a FIFO, a device or a directory is refused at once, never waited
 * on), of at most limit bytes; the errors name the file and the limit.
 * READ_NOFOLLOW refuses a symbolic link, READ_OWNED a file of another
 * user.
 */
#define READ_NOFOLLOW	1u
#define READ_OWNED	2u
#define CONFIG_FILE_LIMIT	((size_t)32 << 20)
int read_regular_file(struct buf *out, const char *path, size_t limit,
		      unsigned flags);
/*
 * A directory for git disclose's state (<gitdir>/disclose): 0 when it is
 * a real directory of the user's, 1 when it does not exist, -1 (with the
 * error) for a symbolic link, anything else, or another user's.
 */
int check_state_dir(const char *dir);
/*
 * Write data to path atomically: a temporary file in the same directory,
 * flushed, then renamed over the target; a symlink at the target is
 * replaced, never followed.
 */
int write_file_atomic(const char *path, const void *data, size_t len,
		      int mode);
/*
 * Rewrite a file of the user's with data as an editor does: through
 * symbolic links to the file they name (the links stay); a regular file
 * with one name is replaced atomically by a temporary file with its mode
 * and owner; a file with several names (hard links), one whose owner
 * cannot be kept or one in a directory we cannot write is rewritten in
 * its inode (so that every name sees the new text; not atomic). Anything but a regular file is refused, as is a dangling link.
 */
int write_file_edit(const char *path, const void *data, size_t len);
/* The checks of write_file_edit() alone, before reading the file. */
int check_file_edit(const char *path);

/* "a/b", allocated. */
char *path_join(const char *a, const char *b);
/* Create path and its missing parents with mode (before the umask). */
int mkdir_p(const char *path, int mode);

#endif
