/*
 * A text pager screen: the DCO, an item's details, the trailer arguments.
 * When it shows a human checklist item, y certifies it from here.
 */
#include <stdlib.h>
#include <string.h>

#include "screen.h"

struct pager_view {
	struct pager p;
	const char *certify;	/* item id, or NULL */
	char *title;
};

int tui_show_text(const char *title, const char *text, const char *certify)
{
	struct pager_view *pv = xcalloc(1, sizeof(*pv));

	pager_add_wrapped(&pv->p, CL_TEXT, text,
			  COLS > 20 ? (size_t)COLS - 1 : 20);
	pv->certify = certify;
	pv->title = xstrdup(title);
	if (tui_push(&screen_pager, pv) < 0) {
		pager_release(&pv->p);
		free(pv->title);
		free(pv);
		return -1;
	}
	return 0;
}

/* arg: the pager_view tui_show_text() made. */
static int pager_open(struct view *v)
{
	if (!v->arg)
		return error_set("internal: a pager opened without text");
	v->priv = v->arg;
	return 0;
}

static void pager_view_draw(struct view *v, int top, int rows, int cols)
{
	struct pager_view *pv = v->priv;

	tui_put(top, 0, cols, CL_META, A_BOLD, pv->title, strlen(pv->title));
	pager_draw(&pv->p, top + 1, rows - 2, cols);
	tui_clear_line(top + rows - 1, CL_STATUS);
	if (pv->certify)
		tui_putf(top + rows - 1, 0, cols, CL_STATUS, 0, " %s  y: I certify this   q: back",
			 session_certified(v->m->session, pv->certify) ?
			 "CERTIFIED" : "NOT CERTIFIED");
	else
		tui_put(top + rows - 1, 0, cols, CL_STATUS, 0,
			TUI_LIT(" j/k, Space/b: scroll   q: back"));
}

static enum tui_request pager_view_key(struct view *v, int key, bool is_key)
{
	struct pager_view *pv = v->priv;

	bool took = pager_key(&pv->p, key, is_key);

	v->typing = pager_typing(&pv->p);
	if (took || is_key)
		return REQ_NONE;
	if (key == 'y' && pv->certify) {
		session_certify(v->m->session, pv->certify, true);
		screen_save(v, "checklist");
		tui_message("certified: %s", pv->certify);
		return REQ_BACK;
	}
	if (key == 'q' || key == '\n' || key == '\r')
		return REQ_BACK;
	return REQ_NONE;
}

static void pager_view_done(struct view *v)
{
	struct pager_view *pv = v->priv;

	pager_release(&pv->p);
	free(pv->title);
	free(pv);
}

const struct view_ops screen_pager = {
	.name = "text",
	.title = "Details",
	.keys = "j/k, Space/b\tscroll\n"
		"</>, Left/Right\tscroll sideways\n"
		"/, ?\tsearch forward, backward (n/N: next, previous match)\n"
		"y\tcertify (when the text is a checklist item)\n"
		"q, Enter\tback\n"
		"h\tthis help\n",
	.search = true,
	.open = pager_open,
	.draw = pager_view_draw,
	.key = pager_view_key,
	.done = pager_view_done,
};
