/*
 * The agent and model screen: the catalogue's agents and the chosen
 * agent's models, each with free text, validated as typed with the reason
 * shown inline; pre-filled from the session, git config or vendor
 * trailers, with the source shown.
 */
#include <stdlib.h>
#include <string.h>

#include "screen.h"

enum { F_AGENTS, F_AGENT, F_MODELS, F_MODEL, F_NR };

struct agent_view {
	int focus;
	int agent_cursor, agent_top, model_cursor, model_top;
	struct field agent, model;
};

static const struct cat_agent *chosen_agent(const struct view *v)
{
	const struct agent_view *a = v->priv;

	return catalogue_agent(v->m->cat, buf_cstr(&a->agent.text));
}

/* Keep the session in step with the fields. */
static void store(struct view *v)
{
	struct agent_view *a = v->priv;

	session_set_str(&v->m->session->agent, buf_cstr(&a->agent.text));
	session_set_str(&v->m->session->model, buf_cstr(&a->model.text));
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

static int agent_open(struct view *v)
{
	struct agent_view *a = xcalloc(1, sizeof(*a));
	const struct catalogue *c = v->m->cat;

	v->priv = a;
	field_set(&a->agent, v->m->session->agent);
	field_set(&a->model, v->m->session->model);
	for (size_t i = 0; i < c->nr_agents; i++)
		if (v->m->session->agent &&
		    !strcmp(c->agents[i].name, v->m->session->agent))
			a->agent_cursor = (int)i;
	find_model(v);
	/* The cursor starts on the first thing still to choose. */
	a->focus = v->m->session->agent ? F_MODELS : F_AGENTS;
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
		int color = cur && a->focus == F_AGENTS ? CL_CURSOR : CL_TEXT;

		tui_putf(top + i, 0, cols, color, 0, "%c %-12s %s",
			 cur ? '>' : ' ', ag->name,
			 ag->description ? ag->description : "");
	}
}

static void draw_models(struct view *v, int top, int rows, int col,
			int cols)
{
	struct agent_view *a = v->priv;
	const struct cat_agent *ag = chosen_agent(v);
	int first;

	if (!ag || !ag->nr_models) {
		tui_put(top, col, cols, CL_DIM, 0,
			TUI_LIT("(no known models: type the model below)"));
		return;
	}
	if (a->model_cursor >= (int)ag->nr_models)
		a->model_cursor = (int)ag->nr_models - 1;
	first = list_scroll(a->model_cursor, rows, &a->model_top);
	for (int i = 0; i < rows && (size_t)(first + i) < ag->nr_models; i++) {
		bool cur = first + i == a->model_cursor;
		int color = cur && a->focus == F_MODELS ? CL_CURSOR : CL_TEXT;

		tui_putf(top + i, col, cols, color, 0, "%c %s",
			 cur ? '>' : ' ', ag->models[first + i].id);
	}
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
	if (list_rows < 2)
		list_rows = 2;
	tui_put(top, 0, half, CL_META, A_BOLD, TUI_LIT("Agent (AGENT_NAME)"));
	tui_putf(top, half, cols - half, CL_META, A_BOLD,
		 "Model (MODEL_VERSION)%s%s", ag ? " of " : "",
		 ag ? ag->name : "");
	draw_agents(v, top + 1, list_rows, half - 1);
	draw_models(v, top + 1, list_rows, half, cols - half);
	row = top + 1 + list_rows;
	tui_put(row, 0, 7, CL_TEXT, 0, TUI_LIT("Agent:"));
	field_draw(&a->agent, row, 7, half - 8, a->focus == F_AGENT);
	tui_put(row, half, 7, CL_TEXT, 0, TUI_LIT("Model:"));
	field_draw(&a->model, row, half + 7, cols - half - 7,
		   a->focus == F_MODEL);
	row++;
	if (a->agent.text.len)
		draw_check(row, 0, half - 2,
			   assisted_check_agent(buf_cstr(&a->agent.text)),
			   ag ? "known agent" : "not in the catalogue: allowed");
	if (a->model.text.len)
		draw_check(row, half, cols - half,
			   assisted_check_model(buf_cstr(&a->model.text)),
			   ag && catalogue_model(ag, buf_cstr(&a->model.text)) ?
			   "known model" : "not in the catalogue: allowed");
	row += 2;
	tui_putf(row++, 0, cols, CL_DIM, 0, "Pre-filled from: %s",
		 v->m->prefill_source ? v->m->prefill_source : "nothing (choose or type)");
	screen_draw_assisted(v, row, cols);
	tui_put(top + rows - 1, 0, cols, CL_DIM, 0,
		TUI_LIT("Tab: next field   Enter: choose / accept   q: back"));
}

static void set_focus(struct view *v, int focus)
{
	struct agent_view *a = v->priv;

	a->focus = (focus + F_NR) % F_NR;
	v->typing = a->focus == F_AGENT || a->focus == F_MODEL;
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
		free(v->m->prefill_source);
		v->m->prefill_source = NULL;
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
		store(v);
		set_focus(v, F_MODELS);
		return REQ_NONE;
	}
	canonical_model(v);
	store(v);
	as = model_assisted(v->m, &why);
	if (!as) {
		tui_message("%s", why);
		free(why);
		return REQ_NONE;
	}
	assisted_free(as);
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
	if (!is_key && key == '\t') {
		set_focus(v, a->focus + 1);
		return REQ_NONE;
	}
	if (is_key && key == KEY_BTAB) {
		set_focus(v, a->focus - 1);
		return REQ_NONE;
	}
	if (!is_key && key == KEY_ESC && v->typing) {
		set_focus(v, a->focus - 1);
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
			      key, is_key)) {
			store(v);
			free(v->m->prefill_source);
			v->m->prefill_source = NULL;
		}
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
	free(a);
}

const struct view_ops screen_agent = {
	.name = "agent",
	.title = "Agent and model",
	.keys = "Tab, Shift-Tab\tagents, agent text, models, model text\n"
		"Enter, Space\tchoose the agent or model under the cursor\n"
		"typing\tedit the text field (Ctrl-U clears, Esc leaves it)\n"
		"Enter (text)\taccept; on the model: go on to the tools\n"
		"q\tback to the checklist (in a list)\n",
	.open = agent_open,
	.draw = agent_draw,
	.key = agent_key,
	.done = agent_done,
};
