#include "lint.h"
#include "sanitize.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "place.h"
#include "util.h"

#define SOB_KEY "Signed-off-by"
#define CODEV_KEY "Co-developed-by"
#define COAUTHOR_KEY "Co-authored-by"
#define NO_ENTRY SIZE_MAX

const char *severity_name(enum severity s)
{
	switch (s) {
	case SEV_ERROR: return "error";
	case SEV_WARNING: return "warning";
	case SEV_INFO: break;
	}
	return "info";
}

void lint_add_finding(struct lint_result *res, const char *id,
		      enum severity sev, size_t line, size_t entry,
		      const char *text, const char *fix,
		      enum fix_action action, const char *fmt, ...)
{
	struct finding *f;
	struct buf msg = BUF_INIT;
	va_list ap;

	res->findings = xrealloc(res->findings,
				 (res->nr + 1) * sizeof(*res->findings));
	f = &res->findings[res->nr++];
	va_start(ap, fmt);
	buf_vaddf(&msg, fmt, ap);
	va_end(ap);
	f->id = id;
	f->severity = sev;
	f->line = line;
	f->entry = entry;
	f->text = text ? xstrdup(text) : NULL;
	f->fix = fix ? xstrdup(fix) : NULL;
	f->action = action;
	f->message = buf_detach(&msg, NULL);
	if (sev == SEV_ERROR)
		res->errors++;
	else if (sev == SEV_WARNING)
		res->warnings++;
	else
		res->infos++;
}

void lint_result_release(struct lint_result *res)
{
	for (size_t i = 0; i < res->nr; i++) {
		free(res->findings[i].text);
		free(res->findings[i].message);
		free(res->findings[i].fix);
	}
	free(res->findings);
	free(res->guess.model);
	memset(res, 0, sizeof(*res));
}

/* --- identities ---------------------------------------------------- */

/* "Claude Opus 5": an agent's name, then a version that slugs to a model
 * of its family. */
static const struct cat_agent *agent_by_model_name(const struct catalogue *c,
						   const char *name,
						   char **model)
{
	const struct cat_agent *a, *fam;
	size_t n = strcspn(name, " \t");
	char *first, *slug;

	/* a model name carries a version: "Claude Monet" is a person */
	if (!name[n] || !strpbrk(name + n, "0123456789"))
		return NULL;
	first = xstrndup(name, n);
	a = catalogue_agent(c, first);
	free(first);
	if (!a || a->model_from == MODEL_FROM_NONE ||
	    a->model_from == MODEL_FROM_PARENS)
		return NULL;
	slug = model_slug(name, a->model_from == MODEL_FROM_LOWER);
	fam = catalogue_agent_for_model(c, slug, a);
	if (fam != a) {
		free(slug);
		return NULL;
	}
	*model = slug;
	return a;
}

static const struct cat_agent *ai_ident(const struct catalogue *c,
					const struct ident *id, char **model)
{
	const struct cat_agent *a;
	const char *name = id->name && *id->name ? id->name : NULL;

	*model = NULL;
	a = catalogue_identity(c, name, id->email, model);
	if (!a && name)
		a = catalogue_agent(c, name);
	if (!a && name && !strpbrk(name, " \t")) {
		a = catalogue_agent_for_model(c, name, NULL);
		if (a)
			*model = xstrdup(name);
	}
	if (!a && name)
		a = agent_by_model_name(c, name, model);
	return a;
}

#define CACHE_SLOTS 256

struct cache_slot {
	char *key;		/* "name\nemail" */
	const struct cat_agent *agent;
	char *model;
};

struct lint_cache {
	struct cache_slot slots[CACHE_SLOTS];
};

struct lint_cache *lint_cache_new(void)
{
	return xcalloc(1, sizeof(struct lint_cache));
}

void lint_cache_free(struct lint_cache *cache)
{
	if (!cache)
		return;
	for (size_t i = 0; i < CACHE_SLOTS; i++) {
		free(cache->slots[i].key);
		free(cache->slots[i].model);
	}
	free(cache);
}

static size_t slot_of(const char *key)
{
	size_t h = 5381;

	for (; *key; key++)
		h = h * 33 + (unsigned char)*key;
	return h % CACHE_SLOTS;
}

/* The verdict for id, from the cache when it has it. */
static const struct cat_agent *cached_ai_ident(struct lint_cache *cache,
					       const struct catalogue *c,
					       const struct ident *id,
					       const char **model)
{
	struct buf key = BUF_INIT;
	struct cache_slot *s;

	buf_addf(&key, "%s\n%s", id->name ? id->name : "",
		 id->email ? id->email : "\n");
	s = &cache->slots[slot_of(key.ptr)];
	if (!s->key || strcmp(s->key, key.ptr)) {
		free(s->key);
		free(s->model);
		s->key = buf_detach(&key, NULL);
		s->agent = ai_ident(c, id, &s->model);
	}
	buf_release(&key);
	*model = s->model;
	return s->agent;
}

