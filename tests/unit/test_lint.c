/* The policy checker: every finding id, positive and negative, table-driven. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "unit.h"

#include "catalogue.h"
#include "lint.h"
#include "message.h"
#include "util.h"

static struct catalogue *cat;

#define H "Subject line\n\nBody text.\n\n"
#define SOB "Signed-off-by: Jane Dev <jane@example.org>\n"
#define JANE "Jane Dev <jane@example.org>"

struct lint_case {
	const char *name;
	const char *msg;
	const char *id;		/* the finding looked for */
	bool present;
	const char *fix;	/* expected fix; NULL: not checked; "": none */
	size_t line;		/* expected line when present; 0: not checked */
	bool llm;		/* the kernel-llm policy */
	const char *author;	/* "Name <email>" facts, NULL: unknown */
	const char *committer;
};

static const struct lint_case cases[] = {
	/* ASSISTED_BY_FORMAT */
	{ "model with no agent", H "Assisted-by: claude-opus-4-6\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "Assisted-by: Claude:claude-opus-4-6", 5 },
	{ "space for the colon", H "Assisted-by: Codex gpt-5.5\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "Assisted-by: Codex:gpt-5.5", 5 },
	{ "blank after the colon", H "Assisted-by: Claude: claude-opus-4-5 sparse\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "Assisted-by: Claude:claude-opus-4-5 sparse" },
	{ "agent alone cannot be fixed", H "Assisted-by: Claude\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "" },
	{ "unknown word cannot be fixed", H "Assisted-by: frobnicator\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "" },
	{ "bracketed tools", H "Assisted-by: Claude:claude-3-opus [coccinelle] [sparse]\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "Assisted-by: Claude:claude-3-opus coccinelle sparse" },
	{ "model family newer than the catalogue", H "Assisted-by: gemini-9-ultra\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "Assisted-by: Gemini:gemini-9-ultra" },
	{ "well formed", H "Assisted-by: Claude:claude-3-opus coccinelle sparse\n" SOB,
	  "ASSISTED_BY_FORMAT", false },
	{ "LLM form under kernel", H "Assisted-by: LLM sparse\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "" },
	{ "kernel form under kernel-llm", H "Assisted-by: Claude:claude-opus-4-5 sparse\n" SOB,
	  "ASSISTED_BY_FORMAT", true, "Assisted-by: LLM sparse", 5, true },
	{ "LLM form under kernel-llm", H "Assisted-by: LLM coccinelle\n" SOB,
	  "ASSISTED_BY_FORMAT", false, NULL, 0, true },
	/* ASSISTED_BY_BASIC_TOOL */
	{ "basic tool", H "Assisted-by: Claude:claude-opus-4-5 git sparse\n" SOB,
	  "ASSISTED_BY_BASIC_TOOL", true, "Assisted-by: Claude:claude-opus-4-5 sparse", 5 },
	{ "editor", H "Assisted-by: Claude:claude-opus-4-5 vim\n" SOB,
	  "ASSISTED_BY_BASIC_TOOL", true, "Assisted-by: Claude:claude-opus-4-5" },
	{ "analysis tools only", H "Assisted-by: Claude:claude-opus-4-5 smatch clang-tidy\n" SOB,
	  "ASSISTED_BY_BASIC_TOOL", false },
	/* ASSISTED_BY_UNKNOWN_TOOL */
	{ "unknown tool", H "Assisted-by: Claude:claude-opus-4-5 frobcheck\n" SOB,
	  "ASSISTED_BY_UNKNOWN_TOOL", true, "", 5 },
	{ "known tool", H "Assisted-by: Claude:claude-opus-4-5 coccinelle\n" SOB,
	  "ASSISTED_BY_UNKNOWN_TOOL", false },
	/* AI_SIGNOFF */
	{ "vendor identity signs off", H SOB "Signed-off-by: Claude <noreply@anthropic.com>\n",
	  "AI_SIGNOFF", true, NULL, 6 },
	{ "model name signs off", H "Assisted-by: Claude:claude-opus-4-5\nSigned-off-by: Claude Opus 4.5 <x@example.org>\n" SOB,
	  "AI_SIGNOFF", true, "" },
	{ "agent name without address", H SOB "Signed-off-by: Codex\n",
	  "AI_SIGNOFF", true },
	{ "human signs off", H SOB, "AI_SIGNOFF", false },
	{ "human whose name starts like an agent", H "Signed-off-by: Claude Monet <claude@example.org>\n",
	  "AI_SIGNOFF", false },
	/* AI_CO_DEVELOPER */
	{ "AI co-developer", H "Co-developed-by: Claude <noreply@anthropic.com>\nSigned-off-by: Claude <noreply@anthropic.com>\n" SOB,
	  "AI_CO_DEVELOPER", true, "", 5 },
	{ "human co-developer", H "Co-developed-by: Bob <bob@example.org>\nSigned-off-by: Bob <bob@example.org>\n" SOB,
	  "AI_CO_DEVELOPER", false },
	/* VENDOR_TRAILER */
	{ "Claude Code co-author", H "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n" SOB,
	  "VENDOR_TRAILER", true, "Assisted-by: Claude:claude-opus-4-5", 5 },
	{ "aider co-author", H "Co-authored-by: aider (gpt-4o) <aider@aider.chat>\n" SOB,
	  "VENDOR_TRAILER", true, "Assisted-by: aider:gpt-4o" },
	{ "Cursor made-with", H "Made-with: Cursor\n" SOB,
	  "VENDOR_TRAILER", true, "" },
	{ "Claude session", H "Claude-Session: 1234\n" SOB,
	  "VENDOR_TRAILER", true },
	{ "OpenHands", H "Co-authored-by: openhands <openhands@all-hands.dev>\n" SOB,
	  "VENDOR_TRAILER", true },
	{ "human co-author", H "Co-authored-by: Bob <bob@example.org>\n" SOB,
	  "VENDOR_TRAILER", false },
	/* VENDOR_FOOTER */
	{ "Claude Code footer", "S\n\nBody.\n\n\xf0\x9f\xa4\x96 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
	  "Co-Authored-By: Claude <noreply@anthropic.com>\n" SOB,
	  "VENDOR_FOOTER", true, "", 5 },
	{ "footer-like text in the subject", "Generated with [Claude Code] is bad\n\nBody.\n\n" SOB,
	  "VENDOR_FOOTER", false },
	/* MISSING_DISCLOSURE */
	{ "traces without Assisted-by", H "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n" SOB,
	  "MISSING_DISCLOSURE", true, "Assisted-by: Claude:claude-opus-4-5" },
	{ "traces without a model", H "Co-authored-by: Cursor <cursoragent@cursor.com>\n" SOB,
	  "MISSING_DISCLOSURE", true, "" },
	{ "AI author (Copilot)", H SOB, "MISSING_DISCLOSURE", true, NULL, 0,
	  false, "copilot-swe-agent[bot] <198982749+Copilot@users.noreply.github.com>", JANE },
	{ "traces and Assisted-by", H "Assisted-by: Claude:claude-opus-4-5\nCo-Authored-By: Claude <noreply@anthropic.com>\n" SOB,
	  "MISSING_DISCLOSURE", false },
	{ "no traces", H SOB, "MISSING_DISCLOSURE", false },
	/* MISSING_SIGNOFF */
	{ "no sign-off", H "Reviewed-by: R <r@example.org>\n", "MISSING_SIGNOFF",
	  true, "Signed-off-by: " JANE, 0, false, NULL, JANE },
	{ "only an AI sign-off", H "Signed-off-by: Claude <noreply@anthropic.com>\n",
	  "MISSING_SIGNOFF", true },
	{ "no block at all", "Subject only\n", "MISSING_SIGNOFF", true },
	{ "signed off", H SOB, "MISSING_SIGNOFF", false },
	/* AUTHOR_SIGNOFF_MISSING */
	{ "author did not sign off", H SOB, "AUTHOR_SIGNOFF_MISSING", true,
	  NULL, 0, false, "Bob <bob@example.org>", JANE },
	{ "author signed off, case folded", H "Signed-off-by: BOB  <Bob@Example.org>\n" SOB,
	  "AUTHOR_SIGNOFF_MISSING", false, NULL, 0, false,
	  "Bob <bob@example.org>", JANE },
	{ "author signed off with a quoted name (RFC 2822)",
	  H "Signed-off-by: \"Bob J. Bee\" <bob@example.org>\n" SOB,
	  "AUTHOR_SIGNOFF_MISSING", false, NULL, 0, false,
	  "Bob J. Bee <bob@example.org>", JANE },
	{ "author signs under another name", H "Signed-off-by: Robert <bob@example.org>\n" SOB,
	  "AUTHOR_SIGNOFF_MISSING", true, NULL, 0, false,
	  "Bob <bob@example.org>", JANE },
	{ "author signed off in an earlier paragraph (a backport's chain)",
	  "S\n\nBody.\n\nSigned-off-by: Bob <bob@example.org>\n"
	  "(cherry picked from commit 0123456789ab)\n\n[jane: ported]\n\n"
	  SOB, "AUTHOR_SIGNOFF_MISSING", false, NULL, 0, false,
	  "Bob <bob@example.org>", JANE },
	/* SUBMITTER_SIGNOFF_NOT_LAST */
	{ "submitter not last", H SOB "Signed-off-by: R <r@example.org>\n",
	  "SUBMITTER_SIGNOFF_NOT_LAST", true, NULL, 5, false, NULL, JANE },
	{ "a review given after the sign-off is chronological",
	  H SOB "Reviewed-by: R <r@example.org>\nLink: https://lore.kernel.org/r/1\n",
	  "SUBMITTER_SIGNOFF_NOT_LAST", false, NULL, 0, false, NULL, JANE },
	{ "an AI sign-off after it is no chain link",
	  H SOB "Signed-off-by: Claude <noreply@anthropic.com>\n",
	  "SUBMITTER_SIGNOFF_NOT_LAST", false, NULL, 0, false, NULL, JANE },
	{ "submitter last", H "Reviewed-by: R <r@example.org>\n" SOB,
	  "SUBMITTER_SIGNOFF_NOT_LAST", false, NULL, 0, false, NULL, JANE },
	/* CO_DEVELOPED_BY_UNPAIRED */
	{ "co-developer without sign-off", H "Co-developed-by: Bob <bob@example.org>\n" SOB,
	  "CO_DEVELOPED_BY_UNPAIRED", true, "", 5 },
	{ "co-developer signed by another", H "Co-developed-by: Bob <bob@example.org>\nSigned-off-by: Al <al@example.org>\n" SOB,
	  "CO_DEVELOPED_BY_UNPAIRED", true },
	{ "co-developer last", H SOB "Co-developed-by: Bob <bob@example.org>\n",
	  "CO_DEVELOPED_BY_UNPAIRED", true },
	{ "co-developer paired", H "Co-developed-by: Bob <bob@example.org>\nSigned-off-by: Bob <bob@example.org>\n" SOB,
	  "CO_DEVELOPED_BY_UNPAIRED", false },
	/* DUPLICATE_SIGNATURE */
	{ "same line twice", H "Reviewed-by: R <r@example.org>\nReviewed-by:  r <R@example.org>\n" SOB,
	  "DUPLICATE_SIGNATURE", true, "", 6 },
	{ "different people", H "Reviewed-by: R <r@example.org>\nReviewed-by: S <s@example.org>\n" SOB,
	  "DUPLICATE_SIGNATURE", false },
	{ "same person, other tags", H "Reviewed-by: R <r@example.org>\nTested-by: R <r@example.org>\n" SOB,
	  "DUPLICATE_SIGNATURE", false },
	/* the chain comes back to its signer through another's sign-off */
	{ "sign-off chain back to the signer", H SOB
	  "Reviewed-by: R <r@example.org>\nSigned-off-by: Bob <bob@example.org>\n" SOB,
	  "DUPLICATE_SIGNATURE", false },
	{ "sign-off twice in a row", H SOB SOB, "DUPLICATE_SIGNATURE", true },
};

static void parse_ident(struct ident *out, const char *s)
{
	ident_parse(out, s);
}

static const struct finding *find(const struct lint_result *r, const char *id)
{
	for (size_t i = 0; i < r->nr; i++)
		if (!strcmp(r->findings[i].id, id))
			return &r->findings[i];
	return NULL;
}

static void run_case(const struct lint_case *c)
{
	struct message *m;
	struct lint_result res;
	struct lint_opts o = { c->llm ? FORM_LLM : FORM_AGENT_MODEL, cat };
	struct ident author = { 0 }, committer = { 0 };
	struct lint_facts facts = { 0 };
	const struct finding *f;

	if (c->author) {
		parse_ident(&author, c->author);
		facts.author = &author;
	}
	if (c->committer) {
		parse_ident(&committer, c->committer);
		facts.committer = &committer;
	}
	message_parse_commit(&m, c->msg, strlen(c->msg), '#');
	lint_message(&res, m, &facts, &o);
	f = find(&res, c->id);
	if (!!f != c->present) {
		print_error("case '%s': %s %s\n", c->name, c->id,
			    c->present ? "not found" : "found");
		for (size_t i = 0; i < res.nr; i++)
			print_error("  %s: %s\n", res.findings[i].id,
				    res.findings[i].message);
		fail();
	}
	if (f && c->fix) {
		const char *got = f->fix ? f->fix : "";

		if (strcmp(got, c->fix)) {
			print_error("case '%s': fix '%s', want '%s'\n", c->name,
				    got, c->fix);
			fail();
		}
	}
	if (f && c->line && f->line != c->line) {
		print_error("case '%s': line %zu, want %zu\n", c->name,
			    f->line, c->line);
		fail();
	}
	lint_result_release(&res);
	message_free(m);
	ident_release(&author);
	ident_release(&committer);
}

static void test_cases(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		run_case(&cases[i]);
}

/*
 * The author's sign-off under another name or address is named for what
 * it is, as checkpatch names it (email name / address mismatch).
 */
static void test_author_mismatch(void **state)
{
	static const struct {
		const char *sob, *author, *says;
	} t[] = {
		{ "Signed-off-by: Bob Bee <bob@example.org>\n",
		  "Bob ?? <bob@example.org>", "'Bob Bee <bob@example.org>'" },
		{ "Signed-off-by: Bob Bee <bee@work.example>\n",
		  "Bob Bee <bob@example.org>", "'Bob Bee <bee@work.example>'" },
		{ "", "Bob Bee <bob@example.org>", "has no Signed-off-by:" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		struct buf msg = BUF_INIT;
		struct message *m;
		struct lint_result res;
		struct lint_opts o = { FORM_AGENT_MODEL, cat };
		struct ident author, jane;
		struct lint_facts facts = { &author, &jane, NULL, 0, NULL };
		const struct finding *f;

		buf_addf(&msg, H "%s" SOB, t[i].sob);
		ident_parse(&author, t[i].author);
		ident_parse(&jane, JANE);
		message_parse_commit(&m, msg.ptr, msg.len, '#');
		lint_message(&res, m, &facts, &o);
		f = find(&res, "AUTHOR_SIGNOFF_MISSING");
		assert_non_null(f);
		print_message("%s\n", f->message);
		assert_non_null(strstr(f->message, t[i].says));
		lint_result_release(&res);
		message_free(m);
		ident_release(&author);
		ident_release(&jane);
		buf_release(&msg);
	}
}

/*
 * A merge is asked for no sign-off (the kernel's merges carry none),
 * and is still held to the AI rules: its vendor trailer is an error.
 */
static void test_merge_signoff(void **state)
{
	static const char plain[] = "Merge branch 'topic'\n";
	static const char vendor[] = "Merge branch 'topic'\n\n"
		"Co-Authored-By: Claude <noreply@anthropic.com>\n";
	struct lint_opts o = { FORM_AGENT_MODEL, cat };
	struct ident jane;
	struct lint_facts facts = { &jane, &jane, NULL, 0, NULL };
	struct lint_result res;
	struct message *m;

	ident_parse(&jane, JANE);
	message_parse_commit(&m, plain, strlen(plain), '#');
	lint_message(&res, m, &facts, &o);
	assert_non_null(find(&res, "MISSING_SIGNOFF"));
	lint_result_release(&res);
	facts.merge = true;
	lint_message(&res, m, &facts, &o);
	assert_int_equal(res.nr, 0);
	lint_result_release(&res);
	message_free(m);

	message_parse_commit(&m, vendor, strlen(vendor), '#');
	lint_message(&res, m, &facts, &o);
	assert_null(find(&res, "MISSING_SIGNOFF"));
	assert_non_null(find(&res, "VENDOR_TRAILER"));
	lint_result_release(&res);
	message_free(m);
	ident_release(&jane);
}

/* A clean message has no findings at all. */
static void test_clean(void **state)
{
	static const char msg[] = H "Reviewed-by: R <r@example.org>\n"
		"Assisted-by: Claude:claude-opus-4-5 coccinelle\n" SOB;
	struct message *m;
	struct lint_result res;
	struct lint_opts o = { FORM_AGENT_MODEL, cat };
	struct ident jane;
	struct lint_facts facts = { &jane, &jane, NULL, 0, NULL };

	ident_parse(&jane, JANE);
	message_parse_commit(&m, msg, strlen(msg), '#');
	lint_message(&res, m, &facts, &o);
	assert_int_equal(res.nr, 0);
	assert_int_equal(res.errors, 0);
	lint_result_release(&res);
	message_free(m);
	ident_release(&jane);
}

/*
 * check's view of a changelog under the sign-offs: the message above it
 * is judged (its Assisted-by form too), and the misplacement is named
 * at the sign-off, with no entry that fix could apply to the message.
 */
static void test_check_changelog(void **state)
{
	static const char msg[] = H "Assisted-by: Claude:Claude-Opus-4-5\n"
		SOB "\nv2: renamed foo\n\nv1: first\n---\n a | 1 +\n";
	struct message *m;
	struct lint_result res;
	struct lint_opts o = { FORM_AGENT_MODEL, cat };
	const struct finding *f;

	message_parse(&m, msg, strlen(msg), '#');
	lint_check_message(&res, m, NULL, &o);
	assert_non_null(find(&res, "ASSISTED_BY_MODEL"));
	assert_null(find(&res, "MISSING_SIGNOFF"));
	f = find(&res, "TRAILERS_MISPLACED");
	assert_non_null(f);
	assert_int_equal(f->severity, SEV_ERROR);
	assert_int_equal(f->line, 6);
	assert_string_equal(f->text, "Signed-off-by: Jane Dev <jane@example.org>");
	for (size_t i = 0; i < res.nr; i++)
		assert_true(res.findings[i].entry == SIZE_MAX);
	lint_result_release(&res);
	message_free(m);
}

/* SPDX findings come from the added files. */
static void test_spdx_findings(void **state)
{
	static const char msg[] = H SOB;
	struct added_file files[] = {
		{ "a.c", "// SPDX-License-Identifier: GPL-2.0-only\n", 42, false },
		{ "b.c", "int x;\n", 7, false },
		{ "c.h", "// SPDX-License-Identifier: GPL-2.0\n", 36, false },
		{ "d.c", "// SPDX-License-Identifier: WTFPL\n", 34, false },
	};
	struct spdx_ids *ids;
	struct message *m;
	struct lint_result res;
	struct lint_opts o = { FORM_AGENT_MODEL, cat };
	struct lint_facts facts = { NULL, NULL, files, 4, NULL };
	const struct finding *f;

	spdx_ids_load(&ids, NULL);
	facts.licenses = ids;
	message_parse_commit(&m, msg, strlen(msg), '#');
	lint_message(&res, m, &facts, &o);
	assert_int_equal(res.nr, 3);
	f = find(&res, "SPDX_MISSING");
	assert_non_null(f);
	assert_non_null(strstr(f->message, "b.c"));
	f = find(&res, "SPDX_STYLE");
	assert_non_null(f);
	assert_string_equal(f->fix, "/* SPDX-License-Identifier: GPL-2.0 */");
	f = find(&res, "SPDX_UNKNOWN_LICENSE");
	assert_non_null(f);
	assert_non_null(strstr(f->message, "WTFPL"));
	assert_int_equal(res.errors, 2);
	assert_int_equal(res.warnings, 1);
	lint_result_release(&res);
	message_free(m);
	spdx_ids_free(ids);
}

static void test_sanitize(void **state)
{
	static const struct { const char *in, *out; } t[] = {
		{ "plain", "plain" },
		{ "tab\tkept", "tab\tkept" },
		{ "esc\x1b[31mred", "esc\\x1b[31mred" },
		{ "bell\a", "bell\\x07" },
		{ "del\x7f", "del\\x7f" },
		{ "csi \xc2\x9b", "csi \\u009b" },
		{ "lone \x9b byte", "lone \xef\xbf\xbd byte" },
		{ "caf\xc3\xa9", "caf\xc3\xa9" },
		{ "nl\nin", "nl\\x0ain" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		struct buf b = BUF_INIT;

		lint_sanitize(&b, t[i].in, strlen(t[i].in));
		assert_string_equal(b.ptr, t[i].out);
		buf_release(&b);
	}
}

static void test_json(void **state)
{
	static const char msg[] = H "Signed-off-by: Claude <noreply@anthropic.com>\n";
	struct message *m;
	struct lint_result res;
	struct lint_opts o = { FORM_AGENT_MODEL, cat };
	char *line;

	message_parse_commit(&m, msg, strlen(msg), '#');
	lint_message(&res, m, NULL, &o);
	line = lint_json_line(NULL, "Subject \"q\"", &res);
	assert_non_null(strstr(line, "{\"commit\":null,\"subject\":\"Subject \\\"q\\\"\",\"findings\":[{\"id\":\"AI_SIGNOFF\",\"severity\":\"error\",\"line\":5,"));
	assert_non_null(strstr(line, "\"id\":\"MISSING_SIGNOFF\",\"severity\":\"error\",\"line\":null,\"text\":null,"));
	assert_int_equal(line[strlen(line) - 1], '\n');
	assert_true(strchr(line, '\n') + 1 - line == (long)strlen(line));
	free(line);
	/* invalid UTF-8 becomes U+FFFD: the line stays valid JSON */
	line = lint_json_line("abc", "caf\xe9 \xc3\xa9", &res);
	assert_non_null(strstr(line, "\"subject\":\"caf\xef\xbf\xbd \xc3\xa9\""));
	free(line);
	lint_result_release(&res);
	message_free(m);
}

static void test_ai_ident(void **state)
{
	static const struct { const char *who; bool ai; const char *model; } t[] = {
		{ "Claude <noreply@anthropic.com>", true, NULL },
		{ "Claude Opus 4.5 <noreply@anthropic.com>", true, "claude-opus-4-5" },
		{ "Claude Opus 5 <x@example.org>", true, "claude-opus-5" },
		{ "Jane Dev (aider) <jane@example.org>", true, NULL },
		{ "copilot-swe-agent[bot] <1+Copilot@users.noreply.github.com>", true, NULL },
		{ "gpt-5.5", true, "gpt-5.5" },
		{ "Jane Dev <jane@example.org>", false, NULL },
		{ "Cursory Glance <cg@example.org>", false, NULL },
		{ "Claude <claude.dupont@personal.example>", false, NULL },
		{ "Claude Dupont <claude@personal.example>", false, NULL },
		{ "Claude Dupont", false, NULL },
		{ "Jane Doe <jane@anthropic.com>", false, NULL },
		{ "Jane Doe (Anthropic) <jane@anthropic.com>", false, NULL },
		{ "GPT 4 Turbo", true, "gpt-4-turbo" },
		{ "Claude claude-4-sonnet", true, "claude-sonnet-4" },
		{ "Claude Opus 4.7 (1M context) <noreply@anthropic.com>", true,
		  "claude-opus-4-7" },
		{ "Claude:\377claude", false, NULL },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		struct ident id;
		char *model = NULL;
		bool ai;

		ident_parse(&id, t[i].who);
		ai = lint_is_ai_ident(cat, &id, NULL, &model);
		if (ai != t[i].ai) {
			print_error("'%s': ai %d\n", t[i].who, ai);
			fail();
		}
		if (t[i].model)
			assert_string_equal(model ? model : "", t[i].model);
		free(model);
		ident_release(&id);
	}
}

/*
 * Attribution values: the finding, its severity, its corrected line and
 * what its message must say.
 */
struct sev_case {
	const char *name;
	const char *msg;
	const char *id;
	int sev;		/* -1: the id must not be found */
	const char *fix;	/* NULL: not checked; "": none */
	const char *says;	/* part of the message, or NULL */
	bool llm;
};

#define AB(v) H "Assisted-by: " v "\n" SOB
#define NONE (-1)

static const struct sev_case sev_cases[] = {
	/* item 6: strict values, helpful corrections */
	{ "misspelt model", AB("Claude:claude-opsu-4-5"), "ASSISTED_BY_MODEL",
	  SEV_WARNING, "Assisted-by: Claude:claude-opus-4-5", "did you mean" },
	{ "model of another family", AB("Claude:gpt-5"), "ASSISTED_BY_MODEL",
	  SEV_ERROR, "", "Codex" },
	{ "family written twice", AB("Claude:claude-claude-4-sonnet"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Claude:claude-sonnet-4" },
	{ "model newer than the catalogue", AB("Claude:claude-opus-4-8"),
	  "ASSISTED_BY_MODEL", NONE },
	{ "harness runs another vendor's model", AB("Cursor:claude-opus-4-6"),
	  "ASSISTED_BY_MODEL", NONE },
	{ "harness's spelling of the model", AB("Cursor:claude-4.6-opus"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Cursor:claude-opus-4-6" },
	{ "dots in a Claude id", AB("Claude:claude-opus-4.8"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Claude:claude-opus-4-8" },
	{ "context size after the id", AB("Claude:claude-opus-4-7[1m]"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Claude:claude-opus-4-7" },
	{ "dashes in a gpt version", AB("Codex:gpt-5-5"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Codex:gpt-5.5" },
	{ "reasoning effort after the id", AB("Codex:GPT-5.5-xhigh"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Codex:gpt-5.5" },
	{ "vendor before the id", AB("kres:openai-gpt-5"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: kres:gpt-5" },
	{ "display spelling under an unknown agent",
	  AB("ChatGPT:GPT-5.5-Thinking"), "ASSISTED_BY_MODEL", SEV_WARNING,
	  "Assisted-by: ChatGPT:gpt-5.5-thinking" },
	{ "a context size is part of a gpt id", AB("Codex:gpt-4-32k"),
	  "ASSISTED_BY_MODEL", NONE },
	{ "harness runs a model of no catalogue family",
	  AB("Claude-Code:GLM-5.2"), "ASSISTED_BY_MODEL", NONE },
	{ "a version for the model", AB("GLM:5.1 Z.ai"), "ASSISTED_BY_MODEL",
	  SEV_WARNING, "", "version number" },
	{ "Copilot hosts gpt", AB("Copilot:gpt-5"), "ASSISTED_BY_MODEL", NONE },
	{ "misspelt agent", AB("Cladue:claude-opus-4-5"), "ASSISTED_BY_AGENT",
	  SEV_WARNING, "Assisted-by: Claude:claude-opus-4-5", "did you mean" },
	{ "unknown agent of its own", AB("kres:claude-opus-4-6"),
	  "ASSISTED_BY_AGENT", NONE },
	{ "display name, no colon", AB("Claude Opus 4.8"), "ASSISTED_BY_FORMAT",
	  SEV_ERROR, "Assisted-by: Claude:claude-opus-4-8" },
	{ "display name after the colon", AB("Claude:Opus 4.8"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Claude:claude-opus-4-8" },
	{ "odd spelling", AB("Claude:Sonnet 4.6"), "ASSISTED_BY_MODEL",
	  SEV_WARNING, "Assisted-by: Claude:claude-sonnet-4-6" },
	{ "Gemini display name", AB("Gemini:1.5 Pro [google]"),
	  "ASSISTED_BY_MODEL", SEV_WARNING, "Assisted-by: Gemini:gemini-1.5-pro" },
	{ "agent and model id", AB("Claude claude-4-sonnet"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: Claude:claude-sonnet-4" },
	{ "model in angle brackets", AB("Claude <claude-sonnet-4-6>"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: Claude:claude-sonnet-4-6" },
	{ "model in a note after the address",
	  AB("Claude Code <noreply@anthropic.com> (claude-opus-4-6)"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: Claude:claude-opus-4-6" },
	{ "model in brackets after the address",
	  AB("Claude Code <noreply@anthropic.com> [claude-opus-4-6]"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: Claude:claude-opus-4-6" },
	{ "unknown agent, model in a note", AB("kres (claude-opus-4-7)"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: kres:claude-opus-4-7" },
	{ "two-word agent before the colon", AB("Claude Code:claude-sonnet-4-6"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: Claude:claude-sonnet-4-6" },
	{ "GitHub Copilot before the colon", AB("GitHub Copilot:claude-sonnet-4-6"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: Copilot:claude-sonnet-4-6" },
	{ "address for the model", AB("Claude <noreply@anthropic.com>"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "", "--model" },
	{ "address after the colon", AB("Claude:<noreply@anthropic.com>"),
	  "ASSISTED_BY_MODEL", SEV_ERROR, "", "--model" },
	{ "vendor note for the model", AB("Claude:(Anthropic)"),
	  "ASSISTED_BY_MODEL", SEV_ERROR, "", "--model" },
	{ "vendor note, no colon", AB("Claude (Anthropic Claude Code)"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "", "--model" },
	{ "display name with a note", AB("Claude Opus 4.7 (1M context)"),
	  "ASSISTED_BY_FORMAT", SEV_ERROR, "Assisted-by: Claude:claude-opus-4-7" },
	{ "model with a colon", AB("Claude:claude:opus"), "ASSISTED_BY_FORMAT",
	  SEV_ERROR },
	{ "a model line, no version", AB("claude:opus"), "ASSISTED_BY_MODEL",
	  SEV_WARNING, "", "--model" },
	{ "placeholder model", AB("Claude:unspecified"), "ASSISTED_BY_MODEL",
	  SEV_WARNING, "", "--model" },
	{ "placeholder model unknown", AB("Codex:unknown"), "ASSISTED_BY_MODEL",
	  SEV_WARNING, "", "--model" },
	/* a placeholder agent discloses no AI: an error, no proposal */
	{ "placeholder agent", AB("none:none"), "ASSISTED_BY_AGENT",
	  SEV_ERROR, "", "--agent" },
	{ "placeholder agent unknown", AB("unknown:claude-opus-4-5"),
	  "ASSISTED_BY_AGENT", SEV_ERROR, "", "--agent" },
	{ "stray byte", AB("Claude:\377claude"), "ASSISTED_BY_MODEL", SEV_ERROR,
	  "", "--model" },
	{ "stray byte inside", AB("Claude:claude\240opus-4-5"),
	  "ASSISTED_BY_MODEL", SEV_ERROR, "", "--model" },
	{ "kernel-llm: address for a tool", AB("LLM <noreply@anthropic.com>"),
	  "ASSISTED_BY_FORMAT", SEV_WARNING, "Assisted-by: LLM", NULL, true },
	{ "kernel-llm: a bracketed list", AB("LLM [triage, codegen, tests]"),
	  "ASSISTED_BY_FORMAT", SEV_WARNING, "Assisted-by: LLM triage codegen tests",
	  NULL, true },
	/* item 8: slips checkpatch accepts are warnings */
	{ "literal brackets", AB("Claude:claude-opus-4-7 [bpftrace] [tshark]"),
	  "ASSISTED_BY_FORMAT", SEV_WARNING,
	  "Assisted-by: Claude:claude-opus-4-7 bpftrace tshark" },
	{ "harness in the tool slot", AB("Claude:claude-opus-4-7 [Claude Code]"),
	  "ASSISTED_BY_FORMAT", SEV_WARNING, "Assisted-by: Claude:claude-opus-4-7",
	  "Claude Code" },
	{ "agent's name for the model", AB("Claude:Claude-Code"),
	  "ASSISTED_BY_MODEL", SEV_ERROR, "", "--model" },
	{ "a description in brackets", AB("Claude:claude-opus-4-5 [table layout & wording]"),
	  "ASSISTED_BY_FORMAT", SEV_WARNING, "Assisted-by: Claude:claude-opus-4-5",
	  "describes" },
	{ "two tools in one bracket", AB("Claude:claude-opus-4-5 [smatch coccinelle]"),
	  "ASSISTED_BY_FORMAT", SEV_WARNING,
	  "Assisted-by: Claude:claude-opus-4-5 smatch coccinelle" },
	{ "harness word as a tool", AB("Claude:claude-opus-4-8 Claude-Code"),
	  "ASSISTED_BY_FORMAT", SEV_WARNING, "Assisted-by: Claude:claude-opus-4-8" },
	{ "changelog above the divider",
	  H SOB "\nChanges in v2:\n- renamed foo\n", "TRAILERS_MISPLACED",
	  SEV_ERROR, NULL, "last paragraph" },
	{ "changelog: no MISSING_SIGNOFF", H SOB "\nChanges in v2:\n- foo\n",
	  "MISSING_SIGNOFF", NONE },
	{ "Assisted-by above the trailer block",
	  "S\n\nBody.\n\nAssisted-by: Claude:claude-opus-4-5\n\n"
	  "Fixes: 0123456789ab (\"x\")\n" SOB, "ASSISTED_BY_MISPLACED",
	  SEV_WARNING, "", "last paragraph" },
	{ "Assisted-by in the trailer block", AB("Claude:claude-opus-4-5"),
	  "ASSISTED_BY_MISPLACED", NONE },
	{ "Assisted-by: named in prose", "S\n\nI added the Assisted-by: tag.\n\n"
	  SOB, "ASSISTED_BY_MISPLACED", NONE },
	/* item 7: identity, not tag name */
	{ "Generated-by an AI", H "Generated-by: Claude Opus 4.7 <noreply@anthropic.com>\n" SOB,
	  "VENDOR_TRAILER", SEV_ERROR, "Assisted-by: Claude:claude-opus-4-7" },
	{ "Suggested-by an AI", H "Suggested-by: Codex <noreply@openai.com>\n" SOB,
	  "VENDOR_TRAILER", SEV_ERROR },
	{ "Reviewed-by an AI", H "Reviewed-by: gemini-2.5-pro\n" SOB,
	  "VENDOR_TRAILER", SEV_ERROR, "Assisted-by: Gemini:gemini-2.5-pro" },
	{ "GPT display name co-author", H "Co-authored-by: GPT 4 Turbo\n" SOB,
	  "VENDOR_TRAILER", SEV_ERROR, "Assisted-by: Codex:gpt-4-turbo" },
	{ "a person at an AI vendor", H "Co-authored-by: Jane Doe <jane@anthropic.com>\n" SOB,
	  "VENDOR_TRAILER", NONE },
	{ "employer note", H "Suggested-by: Jane Doe (Anthropic) <jane@anthropic.com>\n" SOB,
	  "VENDOR_TRAILER", NONE },
	{ "a person named Claude", H "Co-authored-by: Claude Dupont <claude@personal.example>\n" SOB,
	  "VENDOR_TRAILER", NONE },
	{ "Claude at a personal address signs off",
	  H "Signed-off-by: Claude <claude.dupont@personal.example>\n",
	  "AI_SIGNOFF", NONE },
	{ "Claude at a personal address is a human sign-off",
	  H "Signed-off-by: Claude <claude.dupont@personal.example>\n",
	  "MISSING_SIGNOFF", NONE },
	{ "emoji footer, plain", "S\n\nBody.\n\n\xf0\x9f\xa4\x96 Generated with Claude Code\n\n" SOB,
	  "VENDOR_FOOTER", SEV_WARNING },
	{ "emoji footer, plain: traces", "S\n\nBody.\n\n\xf0\x9f\xa4\x96 Generated with Claude Code\n\n" SOB,
	  "MISSING_DISCLOSURE", SEV_ERROR, "", "--model" },
	{ "Generated by AI", "S\n\nBody.\n\nGenerated by AI\n\n" SOB,
	  "VENDOR_FOOTER", SEV_WARNING },
	{ "Generated by AI: traces", "S\n\nBody.\n\nGenerated by AI\n\n" SOB,
	  "MISSING_DISCLOSURE", SEV_ERROR, "", "--agent" },
	{ "Claude-Workflow", H "Claude-Workflow: review\n" SOB,
	  "VENDOR_TRAILER", SEV_ERROR },
};

static void run_sev_case(const struct sev_case *c)
{
	struct message *m;
	struct lint_result res;
	struct lint_opts o = { c->llm ? FORM_LLM : FORM_AGENT_MODEL, cat };
	const struct finding *f;
	bool bad = false;

	message_parse(&m, c->msg, strlen(c->msg), '#');
	lint_message(&res, m, NULL, &o);
	f = find(&res, c->id);
	if (c->sev == NONE) {
		bad = f != NULL;
	} else if (!f || (int)f->severity != c->sev) {
		bad = true;
	} else if (c->fix && strcmp(f->fix ? f->fix : "", c->fix)) {
		bad = true;
	} else if (c->says && !strstr(f->message, c->says)) {
		bad = true;
	}
	if (bad) {
		print_error("case '%s': want %s %s fix '%s' saying '%s'\n",
			    c->name, c->id, c->sev == NONE ? "absent" :
			    severity_name((enum severity)c->sev),
			    c->fix ? c->fix : "-", c->says ? c->says : "-");
		for (size_t i = 0; i < res.nr; i++)
			print_error("  %s %s: %s [fix: %s]\n", res.findings[i].id,
				    severity_name(res.findings[i].severity),
				    res.findings[i].message,
				    res.findings[i].fix ? res.findings[i].fix : "-");
		fail();
	}
	lint_result_release(&res);
	message_free(m);
}

static void test_severity(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(sev_cases); i++)
		run_sev_case(&sev_cases[i]);
}

/* Lint msg; every Assisted-by line it proposes must itself be clean. */
static size_t check_proposals(const char *msg, enum policy_form form)
{
	struct message *m;
	struct lint_result res;
	struct lint_opts o = { form, cat };
	size_t n = 0;

	message_parse(&m, msg, strlen(msg), '#');
	lint_message(&res, m, NULL, &o);
	for (size_t i = 0; i < res.nr; i++) {
		const char *fix = res.findings[i].fix;
		struct buf b = BUF_INIT;
		struct message *m2;
		struct lint_result r2;

		if (!fix || strncmp(fix, "Assisted-by:", 12))
			continue;
		n++;
		buf_addf(&b, H "%s\n" SOB, fix);
		message_parse(&m2, b.ptr, b.len, '#');
		lint_message(&r2, m2, NULL, &o);
		if (r2.errors || r2.warnings) {
			print_error("'%s' proposes '%s', which is not clean:\n",
				    msg, fix);
			for (size_t j = 0; j < r2.nr; j++)
				print_error("  %s: %s\n", r2.findings[j].id,
					    r2.findings[j].message);
			fail();
		}
		buf_reset(&b);
		buf_addf(&b, "\n%s\n", fix);
		if (strstr(msg, b.ptr)) {
			print_error("'%s' proposes itself\n", msg);
			fail();
		}
		lint_result_release(&r2);
		message_free(m2);
		buf_release(&b);
	}
	lint_result_release(&res);
	message_free(m);
	return n;
}

/* Every corrected line the checker proposes passes the checker. */
static void test_proposals_pass(void **state)
{
	static const char *const values[] = {
		"claude-opus-4-6", "Codex gpt-5.5", "Claude: claude-opus-4-5 sparse",
		"gemini-9-ultra", "Claude:claude-opsu-4-5", "Cladue:claude-opus-4-5",
		"Claude Opus 4.8", "Claude:Opus 4.8", "Claude:Sonnet 4.6",
		"Gemini:1.5 Pro [google]", "Claude claude-4-sonnet",
		"Claude claude-claude-4-sonnet", "Claude <claude-sonnet-4-6>",
		"Claude <noreply@anthropic.com>", "Claude:<noreply@anthropic.com>",
		"Claude:(Anthropic)", "Claude (Anthropic)",
		"Claude (Anthropic Claude Code)", "Claude Opus 4.7 (1M context)",
		"Claude Sonnet 5 <noreply@anthropic.com>", "Claude:claude:opus",
		"Claude:unspecified", "Claude:\377claude", "Claude:claude\240opus-4-5",
		"Claude:claude-opus-4-7 [bpftrace] [tshark]",
		"Claude:claude-opus-4-7 [Claude Code]",
		"Claude:claude-opus-4-8 [Claude-Code]", "Claude:Opus-4.7",
		"Cursor:claude-4.6-opus", "Claude:claude-opus-4-7[1m]",
		"Kiro:claude-opus-4.6-1m", "Codex:gpt-5-5-xhigh",
		"Codex:GPT-5.5-xhigh", "kres:openai-gpt-5",
		"ChatGPT:GPT-5.5-Thinking", "GLM:5.1 Z.ai",
		"Claude:claude-sonnet-4.6 # test USB gadget",
		"Claude:claude-opus-4-5 [table layout & wording]",
		"Claude:claude-3-opus [coccinelle] [sparse] git",
		"Claude Code <noreply@anthropic.com> (claude-opus-4-6)",
		"Claude Code <noreply@anthropic.com> [claude-opus-4-6]",
		"kres (claude-opus-4-7)", "Claude Code:claude-sonnet-4-6",
		"GitHub Copilot <copilot@github.com>",
		"LLM sparse", "Codex:GPT-5.5", "Claude:opus-4.8", "claude:opus",
	};
	static const char *const trailers[] = {
		"Co-Authored-By: Claude Opus 4.8 <noreply@anthropic.com>",
		"Co-Authored-By: Claude Opus 4.7 (1M context) <noreply@anthropic.com>",
		"Co-developed-by: Claude claude-4-sonnet",
		"Co-developed-by: claude-claude-4-sonnet",
		"Co-authored-by: GPT 4 Turbo",
		"Generated-by: Claude Opus 4.7 <noreply@anthropic.com>",
		"Co-authored-by: aider (gpt-4o) <aider@aider.chat>",
	};
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
		struct buf b = BUF_INIT;

		buf_addf(&b, AB("%s"), values[i]);
		n += check_proposals(b.ptr, FORM_AGENT_MODEL);
		n += check_proposals(b.ptr, FORM_LLM);
		buf_release(&b);
	}
	for (size_t i = 0; i < ARRAY_SIZE(trailers); i++) {
		struct buf b = BUF_INIT;

		buf_addf(&b, H "%s\n" SOB, trailers[i]);
		n += check_proposals(b.ptr, FORM_AGENT_MODEL);
		buf_release(&b);
	}
	assert_true(n > 30);
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
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_author_mismatch),
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_merge_signoff),
		cmocka_unit_test(test_check_changelog),
		cmocka_unit_test(test_spdx_findings),
		cmocka_unit_test(test_sanitize),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_ai_ident),
		cmocka_unit_test(test_severity),
		cmocka_unit_test(test_proposals_pass),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
