/* The report's aggregation: per-commit facts, rows, order, outputs. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "unit.h"

#include <cjson/cJSON.h>

#include "catalogue.h"
#include "history.h"
#include "util.h"

static struct catalogue *cat;

#define H "sub: change\n\nBody.\n\n"
#define SOB "Signed-off-by: Jane Dev <jane@example.org>\n"
/* 2026-01-15 and 2026-02-15, 12:00 UTC */
#define JAN 1768478400LL
#define FEB 1771156800LL

struct fact_case {
	const char *name;
	const char *msg;
	size_t ai, disclosed, undisclosed, signoffs;
	const char *agent;	/* the one agent row, NULL: none */
	const char *model;	/* the one model row, NULL: none */
	const char *family;
	size_t nr_tools;
};

static const struct fact_case fact_cases[] = {
	{ "no AI", H SOB, 0, 0, 0, 0 },
	{ "disclosed", H "Assisted-by: Claude:claude-opus-4-5 coccinelle\n" SOB,
	  1, 1, 0, 0, "Claude", "claude-opus-4-5", "claude-opus", 1 },
	{ "agent alias is canonical", H "Assisted-by: claude-code:claude-opus-4-5\n" SOB,
	  1, 1, 0, 0, "Claude", "claude-opus-4-5", "claude-opus" },
	{ "two lines of one agent count once",
	  H "Assisted-by: Claude:claude-opus-4-5\nAssisted-by: Claude:claude-opus-4-5 sparse\n" SOB,
	  1, 1, 0, 0, "Claude", "claude-opus-4-5", "claude-opus", 1 },
	{ "vendor trailer only", H "Co-Authored-By: Claude <noreply@anthropic.com>\n" SOB,
	  1, 0, 1, 0, "Claude" },
	{ "vendor trailer and a disclosure",
	  H "Co-Authored-By: Claude <noreply@anthropic.com>\nAssisted-by: Claude:claude-opus-4-5\n" SOB,
	  1, 1, 0, 0, "Claude", "claude-opus-4-5", "claude-opus" },
	{ "AI sign-off", H SOB "Signed-off-by: Claude <noreply@anthropic.com>\n",
	  1, 0, 1, 1, "Claude" },
	{ "malformed disclosure", H "Assisted-by: frobnicator\n" SOB,
	  1, 1, 0, 0, "(malformed)" },
	{ "kernel-llm form", H "Assisted-by: LLM sparse\n" SOB,
	  1, 1, 0, 0, "LLM", NULL, NULL, 1 },
	{ "a person named Claude", H "Signed-off-by: Claude Dupont <claude@dupont.fr>\n",
	  0, 0, 0, 0 },
};

static void add(struct history *r, const char *msg, long long when)
{
	struct history_commit c = { .message = msg, .message_len = strlen(msg),
				   .time = when, .nr_parents = 1 };

	history_add(r, &c);
}

static void check_one_row(const struct history_table *t, const char *key)
{
	if (!key) {
		assert_int_equal(t->nr, 0);
		return;
	}
	assert_int_equal(t->nr, 1);
	assert_string_equal(t->rows[0].key, key);
	assert_int_equal(t->rows[0].commits, 1);
}

static void test_facts(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(fact_cases); i++) {
		const struct fact_case *c = &fact_cases[i];
		struct history r;

		print_message("case: %s\n", c->name);
		history_init(&r, BY_MONTH, FORM_AGENT_MODEL, cat);
		add(&r, c->msg, JAN);
		assert_int_equal(r.total.commits, 1);
		assert_int_equal(r.total.ai, c->ai);
		assert_int_equal(r.total.disclosed, c->disclosed);
		assert_int_equal(r.total.undisclosed, c->undisclosed);
		assert_int_equal(r.total.signoffs, c->signoffs);
		check_one_row(&r.agents, c->agent);
		check_one_row(&r.models, c->model);
		check_one_row(&r.families, c->family);
		assert_int_equal(r.tools.nr, c->nr_tools);
		history_release(&r);
	}
}

