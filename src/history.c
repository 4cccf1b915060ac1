/*
 * The AI assistance report (see report.h): per commit, the checker's
 * verdict and the Assisted-by values are turned into a few facts (which
 * agents, models and tools, disclosed or not, AI sign-offs), and the
 * facts are added to the rows they belong to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "history.h"

static const char *const by_names[] = {
	[BY_MONTH] = "month", [BY_TAG] = "tag", [BY_AGENT] = "agent",
	[BY_MODEL] = "model", [BY_TOOL] = "tool", [BY_SUBSYSTEM] = "subsystem",
	[BY_FAMILY] = "family",
};

#define NR_BY (sizeof(by_names) / sizeof(by_names[0]))
#define NONE_KEY "(none)"

int history_by_from_name(enum history_by *out, const char *name)
{
	for (size_t i = 0; i < NR_BY; i++) {
		if (!strcmp(name, by_names[i])) {
			*out = i;
			return 0;
		}
	}
	return error_set("--by=%s is not a grouping: give month, tag, agent, model, family, tool or subsystem",
			 name);
}

const char *history_by_name(enum history_by by)
{
	return by < NR_BY ? by_names[by] : "?";
}

/* A small set of strings, each once: the keys one commit counts in. */
struct keys {
	char **v;
	size_t nr, alloc;
};

static void keys_add(struct keys *k, const char *s)
{
	for (size_t i = 0; i < k->nr; i++)
		if (!strcmp(k->v[i], s))
			return;
	if (k->nr == k->alloc) {
		k->alloc = k->alloc ? 2 * k->alloc : 4;
		k->v = xrealloc(k->v, k->alloc * sizeof(*k->v));
	}
	k->v[k->nr++] = xstrdup(s);
}

static void keys_release(struct keys *k)
{
	for (size_t i = 0; i < k->nr; i++)
		free(k->v[i]);
	free(k->v);
	memset(k, 0, sizeof(*k));
}

/* What one commit says about AI assistance. */
struct facts {
	bool disclosed, undisclosed;
	size_t signoffs;
	struct keys agents, models, families, tools;
};

static void facts_release(struct facts *f)
{
	keys_release(&f->agents);
	keys_release(&f->models);
	keys_release(&f->families);
	keys_release(&f->tools);
}

char *history_model_family(const char *model)
{
	struct buf b = BUF_INIT;
	const char *p = model;

	while (*p) {
		size_t n = strcspn(p, "-");

		/* a word that starts with a digit is a version */
		if (n && !git_isdigit((unsigned char)*p)) {
			if (b.len)
				buf_addch(&b, '-');
			buf_add(&b, p, n);
		}
		p += n;
		if (*p)
			p++;
	}
	if (!b.len)
		buf_adds(&b, model);
	return buf_detach(&b, NULL);
}

static void add_model(struct facts *f, const char *model)
{
	char *family;

	if (!model || !*model)
		return;
	keys_add(&f->models, model);
	family = history_model_family(model);
	keys_add(&f->families, family);
	free(family);
}

/* One Assisted-by value, as written (the agent's name canonical when the
 * catalogue knows it); a value of neither form counts as malformed. */
static void add_assisted(struct facts *f, const struct history *r,
			 const char *value)
{
	struct assisted *a;
	const struct cat_agent *known;

	if (assisted_parse(&a, value, FORM_AGENT_MODEL) < 0 &&
	    assisted_parse(&a, value, FORM_LLM) < 0) {
		error_clear();
		keys_add(&f->agents, "(malformed)");
		return;
	}
	error_clear();
	known = catalogue_agent(r->cat, a->agent);
	keys_add(&f->agents, known ? known->name : a->agent);
	add_model(f, a->model);
	for (char **t = a->tools; *t; t++) {
		const struct cat_tool *tool = catalogue_tool(r->cat, *t);

		keys_add(&f->tools, tool ? tool->name : *t);
	}
	assisted_free(a);
}

