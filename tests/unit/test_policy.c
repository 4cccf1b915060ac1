/* Policy packs from JSON, and the DCO text of the dco item. */
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalogue.h"
#include "dco.h"
#include "lint.h"
#include "maintainers.h"
#include "message.h"
#include "fixes.h"
#include "policy.h"
#include "strv.h"
#include "procedure.h"
#include "util.h"

static void test_builtin(void **state)
{
	struct policy_set *s;
	const struct policy *k, *llm;
	size_t human = 0;

	assert_int_equal(policy_load_builtin(&s), 0);
	k = policy_find(s, "kernel");
	llm = policy_find(s, "kernel-llm");
	assert_non_null(k);
	assert_non_null(llm);
	assert_null(policy_find(s, "nope"));
	assert_int_equal(k->form, FORM_AGENT_MODEL);
	assert_int_equal(llm->form, FORM_LLM);
	for (size_t i = 0; i < k->nr_items; i++) {
		if (!k->items[i].automatic && k->items[i].when == WHEN_ALWAYS)
			human++;
		if (!strcmp(k->items[i].id, "dco"))
			assert_int_equal(k->items[i].source, SOURCE_DCO);
		if (!strcmp(k->items[i].id, "boot"))
			assert_true(k->items[i].optional);
	}
	assert_int_equal(human, 3);	/* license, dco, responsibility */
	policy_set_free(s);
}

/* Every pack names the text it follows; the procedure items are flagged. */
static void test_builtin_versions(void **state)
{
	struct policy_set *s;
	const struct policy *k, *llm;
	size_t procedure = 0;

	assert_int_equal(policy_load_builtin(&s), 0);
	k = policy_find(s, "kernel");
	llm = policy_find(s, "kernel-llm");
	assert_non_null(k->follows);
	assert_non_null(strstr(k->follows, "AGENT_NAME:MODEL_VERSION"));
	assert_non_null(llm->follows);
	assert_non_null(strstr(llm->follows, "816d9992"));
	assert_non_null(strstr(llm->follows, "Assisted-by: LLM [TOOL1] [TOOL2]"));
	for (size_t i = 0; i < llm->nr_items; i++) {
		const struct policy_item *it = &llm->items[i];

		if (it->when != WHEN_BUGFIX_PROCEDURE)
			continue;
		procedure++;
		/* the tool's checks inform; the human's statements block */
		if (it->automatic)
			assert_true(it->optional);
		else
			assert_false(it->optional);
		if (!strcmp(it->id, "bugfix-fixes"))
			assert_int_equal(it->source, SOURCE_FIXES);
		if (!strcmp(it->id, "bugfix-checkpatch"))
			assert_int_equal(it->source, SOURCE_CHECKPATCH);
		if (!strcmp(it->id, "bugfix-warnings"))
			assert_int_equal(it->source, SOURCE_WARNINGS);
		if (!strcmp(it->id, "bugfix-maintainers"))
			assert_int_equal(it->source, SOURCE_MAINTAINERS);
		if (!strcmp(it->id, "bugfix-untested")) {
			assert_int_equal(it->source, SOURCE_STATEMENT);
			assert_false(it->automatic);
		}
	}
	assert_true(procedure >= 10);
	policy_set_free(s);
}

static const char doc_61[] =
	"Attribution\n"
	"===========\n"
	"\n"
	"Credit the assistant with an ``Assisted-by:`` tag of this form::\n"
	"\n"
	"\tAssisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]\n"
	"\n"
	"For example::\n"
	"\n"
	"\tAssisted-by: Claude:claude-3-opus coccinelle sparse\n";

static const char doc_llm[] =
	"Attribution\n"
	"===========\n"
	"\n"
	"Credit the assistant with an ``Assisted-by:`` tag of this form::\n"
	"\n"
	"\tAssisted-by: LLM [TOOL1] [TOOL2]\n"
	"\n"
	"For example::\n"
	"\n"
	"\tAssisted-by: LLM coccinelle sparse\n";

