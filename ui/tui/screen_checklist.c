/*
 * The checklist screen: the items of the policy pack. Human items need an
 * explicit key each (nothing is ticked for the human); automatic items
 * say why they pass or fail.
 */
#include <stdlib.h>
#include <string.h>

#include "dco.h"
#include "screen.h"

struct checklist_view {
	int cursor, top;		/* among the items shown */
	bool dco_read;
};

/*
 * The items shown: the bug-fix procedure's only for a series with a
 * bug fix. idx gets their indexes in the pack (nr_items of room).
 */
static int shown_items(const struct view *v, size_t *idx)
{
	const struct policy *p = v->m->policy;
	int n = 0;

	for (size_t i = 0; i < p->nr_items; i++)
		if (model_item_applies(v->m, &p->items[i]))
			idx[n++] = i;
	return n;
}

/* checkpatch and get_maintainer.pl, for a series of bug fixes. */
static void run_procedure(struct view *v)
{
	if (!policy_has_procedure(v->m->policy) || !model_is_bugfix(v->m))
		return;
	tui_message("running the tree's checkpatch and get_maintainer.pl ...");
	model_procedure_run(v->m);
	tui_message("checkpatch and get_maintainer.pl ran: Enter on an item shows what they said");
}

static int checklist_open(struct view *v)
{
	v->priv = xcalloc(1, sizeof(struct checklist_view));
	if (!model_procedure_ran(v->m))
		run_procedure(v);
	return 0;
}

/* f: the human says the series fixes a bug (or takes it back). */
static void mark_bugfix(struct view *v)
{
	struct checklist_view *c = v->priv;
	bool on = !session_certified(v->m->session, MODEL_BUGFIX_MARK);

	if (!policy_has_procedure(v->m->policy)) {
		tui_message("the tree's %s has no procedure for bug fixes: nothing to mark",
			    POLICY_DOC);
		return;
	}
	session_certify(v->m->session, MODEL_BUGFIX_MARK, on);
	screen_save(v, "checklist");
	c->cursor = 0;
	if (on && !model_procedure_ran(v->m))
		run_procedure(v);
	if (!on && model_is_bugfix(v->m))
		tui_message("a commit of the series carries Fixes:: the procedure's items stay");
	else if (!on)
		tui_message("the series is not marked as a bug fix any more");
}

static const char *state_badge(const struct policy_item *it,
			       enum item_state st)
{
	if (!it->automatic)	/* a statement not written yet fails */
		return st == ITEM_DONE ? "[x]" : st == ITEM_FAILED ? "FAIL" :
		       "[ ]";
	switch (st) {
	case ITEM_DONE: return "ok";
	case ITEM_FAILED: return "FAIL";
	case ITEM_NA: return "n/a";
	default: return "open";
	}
}

static int state_color(enum item_state st)
{
	return st == ITEM_DONE ? CL_OK : st == ITEM_FAILED ? CL_BAD :
	       st == ITEM_NA ? CL_DIM : CL_WARN;
}

/* The policy's title and where it came from: the file and commit. */
static void where_from(const struct tui_model *m, int row, int cols)
{
	const struct policy_choice *c = &m->choice;
	const struct policy *p = m->policy;

	if (c->origin == POLICY_FROM_TREE)
		tui_putf(row, 0, cols, CL_META, A_BOLD, "%s (%s at %.12s)",
			 p->title, c->tree.pack ? c->tree.pack_path :
			 POLICY_DOC, c->tree.commit);
	else if (c->origin == POLICY_FROM_OPTION)
		tui_putf(row, 0, cols, CL_META, A_BOLD, "%s (--policy %s)",
			 p->title, p->name);
	else if (c->origin == POLICY_FROM_CONFIG)
		tui_putf(row, 0, cols, CL_META, A_BOLD,
			 "%s (git config disclose.policy %s)", p->title,
			 p->name);
	else if (c->have_tree && c->tree.kernel_tree)
		tui_putf(row, 0, cols, CL_META, A_BOLD,
			 "%s (the default: no %s at %.12s)", p->title,
			 POLICY_DOC, c->tree.commit);
	else
		tui_putf(row, 0, cols, CL_META, A_BOLD, "%s (%s)", p->title,
			 p->document ? p->document : p->name);
}

