#include "lint.h"
#include "sanitize.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "place.h"
#include "util.h"

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

	/* doubled, not grown by one: 20,000 Fixes: lines are 20,000 findings */
	if (res->nr == res->alloc) {
		res->alloc = res->alloc ? 2 * res->alloc : 16;
		res->findings = xrealloc(res->findings,
					 res->alloc * sizeof(*res->findings));
	}
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
	f->guess = false;
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
	free(res->own.model);
	memset(res, 0, sizeof(*res));
}

/* --- identities ---------------------------------------------------- */

/*
 * Identity by address and catalogue, never by a name alone: a vendor
 * identity, or, without an address, an agent's name ("Codex"), a model
 * id ("gpt-5.5") or a model's display name ("GPT 4 Turbo"). A display
 * name of a model ("Claude Opus 5") is an AI at any address; a person's
 * name never gives a model.
 */
static const struct cat_agent *ai_ident(const struct catalogue *c,
					const struct ident *id, char **model)
{
	const struct cat_agent *a;
	const char *name = id->name && *id->name ? id->name : NULL;
	const char *email = id->email && *id->email ? id->email : NULL;
	char *m;

	*model = NULL;
	a = catalogue_identity(c, name, email, model);
	if (a || !name)
		return a;
	if (!email && (a = catalogue_agent(c, name)))
		return a;
	if (!email && !strpbrk(name, " \t") &&
	    (a = catalogue_agent_for_model(c, name, NULL))) {
		/* the id as written, unless the catalogue tells it better
		 * ("claude-claude-4-sonnet") */
		m = catalogue_model_id(c, a, name);
		*model = m ? m : xstrdup(name);
		return a;
	}
	m = catalogue_model_id(c, NULL, name);
	if (m && (a = catalogue_family_agent(c, m))) {
		*model = m;
		return a;
	}
	free(m);
	return NULL;
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
	struct lint_opts o = { .form = FORM_AGENT_MODEL, .cat = c };

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
	char *own_disclosure;	/* the same from the submitter's part */
	bool *repeats;		/* entries repeating an earlier signature */
	size_t *line_starts;	/* offset of each line of the message */
	size_t nr_lines;
	bool valid_assisted;	/* a well-formed Assisted-by exists */
	bool own_valid;		/* one in the submitter's part */
	size_t own;		/* the first entry of the submitter's part */
	struct lint_guess *target;	/* where message traces are offered */
};

/*
 * A range of entries [from, to) of the block, and what its lines say:
 * one person's part, the submitter's, or the whole block.
 */
