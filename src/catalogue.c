#include "catalogue.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "strv.h"
#include "util.h"

extern const char disclose_catalogue_json[];

/*
 * Loading is linear in the size of the files: each lookup while merging
 * goes through a hash of case-folded strings (an agent's name, a model's
 * id or name per agent, a tool's names, a vendor trailer's key and
 * value) instead of a scan of all that came before. The keys point into
 * the catalogue, which only grows while a file is added.
 */
struct ci_slot {
	const char *a, *b;	/* the key, a second part or NULL */
	size_t owner;		/* the agent of a model, else 0 */
	size_t val;
};

struct ci_map {
	struct ci_slot *slots;	/* a == NULL: free */
	size_t cap, nr;		/* cap a power of two, or 0 */
};

#define CI_NONE ((size_t)-1)

static size_t ci_hash(size_t h, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		h = (h ^ (c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c)) *
		    1099511628211u;
	}
	return (h ^ 0xff) * 1099511628211u;
}

/* Spread the bits (the table takes the low ones). */
static size_t ci_mix(size_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdu;
	h ^= h >> 33;
	return h;
}

static size_t ci_slot_of(const struct ci_map *m, size_t owner, const char *a,
			 const char *b)
{
	size_t i = ci_mix(ci_hash(ci_hash(14695981039346656037u ^ owner, a),
				  b));

	for (i &= m->cap - 1;; i = (i + 1) & (m->cap - 1)) {
		const struct ci_slot *sl = &m->slots[i];

		if (!sl->a || (sl->owner == owner && str_ieq(sl->a, a) &&
			       !sl->b == !b && (!b || str_ieq(sl->b, b))))
			return i;
	}
}

static size_t ci_get(const struct ci_map *m, size_t owner, const char *a,
		     const char *b)
{
	size_t i;

	if (!m->cap)
		return CI_NONE;
	i = ci_slot_of(m, owner, a, b);
	return m->slots[i].a ? m->slots[i].val : CI_NONE;
}

/* Remember the key; the first value given for it stays. */
static void ci_put(struct ci_map *m, size_t owner, const char *a,
		   const char *b, size_t val)
{
	size_t i;

	if (2 * (m->nr + 1) > m->cap) {
		struct ci_map big = { NULL, m->cap ? 2 * m->cap : 64, 0 };

		big.slots = xcalloc(big.cap, sizeof(*big.slots));
		for (i = 0; i < m->cap; i++)
			if (m->slots[i].a)
				big.slots[ci_slot_of(&big, m->slots[i].owner,
						     m->slots[i].a,
						     m->slots[i].b)] =
					m->slots[i];
		big.nr = m->nr;
		free(m->slots);
		*m = big;
	}
	i = ci_slot_of(m, owner, a, b);
	if (m->slots[i].a)
		return;
	m->slots[i] = (struct ci_slot){ a, b, owner, val };
	m->nr++;
}

