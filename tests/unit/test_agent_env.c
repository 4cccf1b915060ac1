/* Detecting an AI agent: environment markers, committer, process tree. */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent_env.h"
#include "util.h"

struct env_case {
	const char *env[4];
	const char *agent;	/* NULL: no agent */
};

static const struct env_case env_cases[] = {
	{ { "CLAUDECODE=1" }, "Claude" },
	{ { "CLAUDE_CODE_ENTRYPOINT=cli" }, "Claude" },
	{ { "CLAUDE_CODE_CHILD_SESSION=1" }, "Claude" },
	{ { "CLAUDECODE=0" }, NULL },
	{ { "CLAUDECODE=" }, NULL },
	{ { "CODEX_SANDBOX=seatbelt" }, "Codex" },
	{ { "CODEX_THREAD_ID=019a" }, "Codex" },
	{ { "CURSOR_AGENT=1" }, "Cursor" },
	{ { "GEMINI_CLI=1" }, "Gemini" },
	{ { "COPILOT_AGENT_ACTION=fix-pr-comment" }, "Copilot" },
	/* the IDE's terminal is a human's as long as no agent marks it */
	{ { "CURSOR_TRACE_ID=abc", "TERM_PROGRAM=vscode" }, NULL },
	{ { "PATH=/usr/bin", "HOME=/home/jane" }, NULL },
	/* the override: a human inside an agent's terminal, or an agent
	 * without markers of its own */
	{ { "CLAUDECODE=1", "GIT_DISCLOSE_AGENT=none" }, NULL },
	{ { "GIT_DISCLOSE_AGENT=aider" }, "aider" },
};

/* An empty stand-in /proc: the walk finds nothing there. */
static char empty_proc[] = "/tmp/test_agent_env.empty.XXXXXX";

static void test_env(void **state)
{
	struct agent_markers *m;

	assert_int_equal(agent_markers_load(&m), 0);
	assert_true(agent_markers_count(m) >= 10);
	for (size_t i = 0; i < ARRAY_SIZE(env_cases); i++) {
		const struct env_case *c = &env_cases[i];
		struct agent_env_opts o = { (char *const *)c->env, empty_proc,
					    1, NULL };
		struct agent_hit h;
		bool found = agent_env_detect(&h, m, &o);

		if (found != !!c->agent ||
		    (found && strcmp(h.agent, c->agent))) {
			print_error("case %zu (%s): got %s, want %s\n", i,
				    c->env[0], found ? h.agent : "none",
				    c->agent ? c->agent : "none");
			fail();
		}
		if (found)
			assert_non_null(strstr(h.why, "is set"));
		agent_hit_release(&h);
	}
	agent_markers_free(m);
}

static void test_committer(void **state)
{
	const char *env[] = { NULL };
	struct agent_env_opts o = { (char *const *)env, empty_proc, 1,
				    "OpenHands@All-Hands.dev" };
	struct agent_markers *m;
	struct agent_hit h;

	assert_int_equal(agent_markers_load(&m), 0);
	assert_true(agent_env_detect(&h, m, &o));
	assert_string_equal(h.agent, "OpenHands");
	agent_hit_release(&h);
	o.committer_email = "jane@example.org";
	assert_false(agent_env_detect(&h, m, &o));
	agent_markers_free(m);
}

static void write_text(const char *dir, long pid, const char *name,
		       const char *text, size_t len)
{
	struct buf p = BUF_INIT;
	FILE *f;

	buf_addf(&p, "%s/%ld", dir, pid);
	mkdir(p.ptr, 0755);
	buf_addf(&p, "/%s", name);
	f = fopen(p.ptr, "w");
	assert_non_null(f);
	fwrite(text, 1, len, f);
	fclose(f);
	buf_release(&p);
}

static void add_proc(const char *dir, long pid, const char *comm, long ppid)
{
	struct buf s = BUF_INIT;

	buf_addf(&s, "%ld (%s) S %ld 1 1 0 -1 4194304\n", pid, comm, ppid);
	write_text(dir, pid, "stat", s.ptr, s.len);
	buf_release(&s);
}

