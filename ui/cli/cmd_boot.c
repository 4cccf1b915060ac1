// SPDX-License-Identifier: GPL-2.0
/* git disclose boot: build the series' tip and boot it in QEMU. */
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "boot.h"
#include "kcache.h"
#include "run.h"
#include "cli.h"

static const char boot_usage[] =
	"usage: git disclose boot [<range>] [--tree DIR | --source TARBALL]\n"
	"                         [--timeout S] [--json] [--kvm]\n"
	"                         [--each | --boot-each] [--accept-warnings]\n"
	"                         [--arch A[,A]] [--config C[,C]]\n"
	"                         [--lava-job FILE [--lava-url URL]] [--lava]\n"
	"   or: git disclose boot --gc [--max-size SIZE]\n"
	"\n"
	"Builds the committed tip of the series (never uncommitted changes)\n"
	"with tinyconfig plus the boot fragment, boots it in QEMU (TCG) with\n"
	"a busybox initramfs and reads the console: pass only when init's\n"
	"marker with this run's nonce and the expected release appears and\n"
	"no panic, Oops, BUG, WARNING or call trace does.\n"
	"\n"
	"  <range>            the series (default: b4's series on a b4 prep\n"
	"                     branch, else @{upstream}..HEAD, else HEAD)\n"
	"  --tree DIR         the kernel repository (default: the current one)\n"
	"  --source TARBALL   apply the series onto this kernel tarball's tree\n"
	"                     (used when the repository is not a kernel tree;\n"
	"                     default " BOOT_DEFAULT_SOURCE ")\n"
	"  --timeout S        stop QEMU after S seconds, a hang (default 120)\n"
	"  --json             print the verdict as one JSON object\n"
	"  --kvm              use KVM when it proves to work (default TCG)\n"
	"  --each             build every commit of the series, oldest first,\n"
	"                     in the same build directory (only what changed\n"
	"                     is rebuilt); the first that does not build fails\n"
	"  --boot-each        --each, and boot every commit, not only the tip\n"
	"  --accept-warnings  do not fail on W=1 warnings the series adds\n"
	"  --arch LIST        x86_64 (default), i386, or both: x86_64,i386\n"
	"  --config LIST      tiny (default: tinyconfig and the boot fragment)\n"
	"                     or defconfig (the arch's defconfig and the\n"
	"                     fragment; about ten times the build), or both\n"
	"  --lava-job FILE    also write the boot as a LAVA v2 job to FILE,\n"
	"                     the kernel and initramfs beside it (FILE without\n"
	"                     .yaml, then -bzImage and -initramfs.cpio) and a\n"
	"                     device description for lava-run (-device.yaml),\n"
	"                     once the tip builds; a lab runs it with\n"
	"                     'lavacli jobs submit FILE'\n"
	"  --lava-url URL     the images' URLs in the job start with URL\n"
	"                     (where the lab fetches them; default file://)\n"
	"  --lava             boot through the local lava-run (Debian's\n"
	"                     lava-dispatcher, as root) instead of QEMU\n"
	"                     directly, and read its results into the verdict\n"
	"\n"
	"  --gc               remove the least recently used pristine object\n"
	"                     trees and build directories until at most\n"
	"                     --max-size (default 4G; K, M, G) remain, and\n"
	"                     print the disk they use\n"
	"\n"
	"A cold build starts from the pristine object tree of the series'\n"
	"base for its arch and config, so only what the series touches is\n"
	"rebuilt; the first cold build of a base builds the series from\n"
	"nothing and is kept in the cache as that tree.\n"
	"\n"
	"Each arch and config is a cell with its own build directory; the\n"
	"cells build one after the other (each with every core) and boot in\n"
	"QEMU side by side, up to one per core. Every cell must pass.\n"
	"\n"
	"The KUnit suites of the touched directories (a test object named\n"
	"after a touched file, or a directory's only suite) are enabled and\n"
	"run at boot with kunit.filter_glob; each is reported.\n"
	"\n"
	"The .c files the series touches are built with W=1 at its base and\n"
	"its tip; a warning only the tip has (same file, message and source\n"
	"line) fails the check unless --accept-warnings.\n"
	"\n"
	"Exit status: 0 pass, 1 fail (build, boot, panic, hang, new warnings),\n"
	"2 usage or missing dependency.\n";

