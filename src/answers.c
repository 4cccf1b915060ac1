#include "answers.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "lint.h"
#include "message.h"
#include "strv.h"
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
	free(a->warning);
	json_strv_free(a->tools);
	memset(a, 0, sizeof(*a));
}

/* Fill *field from key when the option did not set it. */
static int from_config(char **field, bool *remembered, struct repo *r,
		       const char *key)
{
	if (*field)
		return 0;
	if (repo_config_get(field, r, key) < 0)
		return -1;
	*remembered = *field != NULL;
	return 0;
}

static int tools_from_config(struct answers *a, struct repo *r)
{
	char *v = NULL, *save = NULL;

	if (a->tools || a->no_tools)
		return 0;
	if (a->remembered && repo_config_get(&v, r, "disclose.tools") < 0)
		return -1;
	a->tools_remembered = v && *v;
	a->tools = xcalloc(1, sizeof(*a->tools));
	for (char *t = v ? strtok_r(v, " \t,", &save) : NULL; t;
	     t = strtok_r(NULL, " \t,", &save))
		answers_add_tool(a, t);
	free(v);
	return 0;
}

char *answers_remembered_hint(struct repo *r)
{
	char *agent = NULL, *model = NULL;
	struct buf b = BUF_INIT;

	if (r && repo_config_get(&agent, r, "disclose.agent") == 0 &&
	    repo_config_get(&model, r, "disclose.model") == 0 &&
	    (agent || model))
		buf_addf(&b, " (or --remembered for git config's %s%s%s)",
			 agent ? agent : "", agent && model ? ":" : "",
			 model ? model : "");
	error_clear();
	free(agent);
	free(model);
	return buf_detach(&b, NULL);
}

static int resolve_agent(char **agent, const char *model,
			 const struct catalogue *c, struct repo *r)
{
	const struct cat_agent *known;
	char *hint;

	if (!*agent && model) {
		known = catalogue_agent_for_model(c, model, NULL);
		if (!known)
			return error_set("model '%s' does not tell which agent was used: pass --agent NAME (e.g. --agent Claude)",
					 model);
		*agent = xstrdup(known->name);
		return 0;
	}
	if (!*agent) {
		hint = answers_remembered_hint(r);
		error_set("which AI agent helped? pass --agent NAME and --model VERSION (e.g. --agent Claude --model claude-opus-4-5)%s; see git disclose catalogue",
			  hint);
		free(hint);
		return -1;
	}
	known = catalogue_agent(c, *agent);
	if (known && strcmp(known->name, *agent)) {
		free(*agent);
		*agent = xstrdup(known->name);
	}
	return 0;
}

int answers_resolve(struct assisted **out, enum policy_form *form,
		    struct answers *a, struct repo *r, struct catalogue *c)
{
	struct policy_choice pc;
	struct assisted *as;
	bool given;

	*out = NULL;
	if (policy_resolve(&pc, a->policy, r, a->range) < 0)
		return -1;
	/* a line the project's own check rejects is no disclosure */
	if (policy_refuse_declined(&pc.policy) < 0) {
		policy_choice_release(&pc);
		return -1;
	}
	*form = pc.policy.form;
	policy_extend_catalogue(c, &pc);
	free(a->warning);
	a->warning = policy_checkpatch_warning(&pc);
	if (!a->policy && pc.origin == POLICY_FROM_CONFIG)
		a->policy = xstrdup(pc.policy.name);
	policy_choice_release(&pc);
	given = a->agent || a->model || a->tools;
	if (tools_from_config(a, r) < 0)
		return -1;
	if (a->remembered && *form != FORM_LLM &&
	    (from_config(&a->agent, &a->agent_remembered, r,
			 "disclose.agent") < 0 ||
	     from_config(&a->model, &a->model_remembered, r,
			 "disclose.model") < 0))
		return -1;
	if (a->remembered && !given && !a->agent_remembered &&
	    !a->model_remembered && !a->tools_remembered)
		return error_set("--remembered: git config holds no answer to use (disclose.agent, disclose.model, disclose.tools are unset): pass --agent NAME and --model VERSION");
	/* every commit may tell its own, and a commit without facts gets
	 * no Assisted-by unless this command asks for one */
	if (a->optional && !given && !a->remembered)
		return 0;
	if (*form == FORM_LLM) {
		as = assisted_new("LLM", NULL);
	} else if (a->optional && !a->agent && !a->model) {
		/* tools alone: for the commits that name their agent */
		as = assisted_new(NULL, NULL);
		for (char **t = a->tools; t && *t; t++)
			assisted_add_tool(as, *t);
		if (assisted_validate(as, FORM_LLM, c) < 0) {
			assisted_free(as);
			return -1;
		}
		*out = as;
		return 0;
	} else {
		a->agent_inferred = !a->agent;
		if (resolve_agent(&a->agent, a->model, c, r) < 0 ||
		    assisted_check_agent(a->agent) < 0)
			return -1;
		if (!a->model && a->optional)
			return 0;
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

char *answers_remembered(const struct answers *a)
{
	struct buf b = BUF_INIT;

	if (a->agent_remembered)
		buf_addf(&b, "git config disclose.agent");
	if (a->model_remembered)
		buf_addf(&b, "%sdisclose.model",
			 b.len ? ", " : "git config ");
	if (a->tools_remembered)
		buf_addf(&b, "%sdisclose.tools",
			 b.len ? ", " : "git config ");
	return buf_detach(&b, NULL);
}

/* "Key: value" of entry i. */
static char *entry_line(const struct message *m, size_t i)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s: %s", m->trailers[i].key, m->trailers[i].value);
	return buf_detach(&b, NULL);
}

/*
 * The line that told, among the entries [from, to) (and, with outside,
 * the traces outside the block): the first Assisted-by, else the first
 * AI trace; *entry is its entry (SIZE_MAX: outside the block).
 */
static char *facts_source(size_t *entry, const struct lint_result *res,
			  const struct message *m, size_t from, size_t to,
			  bool outside)
{
	*entry = SIZE_MAX;
	for (size_t i = from; i < to; i++) {
		if (m->trailers[i].key &&
		    trailer_is(&m->trailers[i], ASSISTED_KEY)) {
			*entry = i;
			return entry_line(m, i);
		}
	}
	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];
		bool in = f->entry == SIZE_MAX ? outside :
			  f->entry >= from && f->entry < to;

