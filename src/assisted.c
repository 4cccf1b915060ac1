#include "assisted.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "strv.h"
#include "util.h"

int policy_form_from_name(enum policy_form *out, const char *name)
{
	if (!strcmp(name, "kernel"))
		*out = FORM_AGENT_MODEL;
	else if (!strcmp(name, "kernel-llm"))
		*out = FORM_LLM;
	else if (!strcmp(name, "tool-name"))
		*out = FORM_TOOL_NAME;	/* what commit passes its editor */
	else
		return error_set("unknown policy '%s': use --policy kernel (AGENT:MODEL) or --policy kernel-llm (LLM)",
				 name);
	return 0;
}

const char *policy_form_name(enum policy_form form)
{
	if (form == FORM_TOOL_NAME)
		return "tool-name";
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
	if (form == FORM_TOOL_NAME) {
		free(first);
		*out = assisted_new(NULL, NULL);
		free((*out)->agent);
		(*out)->agent = xstrndup_trim(value, strlen(value));
		return 0;
	}
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
	else if (form == FORM_TOOL_NAME)
		buf_addf(&b, "%s%s%s", a->agent, a->model ? " " : "",
			 a->model ? a->model : "");
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

/* A word that stands for no agent ("none", "unknown"), not a name. */
static bool placeholder_agent(const char *agent)
{
	static const char *const words[] = {
		"none", "no", "nobody", "null", "nil", "unknown",
		"unspecified", "n/a", "na", "tbd", "?", "-", "any", "default",
		"various", "agent",
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (str_ieq(agent, words[i]))
			return true;
	return false;
}

int assisted_check_agent(const char *agent)
{
	if (agent && placeholder_agent(agent))
		return error_set("'%s' is a placeholder, not the name of an AI agent: name the agent (e.g. Claude; git disclose catalogue lists them); to write no Assisted-by, give no agent and no model (your sign-off alone is added)",
				 agent);
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
	if (has_control(model))
		return error_set("model '%s' contains a control character: type the model's name as plain text (e.g. --model claude-opus-4-5)",
				 model);
	if (!plain_ascii(model))
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

/*
 * Is id what check proposes for the model as typed (another spelling
 * of the id, "claude-opus-4.5" for claude-opus-4-5)? Never for a
 * misspelling: catalogue_model_id() does not guess one.
 */
static bool check_proposes(const struct catalogue *c, const char *agent,
			   const char *model, const char *id)
{
	struct assisted_verdict v;
	struct assisted *fixed = NULL;
	struct buf value = BUF_INIT;
	bool yes = false;

	buf_addf(&value, "%s:%s", agent, model);
	assisted_judge(&v, c, value.ptr, FORM_AGENT_MODEL);
	if (v.fixed && assisted_parse(&fixed, v.fixed, FORM_AGENT_MODEL) == 0)
		yes = !strcmp(fixed->agent, agent) && fixed->model &&
		      !strcmp(fixed->model, id);
	error_clear();
	assisted_free(fixed);
	assisted_verdict_release(&v);
	buf_release(&value);
	return yes;
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
			   (ag && catalogue_model(ag, a->model)) ||
			   (strcmp(id, a->model) &&
			    check_proposes(c, a->agent, a->model, id)))) {
			free(a->model);
			a->model = id;
		} else {
			free(id);
		}
		error_clear();
	}
	return assisted_validate(a, a->model ? FORM_AGENT_MODEL : FORM_LLM, c);
}

/* --- judging a value as written ------------------------------------- */

#define FORMAT_ID "ASSISTED_BY_FORMAT"
#define MODEL_ID "ASSISTED_BY_MODEL"
#define AGENT_ID "ASSISTED_BY_AGENT"

struct words {
	char **v;
	size_t n;
};

static void split_words(struct words *w, const char *s)
{
	char *word;

	w->v = NULL;
	w->n = 0;
	while ((word = next_word(&s))) {
		w->v = xrealloc(w->v, (w->n + 1) * sizeof(*w->v));
		w->v[w->n++] = word;
	}
}

static void words_release(struct words *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
}

