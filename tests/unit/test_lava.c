// SPDX-License-Identifier: GPL-2.0
/*
 * LAVA: the job and the device description as text, the files written
 * beside the job, and lava-run's log read back (lines as lava-run 2023.01
 * writes them: lava_common.log.dump, every scalar double-quoted, tags
 * as ! "12"), also from fixtures/lava/: real lava-run logs of jobs this
 * code wrote for the tinyconfig kernel (nonce 0123456789abcdef), with
 * the busybox init (pass), an init that is not a program (panic) and an
 * init that sleeps past a 15 s timeout (hang).
 */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot_util.h"
#include "console.h"
#include "lava.h"
#include "util.h"

static const struct lava_job job = {
	.name = "git disclose boot 0123456789ab x86_64/tiny",
	.arch = "x86_64",
	.kernel_url = "file:///tmp/j-bzImage",
	.ramdisk_url = "file:///tmp/j-initramfs.cpio",
	.append = "console=ttyS0 panic=-1 disclose_nonce=feedc0de "
		  "kunit.filter_glob=list_sort",
	.nonce = "feedc0de",
	.timeout_s = 90,
};

/* Lines the job must hold, whole. */
static const char *const job_lines[] = {
	"device_type: qemu",
	"job_name: 'git disclose boot 0123456789ab x86_64/tiny'",
	"visibility: public",
	"  arch: 'x86_64'",
	"- deploy:",
	"    to: tmpfs",
	"        image_arg: '-kernel {kernel} -append \"console=ttyS0 "
	"panic=-1 disclose_nonce=feedc0de kunit.filter_glob=list_sort\"'",
	"        url: 'file:///tmp/j-bzImage'",
	"        image_arg: '-initrd {ramdisk}'",
	"        url: 'file:///tmp/j-initramfs.cpio'",
	"    method: qemu",
	"    media: tmpfs",
	"      seconds: 90",
	"    - name: 'disclose-boot'",
	"      start: 'Linux version'",
	"      end: 'reboot: Restarting system'",
	"      pattern: '(?=(?P<result>DISCLOSE-BOOT-OK nonce=feedc0de|"
	"Kernel panic|Oops|BUG:|WARNING:|Call Trace))(?P<test_case_id>"
	"DISCLOSE-BOOT-OK|Kernel panic|Oops|BUG|WARNING|Call Trace)'",
	"        'DISCLOSE-BOOT-OK nonce=feedc0de': pass",
	"        'Kernel panic': fail",
	"        'Oops': fail",
	"        'BUG:': fail",
	"        'WARNING:': fail",
	"        'Call Trace': fail",
};

static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = text; (p = strstr(p, line)); p++)
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return true;
	return false;
}

static void test_job(void **state)
{
	char *y = lava_job_yaml(&job);

	for (size_t i = 0; i < ARRAY_SIZE(job_lines); i++)
		if (!has_line(y, job_lines[i]))
			fail_msg("the job has no line '%s':\n%s", job_lines[i],
				 y);
	free(y);
}

/* A quote in a value is doubled: the YAML stays one string. */
static void test_job_quotes(void **state)
{
	struct lava_job j = job;
	char *y;

	j.name = "it's";
	y = lava_job_yaml(&j);
	assert_true(has_line(y, "job_name: 'it''s'"));
	free(y);
}

static void test_device(void **state)
{
	static const char *const lines[] = {
		"device_type: qemu",
		"- i386",
		"      image:",
		"      qemu:",
		"          command: 'qemu-system-i386'",
		"          - '-accel tcg'",
		"          - '-nodefaults'",
		"          - '-no-reboot'",
		"          - '-serial stdio'",
		"          - '-m 256M'",
	};
	char *y = lava_device_yaml("i386");

	for (size_t i = 0; i < ARRAY_SIZE(lines); i++)
		if (!has_line(y, lines[i]))
			fail_msg("the device has no line '%s':\n%s", lines[i],
				 y);
	free(y);
}