struct part {
	size_t from, to;
	struct lint_guess guess;
	bool has_assisted;
	bool valid;		/* a well-formed Assisted-by in it */
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

static enum severity level_severity(enum assisted_level level)
{
	return level == LEVEL_ERROR ? SEV_ERROR :
	       level == LEVEL_WARNING ? SEV_WARNING : SEV_INFO;
}

/* One Assisted-by entry: each issue of its value, with the one
 * correction (itself clean) where there is one. */
static void check_assisted(struct lint *l, size_t i)
{
	const struct trailer *t = &l->m->trailers[i];
	struct assisted_verdict v;
	struct buf fix = BUF_INIT;
	char *text = entry_text(l->m, t);

	assisted_judge(&v, l->o->cat, t->value, l->o->form);
	if (v.fixed)
		buf_addf(&fix, ASSISTED_KEY ": %s", v.fixed);
	for (size_t k = 0; k < v.nr; k++) {
		const struct assisted_issue *is = &v.issues[k];
		bool info = is->level == LEVEL_INFO;
		const char *f = !info && v.fixed ? fix.ptr : NULL;

		lint_add_finding(l->res, is->id, level_severity(is->level),
				 entry_line(l, t), i, text, f,
				 f ? ACT_REPLACE : ACT_NONE, "%s", is->message);
		l->res->findings[l->res->nr - 1].guess = f && v.guessed;
	}
	buf_release(&fix);
	assisted_verdict_release(&v);
	free(text);
}

/* First pass: the part's Assisted-by lines tell the guess first. */
static void scan_assisted(struct lint *l, struct part *p)
{
	const struct message *m = l->m;

	for (size_t i = p->from; i < p->to; i++) {
		const struct trailer *t = &m->trailers[i];
		struct assisted_verdict v;

		if (!trailer_is(t, ASSISTED_KEY))
			continue;
		p->has_assisted = true;
		assisted_judge(&v, l->o->cat, t->value, l->o->form);
		if (v.well_formed)
			p->valid = true;
		/* a "did you mean" is check's question, never a fact that
		 * amend or the assistant would write unasked */
		if (l->o->form == FORM_AGENT_MODEL && !v.agent_guessed)
			guess_offer(&p->guess, v.agent,
				    v.guessed ? NULL : v.model);
		assisted_verdict_release(&v);
	}
}

static bool is_signature_key(const char *key);

/*
 * The agent of a trailer a tool writes instead of a disclosure: one of
 * the catalogue's (Made-with: Cursor), or a key of an agent's own
 * (Claude-Session:, Claude-Workflow:). NULL when it is none; "" when it
 * is one with no agent named.
 */
static const char *vendor_trailer(const struct catalogue *c,
				  const struct trailer *t)
{
	const char *dash;

	for (size_t i = 0; i < c->nr_vendor_trailers; i++) {
		const struct cat_vendor_trailer *v = &c->vendor_trailers[i];

		if (trailer_is(t, v->key) &&
		    (!v->value || str_ieq(v->value, t->value)))
			return v->agent;
	}
	dash = strchr(t->key, '-');
	if (dash && dash[1] && !is_signature_key(t->key)) {
		char *first = xstrndup(t->key, (size_t)(dash - t->key));
		const struct cat_agent *a = catalogue_agent(c, first);

		free(first);
		/* the agent's own name: "Google-Bug-Id" is no AI's */
		if (a && mem_ieq(t->key, (size_t)(dash - t->key), a->name,
				 strlen(a->name)))
			return a->name;
	}
	return NULL;
}

/* A trailer that names a person (Signed-off-by, Co-authored-by, ...). */
static bool names_person(const struct trailer *t)
{
	return t->key && is_signature_key(t->key) &&
	       !trailer_is(t, ASSISTED_KEY);
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

		/* the footer, not the start of a longer word or sentence
		 * ("Generated by AI-driven fuzzing") */
		if (n >= k && !memcmp(s, c->footers[i].prefix, k) &&
		    (n == k || strchr(" \t([.,:!", s[k])))
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
		l->target->signals = true;
		guess_offer_name(l->target, l->o->cat, f->agent);
	}
}

static void ident_signal(struct lint *l, const struct ident *id)
{
	const struct cat_agent *a;
	char *model = NULL;

	if (!id || !is_ai_ident(l->o, id, &a, &model))
		return;
	l->target->signals = true;
	guess_offer(l->target, a, model);
	free(model);
}

/* Second pass: the part's vendor traces, for the guess. */
static void scan_signals(struct lint *l, struct part *p)
{
	const struct message *m = l->m;
	const struct catalogue *c = l->o->cat;
	struct lint_guess *g = &p->guess;

	for (size_t i = p->from; i < p->to; i++) {
		const struct trailer *t = &m->trailers[i];
		const struct cat_agent *a;
		const char *v;
		char *model = NULL;

		if (!t->key)
			continue;
		if (names_person(t) &&
		    value_is_ai(l->o, t->value, &a, &model)) {
			g->signals = true;
			guess_offer(g, a, model);
		} else if ((v = vendor_trailer(c, t))) {
			g->signals = true;
			guess_offer_name(g, c, *v ? v : NULL);
		}
		free(model);
	}
}

