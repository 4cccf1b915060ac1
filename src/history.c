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
	return error_set("--by=%s is not a grouping: give month, tag, agent, model, tool or subsystem",
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
	struct lint_facts lf = { c->author, c->committer, NULL, 0, NULL };
	struct lint_opts lo = { r->form, r->cat, r->cache };

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

static void row_add(struct history_row *row, const struct facts *f)
{
	row->commits++;
	if (f->disclosed || f->undisclosed)
		row->ai++;
	row->disclosed += f->disclosed;
	row->undisclosed += f->undisclosed;
	row->signoffs += f->signoffs;
}

/* Add the commit to the row of each key, or to "(none)" when none. */
static void table_add(struct history_table *t, const struct facts *f,
		      char *const *keys, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		row_add(table_row(t, keys[i]), f);
	if (!nr)
		row_add(table_row(t, NONE_KEY), f);
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
	char month[32];
	char *key = month;

	switch (r->by) {
	case BY_MONTH:
		month_of(month, sizeof(month), c->time);
		table_add(&r->groups, f, &key, 1);
		break;
	case BY_TAG:
		key = (char *)(c->tag ? c->tag : "(untagged)");
		table_add(&r->groups, f, &key, 1);
		break;
	case BY_AGENT:
		table_add(&r->groups, f, f->agents.v, f->agents.nr);
		break;
	case BY_MODEL:
		table_add(&r->groups, f, f->models.v, f->models.nr);
		break;
	case BY_TOOL:
		table_add(&r->groups, f, f->tools.v, f->tools.nr);
		break;
	case BY_SUBSYSTEM:
		table_add(&r->groups, f, c->subsystems, c->nr_subsystems);
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

static void table_release(struct history_table *t)
{
	for (size_t i = 0; i < t->nr; i++)
		free(t->rows[i].key);
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
	lint_cache_free(r->cache);
	free(r->range);
	memset(r, 0, sizeof(*r));
}

/* Only the keys of AI commits count in the agent, model and tool tables. */
static void add_named(struct history_table *t, const struct facts *f,
		      const struct keys *k)
{
	for (size_t i = 0; i < k->nr; i++)
		row_add(table_row(t, k->v[i]), f);
}

void history_add(struct history *r, const struct history_commit *c)
{
	struct facts f;

	read_facts(&f, r, c);
	row_add(&r->total, &f);
	if (c->nr_parents > 1)
		r->merges++;
	if (c->time && (!r->first || c->time < r->first))
		r->first = c->time;
	if (c->time > r->last)
		r->last = c->time;
	add_groups(r, &f, c);
	add_named(&r->agents, &f, &f.agents);
	add_named(&r->models, &f, &f.models);
	add_named(&r->families, &f, &f.families);
	add_named(&r->tools, &f, &f.tools);
	facts_release(&f);
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
		buf_addf(out, "<text class=\"n\" x=\"%d\" y=\"%d\" font-size=\"12\">%zu disclosed, %zu undisclosed, %zu commits</text>\n</g>\n",
			 BAR_X + wd + wu + 6, y + 14, row->disclosed,
			 row->undisclosed, row->commits);
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
