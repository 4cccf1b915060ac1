// SPDX-License-Identifier: GPL-2.0
/*
 * The boot verdict: made from the console fixtures of fixtures/console/
 * (what a boot's classification becomes in the verdict, its JSON, and
 * that JSON read back unchanged), failure verdicts, and the record in
 * <gitdir>/disclose/boot.json.
 */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "boot_util.h"
#include "boot_verdict.h"
#include "console.h"
#include "util.h"

#define NONCE "0123456789abcdef"
#define RELEASE "6.1.192+"

/* A verdict saved for one tip is found for it and not for another. */
static void test_last_verdict(void **state)
{
	char dir[] = "/tmp/test_boot_verdict.XXXXXX";
	struct boot_verdict v = { 0 }, *got;
	struct buf json = BUF_INIT, path = BUF_INIT;
	char *enabled[] = { "FOO", NULL };
	struct stat st;

	assert_non_null(mkdtemp(dir));
	v.tip = "0123456789012345678901234567890123456789";
	v.status = "panic";
	v.summary = "kernel panic";
	v.accel = "tcg";
	v.build_s = 12.5;
	v.enabled = enabled;
	v.nr_enabled = 1;
	boot_verdict_json(&json, &v);
	buf_addf(&path, "%s/disclose", dir);
	assert_int_equal(mkdir(path.ptr, 0700), 0);
	buf_adds(&path, "/boot.json");
	assert_int_equal(write_file_atomic(path.ptr, json.ptr, json.len,
					   0600), 0);
	assert_int_equal(boot_last_verdict(&got, dir, v.tip), 0);
	assert_non_null(got);
	assert_string_equal(got->status, "panic");
	assert_false(got->pass);
	assert_true(got->build_s == 12.5);
	assert_int_equal(got->nr_enabled, 1);
	assert_string_equal(got->enabled[0], "FOO");
	boot_verdict_free(got);
	assert_int_equal(boot_last_verdict(&got, dir, "ffff"), 0);
	assert_null(got);
	assert_int_equal(stat(path.ptr, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	unlink(path.ptr);
	path.len -= strlen("/boot.json");
	path.ptr[path.len] = '\0';
	rmdir(path.ptr);
	rmdir(dir);
	buf_release(&json);
	buf_release(&path);
}

struct fixture_case {
	const char *file;
	bool ended;
	const char *status, *summary;
	bool pass;
	const char *detail;	/* a part of the detail, or NULL: none */
	const char *suites;	/* "name:ok:passed:failed:skipped ..." */
};

static const struct fixture_case fixture_cases[] = {
	{ "pass.log", true, "pass", "booted to userspace", true, NULL, "" },
	{ "panic.log", true, "panic", "kernel panic", false,
	  "deliberate panic", "" },
	{ "oops.log", true, "oops", "kernel oops", false, "Oops: 0002", "" },
	{ "warning.log", true, "warning", "kernel WARNING", false,
	  "at init/main.c:1490", "" },
	{ "hang.log", false, "hang", "hang (no end before the timeout)", false,
	  NULL, "" },
	{ "no-marker.log", true, "no-marker",
	  "QEMU ended before init printed the marker", false, NULL, "" },
	{ "wrong-release.log", true, "wrong-release",
	  "a different kernel release booted", false, "6.1.0-13-amd64", "" },
	{ "wrong-nonce.log", true, "wrong-nonce",
	  "the marker is from another run", false, "fedcba9876543210", "" },
	{ "ktap-pass.log", true, "pass", "booted to userspace", true, NULL,
	  "example:1:1:0:2 list-kunit-test:1:2:0:0 " },
	/* What decided it: the failed expectation, not the marker. */
	{ "ktap-fail.log", true, "ktap-failed", "KUnit tests failed", false,
	  "# list_test_list_add: EXPECTATION FAILED at lib/list-test.c:56",
	  "example:1:1:0:2 list-kunit-test:0:1:1:0 " },
	{ "ktap-kunit-list.log", true, "pass", "booted to userspace", true,
	  NULL, "list-kunit-test:1:39:0:0 hlist:1:18:0:0 " },
};

static char *fixture_text(struct buf *text, const char *name)
{
	const char *top = getenv("TOP");
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/fixtures/console/%s", top ? top : ".", name);
	assert_int_equal(read_file(text, p.ptr), 0);
	return buf_detach(&p, NULL);
}

static struct boot_verdict *verdict_of(const struct fixture_case *c)
{
	struct console_expect want = { NONCE, RELEASE, c->ended };
	struct boot_verdict *v = xcalloc(1, sizeof(*v));
	struct console_verdict *cv;
	struct buf text = BUF_INIT;
	char *path = fixture_text(&text, c->file);

	assert_int_equal(console_classify(&cv, text.ptr, text.len, &want), 0);
	v->tip = xstrdup("0123456789012345678901234567890123456789");
	v->release = xstrdup(RELEASE);
	v->accel = xstrdup("tcg");
	v->console_log = path;
	boot_verdict_take_console(v, cv);
	console_verdict_free(cv);
	buf_release(&text);
	return v;
}

static void check_fixture(const struct fixture_case *c,
			  const struct boot_verdict *v)
{
	struct buf suites = BUF_INIT;

	if (strcmp(v->status, c->status) || strcmp(v->summary, c->summary) ||
	    v->pass != c->pass)
		fail_msg("%s: got %s '%s' %d", c->file, v->status, v->summary,
			 v->pass);
	if (c->detail) {
		assert_non_null(v->detail);
		if (!strstr(v->detail, c->detail))
			fail_msg("%s: detail '%s' lacks '%s'", c->file,
				 v->detail, c->detail);
	} else {
		assert_null(v->detail);
	}
	for (size_t i = 0; i < v->nr_suites; i++) {
		const struct boot_suite *s = &v->suites[i];

		buf_addf(&suites, "%s:%d:%d:%d:%d ", s->name, s->ok,
			 s->passed, s->failed, s->skipped);
	}
	if (strcmp(buf_cstr(&suites), c->suites))
		fail_msg("%s: suites '%s', want '%s'", c->file,
			 buf_cstr(&suites), c->suites);
	buf_release(&suites);
}

/*
 * A KUnit failure is told by its own lines: the failed assertion, the
 * values it compared, the case's and the suite's "not ok"; never the
 * success marker that follows them (it used to be the only line quoted).
 */
static void test_ktap_failure_detail(void **state)
{
	static const char console[] =
		"[    0.912345] KTAP version 1\n"
		"[    0.912346] 1..1\n"
		"[    0.912347]     KTAP version 1\n"
		"[    0.912348]     # Subtest: list_sort\n"
		"[    0.912349]     1..1\n"
		"[    0.931002]     # list_sort_test: ASSERTION FAILED at lib/test_list_sort.c:97\n"
		"[    0.931003]     Expected cmp(priv, &el1->list, &el->list) <= 0, but\n"
		"[    0.931004]         cmp(priv, &el1->list, &el->list) == 1\n"
		"[    0.931005]     not ok 1 list_sort_test\n"
		"[    0.931010] # list_sort: pass:0 fail:1 skip:0 total:1\n"
		"[    0.931011] # Totals: pass:0 fail:1 skip:0 total:1\n"
		"[    0.931012] not ok 1 list_sort\n"
		"[    0.950000] Run /init as init process\n"
		"DISCLOSE-BOOT-OK nonce=" NONCE " release=" RELEASE "\n"
		"reboot: Restarting system\n";
	static const char want[] =
		"    # list_sort_test: ASSERTION FAILED at lib/test_list_sort.c:97\n"
		"    Expected cmp(priv, &el1->list, &el->list) <= 0, but\n"
		"        cmp(priv, &el1->list, &el->list) == 1\n"
		"    not ok 1 list_sort_test\n"
		"not ok 1 list_sort";
	struct console_expect expect = { NONCE, RELEASE, true };
	struct boot_verdict *v = boot_verdict_new();
	struct console_verdict *cv;

	(void)state;
	assert_int_equal(console_classify(&cv, console, strlen(console),
					  &expect), 0);
	assert_int_equal(cv->line, 6);
	boot_verdict_take_console(v, cv);
	console_verdict_free(cv);
	assert_string_equal(v->status, "ktap-failed");
	assert_non_null(v->detail);
	assert_string_equal(v->detail, want);
	assert_null(strstr(v->detail, CONSOLE_MARKER));
	boot_verdict_free(v);
}

/* A matrix cell's verdict: arch, a KUnit suite, W=1 checked. */
static struct boot_verdict *cell_of(const char *arch, bool suite_ok,
				    const char *unchecked)
{
	struct boot_verdict *v = boot_verdict_new();
	struct kwarn w = { "lib/cmdline.c", 12, NULL,
			   "no previous prototype [-Wmissing-prototypes]",
			   "" };

	v->arch = xstrdup(arch);
	v->config = xstrdup("tiny");
	v->tip = xstrdup("0123456789012345678901234567890123456789");
	v->release = xstrdup(RELEASE);
	v->status = xstrdup(suite_ok ? "pass" : "ktap-failed");
	v->summary = xstrdup(suite_ok ? "booted to userspace" :
			     "KUnit tests failed");
	v->pass = suite_ok;
	v->build_s = 10;
	v->warnings_s = 3;
	v->warnings_checked = true;
	kwarn_push(&v->new_warnings, &v->nr_new_warnings, &w);
	boot_strv_push(&v->unchecked, &v->nr_unchecked, xstrdup(unchecked));
	boot_strv_push(&v->w1_checked, &v->nr_w1_checked,
		       xstrdup("lib/cmdline.c"));
	boot_strv_push(&v->kunit, &v->nr_kunit, xstrdup("cmdline"));
	v->suites = xcalloc(1, sizeof(*v->suites));
	v->suites[0] = (struct boot_suite){ xstrdup("cmdline"), suite_ok,
					    suite_ok ? 5 : 4, !suite_ok, 0 };
	v->nr_suites = 1;
	return v;
}

/*
 * The matrix's verdict says what its cells did: the KUnit suites they
 * ran (it said none, so the terminal printed 'not run'), that W=1 was
 * checked (it said not) with each new warning once, and the checkout
 * (done once, before the cells; it said 0 s).
 */
static void test_aggregate(void **state)
{
	struct boot_verdict *cells[2], *top = boot_verdict_new();
	struct buf json = BUF_INIT;

	(void)state;
	cells[0] = cell_of("x86_64", true, "a.c");
	cells[0]->checkout_s = 1.16;
	cells[1] = cell_of("i386", true, "b.c");
	boot_verdict_aggregate(top, cells, 2, 7.5);
	assert_true(top->pass);
	assert_string_equal(top->summary, "2 cells pass: x86_64/tiny i386/tiny");
	assert_true(top->checkout_s == 1.16);
	assert_true(top->build_s == 20 && top->warnings_s == 6);
	assert_true(top->boot_s == 7.5);
	assert_int_equal(top->nr_suites, 1);
	assert_string_equal(top->suites[0].name, "cmdline");
	assert_true(top->suites[0].ok);
	assert_int_equal(top->suites[0].passed, 10);
	assert_true(top->warnings_checked);
	assert_int_equal(top->nr_new_warnings, 1);
	assert_int_equal(top->nr_unchecked, 2);
	assert_int_equal(top->nr_w1_checked, 1);
	assert_int_equal(top->nr_cells, 2);
	assert_int_equal(boot_verdict_json(&json, top), 0);
	assert_non_null(strstr(json.ptr, "\"warnings_checked_files\":"
			       "[\"lib/cmdline.c\"]"));
	assert_non_null(strstr(json.ptr, "\"warnings_checked\":true"));
	assert_null(strstr(json.ptr, "\"suites\":[]"));
	boot_verdict_free(top);
	buf_release(&json);

	/* a suite that failed in one cell is not ok in the sum */
	top = boot_verdict_new();
	cells[0] = cell_of("x86_64", true, "a.c");
	cells[1] = cell_of("i386", false, "a.c");
	boot_verdict_aggregate(top, cells, 2, 1);
	assert_false(top->pass);
	assert_string_equal(top->status, "ktap-failed");
	assert_string_equal(top->summary, "i386/tiny: KUnit tests failed");
	assert_false(top->suites[0].ok);
	assert_int_equal(top->suites[0].failed, 1);
	assert_int_equal(top->nr_unchecked, 1);
	boot_verdict_free(top);
}

/* Each fixture's verdict, and the same verdict after a JSON round trip. */
static void test_fixture_verdicts(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(fixture_cases); i++) {
		const struct fixture_case *c = &fixture_cases[i];
		struct boot_verdict *v = verdict_of(c), *back;
		struct buf json = BUF_INIT, again = BUF_INIT;

		check_fixture(c, v);
		assert_int_equal(boot_verdict_json(&json, v), 0);
		assert_int_equal(boot_verdict_parse(&back, json.ptr, json.len,
						    c->file), 0);
		check_fixture(c, back);
		assert_string_equal(back->console_log, v->console_log);
		assert_string_equal(back->release, RELEASE);
		assert_int_equal(boot_verdict_json(&again, back), 0);
		assert_string_equal(again.ptr, json.ptr);
		boot_verdict_free(v);
		boot_verdict_free(back);
		buf_release(&json);
		buf_release(&again);
	}
}

/* A failure replaces what was there and is never a pass. */
static void test_fail(void **state)
{
	struct boot_verdict *v = xcalloc(1, sizeof(*v));
	struct buf json = BUF_INIT;

	v->pass = true;
	v->status = xstrdup("pass");
	boot_verdict_fail(v, "build-failed", "the kernel does not build",
			  xstrdup("init/main.c:1: error: x"));
	assert_false(v->pass);
	assert_string_equal(v->status, "build-failed");
	assert_string_equal(v->summary, "the kernel does not build");
	assert_string_equal(v->detail, "init/main.c:1: error: x");
	boot_verdict_fail(v, "series-failed", "no", NULL);
	assert_null(v->detail);
	boot_verdict_json(&json, v);
	assert_non_null(strstr(json.ptr, "\"status\":\"series-failed\""));
	assert_non_null(strstr(json.ptr, "\"detail\":null"));
	assert_non_null(strstr(json.ptr, "\"pass\":false"));
	boot_verdict_free(v);
	buf_release(&json);
}

/* Times go out to the millisecond; arrays and nulls come back as such. */
static void test_json_fields(void **state)
{
	char *enabled[] = { "FOO", "BAR", NULL }, *missing[] = { "BAR", NULL };
	struct boot_verdict v = { 0 }, *back;
	struct buf json = BUF_INIT;

	v.tip = "abc";
	v.status = "config-failed";
	v.configure_s = 1.23456;
	v.build_s = 0.0004;
	v.configured = true;
	v.kvm_failed = true;
	v.enabled = enabled;
	v.nr_enabled = 2;
	v.missing = missing;
	v.nr_missing = 1;
	v.finished = 1700000000;
	boot_verdict_json(&json, &v);
	assert_non_null(strstr(json.ptr, "\"configure\":1.235"));
	assert_non_null(strstr(json.ptr, "\"build\":0,"));
	assert_non_null(strstr(json.ptr, "\"enabled\":[\"FOO\",\"BAR\"]"));
	assert_non_null(strstr(json.ptr, "\"not_enabled\":[\"BAR\"]"));
	assert_non_null(strstr(json.ptr, "\"error_file\":null"));
	assert_int_equal(json.ptr[json.len - 1], '\n');
	assert_int_equal(boot_verdict_parse(&back, json.ptr, json.len, "t"), 0);
	assert_true(back->configured);
	assert_true(back->kvm_failed);
	assert_null(back->error_file);
	assert_null(back->build_log);
	assert_int_equal(back->nr_enabled, 2);
	assert_string_equal(back->enabled[1], "BAR");
	assert_int_equal(back->nr_missing, 1);
	assert_int_equal(back->finished, 1700000000);
	assert_int_equal(back->nr_suites, 0);
	boot_verdict_free(back);
	assert_int_equal(boot_verdict_parse(&back, "{\"tip\":", 7, "bad.json"),
			 -1);
	assert_null(back);
	assert_non_null(strstr(error_last(), "bad.json"));
	error_clear();
	buf_release(&json);
}

/*
 * A --each run's commits and the warnings the series adds go out and
 * come back; an old verdict without them has no failed commit.
 */
static void test_json_commits_warnings(void **state)
{
	struct boot_commit commits[] = {
		{ "c1", "init: one", "built", 40.5, 0, NULL, NULL, NULL },
		{ "c2", "init: two", "build-failed", 12, 0,
		  "init/main.c:3:1: error: x", "init/main.c", "/l/build-2.log" },
	};
	struct kwarn w = { "init/main.c", 944, "'start_kernel'",
			   "unused variable 'd' [-Wunused-variable]",
			   "int d;" };
	struct boot_verdict *v = boot_verdict_new(), *back;
	struct buf json = BUF_INIT;

	v->tip = xstrdup("c2");
	v->status = xstrdup("build-failed");
	boot_verdict_add_commit(v, &commits[0]);
	boot_verdict_add_commit(v, &commits[1]);
	v->failed_commit = 1;
	v->warnings_checked = true;
	v->base_warnings = 4;
	v->tip_warnings = 5;
	kwarn_push(&v->new_warnings, &v->nr_new_warnings, &w);
	boot_strv_push(&v->series, &v->nr_series, xstrdup("c1"));
	boot_strv_push(&v->series, &v->nr_series, xstrdup("c2"));
	boot_verdict_json(&json, v);
	assert_non_null(strstr(json.ptr, "\"new_warnings\":[{\"file\":"
			       "\"init/main.c\",\"line\":944,"));
	assert_non_null(strstr(json.ptr, "\"failed_commit\":1"));
	assert_int_equal(boot_verdict_parse(&back, json.ptr, json.len, "t"), 0);
	assert_int_equal(back->nr_commits, 2);
	assert_string_equal(back->commits[1].subject, "init: two");
	assert_string_equal(back->commits[1].error_file, "init/main.c");
	assert_string_equal(back->commits[1].build_log, "/l/build-2.log");
	assert_null(back->commits[0].detail);
	assert_true(back->commits[0].build_s > 40.4);
	assert_int_equal(back->failed_commit, 1);
	/* the commits of the range booted, for cover */
	assert_int_equal(back->nr_series, 2);
	assert_string_equal(back->series[1], "c2");
	assert_true(back->warnings_checked);
	assert_int_equal(back->base_warnings, 4);
	assert_int_equal(back->tip_warnings, 5);
	assert_false(back->warnings_accepted);
	assert_int_equal(back->nr_new_warnings, 1);
	assert_string_equal(back->new_warnings[0].text, "int d;");
	assert_string_equal(back->new_warnings[0].function, "'start_kernel'");
	boot_verdict_free(back);
	assert_int_equal(boot_verdict_parse(&back, "{\"tip\":\"a\"}", 11,
					    "t"), 0);
	assert_int_equal(back->failed_commit, -1);
	assert_int_equal(back->nr_commits, 0);
	boot_verdict_free(back);
	boot_verdict_free(v);
	buf_release(&json);
}

/*
 * A boot through lava-run: the runner, lava-run's record and the KUnit
 * suites asked for go out and come back; a direct boot has no record.
 */
static void test_json_lava_kunit(void **state)
{
	struct boot_verdict *v = boot_verdict_new(), *back;
	struct boot_lava *l = boot_verdict_new_lava(v);
	struct buf json = BUF_INIT;

	v->tip = xstrdup("c1");
	v->status = xstrdup("panic");
	v->runner = xstrdup("lava");
	boot_strv_push(&v->kunit, &v->nr_kunit, xstrdup("list_sort"));
	l->job = xstrdup("/x/job.yaml");
	l->log = xstrdup("/x/lava.log");
	l->result = xstrdup("fail");
	l->error = xstrdup("Connection closed");
	boot_lava_add_case(l, "kernel_panic", "fail");
	boot_lava_add_case(l, "call_trace", "fail");
	boot_verdict_json(&json, v);
	assert_non_null(strstr(json.ptr, "\"runner\":\"lava\""));
	assert_non_null(strstr(json.ptr, "\"kunit_suites\":[\"list_sort\"]"));
	assert_non_null(strstr(json.ptr, "\"cases\":[{\"case\":"
			       "\"kernel_panic\",\"result\":\"fail\"}"));
	assert_int_equal(boot_verdict_parse(&back, json.ptr, json.len, "t"), 0);
	assert_string_equal(back->runner, "lava");
	assert_int_equal(back->nr_kunit, 1);
	assert_string_equal(back->kunit[0], "list_sort");
	assert_non_null(back->lava);
	assert_string_equal(back->lava->job, "/x/job.yaml");
	assert_null(back->lava->device);
	assert_string_equal(back->lava->result, "fail");
	assert_string_equal(back->lava->error, "Connection closed");
	assert_int_equal(back->lava->nr_cases, 2);
	assert_string_equal(back->lava->cases[1], "call_trace");
	assert_string_equal(back->lava->results[1], "fail");
	boot_verdict_free(back);
	boot_verdict_free(v);
	buf_reset(&json);
	v = boot_verdict_new();
	v->runner = xstrdup("qemu");
	boot_verdict_json(&json, v);
	assert_non_null(strstr(json.ptr, "\"lava\":null"));
	assert_int_equal(boot_verdict_parse(&back, json.ptr, json.len, "t"), 0);
	assert_null(back->lava);
	assert_int_equal(back->nr_kunit, 0);
	boot_verdict_free(back);
	boot_verdict_free(v);
	buf_release(&json);
}

/* Saved with the time, mode 0600; no file is no verdict; a bad one errs. */
static void test_save(void **state)
{
	char dir[] = "/tmp/test_boot_verdict.XXXXXX";
	const struct fixture_case *c = &fixture_cases[1];
	struct boot_verdict *v, *got;
	struct buf path = BUF_INIT;
	struct stat st;
	long long before = (long long)time(NULL);

	assert_non_null(mkdtemp(dir));
	assert_int_equal(boot_last_verdict(&got, dir, "0123"), 0);
	assert_null(got);
	buf_addf(&path, "%s/disclose", dir);
	assert_int_equal(mkdir(path.ptr, 0700), 0);
	v = verdict_of(c);
	assert_int_equal(boot_verdict_save(v, dir), 0);
	assert_true(v->finished >= before);
	assert_int_equal(boot_last_verdict(&got, dir, v->tip), 0);
	assert_non_null(got);
	check_fixture(c, got);
	assert_int_equal(got->finished, v->finished);
	boot_verdict_free(got);
	buf_adds(&path, "/boot.json");
	assert_int_equal(stat(path.ptr, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(write_file_atomic(path.ptr, "[1]", 3, 0600), 0);
	assert_true(boot_last_verdict(&got, dir, v->tip) < 0);
	assert_null(got);
	assert_non_null(strstr(error_last(), "boot.json"));
	error_clear();
	unlink(path.ptr);
	path.len -= strlen("/boot.json");
	path.ptr[path.len] = '\0';
	rmdir(path.ptr);
	rmdir(dir);
	boot_verdict_free(v);
	buf_release(&path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_last_verdict),
		cmocka_unit_test(test_fixture_verdicts),
		cmocka_unit_test(test_ktap_failure_detail),
		cmocka_unit_test(test_aggregate),
		cmocka_unit_test(test_fail),
		cmocka_unit_test(test_json_fields),
		cmocka_unit_test(test_json_commits_warnings),
		cmocka_unit_test(test_json_lava_kunit),
		cmocka_unit_test(test_save),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