/* A stand-in /proc: git-disclose <- sh <- git <- agent <- bash <- init. */
static void test_process_tree(void **state)
{
	char dir[] = "/tmp/test_agent_env.XXXXXX";
	const char *env[] = { "PATH=/usr/bin", NULL };
	struct agent_env_opts o = { (char *const *)env, dir, 500, NULL };
	struct agent_markers *m;
	struct agent_hit h;
	struct buf cmd = BUF_INIT;
	char *line;

	assert_non_null(mkdtemp(dir));
	assert_int_equal(agent_markers_load(&m), 0);
	add_proc(dir, 1, "systemd", 0);
	add_proc(dir, 100, "bash", 1);
	add_proc(dir, 200, "claude", 100);
	add_proc(dir, 300, "git", 200);
	add_proc(dir, 400, "sh", 300);
	add_proc(dir, 500, "git-disclose", 400);
	write_text(dir, 300, "cmdline", "git\0commit\0--amend\0", 20);

	assert_true(agent_env_detect(&h, m, &o));
	assert_string_equal(h.agent, "Claude");
	assert_non_null(strstr(h.why, "'claude' (pid 200)"));
	agent_hit_release(&h);

	line = agent_env_ancestor_cmdline(dir, 500, "git");
	assert_non_null(line);
	assert_string_equal(line, "git commit --amend  ");
	free(line);
	assert_null(agent_env_ancestor_cmdline(dir, 500, "make"));

	/* a process name with spaces and parentheses; a longer name is
	 * cut to 15 bytes by the kernel and still matched */
	add_proc(dir, 200, "my (odd) tool", 100);
	assert_false(agent_env_detect(&h, m, &o));
	add_proc(dir, 200, "cursor-agent", 100);
	assert_true(agent_env_detect(&h, m, &o));
	assert_string_equal(h.agent, "Cursor");
	agent_hit_release(&h);
	add_proc(dir, 200, "claudette", 100);
	assert_false(agent_env_detect(&h, m, &o));
	/* a broken chain ends the walk */
	add_proc(dir, 400, "sh", 999);
	add_proc(dir, 200, "aider", 100);
	assert_false(agent_env_detect(&h, m, &o));

	agent_markers_free(m);
	buf_addf(&cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd.ptr), 0);
	buf_release(&cmd);
}

/* This process's own ancestors are real: the walk reads them. */
static void test_real_proc(void **state)
{
	char comm[64] = "";
	FILE *f = fopen("/proc/self/comm", "r");
	char *line;

	/* our own name as the kernel has it (under valgrind: memcheck's) */
	assert_non_null(f);
	assert_non_null(fgets(comm, sizeof(comm), f));
	fclose(f);
	comm[strcspn(comm, "\n")] = '\0';
	line = agent_env_ancestor_cmdline(NULL, 0, comm);
	assert_non_null(line);
	assert_non_null(strstr(line, "test_agent_env"));
	free(line);
}

static void test_parse_errors(void **state)
{
	static const char *const bad[] = {
		"{\"agent_markers\": [{\"agent\": \"X\", \"source\": \"s\"}]}",
		"{\"agent_markers\": [{\"env\": \"X\", \"source\": \"s\"}]}",
		"{\"agent_markers\": [{\"agent\": \"X\", \"env\": \"Y\"}]}",
		"{\"agent_markers\": {}}",
	};
	struct agent_markers *m;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		assert_int_equal(agent_markers_parse(&m, bad[i],
						     strlen(bad[i]), "t.json"),
				 -1);
		assert_null(m);
		assert_non_null(strstr(error_last(), "t.json"));
		error_clear();
	}
	assert_int_equal(agent_markers_parse(&m, "{}", 2, "t.json"), 0);
	assert_int_equal(agent_markers_count(m), 0);
	agent_markers_free(m);
}

static int setup(void **state)
{
	return mkdtemp(empty_proc) ? 0 : -1;
}

static int teardown(void **state)
{
	return rmdir(empty_proc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_env),
		cmocka_unit_test(test_committer),
		cmocka_unit_test(test_process_tree),
		cmocka_unit_test(test_real_proc),
		cmocka_unit_test(test_parse_errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
