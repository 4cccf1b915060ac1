/*
 * The agent and model screen: the catalogue's agents and the chosen
 * agent's models, each with free text, validated as typed with the reason
 * shown inline; pre-filled from the session, git config or vendor
 * trailers, with the source shown.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "screen.h"

enum { F_AGENTS, F_AGENT, F_MODELS, F_MODEL, F_NR };

struct agent_view {
	int focus;
	int agent_cursor, agent_top, model_cursor, model_top;
	struct field agent, model;
	int commit_top;		/* the commits' list, scrolled */
	char *asked;		/* an unknown agent Enter asked about */
	char *confirmed;	/* the unknown agent the human confirmed */
};

static const struct cat_agent *chosen_agent(const struct view *v)
{
	const struct agent_view *a = v->priv;

	return catalogue_agent(v->m->cat, buf_cstr(&a->agent.text));
}

/* Keep the answer in step with the fields: what the human chose or
 * typed there is the human's answer. */
static void store(struct view *v)
{
	struct agent_view *a = v->priv;

	model_set_answer(v->m, buf_cstr(&a->agent.text),
			 buf_cstr(&a->model.text));
	screen_save(v, "agent");
}

/* Put the model cursor on the model of the text field, if listed. */
static void find_model(struct view *v)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);

	a->model_cursor = 0;
	for (size_t i = 0; ag && i < ag->nr_models; i++)
		if (!strcmp(ag->models[i].id, buf_cstr(&a->model.text)))
			a->model_cursor = (int)i;
}

/* Can the focus be on f? Not on a list with nothing in it. */
static bool can_focus(struct view *v, int f)
{
	const struct cat_agent *ag = chosen_agent(v);

	if (f == F_AGENTS)
		return v->m->cat->nr_agents > 0;
	if (f == F_MODELS)
		return ag && ag->nr_models;
	return true;
}

/* Focus on focus, or on the next field in the direction of step (+1,
 * -1) that can have it: the keys always go where the cursor is shown. */
static void focus_on(struct view *v, int focus, int step)
{
	struct agent_view *a = v->priv;

	focus = (focus + F_NR) % F_NR;
	while (!can_focus(v, focus))
		focus = (focus + step + F_NR) % F_NR;
	a->focus = focus;
	v->typing = a->focus == F_AGENT || a->focus == F_MODEL;
}

static void set_focus(struct view *v, int focus)
{
	focus_on(v, focus, +1);
}

/* The agent typed is one the catalogue does not know, and the human said
 * it is the one (Enter twice). */
static bool agent_confirmed(const struct view *v)
{
	const struct agent_view *a = v->priv;

	return a->confirmed && !strcmp(a->confirmed, buf_cstr(&a->agent.text));
}

/* Enter on an unknown agent: the first asks, the second confirms. */
static bool confirm_agent(struct view *v)
{
	struct agent_view *a = v->priv;
	const char *text = buf_cstr(&a->agent.text);

	if (agent_confirmed(v))
		return true;
	if (a->asked && !strcmp(a->asked, text)) {
		free(a->confirmed);
		a->confirmed = xstrdup(text);
		tui_message("agent '%s' confirmed: not in the catalogue", text);
		return true;
	}
	free(a->asked);
	a->asked = xstrdup(text);
	return false;
}

/*
 * The fields from the answer, offered for the commit asked about: one
 * that names its own agent starts on that agent and its models.
 */
static void load_fields(struct view *v)
{
	struct agent_view *a = v->priv;
	const struct catalogue *c = v->m->cat;
	const struct session *s = v->m->session;

	model_offer_asked(v->m);
	field_set(&a->agent, s->agent);
	field_set(&a->model, s->model);
	for (size_t i = 0; i < c->nr_agents; i++)
		if (s->agent && !strcmp(c->agents[i].name, s->agent))
			a->agent_cursor = (int)i;
	find_model(v);
	/* The cursor starts on the first thing still to choose. */
	set_focus(v, s->agent ? F_MODELS : F_AGENTS);
}

static int agent_open(struct view *v)
{
	v->priv = xcalloc(1, sizeof(struct agent_view));
	load_fields(v);
	return 0;
}

/* The inline verdict on a typed value. */
static void draw_check(int row, int col, int cols, int rc, const char *ok)
{
	if (rc == 0)
		tui_put(row, col, cols, CL_OK, 0, ok, strlen(ok));
	else
		tui_put(row, col, cols, CL_BAD, 0, error_last(),
			strlen(error_last()));
	error_clear();
}

