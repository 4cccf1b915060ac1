#include "fix.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "message.h"
#include "place.h"
#include "util.h"


static void parse(struct message **m, const char *text, size_t len,
		  const struct fix_opts *o)
{
	if (o->divider)
		message_parse(m, text, len, o->comment_char);
	else
		message_parse_commit(m, text, len, o->comment_char);
}

static void lint(struct lint_result *res, const struct message *m,
		 const struct fix_opts *o)
{
	struct lint_opts lo = { .form = o->form, .cat = o->cat };
	struct lint_facts facts = { 0 };

	/* the human who fixes is the submitter: the committer of the result */
	if (o->facts) {
		facts.author = o->facts->author;
		facts.committer = o->facts->committer;
	}
	if (o->human)
		facts.committer = o->human;
	lint_message(res, m, &facts, &lo);
}

/* A finding about an Assisted-by value that fix must act on. */
static bool assisted_finding(const struct finding *f)
{
	return f->severity != SEV_INFO &&
	       (!strcmp(f->id, "ASSISTED_BY_FORMAT") ||
		!strcmp(f->id, "ASSISTED_BY_MODEL") ||
		!strcmp(f->id, "ASSISTED_BY_AGENT") ||
		!strcmp(f->id, "ASSISTED_BY_BASIC_TOOL"));
}

static bool any_action(const struct lint_result *res)
{
	for (size_t i = 0; i < res->nr; i++)
		if (res->findings[i].action != ACT_NONE ||
		    assisted_finding(&res->findings[i]))
			return true;
	return false;
}

static bool is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!git_isspace((unsigned char)s[i]))
			return false;
	return true;
}

/*
 * The text without its vendor footer lines (before the end of the
 * trailer block, never in the subject); a blank line left doubled by the
 * removal goes too.
 */
static void drop_footers(struct buf *out, const struct message *m,
			 const struct catalogue *c)
{
	size_t off = 0, end = message_has_block(m) ? m->trailer_end
						    : m->patch_start;
	bool prev_blank = false, skip_blank = false;

	while (off < m->len) {
		const char *p = m->text + off;
		const char *nl = memchr(p, '\n', m->len - off);
		size_t n = nl ? (size_t)(nl - p) : m->len - off;
		size_t next = nl ? off + n + 1 : m->len;
		bool blank = is_blank(p, n);

		if (off >= m->title_end && off < end && lint_footer(c, p, n)) {
			skip_blank = prev_blank || out->len == 0;
			off = next;
			continue;
		}
		if (!(skip_blank && blank))
			buf_add(out, p, next - off);
		skip_blank = false;
		prev_blank = blank;
		off = next;
	}
	if (!out->ptr)
		buf_adds(out, "");
}

struct drop_data {
	const struct finding **by_entry;	/* what drops each entry */
	const struct finding **in_place;	/* its line written in place */
	bool *left;				/* another's: left as it is */
};

/* For each trailer entry, the finding that removes it, or NULL. */
static const struct finding **index_drops(const struct message *m,
					  const struct lint_result *res)
{
	const struct finding **by = xcalloc(m->nr_trailers + 1, sizeof(*by));

	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];

		if (f->entry < m->nr_trailers && !by[f->entry] &&
		    (f->action == ACT_REMOVE || f->action == ACT_DISCLOSE))
			by[f->entry] = f;
	}
	return by;
}

/* The SoB right after an AI Co-developed-by pairs with it: it goes too. */
static bool pairs_with_ai_codev(const struct message *m, size_t i,
				const struct drop_data *d)
{
	const struct finding *f;
	struct ident a, b;
	bool same;

	if (i == 0 || !trailer_is(&m->trailers[i], SOB_KEY) ||
	    !trailer_is(&m->trailers[i - 1], CODEV_KEY))
		return false;
	f = d->by_entry[i - 1];
	if (!f || strcmp(f->id, "AI_CO_DEVELOPER"))
		return false;
	ident_parse(&a, m->trailers[i - 1].value);
	ident_parse(&b, m->trailers[i].value);
	same = ident_same(&a, &b);
	ident_release(&a);
	ident_release(&b);
	return same;
}

static bool drop_entry(const struct message *m, size_t i, void *data)
{
	const struct drop_data *d = data;

	if (d->in_place && (d->in_place[i] || d->left[i]))
		return false;
	return d->by_entry[i] || pairs_with_ai_codev(m, i, d);
}

static char *rewrite_entry(const struct message *m, size_t i, void *data)
{
	const struct drop_data *d = data;

	(void)m;
	return d->in_place[i] ? xstrdup(d->in_place[i]->fix) : NULL;
}

static bool is_assisted_fix(const struct finding *f)
{
	return f->fix && !strncmp(f->fix, ASSISTED_KEY ": ", 13);
}

