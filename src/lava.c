// SPDX-License-Identifier: GPL-2.0
/*
 * LAVA: the boot as a LAVA v2 job and a qemu device for lava-run, and
 * lava-run's log read back. The job is written as YAML text by hand (all
 * values single-quoted, so no value is read as anything but a string);
 * the log is one YAML flow mapping per line, every scalar double-quoted
 * (lava_common.log.dump), read by the small reader below.
 */
#include "lava.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "boot_util.h"
#include "qemu.h"
#include "run.h"

/* ---- the job and the device ---- */

/* s as a YAML single-quoted scalar (a quote is doubled). */
static void quoted(struct buf *b, const char *s)
{
	buf_addch(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			buf_addch(b, '\'');
		buf_addch(b, *s);
	}
	buf_addch(b, '\'');
}

/* "<indent><key>: '<value>'\n" */
static void pair(struct buf *b, int indent, const char *key,
		 const char *value)
{
	buf_addf(b, "%*s%s: ", indent, "", key);
	quoted(b, value);
	buf_addch(b, '\n');
}

/*
 * What the monitor looks for, one line each: the text that decides the
 * result (the lookahead's group, which fixupdict maps) and the test
 * case's name (what stands in the log). The marker passes only with
 * this run's nonce; a kernel message that console.c counts as trouble
 * fails.
 */
struct watch {
	const char *result;	/* regular expression, literal here */
	const char *name;
	const char *verdict;	/* "pass" or "fail" */
};

static const struct watch troubles[] = {
	{ "Kernel panic", "Kernel panic", "fail" },
	{ "Oops", "Oops", "fail" },
	{ "BUG:", "BUG", "fail" },
	{ "WARNING:", "WARNING", "fail" },
	{ "Call Trace", "Call Trace", "fail" },
};

static void marker(struct buf *b, const char *nonce)
{
	buf_addf(b, "DISCLOSE-BOOT-OK nonce=%s", nonce);
}

/*
 * KUnit's KTAP result lines, "ok N name" and "not ok N name" (a case,
 * indented, or its suite): the result is "ok" or "not ok" at the start
 * of a line (after the printk time or KTAP's indent), the case the name up to a blank or '#' (a whole name: the
 * monitor may see a line before its end has arrived).
 */
#define KTAP_LINE "(?:^|(?<=\\n)|(?<=\\] )|(?<=    ))"
#define KTAP_RESULT "|" KTAP_LINE "not ok(?= \\d)|" KTAP_LINE "ok(?= \\d)"
#define KTAP_SKIP "(?:(?:not )?ok \\d+ )?"
#define KTAP_NAME "|[^\\s#]+(?=[\\s#])"

static bool runs_kunit(const struct lava_job *j)
{
	return j->append && strstr(j->append, "kunit.filter_glob=");
}

/*
 * (?=(?P<result>MARKER|Kernel panic|...))(?P<test_case_id>DISCLOSE-BOOT-OK|
 * Kernel panic|...): LAVA takes the case's name and its result from two
 * named groups of one match; the lookahead lets both read the same text.
 * A job that runs KUnit suites has their KTAP lines too: LAVA's monitors
 * run one after the other, so they are alternatives of this one, which
 * watches the whole boot.
 */
static void monitor_pattern(struct buf *b, const struct lava_job *j)
{
	size_t n = sizeof(troubles) / sizeof(troubles[0]);
	bool kunit = runs_kunit(j);

	buf_adds(b, "(?=(?P<result>");
	marker(b, j->nonce);
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "|%s", troubles[i].result);
	buf_addf(b, "%s))%s(?P<test_case_id>DISCLOSE-BOOT-OK",
		 kunit ? KTAP_RESULT : "", kunit ? KTAP_SKIP : "");
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "|%s", troubles[i].name);
	buf_addf(b, "%s)", kunit ? KTAP_NAME : "");
}

static void job_test(struct buf *b, const struct lava_job *j)
{
	struct buf s = BUF_INIT;

	buf_addf(b, "- test:\n    timeout:\n      seconds: %d\n"
		 "    monitors:\n", j->timeout_s);
	pair(b, 4, "- name", LAVA_MONITOR);
	/* the kernel's first line, and what it prints for reboot -f */
	pair(b, 6, "start", "Linux version");
	pair(b, 6, "end", "reboot: Restarting system");
	monitor_pattern(&s, j);
	pair(b, 6, "pattern", s.ptr);
	buf_adds(b, "      fixupdict:\n");
	buf_reset(&s);
	marker(&s, j->nonce);
	buf_adds(b, "        ");
	quoted(b, s.ptr);
	buf_adds(b, ": pass\n");
	for (size_t i = 0; i < sizeof(troubles) / sizeof(troubles[0]); i++) {
		buf_adds(b, "        ");
		quoted(b, troubles[i].result);
		buf_addf(b, ": %s\n", troubles[i].verdict);
	}
	if (runs_kunit(j))
		buf_adds(b, "        'ok': pass\n        'not ok': fail\n");
	buf_release(&s);
}