static void draw_agents(struct view *v, int top, int rows, int cols)
{
	struct agent_view *a = v->priv;
	const struct catalogue *c = v->m->cat;
	int first = list_scroll(a->agent_cursor, rows, &a->agent_top);

	for (int i = 0; i < rows && (size_t)(first + i) < c->nr_agents; i++) {
		const struct cat_agent *ag = &c->agents[first + i];
		bool cur = first + i == a->agent_cursor;
		bool focus = cur && a->focus == F_AGENTS;
		bool chosen = ag == chosen_agent(v);

		tui_putf(top + i, 0, cols, focus ? CL_CURSOR : CL_TEXT, 0,
			 "%c %-12s %s", focus ? '>' : chosen ? '*' : ' ',
			 ag->name,
			 ag->description ? ag->description : "");
	}
}

static void draw_models(struct view *v, int top, int rows, int col,
			int cols)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);
	int first;

	if (!ag && !a->agent.text.len) {
		tui_put(top, col, cols, CL_DIM, 0,
			TUI_LIT("(choose an agent first: its models are listed here)"));
		return;
	}
	if (!ag || !ag->nr_models) {
		tui_put(top, col, cols, CL_DIM, 0,
			TUI_LIT("(no known models: type the model below)"));
		return;
	}
	if (a->model_cursor >= (int)ag->nr_models)
		a->model_cursor = (int)ag->nr_models - 1;
	first = list_scroll(a->model_cursor, rows, &a->model_top);
	for (int i = 0; i < rows && (size_t)(first + i) < ag->nr_models; i++) {
		const char *id = ag->models[first + i].id;
		bool focus = first + i == a->model_cursor &&
			     a->focus == F_MODELS;
		bool chosen = !strcmp(id, buf_cstr(&a->model.text));

		tui_putf(top + i, col, cols, focus ? CL_CURSOR : CL_TEXT, 0,
			 "%c %s", focus ? '>' : chosen ? '*' : ' ', id);
	}
}

/*
 * The verdict on the model typed, and what is written for it: a
 * spelling or display name the catalogue maps ("claude-sonnet-4.5")
 * is written as the id ("claude-sonnet-4-5").
 */
static void draw_model_check(struct view *v, int row, int col, int cols)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);
	const char *typed = buf_cstr(&a->model.text);
	struct assisted *as = assisted_new(buf_cstr(&a->agent.text), typed);
	struct buf ok = BUF_INIT;
	int rc;

	if (assisted_resolve(as, v->m->cat) < 0)
		error_clear();
	rc = assisted_check_model(typed);	/* its reason for draw_check */
	if (rc == 0 && as->model && strcmp(as->model, typed))
		buf_addf(&ok, "written as %s", as->model);
	else
		buf_adds(&ok, ag && catalogue_model(ag, typed) ?
			 "known model" : "not in the catalogue: allowed");
	draw_check(row, col, cols, rc, ok.ptr);
	buf_release(&ok);
	assisted_free(as);
}

/* The catalogue's guess at what an unknown agent was meant to be. */
static const char *agent_guess(const struct view *v)
{
	const struct agent_view *a = v->priv;
	struct assisted_verdict verdict = { 0 };
	const char *guess = NULL;
	struct buf value = BUF_INIT;

	buf_addf(&value, "%s:%s", buf_cstr(&a->agent.text),
		 a->model.text.len ? buf_cstr(&a->model.text) : "x");
	assisted_judge(&verdict, v->m->cat, value.ptr, FORM_AGENT_MODEL);
	for (size_t i = 0; i < verdict.nr && verdict.agent; i++)
		if (!strcmp(verdict.issues[i].id, "ASSISTED_BY_AGENT"))
			guess = verdict.agent->name;
	assisted_verdict_release(&verdict);
	buf_release(&value);
	return guess;
}

/* The question Enter on an unknown agent asked, across the screen. */
static void draw_asked(const struct view *v, int row, int cols)
{
	const char *guess = agent_guess(v);

	tui_putf(row, 0, cols, CL_WARN, A_BOLD,
		 "not in the catalogue%s%s%s Enter again to use it as typed",
		 guess ? ": did you mean " : ".", guess ? guess : "",
		 guess ? "?" : "");
}