static void ci_free(struct ci_map *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

/*
 * Room for one more element after nr of them, in an array that only
 * grows here (from NULL): the capacity doubles at powers of two, so that
 * adding n elements copies O(n) bytes.
 */
static void *grow(void *p, size_t nr, size_t size)
{
	if (nr >= 4 && (nr & (nr - 1)))
		return p;
	return xrealloc(p, (nr < 4 ? 4 : 2 * nr) * size);
}

/* What adding one file looks up. */
struct cat_load {
	struct catalogue *c;
	struct ci_map agents;	/* name -> index */
	struct ci_map models;	/* (agent, id or name) */
	struct ci_map tools;	/* name, alias or program -> index */
	struct ci_map trailers;	/* (key, value) */
};

static void index_strv(struct ci_map *m, size_t owner, char *const *v,
		       size_t val)
{
	for (; v && *v; v++)
		ci_put(m, owner, *v, NULL, val);
}

static void load_init(struct cat_load *ld, struct catalogue *c)
{
	memset(ld, 0, sizeof(*ld));
	ld->c = c;
	for (size_t i = 0; i < c->nr_agents; i++) {
		const struct cat_agent *a = &c->agents[i];

		ci_put(&ld->agents, 0, a->name, NULL, i);
		for (size_t j = 0; j < a->nr_models; j++) {
			ci_put(&ld->models, i, a->models[j].id, NULL, j);
			index_strv(&ld->models, i, a->models[j].names, j);
		}
	}
	for (size_t i = 0; i < c->nr_tools; i++) {
		ci_put(&ld->tools, 0, c->tools[i].name, NULL, i);
		index_strv(&ld->tools, 0, c->tools[i].aliases, i);
		index_strv(&ld->tools, 0, c->tools[i].programs, i);
	}
	for (size_t i = 0; i < c->nr_vendor_trailers; i++)
		ci_put(&ld->trailers, 0, c->vendor_trailers[i].key,
		       c->vendor_trailers[i].value, i);
}

static void load_release(struct cat_load *ld)
{
	ci_free(&ld->agents);
	ci_free(&ld->models);
	ci_free(&ld->tools);
	ci_free(&ld->trailers);
}

/* Append the strings of add to *v that it does not hold yet. */
static void strv_merge(char ***v, char **add)
{
	size_t n = strv_len(*v);
	struct ci_map seen = { 0 };

	index_strv(&seen, 0, *v, 0);
	for (char **p = add; p && *p; p++) {
		if (ci_get(&seen, 0, *p, NULL) != CI_NONE)
			continue;
		/* *v may come exactly sized from json_strv(): no grow() */
		*v = xrealloc(*v, (n + 2) * sizeof(**v));
		(*v)[n] = xstrdup(*p);
		ci_put(&seen, 0, (*v)[n++], NULL, 0);
		(*v)[n] = NULL;
	}
	ci_free(&seen);
	json_strv_free(add);
}

static int parse_model_from(enum model_from_name *out, const char *s,
			    const char *origin, const char *path)
{
	if (!s || !strcmp(s, "none"))
		*out = MODEL_FROM_NONE;
	else if (!strcmp(s, "slug"))
		*out = MODEL_FROM_SLUG;
	else if (!strcmp(s, "lower"))
		*out = MODEL_FROM_LOWER;
	else if (!strcmp(s, "parens"))
		*out = MODEL_FROM_PARENS;
	else
		return error_set("%s: '%s.model_from_name' is '%s': use none, slug, lower or parens",
				 origin, path, s);
	return 0;
}

static size_t find_or_add_agent(struct cat_load *ld, const char *name,
				const char *origin)
{
	struct catalogue *c = ld->c;
	size_t i = ci_get(&ld->agents, 0, name, NULL);
	struct cat_agent *a;

	if (i != CI_NONE)
		return i;
	c->agents = grow(c->agents, c->nr_agents, sizeof(*a));
	i = c->nr_agents++;
	a = &c->agents[i];
	memset(a, 0, sizeof(*a));
	a->name = xstrdup(name);
	a->origin = xstrdup(origin);
	ci_put(&ld->agents, 0, a->name, NULL, i);
	return i;
}

static int add_models(struct cat_load *ld, size_t ai, const cJSON *obj,
		      const char *origin, const char *path)
{
	struct cat_agent *a = &ld->c->agents[ai];
	const cJSON *arr, *it;
	const char *id;
	char **names;

	if (json_array(&arr, obj, "models", false, origin, path) < 0)
		return -1;
	cJSON_ArrayForEach(it, arr) {
		struct cat_model *m;

		if (json_string(&id, it, "id", true, origin, "models[]") < 0 ||
		    json_strv(&names, it, "names", origin, "models[]") < 0)
			return -1;
		if (ci_get(&ld->models, ai, id, NULL) != CI_NONE) {
			json_strv_free(names);
			continue;
		}
		a->models = grow(a->models, a->nr_models, sizeof(*a->models));
		m = &a->models[a->nr_models];
		m->id = xstrdup(id);
		m->names = names;
		ci_put(&ld->models, ai, m->id, NULL, a->nr_models);
		index_strv(&ld->models, ai, m->names, a->nr_models);
		a->nr_models++;
	}
	return 0;
}

static int add_strv(char ***field, const cJSON *obj, const char *key,
		    const char *origin, const char *path)
{
	char **v;

	if (json_strv(&v, obj, key, origin, path) < 0)
		return -1;
	strv_merge(field, v);
	return 0;
}

static int add_vendor_trailer(struct cat_load *ld, const cJSON *it,
			      const char *agent, const char *origin)
{
	struct catalogue *c = ld->c;
	const char *key, *value, *who = agent;
	struct cat_vendor_trailer *t;

	if (json_string(&key, it, "key", true, origin, "vendor_trailers[]") < 0 ||
	    json_string(&value, it, "value", false, origin,
			"vendor_trailers[]") < 0 ||
	    (!who && json_string(&who, it, "agent", true, origin,
				 "vendor_trailers[]") < 0))
		return -1;
	if (ci_get(&ld->trailers, 0, key, value) != CI_NONE)
		return 0;
	c->vendor_trailers = grow(c->vendor_trailers, c->nr_vendor_trailers,
				  sizeof(*t));
	t = &c->vendor_trailers[c->nr_vendor_trailers];
	t->key = xstrdup(key);
	t->value = value ? xstrdup(value) : NULL;
	t->agent = xstrdup(who);
	ci_put(&ld->trailers, 0, t->key, t->value, c->nr_vendor_trailers++);
	return 0;
}

static int add_vendor_trailers(struct cat_load *ld, const cJSON *obj,
			       const char *agent, const char *origin)
{
	const cJSON *arr, *it;

	if (json_array(&arr, obj, "vendor_trailers", false, origin,
		       agent ? "agents[]" : "") < 0)
		return -1;
	cJSON_ArrayForEach(it, arr)
		if (add_vendor_trailer(ld, it, agent, origin) < 0)
			return -1;
	return 0;
}

static int add_agent(struct cat_load *ld, const cJSON *it,
		     const char *origin)
{
	const char *name, *desc, *from;
	const cJSON *ids = NULL;
	struct cat_agent *a;
	size_t ai;
	enum model_from_name mf = MODEL_FROM_NONE;

	if (!cJSON_IsObject(it))
		return error_set("%s: each entry of 'agents' must be an object",
				 origin);
	if (json_string(&name, it, "name", true, origin, "agents[]") < 0 ||
	    json_string(&desc, it, "description", false, origin,
			"agents[]") < 0 ||
	    json_string(&from, it, "model_from_name", false, origin,
			"agents[]") < 0 ||
	    parse_model_from(&mf, from, origin, "agents[]") < 0)
		return -1;
	if (!*name || strpbrk(name, " \t\n:"))
		return error_set("%s: agent name '%s' must be one word without ':'",
				 origin, name);
	ids = cJSON_GetObjectItemCaseSensitive(it, "identities");
	if (ids && !cJSON_IsObject(ids))
		return error_set("%s: 'agents[].identities' must be an object",
				 origin);
	ai = find_or_add_agent(ld, name, origin);
	a = &ld->c->agents[ai];
	if (desc && !a->description)
		a->description = xstrdup(desc);
	if (from)
		a->model_from = mf;
	if (add_strv(&a->aliases, it, "aliases", origin, "agents[]") < 0 ||
	    add_strv(&a->families, it, "model_families", origin,
		     "agents[]") < 0 ||
	    add_strv(&a->hosted, it, "hosted_model_families", origin,
		     "agents[]") < 0 ||
	    add_strv(&a->emails, ids, "emails", origin, "identities") < 0 ||
	    add_strv(&a->email_suffixes, ids, "email_suffixes", origin,
		     "identities") < 0 ||
	    add_strv(&a->names, ids, "names", origin, "identities") < 0 ||
	    add_strv(&a->name_suffixes, ids, "name_suffixes", origin,
		     "identities") < 0 ||
	    add_models(ld, ai, it, origin, "agents[]") < 0)
		return -1;
	return add_vendor_trailers(ld, it, a->name, origin);
}

static int add_footers(struct catalogue *c, const cJSON *root,
		       const char *origin)
{
	const cJSON *arr, *it;
	const char *prefix, *agent;

	if (json_array(&arr, root, "vendor_footers", false, origin, "") < 0)
		return -1;
	cJSON_ArrayForEach(it, arr) {
		if (json_string(&prefix, it, "prefix", true, origin,
				"vendor_footers[]") < 0 ||
		    json_string(&agent, it, "agent", false, origin,
				"vendor_footers[]") < 0)
			return -1;
		c->footers = grow(c->footers, c->nr_footers,
				  sizeof(*c->footers));
		c->footers[c->nr_footers].prefix = xstrdup(prefix);
		/* no agent: the footer says only that an AI was used */
		c->footers[c->nr_footers++].agent = agent ? xstrdup(agent)
							  : NULL;
	}
	return 0;
}

static int add_tool(struct cat_load *ld, const cJSON *it, bool basic,
		    const char *origin)
{
	struct catalogue *c = ld->c;
	const char *path = basic ? "basic_tools[]" : "analysis_tools[]";
	const char *name, *desc, *why;
	struct cat_tool t = { 0 };

	if (json_string(&name, it, "name", true, origin, path) < 0 ||
	    json_string(&desc, it, "description", false, origin, path) < 0 ||
	    json_string(&why, it, "why", false, origin, path) < 0 ||
	    json_strv(&t.programs, it, "programs", origin, path) < 0)
		return -1;
	if (json_strv(&t.aliases, it, "aliases", origin, path) < 0) {
		json_strv_free(t.programs);
		return -1;
	}
	if (ci_get(&ld->tools, 0, name, NULL) != CI_NONE) {
		json_strv_free(t.programs);
		json_strv_free(t.aliases);
		return 0;
	}
	t.name = xstrdup(name);
	t.description = desc ? xstrdup(desc) : NULL;
	t.why = xstrdup(why ? why : "a basic development tool");
	t.basic = basic;
	c->tools = grow(c->tools, c->nr_tools, sizeof(*c->tools));
	c->tools[c->nr_tools] = t;
	ci_put(&ld->tools, 0, t.name, NULL, c->nr_tools);
	index_strv(&ld->tools, 0, t.aliases, c->nr_tools);
	index_strv(&ld->tools, 0, t.programs, c->nr_tools);
	c->nr_tools++;
	return 0;
}

static int add_tools(struct cat_load *ld, const cJSON *root, bool basic,
		     const char *origin)
{
	const cJSON *arr, *it;

	if (json_array(&arr, root, basic ? "basic_tools" : "analysis_tools",
		       false, origin, "") < 0)
		return -1;
	cJSON_ArrayForEach(it, arr)
		if (add_tool(ld, it, basic, origin) < 0)
			return -1;
	return 0;
}

int catalogue_add_json(struct catalogue *c, const char *text, size_t len,
		       const char *origin)
{
	const cJSON *agents, *it;
	struct cat_load ld;
	cJSON *root;
	int rc = -1;

	if (json_parse(&root, text, len, origin) < 0)
		return -1;
	load_init(&ld, c);
	if (json_array(&agents, root, "agents", false, origin, "") < 0)
		goto out;
	cJSON_ArrayForEach(it, agents)
		if (add_agent(&ld, it, origin) < 0)
			goto out;
	if (add_vendor_trailers(&ld, root, NULL, origin) < 0 ||
	    add_footers(c, root, origin) < 0 ||
	    add_tools(&ld, root, false, origin) < 0 ||
	    add_tools(&ld, root, true, origin) < 0)
		goto out;
	rc = 0;
out:
	load_release(&ld);
	cJSON_Delete(root);
	return rc;
}

int catalogue_load_builtin(struct catalogue **out)
{
	struct catalogue *c = xcalloc(1, sizeof(*c));

	if (catalogue_add_json(c, disclose_catalogue_json,
			       strlen(disclose_catalogue_json),
			       "built-in catalogue") < 0) {
		catalogue_free(c);
		return -1;
	}
	*out = c;
	return 0;
}

static int json_file_filter(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 5 &&
	       !strcmp(d->d_name + n - 5, ".json");
}

/* $XDG_CONFIG_HOME/git-disclose, else $HOME/.config/git-disclose. */
static char *config_dir(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	struct buf b = BUF_INIT;

	if (xdg && *xdg)
		buf_addf(&b, "%s/git-disclose", xdg);
	else if (home && *home)
		buf_addf(&b, "%s/.config/git-disclose", home);
	else
		return NULL;
	return buf_detach(&b, NULL);
}

static int add_user_files(struct catalogue *c)
{
	char *dir = config_dir();
	struct dirent **list = NULL;
	int n, rc = 0;

	n = dir ? scandir(dir, &list, json_file_filter, alphasort) : 0;
	/* no directory is no extension; one that cannot be read is an error */
	if (n < 0 && errno != ENOENT) {
		rc = error_set("cannot read the directory %s: %s: make it readable, or move it away to use the built-in catalogue only",
			       dir, strerror(errno));
		n = 0;
	}
	for (int i = 0; i < n; i++) {
		struct buf path = BUF_INIT, text = BUF_INIT;

		buf_addf(&path, "%s/%s", dir, list[i]->d_name);
		if (rc == 0 && !strstr(list[i]->d_name, "policy") &&
		    (read_regular_file(&text, path.ptr, CONFIG_FILE_LIMIT,
				       0) < 0 ||
		     catalogue_add_json(c, text.ptr, text.len, path.ptr) < 0))
			rc = -1;
		buf_release(&path);
		buf_release(&text);
		free(list[i]);
	}
	free(list);
	free(dir);
	return rc;
}

int catalogue_load(struct catalogue **out)
{
	struct catalogue *c;

	if (catalogue_load_builtin(&c) < 0)
		return -1;
	if (add_user_files(c) < 0) {
		catalogue_free(c);
		return -1;
	}
	*out = c;
	return 0;
}

static void agent_release(struct cat_agent *a)
{
	free(a->name);
	free(a->description);
	free(a->origin);
	json_strv_free(a->aliases);
	json_strv_free(a->families);
	json_strv_free(a->hosted);
	json_strv_free(a->emails);
	json_strv_free(a->email_suffixes);
	json_strv_free(a->names);
	json_strv_free(a->name_suffixes);
	for (size_t i = 0; i < a->nr_models; i++) {
		free(a->models[i].id);
		json_strv_free(a->models[i].names);
	}
	free(a->models);
}

void catalogue_free(struct catalogue *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nr_agents; i++)
		agent_release(&c->agents[i]);
	for (size_t i = 0; i < c->nr_vendor_trailers; i++) {
		free(c->vendor_trailers[i].key);
		free(c->vendor_trailers[i].value);
		free(c->vendor_trailers[i].agent);
	}
	for (size_t i = 0; i < c->nr_footers; i++) {
		free(c->footers[i].prefix);
		free(c->footers[i].agent);
	}
	for (size_t i = 0; i < c->nr_tools; i++) {
		free(c->tools[i].name);
		free(c->tools[i].description);
		free(c->tools[i].why);
		json_strv_free(c->tools[i].programs);
		json_strv_free(c->tools[i].aliases);
	}
	free(c->agents);
	free(c->vendor_trailers);
	free(c->footers);
	free(c->tools);
	free(c);
}