char *lava_job_yaml(const struct lava_job *j)
{
	struct buf b = BUF_INIT, arg = BUF_INIT;
	/* deploy (copies), boot and test, with room to spare */
	int job_s = 300 + 2 * j->timeout_s + 120;

	buf_adds(&b, "# A LAVA v2 job written by git disclose boot: boot the "
		 "kernel with the\n# initramfs in QEMU and watch the console "
		 "for init's marker (pass) and\n# for panic, Oops, BUG, "
		 "WARNING and call trace lines (fail), and for\n# the KTAP "
		 "results of the KUnit suites it runs (ok pass, not ok\n"
		 "# fail).\n"
		 "# Here:  lava-run --job-id 1 --output-dir OUT --device "
		 "DEVICE.yaml JOB.yaml\n"
		 "# A lab: lavacli jobs submit JOB.yaml, once the image "
		 "URLs are reachable\n#        from its workers.\n");
	buf_adds(&b, "device_type: qemu\n");
	pair(&b, 0, "job_name", j->name);
	buf_adds(&b, "visibility: public\npriority: medium\n");
	buf_addf(&b, "timeouts:\n  job:\n    seconds: %d\n"
		 "  connection:\n    seconds: %d\n", job_s, j->timeout_s);
	buf_adds(&b, "context:\n");
	pair(&b, 2, "arch", j->arch);
	buf_adds(&b, "actions:\n- deploy:\n    to: tmpfs\n"
		 "    timeout:\n      minutes: 5\n    images:\n"
		 "      kernel:\n");
	buf_addf(&arg, "-kernel {kernel} -append \"%s\"", j->append);
	pair(&b, 8, "image_arg", arg.ptr);
	pair(&b, 8, "url", j->kernel_url);
	buf_adds(&b, "      ramdisk:\n");
	pair(&b, 8, "image_arg", "-initrd {ramdisk}");
	pair(&b, 8, "url", j->ramdisk_url);
	buf_addf(&b, "- boot:\n    method: qemu\n    media: tmpfs\n"
		 "    timeout:\n      seconds: %d\n", j->timeout_s);
	job_test(&b, j);
	buf_release(&arg);
	return buf_detach(&b, NULL);
}

char *lava_device_yaml(const char *arch)
{
	struct buf b = BUF_INIT;
	char **opts = NULL;
	size_t nr = 0;

	buf_adds(&b, "# A QEMU device for lava-run, written by git disclose "
		 "boot: TCG and the\n# machine options of its direct "
		 "boot.\ndevice_type: qemu\navailable_architectures:\n");
	buf_addf(&b, "- %s\n", arch);
	buf_adds(&b, "actions:\n  deploy:\n    methods:\n      image:\n"
		 "        parameters: {}\n  boot:\n    methods:\n"
		 "      qemu:\n        parameters:\n");
	pair(&b, 10, "command", qemu_program(arch));
	buf_adds(&b, "          options:\n");
	/* one option and its value per item: lava-run joins them */
	qemu_options(&opts, &nr, "tcg");
	for (size_t i = 0; i < nr; i++) {
		struct buf o = BUF_INIT;

		buf_adds(&o, opts[i]);
		if (i + 1 < nr && opts[i + 1][0] != '-')
			buf_addf(&o, " %s", opts[++i]);
		buf_adds(&b, "          - ");
		quoted(&b, o.ptr);
		buf_addch(&b, '\n');
		buf_release(&o);
	}
	boot_strv_free(opts, nr);
	return buf_detach(&b, NULL);
}

/* ---- the files ---- */

/* path made absolute against the current directory. */
static char *absolute(const char *path)
{
	char *cwd;
	char *abs;

	if (path[0] == '/')
		return xstrdup(path);
	cwd = getcwd(NULL, 0);
	if (!cwd)
		return xstrdup(path);
	abs = path_join(cwd, path);
	free(cwd);
	return abs;
}