/* "Agent:model" and where it came from, for commit i. */
static void commit_says(struct buf *val, struct buf *src,
			const struct tui_model *m, size_t i)
{
	const struct series_commit *sc = &m->commits[i];

	if (model_no_ai(m, i)) {
		buf_adds(val, "-");
		buf_adds(src, "no AI-generated code, as you marked it");
	} else if (sc->facts.others && !sc->facts.agent &&
		   !sc->facts.signals && !sc->facts.has_assisted) {
		buf_adds(val, "-");
		buf_addf(src, "your sign-off alone; %s's line is theirs: %s",
			 sc->facts.others, sc->facts.others_source);
	} else if (sc->facts.agent) {
		const char *model = sc->facts.model ? sc->facts.model :
				    sc->answer ? sc->answer->model : "?";

		buf_addf(val, "%s:%s", sc->facts.agent->name, model);
		buf_addf(src, "%s%s%s", sc->facts.model ? "its own" :
			 sc->answer ? "your model; its own agent" :
			 "its own agent, the model to answer",
			 sc->facts.source ? ": " : "",
			 sc->facts.source ? sc->facts.source : "");
	} else if (sc->answer) {
		buf_addf(val, "%s:%s", sc->answer->agent, sc->answer->model ?
			 sc->answer->model : "");
		buf_adds(src, "your answer for it");
	} else {
		buf_adds(val, "?");
		buf_adds(src, "nothing of its own: to answer");
	}
}

/*
 * The commits, each with its own agent and model or your answer, the
 * one being asked about marked "?>"; rows used.
 */
static int draw_commits(struct view *v, int top, int cols)
{
	struct agent_view *a = v->priv;
	const struct tui_model *m = v->m;
	size_t asking = 0, open = model_unanswered(m, &asking);
	int shown = m->nr > 4 ? 4 : (int)m->nr, first;
	struct buf val = BUF_INIT, src = BUF_INIT;

	tui_putf(top, 0, cols, CL_META, A_BOLD,
		 "Commits%s: their own agent and model, or your answer%s",
		 model_mixed(m) ? " (mixed)" : "",
		 open ? " (?> asks now)" : "");
	first = list_scroll(open ? (int)asking : 0, shown, &a->commit_top);
	for (int r = 0; r < shown && (size_t)(first + r) < m->nr; r++) {
		size_t i = (size_t)(first + r);
		bool ask = open && i == asking;

		buf_reset(&val);
		buf_reset(&src);
		commit_says(&val, &src, m, i);
		tui_putf(top + 1 + r, 0, cols, ask ? CL_WARN : CL_TEXT,
			 ask ? A_BOLD : 0, "%s%zu %.7s %-24s %s",
			 ask ? "?>" : "  ", i + 1, m->commits[i].info->id,
			 val.ptr, src.ptr);
	}
	buf_release(&val);
	buf_release(&src);
	return 1 + shown;
}

/*
 * What Ctrl-A does now, from the model's count of the commits it would
 * answer: "all 3", "2 of 3 (not 4: Cursor)", or nothing when none.
 */
static void answer_all_says(struct buf *out, const struct tui_model *m)
{
	size_t other = SIZE_MAX, open = model_unanswered(m, NULL);
	size_t fits = model_answer_rest_fits(m, &other);

	if (!open)
		return;
	if (fits == open)
		buf_addf(out, "Ctrl-A: this answer for all %zu", open);
	else if (fits)
		buf_addf(out, "Ctrl-A: this answer for %zu of %zu (not %zu: %s)",
			 fits, open, other + 1,
			 m->commits[other].facts.agent->name);
	else
		buf_addf(out, "Ctrl-A: none (%zu names %s)", other + 1,
			 m->commits[other].facts.agent->name);
}

/* What Enter does now, on the last row. */
static void draw_hint(struct view *v, int row, int cols)
{
	size_t asking = 0, open = model_unanswered(v->m, &asking);
	struct buf all = BUF_INIT;

	if (!model_answer_used(v->m)) {
		tui_put(row, 0, cols, CL_DIM, 0,
			TUI_LIT("No commit gets your answer (above): Enter goes on   q: back"));
		return;
	}
	if (!open) {
		tui_put(row, 0, cols, CL_DIM, 0,
			TUI_LIT("Tab: next field   Enter: choose / accept   q: back"));
		return;
	}
	answer_all_says(&all, v->m);
	tui_putf(row, 0, cols, CL_DIM, 0,
		 "Enter (model): answer commit %zu   %s   Tab   q",
		 asking + 1, all.ptr);
	buf_release(&all);
}