/* Does doc_llm with tail after it have the bug-fix procedure? */
static bool llm_doc_with_procedure(const char *tail)
{
	struct tree_docs t = { 0 };
	struct buf b = BUF_INIT;
	bool has;

	buf_adds(&b, doc_llm);
	buf_adds(&b, tail);
	assert_int_equal(policy_read_document(&t, b.ptr, b.len), 0);
	has = t.bugfix_procedure;
	tree_docs_release(&t);
	buf_release(&b);
	return has;
}

/* The document is recognized by its content, not by a checksum. */
static void test_read_document(void **state)
{
	struct tree_docs t = { 0 };
	struct buf b = BUF_INIT;

	assert_int_equal(policy_read_document(&t, doc_61, strlen(doc_61)), 0);
	assert_int_equal(t.form, FORM_AGENT_MODEL);
	assert_string_equal(t.form_line,
			    "Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]");
	assert_false(t.bugfix_procedure);
	tree_docs_release(&t);

	assert_int_equal(policy_read_document(&t, doc_llm, strlen(doc_llm)), 0);
	assert_int_equal(t.form, FORM_LLM);
	assert_string_equal(t.form_line, "Assisted-by: LLM [TOOL1] [TOOL2]");
	tree_docs_release(&t);

	assert_true(llm_doc_with_procedure(
		"\nProcedure for finding and fixing bugs\n"
		"=====================================\n"));
	/* a sentence that only names the procedure is no section of it */
	assert_false(llm_doc_with_procedure(
		"\nA \"Procedure for finding and fixing bugs\" is under\n"
		"discussion and not yet part of this document.\n"));

	/* a wording git disclose does not know fails loudly */
	buf_adds(&b, "Say ``Assisted-by:`` and name the tool in prose.\n");
	assert_int_equal(policy_read_document(&t, b.ptr, b.len), -1);
	assert_non_null(strstr(error_last(), "--policy"));
	tree_docs_release(&t);
	buf_reset(&b);
	buf_adds(&b, doc_61);
	buf_adds(&b, doc_llm);
	assert_int_equal(policy_read_document(&t, b.ptr, b.len), -1);
	assert_non_null(strstr(error_last(), "both"));
	tree_docs_release(&t);
	buf_release(&b);
}

/* The tools the document names: its basic ones and its analysis ones. */
static void test_document_tools(void **state)
{
	static const char doc[] =
		"* ``[TOOL1] [TOOL2]`` are optional specialized analysis tools used\n"
		"  (e.g., coccinelle, sparse, smatch, clang-tidy)\n\n"
		"Basic development tools (git, gcc, make, editors) should not be listed.\n\n"
		"Example::\n\n  Assisted-by: Claude:claude-3-opus coccinelle sparse\n";
	static const char later[] =
		"TOOLn are the specialized analysis tools used. For example::\n\n"
		"  Assisted-by: LLM coccinelle sparse\n\n"
		"Basic development tools (git, gcc, make, rustc, editors, etc.) are\n"
		"not listed.\n";
	struct tree_docs t = { 0 };
	struct catalogue *c;
	struct policy_choice pc = { 0 };
	const struct cat_tool *rustc;

	assert_int_equal(policy_read_document(&t, doc, strlen(doc)), 0);
	assert_int_equal(strv_len(t.basic_tools), 4);
	assert_string_equal(t.basic_tools[0], "git");
	assert_string_equal(t.basic_tools[3], "editors");
	assert_int_equal(strv_len(t.analysis_tools), 4);
	assert_string_equal(t.analysis_tools[0], "coccinelle");
	assert_string_equal(t.analysis_tools[3], "clang-tidy");
	tree_docs_release(&t);

	/* no list after "analysis tools used": none; "etc." is no tool */
	assert_int_equal(policy_read_document(&pc.tree, later,
					      strlen(later)), 0);
	assert_null(pc.tree.analysis_tools);
	assert_int_equal(strv_len(pc.tree.basic_tools), 5);
	assert_string_equal(pc.tree.basic_tools[3], "rustc");
	/* and the catalogue learns the one it did not know */
	assert_int_equal(catalogue_load_builtin(&c), 0);
	assert_null(catalogue_tool(c, "rustc"));
	pc.have_tree = true;
	strcpy(pc.tree.commit, "0123456789abcdef");
	policy_extend_catalogue(c, &pc);
	rustc = catalogue_tool(c, "rustc");
	assert_non_null(rustc);
	assert_true(rustc->basic);
	assert_non_null(strstr(rustc->why, "coding-assistants.rst at 0123456789ab"));
	/* a tool it knew keeps its own entry */
	assert_string_equal(catalogue_tool(c, "gcc")->why, "a compiler");
	catalogue_free(c);
	tree_docs_release(&pc.tree);
}