static void test_write(void **state)
{
	char dir[] = "/tmp/test_lava.XXXXXX";
	struct lava_files f;
	struct buf text = BUF_INIT;
	char *kernel, *ramdisk, *jobfile;

	assert_non_null(mkdtemp(dir));
	kernel = path_join(dir, "bzImage");
	ramdisk = path_join(dir, "initramfs.cpio");
	jobfile = path_join(dir, "lab/series.yaml");
	assert_int_equal(write_file_atomic(kernel, "KERNEL", 6, 0644), 0);
	assert_int_equal(write_file_atomic(ramdisk, "CPIO", 4, 0644), 0);
	assert_int_equal(mkdir_p(jobfile, 0755), 0);
	assert_int_equal(rmdir(jobfile), 0);
	assert_int_equal(lava_write(&f, jobfile, "https://lab.example/s1",
				    &job, kernel, ramdisk), 0);
	assert_string_equal(f.job, jobfile);
	assert_int_equal(read_file(&text, f.kernel), 0);
	assert_string_equal(buf_cstr(&text), "KERNEL");
	assert_true(strstr(f.ramdisk, "/lab/series-initramfs.cpio"));
	assert_true(strstr(f.device, "/lab/series-device.yaml"));
	buf_reset(&text);
	assert_int_equal(read_file(&text, f.job), 0);
	assert_true(has_line(buf_cstr(&text), "        url: "
			     "'https://lab.example/s1/series-bzImage'"));
	assert_true(has_line(buf_cstr(&text), "        url: "
			     "'https://lab.example/s1/series-initramfs.cpio'"));
	buf_reset(&text);
	assert_int_equal(read_file(&text, f.device), 0);
	assert_true(has_line(buf_cstr(&text), "- x86_64"));
	lava_files_release(&f);
	/* no URL base: the files' own paths */
	assert_int_equal(lava_write(&f, jobfile, NULL, &job, kernel, ramdisk),
			 0);
	buf_reset(&text);
	assert_int_equal(read_file(&text, f.job), 0);
	assert_true(strstr(buf_cstr(&text), "url: 'file:///tmp/test_lava."));
	lava_files_release(&f);
	buf_release(&text);
	free(kernel);
	free(ramdisk);
	free(jobfile);
	assert_int_equal(boot_rm_rf(dir), 0);
}

/* Records as lava-run writes them (made with lava_common.log.dump). */
static const char log_text[] =
	"{\"dt\": \"2026-12-06T12:00:00.000001\", \"lvl\": \"info\", \"msg\": "
	"\"start: 3.1 lava-test-monitor (timeout 00:02:00) [common]\"}\n"
	"not a record\n"
	"{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"Linux version 6.1.192"
	" #1 \\\\\\\"quoted\\\\\\\" \\e\\xE9\\t\"}\n"
	"{\"dt\": \"x\", \"lvl\": \"info\", \"msg\": \"ok: start string found,"
	" lava test monitoring started\"}\n"
	"{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": "
	"\"DISCLOSE-BOOT-OK nonce=feedc0de release=6.1.192\"}\n"
	"- {\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": "
	"\"disclose_boot_ok\", \"definition\": \"disclose-boot\", \"extra\": "
	"{\"test_case_id\": \"DISCLOSE-BOOT-OK\"}, \"level\": \"3.1\", "
	"\"result\": \"pass\", \"starttc\": ! \"12\"}}\n"
	"{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": "
	"\"execute-qemu\", \"definition\": \"lava\", \"result\": \"pass\"}}\n"
	"{\"dt\": \"x\", \"lvl\": \"debug\", \"msg\": {\"skip\": [\"a\", "
	"! \"1.5\", ! \"null\", ! \"true\"]}}\n"
	"{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": \"job\", "
	"\"definition\": \"lava\", \"error_msg\": \"Connection closed\", "
	"\"error_type\": \"Infrastructure\", \"result\": \"fail\"}}\n";

