#include "answers.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

void answers_add_tool(struct answers *a, const char *tool)
{
	size_t n = strv_len(a->tools);

	a->tools = xrealloc(a->tools, (n + 2) * sizeof(*a->tools));
	a->tools[n] = xstrdup(tool);
	a->tools[n + 1] = NULL;
}

void answers_release(struct answers *a)
{
	free(a->agent);
	free(a->model);
	free(a->policy);
	json_strv_free(a->tools);
	memset(a, 0, sizeof(*a));
}

/* Fill *field from key when the option did not set it. */
static int from_config(char **field, struct repo *r, const char *key)
{
	if (*field)
		return 0;
	return repo_config_get(field, r, key);
}

static int tools_from_config(struct answers *a, struct repo *r)
{
	char *v = NULL, *save = NULL;

	if (a->tools || a->no_tools)
		return 0;
	if (repo_config_get(&v, r, "disclose.tools") < 0)
		return -1;
	a->tools = xcalloc(1, sizeof(*a->tools));
	for (char *t = v ? strtok_r(v, " \t,", &save) : NULL; t;
	     t = strtok_r(NULL, " \t,", &save))
		answers_add_tool(a, t);
	free(v);
	return 0;
}

static int resolve_agent(char **agent, const char *model,
			 const struct catalogue *c)
{
	const struct cat_agent *known;

	if (!*agent && model) {
		known = catalogue_agent_for_model(c, model, NULL);
		if (!known)
			return error_set("model '%s' does not tell which agent was used: pass --agent NAME (e.g. --agent Claude)",
					 model);
		*agent = xstrdup(known->name);
		return 0;
	}
	if (!*agent)
		return error_set("which AI agent helped? pass --agent NAME and --model VERSION (e.g. --agent Claude --model claude-opus-4-5); see git disclose catalogue");
	known = catalogue_agent(c, *agent);
	if (known && strcmp(known->name, *agent)) {
		free(*agent);
		*agent = xstrdup(known->name);
	}
	return 0;
}

int answers_resolve(struct assisted **out, enum policy_form *form,
		    struct answers *a, struct repo *r,
		    const struct catalogue *c)
{
	struct policy_choice pc;
	struct assisted *as;

	*out = NULL;
	if (policy_resolve(&pc, a->policy, r, a->range) < 0)
		return -1;
	*form = pc.policy.form;
	if (!a->policy && pc.origin == POLICY_FROM_CONFIG)
		a->policy = xstrdup(pc.policy.name);
	policy_choice_release(&pc);
	if (tools_from_config(a, r) < 0)
		return -1;
	if (*form == FORM_LLM) {
		as = assisted_new("LLM", NULL);
	} else {
		if (from_config(&a->agent, r, "disclose.agent") < 0 ||
		    from_config(&a->model, r, "disclose.model") < 0 ||
		    resolve_agent(&a->agent, a->model, c) < 0 ||
		    assisted_check_agent(a->agent) < 0)
			return -1;
		/* the tool-name form: the name alone will do */
		if (!a->model && *form != FORM_TOOL_NAME)
			return error_set("which model of %s? pass --model VERSION (e.g. %s); see git disclose catalogue",
					 a->agent, !strcmp(a->agent, "Claude") ?
					 "--model claude-opus-4-5" : "--model gpt-5");
		as = assisted_new(a->agent, a->model);
	}
	for (char **t = a->tools; t && *t; t++)
		assisted_add_tool(as, *t);
	if (assisted_resolve(as, c) < 0) {
		assisted_free(as);
		return -1;
	}
	*out = as;
	return 0;
}

int answers_save(const struct assisted *as, const char *policy,
		 struct repo *r)
{
	struct buf tools = BUF_INIT;
	int rc = 0;

	for (char **t = as->tools; t && *t; t++)
		buf_addf(&tools, "%s%s", tools.len ? " " : "", *t);
	if (policy)
		rc = repo_config_set(r, "disclose.policy", policy);
	/* the LLM form has no model to remember */
	if (rc == 0 && as->model)
		rc = repo_config_set(r, "disclose.agent", as->agent);
	if (rc == 0 && as->model)
		rc = repo_config_set(r, "disclose.model", as->model);
	if (rc == 0)
		rc = repo_config_set(r, "disclose.tools", buf_cstr(&tools));
	buf_release(&tools);
	return rc;
}
