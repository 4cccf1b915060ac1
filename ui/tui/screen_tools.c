/*
 * The analysis tools screen: a checkbox list of the catalogue's analysis
 * tools, each marked when it is installed here, plus free text; a basic
 * development tool typed in is refused with the reason.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "run.h"
#include "screen.h"
#include "strv.h"

struct tool_entry {
	char *name;
	const char *description;
	bool installed;
};

struct tools_view {
	struct tool_entry *tools;
	int nr;
	int cursor, top;
	bool in_field;
	struct field field;
	char *refusal;
};

static bool installed(const struct cat_tool *t)
{
	for (char **p = t->programs; p && *p; p++)
		if (run_in_path(*p))
			return true;
	return false;
}

static void add_entry(struct tools_view *tv, const char *name,
		      const char *desc, bool inst)
{
	for (int i = 0; i < tv->nr; i++)
		if (!strcmp(tv->tools[i].name, name))
			return;
	tv->tools = xrealloc(tv->tools, (size_t)(tv->nr + 1) *
			     sizeof(*tv->tools));
	tv->tools[tv->nr].name = xstrdup(name);
	tv->tools[tv->nr].description = desc;
	tv->tools[tv->nr].installed = inst;
	tv->nr++;
}

static bool chosen(const struct session *s, const char *name)
{
	for (char **t = s->tools; t && *t; t++)
		if (!strcmp(*t, name))
			return true;
	return false;
}

static void set_chosen(struct view *v, const char *name, bool on)
{
	struct session *s = v->m->session;
	size_t n = strv_len(s->tools), i;

	if (!s->tools)
		s->tools = xcalloc(1, sizeof(*s->tools));
	for (i = 0; i < n && strcmp(s->tools[i], name); i++)
		;
	if (on && i == n) {
		s->tools = xrealloc(s->tools, (n + 2) * sizeof(*s->tools));
		s->tools[n] = xstrdup(name);
		s->tools[n + 1] = NULL;
	} else if (!on && i < n) {
		free(s->tools[i]);
		memmove(s->tools + i, s->tools + i + 1,
			(n - i) * sizeof(*s->tools));
	}
	screen_save(v, "tools");
}

static int tools_open(struct view *v)
{
	struct tools_view *tv = xcalloc(1, sizeof(*tv));
	const struct catalogue *c = v->m->cat;

	v->priv = tv;
	for (size_t i = 0; i < c->nr_tools; i++)
		if (!c->tools[i].basic)
			add_entry(tv, c->tools[i].name, c->tools[i].description,
				  installed(&c->tools[i]));
	for (char **t = v->m->session->tools; t && *t; t++)
		add_entry(tv, *t, "(typed by you)", false);
	if (!v->m->session->tools)
		v->m->session->tools = xcalloc(1, sizeof(char *));
	return 0;
}

/* Where the tools go, or why not, for commit i. */
enum tools_fate { T_TAKES, T_OWN_LINE, T_OWN_AGENT, T_NO_AI, T_OTHERS,
		  T_EARLIER, T_NR };

static enum tools_fate tools_fate(const struct tui_model *m, size_t i)
{
	if (model_takes_tools(m, i))
		return T_TAKES;
	switch (model_commit_plan(m, i)) {
	case PLAN_OWN_LINE:
		return T_OWN_LINE;
	case PLAN_NO_AI:
		return T_NO_AI;
	case PLAN_OTHERS:
		return T_OTHERS;
	case PLAN_EARLIER:
		return T_EARLIER;
	default:
		return T_OWN_AGENT;
	}
}

static int fate_kind(const struct tui_model *m, size_t i)
{
	return (int)tools_fate(m, i);
}

/* The commits of fate f as "1-2, 4"; how many. */
static size_t fate_list(struct buf *out, const struct tui_model *m,
			enum tools_fate f)
{
	return model_list_runs(out, m, fate_kind, (int)f);
}

/*
 * Which commits the tools go on, from the model's plan for each: those
 * given the human's answer, and one whose traces name the answer's
 * agent; not one keeping its own Assisted-by, naming another agent,
 * without AI-generated code, or whose disclosure is another person's.
 */
static void tools_for(struct buf *out, const struct tui_model *m)
{
	static const char *const why[T_NR][2] = {
		[T_OWN_LINE] = { "keeps its own Assisted-by",
				 "keep their own Assisted-by" },
		[T_OWN_AGENT] = { "its own agent and model",
				  "their own agents and models" },
		[T_NO_AI] = { "no AI-generated code", "no AI-generated code" },
		[T_OTHERS] = { "only another person's disclosure: your sign-off alone",
			       "only other people's disclosures: your sign-off alone" },
		[T_EARLIER] = { "only your own earlier disclosure: your new sign-off alone",
				"only your own earlier disclosures: your new sign-offs alone" },
	};
	struct buf list = BUF_INIT;
	size_t n = fate_list(&list, m, T_TAKES), k;
	bool first = true;

	if (n == m->nr)
		buf_adds(out, m->nr == 1 ? "They go on the commit." :
			 "They go on every commit of the series.");
	else if (!n)
		buf_adds(out, "They go on no commit: ");
	else
		buf_addf(out, "They go on commit%s %s of %zu; not on ",
			 n == 1 ? "" : "s", list.ptr, m->nr);
	for (int f = T_OWN_LINE; f < T_NR; f++) {
		buf_reset(&list);
		k = fate_list(&list, m, (enum tools_fate)f);
		if (!k)
			continue;
		buf_addf(out, "%s%s (%s)", first ? "" : ", ", list.ptr,
			 why[f][k > 1]);
		first = false;
	}
	if (n < m->nr)
		buf_adds(out, ".");
	buf_release(&list);
}