static bool is_ai_ident(const struct lint_opts *o, const struct ident *id,
			const struct cat_agent **agent, char **model)
{
	const struct cat_agent *a;
	const char *m;
	char *own = NULL;

	if (o->cache) {
		a = cached_ai_ident(o->cache, o->cat, id, &m);
	} else {
		a = ai_ident(o->cat, id, &own);
		m = own;
	}
	if (agent)
		*agent = a;
	if (model)
		*model = m ? xstrdup(m) : NULL;
	free(own);
	return a != NULL;
}

bool lint_is_ai_ident(const struct catalogue *c, const struct ident *id,
		      const struct cat_agent **agent, char **model)
{
	struct lint_opts o = { FORM_AGENT_MODEL, c, NULL };

	return is_ai_ident(&o, id, agent, model);
}

static bool value_is_ai(const struct lint_opts *o, const char *value,
			const struct cat_agent **agent, char **model)
{
	struct ident id;
	bool ai;

	ident_parse(&id, value);
	ai = is_ai_ident(o, &id, agent, model);
	ident_release(&id);
	return ai;
}

/* --- the guess: which agent and model the traces point to ---------- */

static void guess_offer(struct lint_guess *g, const struct cat_agent *a,
			const char *model)
{
	if (!a)
		return;
	if (!g->agent) {
		g->agent = a;
		g->model = model && *model ? xstrdup(model) : NULL;
	} else if (g->agent == a && !g->model && model && *model) {
		g->model = xstrdup(model);
	}
}

static void guess_offer_name(struct lint_guess *g, const struct catalogue *c,
			     const char *agent)
{
	if (agent)
		guess_offer(g, catalogue_agent(c, agent), NULL);
}

/* --- Assisted-by values -------------------------------------------- */

struct words {
	char **v;
	size_t n;
};