/* Is that line written in place already, by an entry from..i-1? */
static bool written_before(const struct drop_data *d, size_t from, size_t i,
			   const char *line)
{
	for (size_t j = from; j < i; j++)
		if (d->in_place[j] && !strcmp(d->in_place[j]->fix, line))
			return true;
	return false;
}

/* The name of whoever signed the part entry i is in (a sign-off after
 * it), for the note; "another person" when none is named. */
static void owner_of(struct buf *b, const struct message *m, size_t i,
		     const struct drop_data *d)
{
	for (; i < m->nr_trailers; i++) {
		struct ident id;

		if (!trailer_is(&m->trailers[i], SOB_KEY) ||
		    drop_entry(m, i, (void *)d))
			continue;
		ident_parse(&id, m->trailers[i].value);
		buf_adds(b, id.name && *id.name ? id.name : "another person");
		ident_release(&id);
		return;
	}
	buf_adds(b, "another person");
}

static void note_left(const struct fix_opts *o, const struct message *m,
		      const struct finding *f, const struct drop_data *d)
{
	if (!o->notes)
		return;
	buf_addf(o->notes, "line %zu: '%s' is ", f->line,
		 f->text ? f->text : "");
	owner_of(o->notes, m, f->entry, d);
	buf_adds(o->notes, "'s line; not changed");
	if (f->fix)
		buf_addf(o->notes, " (check proposes '%s')", f->fix);
	buf_adds(o->notes, "\n");
}

/*
 * Whose lines are whose: a vendor trailer in another
 * person's part becomes an Assisted-by line where it stands, above that
 * person's sign-off; another person's Assisted-by is left as it is (and
 * named in a note: it is their statement); a stale Assisted-by in the
 * human's own part is corrected where it stands. Returns whether the
 * human's own part still needs a new Assisted-by line.
 */
static bool sort_findings(struct drop_data *d, const struct message *m,
			  const struct lint_result *res, size_t own,
			  const struct fix_opts *o)
{
	bool need = false, missing = false, by_line = false, own_fixed = false;

	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];
		size_t e = f->entry;

		if (f->action == ACT_DISCLOSE)
			by_line = by_line || e < m->nr_trailers;
		if (f->action == ACT_DISCLOSE && e >= m->nr_trailers) {
			missing = true;
		} else if (e >= m->nr_trailers) {
			continue;
		} else if (f->action == ACT_DISCLOSE && e < own) {
			if (!is_assisted_fix(f))
				d->left[e] = true;
			else if (!written_before(d, 0, e, f->fix))
				d->in_place[e] = f;
		} else if (f->action == ACT_DISCLOSE) {
			need = true;
		} else if (assisted_finding(f) && e < own) {
			d->left[e] = true;
		} else if (assisted_finding(f) && is_assisted_fix(f) &&
			   f->action == ACT_REPLACE && !o->agent && !o->model) {
			d->in_place[e] = f;
			own_fixed = true;
		} else if (assisted_finding(f)) {
			need = true;
		}
	}
	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];

		if (f->entry < m->nr_trailers && d->left[f->entry] &&
		    (assisted_finding(f) || f->action == ACT_DISCLOSE))
			note_left(o, m, f, d);
	}
	/* traces with no line of their own (an AI committer): the human's
	 * part, unless the lines that hold them were dealt with above */
	return !own_fixed && (need || (missing && !by_line));
}

/* The tools of the message's Assisted-by line, as the checker corrected it. */
static void tools_of(struct assisted *out, const struct message *m,
		     const struct lint_result *res, const struct fix_opts *o)
{
	struct assisted *a = NULL;
	const char *value = NULL;

	for (size_t i = 0; i < res->nr && !value; i++) {
		const struct finding *f = &res->findings[i];

		if (f->fix && f->action == ACT_REPLACE &&
		    !strncmp(f->fix, ASSISTED_KEY ": ", 13))
			value = f->fix + 13;
	}
	for (size_t i = 0; i < m->nr_trailers && !value; i++)
		if (trailer_is(&m->trailers[i], ASSISTED_KEY))
			value = m->trailers[i].value;
	if (!value || assisted_parse(&a, value, o->form) < 0) {
		error_clear();
		return;
	}
	for (char **t = a->tools; *t; t++) {
		const struct cat_tool *tool = catalogue_tool(o->cat, *t);

		if (!tool || !tool->basic)
			assisted_add_tool(out, *t);
	}
	assisted_free(a);
}

/* A model id to show in the error message for agent. */
static const char *example_model(const struct catalogue *c, const char *agent)
{
	const struct cat_agent *a = catalogue_agent(c, agent);

	return a && a->nr_models ? a->models[0].id : "claude-opus-4-5";
}