static void tools_draw(struct view *v, int top, int rows, int cols)
{
	struct tools_view *tv = v->priv;
	struct buf which = BUF_INIT;
	int list_rows, first, row, nw;

	tui_put(top, 0, cols, CL_META, A_BOLD,
		TUI_LIT("Specialized analysis tools you used (basic tools are not listed)"));
	tools_for(&which, v->m);
	nw = tui_wrap_rows(which.ptr, cols);
	nw = nw > 2 ? 2 : nw;
	tui_wrap(top + 1, 0, cols, nw, CL_TEXT, which.ptr);
	buf_release(&which);
	top += nw;
	rows -= nw;
	list_rows = rows - 6;
	first = list_scroll(tv->cursor, list_rows, &tv->top);
	for (int i = 0; i < list_rows && first + i < tv->nr; i++) {
		const struct tool_entry *t = &tv->tools[first + i];
		bool cur = first + i == tv->cursor && !tv->in_field;

		if (cur)
			tui_clear_line(top + 1 + i, CL_CURSOR);
		tui_putf(top + 1 + i, 0, cols, cur ? CL_CURSOR : CL_TEXT, 0,
			 "%c [%c] %-14s %-10s %s", cur ? '>' : ' ',
			 chosen(v->m->session, t->name) ? 'x' : ' ', t->name,
			 t->installed ? "installed" : "",
			 t->description ? t->description : "");
	}
	row = top + rows - 5;
	tui_put(row, 0, 11, CL_TEXT, 0, TUI_LIT("Add a tool:"));
	field_draw(&tv->field, row, 12, cols - 13, tv->in_field);
	row++;
	if (tv->refusal)
		tui_put(row, 2, cols - 2, CL_BAD, 0, tv->refusal,
			strlen(tv->refusal));
	row += 2;
	screen_draw_assisted(v, row, cols);
	tui_put(top + rows - 1, 0, cols, CL_DIM, 0,
		TUI_LIT("Space: toggle   Tab: type a tool   Enter: preview   q: back"));
}

static void add_typed(struct view *v)
{
	struct tools_view *tv = v->priv;
	const char *name = buf_cstr(&tv->field.text);
	const struct cat_tool *known;

	free(tv->refusal);
	tv->refusal = NULL;
	if (!*name)
		return;
	if (assisted_check_tool(v->m->cat, name) < 0) {
		tv->refusal = xstrdup(error_last());
		error_clear();
		return;
	}
	known = catalogue_tool(v->m->cat, name);
	if (known)
		name = known->name;
	add_entry(tv, name, known ? known->description : "(typed by you)",
		  known && installed(known));
	set_chosen(v, name, true);
	field_set(&tv->field, "");
}

static enum tui_request tools_key(struct view *v, int key, bool is_key)
{
	struct tools_view *tv = v->priv;
	bool enter = key_is_enter(key, is_key);

	if ((!is_key && key == '\t') || (is_key && key == KEY_BTAB) ||
	    (tv->in_field && !is_key && key == KEY_ESC)) {
		tv->in_field = !tv->in_field;
		v->typing = tv->in_field;
		return REQ_NONE;
	}
	if (tv->in_field) {
		if (enter)
			add_typed(v);
		else
			field_key(&tv->field, key, is_key);
		return REQ_NONE;
	}
	if (list_key(&tv->cursor, tv->nr, key, is_key))
		return REQ_NONE;
	if (!is_key && key == ' ' && tv->nr) {
		const char *name = tv->tools[tv->cursor].name;

		set_chosen(v, name, !chosen(v->m->session, name));
	} else if (enter) {
		screen_goto(v, "preview");
		if (tui_push(&screen_preview, NULL) < 0)
			screen_goto(v, "tools");
	} else if (!is_key && key == 'q') {
		return REQ_BACK;
	}
	return REQ_NONE;
}

static void tools_done(struct view *v)
{
	struct tools_view *tv = v->priv;

	for (int i = 0; i < tv->nr; i++)
		free(tv->tools[i].name);
	free(tv->tools);
	field_release(&tv->field);
	free(tv->refusal);
	free(tv);
}

const struct view_ops screen_tools = {
	.name = "tools",
	.title = "Analysis tools",
	.keys = "Space\ttoggle the tool under the cursor\n"
		"Tab\ttype a tool that is not listed (Enter adds it)\n"
		"Enter\tgo on to the preview\n"
		"q\tback to agent and model\n",
	.open = tools_open,
	.draw = tools_draw,
	.key = tools_key,
	.done = tools_done,
};