static void test_read_checkpatch(void **state)
{
	static const char colon[] =
		"if ($sign_off =~ /^Assisted-by:/i) {\n"
		"\tif ($email !~ /^\\S+:\\S+/) {\n";
	static const char any[] = "if ($sign_off =~ /^Assisted-by:/i) {\n";

	assert_int_equal(policy_read_checkpatch(colon, strlen(colon)),
			 CHECKPATCH_COLON);
	assert_int_equal(policy_read_checkpatch(any, strlen(any)),
			 CHECKPATCH_ANY);
	assert_int_equal(policy_read_checkpatch("sub x {}\n", 9),
			 CHECKPATCH_NO_TAG);
}

/* Items flagged "when" apply only where the tree's documents say so. */
static void test_item_when(void **state)
{
	static const char json[] =
		"{\"policies\": [{\"name\": \"w\", \"checklist\": ["
		"{\"id\": \"a\", \"kind\": \"human\", \"text\": \"t\"},"
		"{\"id\": \"b\", \"kind\": \"human\", \"text\": \"t\","
		" \"when\": \"bugfix-procedure\"},"
		"{\"id\": \"c\", \"kind\": \"human\", \"text\": \"t\","
		" \"when\": \"generated-content\"}]}]}";
	static const char bad[] =
		"{\"policies\": [{\"name\": \"w\", \"checklist\": ["
		"{\"id\": \"a\", \"kind\": \"human\", \"text\": \"t\","
		" \"when\": \"sometimes\"}]}]}";
	struct policy_set *s = xcalloc(1, sizeof(*s));
	struct tree_docs t = { 0 };
	const struct policy *p;

	assert_int_equal(policy_add_json(s, json, strlen(json), "u"), 0);
	p = policy_find(s, "w");
	assert_true(policy_item_applies(&p->items[0], NULL));
	assert_false(policy_item_applies(&p->items[1], NULL));
	assert_false(policy_item_applies(&p->items[1], &t));
	t.bugfix_procedure = true;
	assert_true(policy_item_applies(&p->items[1], &t));
	assert_false(policy_item_applies(&p->items[2], &t));
	t.generated_content = true;
	assert_true(policy_item_applies(&p->items[2], &t));
	assert_int_equal(policy_add_json(s, bad, strlen(bad), "u"), -1);
	assert_non_null(strstr(error_last(), "sometimes"));
	policy_set_free(s);
}