static void read_facts(struct facts *f, const struct history *r,
		       const struct history_commit *c)
{
	struct message *m;
	struct lint_result res;
	struct lint_facts lf = { c->author, c->committer, NULL,
				 0, NULL, false };
	struct lint_opts lo = { .form = r->form, .cat = r->cat,
				.cache = r->cache };

	memset(f, 0, sizeof(*f));
	message_parse_commit(&m, c->message ? c->message : "",
			     c->message ? c->message_len : 0,
			     c->comment_char ? c->comment_char : '#');
	lint_message(&res, m, &lf, &lo);
	for (size_t i = 0; i < m->nr_trailers; i++)
		if (trailer_is(&m->trailers[i], ASSISTED_KEY))
			add_assisted(f, r, m->trailers[i].value);
	for (size_t i = 0; i < res.nr; i++)
		if (!strcmp(res.findings[i].id, "AI_SIGNOFF"))
			f->signoffs++;
	f->disclosed = res.has_assisted;
	f->undisclosed = !f->disclosed && (res.guess.signals || f->signoffs);
	if (f->undisclosed) {
		keys_add(&f->agents, res.guess.agent ? res.guess.agent->name :
			 "(unknown)");
		add_model(f, res.guess.model);
	}
	lint_result_release(&res);
	message_free(m);
}

static struct history_row *table_row(struct history_table *t, const char *key)
{
	struct history_row *row;

	if (t->last < t->nr && !strcmp(t->rows[t->last].key, key))
		return &t->rows[t->last];
	for (size_t i = 0; i < t->nr; i++) {
		if (!strcmp(t->rows[i].key, key)) {
			t->last = i;
			return &t->rows[i];
		}
	}
	if (t->nr == t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 16;
		t->rows = xrealloc(t->rows, t->alloc * sizeof(*t->rows));
	}
	row = &t->rows[t->nr];
	memset(row, 0, sizeof(*row));
	row->key = xstrdup(key);
	t->last = t->nr++;
	return row;
}

int history_month(long long when)
{
	time_t t = (time_t)when;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		return 0;
	return (tm.tm_year + 1900) * 12 + tm.tm_mon;
}

void history_month_name(char *out, size_t size, int month)
{
	snprintf(out, size, "%04d-%02d", month / 12, month % 12 + 1);
}

size_t history_row_month(const struct history_row *row, int month)
{
	if (month < row->months_lo || month >= row->months_lo + row->nr_months)
		return 0;
	return row->months[month - row->months_lo];
}

/* One more AI commit of the row in month: its array grows either way. */
static void row_add_month(struct history_row *row, int month)
{
	int lo = row->months_lo, hi = lo + row->nr_months;

	if (!row->nr_months) {
		lo = month;
		hi = month + 1;
	} else if (month < lo) {
		lo = month;
	} else if (month >= hi) {
		hi = month + 1;
	}
	if (lo != row->months_lo || hi - lo != row->nr_months) {
		size_t *m = xcalloc((size_t)(hi - lo), sizeof(*m));

		for (int i = 0; i < row->nr_months; i++)
			m[row->months_lo - lo + i] = row->months[i];
		free(row->months);
		row->months = m;
		row->months_lo = lo;
		row->nr_months = hi - lo;
	}
	row->months[month - lo]++;
}

static void row_add_id(struct history_row *row, const char *id)
{
	if (row->nr_ids == row->alloc_ids) {
		row->alloc_ids = row->alloc_ids ? 2 * row->alloc_ids : 8;
		row->ids = xrealloc(row->ids,
				    row->alloc_ids * sizeof(*row->ids));
	}
	row->ids[row->nr_ids++] = xstrdup(id);
}

/* c: the commit, when its month and id are kept (pivots), else NULL. */
static void row_add(struct history_row *row, const struct facts *f,
		    const struct history_commit *c)
{
	if (c && (f->disclosed || f->undisclosed)) {
		row_add_month(row, history_month(c->time));
		if (c->id)
			row_add_id(row, c->id);
	}
	row->commits++;
	if (f->disclosed || f->undisclosed)
		row->ai++;
	row->disclosed += f->disclosed;
	row->undisclosed += f->undisclosed;
	row->signoffs += f->signoffs;
}

/* Add the commit to the row of each key, or to "(none)" when none. */
static void table_add(struct history_table *t, const struct facts *f,
		      char *const *keys, size_t nr,
		      const struct history_commit *c)
{
	for (size_t i = 0; i < nr; i++)
		row_add(table_row(t, keys[i]), f, c);
	if (!nr)
		row_add(table_row(t, NONE_KEY), f, c);
}