struct meter {
	bool tty;
	const char *stage;
	int last_tenth;
	bool open_line;		/* a \r line is on the terminal */
};

static void show_progress(void *data, const char *stage, int done,
			  int total)
{
	struct meter *m = data;
	bool new_stage = !m->stage || strcmp(m->stage, stage);

	if (m->tty) {
		if (total > 0)
			fprintf(stderr, "\rboot: %s %3d%% (%d/%d)", stage,
				done * 100 / total, done, total);
		else
			fprintf(stderr, "%sboot: %s...",
				m->open_line ? "\n" : "", stage);
		m->open_line = true;
		if (total <= 0) {
			fputc('\n', stderr);
			m->open_line = false;
		}
	} else if (new_stage || (total > 0 &&
				 done * 10 / total > m->last_tenth)) {
		if (total > 0)
			fprintf(stderr, "boot: %s %d%%\n", stage,
				done * 100 / total);
		else
			fprintf(stderr, "boot: %s\n", stage);
	}
	m->last_tenth = total > 0 ? done * 10 / total : 0;
	if (new_stage)
		m->last_tenth = 0;
	m->stage = stage;
	fflush(stderr);
}

static void print_indented(const char *text)
{
	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");

		printf("    %.*s\n", (int)len, p);
		p += len;
		if (*p)
			p++;
	}
}

static void print_commits(const struct boot_verdict *v)
{
	for (size_t i = 0; i < v->nr_commits; i++) {
		const struct boot_commit *c = &v->commits[i];

		printf("  %zu/%zu %.12s %-12s build %6.1f s", i + 1,
		       v->nr_commits, c->id, c->status, c->build_s);
		if (c->boot_s > 0)
			printf(", boot %.1f s", c->boot_s);
		printf("  %s\n", c->subject ? c->subject : "");
	}
}

/* The W=1 comparison's result, each line after indent. */
/*
 * --each after a failed commit: whether the tip was booted all the same
 * (it is when it builds), and how it went.
 */
static void print_tip_boot(const struct boot_verdict *v)
{
	const struct boot_commit *tip;

	if (!v->nr_commits || v->failed_commit < 0 ||
	    (size_t)v->failed_commit + 1 == v->nr_commits)
		return;
	tip = &v->commits[v->nr_commits - 1];
	if (tip->boot_s > 0)
		printf("  the tip built and was booted all the same: %s\n",
		       tip->status);
	else if (!strcmp(tip->status, "built"))
		printf("  the tip built but was not booted\n");
	else
		printf("  the tip was not booted: it does not build (%s)\n",
		       tip->status);
}

/* "no new W=1 warnings in a.c, b.c (3 warnings at the base, 3 at the tip)" */
static void print_no_new(const struct boot_verdict *v, const char *indent)
{
	size_t n = v->nr_w1_checked, shown = n > 4 ? 3 : n;

	printf("%sno new W=1 warnings in ", indent);
	for (size_t i = 0; i < shown; i++)
		printf("%s%s", i ? ", " : "", v->w1_checked[i]);
	if (shown < n)
		printf(" and %zu more .c files", n - shown);
	printf(" (%zu warning%s at the base, %zu at the tip)\n",
	       v->base_warnings, v->base_warnings == 1 ? "" : "s",
	       v->tip_warnings);
}

static void print_warnings(const struct boot_verdict *v, const char *indent)
{
	if (!v->warnings_checked)
		return;
	if (!v->nr_w1_checked && !v->nr_unchecked)
		printf("%sW=1: not checked, the series touches no .c file\n",
		       indent);
	else if (!v->nr_w1_checked)
		printf("%sW=1: no touched .c file could be checked\n",
		       indent);
	else if (!v->nr_new_warnings)
		print_no_new(v, indent);
	for (size_t i = 0; i < v->nr_new_warnings; i++) {
		const struct kwarn *w = &v->new_warnings[i];

		printf("%snew warning%s: %s:%d: %s\n", indent,
		       v->warnings_accepted ? " (accepted)" : "", w->file,
		       w->line, w->message);
		if (*w->text)
			printf("%s    %s\n", indent, w->text);
	}
	if (v->nr_unchecked) {
		printf("%sW=1 could not build (not checked):", indent);
		for (size_t i = 0; i < v->nr_unchecked; i++)
			printf(" %s", v->unchecked[i]);
		printf("\n");
	}
}

