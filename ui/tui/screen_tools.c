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

/* Add ", N" to out, or ", N-M" for a run of commits. */
static void add_number(struct buf *out, size_t i, size_t *run_start,
		       bool end_of_run)
{
	if (*run_start == SIZE_MAX)
		*run_start = i;
	if (!end_of_run)
		return;
	buf_addf(out, "%s%zu", out->len ? ", " : "", *run_start + 1);
	if (i > *run_start)
		buf_addf(out, "-%zu", i + 1);
	*run_start = SIZE_MAX;
}

/*
 * Which commits the tools go on: those given the human's answer, and
 * one that names the answer's agent itself; not one naming another
 * agent, or without AI-generated code.
 */
static void tools_for(struct buf *out, const struct tui_model *m)
{
	struct buf yes = BUF_INIT, own = BUF_INIT, no_ai = BUF_INIT;
	size_t ry = SIZE_MAX, ro = SIZE_MAX, rn = SIZE_MAX, n = 0;

	for (size_t i = 0; i < m->nr; i++) {
		bool takes = model_takes_tools(m, i), none = model_no_ai(m, i);
		bool last = i + 1 == m->nr;

		n += takes;
		if (takes)
			add_number(&yes, i, &ry, last ||
				   !model_takes_tools(m, i + 1));
		else if (none)
			add_number(&no_ai, i, &rn, last ||
				   !model_no_ai(m, i + 1));
		else
			add_number(&own, i, &ro, last ||
				   model_takes_tools(m, i + 1) ||
				   model_no_ai(m, i + 1));
	}
	if (n == m->nr)
		buf_adds(out, m->nr == 1 ? "They go on the commit." :
			 "They go on every commit of the series.");
	else if (!n)
		buf_adds(out, "They go on no commit: ");
	else
		buf_addf(out, "They go on commit%s %s of %zu, given your answer; not on ",
			 n == 1 ? "" : "s", yes.ptr, m->nr);
	if (own.len)
		buf_addf(out, "%s (%s own agent and model)", own.ptr,
			 strpbrk(own.ptr, ",-") ? "their" : "its");
	if (no_ai.len)
		buf_addf(out, "%s%s (no AI-generated code)",
			 own.len ? ", " : "", no_ai.ptr);
	if (n < m->nr)
		buf_adds(out, ".");
	buf_release(&yes);
	buf_release(&own);
	buf_release(&no_ai);
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