static void month_of(char *out, size_t size, long long when)
{
	time_t t = (time_t)when;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		snprintf(out, size, "?");
	else
		snprintf(out, size, "%04d-%02d", tm.tm_year + 1900,
			 tm.tm_mon + 1);
}

static void add_groups(struct history *r, const struct facts *f,
		       const struct history_commit *c)
{
	const struct history_commit *pc = r->pivots ? c : NULL;
	char month[32];
	char *key = month;

	switch (r->by) {
	case BY_MONTH:
		month_of(month, sizeof(month), c->time);
		table_add(&r->groups, f, &key, 1, pc);
		break;
	case BY_TAG:
		key = (char *)(c->tag ? c->tag : "(untagged)");
		table_add(&r->groups, f, &key, 1, pc);
		break;
	case BY_AGENT:
		table_add(&r->groups, f, f->agents.v, f->agents.nr, pc);
		break;
	case BY_MODEL:
		table_add(&r->groups, f, f->models.v, f->models.nr, pc);
		break;
	case BY_TOOL:
		table_add(&r->groups, f, f->tools.v, f->tools.nr, pc);
		break;
	case BY_FAMILY:
		table_add(&r->groups, f, f->families.v, f->families.nr, pc);
		break;
	case BY_SUBSYSTEM:
		table_add(&r->groups, f, c->subsystems, c->nr_subsystems, pc);
		break;
	}
}

void history_init(struct history *r, enum history_by by, enum policy_form form,
		 const struct catalogue *cat)
{
	memset(r, 0, sizeof(*r));
	r->by = by;
	r->form = form;
	r->cat = cat;
	r->cache = lint_cache_new();
}

static void row_release(struct history_row *row)
{
	free(row->key);
	free(row->months);
	for (size_t i = 0; i < row->nr_ids; i++)
		free(row->ids[i]);
	free(row->ids);
}

static void table_release(struct history_table *t)
{
	for (size_t i = 0; i < t->nr; i++)
		row_release(&t->rows[i]);
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

void history_release(struct history *r)
{
	table_release(&r->groups);
	table_release(&r->agents);
	table_release(&r->models);
	table_release(&r->families);
	table_release(&r->tools);
	table_release(&r->subsystems);
	row_release(&r->total);
	lint_cache_free(r->cache);
	free(r->range);
	memset(r, 0, sizeof(*r));
}

/* Only the keys of AI commits count in the agent, model and tool tables. */
static void add_named(struct history_table *t, const struct facts *f,
		      const struct keys *k, const struct history_commit *c)
{
	for (size_t i = 0; i < k->nr; i++)
		row_add(table_row(t, k->v[i]), f, c);
}

/* The subsystems of an AI commit, for the pivot, when not given. */
static int add_subsystems(struct history *r, const struct facts *f,
			  const struct history_commit *c)
{
	char **subs = NULL;
	size_t nr = 0;

	if (!(f->disclosed || f->undisclosed))
		return 0;
	if (c->subsystems || !c->get_subsystems) {
		table_add(&r->subsystems, f, c->subsystems, c->nr_subsystems,
			  c);
		return 0;
	}
	if (c->get_subsystems(&subs, &nr, c->data) < 0)
		return -1;
	table_add(&r->subsystems, f, subs, nr, c);
	for (size_t i = 0; i < nr; i++)
		free(subs[i]);
	free(subs);
	return 0;
}

int history_add(struct history *r, const struct history_commit *c)
{
	const struct history_commit *pc = r->pivots ? c : NULL;
	struct facts f;
	int ret = 0;

	read_facts(&f, r, c);
	row_add(&r->total, &f, pc);
	if (c->nr_parents > 1)
		r->merges++;
	if (c->time && (!r->first || c->time < r->first))
		r->first = c->time;
	if (c->time > r->last)
		r->last = c->time;
	add_groups(r, &f, c);
	add_named(&r->agents, &f, &f.agents, pc);
	add_named(&r->models, &f, &f.models, pc);
	add_named(&r->families, &f, &f.families, pc);
	add_named(&r->tools, &f, &f.tools, pc);
	if (r->pivots)
		ret = add_subsystems(r, &f, c);
	facts_release(&f);
	return ret;
}

/* Output order: months and tags by key, the rest most commits first. */
static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct history_row *)a)->key,
		      ((const struct history_row *)b)->key);
}