static void checklist_draw(struct view *v, int top, int rows, int cols)
{
	struct checklist_view *c = v->priv;
	const struct policy *p = v->m->policy;
	struct buf why = BUF_INIT;
	size_t *idx = xcalloc(p->nr_items + 1, sizeof(*idx));
	int list_rows = shown_items(v, idx), row = top, shown;
	const struct policy_item *at;
	const char *s, *e, *hint;
	enum item_state st;

	where_from(v->m, row++, cols);
	if (c->cursor >= list_rows)
		c->cursor = list_rows - 1;
	at = &p->items[idx[c->cursor]];
	/* the list scrolls when the window cannot hold it and the details */
	shown = list_rows < rows - 10 ? list_rows : rows - 10;
	if (shown < 3)
		shown = list_rows < 3 ? list_rows : 3;
	if (c->cursor < c->top)
		c->top = c->cursor;
	if (c->cursor >= c->top + shown)
		c->top = c->cursor - shown + 1;
	if (c->top > list_rows - shown)
		c->top = list_rows - shown;
	for (int i = c->top; i < c->top + shown; i++) {
		const struct policy_item *it = &p->items[idx[i]];
		enum item_state is = model_item_state(v->m, it, NULL);
		bool cur = i == c->cursor;
		const char *badge = state_badge(it, is);

		if (cur)
			tui_clear_line(row, CL_CURSOR);
		tui_putf(row, 0, 2, cur ? CL_CURSOR : CL_TEXT, 0, "%c",
			 cur ? '>' : ' ');
		tui_put(row, 2, 5, cur ? CL_CURSOR : state_color(is), A_BOLD,
			badge, strlen(badge));
		tui_putf(row, 7, cols - 7, cur ? CL_CURSOR : CL_TEXT, 0,
			 "%s%s", it->text, it->optional ? " (optional)" : "");
		row++;
	}
	if (policy_has_procedure(p) && !model_is_bugfix(v->m))
		tui_putf(row++, 0, cols, CL_DIM, 0,
			 "f: the series fixes a bug, or f on a commit of the series screen: that one does (%s's procedure for bug fixes adds its items)",
			 POLICY_DOC);
	row++;
	st = model_item_state(v->m, at, &why);
	tui_putf(row++, 0, cols, CL_META, 0, "%s (%s):", at->id,
		 at->automatic ? "checked by the tool" : "you answer");
	row += tui_wrap(row, 2, cols - 2, 3, CL_TEXT, at->text);
	for (s = buf_cstr(&why); *s && row < top + rows - 1;
	     s = *e ? e + 1 : e) {
		char *line;

		e = strchrnul(s, '\n');
		line = xstrndup(s, (size_t)(e - s));
		row += tui_wrap(row, 2, cols - 2, top + rows - 1 - row,
				state_color(st), line);
		free(line);
	}
	buf_release(&why);
	hint = model_checklist_done(v->m) ?
	       "Checklist complete. c: agent and model   Enter: details" :
	       "Space: certify   Enter: details   c: agent and model";
	if (at->source == SOURCE_DCO &&
	    !session_certified(v->m->session, at->id))
		hint = c->dco_read ?
		       "Space or y: certify the DCO   Enter: read it again" :
		       "Space: read the DCO, then y certifies   c: agent and model";
	tui_put(top + rows - 1, 0, cols, CL_DIM, 0, hint, strlen(hint));
	tui_put_position(top + rows - 1, cols, CL_DIM, (size_t)c->cursor + 1,
			 (size_t)list_rows);
	free(idx);
}

static void show_details(struct view *v, const struct policy_item *it)
{
	struct checklist_view *c = v->priv;
	struct buf text = BUF_INIT;
	bool from_tree;

	if (it->source == SOURCE_DCO) {
		dco_text(&text, &from_tree, repo_workdir(v->m->repo));
		c->dco_read = true;
	} else {
		model_item_state(v->m, it, &text);
	}
	tui_show_text(it->text, text.ptr,
		      it->automatic ? NULL : it->id);
	buf_release(&text);
}

static void toggle(struct view *v, const struct policy_item *it)
{
	struct checklist_view *c = v->priv;
	bool on = !session_certified(v->m->session, it->id);

	if (it->automatic) {
		tui_message("%s is checked by the tool: Enter shows why", it->id);
		return;
	}
	/* The DCO is certified after reading it. */
	if (on && it->source == SOURCE_DCO && !c->dco_read) {
		show_details(v, it);
		tui_message("read the DCO, then press y to certify it");
		return;
	}
	session_certify(v->m->session, it->id, on);
	screen_save(v, "checklist");
}

static enum tui_request checklist_key(struct view *v, int key, bool is_key)
{
	struct checklist_view *c = v->priv;
	const struct policy *p = v->m->policy;
	size_t *idx = xcalloc(p->nr_items + 1, sizeof(*idx));
	int n = shown_items(v, idx);
	const struct policy_item *it;

	if (c->cursor >= n)
		c->cursor = n - 1;
	it = &p->items[idx[c->cursor]];
	free(idx);
	if (list_key(&c->cursor, n, key, is_key))
		return REQ_NONE;
	if (key_is_enter(key, is_key)) {
		show_details(v, it);
		return REQ_NONE;
	}
	if (is_key)
		return key == KEY_BTAB ? REQ_BACK : REQ_NONE;
	switch (key) {
	case ' ':
	case 'y':
		toggle(v, it);
		break;
	case 'x':
		v->m->session->remove_ai = !v->m->session->remove_ai;
		tui_message(v->m->session->remove_ai ?
			    "AI sign-offs and vendor trailers will be removed when writing" :
			    "AI sign-offs and vendor trailers will be kept");
		screen_save(v, "checklist");
		break;
	case 'f':
		mark_bugfix(v);
		break;
	case 'p':
		if (!policy_has_procedure(p) || !model_is_bugfix(v->m))
			tui_message("checkpatch and get_maintainer.pl run for bug fixes under the procedure: f marks the series");
		else
			run_procedure(v);
		break;
	case 'b':
		if (v->m->boot && v->m->kernel_tree)
			tui_push(&screen_boot, NULL);
		else
			tui_message("boot validation is not available here: it needs a kernel tree");
		break;
	case 'c':
	case '\t':
		screen_goto(v, "agent");
		tui_push(&screen_agent, NULL);
		break;
	case 'q':
		return REQ_BACK;
	}
	return REQ_NONE;
}

static void checklist_done(struct view *v)
{
	free(v->priv);
}

const struct view_ops screen_checklist = {
	.name = "checklist",
	.title = "Checklist",
	.keys = "Space, y\tcertify a human item (again: withdraw)\n"
		"Enter\tdetails: the DCO text, why an item passes or fails\n"
		"x\tremove AI sign-offs and vendor trailers when writing\n"
		"b\tbuild and boot the series (kernel trees)\n"
		"f\tthe series fixes a bug: the bug-fix procedure's items\n"
		"p\trun checkpatch and get_maintainer.pl again (bug fixes)\n"
		"c, Tab\tgo on to agent and model\n"
		"q, Shift-Tab\tback to the series\n",
	.open = checklist_open,
	.draw = checklist_draw,
	.key = checklist_key,
	.done = checklist_done,
};