/* The traces outside the block (footers, the author and committer
 * identities) are the submitter's: offered to g after its lines. */
static void message_signals(struct lint *l, struct lint_guess *g)
{
	l->target = g;
	each_body_line(l->m, footer_signal, l);
	if (l->facts) {
		ident_signal(l, l->facts->author);
		ident_signal(l, l->facts->committer);
	}
	l->target = NULL;
}

/* What the lines of p say, without the traces outside the block. */
static void read_part(struct lint *l, struct part *p, size_t from, size_t to)
{
	memset(p, 0, sizeof(*p));
	p->from = from;
	p->to = to;
	scan_assisted(l, p);
	scan_signals(l, p);
}

/* The Assisted-by line guess g gives, or NULL when it tells too little. */
static char *disclosure_of(const struct lint *l, const struct lint_guess *g)
{
	struct assisted *a;
	char *line;

	if (l->o->form == FORM_LLM)
		a = assisted_new("LLM", NULL);
	else if (l->o->form == FORM_TOOL_NAME && g->agent)
		a = assisted_new(g->agent->name, g->model);
	else if (g->agent && g->model)
		a = assisted_new(g->agent->name, g->model);
	else
		return NULL;
	line = assisted_line(a, l->o->form);
	assisted_free(a);
	return line;
}

/* Where fix takes an AI's line: to the Assisted-by line, or just away.
 * fmt_who NULL: the trailer's own key. */
static bool value_is(const char *value, const struct ident *who);

/*
 * Does entry i end another person's part? A person's sign-off (not an
 * AI's) that is not the committer's: the committer submits, and the
 * committer's part is the last one (every person's sign-off ends a part
 * when the committer is not known).
 */
static bool ends_part(const struct lint *l, size_t i)
{
	const struct trailer *t = &l->m->trailers[i];
	const struct ident *committer = l->facts ? l->facts->committer : NULL;

	return trailer_is(t, SOB_KEY) &&
	       !value_is_ai(l->o, t->value, NULL, NULL) &&
	       !(committer && value_is(t->value, committer));
}

/* The submitter's part starts after the last sign-off of another person. */
static size_t own_start(const struct lint *l)
{
	size_t own = 0;

	for (size_t i = 0; i < l->m->nr_trailers; i++)
		if (ends_part(l, i))
			own = i + 1;
	return own;
}

/* The part of another person that entry i (above the submitter's) is in:
 * up to and with the sign-off that ends it. */
static void read_part_of(struct lint *l, struct part *p, size_t i)
{
	size_t from = i, to = i + 1;

	while (from > 0 && !ends_part(l, from - 1))
		from--;
	while (to < l->own && !ends_part(l, to - 1))
		to++;
	read_part(l, p, from, to);
}

/*
 * Where fix takes an AI's line: to the Assisted-by line, or just away.
 * fmt_who NULL: the trailer's own key. The line its part (its owner's
 * lines) gives, never one from another person's part.
 */