const struct cat_agent *catalogue_agent(const struct catalogue *c,
					const char *name)
{
	for (size_t i = 0; i < c->nr_agents; i++)
		if (str_ieq(c->agents[i].name, name) ||
		    strv_has_ci(c->agents[i].aliases, name))
			return &c->agents[i];
	return NULL;
}

const struct cat_model *catalogue_model(const struct cat_agent *a,
					const char *id_or_name)
{
	for (size_t i = 0; i < a->nr_models; i++)
		if (str_ieq(a->models[i].id, id_or_name) ||
		    strv_has_ci(a->models[i].names, id_or_name))
			return &a->models[i];
	return NULL;
}

static bool in_family(char *const *families, const char *model)
{
	for (; families && *families; families++)
		if (str_istarts(model, *families))
			return true;
	return false;
}

static bool has_family(const struct cat_agent *a, const char *model)
{
	return in_family(a->families, model);
}

const struct cat_agent *catalogue_agent_for_model(const struct catalogue *c,
						  const char *model,
						  const struct cat_agent *prefer)
{
	if (prefer && (catalogue_model(prefer, model) ||
		       has_family(prefer, model) ||
		       in_family(prefer->hosted, model)))
		return prefer;
	for (size_t i = 0; i < c->nr_agents; i++)
		if (catalogue_model(&c->agents[i], model))
			return &c->agents[i];
	for (size_t i = 0; i < c->nr_agents; i++)
		if (has_family(&c->agents[i], model))
			return &c->agents[i];
	return NULL;
}

