/* Assisted-by values and the catalogue. */
#include "unit.h"

#include "assisted.h"
#include "catalogue.h"
#include "util.h"

static void test_parse_format(void **state)
{
	static const struct {
		const char *in;
		enum policy_form form;
		const char *out;	/* NULL: refused */
	} cases[] = {
		{ "Claude:claude-3-opus coccinelle sparse", FORM_AGENT_MODEL,
		  "Claude:claude-3-opus coccinelle sparse" },
		{ "  Codex:gpt-5.5   smatch ", FORM_AGENT_MODEL, "Codex:gpt-5.5 smatch" },
		{ "claude-opus-4-6", FORM_AGENT_MODEL, NULL },
		{ "Codex gpt-5.5", FORM_AGENT_MODEL, NULL },
		{ ":model", FORM_AGENT_MODEL, NULL },
		{ "agent:", FORM_AGENT_MODEL, NULL },
		{ "a:b:c", FORM_AGENT_MODEL, NULL },
		{ "", FORM_AGENT_MODEL, NULL },
		{ "LLM coccinelle", FORM_LLM, "LLM coccinelle" },
		{ "LLM", FORM_LLM, "LLM" },
		{ "Claude:x", FORM_LLM, NULL },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct assisted *a;
		int rc = assisted_parse(&a, cases[i].in, cases[i].form);

		print_message("case: '%s'\n", cases[i].in);
		if (!cases[i].out) {
			assert_int_equal(rc, -1);
			assert_null(a);
			continue;
		}
		assert_int_equal(rc, 0);
		char *s = assisted_format(a, cases[i].form);

		assert_string_equal(s, cases[i].out);
		free(s);
		assisted_free(a);
	}
}

static void test_validate(void **state)
{
	static const struct {
		const char *agent, *model, *tool, *why;	/* why: NULL = ok */
	} cases[] = {
		{ "Claude", "claude-3-opus", "coccinelle", NULL },
		{ "Claude", "claude-3-opus", "my-own-checker", NULL },
		{ "Claude Code", "m", NULL, "whitespace" },
		{ "a:b", "m", NULL, "':'" },
		{ "", "m", NULL, "--agent" },
		{ "Claude", "", NULL, "--model" },
		{ "Claude", "claude 3", NULL, "whitespace" },
		{ "Claude", "m", "gcc", "basic development tool" },
		{ "Claude", "m", "GIT", "basic development tool" },
		{ "Claude", "m", "vim", "editor" },
		{ "Claude", "m", "make", "build tool" },
		{ "Claude", "m", "clang", "compiler" },
		{ "Claude", "m", "clang-tidy", NULL },
		{ "Claude", "m", "two words", "single word" },
		{ "Claude", "claude-opsu-4-5", NULL, "did you mean 'claude-opus-4-5'" },
		{ "Claude", "gpt-5", NULL, "Codex" },
		{ "Codex", "claude-opus-4-5", NULL, "Claude" },
		{ "Claude", "claude:opus", NULL, "':'" },
		{ "Claude", "claude\240opus-4-5", NULL, "plain ASCII" },
		{ "Claude", "\377claude", NULL, "plain ASCII" },
		{ "Claude", "<noreply@anthropic.com>", NULL, "not a model" },
		{ "Claude", "claude-opus-4-8", NULL, NULL },
		{ "Claude", "claude-opus-4-7[1m]", NULL, NULL },
		{ "Copilot", "claude-sonnet-4-5", NULL, NULL },
		{ "Cursor", "gpt-5", NULL, NULL },
		{ "Claude", "glm-5.2", NULL, NULL },
		{ "Gemini", "gemini-1.5-pro", NULL, NULL },
	};
	struct catalogue *c;

	assert_int_equal(catalogue_load_builtin(&c), 0);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct assisted *a = assisted_new(cases[i].agent, cases[i].model);
		int rc;

		if (cases[i].tool)
			assisted_add_tool(a, cases[i].tool);
		rc = assisted_validate(a, FORM_AGENT_MODEL, c);
		print_message("case: %s %s %s\n", cases[i].agent,
			      cases[i].model, cases[i].tool ? cases[i].tool : "");
		if (!cases[i].why) {
			assert_int_equal(rc, 0);
		} else {
			assert_int_equal(rc, -1);
			assert_non_null(strstr(error_last(), cases[i].why));
		}
		assisted_free(a);
	}
	catalogue_free(c);
}

