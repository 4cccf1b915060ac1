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
	int cursor, top;
	bool dco_read;
};

static int checklist_open(struct view *v)
{
	v->priv = xcalloc(1, sizeof(struct checklist_view));
	return 0;
}

static const char *state_badge(const struct policy_item *it,
			       enum item_state st)
{
	if (!it->automatic)
		return st == ITEM_DONE ? "[x]" : "[ ]";
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

static void checklist_draw(struct view *v, int top, int rows, int cols)
{
	struct checklist_view *c = v->priv;
	const struct policy *p = v->m->policy;
	struct buf why = BUF_INIT;
	int list_rows = (int)p->nr_items, row = top;
	const char *s, *e, *hint;
	enum item_state st;

	/* where the policy came from */
	if (v->m->choice.origin == POLICY_FROM_TREE)
		tui_putf(row++, 0, cols, CL_META, A_BOLD, "%s (%s at %.12s)",
			 p->title, POLICY_DOC, v->m->choice.tree.commit);
	else
		tui_putf(row++, 0, cols, CL_META, A_BOLD, "%s (%s)", p->title,
			 p->document ? p->document : p->name);
	for (int i = 0; i < list_rows; i++) {
		const struct policy_item *it = &p->items[i];
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
	row++;
	st = model_item_state(v->m, &p->items[c->cursor], &why);
	tui_putf(row++, 0, cols, CL_META, 0, "%s (%s):",
		 p->items[c->cursor].id,
		 p->items[c->cursor].automatic ? "checked by the tool" :
		 "you answer");
	row += tui_wrap(row, 2, cols - 2, 3, CL_TEXT, p->items[c->cursor].text);
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
	if (p->items[c->cursor].source == SOURCE_DCO &&
	    !session_certified(v->m->session, p->items[c->cursor].id))
		hint = c->dco_read ?
		       "Space or y: certify the DCO   Enter: read it again" :
		       "Space: read the DCO, then y certifies   c: agent and model";
	tui_put(top + rows - 1, 0, cols, CL_DIM, 0, hint, strlen(hint));
	tui_put_position(top + rows - 1, cols, CL_DIM, (size_t)c->cursor + 1,
			 p->nr_items);
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
	const struct policy_item *it = &p->items[c->cursor];

	if (list_key(&c->cursor, (int)p->nr_items, key, is_key))
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
		"c, Tab\tgo on to agent and model\n"
		"q, Shift-Tab\tback to the series\n",
	.open = checklist_open,
	.draw = checklist_draw,
	.key = checklist_key,
	.done = checklist_done,
};
