/*
 * The verdict of a boot and its record: what git disclose boot found for
 * a series tip, as JSON (what boot --json prints), and the last one kept
 * in <gitdir>/disclose/boot.json. The assistant and cover read it from
 * here without the pipeline that produced it.
 */
#ifndef DISCLOSE_BOOT_VERDICT_H
#define DISCLOSE_BOOT_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "console.h"
#include "kwarn.h"
#include "util.h"

/* A copy of a KUnit suite result, so verdicts outlive the console text. */
struct boot_suite {
	char *name;
	bool ok;
	int passed, failed, skipped;
};

/* One commit of a boot --each run: what building (and booting) it gave. */
struct boot_commit {
	char *id;		/* hex */
	char *subject;
	char *status;		/* "built", "build-failed", or a boot status */
	double build_s, boot_s;
	char *detail;		/* the first error lines (NULL) */
	char *error_file;	/* the file of the first error (NULL) */
	char *build_log;	/* a failed build's log, kept (NULL) */
};

/* What lava-run said when it ran the boot (boot --lava). */
struct boot_lava {
	char *job, *device, *log;	/* the files it ran and wrote */
	char *result;		/* the job's: "pass" or "fail" (NULL) */
	char *error;		/* why the job failed (NULL) */
	char **cases, **results;	/* the monitor's test cases, side
					 * by side with their results */
	size_t nr_cases;
};

struct boot_verdict {
	char *tip;		/* commit id of the series tip (hex) */
	/* "pass", "config-failed", "build-failed", "series-failed",
	 * "new-warnings", "lava-failed", or a console result name
	 * ("panic", "hang", ...) */
	char *status;
	bool pass;
	char *summary;		/* one line for people */
	char *detail;		/* error lines, or the console line (NULL) */
	char *error_file;	/* the file of the first build error (NULL) */
	char *release;		/* make -s kernelrelease (NULL before) */
	char *accel;		/* "tcg" or "kvm" */
	char *source;		/* "tree" or the tarball used */
	char *runner;		/* who booted it: "qemu" or "lava" */
	struct boot_lava *lava;	/* lava-run's results (NULL: not run) */
	double configure_s, build_s, boot_s;
	double warnings_s;	/* the W=1 builds at base and tip */
	double checkout_s;	/* moving the worktree to the tip */
	double pristine_s;	/* copying (or first building) the pristine
				 * object tree */
	char *pristine;		/* "reused", "built", or NULL (warm) */
	bool configured;	/* false: the saved configuration was reused */
	bool kvm_failed;	/* --kvm was given but KVM did not boot */
	char *build_log, *console_log;
	char **enabled;		/* Kconfig symbols added for touched files */
	size_t nr_enabled;
	char **missing;		/* ... of which these did not survive */
	size_t nr_missing;
	struct boot_suite *suites;
	size_t nr_suites;
	char **kunit;		/* the KUnit suites the touched directories
				 * have, enabled and asked for */
	size_t nr_kunit;
	struct boot_commit *commits;	/* --each: oldest first */
	size_t nr_commits;
	int failed_commit;	/* index of the first failing one, or -1 */
	bool warnings_checked;	/* the W=1 comparison ran */
	bool warnings_accepted;	/* --accept-warnings */
	struct kwarn *new_warnings;	/* W=1 warnings the series adds */
	size_t nr_new_warnings;
	size_t base_warnings, tip_warnings;	/* W=1 warnings seen */
	char **unchecked;	/* touched .c files W=1 could not build */
	size_t nr_unchecked;
	char **w1_checked;	/* touched .c files W=1 compared */
	size_t nr_w1_checked;
	char **series;		/* the range's commits but merges (hex), so
				 * that cover tells the series it describes
				 * from another with the same tip */
	size_t nr_series;
	char **lava_files;	/* --lava-job: the job, kernel, initramfs
				 * and device description written */
	size_t nr_lava_files;
	char *arch, *config;	/* the cell: ARCH= and preset (NULL: old) */
	struct boot_verdict **cells;	/* a matrix: one verdict per cell */
	size_t nr_cells;
	long long finished;	/* Unix time */
};

/*
 * A failure verdict: status (copied), summary (copied) and detail (taken
 * over, may be NULL), replacing any earlier ones.
 */
void boot_verdict_fail(struct boot_verdict *v, const char *status,
		       const char *summary, char *detail);
/* The console's classification as the verdict's status and suites. */
void boot_verdict_take_console(struct boot_verdict *v,
			       const struct console_verdict *cv);

/*
 * What a cell's verdict says into v (a matrix's): tip, status, pass,
 * summary, detail, error file, release, accelerator, source, runner,
 * logs, the symbols and the KUnit suites asked for, copied over v's.
 */
void boot_verdict_fill_from(struct boot_verdict *v,
			    const struct boot_verdict *from);
/* cell appended to v's cells; v owns it from now. */
void boot_verdict_add_cell(struct boot_verdict *v, struct boot_verdict *cell);

/*
 * A matrix's verdict into top from its cells (each with arch and config
 * set; top owns them after): pass when every cell passed, else the first
 * that failed gives status, detail and logs; phase times summed (the one
 * checkout is the first cell's), boot_wall the boots' (side by side);
 * the KUnit suites merged by name (ok only when ok in every cell, counts
 * summed), the W=1 results too (checked when any cell checked, each new
 * warning once).
 */
void boot_verdict_aggregate(struct boot_verdict *top,
			    struct boot_verdict **cells, size_t nr,
			    double boot_wall);
/* A new, empty LAVA record for v (replacing any), to fill. */
struct boot_lava *boot_verdict_new_lava(struct boot_verdict *v);
/* A LAVA test case and its result, copied, onto l. */
void boot_lava_add_case(struct boot_lava *l, const char *name,
			const char *result);

/* A new, empty verdict (no failed commit). */
struct boot_verdict *boot_verdict_new(void);
/* A copy of c (its strings copied) appended to v's commits. */
void boot_verdict_add_commit(struct boot_verdict *v,
			     const struct boot_commit *c);

/* The verdict as one JSON object and a newline, appended to out. */
int boot_verdict_json(struct buf *out, const struct boot_verdict *v);
/*
 * A verdict from JSON text (len bytes) that came from origin: 0 with *out
 * set, negative with an error naming origin when it is not JSON.
 */
int boot_verdict_parse(struct boot_verdict **out, const char *text,
		       size_t len, const char *origin);
/*
 * Keep v as the last verdict in <gitdir>/disclose/boot.json (mode 0600,
 * replaced atomically), stamping v->finished with the time.
 */
int boot_verdict_save(struct boot_verdict *v, const char *gitdir);
/*
 * The verdict saved for tip_hex in gitdir: 0 with *out set, or with *out
 * NULL when there is none for that tip (a different tip needs a new
 * boot); negative when the file is unreadable.
 */
int boot_last_verdict(struct boot_verdict **out, const char *gitdir,
		      const char *tip_hex);
void boot_verdict_free(struct boot_verdict *v);

#endif