/* One alias function for the command line and the assistant. */
static void test_resolve(void **state)
{
	static const struct {
		const char *agent, *model;	/* as typed */
		const char *out;		/* NULL: refused */
		const char *why;
	} cases[] = {
		{ "Claude Code", "claude-opus-4-5", "Claude:claude-opus-4-5" },
		{ "claude-code", "Claude Opus 4.8", "Claude:claude-opus-4-8" },
		{ "Claude", "Opus 4.8", "Claude:claude-opus-4-8" },
		{ "Claude", "Claude Sonnet 4.5", "Claude:claude-sonnet-4-5" },
		{ "Gemini", "Gemini 1.5 Pro", "Gemini:gemini-1.5-pro" },
		{ "gemini-cli", "Gemini 2.5 Flash", "Gemini:gemini-2.5-flash" },
		{ "Codex", "GPT-5", "Codex:gpt-5" },
		{ "Claude", "claude-opsu-4-5", NULL, "did you mean" },
		{ "Claude", "gpt-5", NULL, "Codex" },
		{ "Claude", "claude:opus", NULL, "':'" },
		{ "Claude", "Claude Dupont", NULL, "whitespace" },
		{ "Frobnicator", "frob-1", "Frobnicator:frob-1" },
	};
	struct catalogue *c;

	assert_int_equal(catalogue_load_builtin(&c), 0);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct assisted *a = assisted_new(cases[i].agent, cases[i].model);
		int rc = assisted_resolve(a, c);

		print_message("resolve: '%s' '%s'\n", cases[i].agent,
			      cases[i].model);
		if (!cases[i].out) {
			assert_int_equal(rc, -1);
			print_message("  -> %s\n", error_last());
			assert_non_null(strstr(error_last(), cases[i].why));
			error_clear();
		} else {
			char *s;

			assert_int_equal(rc, 0);
			s = assisted_format(a, FORM_AGENT_MODEL);
			assert_string_equal(s, cases[i].out);
			free(s);
		}
		assisted_free(a);
	}
	catalogue_free(c);
}

