/*
 * Boot validation: build the committed tip of a kernel series in a
 * reused worktree, boot it in QEMU with a tiny initramfs and classify
 * the console (DESIGN section 6). The last verdict for a tip is kept in
 * <gitdir>/disclose/boot.json for the TUI and check.
 */
#ifndef DISCLOSE_BOOT_H
#define DISCLOSE_BOOT_H

#include <stdbool.h>
#include <stddef.h>

#include "console.h"
#include "util.h"

#define BOOT_DEFAULT_SOURCE "/usr/src/linux-source-6.1.tar.xz"
#define BOOT_DEFAULT_TIMEOUT 120

struct boot_opts {
	const char *range;	/* NULL: @{upstream}..HEAD, else HEAD */
	const char *tree;	/* the kernel repository; NULL: current */
	const char *source;	/* apply the series onto this tarball */
	int timeout_s;		/* QEMU timeout; 0: BOOT_DEFAULT_TIMEOUT */
	bool kvm;		/* use KVM if it proves to work */
	/* Progress for people (may be NULL): stage and a fraction. */
	void (*progress)(void *data, const char *stage, int done, int total);
	/*
	 * The end of the build log while it grows (may be NULL): its last
	 * BOOT_TAIL_LINES lines, twice a second, from the watcher thread,
	 * with progress_data. Not NUL-terminated; len bytes.
	 */
	void (*log_tail)(void *data, const char *text, size_t len);
	void *progress_data;
};

#define BOOT_TAIL_LINES 40

/* A copy of a KUnit suite result, so verdicts outlive the console text. */
struct boot_suite {
	char *name;
	bool ok;
	int passed, failed, skipped;
};

struct boot_verdict {
	char *tip;		/* commit id of the series tip (hex) */
	/* "pass", "config-failed", "build-failed", "series-failed", or a
	 * console result name ("panic", "hang", ...) */
	char *status;
	bool pass;
	char *summary;		/* one line for people */
	char *detail;		/* error lines, or the console line (NULL) */
	char *error_file;	/* the file of the first build error (NULL) */
	char *release;		/* make -s kernelrelease (NULL before) */
	char *accel;		/* "tcg" or "kvm" */
	char *source;		/* "tree" or the tarball used */
	double configure_s, build_s, boot_s;
	bool configured;	/* false: the saved configuration was reused */
	bool kvm_failed;	/* --kvm was given but KVM did not boot */
	char *build_log, *console_log;
	char **enabled;		/* Kconfig symbols added for touched files */
	size_t nr_enabled;
	char **missing;		/* ... of which these did not survive */
	size_t nr_missing;
	struct boot_suite *suites;
	size_t nr_suites;
	long long finished;	/* Unix time */
};

/*
 * Build and boot. Returns 0 with *out set when a verdict was reached
 * (pass or fail), negative with error_last() set for usage and
 * environment errors (missing package, not a repository, bad range).
 */
int boot_run(struct boot_verdict **out, const struct boot_opts *opts);

/*
 * The verdict saved for tip_hex in gitdir (as boot_run left it): 0 with
 * *out set, or with *out NULL when there is none for that tip (a
 * different tip needs a new boot); negative when the file is unreadable.
 */
int boot_last_verdict(struct boot_verdict **out, const char *gitdir,
		      const char *tip_hex);

/* The verdict as one JSON object (what --json prints and boot.json holds). */
int boot_verdict_json(struct buf *out, const struct boot_verdict *v);
void boot_verdict_free(struct boot_verdict *v);

/* Pieces, exported for the unit tests. */

/*
 * The Kconfig symbols that the Makefile text of a directory needs for
 * file (the base name of a .c or .S file) to be compiled: appended to
 * *syms (NULL-terminated list of strings the caller frees). Returns
 * 1 when the file is built unconditionally (obj-y), 2 when a symbol
 * was found, 0 when the Makefile does not mention it.
 */
int boot_makefile_symbols(char ***syms, size_t *nr, const char *makefile,
			  const char *object);
/* Write a newc cpio archive of the initramfs: /init, busybox, dirs. */
int boot_write_initramfs(const char *path, const char *busybox,
			 const char *init, size_t init_len);

/* The Kconfig fragment and the init script, compiled in. */
extern const char boot_fragment[];
extern const char boot_init_script[];

#endif