static void test_broken(void **state)
{
	static const struct {
		const char *json;
		const char *why;
	} cases[] = {
		{ "{}", "policies" },
		{ "{\"policies\": [1]}", "not an object" },
		{ "{\"policies\": [{}]}", "name" },
		{ "{\"policies\": [{\"name\": \"x\", \"form\": \"other\"}]}", "form" },
		{ "{\"policies\": [{\"name\": \"x\", \"checklist\": [{\"id\": \"a\", \"kind\": \"maybe\", \"text\": \"t\"}]}]}", "kind" },
		{ "{\"policies\": [{\"name\": \"x\", \"checklist\": [{\"id\": \"a\", \"kind\": \"auto\", \"text\": \"t\"}]}]}", "no source" },
		{ "{\"policies\": [{\"name\": \"x\", \"checklist\": [{\"id\": \"a\", \"kind\": \"auto\", \"source\": \"magic\", \"text\": \"t\"}]}]}", "magic" },
		/* the statement is the human's: the tool only looks for it */
		{ "{\"policies\": [{\"name\": \"x\", \"checklist\": [{\"id\": \"a\", \"kind\": \"auto\", \"source\": \"statement\", \"text\": \"t\"}]}]}", "no source" },
		{ "{\"policies\": [{\"name\": \"x\", \"checklist\": [{\"id\": \"a\", \"kind\": \"human\", \"text\": \"t\", \"optional\": 1}]}]}", "optional" },
		{ "{\"policies\": [{\"name\": \"x\", \"checklist\": [{\"kind\": \"human\", \"text\": \"t\"}]}]}", "id" },
		{ "{\"policies\": [{\"name\": \"x\", \"ai\": \"banned\"}]}", "declined" },
		{ "{\"policies\": [{\"name\": \"x\", \"ai\": \"declined\"}]}", "reason" },
		{ "{\"policies\": [{\"name\": \"x\", \"detect\": \"a.rst\"}]}", "detect" },
		{ "{\"policies\": [{\"name\": \"x\", \"detect\": {\"path\": \"a.rst\"}}]}", "phrase" },
		{ "{\"policies\": [{\"name\": \"x\", \"detect\": {\"path\": \"\", \"phrase\": \"p\"}}]}", "path" },
		{ "{\"policies\": [{\"name\": \"x\", \"detect\": {\"path\": \"a\", \"phrase\": \"\"}}]}", "empty" },
		{ "{\"policies\": [{\"name\": \"x\", \"detect\": {\"path\": [], \"phrase\": \"p\"}}]}", "path" },
		{ "{\"policies\": [{\"name\": \"x\", \"detect\": {\"path\": [\"a\", 1], \"phrase\": \"p\"}}]}", "path[]" },
		{ "{\"policies\": [{\"name\": \"x\", \"rules\": [\"r\"]}]}", "source" },
		{ "{\"policies\": [{\"name\": \"x\", \"rules\": [{\"text\": \"r\"}]}]}", "source" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct policy_set *s = xcalloc(1, sizeof(*s));

		print_message("case %zu\n", i);
		assert_int_equal(policy_add_json(s, cases[i].json,
						 strlen(cases[i].json),
						 "my-policy.json"), -1);
		assert_non_null(strstr(error_last(), "my-policy.json"));
		assert_non_null(strstr(error_last(), cases[i].why));
		policy_set_free(s);
	}
}

/* Other projects' packs: what each declines or asks for, and where. */
static void test_projects(void **state)
{
	static const char qemu_doc[] =
		"Use of AI content generators\n"
		"----------------------------\n\n"
		"Current QEMU project policy is to decline any contributions which\n"
		"   are believed to include or derive from AI generated content.\n";
	struct policy_set *s;
	const struct policy *q, *f, *l, *k;

	assert_int_equal(policy_load_builtin(&s), 0);
	q = policy_find(s, "qemu");
	f = policy_find(s, "fedora");
	l = policy_find(s, "llvm");
	k = policy_find(s, "kernel");
	assert_non_null(q);
	assert_non_null(f);
	assert_non_null(l);
	assert_true(q->declines_ai);
	assert_false(f->declines_ai || l->declines_ai || k->declines_ai);
	assert_non_null(strstr(q->reason, "DCO"));
	assert_string_equal(q->detect_paths[0], "docs/devel/code-provenance.rst");
	assert_int_equal(f->form, FORM_TOOL_NAME);
	assert_int_equal(l->form, FORM_TOOL_NAME);
	assert_string_equal(l->detect_paths[0], "llvm/docs/AIToolPolicy.md");
	assert_non_null(strstr(l->url, "llvm.org"));
	assert_non_null(strstr(f->url, "fedoraproject.org"));
	assert_null(k->detect_paths);
	/* the phrase across a line break, another case: still found */
	assert_true(policy_detects(q, q->detect_paths[0], qemu_doc,
				   sizeof(qemu_doc) - 1));
	assert_false(policy_detects(q, "docs/code-provenance.rst", qemu_doc,
				    sizeof(qemu_doc) - 1));
	assert_false(policy_detects(q, q->detect_paths[0], qemu_doc, 60));
	assert_false(policy_detects(k, q->detect_paths[0], qemu_doc,
				    sizeof(qemu_doc) - 1));
	policy_set_free(s);
}

/*
 * Fedora's document is told by its opening sentence (its heading is
 * "AI-Assisted Contributions Policy", without "Fedora"), at either
 * layout of the Council's docs repository; every rule of the three
 * projects' packs names where it was read.
 */
static void test_fedora_detect(void **state)
{
	static const char doc[] =
		"= AI-Assisted Contributions Policy\n\n"
		"You *MAY* use AI assistance for contributing to Fedora, as long\n"
		"as you follow the principles described below.\n";
	static const char title_only[] =
		"= Fedora AI-Assisted Contributions Policy\n\nTBD.\n";
	static const char *const names[] = { "qemu", "fedora", "llvm" };
	struct policy_set *s;
	const struct policy *f;

	assert_int_equal(policy_load_builtin(&s), 0);
	f = policy_find(s, "fedora");
	assert_true(policy_detects(f, "council/modules/ROOT/pages/policy/ai-contribution-policy.adoc",
				   doc, sizeof(doc) - 1));
	assert_true(policy_detects(f, "modules/ROOT/pages/policy/ai-contribution-policy.adoc",
				   doc, sizeof(doc) - 1));
	assert_false(policy_detects(f, "pages/ai-contribution-policy.adoc",
				    doc, sizeof(doc) - 1));
	assert_false(policy_detects(f, f->detect_paths[0], title_only,
				    sizeof(title_only) - 1));
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		const struct policy *p = policy_find(s, names[i]);

		print_message("%s\n", names[i]);
		assert_true(strv_len(p->rules) >= 3);
		assert_int_equal(strv_len(p->rules),
				 strv_len(p->rule_sources));
		for (size_t j = 0; p->rule_sources[j]; j++)
			assert_true(strlen(p->rule_sources[j]) > 10);
	}
	policy_set_free(s);
}