static void test_catalogue_lookup(void **state)
{
	static const struct {
		const char *name, *email, *agent, *model;
	} ids[] = {
		{ "Claude", "noreply@anthropic.com", "Claude", NULL },
		{ "Claude Opus 4.5", "noreply@anthropic.com", "Claude",
		  "claude-opus-4-5" },
		{ "Claude Sonnet 4.7", "noreply@anthropic.com", "Claude",
		  "claude-sonnet-4-7" },
		{ "aider (gpt-4o)", "aider@aider.chat", "aider", "gpt-4o" },
		{ "aider (claude-3-5-sonnet)", "noreply@aider.dev", "aider",
		  "claude-3-5-sonnet" },
		{ "Cursor", "cursoragent@cursor.com", "Cursor", NULL },
		{ "Codex", "noreply@openai.com", "Codex", NULL },
		{ "copilot-swe-agent[bot]",
		  "198982749+Copilot@users.noreply.github.com", "Copilot", NULL },
		{ "openhands", "openhands@all-hands.dev", "OpenHands", NULL },
		{ "Jane Doe (aider)", "jane@example.org", "aider", NULL },
		{ "Jane Doe", "jane@example.org", NULL, NULL },
		{ "Claude Dupont", "claude@example.fr", NULL, NULL },
		{ "Claude", "claude.dupont@personal.example", NULL, NULL },
		{ "Jane Doe", "jane@anthropic.com", NULL, NULL },
		{ "Claude Opus 4.8", "noreply@anthropic.com", "Claude",
		  "claude-opus-4-8" },
		{ "Claude Opus 4.7 (1M context)", "noreply@anthropic.com",
		  "Claude", "claude-opus-4-7" },
	};
	struct catalogue *c;

	assert_int_equal(catalogue_load_builtin(&c), 0);
	for (size_t i = 0; i < ARRAY_SIZE(ids); i++) {
		char *model;
		const struct cat_agent *a = catalogue_identity(c, ids[i].name,
							       ids[i].email,
							       &model);

		print_message("identity: %s <%s>\n", ids[i].name, ids[i].email);
		if (!ids[i].agent) {
			assert_null(a);
		} else {
			assert_non_null(a);
			assert_string_equal(a->name, ids[i].agent);
		}
		if (ids[i].model)
			assert_string_equal(model, ids[i].model);
		else
			assert_null(model);
		free(model);
	}
	assert_string_equal(catalogue_agent_for_model(c, "claude-opus-4-6",
						      NULL)->name, "Claude");
	assert_string_equal(catalogue_agent_for_model(c, "claude-opus-9",
						      NULL)->name, "Claude");
	assert_string_equal(catalogue_agent_for_model(c, "gpt-5.5", NULL)->name,
			    "Codex");
	assert_string_equal(catalogue_agent_for_model(c, "gpt-5.5",
				catalogue_agent(c, "copilot"))->name, "Copilot");
	assert_string_equal(catalogue_agent_for_model(c, "gemini-9-ultra",
						      NULL)->name, "Gemini");
	assert_null(catalogue_agent_for_model(c, "llama-3", NULL));
	assert_string_equal(catalogue_agent(c, "claude-code")->name, "Claude");
	catalogue_free(c);
}

static void test_catalogue_errors(void **state)
{
	static const struct { const char *json, *why; } cases[] = {
		{ "{\"agents\": [", "line 1" },
		{ "[1, 2]", "top level must be a JSON object" },
		{ "{\"agents\": 3}", "'agents' must be an array" },
		{ "{\"agents\": [{\"name\": 3}]}", "must be a string" },
		{ "{\"a\": 1, \"a\": 2}", "duplicate key 'a'" },
		{ "{\"agents\": [{\"name\": \"Two Words\"}]}", "one word" },
		{ "{\n\"agents\": [\n{\"name\": \"X\",,}]}", "line 3" },
	};
	struct catalogue *c;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		assert_int_equal(catalogue_load_builtin(&c), 0);
		print_message("json: %s\n", cases[i].json);
		assert_int_equal(catalogue_add_json(c, cases[i].json,
						    strlen(cases[i].json),
						    "test.json"), -1);
		assert_non_null(strstr(error_last(), "test.json"));
		assert_non_null(strstr(error_last(), cases[i].why));
		catalogue_free(c);
	}
}

static void test_catalogue_extend(void **state)
{
	static const char ext[] = "{\"agents\": [{\"name\": \"Claude\", "
		"\"models\": [{\"id\": \"claude-next\", \"names\": [\"Claude Next\"]}]},"
		"{\"name\": \"Devin\", \"identities\": {\"emails\": [\"devin@cognition.ai\"]}}],"
		"\"analysis_tools\": [{\"name\": \"infer\"}]}";
	struct catalogue *c;
	char *model;

	assert_int_equal(catalogue_load_builtin(&c), 0);
	assert_int_equal(catalogue_add_json(c, ext, strlen(ext), "ext"), 0);
	assert_non_null(catalogue_model(catalogue_agent(c, "Claude"),
					"Claude Next"));
	assert_string_equal(catalogue_identity(c, "Devin", "devin@cognition.ai",
					       &model)->name, "Devin");
	assert_false(catalogue_tool(c, "infer")->basic);
	catalogue_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_format),
		cmocka_unit_test(test_validate),
		cmocka_unit_test(test_resolve),
		cmocka_unit_test(test_catalogue_lookup),
		cmocka_unit_test(test_catalogue_errors),
		cmocka_unit_test(test_catalogue_extend),
	};

	return cmocka_run_group_tests_name("assisted", tests, NULL, NULL);
}