/* The KUnit suites asked for that did not report, each after indent. */
static void print_kunit_missing(const struct boot_verdict *v,
				const char *indent)
{
	for (size_t i = 0; i < v->nr_kunit; i++) {
		bool seen = false;

		for (size_t k = 0; k < v->nr_suites; k++)
			seen |= !strcmp(v->suites[k].name, v->kunit[i]);
		if (!seen && v->release)
			printf("%sKUnit %-24s not run\n", indent, v->kunit[i]);
	}
}

/* --lava-job: what was written, the job first. */
static void print_lava_files(const struct boot_verdict *v,
			     const char *indent)
{
	if (!v->nr_lava_files)
		return;
	printf("%sLAVA job written: %s\n", indent, v->lava_files[0]);
	for (size_t i = 1; i < v->nr_lava_files; i++)
		printf("%s    and %s\n", indent, v->lava_files[i]);
}

static void print_cells(const struct boot_verdict *v)
{
	for (size_t i = 0; i < v->nr_cells; i++) {
		const struct boot_verdict *c = v->cells[i];
		char name[64];

		snprintf(name, sizeof(name), "%s/%s", c->arch ? c->arch : "?",
			 c->config ? c->config : "?");
		printf("  cell %-16s %-4s %s", name, c->pass ? "PASS" : "FAIL",
		       c->pass ? (c->release ? c->release : "") :
		       (c->summary ? c->summary : c->status));
		printf("; configure %.1f s, build %.1f s, boot %.1f s\n",
		       c->configure_s, c->build_s, c->boot_s);
		for (size_t k = 0; k < c->nr_suites; k++) {
			const struct boot_suite *s = &c->suites[k];

			printf("    KUnit %-22s %s (%d passed, %d failed, "
			       "%d skipped)\n", s->name,
			       s->ok ? "ok" : "NOT OK", s->passed, s->failed,
			       s->skipped);
		}
		print_kunit_missing(c, "    ");
		print_warnings(c, "    ");
		if (c->build_log)
			printf("    build log:   %s\n", c->build_log);
		if (c->console_log)
			printf("    console log: %s\n", c->console_log);
		print_lava_files(c, "    ");
	}
}

static void print_lava(const struct boot_verdict *v)
{
	const struct boot_lava *l = v->lava;

	if (!l)
		return;
	printf("  LAVA job %s: %s", l->job ? l->job : "?",
	       l->result ? l->result : "no result");
	if (l->error)
		printf(" (%s)", l->error);
	printf("\n");
	for (size_t i = 0; i < l->nr_cases; i++)
		printf("    %s: %s\n", l->cases[i], l->results[i]);
	if (l->log)
		printf("  lava-run log: %s\n", l->log);
}