static void test_family(void **state)
{
	static const char *const cases[][2] = {
		{ "claude-opus-4-5", "claude-opus" },
		{ "claude-3-opus", "claude-opus" },
		{ "gpt-5.5", "gpt" },
		{ "gpt-4o", "gpt" },
		{ "gemini-2.5-pro", "gemini-pro" },
		{ "o3", "o3" },
		{ "4", "4" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *f = history_model_family(cases[i][0]);

		assert_string_equal(f, cases[i][1]);
		free(f);
	}
}

static void test_by_name(void **state)
{
	enum history_by by;

	assert_int_equal(history_by_from_name(&by, "subsystem"), 0);
	assert_int_equal(by, BY_SUBSYSTEM);
	assert_string_equal(history_by_name(by), "subsystem");
	assert_int_equal(history_by_from_name(&by, "Month"), -1);
	assert_non_null(strstr(error_last(), "give month, tag, agent"));
	error_clear();
}

static void test_months(void **state)
{
	struct history r;

	history_init(&r, BY_MONTH, FORM_AGENT_MODEL, cat);
	/* newest first, as the walk gives them */
	add(&r, H "Assisted-by: Claude:claude-opus-4-5\n" SOB, FEB);
	add(&r, H SOB, FEB);
	add(&r, H "Made-with: Cursor\n" SOB, JAN);
	assert_int_equal(r.groups.nr, 2);
	assert_string_equal(r.groups.rows[0].key, "2026-02");
	assert_int_equal(r.groups.rows[0].commits, 2);
	assert_int_equal(r.groups.rows[0].disclosed, 1);
	assert_string_equal(r.groups.rows[1].key, "2026-01");
	assert_int_equal(r.groups.rows[1].undisclosed, 1);
	assert_int_equal(r.first, JAN);
	assert_int_equal(r.last, FEB);
	history_release(&r);
}

/* Several keys per commit (tools, subsystems), none counts as "(none)". */
static void test_multi_keys(void **state)
{
	struct history r;
	char *subs[] = { "fs", "net" };
	const char *msg = H "Assisted-by: Claude:claude-opus-4-5\n" SOB;
	struct history_commit c = { .message = msg, .message_len = strlen(msg),
				   .time = JAN, .subsystems = subs,
				   .nr_subsystems = 2 };

	history_init(&r, BY_SUBSYSTEM, FORM_AGENT_MODEL, cat);
	history_add(&r, &c);
	c.nr_subsystems = 0;
	history_add(&r, &c);
	assert_int_equal(r.groups.nr, 3);
	assert_string_equal(r.groups.rows[0].key, "fs");
	assert_string_equal(r.groups.rows[1].key, "net");
	assert_string_equal(r.groups.rows[2].key, "(none)");
	assert_int_equal(r.groups.rows[1].ai, 1);
	assert_int_equal(r.total.commits, 2);
	history_release(&r);

	history_init(&r, BY_TOOL, FORM_AGENT_MODEL, cat);
	add(&r, H "Assisted-by: Claude:claude-opus-4-5 sparse smatch\n" SOB, JAN);
	add(&r, H "Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB, JAN);
	add(&r, H SOB, JAN);
	assert_int_equal(r.groups.nr, 3);
	assert_string_equal(r.groups.rows[0].key, "sparse");
	assert_int_equal(r.groups.rows[0].commits, 2);
	assert_string_equal(r.groups.rows[2].key, "(none)");
	history_release(&r);
}

/* JSON: months in order, the other tables most commits first. */
static void test_json(void **state)
{
	struct history r;
	char *s;
	cJSON *j, *g, *a;

	history_init(&r, BY_MONTH, FORM_AGENT_MODEL, cat);
	add(&r, H "Assisted-by: Gemini:gemini-2.5-pro\n" SOB, FEB);
	add(&r, H "Assisted-by: Claude:claude-opus-4-5\n" SOB, JAN);
	add(&r, H "Assisted-by: Claude:claude-opus-4-5\n" SOB, JAN);
	add(&r, H SOB, JAN);
	s = history_json(&r);
	j = cJSON_Parse(s);
	assert_non_null(j);
	assert_int_equal(cJSON_GetObjectItem(j, "commits")->valueint, 4);
	assert_int_equal(cJSON_GetObjectItem(j, "ai")->valueint, 3);
	assert_true(cJSON_GetObjectItem(j, "share")->valuedouble == 75.0);
	g = cJSON_GetObjectItem(j, "groups");
	assert_string_equal(cJSON_GetArrayItem(g, 0)->child->valuestring,
			    "2026-01");
	assert_int_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(g, 0),
					     "ai")->valueint, 2);
	a = cJSON_GetObjectItem(j, "agents");
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(a, 0),
						"name")->valuestring, "Claude");
	cJSON_Delete(j);
	free(s);
	history_release(&r);
}