static int agent_model(const char **agent, const char **model,
		       const struct lint_guess *g, const struct fix_opts *o)
{
	const struct cat_agent *a = NULL;

	*model = o->model ? o->model : g->model;
	/* the traces name the agent; a model given alone keeps it */
	if (o->agent)
		a = catalogue_agent(o->cat, o->agent);
	else if (g->agent)
		a = g->agent;
	else if (o->model)
		a = catalogue_agent_for_model(o->cat, o->model, NULL);
	*agent = a ? a->name : o->agent;
	if (!*agent)
		return error_set("cannot tell which AI agent was used: pass --agent NAME (e.g. --agent Claude) and --model VERSION");
	if (!*model)
		return error_set("cannot tell which %s model was used: pass --model VERSION (e.g. --model %s); fix never writes a guess",
				 *agent, example_model(o->cat, *agent));
	return 0;
}

/* The message of an Assisted-by problem no correction exists for. */
static const char *unfixable(const struct lint_result *res)
{
	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];

		if (assisted_finding(f) && !f->fix)
			return f->message;
	}
	return NULL;
}

static int new_assisted(struct assisted **out, const struct message *m,
			const struct lint_result *first,
			const struct lint_result *res,
			const struct fix_opts *o)
{
	const char *agent = "LLM", *model = NULL, *why;
	struct assisted *a;

	*out = NULL;
	if (o->form == FORM_AGENT_MODEL && !o->model &&
	    (why = unfixable(first))) {
		return error_set("%s; fix writes no guess: pass --model VERSION (and --agent NAME)",
				 why);
	}
	if (o->form == FORM_AGENT_MODEL &&
	    agent_model(&agent, &model, &first->guess, o) < 0)
		return -1;
	a = assisted_new(agent, model);
	if (o->tools)
		for (char *const *t = o->tools; *t; t++)
			assisted_add_tool(a, *t);
	else
		tools_of(a, m, res, o);
	/* a display name given as --model becomes its id, as elsewhere */
	if (o->form == FORM_AGENT_MODEL ? assisted_resolve(a, o->cat) < 0 :
	    assisted_validate(a, o->form, o->cat) < 0) {
		assisted_free(a);
		return -1;
	}
	*out = a;
	return 0;
}

static bool asks_line(const struct lint_result *res)
{
	for (size_t i = 0; i < res->nr; i++)
		if (res->findings[i].action == ACT_DISCLOSE &&
		    res->findings[i].entry == SIZE_MAX)
			return true;
	return false;
}

/* Vendor footers alone (gone from the text fix works on) ask for the
 * line: they are in the body, the human's part. */
static bool footer_disclose(const struct lint_result *first,
			    const struct lint_result *res)
{
	return asks_line(first) && !asks_line(res);
}

int fix_message(struct buf *out, bool *changed, const char *text, size_t len,
		const struct fix_opts *o)
{
	struct lint_result first, res = { 0 };
	struct message *m = NULL, *m2 = NULL;
	struct buf clean = BUF_INIT;
	struct place_request req = { 0 };
	struct assisted *a = NULL;
	struct drop_data dd;
	size_t own;
	int rc = -1;

	*changed = false;
	parse(&m, text, len, o);
	lint(&first, m, o);
	if (!any_action(&first)) {
		buf_add(out, text, len);
		rc = 0;
		goto out;
	}
	drop_footers(&clean, m, o->cat);
	parse(&m2, clean.ptr, clean.len, o);
	lint(&res, m2, o);
	dd.by_entry = index_drops(m2, &res);
	dd.in_place = NULL;
	req.form = o->form;
	req.human = o->human;
	/* new_assisted() took the tools from the old line, basic ones out */
	req.exact_tools = true;
	req.drop = drop_entry;
	req.drop_data = &dd;
	own = place_own_start(m2, &req);
	dd.in_place = xcalloc(m2->nr_trailers + 1, sizeof(*dd.in_place));
	dd.left = xcalloc(m2->nr_trailers + 1, sizeof(*dd.left));
	req.rewrite = rewrite_entry;
	/* no_disclosure: the human says no AI-generated code, no Assisted-by */
	if ((sort_findings(&dd, m2, &res, own, o) ||
	     footer_disclose(&first, &res)) && !o->no_disclosure &&
	    new_assisted(&a, m2, &first, &res, o) < 0)
		goto out_free;
	req.assisted = a;
	rc = place_trailers(out, m2, &req);
out_free:
	free(dd.by_entry);
	free(dd.in_place);
	free(dd.left);
	if (rc < 0)
		goto out;
	*changed = out->len != len || memcmp(out->ptr, text, len);
	rc = 0;
out:
	if (!out->ptr)
		buf_adds(out, "");
	assisted_free(a);
	lint_result_release(&first);
	lint_result_release(&res);
	message_free(m);
	message_free(m2);
	buf_release(&clean);
	return rc;
}
