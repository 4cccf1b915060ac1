/*
 * A text pager screen: the DCO, an item's details, the trailer arguments.
 * When it shows a human checklist item, y certifies it from here.
 */
#include <stdlib.h>
#include <string.h>

#include "sanitize.h"
#include "tui.h"

struct pager_view {
	struct pager p;
	const char *certify;	/* item id, or NULL */
	char *title;
};

static struct pager_view *pending;

/* Add text with its long lines broken at blanks to fit width columns. */
static void add_wrapped(struct pager *p, const char *text, size_t width)
{
	const char *s = text, *e;

	while (*s) {
		size_t n, cut;

		e = strchrnul(s, '\n');
		n = (size_t)(e - s);
		while (sanitize_width(s, n) > width) {
			size_t fit = sanitize_fit(s, n, width, NULL);

			for (cut = fit; cut > fit / 2 && s[cut] != ' '; cut--)
				;
			if (s[cut] != ' ')
				cut = fit ? fit : 1;
			pager_add(p, CL_TEXT, 0, s, cut);
			while (cut < n && s[cut] == ' ')
				cut++;
			s += cut;
			n -= cut;
		}
		pager_add(p, CL_TEXT, 0, s, n);
		s = *e ? e + 1 : e;
	}
}

/* Open a pager on text; certify names the item y certifies (or NULL). */
int tui_show_text(struct tui_model *m, const char *title, const char *text,
		  const char *certify)
{
	struct pager_view *pv = xcalloc(1, sizeof(*pv));

	add_wrapped(&pv->p, text, COLS > 20 ? (size_t)COLS - 1 : 20);
	pv->certify = certify;
	pv->title = xstrdup(title);
	pending = pv;
	if (tui_push(m, &screen_pager, 0) < 0) {
		pending = NULL;
		pager_release(&pv->p);
		free(pv->title);
		free(pv);
		return -1;
	}
	return 0;
}

static int pager_open(struct view *v)
{
	if (!pending)
		return error_set("internal: a pager opened without text");
	v->priv = pending;
	pending = NULL;
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

	if (pager_key(&pv->p, key, is_key) || is_key)
		return REQ_NONE;
	if (key == 'y' && pv->certify) {
		session_certify(v->m->session, pv->certify, true);
		tui_save(v->m, "checklist");
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
		"y\tcertify (when the text is a checklist item)\n"
		"q, Enter\tback\n",
	.step = 0,
	.open = pager_open,
	.draw = pager_view_draw,
	.key = pager_view_key,
	.done = pager_view_done,
};