/* Text from commits cannot break the SVG or drive the terminal. */
static void test_hostile_keys(void **state)
{
	struct history r;
	struct buf b = BUF_INIT;

	history_init(&r, BY_AGENT, FORM_AGENT_MODEL, cat);
	add(&r, H "Assisted-by: <x>&\"\033[2J:m\n" SOB, JAN);
	history_svg(&b, &r);
	assert_non_null(strstr(b.ptr, "&lt;x&gt;&amp;&quot;\\x1b[2J"));
	assert_null(strchr(b.ptr, '\033'));
	buf_reset(&b);
	history_text(&b, &r);
	assert_null(strchr(b.ptr, '\033'));
	buf_reset(&b);
	history_html(&b, &r);
	assert_null(strstr(b.ptr, "<x>"));
	buf_release(&b);
	history_release(&r);
}

/* A MAINTAINERS file in the kernel's layout, its preamble included. */
static const char maintainers_text[] =
	"List of maintainers\n"
	"===================\n"
	"\n"
	"Descriptions of section entries and preferred order\n"
	"\tM: *Mail* patch to whom\n"
	"\tF: *Files* and directories wildcard patterns.\n"
	"\n"
	"NETWORKING DRIVERS\n"
	"M:\tNet Dev <net@example.org>\n"
	"F:\tdrivers/net/\n"
	"X:\tdrivers/net/wireless/\n"
	"\n"
	"INTEL ETHERNET DRIVERS\n"
	"F:\tdrivers/net/ethernet/intel/\n"
	"\n"
	"WIRELESS\n"
	"F:\tdrivers/net/wireless/\n"
	"\n"
	"FROB HEADERS\n"
	"F:\tinclude/linux/frob*.h\n"
	"\n"
	"EXT4 FILE SYSTEM\n"
	"F:\tfs/ext4\n"
	"\n"
	"DOCUMENTATION\n"
	"F:\tDocumentation/\n"
	"F:\tREADME\n"
	"\n"
	"SECOND DOCS\n"
	"F:\tDocumentation/\n"
	"\n"
	"THE REST\n"
	"M:\tLinus <torvalds@example.org>\n"
	"F:\t*\n"
	"F:\t*/\n";

static const struct {
	const char *path, *section;
} maintainers_cases[] = {
	/* the deepest pattern wins */
	{ "drivers/net/ethernet/intel/e1000/e1000_main.c",
	  "INTEL ETHERNET DRIVERS" },
	{ "drivers/net/loopback.c", "NETWORKING DRIVERS" },
	/* X: takes the path out of NETWORKING DRIVERS */
	{ "drivers/net/wireless/ath/main.c", "WIRELESS" },
	/* a glob without "/" at its end matches files of its directory */
	{ "include/linux/frob.h", "FROB HEADERS" },
	{ "include/linux/frob_bits.h", "FROB HEADERS" },
	{ "include/linux/frob/deep.h", "THE REST" },
	/* a directory named without its slash */
	{ "fs/ext4/inode.c", "EXT4 FILE SYSTEM" },
	{ "fs/ext4x.c", "THE REST" },
	/* a file, deeper than THE REST's "*" */
	{ "README", "DOCUMENTATION" },
	/* a tie: the first section in the file */
	{ "Documentation/process/coding-assistants.rst", "DOCUMENTATION" },
	{ "Makefile", "THE REST" },
	{ "kernel/sched/core.c", "THE REST" },
};