static void issue(struct assisted_verdict *v, const char *id,
		  enum assisted_level level, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void issue(struct assisted_verdict *v, const char *id,
		  enum assisted_level level, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	v->issues = xrealloc(v->issues, (v->nr + 1) * sizeof(*v->issues));
	v->issues[v->nr].id = id;
	v->issues[v->nr].level = level;
	v->issues[v->nr++].message = buf_detach(&b, NULL);
}

void assisted_verdict_release(struct assisted_verdict *v)
{
	for (size_t i = 0; i < v->nr; i++)
		free(v->issues[i].message);
	free(v->issues);
	free(v->fixed);
	free(v->model);
	memset(v, 0, sizeof(*v));
}

static const char *first_error(const struct assisted_verdict *v)
{
	for (size_t i = 0; i < v->nr; i++)
		if (v->issues[i].level == LEVEL_ERROR)
			return v->issues[i].message;
	return NULL;
}

static bool has_problem(const struct assisted_verdict *v)
{
	for (size_t i = 0; i < v->nr; i++)
		if (v->issues[i].level != LEVEL_INFO)
			return true;
	return false;
}

/* The parts of a value as written. */
struct parts {
	char *agent;			/* as written, or NULL */
	const struct cat_agent *ag;	/* it, or the model's family's */
	bool suggested;			/* agent is a slip of ag's name */
	bool from_family;		/* no agent written: the model's */
	struct buf model;		/* the words naming the model */
	size_t tools_from;		/* the first word after them */
};

/* The agent whose family a model's first word names ("gpt", "opus"). */
static const struct cat_agent *family_of(const struct catalogue *c,
					 const char *model)
{
	const struct cat_agent *a;
	size_t n = 0;

	while (*model && strchr("(<[", *model))
		model++;
	if ((a = catalogue_family_agent(c, model)))
		return a;
	while (model[n] && ((model[n] >= 'a' && model[n] <= 'z') ||
			    (model[n] >= 'A' && model[n] <= 'Z')))
		n++;
	for (size_t i = 0; n && i < c->nr_agents; i++)
		if (c->agents[i].families && *c->agents[i].families &&
		    catalogue_model_word(&c->agents[i], model, n))
			return &c->agents[i];
	/* the vendor before the id: "openai-gpt-5" */
	if (n && model[n] == '-') {
		char *vendor = xstrndup(model, n);

		a = catalogue_agent(c, vendor);
		free(vendor);
		if (a && catalogue_family_agent(c, model + n + 1) == a)
			return a;
	}
	return NULL;
}

/* Does word w still belong to the model's name ("Opus" "4.8")? */
static bool continues_model(const struct catalogue *c,
			    const struct cat_agent *a, const char *w,
			    int *depth)
{
	size_t n = strlen(w);

	/* "[claude-opus-4-6]" after an address: the model, not a tool */
	if (w[0] == '[' && n > 2 && w[n - 1] == ']') {
		char *in = xstrndup(w + 1, n - 2);
		bool model = catalogue_family_agent(c, in) != NULL;

		free(in);
		if (model)
			return true;
	}
	if (*depth > 0 || w[0] == '(' || w[0] == '<') {
		for (const char *p = w; *p; p++)
			*depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
		if (*depth < 0)
			*depth = 0;
		return true;
	}
	if (!a)
		return false;
	if (w[0] >= '0' && w[0] <= '9')
		return true;
	return catalogue_model_word(a, w, strlen(w));
}

static bool is_agent_word(const struct catalogue *c, const char *w)
{
	return catalogue_agent(c, w) || catalogue_suggest_agent(c, w);
}

static void take_model_word(struct parts *p, const struct catalogue *c,
			    const struct words *w, size_t *i)
{
	if (*i < w->n && !catalogue_tool(c, w->v[*i]) && w->v[*i][0] != '[')
		buf_adds(&p->model, w->v[(*i)++]);
}

static void split_parts(struct parts *p, const struct catalogue *c,
			const struct words *w)
{
	const char *w0 = w->v[0], *colon = strchr(w0, ':');
	struct buf two = BUF_INIT;
	size_t i = 1;
	int depth = 0;

	memset(p, 0, sizeof(*p));
	if (w->n > 1)
		buf_addf(&two, "%s %.*s", w0, (int)strcspn(w->v[1], ":"),
			 w->v[1]);
	if (!colon && two.len && strchr(w->v[1], ':') &&
	    catalogue_agent(c, two.ptr)) {
		/* "Claude Code:claude-sonnet-4-6" */
		p->agent = buf_detach(&two, NULL);
		colon = strchr(w->v[1], ':');
		i = 2;
		if (colon[1])
			buf_adds(&p->model, colon + 1);
		else
			take_model_word(p, c, w, &i);
	} else if (colon) {
		if (colon > w0)
			p->agent = xstrndup(w0, (size_t)(colon - w0));
		if (colon[1])
			buf_adds(&p->model, colon + 1);
		else
			take_model_word(p, c, w, &i);
	} else if (two.len && catalogue_agent(c, two.ptr)) {
		/* "Claude Code claude-opus-4-5" */
		p->agent = buf_detach(&two, NULL);
		i = 2;
		take_model_word(p, c, w, &i);
	} else if (is_agent_word(c, w0) ||
		   (w->n > 1 && strchr("(<", w->v[1][0]))) {
		/* an agent, or a name with a note: "kres (claude-opus-4-7)" */
		p->agent = xstrdup(w0);
		take_model_word(p, c, w, &i);
	} else {
		buf_adds(&p->model, w0);
	}
	buf_release(&two);
	if (p->agent) {
		p->ag = catalogue_agent(c, p->agent);
		if (!p->ag && (p->ag = catalogue_suggest_agent(c, p->agent)))
			p->suggested = true;
	}
	if (!p->ag && p->model.len) {
		p->ag = family_of(c, p->model.ptr);
		p->from_family = p->ag != NULL;
	}
	/* a note opened in the model's first word goes on to its end */
	for (size_t k = 0; k < p->model.len; k++)
		depth += p->model.ptr[k] == '(' ? 1 :
			 p->model.ptr[k] == ')' ? -1 : 0;
	while (i < w->n && continues_model(c, p->ag, w->v[i], &depth)) {
		buf_addch(&p->model, ' ');
		buf_adds(&p->model, w->v[i++]);
	}
	p->tools_from = i;
}

static void parts_release(struct parts *p)
{
	free(p->agent);
	buf_release(&p->model);
}

static bool has_upper(const char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			return true;
	return false;
}

static bool has_letter(const char *s)
{
	for (; *s; s++)
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
			return true;
	return false;
}

/* "opus", "sonnet": words of the family and no version. */
static bool only_model_words(const struct cat_agent *a, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t k = 0;

		while (p[k] && ((p[k] >= 'a' && p[k] <= 'z') ||
				(p[k] >= 'A' && p[k] <= 'Z') ||
				(p[k] >= '0' && p[k] <= '9')))
			k++;
		if (k && !catalogue_model_word(a, p, k))
			return false;
		p += k ? k : 1;
	}
	return true;
}

