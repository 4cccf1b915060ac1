/* The catalogue: display names to model ids, spelling suggestions. */
#include "unit.h"

#include "catalogue.h"
#include "util.h"

static struct catalogue *cat;

static const struct cat_agent *agent(const char *name)
{
	return name ? catalogue_agent(cat, name) : NULL;
}

/* Display names and ids map to ids, newer versions too; people do not. */
static void test_model_id(void **state)
{
	static const struct {
		const char *agent, *text, *id;	/* id NULL: cannot be told */
	} cases[] = {
		{ "Claude", "Claude Opus 4.8", "claude-opus-4-8" },
		{ "Claude", "Opus 4.8", "claude-opus-4-8" },
		{ "Claude", "Sonnet 4.6", "claude-sonnet-4-6" },
		{ "Claude", "Opus-4.7", "claude-opus-4-7" },
		{ "Claude", "Claude Sonnet 5", "claude-sonnet-5" },
		{ "Claude", "claude-opus-4-5", "claude-opus-4-5" },
		{ "Claude", "claude claude-4-sonnet", "claude-sonnet-4" },
		{ "Claude", "claude-claude-4-sonnet", "claude-sonnet-4" },
		/* ids as harnesses and people write them (lore mails) */
		{ "Claude", "claude-opus-4.6", "claude-opus-4-6" },
		{ "Claude", "claude-opus-4.8", "claude-opus-4-8" },
		{ "Claude", "claude-4.6-opus", "claude-opus-4-6" },
		{ "Claude", "claude-opus-4-7[1m]", "claude-opus-4-7" },
		{ "Claude", "claude-opus-4.6-1m", "claude-opus-4-6" },
		{ "Claude", "claude-5-4-opus", "claude-5-4-opus" },
		{ "Claude", "claude-fable-5", NULL },
		{ "Codex", "gpt-5-5", "gpt-5.5" },
		{ "Codex", "gpt-5-4", "gpt-5.4" },
		{ "Codex", "gpt-5-5-xhigh", "gpt-5.5" },
		{ "Codex", "GPT-5.5-xhigh", "gpt-5.5" },
		{ "Codex", "openai-gpt-5", "gpt-5" },
		{ "Codex", "o4-mini-high", "o4-mini" },
		{ "Codex", "gpt-4-32k", "gpt-4-32k" },
		{ "Codex", "gpt-4-0613", "gpt-4-0613" },
		{ "Codex", "gpt-5.3-codex", "gpt-5.3-codex" },
		{ "Gemini", "gemini-2-5-pro", "gemini-2.5-pro" },
		{ "Cursor", "claude-4.6-opus", "claude-opus-4-6" },
		{ "Claude", "GLM-5.2", NULL },
		{ "Claude", "<claude-sonnet-4-6>", "claude-sonnet-4-6" },
		{ "Claude", "Claude Opus 4.7 (1M context)", "claude-opus-4-7" },
		{ "Claude", "Claude 3.7 Sonnet", "claude-3-7-sonnet" },
		{ "Gemini", "Gemini 1.5 Pro", "gemini-1.5-pro" },
		{ "Gemini", "1.5 Pro", "gemini-1.5-pro" },
		{ "Codex", "GPT-5.5", "gpt-5.5" },
		{ "Codex", "GPT 4 Turbo", "gpt-4-turbo" },
		{ NULL, "GPT 4 Turbo", "gpt-4-turbo" },
		{ NULL, "Claude Opus 4.8", "claude-opus-4-8" },
		{ "Claude", "Claude Dupont", NULL },
		{ "Claude", "Claude", NULL },
		{ "Claude", "(Anthropic)", NULL },
		{ "Claude", "<noreply@anthropic.com>", NULL },
		{ "Claude", "Opus", NULL },
		{ "Claude", "\377claude", NULL },
		{ "Claude", "claude\240opus-4-5", NULL },
		{ "Claude", "unspecified", NULL },
		{ NULL, "Jane Doe", NULL },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *id = catalogue_model_id(cat, agent(cases[i].agent),
					      cases[i].text);

		print_message("model id: %s '%s' -> %s\n",
			      cases[i].agent ? cases[i].agent : "-",
			      cases[i].text, id ? id : "(none)");
		if (cases[i].id)
			assert_string_equal(id ? id : "(none)", cases[i].id);
		else
			assert_null(id);
		free(id);
	}
}

static void test_suggest(void **state)
{
	static const struct {
		const char *agent, *model, *want;	/* want NULL: none */
	} models[] = {
		{ "Claude", "claude-opsu-4-5", "claude-opus-4-5" },
		{ "Claude", "claude-sonet-4-5", "claude-sonnet-4-5" },
		{ "Claude", "claude-opus-4-8", NULL },
		{ "Claude", "claude-fable-5", NULL },
		{ "Gemini", "gemnii-2.5-pro", "gemini-2.5-pro" },
		{ "Codex", "gpt-5", NULL },
	};
	static const struct { const char *name, *want; } agents[] = {
		{ "Cladue", "Claude" },
		{ "Codx", "Codex" },
		{ "Gemni", "Gemini" },
		{ "kres", NULL },
		{ "0sec", NULL },
		{ "Claude", NULL },
	};

	for (size_t i = 0; i < ARRAY_SIZE(models); i++) {
		char *s = catalogue_suggest_model(cat, agent(models[i].agent),
						  models[i].model);

		print_message("suggest model: %s -> %s\n", models[i].model,
			      s ? s : "(none)");
		if (models[i].want)
			assert_string_equal(s ? s : "(none)", models[i].want);
		else
			assert_null(s);
		free(s);
	}
	for (size_t i = 0; i < ARRAY_SIZE(agents); i++) {
		const struct cat_agent *a = catalogue_suggest_agent(cat,
							agents[i].name);

		print_message("suggest agent: %s\n", agents[i].name);
		if (agents[i].want)
			assert_string_equal(a ? a->name : "(none)",
					    agents[i].want);
		else
			assert_null(a);
	}
}

/* A model is placed in its vendor's family, whoever is asked. */
static void test_family(void **state)
{
	assert_string_equal(catalogue_family_agent(cat, "gpt-5")->name,
			    "Codex");
	assert_string_equal(catalogue_family_agent(cat, "claude-opus-9")->name,
			    "Claude");
	assert_null(catalogue_family_agent(cat, "glm-5.2"));
	assert_null(catalogue_family_agent(cat, "Claude-Code"));
	assert_null(catalogue_family_agent(cat, "gemini-cli"));
	assert_true(catalogue_agent_runs(agent("Claude"), "claude-opus-9"));
	assert_false(catalogue_agent_runs(agent("Claude"), "gpt-5"));
	assert_true(catalogue_agent_runs(agent("Copilot"), "gpt-5"));
	assert_true(catalogue_agent_runs(agent("Cursor"), "claude-4.6-opus"));
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
		cmocka_unit_test(test_model_id),
		cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_family),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