char *model_slug(const char *display, bool keep_dots)
{
	struct buf b = BUF_INIT;
	bool dash = false;

	for (const char *p = display; *p; p++) {
		unsigned char ch = (unsigned char)*p;

		if (git_isspace(ch) || ch == '_' || (ch == '.' && !keep_dots)) {
			dash = b.len > 0;
			continue;
		}
		if (dash)
			buf_addch(&b, '-');
		dash = false;
		buf_addch(&b, (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch);
	}
	return buf_detach(&b, NULL);
}

const struct cat_agent *catalogue_family_agent(const struct catalogue *c,
					       const char *model)
{
	/* "claude-code" starts like a model, but is an agent's name */
	if (catalogue_agent(c, model))
		return NULL;
	return catalogue_agent_for_model(c, model, NULL);
}

bool catalogue_agent_runs(const struct cat_agent *a, const char *model)
{
	if (!a->families || !*a->families)
		return true;
	return catalogue_model(a, model) || has_family(a, model) ||
	       in_family(a->hosted, model);
}

static bool is_alnum(unsigned char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
	       (ch >= 'A' && ch <= 'Z');
}

static bool is_digit(unsigned char ch)
{
	return ch >= '0' && ch <= '9';
}

/* A family prefix without its dash: "claude-" -> "claude". */
static size_t base_len(const char *family)
{
	size_t n = strlen(family);

	return n && family[n - 1] == '-' ? n - 1 : n;
}

static bool is_family_base(const struct cat_agent *a, const char *w, size_t n)
{
	for (char **f = a->families; f && *f; f++)
		if (base_len(*f) == n && mem_ieq(*f, n, w, n))
			return true;
	return false;
}

typedef bool (*word_match_fn)(const char *w, size_t n,
			      const char *p, size_t k);

/*
 * The first word of a's model ids (a run of letters and digits that does
 * not start with a digit) that match accepts for w, as [*out, *out + *len).
 */
static bool model_id_word(const struct cat_agent *a, const char *w, size_t n,
			  word_match_fn match, const char **out, size_t *len)
{
	for (size_t i = 0; i < a->nr_models; i++) {
		const char *p = a->models[i].id;

		while (*p) {
			size_t k = 0;

			while (p[k] && is_alnum((unsigned char)p[k]))
				k++;
			if (k && !is_digit((unsigned char)*p) &&
			    match(w, n, p, k)) {
				*out = p;
				*len = k;
				return true;
			}
			p += k ? k : 1;
		}
	}
	return false;
}

static bool same_word(const char *w, size_t n, const char *p, size_t k)
{
	return k == n && mem_ieq(p, k, w, n);
}

bool catalogue_model_word(const struct cat_agent *a, const char *word,
			  size_t len)
{
	const char *out;
	size_t n;

	if (!len || is_digit((unsigned char)word[0]))
		return false;
	if (is_family_base(a, word, len))
		return true;
	return model_id_word(a, word, len, same_word, &out, &n);
}

/* Plain printable ASCII: a model is never built from other bytes. */
static bool plain_ascii(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p >= 0x7f || (*p < 0x20 && *p != '\t'))
			return false;
	return true;
}

