/*
 * Running kbuild out of tree for one source tree, object tree and
 * architecture: the configuration (tinyconfig or defconfig, the fragment merged with
 * merge_config.sh, olddefconfig, then the fragment confirmed; skipped
 * while its saved key still holds), the bzImage build followed by a
 * watcher thread that reports progress and the log's end, the kernel
 * release, and the first error of a failed build. One struct kbuild per
 * build directory, so that several can exist side by side.
 */
#ifndef DISCLOSE_KBUILD_H
#define DISCLOSE_KBUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "boot_util.h"

#define KBUILD_DEFAULT_ARCH "x86_64"

struct kbuild {
	char *src;		/* the source tree make runs in */
	char *obj;		/* O=: the object tree */
	char *state;		/* the log, config key and step count */
	char *arch;		/* ARCH= */
	char *preset;		/* the make target the config starts from */
	char **env;		/* make's environment changes (run.h's form) */
	size_t nr_env;
};

/* A step that ended in a verdict (not an environment error). */
struct kbuild_failure {
	const char *status;	/* "config-failed" or "build-failed" */
	char *summary;		/* one line for people */
	char *detail;		/* error lines, or NULL */
	char *file;		/* the file of the first build error, or NULL */
};

/* arch NULL: KBUILD_DEFAULT_ARCH; preset NULL: tinyconfig. */
void kbuild_init(struct kbuild *kb, const char *src, const char *obj,
		 const char *state, const char *arch, const char *preset);
void kbuild_release(struct kbuild *kb);
void kbuild_failure_release(struct kbuild_failure *f);

/* <state>/build.log, the caller's to free. */
char *kbuild_log_path(const struct kbuild *kb);
/* The kernel image the build makes, the caller's to free. */
char *kbuild_image_path(const struct kbuild *kb);

/*
 * Configure obj for the source at commit head with fragment (the boot
 * fragment) and CONFIG_<sym>=y for each of syms merged in, unless the key
 * saved by the last configuration says nothing that matters changed
 * (*configured false then; "configuring" is reported only when it runs).
 * Either way the symbols of syms that did not survive are pushed onto
 * *missing, and a line of fragment that did not survive is a failure.
 * Returns 0, 1 with *fail filled when a make step failed or the fragment
 * did not survive, negative with an error for environment errors.
 */
int kbuild_configure(struct kbuild_failure *fail, bool *configured,
		     char ***missing, size_t *nr_missing,
		     const struct kbuild *kb, const char *head,
		     const char *fragment, char *const *syms, size_t nr,
		     const struct boot_progress *progress);
/*
 * The object tree holds a configuration made for a commit with head's
 * tree from fragment (a copied pristine tree): save that as the key, so
 * that kbuild_configure skips the configuration while it holds.
 */
int kbuild_adopt_config(const struct kbuild *kb, const char *head,
			const char *fragment);
/* The merged fragment the object tree was last configured with, or NULL. */
char *kbuild_config_fragment(const struct kbuild *kb);
/*
 * make bzImage with every core into <state>/build.log, reporting
 * "building" with a fraction of the steps the last full build took and
 * the log's last progress->tail_lines lines twice a second (from a
 * watcher thread: the callbacks must allow that). Returns 0, 1 with
 * *fail filled when the build failed, negative with an error.
 */
int kbuild_build(struct kbuild_failure *fail, const struct kbuild *kb,
		 const struct boot_progress *progress);
/*
 * make W=1 of the objects of nr .c files of the tree in one make, each
 * object and its .cmd record moved aside first so that it is compiled
 * and put back after (times kept, so that the next build does not
 * compile the file again for the W=1 flags and link the kernel): what
 * the compiler said of each file appended to out[i], and in ok[i]
 * whether kbuild made its object (not: no rule for it, or it does not
 * compile). Negative when make did not run.
 */
int kbuild_w1_objects(struct buf *out, bool *ok, const struct kbuild *kb,
		      char *const *c_files, size_t nr);
/* make -s kernelrelease into *out (the caller's). */
/*
 * The files of the source tree that the object of c_file was last built
 * from (its .cmd's dependencies, generated files left out) into *v;
 * -1 when it has not been built.
 */
int kbuild_object_deps(char ***v, size_t *nr, const struct kbuild *kb,
		       const char *c_file);
int kbuild_kernelrelease(char **out, const struct kbuild *kb);

/*
 * The first compiler or linker error of a build log (up to 8 lines, or
 * the log's last lines when none is marked) into *detail, and the file
 * it names into *file (NULL when none), both with "<src>/" removed.
 */
void kbuild_log_error(char **detail, char **file, const char *log,
		      const char *src);
/* How many CC, LD and AR steps a kbuild log shows. */
int kbuild_count_steps(const char *log);

#endif