static void print_text(const struct boot_verdict *v)
{
	printf("boot: %s: %s", v->pass ? "PASS" : "FAIL",
	       v->summary ? v->summary : v->status);
	if (v->release)
		printf(" (%s, %s)", v->release, v->accel);
	printf("\n  tip %.12s; checkout %.1f s, ", v->tip, v->checkout_s);
	if (v->pristine)
		printf("pristine objects %.1f s (%s), ", v->pristine_s,
		       v->pristine);
	printf("configure %.1f s%s, build %.1f s, ", v->configure_s,
	       v->configured ? "" : " (reused)", v->build_s);
	if (v->warnings_checked)
		printf("W=1 warnings %.1f s, ", v->warnings_s);
	printf("boot %.1f s\n", v->boot_s);
	if (v->source && strcmp(v->source, "tree"))
		printf("  built from %s with the series applied (git am): "
		       "the repository's tip is not a kernel tree\n",
		       v->source);
	if (v->kvm_failed)
		printf("  KVM did not boot this kernel (nested KVM?): TCG "
		       "decided\n");
	print_cells(v);
	print_commits(v);
	print_tip_boot(v);
	if (v->error_file)
		printf("  file: %s\n", v->error_file);
	if (v->detail && !v->pass && strcmp(v->status, "new-warnings")) {
		printf("  %s:\n", !strcmp(v->status, "build-failed") ?
		       "first error lines" : "what decided it");
		print_indented(v->detail);
	}
	print_warnings(v, "  ");
	for (size_t i = 0; i < v->nr_suites; i++) {
		const struct boot_suite *s = &v->suites[i];

		printf("  KUnit %-24s %s (%d passed, %d failed, %d skipped)\n",
		       s->name, s->ok ? "ok" : "NOT OK", s->passed, s->failed,
		       s->skipped);
	}
	print_kunit_missing(v, "  ");
	print_lava(v);
	if (!v->nr_cells)
		print_lava_files(v, "  ");
	if (v->nr_enabled) {
		printf("  enabled for the touched files:");
		for (size_t i = 0; i < v->nr_enabled; i++)
			printf(" CONFIG_%s", v->enabled[i]);
		printf("\n");
	}
	if (v->nr_missing) {
		printf("  could not enable (their files were not built):");
		for (size_t i = 0; i < v->nr_missing; i++)
			printf(" CONFIG_%s", v->missing[i]);
		printf("\n");
	}
	if (v->build_log)
		printf("  build log:   %s\n", v->build_log);
	if (v->console_log)
		printf("  console log: %s\n", v->console_log);
}

static bool in_list(char **v, size_t nr, const char *s, size_t len)
{
	for (size_t i = 0; i < nr; i++)
		if (strlen(v[i]) == len && !strncmp(v[i], s, len))
			return true;
	return false;
}

/*
 * A comma-separated list appended to *v (the caller frees it); a name
 * given twice is kept once, and the user told (the cell would build and
 * boot twice in the same directory).
 */
static void split_list(char ***v, size_t *nr, const char *arg,
		       const char *option)
{
	for (const char *p = arg; ; ) {
		size_t len = strcspn(p, ",");

		if (len && in_list(*v, *nr, p, len)) {
			fprintf(stderr, "boot: %s %.*s is given twice: it is "
				"built and booted once\n", option, (int)len, p);
		} else if (len) {
			*v = xrealloc(*v, (*nr + 2) * sizeof(**v));
			(*v)[(*nr)++] = xstrndup(p, len);
			(*v)[*nr] = NULL;
		}
		if (!p[len])
			break;
		p += len + 1;
	}
}

static void free_list(char **v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(v[i]);
	free(v);
}

static int parse_timeout(int *out, const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (!*arg || *end || n < 1 || n > 3600)
		return -1;
	*out = (int)n;
	return 0;
}

/*
 * Told to stop (Ctrl-C, SIGTERM, SIGHUP): the children were stopped and
 * nothing saved; say so, then die of the signal as the shell expects
 * (status 130 for SIGINT).
 */
static void die_of_stop_signal(int sig, bool open_line)
{
	char *what = run_stopped_children();

	if (open_line)
		fputc('\n', stderr);
	if (what)
		fprintf(stderr, "boot: interrupted (%s): stopped %s; no "
			"verdict saved\n", run_signal_name(sig), what);
	else
		fprintf(stderr, "boot: interrupted (%s) while no build or "
			"boot was running; no verdict saved\n",
			run_signal_name(sig));
	free(what);
	fflush(NULL);
	signal(sig, SIG_DFL);
	raise(sig);
	exit(128 + sig);
}

static int run_gc(const char *tree, unsigned long long max_size)
{
	struct buf report = BUF_INIT;
	int ret = boot_gc(&report, tree, max_size);

	fputs(buf_cstr(&report), stdout);
	buf_release(&report);
	return ret < 0 ? cli_fail(EXIT_USAGE) : 0;
}