/* A model written as one word of the right characters. */
static char *judge_model_id(struct assisted_verdict *v,
			    const struct catalogue *c, const struct parts *p,
			    const char *text)
{
	const struct cat_agent *a = p->ag;
	const struct cat_agent *fam = catalogue_family_agent(c, text);
	char *s;

	if (catalogue_agent(c, text)) {
		issue(v, MODEL_ID, LEVEL_ERROR,
		      "'%s' is an agent's name, not a model: the disclosure must say which model; name it (fix takes --model VERSION)",
		      text);
		return NULL;
	}
	if (a && !p->from_family && fam && fam != a &&
	    !catalogue_agent_runs(a, text)) {
		assisted_check_pair(c, a->name, text);
		issue(v, MODEL_ID, LEVEL_ERROR, "%s", error_last());
		error_clear();
		return NULL;
	}
	s = catalogue_suggest_model(c, a ? a : fam, text);
	if (s) {
		issue(v, MODEL_ID, LEVEL_WARNING,
		      "model '%s' is not a model the catalogue knows: did you mean '%s'?",
		      text, s);
		v->guessed = true;
		return s;
	}
	if (a) {
		s = catalogue_model_id(c, a, text);
		if (!s && has_upper(text) && fam)
			s = model_slug(text, fam->model_from ==
					     MODEL_FROM_LOWER);
		if (s && strcmp(s, text)) {
			issue(v, MODEL_ID, LEVEL_WARNING,
			      "'%s' is not how the model id is written: MODEL_VERSION is '%s' (the vendor's id: lower case, its words in its order, the version as the vendor joins it, no context size or reasoning effort)",
			      text, s);
			return s;
		}
		free(s);
	}
	if (a && a->families && *a->families && fam != a &&
	    only_model_words(a, text)) {
		issue(v, MODEL_ID, LEVEL_WARNING,
		      "'%s' names a line of %s models, not a specific model version: name the version (fix takes --model VERSION, e.g. --model %s)",
		      text, a->name, a->nr_models ? a->models[0].id : text);
		return NULL;
	}
	return xstrdup(text);
}