/* Under qemu any AI signal is an error; under the others, nothing. */
static void test_check_result(void **state)
{
	struct policy_set *s;
	struct lint_result res = { 0 };

	assert_int_equal(policy_load_builtin(&s), 0);
	policy_check_result(&res, policy_find(s, "qemu"));
	assert_int_equal(res.nr, 0);		/* no signal */
	res.has_assisted = true;
	policy_check_result(&res, policy_find(s, "kernel"));
	policy_check_result(&res, policy_find(s, "fedora"));
	assert_int_equal(res.nr, 0);
	policy_check_result(&res, policy_find(s, "qemu"));
	assert_int_equal(res.nr, 1);
	assert_int_equal(res.errors, 1);
	assert_string_equal(res.findings[0].id, "AI_CONTENT_DECLINED");
	assert_non_null(strstr(res.findings[0].message,
			       "docs/devel/code-provenance.rst"));
	lint_result_release(&res);
	memset(&res, 0, sizeof(res));
	res.guess.signals = true;		/* a vendor trailer alone */
	policy_check_result(&res, policy_find(s, "qemu"));
	assert_int_equal(res.errors, 1);
	lint_result_release(&res);
	policy_set_free(s);
}

/* The tool-name form: any name of the tool, written as given. */
static void test_tool_name_form(void **state)
{
	struct catalogue *c;
	struct assisted_verdict v;
	struct assisted *a;
	char *s;

	assert_int_equal(catalogue_load_builtin(&c), 0);
	assisted_judge(&v, c, "generic LLM chatbot", FORM_TOOL_NAME);
	assert_true(v.well_formed);
	assert_int_equal(v.nr, 0);
	assisted_verdict_release(&v);
	assisted_judge(&v, c, "Claude", FORM_TOOL_NAME);
	assert_int_equal(v.nr, 0);
	assert_non_null(v.agent);
	assisted_verdict_release(&v);
	assert_int_equal(assisted_parse(&a, "  ChatGPTv5 ", FORM_TOOL_NAME), 0);
	assert_string_equal(a->agent, "ChatGPTv5");
	s = assisted_format(a, FORM_TOOL_NAME);
	assert_string_equal(s, "ChatGPTv5");
	free(s);
	assisted_free(a);
	catalogue_free(c);
}