static void agent_draw(struct view *v, int top, int rows, int cols)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);
	int half = cols / 2, list_rows = rows - 9, row;

	if (v->m->policy->form == FORM_LLM) {
		tui_put(top, 0, cols, CL_TEXT, 0,
			TUI_LIT("The kernel-llm policy writes Assisted-by: LLM [TOOLS]: no agent or model."));
		tui_put(top + 2, 0, cols, CL_DIM, 0, TUI_LIT("Enter: analysis tools"));
		return;
	}
	if (v->m->nr > 1) {
		row = draw_commits(v, top, cols);
		top += row;
		rows -= row;
		list_rows -= row;
	}
	if (list_rows < 2)
		list_rows = 2;
	tui_put(top, 0, half, CL_META, A_BOLD, TUI_LIT("Agent (AGENT_NAME)"));
	tui_putf(top, half, cols - half, CL_META, A_BOLD,
		 "Model (MODEL_VERSION)%s%s", ag ? " of " : "",
		 ag ? ag->name : "");
	draw_agents(v, top + 1, list_rows, half - 1);
	draw_models(v, top + 1, list_rows, half, cols - half);
	row = top + 1 + list_rows;
	/* "Agent>" marks the field that has the keys, as ">" on the lists */
	if (a->focus == F_AGENT)
		tui_put(row, 0, 7, CL_CURSOR, A_BOLD, TUI_LIT("Agent>"));
	else
		tui_put(row, 0, 7, CL_TEXT, 0, TUI_LIT("Agent:"));
	field_draw(&a->agent, row, 7, half - 8, a->focus == F_AGENT);
	if (a->focus == F_MODEL)
		tui_put(row, half, 7, CL_CURSOR, A_BOLD, TUI_LIT("Model>"));
	else
		tui_put(row, half, 7, CL_TEXT, 0, TUI_LIT("Model:"));
	field_draw(&a->model, row, half + 7, cols - half - 7,
		   a->focus == F_MODEL);
	row++;
	if (ag && strcmp(ag->name, buf_cstr(&a->agent.text)))
		/* an alias ("Claude Code"): the name is written */
		tui_putf(row, 0, half - 2, CL_OK, 0, "written as %s",
			 ag->name);
	else if (a->agent.text.len)
		draw_check(row, 0, half - 2,
			   assisted_check_agent(buf_cstr(&a->agent.text)),
			   ag ? "known agent" : agent_confirmed(v) ?
			   "unknown agent: confirmed by you" :
			   "not in the catalogue: Enter to confirm");
	if (a->model.text.len)
		draw_model_check(v, row, half, cols - half);
	row++;
	if (a->asked && !strcmp(a->asked, buf_cstr(&a->agent.text)) &&
	    !agent_confirmed(v))
		draw_asked(v, row, cols);
	row++;
	if (v->m->answer_given)
		tui_putf(row++, 0, cols, CL_DIM, 0, "Your answer, %s",
			 v->m->prefill_source ? "from your saved session" :
			 "as you chose or typed it");
	else
		tui_putf(row++, 0, cols, CL_DIM, 0, "Pre-filled from: %s",
			 v->m->prefill_source ? v->m->prefill_source :
			 "nothing (choose or type)");
	screen_draw_assisted(v, row, cols);
	draw_hint(v, top + rows - 1, cols);
}


static void pick_agent(struct view *v)
{
	struct agent_view *a = v->priv;
	const struct catalogue *c = v->m->cat;
	const struct cat_agent *ag;

	if (!c->nr_agents)
		return;
	ag = &c->agents[a->agent_cursor];
	if (strcmp(buf_cstr(&a->agent.text), ag->name)) {
		field_set(&a->agent, ag->name);
		if (a->model.text.len &&
		    !catalogue_model(ag, a->model.text.ptr))
			field_set(&a->model, "");
		find_model(v);
	}
	store(v);
	set_focus(v, F_MODELS);
}

static enum tui_request accept(struct view *v);


