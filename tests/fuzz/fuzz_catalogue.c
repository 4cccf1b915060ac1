/*
 * The catalogue JSON loader (catalogue_add_json), as it reads a user's
 * $XDG_CONFIG_HOME/git-disclose/NAME.json, into an empty catalogue
 * (the built-in one is a seed), then the lookups that use it.
 *
 * Properties: no crash, no leak on any error path; a refused file says
 * why; a loaded file can be loaded a second time (merging is
 * idempotent in the agent count); the catalogue still prints as JSON
 * that parses.
 */
#include <string.h>

#include "catalogue.h"
#include "fuzz.h"
#include "json.h"
#include "util.h"

static void lookups(const struct catalogue *c)
{
	char *model = NULL;

	(void)catalogue_agent(c, "claude");
	(void)catalogue_agent_for_model(c, "claude-opus-4-5", NULL);
	(void)catalogue_agent_for_model(c, "gpt-5", catalogue_agent(c, "Copilot"));
	(void)catalogue_identity(c, "Claude Opus 4.5", "noreply@anthropic.com",
				 &model);
	free(model);
	(void)catalogue_identity(c, "Hu Man (aider)", "hu@example.org", &model);
	free(model);
	(void)catalogue_identity(c, "x", NULL, &model);
	free(model);
	(void)catalogue_tool(c, "sparse");
	(void)catalogue_tool(c, "gcc");
	for (size_t i = 0; i < c->nr_agents; i++) {
		for (size_t j = 0; j < c->agents[i].nr_models; j++)
			(void)catalogue_agent_for_model(c,
				c->agents[i].models[j].id, &c->agents[i]);
		(void)catalogue_identity(c, c->agents[i].name, NULL, &model);
		free(model);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct catalogue *c;
	cJSON *root;
	char *json;
	size_t agents;

	c = xcalloc(1, sizeof(*c));
	error_clear();
	if (catalogue_add_json(c, (const char *)data, size, "fuzz.json") < 0) {
		FUZZ_CHECK(*error_last() && strcmp(error_last(), "unknown error"));
		FUZZ_CHECK(strstr(error_last(), "fuzz.json"));
	} else {
		agents = c->nr_agents;
		FUZZ_CHECK(catalogue_add_json(c, (const char *)data, size,
					      "fuzz.json") == 0);
		FUZZ_CHECK(c->nr_agents == agents);
	}
	lookups(c);
	json = catalogue_to_json(c, NULL);
	FUZZ_CHECK(json_parse(&root, json, strlen(json), "printed") == 0);
	cJSON_Delete(root);
	free(json);
	catalogue_free(c);
	return 0;
}
