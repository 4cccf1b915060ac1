/*
 * Boot validation: build the committed tip of a kernel series in a
 * reused worktree, boot it in QEMU with a tiny initramfs and classify
 * the console. The last verdict for a tip is kept in
 * <gitdir>/disclose/boot.json for the assistant, cover and check.
 *
 * This is the pipeline; its rooms have their own headers: the verdict
 * and its record (boot_verdict.h, all that readers of boot.json need),
 * the console classifier (console.h), the kernel source (kernel_tree.h),
 * Kconfig and Makefile text (kconfig.h), kbuild (kbuild.h), the
 * initramfs (initramfs.h) and QEMU (qemu.h).
 */
#ifndef DISCLOSE_BOOT_H
#define DISCLOSE_BOOT_H

#include <stdbool.h>
#include <stddef.h>

#include "boot_verdict.h"
#include "console.h"
#include "kernel_tree.h"
#include "util.h"

#define BOOT_DEFAULT_SOURCE KTREE_TARBALL
#define BOOT_DEFAULT_TIMEOUT 120

struct boot_opts {
	const char *range;	/* NULL: @{upstream}..HEAD, else HEAD */
	const char *tree;	/* the kernel repository; NULL: current */
	const char *source;	/* apply the series onto this tarball */
	int timeout_s;		/* QEMU timeout; 0: BOOT_DEFAULT_TIMEOUT */
	bool kvm;		/* use KVM if it proves to work */
	bool each;		/* build every commit, oldest first */
	bool boot_each;		/* ... and boot each of them */
	bool accept_warnings;	/* new W=1 warnings do not fail */
	/*
	 * LAVA: lava_job writes the boot as a LAVA v2 job to this file,
	 * the images and a device description for lava-run beside it (a
	 * matrix: one job per cell, "-<arch>-<config>" before ".yaml");
	 * their URLs in the job start with lava_url (NULL: file:// paths).
	 * lava: boot through the local lava-run instead of QEMU directly.
	 */
	const char *lava_job;
	const char *lava_url;
	bool lava;
	/* The matrix: ARCH= values and presets (none: x86_64, tiny). */
	char *const *arches;
	size_t nr_arches;
	char *const *configs;	/* "tiny" or "defconfig" */
	size_t nr_configs;
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

/*
 * Build and boot every cell of the matrix (arches by configs; their
 * boots side by side): with each, every commit of the series oldest first in
 * the same build directory (the first that does not build decides),
 * booting only the tip unless boot_each. The files the series touches
 * are built with W=1 at its base and its tip; a warning only the tip
 * has fails the verdict ("new-warnings") unless accept_warnings.
 * Returns 0 with *out set when a verdict was reached
 * (pass or fail), negative with error_last() set for usage and
 * environment errors (missing package, not a repository, bad range).
 */
int boot_run(struct boot_verdict **out, const struct boot_opts *opts);

#define BOOT_GC_DEFAULT_MAX ((unsigned long long)4 << 30)

/*
 * Bound the disk the boot uses: the pristine object trees of the cache
 * and the build directories of the repository at tree (NULL: the current
 * one; none outside a repository), least recently used removed first
 * until at most max_bytes remain; the listing and the disk use before
 * and after into report.
 */
int boot_gc(struct buf *report, const char *tree,
	    unsigned long long max_bytes);

/*
 * The Kconfig fragment and the init script, compiled in, and the C
 * source of the init of a 32-bit kernel.
 */
extern const char boot_fragment[];
extern const char boot_init_script[];
extern const char boot_init_i386[];

#endif