/*
 * The text without notes: "(...)" and "<address>" go, "<id>" and
 * "[...]" lose their brackets.
 */
static char *without_notes(const char *text)
{
	struct buf b = BUF_INIT;

	for (const char *p = text; *p; p++) {
		const char *close;

		if (*p == '(' && (close = strchr(p, ')'))) {
			p = close;
			buf_addch(&b, ' ');
		} else if (*p == '<' && (close = strchr(p, '>')) &&
			   memchr(p, '@', (size_t)(close - p))) {
			p = close;
			buf_addch(&b, ' ');
		} else if (strchr("<>[]", *p)) {
			buf_addch(&b, ' ');
		} else {
			buf_addch(&b, *p);
		}
	}
	return buf_detach(&b, NULL);
}

struct token {
	const char *s;
	size_t n;
};

/* Runs of letters, digits and dots, dots trimmed at the ends. */
static size_t tokenize(struct token *out, size_t max, const char *s)
{
	size_t nr = 0;

	while (*s && nr < max) {
		size_t k = 0;

		while (*s && !is_alnum((unsigned char)*s))
			s++;
		while (s[k] && (is_alnum((unsigned char)s[k]) || s[k] == '.'))
			k++;
		while (k && s[k - 1] == '.')
			k--;
		if (!k)
			break;
		out[nr].s = s;
		out[nr++].n = k;
		s += k;
		while (*s == '.')
			s++;
	}
	return *s ? max + 1 : nr;
}

static bool names_agent(const struct cat_agent *a, const struct token *t)
{
	if (strlen(a->name) == t->n && mem_ieq(a->name, t->n, t->s, t->n))
		return true;
	for (char **p = a->aliases; p && *p; p++)
		if (strlen(*p) == t->n && mem_ieq(*p, t->n, t->s, t->n))
			return true;
	return is_family_base(a, t->s, t->n);
}

static bool is_version(const struct token *t)
{
	return is_digit((unsigned char)t->s[0]);
}

/* One digit: "5" of "gpt-5-5". */
static bool is_one_digit(const struct token *t)
{
	return t->n == 1 && is_digit((unsigned char)t->s[0]);
}

/*
 * Words of a version, a family's words and the family's base, joined
 * by '-'; a family that keeps dots in its ids writes a version as
 * "5.5", also when it was written "5-5".
 */