/* The model the value names, or NULL (with the reason) when none can
 * be told. */
static char *judge_model(struct assisted_verdict *v,
			 const struct catalogue *c, const struct parts *p)
{
	const char *text = p->model.len ? p->model.ptr : "";
	bool one = !strchr(text, ' ');
	char *id;

	if (!*text) {
		issue(v, MODEL_ID, LEVEL_ERROR,
		      "no model is named: the policy asks for the specific model version; name it (fix takes --model VERSION)");
		return NULL;
	}
	if (has_control(text) || !plain_ascii(text)) {
		issue(v, MODEL_ID, LEVEL_ERROR,
		      "the model holds bytes that are not plain ASCII, and no model id is built from them: write the model id (e.g. claude-opus-4-5), or give it to fix with --model");
		return NULL;
	}
	if (one && assisted_placeholder_model(text)) {
		issue(v, MODEL_ID, LEVEL_WARNING,
		      "'%s' does not name a model: the policy asks for the specific model version; name it (fix takes --model VERSION)",
		      text);
		return NULL;
	}
	if (one && !has_letter(text)) {
		issue(v, MODEL_ID, LEVEL_WARNING,
		      "'%s' is only a version number: MODEL_VERSION names the model and its version (e.g. claude-opus-4-5, gpt-5.5); name it (fix takes --model VERSION)",
		      text);
		return NULL;
	}
	if (one && assisted_check_model(text) == 0)
		return judge_model_id(v, c, p, text);
	error_clear();
	id = catalogue_model_id(c, p->ag, text);
	if (!id) {
		issue(v, MODEL_ID, LEVEL_ERROR,
		      "'%s' does not name a model (%s): the disclosure must say which model; name it (fix takes --model VERSION)",
		      text, strchr(text, '@') ? "it is an address" :
		      strchr(text, '(') ? "it is a note" :
		      strchr(text, ':') ? "it holds a second ':'" :
		      "no model id can be told from it");
		return NULL;
	}
	issue(v, MODEL_ID, LEVEL_WARNING,
	      "'%s' is a display name or carries a note: MODEL_VERSION is the model id, '%s'",
	      text, id);
	return id;
}

static void agent_as_tool(struct assisted_verdict *v, const char *what)
{
	issue(v, FORMAT_ID, LEVEL_WARNING,
	      "'%s' names the agent or a model, not an analysis tool: they go in AGENT_NAME:MODEL_VERSION; the tools are specialized analysis tools such as coccinelle or sparse",
	      what);
}

static bool names_ai(const struct catalogue *c, const char *s)
{
	return catalogue_agent(c, s) || catalogue_family_agent(c, s);
}

static void judge_item(struct assisted_verdict *v, struct assisted *out,
		       const struct catalogue *c, const char *item)
{
	const struct cat_tool *t;

	if (strpbrk(item, "@<>")) {
		issue(v, FORMAT_ID, LEVEL_WARNING,
		      "'%s' is an address, not a tool: the tools are specialized analysis tools such as coccinelle or sparse",
		      item);
		return;
	}
	if (has_control(item) || !plain_ascii(item)) {
		issue(v, FORMAT_ID, LEVEL_WARNING,
		      "a tool name holds bytes that are not plain ASCII: write the tool's name as plain text");
		return;
	}
	if (names_ai(c, item)) {
		agent_as_tool(v, item);
		return;
	}
	t = catalogue_tool(c, item);
	if (t && t->basic) {
		issue(v, "ASSISTED_BY_BASIC_TOOL", LEVEL_WARNING,
		      "'%s' is %s, a basic development tool: list only specialized analysis tools (coccinelle, sparse, smatch, clang-tidy)",
		      item, t->why ? t->why : "a basic tool");
		return;
	}
	if (!t)
		issue(v, "ASSISTED_BY_UNKNOWN_TOOL", LEVEL_INFO,
		      "'%s' is not an analysis tool the catalogue knows: check the spelling, or add it to a catalogue file in ~/.config/git-disclose/",
		      item);
	assisted_add_tool(out, item);
}