/* <stem><suffix>, where stem is job without a ".yaml" ending. */
static char *beside(const char *job, const char *suffix)
{
	size_t len = strlen(job);
	struct buf p = BUF_INIT;

	if (len > 5 && !strcmp(job + len - 5, ".yaml"))
		len -= 5;
	buf_add(&p, job, len);
	buf_adds(&p, suffix);
	return buf_detach(&p, NULL);
}

static int copy_file(const char *from, const char *to)
{
	struct buf data = BUF_INIT;
	int ret = read_file(&data, from);

	if (ret == 0)
		ret = write_file_atomic(to, data.ptr ? data.ptr : "", data.len,
					0644);
	buf_release(&data);
	return ret;
}

static char *image_url(const char *url_base, const char *path)
{
	struct buf u = BUF_INIT;
	const char *name = strrchr(path, '/');

	if (url_base)
		buf_addf(&u, "%s%s%s", url_base,
			 *url_base && url_base[strlen(url_base) - 1] == '/' ?
			 "" : "/", name ? name + 1 : path);
	else
		buf_addf(&u, "file://%s", path);
	return buf_detach(&u, NULL);
}

int lava_write(struct lava_files *out, const char *job_path,
	       const char *url_base, const struct lava_job *j,
	       const char *kernel, const char *ramdisk)
{
	struct lava_job job = *j;
	char *text = NULL, *kurl = NULL, *rurl = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	out->job = absolute(job_path);
	out->kernel = beside(out->job, "-bzImage");
	out->ramdisk = beside(out->job, "-initramfs.cpio");
	out->device = beside(out->job, "-device.yaml");
	ret = copy_file(kernel, out->kernel);
	if (ret == 0)
		ret = copy_file(ramdisk, out->ramdisk);
	if (ret < 0)
		goto out;
	job.kernel_url = kurl = image_url(url_base, out->kernel);
	job.ramdisk_url = rurl = image_url(url_base, out->ramdisk);
	text = lava_job_yaml(&job);
	ret = write_file_atomic(out->job, text, strlen(text), 0644);
	free(text);
	if (ret < 0)
		goto out;
	text = lava_device_yaml(j->arch);
	ret = write_file_atomic(out->device, text, strlen(text), 0644);
	free(text);
out:
	free(kurl);
	free(rurl);
	return ret;
}

void lava_files_release(struct lava_files *f)
{
	free(f->job);
	free(f->device);
	free(f->kernel);
	free(f->ramdisk);
	memset(f, 0, sizeof(*f));
}

/* ---- the log ---- */

/*
 * The reader: a line is a flow mapping of double-quoted scalars, nested
 * mappings and sequences, and tags such as !!int "3" (whose tag is
 * dropped). Each scalar is kept with its path ("msg.case",
 * "msg.extra.test_case_id", "lvl").
 */
struct field {
	char *path;
	char *value;
};

struct record {
	struct field *f;
	size_t nr;
	const char *p, *end;
	bool bad;
};