static void ai_finding(struct lint *l, size_t i, const char *id,
		       const char *fmt_who, const char *why)
{
	const struct trailer *t = &l->m->trailers[i];
	char *text = entry_text(l->m, t), *theirs = NULL;
	const struct cat_agent *agent = l->res->own.agent;
	struct buf how = BUF_INIT;
	bool disclose = !l->own_valid;
	const char *fix;
	struct part p;

	if (i < l->own) {
		read_part_of(l, &p, i);
		disclose = !p.valid;
		theirs = disclosure_of(l, &p.guess);
		agent = p.guess.agent;
		free(p.guess.model);
	}
	fix = !disclose ? NULL : i < l->own ? theirs : l->own_disclosure;
	if (l->o->mail)
		buf_adds(&how, "; ask the sender for a version that discloses it with Assisted-by:");
	else if (!disclose)
		buf_adds(&how, "; fix removes it (an Assisted-by: line exists)");
	else if (fix)
		buf_adds(&how, "; fix replaces it with the Assisted-by: line");
	else if (agent)
		buf_addf(&how, "; the %s model is not known: fix needs --model to write the Assisted-by: line",
			 agent->name);
	else
		buf_adds(&how, "; fix needs --agent and --model to write the Assisted-by: line");
	lint_add_finding(l->res, id, SEV_ERROR, entry_line(l, t), i, text, fix,
			 disclose ? ACT_DISCLOSE : ACT_REMOVE, "%s%s '%s' %s%s",
			 fmt_who ? fmt_who : t->key, fmt_who ? "" : ":",
			 t->value, why, how.ptr);
	buf_release(&how);
	free(theirs);
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
 * costs no more than its length. A Signed-off-by with another person's
 * sign-off between it and the earlier one is the chain coming back to
 * its signer (README's chain example), not a repeat.
 */
static bool *find_repeats(const struct message *m)
{
	size_t cap = 16, nr = m->nr_trailers, sobs = 0;
	bool *dup = xcalloc(nr + 1, sizeof(*dup));
	char **set;
	size_t *seen;		/* sign-offs counted at the last one */

	while (cap < 2 * nr)
		cap *= 2;
	set = xcalloc(cap, sizeof(*set));
	seen = xcalloc(cap, sizeof(*seen));
	for (size_t i = 0; i < nr; i++) {
		const struct trailer *t = &m->trailers[i];
		bool sob;
		char *key;
		size_t h;

		if (!t->key || !is_signature_key(t->key))
			continue;
		sob = trailer_is(t, SOB_KEY);
		key = fold_signature(t);
		for (h = hash_str(key) & (cap - 1); set[h];
		     h = (h + 1) & (cap - 1))
			if (!strcmp(set[h], key))
				break;
		if (set[h]) {
			dup[i] = !sob || seen[h] == sobs;
			free(key);
		} else {
			set[h] = key;
		}
		sobs += sob;
		seen[h] = sobs;
	}
	for (size_t i = 0; i < cap; i++)
		free(set[i]);
	free(set);
	free(seen);
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
	} else if (names_person(t) &&
		   value_is_ai(l->o, t->value, NULL, NULL)) {
		ai_finding(l, i, "VENDOR_TRAILER", NULL,
			   "names an AI: a trailer of the form Xxx-by: names a person; an AI's part is disclosed with Assisted-by:");
		return;
	} else if (vendor_trailer(c, t)) {
		ai_finding(l, i, "VENDOR_TRAILER", NULL,
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

/*
 * An Assisted-by: line above the trailer block (a paragraph of its own
 * before the sign-offs): git, b4 and git log's %(trailers) do not take
 * it for a trailer, so the disclosure is lost to every tool that reads
 * trailers.
 */
static void check_stray_assisted(struct lint *l)
{
	const struct message *m = l->m;
	size_t off = m->title_end, end = message_has_block(m) ?
		m->trailer_start : m->patch_start, k = strlen(ASSISTED_KEY);

	while (off < end) {
		const char *p = m->text + off;
		const char *nl = memchr(p, '\n', end - off);
		size_t n = nl ? (size_t)(nl - p) : end - off;
		char *text;

		if (n > k && mem_ieq(p, k, ASSISTED_KEY, k) && p[k] == ':') {
			text = xstrndup(p, n);
			lint_add_finding(l->res, "ASSISTED_BY_MISPLACED",
					 SEV_WARNING, line_of(l, off), NO_ENTRY,
					 text, NULL, ACT_NONE,
					 "this Assisted-by: line is not in the last paragraph, so git, b4 and git log's %%(trailers) do not see it as a trailer: move it into the trailer block, before your Signed-off-by:");
			free(text);
		}
		off += n + 1;
	}
}

static bool is_ai(struct lint *l, const struct ident *id)
{
	return is_ai_ident(l->o, id, NULL, NULL);
}

/*
 * Index of the last human Signed-off-by: of the block. The chain is
 * the sign-offs: a Reviewed-by:, Acked-by: or Link: given after the
 * submitter's sign-off came later and stands there rightly, and an AI
 * sign-off is a finding of its own.
 */
static size_t last_signoff(struct lint *l)
{
	const struct message *m = l->m;

	for (size_t i = m->nr_trailers; i > 0; i--)
		if (trailer_is(&m->trailers[i - 1], SOB_KEY) &&
		    !value_is_ai(l->o, m->trailers[i - 1].value, NULL, NULL))
			return i - 1;
	return NO_ENTRY;
}

/* "\"Darrick J. Wong\"", the RFC 2822 quoted form of name. */
static bool quoted_is(const char *quoted, const char *name)
{
	size_t n = quoted ? strlen(quoted) : 0;
	char *inner;
	bool same;

	if (n < 2 || quoted[0] != '"' || quoted[n - 1] != '"')
		return false;
	inner = xstrndup(quoted + 1, n - 2);
	same = str_fold_eq(inner, name);
	free(inner);
	return same;
}

static bool same_signer(const char *value, const struct ident *who)
{
	struct ident id;
	bool same;

	ident_parse(&id, value);
	same = id.email && who->email && str_ieq(id.email, who->email) &&
	       (str_fold_eq(id.name, who->name ? who->name : "") ||
		quoted_is(id.name, who->name ? who->name : ""));
	ident_release(&id);
	return same;
}

static char *line_text(const struct message *m, size_t off)
{
	const char *nl = memchr(m->text + off, '\n', m->len - off);

	return xstrndup(m->text + off, nl ? (size_t)(nl - (m->text + off))
					  : m->len - off);
}

/*
 * A Signed-off-by: line of a human above the last paragraph (say, a
 * changelog put after the trailers, or the chain of a backport): the
 * offset of the first one from start on that who signed (any human
 * when who is NULL), or NO_ENTRY.
 */
static size_t stray_signoff(const struct lint *l, size_t start,
			    const struct ident *who)
{
	const struct message *m = l->m;
	size_t off = start, end = message_has_block(m) ?
		m->trailer_start : m->patch_start, k = strlen(SOB_KEY);

	while (off < end) {
		const char *p = m->text + off;
		const char *nl = memchr(p, '\n', end - off);
		size_t n = nl ? (size_t)(nl - p) : end - off;

		if (n > k && mem_ieq(p, k, SOB_KEY, k) && p[k] == ':') {
			char *v = xstrndup(p + k + 1, n - k - 1);
			bool found = who ? same_signer(v, who) :
				     !value_is_ai(l->o, v, NULL, NULL);

			free(v);
			if (found)
				return off;
		}
		off += n + 1;
	}
	return NO_ENTRY;
}

/*
 * The author has no sign-off of their own: say whether one of the
 * sign-offs has the author's address under another name, or the
 * author's name at another address (checkpatch's "email name
 * mismatch" and "email address mismatch"), or none at all.
 */
static void author_finding(struct lint *l, const struct ident *author)
{
	const struct message *m = l->m;
	char *who = ident_format(author), *text = NULL;
	const char *value = NULL;
	size_t line = 0;
	bool by_name = false;

	for (size_t i = 0; i < m->nr_trailers && !text; i++) {
		struct ident id;

		if (!trailer_is(&m->trailers[i], SOB_KEY))
			continue;
		ident_parse(&id, m->trailers[i].value);
		if (id.email && author->email &&
		    str_ieq(id.email, author->email)) {
			text = entry_text(m, &m->trailers[i]);
		} else if (author->name && *author->name &&
			   (str_fold_eq(id.name, author->name) ||
			    quoted_is(id.name, author->name))) {
			text = entry_text(m, &m->trailers[i]);
			by_name = true;
		}
		if (text) {
			line = entry_line(l, &m->trailers[i]);
			value = m->trailers[i].value;
		}
		ident_release(&id);
	}
	if (!text)
		lint_add_finding(l->res, "AUTHOR_SIGNOFF_MISSING",
				 SEV_WARNING, 0, NO_ENTRY, NULL, NULL,
				 ACT_NONE,
				 "the author %s has no Signed-off-by: (checkpatch warns): the author must sign off, or the author field is wrong (git commit --amend --reset-author)",
				 who);
	else
		lint_add_finding(l->res, "AUTHOR_SIGNOFF_MISSING",
				 SEV_WARNING, line, NO_ENTRY, text, NULL,
				 ACT_NONE,
				 by_name ?
				 "the author %s signed off from another address, '%s' (checkpatch warns: email address mismatch): sign off with the author's address, or make the author the address that signs off (an in-body From: line in a mail, git commit --amend --author in a commit)" :
				 "the author %s signed off under another name, '%s' (checkpatch warns: email name mismatch): write the same name in both, in the author (From:) or in the Signed-off-by:",
				 who, value);
	free(text);
	free(who);
}

/* Whole-message checks: sign-offs of the author and the submitter. */
static void check_signoffs(struct lint *l)
{
	const struct message *m = l->m;
	const struct lint_facts *f = l->facts;
	size_t human_sobs = 0, committer_sob = NO_ENTRY, last, stray;
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
	if (!human_sobs &&
	    (stray = stray_signoff(l, m->title_end, NULL)) != NO_ENTRY) {
		text = line_text(m, stray);
		lint_add_finding(l->res, "TRAILERS_MISPLACED", SEV_ERROR,
				 line_of(l, stray), NO_ENTRY, text, NULL,
				 ACT_NONE,
				 "this Signed-off-by: is not in the last paragraph, so git, b4 and git am do not see it as a trailer: the trailers must be the last paragraph of the message; move what follows them (a changelog goes below the --- line)");
		free(text);
		return;
	}
	if (!human_sobs && f && f->merge)
		return;
	if (!human_sobs) {
		/* on mail, nobody can add the sender's sign-off */
		if (f && f->committer && !is_ai(l, f->committer) &&
		    !l->o->mail)
			fix = signoff_line(f->committer);
		lint_add_finding(l->res, "MISSING_SIGNOFF", SEV_ERROR, 0,
				 NO_ENTRY, NULL, fix, ACT_PLACE,
				 "no Signed-off-by: from a human: the submitter certifies the DCO with it %s",
				 l->o->mail ? "(ask the sender for a signed-off version: nobody can sign off for another person)" :
				 "(git commit -s, or git disclose fix)");
		free(fix);
		return;
	}
	/* checkpatch finds the author's sign-off in any paragraph */
	if (f && f->author && !is_ai(l, f->author) && !author_sob &&
	    stray_signoff(l, m->title_end, f->author) == NO_ENTRY)
		author_finding(l, f->author);
	last = last_signoff(l);
	if (committer_sob != NO_ENTRY && committer_sob != last &&
	    !value_is(m->trailers[last].value, f->committer) &&
	    !(l->o->applier &&
	      value_is(m->trailers[last].value, l->o->applier))) {
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
			 l->o->mail ? ": ask the sender to disclose the agent and model" :
			 l->disclosure ? "; fix adds it" :
			 l->res->guess.agent ?
			 ": the model is not known, fix needs --model" :
			 ": fix needs --agent and --model");
}

/*
 * What the whole block says (check's view), and what the submitter's
 * part says: its lines and the traces outside the block. Without other
 * people's parts the two are the same.
 */
static void read_parts(struct lint *l)
{
	struct lint_result *res = l->res;
	struct part whole, own;

	l->own = own_start(l);
	res->own_start = l->own;
	read_part(l, &whole, 0, l->m->nr_trailers);
	message_signals(l, &whole.guess);
	res->guess = whole.guess;
	res->has_assisted = whole.has_assisted;
	l->valid_assisted = whole.valid;
	if (l->own) {
		read_part(l, &own, l->own, l->m->nr_trailers);
		message_signals(l, &own.guess);
	} else {
		own = whole;
		own.guess.model = whole.guess.model ?
				  xstrdup(whole.guess.model) : NULL;
	}
	res->own = own.guess;
	res->own_has_assisted = own.has_assisted;
	l->own_valid = own.valid;
	l->disclosure = disclosure_of(l, &res->guess);
	l->own_disclosure = disclosure_of(l, &res->own);
}

void lint_message(struct lint_result *out, const struct message *m,
		  const struct lint_facts *facts, const struct lint_opts *o)
{
	struct lint l = { .m = m, .facts = facts, .o = o, .res = out };

	memset(out, 0, sizeof(*out));
	l.repeats = find_repeats(m);
	index_lines(&l);
	read_parts(&l);
	for (size_t i = 0; i < m->nr_trailers; i++)
		check_entry(&l, i);
	each_body_line(m, footer_finding, &l);
	check_stray_assisted(&l);
	check_disclosure(&l);
	check_signoffs(&l);
	for (size_t i = 0; facts && facts->licenses && i < facts->nr_files; i++)
		check_file(&l, &facts->files[i]);
	free(l.disclosure);
	free(l.own_disclosure);
	free(l.repeats);
	free(l.line_starts);
}

/* How many paragraphs above the end a sign-off block is looked for. */
#define MAX_CHANGELOG_PARAGRAPHS 32

static bool block_has_signoff(const struct message *m)
{
	for (size_t i = 0; i < m->nr_trailers; i++)
		if (trailer_is(&m->trailers[i], SOB_KEY))
			return true;
	return false;
}

/* Start of the paragraph that ends at end (after blank lines). */
static size_t paragraph_start(const char *text, size_t end)
{
	while (end && text[end - 1] == '\n')
		end--;
	while (end && !(text[end - 1] == '\n' && end > 1 &&
			text[end - 2] == '\n'))
		end--;
	return end;
}

bool lint_changelog_cut(struct message **trimmed, size_t *cut,
			const struct message *m)
{
	size_t end = m->patch_start;

	if (block_has_signoff(m))
		return false;
	for (int i = 0; i < MAX_CHANGELOG_PARAGRAPHS; i++) {
		struct message *t;
		size_t start = paragraph_start(m->text, end);

		if (start <= m->title_end)
			return false;
		message_parse_commit(&t, m->text, start, m->comment_char);
		if (block_has_signoff(t)) {
			*trimmed = t;
			*cut = start;
			return true;
		}
		message_free(t);
		end = start;
	}
	return false;
}

void lint_check_message(struct lint_result *out, const struct message *m,
			const struct lint_facts *facts,
			const struct lint_opts *o)
{
	struct message *t;
	size_t cut, k;
	char *text;

	if (!lint_changelog_cut(&t, &cut, m)) {
		lint_message(out, m, facts, o);
		return;
	}
	lint_message(out, t, facts, o);
	/* the entries are t's, not m's: nothing may apply them to m */
	for (size_t i = 0; i < out->nr; i++)
		out->findings[i].entry = NO_ENTRY;
	for (k = 0; !trailer_is(&t->trailers[k], SOB_KEY); k++)
		;
	text = entry_text(t, &t->trailers[k]);
	lint_add_finding(out, "TRAILERS_MISPLACED", SEV_ERROR,
			 message_line_number(t, t->trailers[k].start),
			 NO_ENTRY, text, NULL, ACT_NONE,
			 "the sign-offs are not the last paragraph: git, b4 and git am take the paragraph that follows them (a changelog?) for the trailer block and do not see this Signed-off-by:; move what follows the trailers (a changelog goes below the --- line, where git am drops it)");
	free(text);
	message_free(t);
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
