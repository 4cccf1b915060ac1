#include "assisted.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

int policy_form_from_name(enum policy_form *out, const char *name)
{
	if (!strcmp(name, "kernel"))
		*out = FORM_AGENT_MODEL;
	else if (!strcmp(name, "kernel-llm"))
		*out = FORM_LLM;
	else
		return error_set("unknown policy '%s': use --policy kernel (AGENT:MODEL) or --policy kernel-llm (LLM)",
				 name);
	return 0;
}

const char *policy_form_name(enum policy_form form)
{
	return form == FORM_LLM ? "kernel-llm" : "kernel";
}

struct assisted *assisted_new(const char *agent, const char *model)
{
	struct assisted *a = xcalloc(1, sizeof(*a));

	a->agent = xstrdup(agent ? agent : "");
	a->model = model ? xstrdup(model) : NULL;
	a->tools = xcalloc(1, sizeof(*a->tools));
	return a;
}

void assisted_add_tool(struct assisted *a, const char *tool)
{
	size_t n = strv_len(a->tools);

	for (size_t i = 0; i < n; i++)
		if (str_ieq(a->tools[i], tool))
			return;
	a->tools = xrealloc(a->tools, (n + 2) * sizeof(*a->tools));
	a->tools[n] = xstrdup(tool);
	a->tools[n + 1] = NULL;
}

void assisted_free(struct assisted *a)
{
	if (!a)
		return;
	free(a->agent);
	free(a->model);
	json_strv_free(a->tools);
	free(a);
}

/* Next blank-separated word of *p, or NULL at the end. */
static char *next_word(const char **p)
{
	const char *s = *p, *e;

	while (*s && git_isspace((unsigned char)*s))
		s++;
	if (!*s)
		return NULL;
	for (e = s; *e && !git_isspace((unsigned char)*e); e++)
		;
	*p = e;
	return xstrndup(s, (size_t)(e - s));
}

int assisted_parse(struct assisted **out, const char *value,
		   enum policy_form form)
{
	const char *p = value;
	char *first = next_word(&p), *word, *colon;
	struct assisted *a;

	*out = NULL;
	if (!first)
		return error_set("the value is empty");
	colon = strchr(first, ':');
	if (form == FORM_LLM) {
		if (strcmp(first, "LLM")) {
			free(first);
			return error_set("the kernel-llm form starts with the word LLM");
		}
		a = assisted_new("LLM", NULL);
	} else {
		if (!colon || colon == first || !colon[1] ||
		    strchr(colon + 1, ':')) {
			free(first);
			return error_set("the first word must be AGENT_NAME:MODEL_VERSION");
		}
		*colon = '\0';
		a = assisted_new(first, colon + 1);
	}
	free(first);
	while ((word = next_word(&p))) {
		assisted_add_tool(a, word);
		free(word);
	}
	*out = a;
	return 0;
}

char *assisted_format(const struct assisted *a, enum policy_form form)
{
	struct buf b = BUF_INIT;

	if (form == FORM_LLM)
		buf_adds(&b, "LLM");
	else
		buf_addf(&b, "%s:%s", a->agent, a->model ? a->model : "");
	for (char **t = a->tools; t && *t; t++)
		buf_addf(&b, " %s", *t);
	return buf_detach(&b, NULL);
}

static bool has_blank(const char *s)
{
	for (; *s; s++)
		if (git_isspace((unsigned char)*s))
			return true;
	return false;
}

/* C0 controls, DEL, and the C1 controls as UTF-8 (U+0080..U+009F). */
static bool has_control(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f ||
		    (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			return true;
	return false;
}

int assisted_check_agent(const char *agent)
{
	if (!agent || !*agent)
		return error_set("the agent name is empty: give the AI tool's name with --agent (e.g. --agent Claude)");
	if (has_blank(agent))
		return error_set("agent '%s' contains whitespace: AGENT_NAME is one word (e.g. Claude, not 'Claude Code')",
				 agent);
	if (has_control(agent))
		return error_set("agent '%s' contains a control character: type the agent's name as plain text (e.g. --agent Claude)",
				 agent);
	if (strchr(agent, ':'))
		return error_set("agent '%s' contains ':', which separates AGENT_NAME from MODEL_VERSION: pass them apart with --agent and --model",
				 agent);
	return 0;
}

static bool plain_ascii(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p >= 0x7f)
			return false;
	return true;
}