static int by_count(const void *a, const void *b)
{
	const struct history_row *x = a, *y = b;

	if (x->commits != y->commits)
		return x->commits < y->commits ? 1 : -1;
	return strcmp(x->key, y->key);
}

enum order { ORDER_COUNT, ORDER_KEY, ORDER_ADDED };

/* A sorted copy of the table's rows (the caller frees the array). */
static struct history_row *sorted(const struct history_table *t,
				 enum order order)
{
	struct history_row *rows = xmalloc((t->nr + 1) * sizeof(*rows));

	if (t->nr)
		memcpy(rows, t->rows, t->nr * sizeof(*rows));
	if (order != ORDER_ADDED)
		qsort(rows, t->nr, sizeof(*rows),
		      order == ORDER_KEY ? by_key : by_count);
	return rows;
}

/* Months in order; tags as walked, oldest first; the rest by count. */
static enum order keyed_groups(const struct history *r)
{
	return r->by == BY_MONTH ? ORDER_KEY :
	       r->by == BY_TAG ? ORDER_ADDED : ORDER_COUNT;
}

static double share(size_t part, size_t whole)
{
	return whole ? 100.0 * part / whole : 0.0;
}

static void date_of(char *out, size_t size, long long when)
{
	time_t t = (time_t)when;
	struct tm tm;

	if (!when || !gmtime_r(&t, &tm))
		snprintf(out, size, "-");
	else
		strftime(out, size, "%Y-%m-%d", &tm);
}

struct history_row *history_rows(const struct history *r,
				 enum history_by by, size_t *nr)
{
	const struct history_table *t;

	switch (by) {
	case BY_AGENT: t = &r->agents; break;
	case BY_MODEL: t = &r->models; break;
	case BY_FAMILY: t = &r->families; break;
	case BY_TOOL: t = &r->tools; break;
	case BY_SUBSYSTEM:
		t = r->by == BY_SUBSYSTEM ? &r->groups : &r->subsystems;
		break;
	default:
		*nr = r->groups.nr;
		return sorted(&r->groups, keyed_groups(r));
	}
	*nr = t->nr;
	return sorted(t, ORDER_COUNT);
}

/* ---- text ---- */

/* Text from commits, safe for a terminal. */
static char *safe(const char *s)
{
	struct buf b = BUF_INIT;

	lint_sanitize(&b, s, strlen(s));
	buf_add(&b, "", 0);
	return buf_detach(&b, NULL);
}

static int key_width(const struct history_table *t, const char *head)
{
	size_t w = strlen(head);

	for (size_t i = 0; i < t->nr; i++)
		if (strlen(t->rows[i].key) > w)
			w = strlen(t->rows[i].key);
	return w > 40 ? 40 : (int)w;
}

static void text_groups(struct buf *out, const struct history *r)
{
	char head[32];
	struct history_row *rows = sorted(&r->groups, keyed_groups(r));
	int w;

	snprintf(head, sizeof(head), "by %s", history_by_name(r->by));
	w = key_width(&r->groups, head);
	buf_addf(out, "%-*s %8s %7s %7s %10s %12s %13s\n", w, head,
		 "commits", "AI", "share", "disclosed", "undisclosed",
		 "AI sign-offs");
	for (size_t i = 0; i < r->groups.nr; i++) {
		char *key = safe(rows[i].key);

		buf_addf(out, "%-*s %8zu %7zu %6.1f%% %10zu %12zu %13zu\n",
			 w, key, rows[i].commits, rows[i].ai,
			 share(rows[i].ai, rows[i].commits),
			 rows[i].disclosed, rows[i].undisclosed,
			 rows[i].signoffs);
		free(key);
	}
	free(rows);
}

static void text_named(struct buf *out, const struct history_table *t,
		       const char *head)
{
	struct history_row *rows;
	int w;

	if (!t->nr)
		return;
	rows = sorted(t, ORDER_COUNT);
	w = key_width(t, head);
	buf_addf(out, "\n%-*s %8s %10s %12s\n", w, head, "commits",
		 "disclosed", "undisclosed");
	for (size_t i = 0; i < t->nr; i++) {
		char *key = safe(rows[i].key);

		buf_addf(out, "%-*s %8zu %10zu %12zu\n", w, key,
			 rows[i].commits, rows[i].disclosed,
			 rows[i].undisclosed);
		free(key);
	}
	free(rows);
}