static void utf8(struct buf *b, unsigned long c)
{
	if (c < 0x80) {
		buf_addch(b, (char)c);
	} else if (c < 0x800) {
		buf_addch(b, (char)(0xc0 | (c >> 6)));
		buf_addch(b, (char)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		buf_addch(b, (char)(0xe0 | (c >> 12)));
		buf_addch(b, (char)(0x80 | ((c >> 6) & 0x3f)));
		buf_addch(b, (char)(0x80 | (c & 0x3f)));
	} else {
		buf_addch(b, (char)(0xf0 | (c >> 18)));
		buf_addch(b, (char)(0x80 | ((c >> 12) & 0x3f)));
		buf_addch(b, (char)(0x80 | ((c >> 6) & 0x3f)));
		buf_addch(b, (char)(0x80 | (c & 0x3f)));
	}
}

/* \xNN, \uNNNN, \UNNNNNNNN: digits hex digits at *p. */
static bool hex_escape(struct buf *b, struct record *r, int digits)
{
	unsigned long c = 0;

	for (int i = 0; i < digits; i++, r->p++) {
		int d;

		if (r->p >= r->end)
			return false;
		d = git_isdigit(*r->p) ? *r->p - '0' :
		    (*r->p >= 'a' && *r->p <= 'f') ? *r->p - 'a' + 10 :
		    (*r->p >= 'A' && *r->p <= 'F') ? *r->p - 'A' + 10 : -1;
		if (d < 0)
			return false;
		c = c * 16 + (unsigned long)d;
	}
	utf8(b, c);
	return true;
}

/* The escapes of YAML's double-quoted style, as PyYAML writes them. */
static bool escape(struct buf *b, struct record *r)
{
	static const char from[] = "0abtnvfre\"/\\ ";
	static const char to[] = "\0\a\b\t\n\v\f\r\x1b\"/\\ ";
	char c = *r->p++;
	const char *at = memchr(from, c, sizeof(from) - 1);

	if (at) {
		buf_addch(b, to[at - from]);
		return true;
	}
	switch (c) {
	case 'N':
		utf8(b, 0x85);
		return true;
	case '_':
		utf8(b, 0xa0);
		return true;
	case 'L':
		utf8(b, 0x2028);
		return true;
	case 'P':
		utf8(b, 0x2029);
		return true;
	case 'x':
		return hex_escape(b, r, 2);
	case 'u':
		return hex_escape(b, r, 4);
	case 'U':
		return hex_escape(b, r, 8);
	}
	return false;
}

static void skip_blanks(struct record *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
		r->p++;
}

/* A double-quoted scalar at r->p into *out. */
static bool scalar(char **out, struct record *r)
{
	struct buf b = BUF_INIT;

	skip_blanks(r);
	/* a tag ("!!int", "!!python/...") says only what the text is */
	if (r->p < r->end && *r->p == '!') {
		while (r->p < r->end && *r->p != ' ')
			r->p++;
		skip_blanks(r);
	}
	if (r->p >= r->end || *r->p != '"')
		return false;
	for (r->p++; r->p < r->end && *r->p != '"'; ) {
		if (*r->p == '\\') {
			r->p++;
			if (r->p >= r->end || !escape(&b, r))
				goto bad;
			continue;
		}
		buf_addch(&b, *r->p++);
	}
	if (r->p >= r->end)
		goto bad;
	r->p++;
	buf_add(&b, "", 0);
	*out = buf_detach(&b, NULL);
	return true;
bad:
	buf_release(&b);
	return false;
}

static bool value(struct record *r, const char *path);

static char *sub_path(const char *path, const char *key)
{
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s%s%s", path, *path ? "." : "", key);
	return buf_detach(&p, NULL);
}

/* "{" key ":" value ("," key ":" value)* "}" or "[" value, ... "]" */
static bool collection(struct record *r, const char *path, char close)
{
	size_t index = 0;

	r->p++;
	skip_blanks(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return true;
	}
	for (;;) {
		char *key = NULL, *sub;
		bool ok;

		if (close == '}') {
			if (!scalar(&key, r))
				return false;
			skip_blanks(r);
			if (r->p >= r->end || *r->p++ != ':') {
				free(key);
				return false;
			}
		} else {
			struct buf k = BUF_INIT;

			buf_addf(&k, "%zu", index++);
			key = buf_detach(&k, NULL);
		}
		sub = sub_path(path, key);
		ok = value(r, sub);
		free(sub);
		free(key);
		if (!ok)
			return false;
		skip_blanks(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			return true;
		}
		return false;
	}
}

static bool value(struct record *r, const char *path)
{
	char *s;

	skip_blanks(r);
	if (r->p < r->end && *r->p == '{')
		return collection(r, path, '}');
	if (r->p < r->end && *r->p == '[')
		return collection(r, path, ']');
	if (!scalar(&s, r))
		return false;
	r->f = xrealloc(r->f, (r->nr + 1) * sizeof(*r->f));
	r->f[r->nr++] = (struct field){ xstrdup(path), s };
	return true;
}

static const char *field(const struct record *r, const char *path)
{
	for (size_t i = 0; i < r->nr; i++)
		if (!strcmp(r->f[i].path, path))
			return r->f[i].value;
	return NULL;
}

static void record_release(struct record *r)
{
	for (size_t i = 0; i < r->nr; i++) {
		free(r->f[i].path);
		free(r->f[i].value);
	}
	free(r->f);
}

/* "- {...}" or "{...}": a log record; false for anything else. */
static bool read_record(struct record *r, const char *line, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->p = line;
	r->end = line + len;
	while (r->end > r->p && (r->end[-1] == '\r' || r->end[-1] == ' '))
		r->end--;
	skip_blanks(r);
	if (r->p + 1 < r->end && r->p[0] == '-' && r->p[1] == ' ')
		r->p += 2;
	skip_blanks(r);
	if (r->p >= r->end || *r->p != '{' || !collection(r, "", '}'))
		goto bad;
	skip_blanks(r);
	if (r->p != r->end)
		goto bad;
	return true;
bad:
	record_release(r);
	return false;
}

/*
 * A console line as the log has it: lava's own writer put a backslash
 * before each double quote (for a YAML it never parses); take it out.
 */
static void console_line(struct buf *b, const char *msg)
{
	for (const char *p = msg; *p; p++) {
		if (p[0] == '\\' && p[1] == '"')
			p++;
		buf_addch(b, *p);
	}
	buf_addch(b, '\n');
}

static void note_result(struct lava_log *l, const struct record *r)
{
	const char *def = field(r, "msg.definition");
	const char *name = field(r, "msg.case");
	const char *result = field(r, "msg.result");

	if (!def || !name || !result)
		return;
	if (!strcmp(def, "lava") && !strcmp(name, "job")) {
		free(l->result);
		l->result = xstrdup(result);
		if (field(r, "msg.error_msg")) {
			free(l->error);
			l->error = xstrdup(field(r, "msg.error_msg"));
		}
		if (field(r, "msg.error_type")) {
			free(l->error_type);
			l->error_type = xstrdup(field(r, "msg.error_type"));
		}
		return;
	}
	if (strcmp(def, LAVA_MONITOR))
		return;
	l->cases = xrealloc(l->cases, (l->nr_cases + 1) * sizeof(*l->cases));
	l->cases[l->nr_cases++] = (struct lava_case){ xstrdup(name),
						      xstrdup(result) };
}

/* What the other messages say about the run. */
static void note_message(struct lava_log *l, const char *lvl,
			 const char *msg)
{
	if (!strcmp(lvl, "target")) {
		console_line(&l->console, msg);
		return;
	}
	if (strstr(msg, "lava test monitoring has timed out") ||
	    strstr(msg, "timed out after"))
		l->timed_out = true;
	if (strstr(msg, "start string found"))
		l->start_seen = true;
}

size_t lava_log_parse(struct lava_log *out, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	size_t records = 0;

	memset(out, 0, sizeof(*out));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct record r;

		if (read_record(&r, p, n)) {
			const char *lvl = field(&r, "lvl");
			const char *msg = field(&r, "msg");

			records++;
			if (lvl && !strcmp(lvl, "results"))
				note_result(out, &r);
			else if (lvl && msg)
				note_message(out, lvl, msg);
			record_release(&r);
		}
		p += n + (nl != NULL);
	}
	return records;
}