		if (f->text && in && (f->action == ACT_DISCLOSE ||
				      f->action == ACT_REMOVE) &&
		    strcmp(f->id, "DUPLICATE_SIGNATURE")) {
			*entry = f->entry;
			return xstrdup(f->text);
		}
	}
	return NULL;
}

/* Who signed the part that ends at or after entry i: the owner; *human
 * tells that it is the human (an earlier part of the human's own). */
static char *owner_name(bool *human, const struct message *m, size_t i,
			size_t own, const struct ident *me)
{
	*human = false;
	for (; i < own; i++) {
		struct ident id;
		char *name;

		if (!trailer_is(&m->trailers[i], SOB_KEY))
			continue;
		ident_parse(&id, m->trailers[i].value);
		*human = me && ident_same(&id, me);
		name = xstrdup(id.name && *id.name ? id.name :
			       "another person");
		ident_release(&id);
		return name;
	}
	return xstrdup("another person");
}

void commit_facts_read(struct commit_facts *out, const struct message *m,
		       const struct lint_facts *lf, const struct ident *human,
		       enum policy_form form, const struct catalogue *c)
{
	struct lint_opts lo = { .form = form, .cat = c };
	struct lint_facts facts = { 0 };
	struct lint_result res;
	size_t own, at;

	memset(out, 0, sizeof(*out));
	if (lf)
		facts = *lf;
	/* the human's part is the last: what is above it is others' */
	facts.committer = human;
	lint_message(&res, m, &facts, &lo);
	own = res.own_start;
	out->has_assisted = res.own_has_assisted;
	out->signals = res.own.signals;
	out->agent = res.own.agent;
	if (res.own.model)
		out->model = xstrdup(res.own.model);
	if (out->agent || out->has_assisted || out->signals)
		out->source = facts_source(&at, &res, m, own, m->nr_trailers,
					   true);
	/* an AI trace or disclosure in another person's part: theirs */
	out->others_source = facts_source(&at, &res, m, 0, own, false);
	if (out->others_source)
		out->others = owner_name(&out->others_human, m, at, own,
					 human);
	lint_result_release(&res);
}

void commit_facts_release(struct commit_facts *f)
{
	free(f->model);
	free(f->source);
	free(f->others);
	free(f->others_source);
	memset(f, 0, sizeof(*f));
}

bool commit_facts_disagree(const struct commit_facts *f, const char *agent,
			   const char *model, enum policy_form form,
			   const struct catalogue *c)
{
	const struct cat_agent *a = NULL;

	if (form == FORM_LLM || !f->agent || (!agent && !model))
		return false;
	/* a model alone for a commit that names its agent but no model:
	 * the model of that agent, when the agent runs it */
	if (!agent && !f->model)
		return !catalogue_agent_runs(f->agent, model);
	if (agent)
		a = catalogue_agent(c, agent);
	else if (model)
		a = catalogue_agent_for_model(c, model, NULL);
	if (agent && !a)
		return true;	/* an agent the catalogue does not know */
	if (a && a != f->agent)
		return true;
	return model && f->model && strcmp(model, f->model);
}

struct assisted *commit_facts_assisted(const struct commit_facts *f,
				       const struct assisted *as,
				       enum policy_form form)
{
	const char *model = f->model;
	struct assisted *out;

	if (form == FORM_LLM) {
		out = assisted_new("LLM", NULL);
		goto tools;
	}
	if (!f->agent) {
		error_set("the commit names no agent of its own");
		return NULL;
	}
	if (!model && as && as->model && !strcmp(as->agent, f->agent->name))
		model = as->model;
	if (!model) {
		error_set("it names %s but not the model", f->agent->name);
		return NULL;
	}
	out = assisted_new(f->agent->name, model);
tools:
	if (as && (!*as->agent || form == FORM_LLM ||
		   !strcmp(as->agent, out->agent)))
		for (char **t = as->tools; t && *t; t++)
			assisted_add_tool(out, *t);
	return out;
}

struct assisted *answers_assisted_dup(const struct assisted *a)
{
	struct assisted *out;

	if (!a)
		return NULL;
	out = assisted_new(a->agent, a->model);
	for (char **t = a->tools; t && *t; t++)
		assisted_add_tool(out, *t);
	return out;
}