/* Space chooses the model under the cursor; Enter also goes on. */
static enum tui_request pick_model(struct view *v, bool go_on)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);

	if (ag && ag->nr_models)
		field_set(&a->model, ag->models[a->model_cursor].id);
	store(v);
	if (!go_on)
		return REQ_NONE;
	set_focus(v, F_MODEL);
	accept(v);
	if (a->focus == F_MODEL)
		set_focus(v, F_MODELS);
	return REQ_NONE;
}

/* A display name typed ("Claude Opus 4.8") becomes the model id, the
 * same way --model maps it (assisted_resolve). */
static void canonical_model(struct view *v)
{
	struct agent_view *a = v->priv;
	struct assisted *as = assisted_new(buf_cstr(&a->agent.text),
					   buf_cstr(&a->model.text));

	assisted_resolve(as, v->m->cat);
	error_clear();
	if (a->model.text.len && strcmp(as->model, a->model.text.ptr))
		field_set(&a->model, as->model);
	assisted_free(as);
}

/*
 * The answer goes to the commit asked about; true when another commit
 * is still to answer (then the screen stays on it).
 */
static bool answer_next(struct view *v)
{
	struct tui_model *m = v->m;
	size_t i = 0, next = 0;

	if (!model_unanswered(m, &i))
		return false;
	if (model_answer_commit(m, i) < 0) {
		tui_message("%s", error_last());
		error_clear();
		return true;
	}
	screen_save(v, "agent");
	if (!model_unanswered(m, &next))
		return false;
	tui_message("commit %zu answered; now commit %zu/%zu %.7s: Enter answers it, Ctrl-A all the rest",
		    i + 1, next + 1, m->nr, m->commits[next].info->id);
	/* the next one may name its own agent: the fields start there */
	load_fields(v);
	set_focus(v, F_MODELS);
	return true;
}

/* Ctrl-A: the current answer for every commit still without one. */
static void answer_all(struct view *v)
{
	struct agent_view *a = v->priv;
	struct tui_model *m = v->m;
	struct buf done = BUF_INIT;
	size_t next = 0;
	int n;

	if (!chosen_agent(v) && a->agent.text.len && !agent_confirmed(v)) {
		tui_message("the agent '%s' is not in the catalogue: Enter on it to confirm it, or choose one",
			    buf_cstr(&a->agent.text));
		set_focus(v, F_AGENT);
		return;
	}
	canonical_model(v);
	store(v);
	n = model_answer_rest(v->m, &done);
	if (n < 0) {
		tui_message("%s", error_last());
		error_clear();
		buf_release(&done);
		return;
	}
	screen_save(v, "agent");
	if (model_unanswered(m, &next)) {
		/* one naming another agent itself is asked now, on its own
		 * agent's models */
		tui_message("this answer for %s%s; commit %zu/%zu %.7s names %s itself: answer it now",
			    n == 1 ? "commit " : n ? "commits " : "no commit",
			    done.ptr, next + 1, m->nr, m->commits[next].info->id,
			    m->commits[next].facts.agent ?
			    m->commits[next].facts.agent->name : "another agent");
		load_fields(v);
		set_focus(v, F_MODELS);
		buf_release(&done);
		return;
	}
	tui_message("this answer for commit%s %s", n == 1 ? "" : "s",
		    done.ptr);
	buf_release(&done);
	set_focus(v, F_MODELS);
	screen_goto(v, "tools");
	tui_push(&screen_tools, NULL);
}

/* Enter in a text field: canonical agent name, then on. */
static enum tui_request accept(struct view *v)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);
	char *why = NULL;
	struct assisted *as;

	if (a->focus == F_AGENT) {
		/* an alias ("Claude Code") becomes the name before the check */
		if (ag && strcmp(ag->name, a->agent.text.ptr))
			field_set(&a->agent, ag->name);
		if (assisted_check_agent(buf_cstr(&a->agent.text)) < 0) {
			tui_message("%s", error_last());
			return REQ_NONE;
		}
		if (!ag && !confirm_agent(v))
			return REQ_NONE;
		store(v);
		set_focus(v, F_MODELS);
		return REQ_NONE;
	}
	if (!ag && a->agent.text.len && !agent_confirmed(v)) {
		tui_message("the agent '%s' is not in the catalogue: Enter on it to confirm it, or choose one",
			    buf_cstr(&a->agent.text));
		set_focus(v, F_AGENT);
		return REQ_NONE;
	}
	canonical_model(v);
	store(v);
	as = model_assisted(v->m, &why);
	if (!as && model_answer_used(v->m)) {
		tui_message("%s", why);
		free(why);
		return REQ_NONE;
	}
	free(why);
	assisted_free(as);
	if (answer_next(v))
		return REQ_NONE;
	/* back from the tools, q goes back again: no field has the keys */
	set_focus(v, F_MODELS);
	screen_goto(v, "tools");
	tui_push(&screen_tools, NULL);
	return REQ_NONE;
}

