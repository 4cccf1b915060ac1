/*
 * LAVA, the engine KernelCI's labs run: the boot of git disclose boot
 * described as a LAVA v2 job (deploy the kernel and the initramfs to
 * tmpfs, boot method qemu, a test whose monitor reports init's marker
 * with this run's nonce as a pass and panic, Oops, BUG, WARNING and call
 * trace lines as failures), the device description that lets Debian's
 * lava-run (lava-dispatcher 2023.01) run it here (device type qemu,
 * TCG), running lava-run, and its log read back: the console and the
 * results.
 */
#ifndef DISCLOSE_LAVA_H
#define DISCLOSE_LAVA_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

#define LAVA_RUN "lava-run"
/* The monitor's name: the results' "definition". */
#define LAVA_MONITOR "disclose-boot"

struct lava_job {
	const char *name;	/* job_name */
	const char *arch;	/* x86_64 or i386 (the job's context) */
	const char *kernel_url;	/* file:///..., or where labs fetch it */
	const char *ramdisk_url;
	const char *append;	/* the kernel command line (qemu_append) */
	const char *nonce;	/* the marker that passes carries it */
	int timeout_s;		/* the boot's and the monitor's */
};

/* The job definition (YAML), the caller's. */
char *lava_job_yaml(const struct lava_job *j);
/*
 * The device description for lava-run: device type qemu for arch,
 * booted with the same QEMU options as the direct boot (TCG).
 */
char *lava_device_yaml(const char *arch);

/* The files lava_write wrote (absolute paths), the caller's. */
struct lava_files {
	char *job, *device, *kernel, *ramdisk;
};

/*
 * Write the job to job_path, with the kernel and the ramdisk copied
 * beside it as <stem>-bzImage and <stem>-initramfs.cpio (stem: job_path
 * without ".yaml") and the device description for lava-run as
 * <stem>-device.yaml. The job's image URLs are url_base followed by the
 * image's file name, or file:// and its absolute path when url_base is
 * NULL; j's URLs are ignored.
 */
int lava_write(struct lava_files *out, const char *job_path,
	       const char *url_base, const struct lava_job *j,
	       const char *kernel, const char *ramdisk);
void lava_files_release(struct lava_files *f);

/* A result the monitor reported: test case and pass or fail. */
struct lava_case {
	char *name;		/* "disclose_boot_ok", "kernel_panic", ... */
	char *result;		/* "pass", "fail", ... */
};

/* What lava-run's log says. */
struct lava_log {
	struct buf console;	/* the target's lines, one per line */
	char *result;		/* the job's: "pass" or "fail", or NULL */
	char *error;		/* why the job failed (NULL) */
	char *error_type;	/* "Infrastructure", "Job", "Test", ... */
	bool timed_out;		/* the monitor or an action timed out */
	bool start_seen;	/* the monitor found the kernel's start */
	struct lava_case *cases;
	size_t nr_cases;
};

/*
 * Read lava-run's log text (one YAML mapping a line, as lava-run writes
 * them) into *out (zeroed first). Lines that are not log records are
 * skipped. Returns the number of records read.
 */
size_t lava_log_parse(struct lava_log *out, const char *text, size_t len);
void lava_log_release(struct lava_log *l);

struct lava_run {
	const char *job;	/* the job file */
	const char *device;	/* the device file */
	const char *out_dir;	/* lava-run's --output-dir */
	const char *log;	/* its log is written here */
	const char *job_id;
	int timeout_ms;		/* then lava-run is stopped */
};

/*
 * Can lava-run run here? 0, or negative with an error that says what to
 * install or how to run it.
 */
int lava_check(void);
/*
 * Run lava-run on the job and the device and read its log into *out.
 * Returns 0 when lava-run ran (whatever the job's result), negative
 * with an error when it could not run.
 */
int lava_run(struct lava_log *out, const struct lava_run *r);

#endif