static void test_log(void **state)
{
	struct lava_log l;

	assert_int_equal(lava_log_parse(&l, log_text, strlen(log_text)), 8);
	assert_string_equal(buf_cstr(&l.console),
			    "Linux version 6.1.192 #1 \"quoted\" "
			    "\x1b\xc3\xa9\t\n"
			    "DISCLOSE-BOOT-OK nonce=feedc0de "
			    "release=6.1.192\n");
	assert_true(l.start_seen);
	assert_false(l.timed_out);
	assert_string_equal(l.result, "fail");
	assert_string_equal(l.error, "Connection closed");
	assert_string_equal(l.error_type, "Infrastructure");
	/* the monitor's cases only, not LAVA's own actions */
	assert_int_equal(l.nr_cases, 1);
	assert_string_equal(l.cases[0].name, "disclose_boot_ok");
	assert_string_equal(l.cases[0].result, "pass");
	lava_log_release(&l);
}

/* Broken records are skipped, whatever they hold. */
static void test_log_broken(void **state)
{
	static const char *const bad[] = {
		"{\"lvl\": \"target\", \"msg\": \"unterminated}\n",
		"{\"lvl\": \"target\", \"msg\": \"bad \\q escape\"}\n",
		"{\"lvl\": \"target\", \"msg\": \"\\x4\"}\n",
		"{\"lvl\" \"target\"}\n",
		"{\"lvl\": [\"a\",}\n",
		"{\"lvl\": \"target\", \"msg\": \"ok\"} trailing\n",
		"",
		"{",
	};

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct lava_log l;
		size_t n = lava_log_parse(&l, bad[i], strlen(bad[i]));

		if (n)
			fail_msg("case %zu: %zu records", i, n);
		lava_log_release(&l);
	}
}

static void test_log_timeout(void **state)
{
	static const char text[] =
		"{\"dt\": \"x\", \"lvl\": \"warning\", \"msg\": \"err: lava "
		"test monitoring has timed out\"}\n";
	struct lava_log l;

	assert_int_equal(lava_log_parse(&l, text, strlen(text)), 1);
	assert_true(l.timed_out);
	assert_null(l.result);
	lava_log_release(&l);
}

struct fixture_case {
	const char *file;
	enum console_result result;
	const char *job;	/* the job's result */
	const char *cases;	/* "name=result ..." */
};

static const struct fixture_case fixture_cases[] = {
	{ "pass.log", CONSOLE_PASS, "pass", "disclose_boot_ok=pass" },
	{ "panic.log", CONSOLE_PANIC, "fail",
	  "kernel_panic=fail call_trace=fail" },
	{ "hang.log", CONSOLE_HANG, "fail", "" },
};

static void test_log_fixtures(void **state)
{
	const char *top = getenv("TOP");

	for (size_t i = 0; i < ARRAY_SIZE(fixture_cases); i++) {
		const struct fixture_case *c = &fixture_cases[i];
		struct console_expect want = { "0123456789abcdef", "6.1.192+",
					       true };
		struct console_verdict *cv;
		struct buf path = BUF_INIT, text = BUF_INIT, got = BUF_INIT;
		struct lava_log l;

		buf_addf(&path, "%s/fixtures/lava/%s", top ? top : ".",
			 c->file);
		assert_int_equal(read_file(&text, path.ptr), 0);
		assert_true(lava_log_parse(&l, text.ptr, text.len) > 100);
		want.ended = !l.timed_out;
		console_classify(&cv, buf_cstr(&l.console), l.console.len,
				 &want);
		if (cv->result != c->result)
			fail_msg("%s: %s", c->file,
				 console_result_name(cv->result));
		assert_true(l.start_seen);
		assert_string_equal(l.result, c->job);
		for (size_t k = 0; k < l.nr_cases; k++)
			buf_addf(&got, "%s%s=%s", k ? " " : "",
				 l.cases[k].name, l.cases[k].result);
		assert_string_equal(buf_cstr(&got), c->cases);
		console_verdict_free(cv);
		lava_log_release(&l);
		buf_release(&path);
		buf_release(&text);
		buf_release(&got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_job),
		cmocka_unit_test(test_job_quotes),
		cmocka_unit_test(test_device),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_log),
		cmocka_unit_test(test_log_broken),
		cmocka_unit_test(test_log_timeout),
		cmocka_unit_test(test_log_fixtures),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