static enum tui_request agent_key(struct view *v, int key, bool is_key)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);

	if (v->m->policy->form == FORM_LLM) {
		if (key_is_enter(key, is_key) || (!is_key && key == '\t'))
			tui_push(&screen_tools, NULL);
		return !is_key && key == 'q' ? REQ_BACK : REQ_NONE;
	}
	/* no commit gets the answer: nothing to choose here */
	if (key_is_enter(key, is_key) && !model_answer_used(v->m)) {
		screen_goto(v, "tools");
		tui_push(&screen_tools, NULL);
		return REQ_NONE;
	}
	if (!is_key && (key == KEY_CTRL('a') || (key == 'A' && !v->typing))) {
		answer_all(v);
		return REQ_NONE;
	}
	if (!is_key && key == '\t') {
		focus_on(v, a->focus + 1, +1);
		return REQ_NONE;
	}
	if (is_key && key == KEY_BTAB) {
		focus_on(v, a->focus - 1, -1);
		return REQ_NONE;
	}
	if (!is_key && key == KEY_ESC && v->typing) {
		focus_on(v, a->focus - 1, -1);
		return REQ_NONE;
	}
	switch (a->focus) {
	case F_AGENTS:
		if (list_key(&a->agent_cursor, (int)v->m->cat->nr_agents, key,
			     is_key))
			return REQ_NONE;
		if (key_is_enter(key, is_key) || (!is_key && key == ' '))
			pick_agent(v);
		break;
	case F_MODELS:
		if (ag && list_key(&a->model_cursor, (int)ag->nr_models, key,
				   is_key))
			return REQ_NONE;
		if (key_is_enter(key, is_key) || (!is_key && key == ' '))
			return pick_model(v, key_is_enter(key, is_key));
		break;
	default:
		if (key_is_enter(key, is_key))
			return accept(v);
		if (field_key(a->focus == F_AGENT ? &a->agent : &a->model,
			      key, is_key))
			store(v);
		return REQ_NONE;
	}
	if (!is_key && key == 'q')
		return REQ_BACK;
	return REQ_NONE;
}

static void agent_done(struct view *v)
{
	struct agent_view *a = v->priv;

	field_release(&a->agent);
	field_release(&a->model);
	free(a->asked);
	free(a->confirmed);
	free(a);
}

/* The series' report, and on this screen the key that answers all. */
static void agent_report(struct view *v, struct frame_report *out)
{
	struct buf all = BUF_INIT;

	screen_series_report(v, out);
	answer_all_says(&all, v->m);
	if (all.len)
		buf_addf(&out->status, " (%s)", all.ptr);
	buf_release(&all);
}

/*
 * Back on top (from the tools): the commit asked about may name its own
 * agent, and the fields start there again, as on opening.
 */
static void agent_back(struct view *v, const struct view *from)
{
	(void)from;
	if (model_unanswered(v->m, NULL))
		load_fields(v);
}

const struct view_ops screen_agent = {
	.name = "agent",
	.title = "Agent and model",
	.keys = "Tab, Shift-Tab\tagents, agent text, models, model text\n"
		"Enter, Space\tchoose the agent or model under the cursor\n"
		"typing\tedit the text field (Ctrl-U clears, Esc leaves it)\n"
		"Enter (text)\taccept; on the model: go on to the tools\n"
		"\tan agent not in the catalogue: Enter again confirms\n"
		"> Agent> Model>\twhere the keys go (* is the chosen one)\n"
		"Ctrl-A, A\tthis answer for every commit without facts\n"
		"\tof its own still to answer (?> is the one asked;\n"
		"\tEnter on the model answers it alone)\n"
		"q\tback to the checklist (in a list)\n",
	.open = agent_open,
	.draw = agent_draw,
	.key = agent_key,
	.done = agent_done,
	.report = agent_report,
	.back = agent_back,
};