/* A user pack replaces items by id, appends new ones, adds packs. */
static void test_extend(void **state)
{
	static const char json[] =
		"{\"policies\": [{\"name\": \"kernel\", \"checklist\": ["
		"{\"id\": \"license\", \"kind\": \"human\", \"text\": \"GPL-2.0 or later is fine too.\"},"
		"{\"id\": \"tests\", \"kind\": \"human\", \"text\": \"You ran the selftests.\"}]},"
		"{\"name\": \"ours\", \"form\": \"llm\"}]}";
	struct policy_set *s;
	const struct policy *k;
	size_t before;

	assert_int_equal(policy_load_builtin(&s), 0);
	k = policy_find(s, "kernel");
	before = k->nr_items;
	assert_int_equal(policy_add_json(s, json, strlen(json), "user"), 0);
	k = policy_find(s, "kernel");
	assert_int_equal(k->nr_items, before + 1);
	assert_int_equal(k->form, FORM_AGENT_MODEL);
	assert_string_equal(k->items[1].text, "GPL-2.0 or later is fine too.");
	assert_string_equal(k->items[before].id, "tests");
	assert_int_equal(policy_find(s, "ours")->form, FORM_LLM);
	assert_int_equal(policy_find(s, "ours")->nr_items, 0);
	policy_set_free(s);
}

static void test_user_dir(void **state)
{
	char tmpl[] = "/tmp/disclose-policy-XXXXXX";
	struct buf p = BUF_INIT;
	struct policy_set *s;
	const char *good = "{\"policies\": [{\"name\": \"team\"}]}";

	assert_non_null(mkdtemp(tmpl));
	setenv("XDG_CONFIG_HOME", tmpl, 1);
	buf_addf(&p, "%s/git-disclose", tmpl);
	mkdir(p.ptr, 0700);
	buf_addf(&p, "/team-policy.json");
	assert_int_equal(write_file_atomic(p.ptr, good, strlen(good), 0644), 0);
	assert_int_equal(policy_load(&s), 0);
	assert_non_null(policy_find(s, "team"));
	policy_set_free(s);
	assert_int_equal(write_file_atomic(p.ptr, "{", 1, 0644), 0);
	assert_int_equal(policy_load(&s), -1);
	assert_null(s);
	assert_non_null(strstr(error_last(), "team-policy.json"));
	unlink(p.ptr);
	buf_reset(&p);
	buf_addf(&p, "%s/git-disclose", tmpl);
	rmdir(p.ptr);
	rmdir(tmpl);
	unsetenv("XDG_CONFIG_HOME");
	buf_release(&p);
}

/* The section of submitting-patches.rst, found by its title. This text
 * only has the shape of the real document. */
static void test_dco_extract(void **state)
{
	static const char rst[] =
		"Sign your work\n"
		"--------------\n"
		"\n"
		"Some words first.\n"
		"\n"
		"Developer's Certificate of Origin 1.1\n"
		"^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
		"\n"
		"Clause one.\n"
		"        (a) sub clause\n"
		"\n"
		"then you just add a line saying::\n"
		"\n"
		"\tSigned-off-by: Random J Developer <random@developer.example.org>\n";
	struct buf out = BUF_INIT;

	assert_int_equal(dco_extract(&out, rst, strlen(rst)), 0);
	assert_string_equal(out.ptr,
			    "Developer's Certificate of Origin 1.1\n"
			    "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
			    "\n"
			    "Clause one.\n"
			    "        (a) sub clause\n");
	buf_release(&out);
	assert_int_equal(dco_extract(&out, "no such thing\n", 14), -1);
	buf_release(&out);
}

static void test_dco_text(void **state)
{
	struct buf out = BUF_INIT;
	bool from_tree = true;

	dco_text(&out, &from_tree, "/nonexistent");
	assert_false(from_tree);
	assert_non_null(strstr(out.ptr, DCO_DOCUMENT));
	buf_release(&out);
	dco_text(&out, &from_tree, NULL);
	assert_false(from_tree);
	buf_release(&out);
}