static void split_words(struct words *w, const char *s)
{
	const char *p = s;

	w->v = NULL;
	w->n = 0;
	for (;;) {
		const char *e;

		while (*p && git_isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		for (e = p; *e && !git_isspace((unsigned char)*e); e++)
			;
		w->v = xrealloc(w->v, (w->n + 1) * sizeof(*w->v));
		w->v[w->n++] = xstrndup(p, (size_t)(e - p));
		p = e;
	}
}

static void words_release(struct words *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
}

/* "[sparse]" -> "sparse"; the brackets of the policy text are not typed. */
static char *unbracket(const char *w)
{
	size_t n = strlen(w);

	if (n > 2 && w[0] == '[' && w[n - 1] == ']')
		return xstrndup(w + 1, n - 2);
	return xstrdup(w);
}

static void add_tools_from(struct assisted *a, const struct catalogue *c,
			   const struct words *w, size_t from, bool skip_models)
{
	for (size_t i = from; i < w->n; i++) {
		char *t = unbracket(w->v[i]);
		const struct cat_tool *tool = catalogue_tool(c, t);

		if (skip_models && !tool &&
		    (catalogue_agent(c, t) ||
		     catalogue_agent_for_model(c, t, NULL) || strchr(t, ':'))) {
			free(t);
			continue;
		}
		assisted_add_tool(a, t);
		free(t);
	}
}

/* Agent and model of a malformed AGENT:MODEL value, when they can be told. */
static struct assisted *propose_agent_model(const struct catalogue *c,
					    const struct words *w)
{
	const struct cat_agent *a = NULL;
	const char *model = NULL;
	size_t tools_from = 1;
	char *w0 = w->v[0], *colon = strchr(w0, ':');
	struct assisted *out;

	if (colon && !colon[1] && colon > w0 && w->n > 1 &&
	    !catalogue_tool(c, w->v[1])) {
		/* "Claude: claude-opus-4-5": a blank after the colon */
		char *name = xstrndup(w0, (size_t)(colon - w0));

		a = catalogue_agent(c, name);
		out = assisted_new(a ? a->name : name, w->v[1]);
		free(name);
		add_tools_from(out, c, w, 2, false);
		return out;
	}
	if (colon && colon == w0 && colon[1]) {
		/* ":claude-opus-4-5": the agent is missing */
		model = colon + 1;
		a = catalogue_agent_for_model(c, model, NULL);
	} else if (!colon && (a = catalogue_agent(c, w0)) && w->n > 1 &&
		   !catalogue_tool(c, w->v[1]) && !strchr(w->v[1], ':')) {
		/* "Codex gpt-5.5": a blank for the colon */
		model = w->v[1];
		tools_from = 2;
	} else if (!colon) {
		/* "claude-opus-4-6": a model with no agent */
		a = catalogue_agent_for_model(c, w0, NULL);
		model = w0;
	}
	if (!a || !model)
		return NULL;
	out = assisted_new(a->name, model);
	add_tools_from(out, c, w, tools_from, false);
	return out;
}

static struct assisted *propose(const struct catalogue *c, const char *value,
				enum policy_form form)
{
	struct words w;
	struct assisted *out = NULL;

	split_words(&w, value);
	if (w.n == 0)
		goto out;
	if (form == FORM_LLM) {
		out = assisted_new("LLM", NULL);
		add_tools_from(out, c, &w, 1, true);
	} else if (strcmp(w.v[0], "LLM")) {
		out = propose_agent_model(c, &w);
	}
out:
	words_release(&w);
	return out;
}

static bool has_bracketed_tool(const struct assisted *a)
{
	for (char **t = a->tools; *t; t++)
		if ((*t)[0] == '[')
			return true;
	return false;
}

/* The same value with brackets taken off and basic tools dropped. */
static struct assisted *cleaned(const struct assisted *a,
				const struct catalogue *c, bool drop_basic)
{
	struct assisted *out = assisted_new(a->agent, a->model);

	for (char **t = a->tools; *t; t++) {
		char *name = unbracket(*t);
		const struct cat_tool *tool = catalogue_tool(c, name);

		if (!(drop_basic && tool && tool->basic))
			assisted_add_tool(out, name);
		free(name);
	}
	return out;
}

static char *assisted_line(const struct assisted *a, enum policy_form form)
{
	struct buf b = BUF_INIT;
	char *v = assisted_format(a, form);

	buf_addf(&b, ASSISTED_KEY ": %s", v);
	free(v);
	return buf_detach(&b, NULL);
}

/* --- the checker --------------------------------------------------- */

struct lint {
	const struct message *m;
	const struct lint_facts *facts;
	const struct lint_opts *o;
	struct lint_result *res;
	char *disclosure;	/* the Assisted-by line the evidence gives */
	bool *repeats;		/* entries repeating an earlier signature */
	size_t *line_starts;	/* offset of each line of the message */
	size_t nr_lines;
	bool valid_assisted;	/* a well-formed Assisted-by exists */
};

static char *entry_text(const struct message *m, const struct trailer *t)
{
	size_t s, n;

	message_line_at(m, t->start, &s, &n);
	return xstrndup(m->text + s, n);
}

/* Offsets where each line starts, so line numbers cost a binary search. */
static void index_lines(struct lint *l)
{
	const struct message *m = l->m;
	size_t cap = 64;

	l->line_starts = xmalloc(cap * sizeof(*l->line_starts));
	l->line_starts[0] = 0;
	l->nr_lines = 1;
	for (size_t i = 0; i < m->len; i++) {
		if (m->text[i] != '\n')
			continue;
		if (l->nr_lines == cap) {
			cap *= 2;
			l->line_starts = xrealloc(l->line_starts,
						  cap * sizeof(*l->line_starts));
		}
		l->line_starts[l->nr_lines++] = i + 1;
	}
}

/* 1-based line number of byte off, as message_line_number() gives it. */
static size_t line_of(const struct lint *l, size_t off)
{
	size_t lo = 0, hi = l->nr_lines;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->line_starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1;
}

static size_t entry_line(const struct lint *l, const struct trailer *t)
{
	return line_of(l, t->start);
}

static void check_tools(struct lint *l, size_t i, const struct assisted *a,
			const char *text)
{
	const struct catalogue *c = l->o->cat;
	const struct trailer *t = &l->m->trailers[i];
	struct assisted *clean = cleaned(a, c, true);
	char *fix = assisted_line(clean, l->o->form);

	for (char **p = a->tools; *p; p++) {
		char *name = unbracket(*p);
		const struct cat_tool *tool = catalogue_tool(c, name);

		if (tool && tool->basic)
			lint_add_finding(l->res, "ASSISTED_BY_BASIC_TOOL",
					 SEV_WARNING, entry_line(l, t), i, text,
					 fix, ACT_REPLACE,
					 "'%s' is %s, a basic development tool: list only specialized analysis tools (coccinelle, sparse, smatch, clang-tidy); fix drops it",
					 name,
					 tool->why ? tool->why : "a basic tool");
		else if (!tool)
			lint_add_finding(l->res, "ASSISTED_BY_UNKNOWN_TOOL",
					 SEV_INFO, entry_line(l, t), i, text,
					 NULL, ACT_NONE,
					 "'%s' is not an analysis tool the catalogue knows: check the spelling, or add it to a catalogue file in ~/.config/git-disclose/",
					 name);
		free(name);
	}
	assisted_free(clean);
	free(fix);
}

static const char *format_hint(enum policy_form form)
{
	return form == FORM_LLM ?
		"the kernel-llm policy writes 'LLM [TOOL...]'" :
		"the kernel policy writes 'AGENT_NAME:MODEL_VERSION [TOOL...]', e.g. Claude:claude-opus-4-5";
}

/* One Assisted-by entry: its form, then its tools. */
static void check_assisted(struct lint *l, size_t i)
{
	const struct trailer *t = &l->m->trailers[i];
	const struct catalogue *c = l->o->cat;
	enum policy_form form = l->o->form;
	struct assisted *a = NULL, *p;
	char *text = entry_text(l->m, t), *fix;

	if (assisted_parse(&a, t->value, form) == 0 &&
	    !has_bracketed_tool(a) && (form == FORM_LLM ||
	    (assisted_check_agent(a->agent) == 0 &&
	     assisted_check_model(a->model) == 0))) {
		check_tools(l, i, a, text);
		goto out;
	}
	if (a && has_bracketed_tool(a)) {
		p = cleaned(a, c, true);
		fix = assisted_line(p, form);
		lint_add_finding(l->res, "ASSISTED_BY_FORMAT", SEV_ERROR,
				 entry_line(l, t), i, text, fix, ACT_REPLACE,
				 "the brackets of [TOOL] in the policy mark the tools optional and are not written: %s",
				 format_hint(form));
		check_tools(l, i, a, text);
		assisted_free(p);
		free(fix);
		goto out;
	}
	p = propose(c, t->value, form);
	if (p) {
		struct assisted *clean = cleaned(p, c, true);

		fix = assisted_line(clean, form);
		assisted_free(clean);
	} else {
		fix = NULL;
	}
	lint_add_finding(l->res, "ASSISTED_BY_FORMAT", SEV_ERROR,
			 entry_line(l, t), i, text, fix,
			 fix ? ACT_REPLACE : ACT_NONE,
			 "'%s' is not of the form: %s%s", t->value,
			 format_hint(form),
			 fix ? "" : form == FORM_AGENT_MODEL &&
				    !strncmp(t->value, "LLM", 3) ?
			 " (or check with --policy kernel-llm)" :
			 "; fix needs --agent and --model");
	if (p)
		check_tools(l, i, p, text);
	assisted_free(p);
	free(fix);
out:
	assisted_free(a);
	free(text);
}

/* First pass: Assisted-by lines tell the guess first. */
static void scan_assisted(struct lint *l)
{
	const struct message *m = l->m;
	struct lint_guess *g = &l->res->guess;
	const struct catalogue *c = l->o->cat;

	for (size_t i = 0; i < m->nr_trailers; i++) {
		const struct trailer *t = &m->trailers[i];
		struct assisted *a;

		if (!trailer_is(t, ASSISTED_KEY))
			continue;
		l->res->has_assisted = true;
		if (assisted_parse(&a, t->value, l->o->form) == 0) {
			l->valid_assisted = true;
		} else {
			error_clear();
			a = propose(c, t->value, l->o->form);
		}
		if (a && l->o->form == FORM_AGENT_MODEL) {
			const struct cat_agent *ag;

			ag = catalogue_agent(c, a->agent);
			if (!ag)
				ag = catalogue_agent_for_model(c, a->model, NULL);
			guess_offer(g, ag, a->model);
		}
		assisted_free(a);
	}
}

static const struct cat_vendor_trailer *vendor_trailer(
	const struct catalogue *c, const struct trailer *t)
{
	for (size_t i = 0; i < c->nr_vendor_trailers; i++) {
		const struct cat_vendor_trailer *v = &c->vendor_trailers[i];

		if (trailer_is(t, v->key) &&
		    (!v->value || str_ieq(v->value, t->value)))
			return v;
	}
	return NULL;
}

const struct cat_footer *lint_footer(const struct catalogue *c, const char *s,
				     size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	for (size_t i = 0; i < c->nr_footers; i++) {
		size_t k = strlen(c->footers[i].prefix);

		if (n >= k && !memcmp(s, c->footers[i].prefix, k))
			return &c->footers[i];
	}
	return NULL;
}

/* Calls fn for every line of the message before the end of the block. */
static void each_body_line(const struct message *m,
			   void (*fn)(const struct message *m, size_t start,
				      size_t len, void *data),
			   void *data)
{
	size_t off = 0, end = m->trailer_end > m->title_end ? m->trailer_end
							     : m->title_end;

	if (!message_has_block(m))
		end = m->patch_start;
	while (off < end) {
		const char *nl = memchr(m->text + off, '\n', end - off);
		size_t n = nl ? (size_t)(nl - (m->text + off)) : end - off;

		fn(m, off, n, data);
		off += n + 1;
	}
}

static void footer_signal(const struct message *m, size_t start, size_t len,
			  void *data)
{
	struct lint *l = data;
	const struct cat_footer *f;

	if (start < m->title_end)
		return;
	f = lint_footer(l->o->cat, m->text + start, len);
	if (f) {
		l->res->guess.signals = true;
		guess_offer_name(&l->res->guess, l->o->cat, f->agent);
	}
}

static void ident_signal(struct lint *l, const struct ident *id)
{
	const struct cat_agent *a;
	char *model = NULL;

	if (!id || !is_ai_ident(l->o, id, &a, &model))
		return;
	l->res->guess.signals = true;
	guess_offer(&l->res->guess, a, model);
	free(model);
}

/* Second pass: the vendor traces, for the guess and MISSING_DISCLOSURE. */
static void scan_signals(struct lint *l)
{
	const struct message *m = l->m;
	const struct catalogue *c = l->o->cat;
	struct lint_guess *g = &l->res->guess;

	for (size_t i = 0; i < m->nr_trailers; i++) {
		const struct trailer *t = &m->trailers[i];
		const struct cat_vendor_trailer *v;
		const struct cat_agent *a;
		char *model = NULL;

		if (!t->key)
			continue;
		if ((trailer_is(t, COAUTHOR_KEY) || trailer_is(t, SOB_KEY) ||
		     trailer_is(t, CODEV_KEY)) &&
		    value_is_ai(l->o, t->value, &a, &model)) {
			g->signals = true;
			guess_offer(g, a, model);
		} else if ((v = vendor_trailer(c, t))) {
			g->signals = true;
			guess_offer_name(g, c, v->agent);
		}
		free(model);
	}
	each_body_line(m, footer_signal, l);
	if (l->facts) {
		ident_signal(l, l->facts->author);
		ident_signal(l, l->facts->committer);
	}
}

static void make_disclosure(struct lint *l)
{
	const struct lint_guess *g = &l->res->guess;
	struct assisted *a;

	if (l->o->form == FORM_LLM)
		a = assisted_new("LLM", NULL);
	else if (g->agent && g->model)
		a = assisted_new(g->agent->name, g->model);
	else
		return;
	l->disclosure = assisted_line(a, l->o->form);
	assisted_free(a);
}

/* Where fix takes an AI's line: to the Assisted-by line, or just away. */
static void ai_finding(struct lint *l, size_t i, const char *id,
		       const char *fmt_who, const char *why)
{
	const struct trailer *t = &l->m->trailers[i];
	char *text = entry_text(l->m, t);
	bool disclose = !l->valid_assisted;
	const char *fix = disclose ? l->disclosure : NULL;

	lint_add_finding(l->res, id, SEV_ERROR, entry_line(l, t), i, text, fix,
			 disclose ? ACT_DISCLOSE : ACT_REMOVE, "%s '%s' %s%s",
			 fmt_who, t->value, why,
			 !disclose ? "; fix removes it (an Assisted-by: line exists)" :
			 fix ? "; fix replaces it with the Assisted-by: line" :
			 "; fix needs --agent and --model to write the Assisted-by: line");
	free(text);
}

static bool is_signature_key(const char *key)
{
	size_t n = strlen(key);

	return n > 3 && mem_ieq(key + n - 3, 3, "-by", 3);
}

/* "key\nvalue", lower case, runs of blanks as one space, trimmed. */
static char *fold_signature(const struct trailer *t)
{
	struct buf b = BUF_INIT;
	bool blank = false;

	for (const char *p = t->key; *p; p++)
		buf_addch(&b, (*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
	buf_addch(&b, '\n');
	for (const char *p = t->value; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (git_isspace(c)) {
			blank = true;
			continue;
		}
		if (blank && b.ptr[b.len - 1] != '\n')
			buf_addch(&b, ' ');
		blank = false;
		buf_addch(&b, (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
	}
	return buf_detach(&b, NULL);
}

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

/*
 * Which signature entries repeat an earlier one (case and whitespace
 * folded): one pass with a hash set, so a block of 100,000 trailers
 * costs no more than its length.
 */
static bool *find_repeats(const struct message *m)
{
	size_t cap = 16, nr = m->nr_trailers;
	bool *dup = xcalloc(nr + 1, sizeof(*dup));
	char **set;

	while (cap < 2 * nr)
		cap *= 2;
	set = xcalloc(cap, sizeof(*set));
	for (size_t i = 0; i < nr; i++) {
		const struct trailer *t = &m->trailers[i];
		char *key;
		size_t h;

		if (!t->key || !is_signature_key(t->key))
			continue;
		key = fold_signature(t);
		for (h = hash_str(key) & (cap - 1); set[h];
		     h = (h + 1) & (cap - 1))
			if (!strcmp(set[h], key))
				break;
		if (set[h]) {
			dup[i] = true;
			free(key);
		} else {
			set[h] = key;
		}
	}
	for (size_t i = 0; i < cap; i++)
		free(set[i]);
	free(set);
	return dup;
}

static bool value_is(const char *value, const struct ident *who)
{
	struct ident id;
	bool same;

	ident_parse(&id, value);
	same = ident_same(&id, who);
	ident_release(&id);
	return same;
}

static void check_codev(struct lint *l, size_t i)
{
	const struct message *m = l->m;
	const struct trailer *t = &m->trailers[i], *next;
	struct ident who;
	char *text;

	if (value_is_ai(l->o, t->value, NULL, NULL)) {
		ai_finding(l, i, "AI_CO_DEVELOPER", "Co-developed-by:",
			   "names an AI: Co-developed-by: is for people who can certify the DCO; an AI is disclosed with Assisted-by:");
		return;
	}
	next = i + 1 < m->nr_trailers ? &m->trailers[i + 1] : NULL;
	ident_parse(&who, t->value);
	if (!next || !trailer_is(next, SOB_KEY) ||
	    !value_is(next->value, &who)) {
		text = entry_text(m, t);
		lint_add_finding(l->res, "CO_DEVELOPED_BY_UNPAIRED", SEV_ERROR,
				 entry_line(l, t), i, text, NULL, ACT_NONE,
				 "Co-developed-by: '%s' must be followed immediately by a Signed-off-by: of the same person (submitting-patches.rst); that person adds it",
				 t->value);
		free(text);
	}
	ident_release(&who);
}

static void check_entry(struct lint *l, size_t i)
{
	const struct message *m = l->m;
	const struct trailer *t = &m->trailers[i];
	const struct catalogue *c = l->o->cat;
	char *text;

	if (!t->key)
		return;
	if (trailer_is(t, ASSISTED_KEY)) {
		check_assisted(l, i);
	} else if (trailer_is(t, SOB_KEY) &&
		   value_is_ai(l->o, t->value, NULL, NULL)) {
		ai_finding(l, i, "AI_SIGNOFF", "Signed-off-by:",
			   "is an AI: only a human certifies the Developer's Certificate of Origin");
		return;
	} else if (trailer_is(t, CODEV_KEY)) {
		check_codev(l, i);
	} else if ((trailer_is(t, COAUTHOR_KEY) &&
		    value_is_ai(l->o, t->value, NULL, NULL)) ||
		   vendor_trailer(c, t)) {
		ai_finding(l, i, "VENDOR_TRAILER", "the trailer",
			   "is what an AI tool writes instead of a disclosure: the kernel asks for Assisted-by:");
		return;
	}
	if (l->repeats[i]) {
		text = entry_text(m, t);
		lint_add_finding(l->res, "DUPLICATE_SIGNATURE", SEV_WARNING,
				 entry_line(l, t), i, text, NULL, ACT_REMOVE,
				 "this %s: line appears twice (case and whitespace folded); fix removes the repeat",
				 t->key);
		free(text);
	}
}

static void footer_finding(const struct message *m, size_t start, size_t len,
			   void *data)
{
	struct lint *l = data;
	char *text;

	if (start < m->title_end ||
	    !lint_footer(l->o->cat, m->text + start, len))
		return;
	text = xstrndup(m->text + start, len);
	lint_add_finding(l->res, "VENDOR_FOOTER", SEV_WARNING,
			 line_of(l, start), NO_ENTRY, text, NULL,
			 ACT_REMOVE,
			 "a footer an AI tool writes: the disclosure is the Assisted-by: trailer; fix removes the line");
	free(text);
}

static bool is_ai(struct lint *l, const struct ident *id)
{
	return is_ai_ident(l->o, id, NULL, NULL);
}

/* Index of the last trailer (not a plain line) of the block. */
static size_t last_trailer(const struct message *m)
{
	for (size_t i = m->nr_trailers; i > 0; i--)
		if (m->trailers[i - 1].key)
			return i - 1;
	return NO_ENTRY;
}

static bool same_signer(const char *value, const struct ident *who)
{
	struct ident id;
	bool same;

	ident_parse(&id, value);
	same = id.email && who->email && str_ieq(id.email, who->email) &&
	       str_fold_eq(id.name, who->name ? who->name : "");
	ident_release(&id);
	return same;
}

/* Whole-message checks: sign-offs of the author and the submitter. */
static void check_signoffs(struct lint *l)
{
	const struct message *m = l->m;
	const struct lint_facts *f = l->facts;
	size_t human_sobs = 0, committer_sob = NO_ENTRY, last;
	bool author_sob = false;
	char *fix = NULL, *text;

	for (size_t i = 0; i < m->nr_trailers; i++) {
		const struct trailer *t = &m->trailers[i];

		if (!trailer_is(t, SOB_KEY) ||
		    value_is_ai(l->o, t->value, NULL, NULL))
			continue;
		human_sobs++;
		if (f && f->author && same_signer(t->value, f->author))
			author_sob = true;
		if (f && f->committer && value_is(t->value, f->committer))
			committer_sob = i;
	}
	if (!human_sobs) {
		if (f && f->committer && !is_ai(l, f->committer))
			fix = signoff_line(f->committer);
		lint_add_finding(l->res, "MISSING_SIGNOFF", SEV_ERROR, 0,
				 NO_ENTRY, NULL, fix, ACT_PLACE,
				 "no Signed-off-by: from a human: the submitter certifies the DCO with it (git commit -s, or git disclose fix)");
		free(fix);
		return;
	}
	if (f && f->author && !is_ai(l, f->author) && !author_sob) {
		char *who = ident_format(f->author);

		lint_add_finding(l->res, "AUTHOR_SIGNOFF_MISSING",
				 SEV_WARNING, 0, NO_ENTRY, NULL, NULL, ACT_NONE,
				 "the author %s has no Signed-off-by: (checkpatch warns): the author must sign off, or the author field is wrong (git commit --amend --reset-author)",
				 who);
		free(who);
	}
	last = last_trailer(m);
	if (committer_sob != NO_ENTRY && committer_sob != last &&
	    !value_is(m->trailers[last].value, f->committer)) {
		const struct trailer *t = &m->trailers[committer_sob];

		text = entry_text(m, t);
		lint_add_finding(l->res, "SUBMITTER_SIGNOFF_NOT_LAST",
				 SEV_WARNING, entry_line(l, t), committer_sob,
				 text, text, ACT_PLACE,
				 "the submitter's Signed-off-by: should be the last trailer (the chain is chronological); fix moves it to the end");
		free(text);
	}
}

static const char *style_name(enum spdx_style s)
{
	switch (s) {
	case SPDX_SLASHES: return "'//' comment";
	case SPDX_BLOCK: return "'/* */' comment";
	case SPDX_HASH: return "'#' comment";
	case SPDX_RST: return "'..' comment";
	case SPDX_NONE: break;
	}
	return "comment";
}

static void check_file(struct lint *l, const struct added_file *file)
{
	struct spdx_result r;
	enum spdx_style style = spdx_style_for(file->path);
	const char *want = "the first line";

	if (file->unavailable) {
		lint_add_finding(l->res, "SPDX_UNAVAILABLE", SEV_INFO, 0,
				 NO_ENTRY, NULL, NULL, ACT_NONE,
				 "%s: the content of the new file is not in this clone (a partial clone?), so its SPDX line was not checked: fetch it (git fetch, or git checkout of the commit) or pass --no-spdx",
				 file->path);
		return;
	}
		spdx_check(&r, l->facts->licenses, file->path, file->head,
		   file->head_len, file->binary);
	if (file->head_len > 1 && !strncmp(file->head, "#!", 2))
		want = "the second line, after the #! line";
	switch (r.verdict) {
	case SPDX_IS_MISSING:
		lint_add_finding(l->res, "SPDX_MISSING", SEV_ERROR, 0, NO_ENTRY,
				 NULL, NULL, ACT_NONE,
				 "%s: the new file has no SPDX-License-Identifier line: add '%s' on %s (license-rules.rst)",
				 file->path, r.expected, want);
		break;
	case SPDX_MISPLACED:
		lint_add_finding(l->res, "SPDX_MISPLACED", SEV_WARNING, 0,
				 NO_ENTRY, r.text, r.expected, ACT_NONE,
				 "%s: line %zu: misplaced SPDX-License-Identifier line: use line %zu (%s)%s",
				 file->path, r.line, r.want_line, want,
				 r.after_coding ? "; checkpatch allows no '-*- coding' line above it, and Python 3 reads UTF-8 without one" : "");
		break;
	case SPDX_BAD_STYLE:
		lint_add_finding(l->res, "SPDX_STYLE", SEV_WARNING, 0, NO_ENTRY,
				 r.text, r.expected, ACT_NONE,
				 "%s: line %zu: a %s file takes the SPDX line as a %s on %s",
				 file->path, r.line, strrchr(file->path, '.') ?
				 strrchr(file->path, '.') : file->path,
				 style_name(style), want);
		break;
	case SPDX_BAD_LICENSE:
		lint_add_finding(l->res, "SPDX_UNKNOWN_LICENSE", SEV_ERROR, 0,
				 NO_ENTRY, r.text, NULL, ACT_NONE,
				 "%s: '%s' is not a license the kernel accepts (%s): use an identifier from %s, e.g. GPL-2.0-only",
				 file->path, r.bad_id,
				 r.license,
				 spdx_ids_from_tree(l->facts->licenses) ?
				 "LICENSES/" : "the GPL-2.0-compatible list");
		break;
	case SPDX_OK:
	case SPDX_NOT_NEEDED:
		break;
	}
	spdx_result_release(&r);
}

static void check_disclosure(struct lint *l)
{
	if (!l->res->guess.signals || l->res->has_assisted)
		return;
	lint_add_finding(l->res, "MISSING_DISCLOSURE", SEV_ERROR, 0, NO_ENTRY,
			 NULL, l->disclosure, ACT_DISCLOSE,
			 "an AI tool left its traces here but there is no Assisted-by: line%s",
			 l->disclosure ? "; fix adds it" :
			 l->res->guess.agent ?
			 ": the model is not known, fix needs --model" :
			 ": fix needs --agent and --model");
}

void lint_message(struct lint_result *out, const struct message *m,
		  const struct lint_facts *facts, const struct lint_opts *o)
{
	struct lint l = { .m = m, .facts = facts, .o = o, .res = out };

	memset(out, 0, sizeof(*out));
	l.repeats = find_repeats(m);
	index_lines(&l);
	scan_assisted(&l);
	scan_signals(&l);
	make_disclosure(&l);
	for (size_t i = 0; i < m->nr_trailers; i++)
		check_entry(&l, i);
	each_body_line(m, footer_finding, &l);
	check_disclosure(&l);
	check_signoffs(&l);
	for (size_t i = 0; facts && facts->licenses && i < facts->nr_files; i++)
		check_file(&l, &facts->files[i]);
	free(l.disclosure);
	free(l.repeats);
	free(l.line_starts);
}

char *lint_subject(const struct message *m)
{
	size_t n = strcspn(m->text, "\n");

	return xstrndup(m->text, n < m->len ? n : m->len);
}

/*
 * Text from commits for one line of the terminal: the one sanitizer's
 * rules, with tabs kept as they are (harmless, and common in trailers).
 */
void lint_sanitize(struct buf *out, const char *s, size_t len)
{
	const char *tab;

	buf_add(out, "", 0);
	while ((tab = memchr(s, '\t', len))) {
		sanitize(out, s, (size_t)(tab - s), 0);
		buf_addch(out, '\t');
		len -= (size_t)(tab - s) + 1;
		s = tab + 1;
	}
	sanitize(out, s, len, 0);
}

/*
 * Controls a terminal acts on even inside a JSON string: C1 controls
 * (U+0080..U+009F) and the bidirectional overrides are written as \u
 * escapes, which every JSON reader decodes back.
 */
static void json_escape_controls(struct buf *out, const char *json)
{
	size_t len = strlen(json), i = 0;

	while (i < len) {
		unsigned cp;
		size_t k = utf8_decode(&cp, json + i, len - i);

		if (k > 1 && ((cp >= 0x80 && cp <= 0x9f) ||
			      (cp >= 0x202a && cp <= 0x202e) ||
			      (cp >= 0x2066 && cp <= 0x2069)))
			buf_addf(out, "\\u%04x", cp);
		else
			buf_add(out, json + i, k ? k : 1);
		i += k ? k : 1;
	}
}

/* JSON text must be UTF-8: invalid bytes become U+FFFD. */
static cJSON *str_or_null(const char *s)
{
	struct buf b = BUF_INIT;
	size_t len, i = 0;
	cJSON *item;

	if (!s)
		return cJSON_CreateNull();
	len = strlen(s);
	while (i < len) {
		unsigned cp;
		size_t k;

		k = utf8_decode(&cp, s + i, len - i);

		if (k == 0) {
			buf_adds(&b, "\xef\xbf\xbd");
			i++;
		} else {
			buf_add(&b, s + i, k);
			i += k;
		}
	}
	item = cJSON_CreateString(buf_cstr(&b));
	buf_release(&b);
	return item;
}

char *lint_json_line(const char *commit, const char *subject,
		     const struct lint_result *res)
{
	cJSON *root = cJSON_CreateObject(), *arr = cJSON_CreateArray();
	struct buf b = BUF_INIT;
	char *text;

	cJSON_AddItemToObject(root, "commit", str_or_null(commit));
	cJSON_AddItemToObject(root, "subject", str_or_null(subject));
	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "id", f->id);
		cJSON_AddStringToObject(o, "severity", severity_name(f->severity));
		if (f->line)
			cJSON_AddNumberToObject(o, "line", (double)f->line);
		else
			cJSON_AddNullToObject(o, "line");
		cJSON_AddItemToObject(o, "text", str_or_null(f->text));
		cJSON_AddItemToObject(o, "message", str_or_null(f->message));
		cJSON_AddItemToObject(o, "fix", str_or_null(f->fix));
		cJSON_AddItemToArray(arr, o);
	}
	cJSON_AddItemToObject(root, "findings", arr);
	text = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	json_escape_controls(&b, text ? text : "{}");
	buf_addch(&b, '\n');
	cJSON_free(text);
	return buf_detach(&b, NULL);
}