int assisted_check_model(const char *model)
{
	if (!model || !*model)
		return error_set("the model version is empty: give the specific model with --model (e.g. --model claude-opus-4-5)");
	if (has_blank(model))
		return error_set("model '%s' contains whitespace: MODEL_VERSION is one word (e.g. claude-opus-4-5)",
				 model);
	if (has_control(model) || !plain_ascii(model))
		return error_set("the model contains bytes that are not plain ASCII: a model id is plain ASCII (e.g. --model claude-opus-4-5); no model is built from them");
	if (strchr(model, ':'))
		return error_set("model '%s' contains ':', which separates AGENT_NAME from MODEL_VERSION: give the model id alone (e.g. --model claude-opus-4-5)",
				 model);
	if (strpbrk(model, "<>()@,;\"'"))
		return error_set("'%s' is not a model id (an address or a note): name the model with --model (e.g. --model claude-opus-4-5)",
				 model);
	return 0;
}

bool assisted_placeholder_model(const char *model)
{
	static const char *const words[] = {
		"unspecified", "unknown", "none", "n/a", "na", "tbd", "?",
		"model", "any", "default", "various", "latest", "x",
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (str_ieq(model, words[i]))
			return true;
	return false;
}

/* "claude-": the family prefixes of a, for messages. */
static void family_list(struct buf *b, const struct cat_agent *a)
{
	for (char **f = a->families; f && *f; f++)
		buf_addf(b, "%s%s*", f == a->families ? "" : ", ", *f);
}

int assisted_check_pair(const struct catalogue *c, const char *agent,
			const char *model)
{
	const struct cat_agent *a = catalogue_agent(c, agent), *fam;
	struct buf b = BUF_INIT;
	char *s;
	int rc = 0;

	if (!a)
		return 0;
	fam = catalogue_family_agent(c, model);
	if (fam && fam != a && !catalogue_agent_runs(a, model)) {
		family_list(&b, a);
		rc = error_set("model '%s' is of the %s family, not a model %s runs (%s): name the agent that ran it (e.g. %s:%s), or the model %s ran",
			       model, fam->name, a->name, b.ptr, fam->name,
			       model, a->name);
		buf_release(&b);
		return rc;
	}
	s = catalogue_suggest_model(c, a, model);
	if (s)
		rc = error_set("model '%s' is not a %s model the catalogue knows: did you mean '%s'? (--model %s)",
			       model, a->name, s, s);
	free(s);
	return rc;
}

int assisted_check_tool(const struct catalogue *c, const char *tool)
{
	const struct cat_tool *t;

	if (!tool || !*tool)
		return error_set("a tool name is empty");
	if (has_blank(tool))
		return error_set("tool '%s' is not a single word: pass each tool with its own --tool",
				 tool);
	if (has_control(tool))
		return error_set("tool '%s' contains a control character: type the tool's name as plain text (e.g. --tool sparse)",
				 tool);
	t = catalogue_tool(c, tool);
	if (t && t->basic)
		return error_set("'%s' is %s, a basic development tool: the policy lists only specialized analysis tools (coccinelle, sparse, smatch, clang-tidy), never git, compilers, make or editors",
				 tool, t->why);
	return 0;
}

int assisted_validate(const struct assisted *a, enum policy_form form,
		      const struct catalogue *c)
{
	if (form == FORM_AGENT_MODEL &&
	    (assisted_check_agent(a->agent) < 0 ||
	     assisted_check_model(a->model) < 0 ||
	     assisted_check_pair(c, a->agent, a->model) < 0))
		return -1;
	for (char **t = a->tools; t && *t; t++)
		if (assisted_check_tool(c, *t) < 0)
			return -1;
	return 0;
}

const char *assisted_agent_name(const struct catalogue *c, const char *agent)
{
	const struct cat_agent *a = agent ? catalogue_agent(c, agent) : NULL;

	return a ? a->name : agent;
}

int assisted_resolve(struct assisted *a, const struct catalogue *c)
{
	const struct cat_agent *ag = catalogue_agent(c, a->agent);
	char *id;

	if (ag && strcmp(ag->name, a->agent)) {
		free(a->agent);
		a->agent = xstrdup(ag->name);
	}
	if (a->model && strcmp(a->agent, "LLM")) {
		id = catalogue_model_id(c, ag, a->model);
		if (id && (assisted_check_model(a->model) < 0 ||
			   (ag && catalogue_model(ag, a->model)))) {
			free(a->model);
			a->model = id;
		} else {
			free(id);
		}
		error_clear();
	}
	return assisted_validate(a, a->model ? FORM_AGENT_MODEL : FORM_LLM, c);
}
