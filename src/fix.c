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

	/* the human who fixes is the submitter: the committer of the
	 * result, whose part is the last (without one, every sign-off is
	 * another person's, as for the placement) */
	if (o->facts)
		facts.author = o->facts->author;
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
	bool prev_blank = false, skip_blank = false, dropped = false;

	while (off < m->len) {
		const char *p = m->text + off;
		const char *nl = memchr(p, '\n', m->len - off);
		size_t n = nl ? (size_t)(nl - p) : m->len - off;
		size_t next = nl ? off + n + 1 : m->len;
		bool blank = is_blank(p, n);

		if (off >= m->title_end && off < end && lint_footer(c, p, n)) {
			skip_blank = prev_blank || out->len == 0;
			dropped = true;
			off = next;
			continue;
		}
		if (!(skip_blank && blank))
			buf_add(out, p, next - off);
		skip_blank = false;
		prev_blank = blank;
		off = next;
	}
	/* a footer that was the last line leaves its blank line last: git
	 * never stores a message ending in a blank line */
	while (dropped && out->len > 1 && out->ptr[out->len - 1] == '\n' &&
	       out->ptr[out->len - 2] == '\n')
		out->ptr[--out->len] = '\0';
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

	if (d->in_place[i] || d->left[i])
		return false;
	return d->by_entry[i] || pairs_with_ai_codev(m, i, d);
}

/* A line an AI tool wrote (not a person's): it may go from anybody's
 * part, as the conversion of what the tool left. */
static bool ai_trace(const struct finding *f)
{
	return !strcmp(f->id, "AI_SIGNOFF") ||
	       !strcmp(f->id, "AI_CO_DEVELOPER") ||
	       !strcmp(f->id, "VENDOR_TRAILER");
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
	if (!o->notes || !d->left[f->entry])
		return;
	if (!assisted_finding(f) && f->action != ACT_DISCLOSE &&
	    f->action != ACT_REMOVE)
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
 * A line of the human's own part whose agent check could only guess at
 * (Cladue: "did you mean Claude?") and the human's answer names that
 * agent: the answer replaces the misspelt line, not joins it.
 */
static bool corrects_guess(const struct finding *f, const struct fix_opts *o)
{
	const char *agent = o->place ? (o->assisted ? o->assisted->agent :
					NULL) : o->agent;
	struct assisted *guess = NULL;
	bool same;

	if (!f->guess || !agent || !is_assisted_fix(f) ||
	    assisted_parse(&guess, f->fix + 13, o->form) < 0) {
		error_clear();
		return false;
	}
	same = guess->agent && str_ieq(guess->agent, agent);
	assisted_free(guess);
	return same;
}

/*
 * Whose lines are whose: a vendor trailer in another
 * person's part becomes an Assisted-by line where it stands, above that
 * person's sign-off; another person's Assisted-by is left as it is (and
 * named in a note: it is their statement), and so is any other line of
 * theirs fix would remove (a sign-off repeated in their chain); a stale
 * Assisted-by in the human's own part is corrected where it stands,
 * unless the caller gives that part its line (o->place). Returns whether
 * the human's own part still needs a new Assisted-by line.
 */
static bool sort_findings(struct drop_data *d, const struct message *m,
			  const struct lint_result *res, size_t own,
			  const struct fix_opts *o)
{
	bool need = false, missing = false, by_line = false, own_fixed = false;
	bool answered = o->agent || o->model || o->place;

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
		} else if (f->action == ACT_REMOVE && e < own &&
			   !ai_trace(f)) {
			d->left[e] = true;
		} else if (assisted_finding(f) && e < own) {
			d->left[e] = true;
		} else if (assisted_finding(f) && is_assisted_fix(f) &&
			   f->action == ACT_REPLACE && !answered) {
			d->in_place[e] = f;
			own_fixed = true;
		} else if (assisted_finding(f) && corrects_guess(f, o)) {
			d->by_entry[e] = f;	/* the answer's line instead */
			need = true;
		} else if (assisted_finding(f)) {
			need = true;
		}
	}
	for (size_t i = 0; i < res->nr; i++)
		if (res->findings[i].entry < m->nr_trailers)
			note_left(o, m, &res->findings[i], d);
	/* traces with no line of their own (an AI committer): the human's
	 * part, unless the lines that hold them were dealt with above */
	return !own_fixed && (need || (missing && !by_line));
}