static void test_maintainers(void **state)
{
	struct sections *m;

	assert_int_equal(sections_parse(&m, maintainers_text,
					   strlen(maintainers_text)), 0);
	/* the preamble's indented tags are no patterns */
	assert_int_equal(sections_nr_patterns(m), 11);
	for (size_t i = 0; i < ARRAY_SIZE(maintainers_cases); i++) {
		const char *got = sections_find(m,
					maintainers_cases[i].path);

		print_message("case: %s\n", maintainers_cases[i].path);
		assert_non_null(got);
		assert_string_equal(got, maintainers_cases[i].section);
	}
	sections_free(m);
	/* without THE REST, a path no section covers has none */
	assert_int_equal(sections_parse(&m, "NET\nF:\tnet/\n", 12), 0);
	assert_null(sections_find(m, "fs/inode.c"));
	assert_string_equal(sections_find(m, "net/core/dev.c"), "NET");
	sections_free(m);
}

/* With pivots, each row keeps its AI commits' months and ids. */
static void test_pivots(void **state)
{
	struct history r;
	struct history_row *rows;
	size_t nr;
	char *subs[] = { "net" };
	static const char *const msgs[] = {
		H "Assisted-by: Claude:claude-opus-4-5\n" SOB,
		H "Assisted-by: Codex:gpt-5.5 sparse\n" SOB,
		H SOB,
		H "Co-Authored-By: Claude <noreply@anthropic.com>\n" SOB,
	};
	static const long long when[] = { FEB, JAN, JAN, JAN };
	static const char *const ids[] = { "c4", "c3", "c2", "c1" };

	history_init(&r, BY_MONTH, FORM_AGENT_MODEL, cat);
	r.pivots = true;
	for (size_t i = 0; i < ARRAY_SIZE(msgs); i++) {
		struct history_commit c = {
			.message = msgs[i], .message_len = strlen(msgs[i]),
			.time = when[i], .nr_parents = 1, .id = ids[i],
			.subsystems = subs, .nr_subsystems = 1,
		};

		assert_int_equal(history_add(&r, &c), 0);
	}
	rows = history_rows(&r, BY_AGENT, &nr);
	assert_int_equal(nr, 2);
	assert_string_equal(rows[0].key, "Claude");
	assert_int_equal(rows[0].nr_ids, 2);
	assert_string_equal(rows[0].ids[0], "c4");
	assert_string_equal(rows[0].ids[1], "c1");
	assert_int_equal(history_row_month(&rows[0], history_month(JAN)), 1);
	assert_int_equal(history_row_month(&rows[0], history_month(FEB)), 1);
	assert_int_equal(history_row_month(&rows[1], history_month(FEB)), 0);
	free(rows);
	/* the months: only AI commits are kept behind a bar */
	rows = history_rows(&r, BY_MONTH, &nr);
	assert_int_equal(nr, 2);
	assert_string_equal(rows[0].key, "2026-01");
	assert_int_equal(rows[0].commits, 3);
	assert_int_equal(rows[0].nr_ids, 2);
	free(rows);
	rows = history_rows(&r, BY_SUBSYSTEM, &nr);
	assert_int_equal(nr, 1);
	assert_int_equal(rows[0].commits, 3);
	free(rows);
	rows = history_rows(&r, BY_FAMILY, &nr);
	assert_int_equal(nr, 2);
	free(rows);
	assert_int_equal(r.total.nr_ids, 3);
	history_release(&r);
}

static int setup(void **state)
{
	return catalogue_load_builtin(&cat);
}

static int teardown(void **state)
{
	catalogue_free(cat);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_facts),
		cmocka_unit_test(test_family),
		cmocka_unit_test(test_by_name),
		cmocka_unit_test(test_months),
		cmocka_unit_test(test_multi_keys),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_hostile_keys),
		cmocka_unit_test(test_maintainers),
		cmocka_unit_test(test_pivots),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