/* get_maintainer.pl --roles --no-rolestats output, as 6.1's prints it */
static void test_maintainers_parse(void **state)
{
	static const char out[] =
		"Fro Bnicator <frob@example.org> (maintainer:FROB DRIVER)\n"
		"Rev Iewer <rev@example.org> (reviewer:FROB DRIVER)\n"
		"frob-devel@lists.example.org (open list:FROB DRIVER)\n"
		"linux-kernel@vger.kernel.org (open list)\n";
	struct maintainers m = { 0 };
	struct buf b = BUF_INIT;

	assert_int_equal(maintainers_parse(&m, out, strlen(out)), 0);
	assert_int_equal(m.nr, 4);
	assert_string_equal(m.items[0].who, "Fro Bnicator <frob@example.org>");
	assert_string_equal(m.items[0].role, "maintainer:FROB DRIVER");
	assert_false(m.items[0].list);
	assert_true(m.items[2].list);
	assert_string_equal(m.items[3].role, "open list");
	maintainers_format(&b, &m, "");
	assert_non_null(strstr(b.ptr, "to: Rev Iewer <rev@example.org> (reviewer:FROB DRIVER)\n"));
	assert_non_null(strstr(b.ptr, "cc: linux-kernel@vger.kernel.org (open list)\n"));
	buf_release(&b);
	maintainers_release(&m);
	/* a line that is no address: not the kernel's script */
	assert_int_equal(maintainers_parse(&m, "usage: x\n", 9), -1);
	assert_non_null(strstr(error_last(), "not an address"));
	maintainers_release(&m);
}

static void test_statement(void **state)
{
	static const struct {
		const char *text;
		bool found;
	} cases[] = {
		{ "frob: fix it\n\nNot tested on real hardware.\n", true },
		{ "frob: fix it\n\n---\nCompile-tested only.\n", true },
		{ "frob: fix it\n\nI could not reproduce the race.\n", true },
		{ "frob: fix it\n\nTested with the reproducer.\n", false },
		/* the procedure's own words: no reproducer could be produced */
		{ "frob: fix it\n\nNo reproducer could be produced.\n", true },
		{ "frob: fix it\n\nOnly compile-tested: no such hardware.\n", true },
		{ "frob: fix it\n\nBuilt; not runtime-tested.\n", true },
		{ "frob: fix it\n", false },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *line = NULL;

		print_message("case %zu\n", i);
		assert_int_equal(procedure_find_statement(cases[i].text,
				 strlen(cases[i].text), &line), cases[i].found);
		assert_true(!cases[i].found || line);
		free(line);
	}
}

static void test_fixes_count(void **state)
{
	static const char fix[] = "frob: fix\n\nBody.\n\n"
		"Fixes: 0123456789ab (\"frob: add\")\nSigned-off-by: A <a@b.c>\n";
	static const char nofix[] = "frob: fix\n\nFixes nothing, fixes 12.\n";
	static const char notes[] = "frob: fix\n\nBody.\n---\n"
		"Fixes: 0123456789ab (\"frob: add\")\n";
	struct message *m;

	message_parse_commit(&m, fix, strlen(fix), '#');
	assert_int_equal(fixes_count(m), 1);
	message_free(m);
	message_parse_commit(&m, nofix, strlen(nofix), '#');
	assert_int_equal(fixes_count(m), 0);
	message_free(m);
	/* below the divider: git am drops it, so it is no tag */
	message_parse_commit(&m, notes, strlen(notes), '#');
	assert_int_equal(fixes_count(m), 0);
	message_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builtin),
		cmocka_unit_test(test_builtin_versions),
		cmocka_unit_test(test_read_document),
		cmocka_unit_test(test_document_tools),
		cmocka_unit_test(test_read_checkpatch),
		cmocka_unit_test(test_item_when),
		cmocka_unit_test(test_broken),
		cmocka_unit_test(test_projects),
		cmocka_unit_test(test_fedora_detect),
		cmocka_unit_test(test_check_result),
		cmocka_unit_test(test_tool_name_form),
		cmocka_unit_test(test_extend),
		cmocka_unit_test(test_user_dir),
		cmocka_unit_test(test_dco_extract),
		cmocka_unit_test(test_dco_text),
		cmocka_unit_test(test_maintainers_parse),
		cmocka_unit_test(test_statement),
		cmocka_unit_test(test_fixes_count),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