/* Add the tools of an Assisted-by value to out, the basic ones out. */
static void add_tools(struct assisted *out, const char *value,
		      const struct fix_opts *o)
{
	struct assisted *a = NULL;

	if (assisted_parse(&a, value, o->form) < 0) {
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

/* The value of Assisted-by entry i as the checker corrected it. */
static const char *corrected_value(const struct message *m,
				   const struct lint_result *res, size_t i)
{
	for (size_t k = 0; k < res->nr; k++) {
		const struct finding *f = &res->findings[k];

		if (f->entry == i && f->action == ACT_REPLACE &&
		    is_assisted_fix(f))
			return f->fix + 13;
	}
	return m->trailers[i].value;
}

/* The tools of the first Assisted-by line of the human's own part (never
 * another person's: their tools are theirs). */
static void tools_of(struct assisted *out, const struct message *m,
		     const struct lint_result *res, const struct fix_opts *o)
{
	for (size_t i = res->own_start; i < m->nr_trailers; i++) {
		if (!trailer_is(&m->trailers[i], ASSISTED_KEY))
			continue;
		add_tools(out, corrected_value(m, res, i), o);
		return;
	}
}

/*
 * o->place: the caller's line for the human's own part, with the tools
 * of the lines of that part it replaces first (in their order), so that
 * none is dropped silently, then the caller's.
 */
static struct assisted *placed_assisted(const struct message *m,
					const struct lint_result *res,
					const struct fix_opts *o)
{
	const struct assisted *want = o->assisted;
	struct assisted *a = assisted_new(want->agent, want->model);

	for (size_t i = res->own_start; i < m->nr_trailers; i++)
		if (place_replaces(&m->trailers[i], want, o->form))
			add_tools(a, corrected_value(m, res, i), o);
	for (char **t = want->tools; t && *t; t++)
		assisted_add_tool(a, *t);
	return a;
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

/* The message of an Assisted-by problem in the human's own part that
 * no correction exists for (another person's line is theirs). */
static const char *unfixable(const struct lint_result *res)
{
	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];

		if (f->entry != SIZE_MAX && f->entry < res->own_start)
			continue;
		if (assisted_finding(f) && !f->fix)
			return f->message;
	}
	return NULL;
}

/*
 * A correction of the human's own line that rests on a guess at a
 * misspelling: check asks "did you mean", so fix asks too (the answer
 * given with --model or --agent is the human's).
 */
static int refuse_guess(const struct lint_result *res,
			const struct fix_opts *o)
{
	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];

		if (!f->guess || (f->entry != SIZE_MAX &&
				  f->entry < res->own_start))
			continue;
		if (!strcmp(f->id, "ASSISTED_BY_AGENT") ? o->agent : o->model)
			continue;
		return error_set("%s; fix writes no guess: if '%s' is right, pass %s (git disclose catalogue lists the names)",
				 f->message, f->fix,
				 !strcmp(f->id, "ASSISTED_BY_AGENT") ?
				 "--agent NAME" : "--model VERSION");
	}
	return 0;
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
	    agent_model(&agent, &model, &first->own, o) < 0)
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
	bool need;
	int rc = -1;

	*changed = false;
	parse(&m, text, len, o);
	lint(&first, m, o);
	if (!o->place && refuse_guess(&first, o) < 0)
		goto out;
	if (!o->place && !any_action(&first)) {
		buf_add(out, text, len);
		rc = 0;
		goto out;
	}
	drop_footers(&clean, m, o->cat);
	parse(&m2, clean.ptr, clean.len, o);
	lint(&res, m2, o);
	dd.by_entry = index_drops(m2, &res);
	dd.in_place = xcalloc(m2->nr_trailers + 1, sizeof(*dd.in_place));
	dd.left = xcalloc(m2->nr_trailers + 1, sizeof(*dd.left));
	req.form = o->form;
	req.human = o->human;
	/* the tools were taken from the old lines already, basic ones out */
	req.exact_tools = true;
	req.drop = drop_entry;
	req.rewrite = rewrite_entry;
	req.drop_data = &dd;
	need = sort_findings(&dd, m2, &res, res.own_start, o) ||
	       footer_disclose(&first, &res);
	/* no_disclosure: the human says no AI-generated code, no Assisted-by */
	if (o->place && o->assisted)
		a = placed_assisted(m2, &res, o);
	else if (need && !o->no_disclosure &&
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