void history_text(struct buf *out, const struct history *r)
{
	const struct history_row *t = &r->total;
	char first[16], last[16];
	char *range = safe(r->range ? r->range : "the commits given");

	date_of(first, sizeof(first), r->first);
	date_of(last, sizeof(last), r->last);
	buf_addf(out, "AI assistance in %s: %zu commit%s, %s .. %s\n", range,
		 t->commits, t->commits == 1 ? "" : "s", first, last);
	free(range);
	buf_addf(out, "  with AI traces  %8zu  %5.1f%% of the commits\n",
		 t->ai, share(t->ai, t->commits));
	buf_addf(out, "  disclosed       %8zu  (an Assisted-by: line)\n",
		 t->disclosed);
	buf_addf(out, "  undisclosed     %8zu  (vendor traces or an AI sign-off, no Assisted-by:)\n",
		 t->undisclosed);
	buf_addf(out, "  AI sign-offs    %8zu\n", t->signoffs);
	buf_addf(out, "  merges          %8zu\n\n", r->merges);
	text_groups(out, r);
	text_named(out, &r->agents, "agent");
	text_named(out, &r->models, "model");
	text_named(out, &r->families, "model family");
	text_named(out, &r->tools, "tool");
}

/* ---- JSON ---- */

static cJSON *json_row(const struct history_row *row, bool full)
{
	cJSON *o = cJSON_CreateObject();

	if (row->key)
		cJSON_AddStringToObject(o, full ? "key" : "name", row->key);
	cJSON_AddNumberToObject(o, "commits", row->commits);
	if (full) {
		cJSON_AddNumberToObject(o, "ai", row->ai);
		cJSON_AddNumberToObject(o, "share",
			(double)(long)(share(row->ai, row->commits) * 10 +
				       0.5) / 10);
	}
	cJSON_AddNumberToObject(o, "disclosed", row->disclosed);
	cJSON_AddNumberToObject(o, "undisclosed", row->undisclosed);
	if (full)
		cJSON_AddNumberToObject(o, "ai_signoffs", row->signoffs);
	return o;
}

static cJSON *json_table(const struct history_table *t, enum order keyed,
			bool full)
{
	cJSON *a = cJSON_CreateArray();
	struct history_row *rows = sorted(t, keyed);

	for (size_t i = 0; i < t->nr; i++)
		cJSON_AddItemToArray(a, json_row(&rows[i], full));
	free(rows);
	return a;
}

char *history_json(const struct history *r)
{
	cJSON *o = json_row(&r->total, true);
	char first[16], last[16];
	char *s;

	date_of(first, sizeof(first), r->first);
	date_of(last, sizeof(last), r->last);
	if (r->range)
		cJSON_AddStringToObject(o, "range", r->range);
	cJSON_AddStringToObject(o, "by", history_by_name(r->by));
	cJSON_AddStringToObject(o, "first", first);
	cJSON_AddStringToObject(o, "last", last);
	cJSON_AddNumberToObject(o, "merges", r->merges);
	cJSON_AddItemToObject(o, "groups",
			      json_table(&r->groups, keyed_groups(r), true));
	cJSON_AddItemToObject(o, "agents",
			      json_table(&r->agents, ORDER_COUNT, false));
	cJSON_AddItemToObject(o, "models",
			      json_table(&r->models, ORDER_COUNT, false));
	cJSON_AddItemToObject(o, "model_families",
			      json_table(&r->families, ORDER_COUNT,
					      false));
	cJSON_AddItemToObject(o, "tools",
			      json_table(&r->tools, ORDER_COUNT, false));
	s = cJSON_Print(o);
	cJSON_Delete(o);
	if (!s)
		die_fatal("out of memory");
	return s;
}

/* ---- SVG and HTML ---- */

/* s made safe for XML text and attributes (controls become visible). */
static void add_xml(struct buf *out, const char *s)
{
	char *clean = safe(s);

	for (const char *p = clean; *p; p++) {
		switch (*p) {
		case '&': buf_adds(out, "&amp;"); break;
		case '<': buf_adds(out, "&lt;"); break;
		case '>': buf_adds(out, "&gt;"); break;
		case '"': buf_adds(out, "&quot;"); break;
		case '\'': buf_adds(out, "&#39;"); break;
		default: buf_addch(out, *p);
		}
	}
	free(clean);
}