/*
 * A bracketed group of several words, none of them a tool the catalogue
 * knows and no comma list ("[table layout & wording]"): what the AI did,
 * not tools.
 */
static bool is_description(const struct catalogue *c, const char *g)
{
	char *copy, *save = NULL;
	bool known = false;

	if (!strpbrk(g, " \t") || strchr(g, ','))
		return false;
	copy = xstrdup(g);
	for (char *w = strtok_r(copy, " \t", &save); w && !known;
	     w = strtok_r(NULL, " \t", &save))
		known = catalogue_tool(c, w) != NULL;
	free(copy);
	return !known;
}

/* One word or bracketed group of the tool slot. */
static void judge_group(struct assisted_verdict *v, struct assisted *out,
			const struct catalogue *c, char *g, bool *commas)
{
	char *save = NULL;

	if (names_ai(c, g)) {
		agent_as_tool(v, g);
		return;
	}
	if (is_description(c, g)) {
		issue(v, FORMAT_ID, LEVEL_WARNING,
		      "'[%s]' describes the work, it names no analysis tool: say it in the commit message; the tools are specialized analysis tools such as coccinelle or sparse",
		      g);
		return;
	}
	if (strchr(g, ','))
		*commas = true;
	for (char *it = strtok_r(g, ", \t", &save); it;
	     it = strtok_r(NULL, ", \t", &save))
		judge_item(v, out, c, it);
}

static void judge_tools(struct assisted_verdict *v, struct assisted *out,
			const struct catalogue *c, const struct words *w,
			size_t from)
{
	bool brackets = false, commas = false;

	for (size_t i = from; i < w->n; i++) {
		struct buf g = BUF_INIT;
		const char *word = w->v[i];

		if (word[0] == '#') {
			issue(v, FORMAT_ID, LEVEL_WARNING,
			      "'#' starts a comment, which a trailer line does not have: the words after it are not tools; say it in the commit message");
			break;
		}
		if (word[0] == '[') {
			brackets = true;
			buf_adds(&g, word + 1);
			while (!(g.len && g.ptr[g.len - 1] == ']') &&
			       i + 1 < w->n) {
				buf_addch(&g, ' ');
				buf_adds(&g, w->v[++i]);
			}
		} else {
			buf_adds(&g, word);
		}
		if (g.len && g.ptr[g.len - 1] == ']') {
			brackets = true;
			g.ptr[--g.len] = '\0';
		}
		if (g.len)
			judge_group(v, out, c, g.ptr, &commas);
		buf_release(&g);
	}
	if (commas)
		issue(v, FORMAT_ID, LEVEL_WARNING,
		      "the tools are separated by blanks, not commas");
	if (brackets)
		issue(v, FORMAT_ID, LEVEL_WARNING,
		      "the brackets of [TOOL] in the policy mark a tool as optional and are not written");
}

static const char *form_hint(enum policy_form form)
{
	if (form == FORM_TOOL_NAME)
		return "this project's policy writes 'Assisted-by: <name of the AI tool>'";
	return form == FORM_LLM ?
		"the kernel-llm policy writes 'LLM [TOOL...]'" :
		"the kernel policy writes 'AGENT_NAME:MODEL_VERSION [TOOL...]', e.g. Claude:claude-opus-4-5";
}

/* The agent's name to write: canonical when known, else as written. */
static const char *agent_to_write(const struct catalogue *c,
				  const struct parts *p)
{
	const struct cat_agent *a = p->agent ? catalogue_agent(c, p->agent)
					     : NULL;

	if (a)
		return a->name;
	if (p->agent && !p->suggested)
		return p->agent;
	return p->ag ? p->ag->name : NULL;
}