void lava_log_release(struct lava_log *l)
{
	buf_release(&l->console);
	free(l->result);
	free(l->error);
	free(l->error_type);
	for (size_t i = 0; i < l->nr_cases; i++) {
		free(l->cases[i].name);
		free(l->cases[i].result);
	}
	free(l->cases);
	memset(l, 0, sizeof(*l));
}

/* ---- running lava-run ---- */

int lava_check(void)
{
	if (!run_in_path(LAVA_RUN))
		return error_set("lava-run is missing: install it with "
				 "'apt-get install --no-install-recommends "
				 "lava-dispatcher'");
	if (geteuid() != 0)
		return error_set("lava-run runs only as root: run git "
				 "disclose boot --lava as root, or write the "
				 "job with --lava-job and run it in a lab");
	return 0;
}

/* lava-run, its stdout and stderr (the log) into the file r->log. */
static int run_logged(struct run_result *res, const struct lava_run *r)
{
	struct run_opts o = RUN_OPTS_INIT;
	int fd = open(r->log, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND |
		      O_CLOEXEC, 0644);
	int ret;

	if (fd < 0)
		return error_set("cannot write %s: %s", r->log,
				 strerror(errno));
	o.stdout_fd = fd;
	o.stderr_fd = fd;
	o.timeout_ms = r->timeout_ms;
	ret = run_wait(res, (const char *const[]){ LAVA_RUN, "--job-id",
		       r->job_id, "--output-dir", r->out_dir, "--device",
		       r->device, r->job, NULL }, &o);
	close(fd);
	return ret;
}

int lava_run(struct lava_log *out, const struct lava_run *r)
{
	struct run_result res;
	struct buf log = BUF_INIT;
	int ret;

	memset(out, 0, sizeof(*out));
	ret = run_logged(&res, r);
	if (ret == 0)
		ret = read_file(&log, r->log);
	if (ret < 0)
		goto out;
	if (!lava_log_parse(out, buf_cstr(&log), log.len)) {
		char *line = boot_first_line(buf_cstr(&log));

		ret = error_set("lava-run wrote no log (exit %d): %s; see %s",
				res.status, line, r->log);
		free(line);
		goto out;
	}
	out->timed_out |= res.timed_out;
	ret = 0;
out:
	buf_release(&log);
	return ret;
}