#define BAR_X 180
#define BAR_W 420
#define ROW_H 20

/*
 * One horizontal bar chart: per row, the disclosed part (green), the
 * undisclosed part (orange) and the label "D disclosed, U undisclosed,
 * N commits". Each bar's group carries its numbers as data attributes.
 */
static void svg_chart(struct buf *out, const struct history_table *t,
		      enum order keyed, const char *title, bool xmlns)
{
	struct history_row *rows = sorted(t, keyed);
	size_t max = 1;
	int height = 30 + ROW_H * (int)t->nr + 10;

	for (size_t i = 0; i < t->nr; i++)
		if (rows[i].disclosed + rows[i].undisclosed > max)
			max = rows[i].disclosed + rows[i].undisclosed;
	buf_addf(out, "<svg%s width=\"%d\" height=\"%d\" role=\"img\">\n",
		 xmlns ? " xmlns=\"http://www.w3.org/2000/svg\"" : "",
		 BAR_X + BAR_W + 260, height);
	buf_adds(out, "<title>");
	add_xml(out, title);
	buf_adds(out, "</title>\n<text x=\"0\" y=\"18\" font-weight=\"bold\">");
	add_xml(out, title);
	buf_adds(out, "</text>\n");
	for (size_t i = 0; i < t->nr; i++) {
		const struct history_row *row = &rows[i];
		int y = 30 + ROW_H * (int)i;
		int wd = (int)(BAR_W * row->disclosed / max);
		int wu = (int)(BAR_W * row->undisclosed / max);

		buf_adds(out, "<g class=\"bar\" data-key=\"");
		add_xml(out, row->key);
		buf_addf(out, "\" data-commits=\"%zu\" data-disclosed=\"%zu\" data-undisclosed=\"%zu\">\n",
			 row->commits, row->disclosed, row->undisclosed);
		buf_addf(out, "<text x=\"0\" y=\"%d\" font-size=\"12\">", y + 14);
		add_xml(out, row->key);
		buf_addf(out, "</text>\n<rect class=\"disclosed\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#2e8b57\"/>\n",
			 BAR_X, y + 2, wd, ROW_H - 4);
		buf_addf(out, "<rect class=\"undisclosed\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e67e22\"/>\n",
			 BAR_X + wd, y + 2, wu, ROW_H - 4);
		buf_addf(out, "<text class=\"n\" x=\"%d\" y=\"%d\" font-size=\"12\">%zu disclosed, %zu undisclosed, %zu commit%s</text>\n</g>\n",
			 BAR_X + wd + wu + 6, y + 14, row->disclosed,
			 row->undisclosed, row->commits,
			 row->commits == 1 ? "" : "s");
	}
	buf_adds(out, "</svg>\n");
	free(rows);
}

static void chart_title(char *out, size_t size, const struct history *r)
{
	snprintf(out, size, "AI assistance by %s (green: disclosed, orange: undisclosed)",
		 history_by_name(r->by));
}

void history_svg(struct buf *out, const struct history *r)
{
	char title[96];

	chart_title(title, sizeof(title), r);
	buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	svg_chart(out, &r->groups, keyed_groups(r), title, true);
}

static void html_table(struct buf *out, const struct history_table *t,
		       enum order keyed, const char *id, const char *head)
{
	struct history_row *rows = sorted(t, keyed);

	buf_addf(out, "<table id=\"%s\">\n<tr><th>%s</th><th>commits</th><th>AI</th><th>disclosed</th><th>undisclosed</th><th>AI sign-offs</th></tr>\n",
		 id, head);
	for (size_t i = 0; i < t->nr; i++) {
		buf_adds(out, "<tr><td>");
		add_xml(out, rows[i].key);
		buf_addf(out, "</td><td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td></tr>\n",
			 rows[i].commits, rows[i].ai, rows[i].disclosed,
			 rows[i].undisclosed, rows[i].signoffs);
	}
	buf_adds(out, "</table>\n");
	free(rows);
}

static void html_section(struct buf *out, const struct history_table *t,
			 enum order keyed, const char *id, const char *head)
{
	char title[64];

	if (!t->nr)
		return;
	snprintf(title, sizeof(title), "By %s", head);
	buf_addf(out, "<h2>%s</h2>\n", title);
	svg_chart(out, t, keyed, title, false);
	html_table(out, t, keyed, id, head);
}

