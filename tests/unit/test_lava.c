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
#include "run.h"
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
	"Kernel panic|Oops|BUG:|WARNING:|Call Trace"
	"|(?:^|(?<=\\n)|(?<=\\] )|(?<=    ))not ok(?= \\d)"
	"|(?:^|(?<=\\n)|(?<=\\] )|(?<=    ))ok(?= \\d)))"
	"(?:(?:not )?ok \\d+ )?(?P<test_case_id>"
	"DISCLOSE-BOOT-OK|Kernel panic|Oops|BUG|WARNING|Call Trace"
	"|[^\\s#]+(?=[\\s#]))'",
	"        'DISCLOSE-BOOT-OK nonce=feedc0de': pass",
	"        'Kernel panic': fail",
	"        'Oops': fail",
	"        'BUG:': fail",
	"        'WARNING:': fail",
	"        'Call Trace': fail",
	"        'ok': pass",
	"        'not ok': fail",
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

/*
 * The job as LAVA reads it (python3 and Debian's lava-dispatcher, when
 * installed): lava_common's schema accepts it strictly, and the monitor's
 * pattern, searched as pexpect does, turns a KUnit failure into failed
 * test cases (the case and its suite), a passing case into a pass, and
 * the marker into the boot's pass. A job without KUnit has no KTAP
 * alternatives, so a stray "ok 1" in its console is no test case.
 */
static void test_job_lava_reads(void **state)
{
	static const char check[] =
		"import re, sys, yaml\n"
		"from lava_common.schemas import validate\n"
		"jobs = [yaml.safe_load(open(f)) for f in sys.argv[1:3]]\n"
		"for j in jobs:\n"
		"    validate(j, strict=True)\n"
		"def cases(j, text):\n"
		"    m = j['actions'][2]['test']['monitors'][0]\n"
		"    fix, got, pos = m['fixupdict'], [], 0\n"
		"    p = re.compile(m['pattern'])\n"
		"    while True:\n"
		"        r = p.search(text, pos)\n"
		"        if not r:\n"
		"            return got\n"
		"        g = r.groupdict()\n"
		"        got.append((g['test_case_id'], fix.get(g['result'], g['result'])))\n"
		"        pos = r.end()\n"
		"console = ('[    0.91] KTAP version 1\\n'\n"
		"    '[    0.92]     # Subtest: list_sort\\n'\n"
		"    '[    0.93]     # list_sort_test: ASSERTION FAILED at lib/test_list_sort.c:97\\n'\n"
		"    '[    0.93]     ok 1 other_case\\n'\n"
		"    '[    0.94]     not ok 2 list_sort_test\\n'\n"
		"    '[    0.95] not ok 1 list_sort\\n'\n"
		"    'took 3 ms, ok 1 time\\n'\n"
		"    'DISCLOSE-BOOT-OK nonce=feedc0de release=6.1.192+\\n')\n"
		"want = [('other_case', 'pass'), ('list_sort_test', 'fail'),\n"
		"        ('list_sort', 'fail'), ('DISCLOSE-BOOT-OK', 'pass')]\n"
		"got = cases(jobs[0], console)\n"
		"assert got == want, got\n"
		"got = cases(jobs[1], console)\n"
		"assert got == [('DISCLOSE-BOOT-OK', 'pass')], got\n";
	char dir[] = "/tmp/test_lava.XXXXXX";
	struct lava_job plain = job;
	struct run_result r;
	struct buf a = BUF_INIT, b = BUF_INIT;
	char *y;

	(void)state;
	if (access("/usr/bin/python3", X_OK) ||
	    access("/usr/lib/python3/dist-packages/lava_common", R_OK))
		skip();
	assert_non_null(mkdtemp(dir));
	buf_addf(&a, "%s/kunit.yaml", dir);
	buf_addf(&b, "%s/plain.yaml", dir);
	y = lava_job_yaml(&job);
	assert_int_equal(write_file_atomic(a.ptr, y, strlen(y), 0644), 0);
	free(y);
	plain.append = "console=ttyS0 panic=-1 disclose_nonce=feedc0de";
	y = lava_job_yaml(&plain);
	assert_int_equal(write_file_atomic(b.ptr, y, strlen(y), 0644), 0);
	free(y);
	assert_int_equal(run_wait(&r, (const char *const[]){ "/usr/bin/python3", "-c",
			 check, a.ptr, b.ptr, NULL }, NULL), 0);
	assert_int_equal(r.status, 0);
	unlink(a.ptr);
	unlink(b.ptr);
	rmdir(dir);
	buf_release(&a);
	buf_release(&b);
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
		cmocka_unit_test(test_job_lava_reads),
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