static struct assisted *judge_kernel(struct assisted_verdict *v,
				     const struct catalogue *c,
				     const char *value, const struct words *w)
{
	struct assisted_verdict scratch = { 0 };
	struct assisted *fixed = NULL;
	struct parts p;
	char *model = NULL;
	const char *agent, *why;

	if (!v->well_formed && !strcmp(w->v[0], "LLM")) {
		issue(v, FORMAT_ID, LEVEL_ERROR,
		      "'%s' is the kernel-llm form, but the policy here is kernel: %s (or check with --policy kernel-llm)",
		      value, form_hint(FORM_AGENT_MODEL));
		return NULL;
	}
	split_parts(&p, c, w);
	/* "none:none" discloses nothing: the line names no AI at all */
	if (v->well_formed && p.agent && placeholder_agent(p.agent))
		issue(v, AGENT_ID, LEVEL_ERROR,
		      "'%s' is a placeholder, not the name of an AI agent: the line discloses no AI; name the agent and the model (fix takes --agent NAME and --model VERSION), or remove the line if no AI helped",
		      p.agent);
	if (v->well_formed && p.suggested) {
		issue(v, AGENT_ID, LEVEL_WARNING,
		      "agent '%s' is not one the catalogue knows: did you mean %s?",
		      p.agent, p.ag->name);
		v->guessed = v->agent_guessed = true;
	}
	if (p.ag || v->well_formed)
		model = judge_model(v->well_formed ? v : &scratch, c, &p);
	agent = agent_to_write(c, &p);
	if (!v->well_formed) {
		why = !p.ag && !p.agent ?
			"neither the agent nor the model can be told from it: fix needs --agent and --model" :
			first_error(&scratch);
		issue(v, FORMAT_ID, LEVEL_ERROR, "'%s' is not of the form: %s%s%s",
		      value, form_hint(FORM_AGENT_MODEL), why ? "; " : "",
		      why ? why : "");
	}
	v->agent = p.ag;
	fixed = assisted_new(agent ? agent : "", model);
	judge_tools(v, fixed, c, w, p.tools_from);
	if (model && agent && (v->well_formed ? !first_error(v) :
			       !first_error(&scratch))) {
		v->model = model;
		model = NULL;
	} else {
		assisted_free(fixed);
		fixed = NULL;
	}
	free(model);
	assisted_verdict_release(&scratch);
	parts_release(&p);
	return fixed;
}

static struct assisted *judge_llm(struct assisted_verdict *v,
				  const struct catalogue *c,
				  const char *value, const struct words *w)
{
	struct assisted *fixed = assisted_new("LLM", NULL);
	struct parts p;

	if (v->well_formed) {
		judge_tools(v, fixed, c, w, 1);
		return fixed;
	}
	split_parts(&p, c, w);
	issue(v, FORMAT_ID, LEVEL_ERROR, "'%s' is not of the form: %s", value,
	      form_hint(FORM_LLM));
	judge_tools(v, fixed, c, w, p.tools_from);
	parts_release(&p);
	return fixed;
}

/* value with runs of blanks as one space, trimmed. */
static char *normalized(const struct words *w)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < w->n; i++)
		buf_addf(&b, "%s%s", i ? " " : "", w->v[i]);
	return buf_detach(&b, NULL);
}

static void judge(struct assisted_verdict *v, const struct catalogue *c,
		  const char *value, enum policy_form form, bool verify)
{
	struct assisted *parsed = NULL, *fixed;
	struct assisted_verdict again;
	struct words w;
	char *s, *as_written;

	memset(v, 0, sizeof(*v));
	split_words(&w, value);
	if (!w.n) {
		issue(v, FORMAT_ID, LEVEL_ERROR, "the value is empty: %s",
		      form_hint(form));
		words_release(&w);
		return;
	}
	v->well_formed = assisted_parse(&parsed, value, form) == 0;
	error_clear();
	assisted_free(parsed);
	if (form == FORM_TOOL_NAME) {
		/* any name of the tool will do: nothing to correct */
		v->agent = catalogue_agent(c, w.v[0]);
		words_release(&w);
		return;
	}
	fixed = form == FORM_LLM ? judge_llm(v, c, value, &w)
				 : judge_kernel(v, c, value, &w);
	if (!fixed || !has_problem(v) || !verify)
		goto out;
	s = assisted_format(fixed, form);
	as_written = normalized(&w);
	judge(&again, c, s, form, false);
	/* a proposal is itself clean, and not the line it corrects */
	if (!has_problem(&again) && strcmp(s, as_written))
		v->fixed = s;
	else
		free(s);
	free(as_written);
	assisted_verdict_release(&again);
out:
	assisted_free(fixed);
	words_release(&w);
}

void assisted_judge(struct assisted_verdict *out, const struct catalogue *c,
		    const char *value, enum policy_form form)
{
	judge(out, c, value, form, true);
}