void history_html(struct buf *out, const struct history *r)
{
	const struct history_row *t = &r->total;
	char first[16], last[16];

	date_of(first, sizeof(first), r->first);
	date_of(last, sizeof(last), r->last);
	buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>AI assistance in ");
	add_xml(out, r->range ? r->range : "the commits given");
	buf_adds(out, "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,th:first-child{text-align:left}</style>\n</head>\n<body>\n<h1>AI assistance in ");
	add_xml(out, r->range ? r->range : "the commits given");
	buf_addf(out, "</h1>\n<p>%s .. %s; git disclose report</p>\n", first,
		 last);
	buf_addf(out, "<table id=\"summary\">\n<tr><th>commits</th><td>%zu</td></tr>\n<tr><th>with AI traces</th><td>%zu</td></tr>\n<tr><th>disclosed</th><td>%zu</td></tr>\n<tr><th>undisclosed</th><td>%zu</td></tr>\n<tr><th>AI sign-offs</th><td>%zu</td></tr>\n<tr><th>merges</th><td>%zu</td></tr>\n</table>\n",
		 t->commits, t->ai, t->disclosed, t->undisclosed, t->signoffs,
		 r->merges);
	html_section(out, &r->groups, keyed_groups(r), "groups",
		     history_by_name(r->by));
	html_section(out, &r->agents, ORDER_COUNT, "agents", "agent");
	html_section(out, &r->models, ORDER_COUNT, "models", "model");
	html_section(out, &r->families, ORDER_COUNT, "model_families",
		     "model family");
	html_section(out, &r->tools, ORDER_COUNT, "tools", "tool");
	buf_adds(out, "</body>\n</html>\n");
}

/* ---- MAINTAINERS ---- */

/*
 * One F: or X: line of a section. key is the pattern's literal
 * directory part ("drivers/net/" of the pattern "drivers/net/foo*.c"),
 * by which the patterns are sorted, so that a path looks at the
 * patterns of its own directories only.
 */
struct mpattern {
	char *key;
	char *glob;
	size_t section;
	int depth;		/* get_maintainer's: more is more specific */
	bool exclude;		/* X: */
};

struct sections {
	char **sections;
	size_t nr_sections;
	struct mpattern *pats;
	size_t nr, alloc;
};

static size_t count_slashes(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

static void add_pattern(struct sections *m, const char *value,
			size_t len, bool exclude)
{
	struct mpattern *p;
	size_t lit = strcspn(value, "*?[");
	size_t slash = 0;

	if (lit > len)
		lit = len;
	for (size_t i = 0; i < lit; i++)
		if (value[i] == '/')
			slash = i + 1;
	if (m->nr == m->alloc) {
		m->alloc = m->alloc ? 2 * m->alloc : 64;
		m->pats = xrealloc(m->pats, m->alloc * sizeof(*m->pats));
	}
	p = &m->pats[m->nr++];
	p->key = xstrndup(value, slash);
	p->glob = xstrndup(value, len);
	p->section = m->nr_sections - 1;
	p->exclude = exclude;
	/* as get_maintainer.pl: the pattern's slashes, one more for a
	 * file or a directory written without its slash; "*..." least */
	p->depth = (int)count_slashes(p->glob) +
		   (len && value[len - 1] != '/');
	if (value[0] == '*')
		p->depth = -1;
}

static int by_pattern_key(const void *a, const void *b)
{
	const struct mpattern *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return x->section < y->section ? -1 : x->section > y->section;
}

/*
 * A MAINTAINERS file: a section is a title line followed by "X:\tvalue"
 * lines; its F: patterns name the files it covers, X: the ones it does
 * not. The preamble's tagged lines are indented, so not read as such.
 */
int sections_parse(struct sections **out, const char *text, size_t len)
{
	struct sections *m = xcalloc(1, sizeof(*m));
	const char *p = text, *end = text + len;
	bool in_section = false;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);

		if (n && p[n - 1] == '\r')
			n--;
		if (n >= 2 && p[1] == ':' && p[0] >= 'A' && p[0] <= 'Z') {
			const char *v = p + 2;
			size_t vn = n - 2;

			while (vn && (*v == ' ' || *v == '\t')) {
				v++;
				vn--;
			}
			while (vn && (v[vn - 1] == ' ' || v[vn - 1] == '\t'))
				vn--;
			if (in_section && vn && (p[0] == 'F' || p[0] == 'X'))
				add_pattern(m, v, vn, p[0] == 'X');
		} else if (n && p[0] != ' ' && p[0] != '\t') {
			m->sections = xrealloc(m->sections,
					       (m->nr_sections + 1) *
					       sizeof(*m->sections));
			m->sections[m->nr_sections++] = xstrndup_trim(p, n);
			in_section = true;
		} else if (!n) {
			in_section = false;
		}
		p = eol ? eol + 1 : end;
	}
	if (m->nr)
		qsort(m->pats, m->nr, sizeof(*m->pats), by_pattern_key);
	*out = m;
	return 0;
}