int cmd_boot(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "tree", required_argument, NULL, 't' },
		{ "source", required_argument, NULL, 's' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "json", no_argument, NULL, 'j' },
		{ "kvm", no_argument, NULL, 'k' },
		{ "each", no_argument, NULL, 'e' },
		{ "boot-each", no_argument, NULL, 'E' },
		{ "accept-warnings", no_argument, NULL, 'W' },
		{ "arch", required_argument, NULL, 'a' },
		{ "config", required_argument, NULL, 'c' },
		{ "gc", no_argument, NULL, 'g' },
		{ "max-size", required_argument, NULL, 'M' },
		{ "lava-job", required_argument, NULL, 'J' },
		{ "lava-url", required_argument, NULL, 'U' },
		{ "lava", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct boot_opts o = { 0 };
	struct meter m = { isatty(2), NULL, 0, false };
	struct boot_verdict *v;
	char **arches = NULL, **configs = NULL;
	size_t nr_arches = 0, nr_configs = 0;
	bool json = false, gc = false;
	unsigned long long max_size = BOOT_GC_DEFAULT_MAX;
	int opt, status;

	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (opt) {
		case 't':
			o.tree = optarg;
			break;
		case 's':
			o.source = optarg;
			break;
		case 'T':
			if (parse_timeout(&o.timeout_s, optarg) < 0)
				return cli_usage_error(boot_usage, "boot",
					"--timeout '%s': give whole seconds "
					"from 1 to 3600", optarg);
			break;
		case 'j':
			json = true;
			break;
		case 'k':
			o.kvm = true;
			break;
		case 'E':
			o.boot_each = true;
			/* fall through */
		case 'e':
			o.each = true;
			break;
		case 'W':
			o.accept_warnings = true;
			break;
		case 'a':
			split_list(&arches, &nr_arches, optarg, "--arch");
			break;
		case 'c':
			split_list(&configs, &nr_configs, optarg, "--config");
			break;
		case 'g':
			gc = true;
			break;
		case 'M':
			if (kcache_parse_size(&max_size, optarg) < 0)
				return cli_usage_error(boot_usage, "boot",
					"--max-size '%s': give a size such "
					"as 500M or 4G", optarg);
			break;
		case 'J':
			o.lava_job = optarg;
			break;
		case 'U':
			o.lava_url = optarg;
			break;
		case 'L':
			o.lava = true;
			break;
		case 'h':
			fputs(boot_usage, stdout);
			return 0;
		default:
			return cli_bad_option(boot_usage, "boot", argv, opt);
		}
	}
	if (o.tree && o.source)
		return cli_usage_error(boot_usage, "boot",
				       "give --tree or --source, not both");
	if (argc - optind > 1)
		return cli_usage_error(boot_usage, "boot",
				       "unexpected argument '%s': give one "
				       "range", argv[optind + 1]);
	if (o.lava && o.kvm)
		return cli_usage_error(boot_usage, "boot",
				       "--lava boots with TCG (the device it "
				       "writes): leave out --kvm");
	if (o.lava_url && !o.lava_job)
		return cli_usage_error(boot_usage, "boot",
				       "--lava-url needs --lava-job FILE");
	if (gc)
		return run_gc(o.tree, max_size);
	o.range = optind < argc ? argv[optind] : NULL;
	o.progress = show_progress;
	o.progress_data = &m;
	o.arches = arches;
	o.nr_arches = nr_arches;
	o.configs = configs;
	o.nr_configs = nr_configs;
	run_stop_children_on_signals();
	status = boot_run(&v, &o);
	free_list(arches, nr_arches);
	free_list(configs, nr_configs);
	if (run_stop_signal()) {
		if (status == 0)
			boot_verdict_free(v);
		die_of_stop_signal(run_stop_signal(), m.open_line);
	}
	if (status < 0) {
		if (m.open_line)
			fputc('\n', stderr);
		return cli_fail(EXIT_USAGE);
	}
	if (m.open_line)
		fputc('\n', stderr);
	if (json) {
		struct buf out = BUF_INIT;

		boot_verdict_json(&out, v);
		fputs(out.ptr, stdout);
		buf_release(&out);
	} else {
		print_text(v);
	}
	status = v->pass ? 0 : EXIT_POLICY;
	boot_verdict_free(v);
	return status;
}