static char *build_id(const struct cat_agent *a, const char *base,
		      size_t base_n, const struct token *t, size_t nr)
{
	struct buf b = BUF_INIT;
	bool version = false, dots = a->model_from == MODEL_FROM_LOWER;

	for (size_t k = 0; k < base_n; k++) {
		/* "o4" of "o4-mini" holds the version */
		version |= is_digit((unsigned char)base[k]);
		buf_addch(&b, (base[k] >= 'A' && base[k] <= 'Z') ?
			      base[k] - 'A' + 'a' : base[k]);
	}
	for (size_t i = 0; i < nr; i++) {
		if (!is_version(&t[i]) &&
		    !catalogue_model_word(a, t[i].s, t[i].n)) {
			buf_release(&b);
			return NULL;
		}
		version |= is_version(&t[i]);
		buf_addch(&b, dots && i && is_one_digit(&t[i - 1]) &&
			      is_one_digit(&t[i]) ? '.' : '-');
		for (size_t k = 0; k < t[i].n; k++) {
			unsigned char ch = (unsigned char)t[i].s[k];

			if (ch == '.' && !dots)
				ch = '-';
			buf_addch(&b, (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a'
							       : ch);
		}
	}
	if (!version) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

/* A reasoning effort a harness writes after the model: "gpt-5.5 xhigh". */
static bool is_effort(const struct token *t)
{
	static const char *const words[] = {
		"minimal", "low", "medium", "high", "xhigh",
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (strlen(words[i]) == t->n && mem_ieq(words[i], t->n, t->s,
							t->n))
			return true;
	return false;
}

/* A context window: "1m" of "claude-opus-4-7[1m]", "200k". */
static bool is_context_size(const struct token *t)
{
	size_t k = 0;

	while (k < t->n && is_digit((unsigned char)t->s[k]))
		k++;
	return k && k + 1 == t->n && strchr("kKmM", t->s[k]);
}

/*
 * What a harness writes after a model that is no part of its id: a
 * reasoning effort at the end, and for a family whose ids come from
 * display names (Claude's carry no context size) a context window after
 * the version. OpenAI's "gpt-4-32k" is an id of its own.
 */
static size_t drop_notes(const struct cat_agent *a, struct token *t,
			 size_t nr)
{
	size_t out = 0;
	bool version = false;

	for (size_t i = 0; i < nr; i++) {
		if (version && a->model_from == MODEL_FROM_SLUG &&
		    is_context_size(&t[i]))
			continue;
		version |= is_version(&t[i]);
		t[out++] = t[i];
	}
	while (out > 1 && is_effort(&t[out - 1]) &&
	       !catalogue_model_word(a, t[out - 1].s, t[out - 1].n))
		out--;
	return out;
}

/* The words of an id: runs of letters and digits, dots inside kept. */
static size_t id_words(struct token *out, size_t max, const char *id)
{
	size_t nr = 0;

	while (*id && nr < max) {
		size_t k = 0;

		while (*id && !is_alnum((unsigned char)*id))
			id++;
		while (id[k] && is_alnum((unsigned char)id[k]))
			k++;
		if (!k)
			break;
		out[nr].s = id;
		out[nr++].n = k;
		id += k;
	}
	return nr;
}

/*
 * Do ids x and y have the same words and the same numbers in the same
 * order: "claude-4-6-opus" and "claude-opus-4-6"?
 */
static bool same_words(const char *x, const char *y)
{
	struct token tx[16], ty[16];
	size_t nx = id_words(tx, 16, x), ny = id_words(ty, 16, y), j = 0;
	bool used[16] = { false };

	if (nx != ny || nx == 16)
		return false;
	for (size_t i = 0; i < nx; i++) {
		if (is_version(&tx[i])) {
			while (j < ny && !is_version(&ty[j]))
				j++;
			if (j == ny || !mem_ieq(tx[i].s, tx[i].n, ty[j].s,
						ty[j].n))
				return false;
			j++;
			continue;
		}
		for (size_t k = 0; k < ny; k++) {
			if (!used[k] && !is_version(&ty[k]) &&
			    mem_ieq(tx[i].s, tx[i].n, ty[k].s, ty[k].n)) {
				used[k] = true;
				break;
			}
			if (k + 1 == ny)
				return false;
		}
	}
	return true;
}

/* a's model that id names in another word order, or NULL. */
static const struct cat_model *reordered_model(const struct cat_agent *a,
					       const char *id)
{
	for (size_t i = 0; i < a->nr_models; i++)
		if (same_words(id, a->models[i].id))
			return &a->models[i];
	return NULL;
}

#define MAX_TOKENS 16

/* The id for an agent with families, or NULL; mention: the text must
 * name the agent or its family first. */
static char *family_model_id(const struct cat_agent *a, const char *text,
			     bool mention)
{
	struct token t[MAX_TOKENS];
	const struct cat_model *m;
	char *clean = without_notes(text), *id = NULL;
	size_t nr = tokenize(t, MAX_TOKENS, clean), skip = 0;
	const char *base = a->families[0];
	size_t base_n = base_len(base);

	if (nr > MAX_TOKENS)
		goto out;
	while (skip < nr && names_agent(a, &t[skip])) {
		/* "o4-mini": the family the text names, not the first */
		if (is_family_base(a, t[skip].s, t[skip].n)) {
			base = t[skip].s;
			base_n = t[skip].n;
		}
		skip++;
	}
	if (skip == nr || (mention && !skip))
		goto out;
	nr = skip + drop_notes(a, t + skip, nr - skip);
	id = build_id(a, base, base_n, t + skip, nr - skip);
	if (id && ((m = catalogue_model(a, id)) ||
		   (m = reordered_model(a, id)))) {
		free(id);
		id = xstrdup(m->id);
	}
out:
	free(clean);
	return id;
}

static bool has_families(const struct cat_agent *a)
{
	return a->families && *a->families &&
	       (a->model_from == MODEL_FROM_SLUG ||
		a->model_from == MODEL_FROM_LOWER);
}

/* "aider (gpt-4o)": the one word in the parentheses. */
static char *parens_model(const char *text)
{
	const char *open = strchr(text, '('), *close;

	close = open ? strchr(open, ')') : NULL;
	if (!close || close == open + 1 ||
	    memchr(open + 1, ' ', (size_t)(close - open - 1)))
		return NULL;
	return xstrndup(open + 1, (size_t)(close - open - 1));
}

static char *trimmed(const char *s)
{
	size_t n;

	while (git_isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && git_isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

/* "Claude Code <noreply@anthropic.com> (claude-opus-4-6)": a model id
 * of a's family (any family when a is NULL) standing in brackets. */
static char *bracketed_id(const struct catalogue *c, const struct cat_agent *a,
			  const char *text)
{
	for (const char *p = text; *p; p++) {
		const char *close = *p == '(' ? strchr(p, ')') :
				    *p == '[' ? strchr(p, ']') : NULL;
		const struct cat_agent *fam;
		char *word;

		if (!close || close == p + 1 ||
		    memchr(p + 1, ' ', (size_t)(close - p - 1)))
			continue;
		word = xstrndup(p + 1, (size_t)(close - p - 1));
		fam = catalogue_family_agent(c, word);
		if (fam && (!a || fam == a || catalogue_agent_runs(a, word)))
			return word;
		free(word);
	}
	return NULL;
}

char *catalogue_model_id(const struct catalogue *c, const struct cat_agent *a,
			 const char *text)
{
	const struct cat_model *m;
	char *t, *id = NULL;

	if (!text || !plain_ascii(text))
		return NULL;
	if (a && a->model_from == MODEL_FROM_PARENS)
		return parens_model(text);
	t = trimmed(text);
	if (a && (m = catalogue_model(a, t))) {
		id = xstrdup(m->id);
	} else if (a && has_families(a)) {
		id = family_model_id(a, t, false);
	} else {
		for (size_t i = 0; !id && i < c->nr_agents; i++)
			if (has_families(&c->agents[i]))
				id = family_model_id(&c->agents[i], t, true);
	}
	if (!id)
		id = bracketed_id(c, a, t);
	free(t);
	return id;
}

/* Optimal string alignment distance, case-folded, of short words. */
static size_t edit_distance(const char *a, size_t n, const char *b, size_t k)
{
	size_t d[33][33];

	if (n > 32 || k > 32)
		return SIZE_MAX;
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= k; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= k; j++) {
			size_t cost = !mem_ieq(a + i - 1, 1, b + j - 1, 1);
			size_t best = d[i - 1][j - 1] + cost;

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 &&
			    mem_ieq(a + i - 1, 1, b + j - 2, 1) &&
			    mem_ieq(a + i - 2, 1, b + j - 1, 1) &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][k];
}

/* Close enough to be a slip: one edit (or a swap), two in long words. */
static bool near(const char *a, size_t n, const char *b, size_t k)
{
	size_t d;

	if (n < 4 || k < 4)
		return false;
	d = edit_distance(a, n, b, k);
	return d > 0 && d <= (n >= 8 ? 2u : 1u);
}

/* The family word that w is a slip of, as [*out, *out + *len). */
static bool near_word(const struct cat_agent *a, const char *w, size_t n,
		      const char **out, size_t *len)
{
	for (char **f = a->families; f && *f; f++)
		if (near(w, n, *f, base_len(*f))) {
			*out = *f;
			*len = base_len(*f);
			return true;
		}
	return model_id_word(a, w, n, near, out, len);
}

char *catalogue_suggest_model(const struct catalogue *c,
			      const struct cat_agent *a, const char *model)
{
	struct buf b = BUF_INIT;
	bool changed = false;
	const char *p = model;

	if (a && !has_families(a))
		a = catalogue_family_agent(c, model);
	if (!a || !has_families(a) || !plain_ascii(model))
		return NULL;
	while (*p) {
		size_t k = 0;
		const char *w;
		size_t wn;

		while (p[k] && is_alnum((unsigned char)p[k]))
			k++;
		if (!k) {
			buf_addch(&b, *p++);
			continue;
		}
		if (!is_digit((unsigned char)*p) &&
		    !catalogue_model_word(a, p, k) &&
		    near_word(a, p, k, &w, &wn)) {
			buf_add(&b, w, wn);
			changed = true;
		} else {
			buf_add(&b, p, k);
		}
		p += k;
	}
	if (!changed) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

const struct cat_agent *catalogue_suggest_agent(const struct catalogue *c,
						const char *name)
{
	size_t n = strlen(name);

	if (catalogue_agent(c, name))
		return NULL;
	for (size_t i = 0; i < c->nr_agents; i++) {
		const struct cat_agent *a = &c->agents[i];

		if (near(name, n, a->name, strlen(a->name)))
			return a;
		for (char **p = a->aliases; p && *p; p++)
			if (near(name, n, *p, strlen(*p)))
				return a;
	}
	return NULL;
}

/* The model a vendor identity name carries, per the agent's rule. */
static char *model_in_name(const struct catalogue *c,
			   const struct cat_agent *a, const char *name)
{
	if (!name || a->model_from == MODEL_FROM_NONE ||
	    strv_has_ci(a->names, name) || str_ieq(name, a->name))
		return NULL;
	return catalogue_model_id(c, a, name);
}

static bool ends_with_ci(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && mem_ieq(s + n - k, k, suffix, k);
}

static bool vendor_email(const struct cat_agent *a, const char *email)
{
	if (strv_has_ci(a->emails, email))
		return true;
	for (char **p = a->email_suffixes; p && *p; p++)
		if (ends_with_ci(email, *p))
			return true;
	return false;
}

/*
 * Identity by address and catalogue, never by a name alone: with an
 * address that is not the vendor's, only a catalogued model's display
 * name or the agent's name suffix ("Jane (aider)") tells an AI.
 */
static bool identity_matches(const struct cat_agent *a, const char *name,
			     const char *email)
{
	if (email && vendor_email(a, email))
		return true;
	for (char **p = a->name_suffixes; name && p && *p; p++)
		if (ends_with_ci(name, *p))
			return true;
	if (!name)
		return false;
	if (!email && strv_has_ci(a->names, name))
		return true;
	/* "Claude Opus 4.5": the agent's name followed by a known model */
	return a->model_from != MODEL_FROM_NONE && catalogue_model(a, name);
}

const struct cat_agent *catalogue_identity(const struct catalogue *c,
					   const char *name, const char *email,
					   char **model)
{
	*model = NULL;
	for (size_t i = 0; i < c->nr_agents; i++) {
		const struct cat_agent *a = &c->agents[i];

		if (!identity_matches(a, name, email))
			continue;
		if (!(a->name_suffixes && name && email &&
		      !vendor_email(a, email)))
			*model = model_in_name(c, a, name);
		return a;
	}
	return NULL;
}

void catalogue_add_basic(struct catalogue *c, const char *name,
			 const char *why)
{
	struct cat_tool *t;

	if (catalogue_tool(c, name))
		return;
	c->tools = grow(c->tools, c->nr_tools, sizeof(*c->tools));
	t = &c->tools[c->nr_tools++];
	memset(t, 0, sizeof(*t));
	t->name = xstrdup(name);
	t->why = xstrdup(why);
	t->basic = true;
}

const struct cat_tool *catalogue_tool(const struct catalogue *c,
				      const char *name)
{
	for (size_t i = 0; i < c->nr_tools; i++) {
		const struct cat_tool *t = &c->tools[i];

		if (str_ieq(t->name, name) || strv_has_ci(t->aliases, name) ||
		    strv_has_ci(t->programs, name))
			return t;
	}
	return NULL;
}

static cJSON *agent_json(const struct cat_agent *a)
{
	cJSON *o = cJSON_CreateObject(), *models = cJSON_CreateArray();

	cJSON_AddStringToObject(o, "name", a->name);
	if (a->description)
		cJSON_AddStringToObject(o, "description", a->description);
	cJSON_AddItemToObject(o, "aliases", json_from_strv(a->aliases));
	cJSON_AddItemToObject(o, "model_families", json_from_strv(a->families));
	for (size_t i = 0; i < a->nr_models; i++) {
		cJSON *m = cJSON_CreateObject();

		cJSON_AddStringToObject(m, "id", a->models[i].id);
		cJSON_AddItemToObject(m, "names", json_from_strv(a->models[i].names));
		cJSON_AddItemToArray(models, m);
	}
	cJSON_AddItemToObject(o, "models", models);
	cJSON_AddItemToObject(o, "emails", json_from_strv(a->emails));
	cJSON_AddStringToObject(o, "origin", a->origin);
	return o;
}

char *catalogue_to_json(const struct catalogue *c,
			bool (*installed)(const struct cat_tool *t))
{
	cJSON *root = cJSON_CreateObject();
	cJSON *agents = cJSON_AddArrayToObject(root, "agents");
	cJSON *analysis = cJSON_AddArrayToObject(root, "analysis_tools");
	cJSON *basic = cJSON_AddArrayToObject(root, "basic_tools");
	char *text, *res;

	for (size_t i = 0; i < c->nr_agents; i++)
		cJSON_AddItemToArray(agents, agent_json(&c->agents[i]));
	for (size_t i = 0; i < c->nr_tools; i++) {
		const struct cat_tool *t = &c->tools[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "name", t->name);
		if (t->basic) {
			cJSON_AddStringToObject(o, "why", t->why);
			cJSON_AddItemToArray(basic, o);
			continue;
		}
		if (t->description)
			cJSON_AddStringToObject(o, "description",
						t->description);
		cJSON_AddItemToObject(o, "programs", json_from_strv(t->programs));
		if (installed)
			cJSON_AddBoolToObject(o, "installed", installed(t));
		cJSON_AddItemToArray(analysis, o);
	}
	text = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	if (!text)
		die_fatal("out of memory writing JSON");
	res = xstrdup(text);
	cJSON_free(text);
	return res;
}