size_t sections_nr_patterns(const struct sections *m)
{
	return m ? m->nr : 0;
}

void sections_free(struct sections *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nr_sections; i++)
		free(m->sections[i]);
	for (size_t i = 0; i < m->nr; i++) {
		free(m->pats[i].key);
		free(m->pats[i].glob);
	}
	free(m->sections);
	free(m->pats);
	free(m);
}

/* get_maintainer's glob: "*" any characters ("/" too), "?" one; the
 * pattern matches the start of the path. */
static bool glob_prefix(const char *g, const char *s)
{
	for (; *g; g++, s++) {
		if (*g == '*') {
			for (;; s++) {
				if (glob_prefix(g + 1, s))
					return true;
				if (!*s)
					return false;
			}
		}
		if (!*s || (*g != '?' && *g != *s))
			return false;
	}
	return true;
}

/* As get_maintainer.pl's file_match_pattern(), with a directory named
 * without its trailing slash matching the files under it. */
static bool pattern_matches(const struct mpattern *p, const char *path)
{
	size_t n = strlen(p->glob);

	if (n && p->glob[n - 1] == '/')
		return glob_prefix(p->glob, path);
	/* no wildcard: that file, or the directory (get_maintainer.pl
	 * adds the slash to a directory of the tree) */
	if (!strpbrk(p->glob, "*?"))
		return !strncmp(path, p->glob, n) &&
		       (!path[n] || path[n] == '/');
	return glob_prefix(p->glob, path) &&
	       count_slashes(path) == count_slashes(p->glob);
}

/* First pattern whose key is the n bytes of path, or m->nr. */
static size_t first_with_key(const struct sections *m, const char *path,
			     size_t n)
{
	size_t lo = 0, hi = m->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(m->pats[mid].key, path, n);

		if (!c && m->pats[mid].key[n])
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The sections a path is excluded from (X:) are few: a short list. */
static bool excluded(const struct sections *m, const char *path,
		     size_t section)
{
	for (size_t n = 0;; n++) {
		if (n == 0 || path[n - 1] == '/') {
			size_t i = first_with_key(m, path, n);

			for (; i < m->nr && strlen(m->pats[i].key) == n &&
			     !strncmp(m->pats[i].key, path, n); i++)
				if (m->pats[i].exclude &&
				    m->pats[i].section == section &&
				    pattern_matches(&m->pats[i], path))
					return true;
		}
		if (!path[n])
			return false;
	}
}

/*
 * The section covering path most specifically: of the sections with
 * an F: pattern matching it and no X: pattern excluding it, the one
 * whose pattern is deepest (the first in the file on a tie), as
 * get_maintainer.pl orders them. NULL: none.
 */
const char *sections_find(const struct sections *m, const char *path)
{
	size_t best = 0;
	int depth = -2;

	for (size_t n = 0;; n++) {
		if (n == 0 || path[n - 1] == '/') {
			size_t i = first_with_key(m, path, n);

			for (; i < m->nr && strlen(m->pats[i].key) == n &&
			     !strncmp(m->pats[i].key, path, n); i++) {
				const struct mpattern *p = &m->pats[i];

				if (p->exclude || p->depth < depth ||
				    (p->depth == depth && p->section > best) ||
				    !pattern_matches(p, path) ||
				    excluded(m, path, p->section))
					continue;
				best = p->section;
				depth = p->depth;
			}
		}
		if (!path[n])
			break;
	}
	return depth == -2 ? NULL : m->sections[best];
}
