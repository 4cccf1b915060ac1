/* The series screen: one line per commit with its status badges. */
#include <stdlib.h>
#include <string.h>

#include "screen.h"

struct series_view {
	int cursor, top;
};

static int series_open(struct view *v)
{
	v->priv = xcalloc(1, sizeof(struct series_view));
	return 0;
}

static const char *review_badge(enum review_state st)
{
	return st == REVIEW_DONE ? "yes" : st == REVIEW_NO_AI ? "no AI" : "-";
}

static void draw_commit(const struct tui_model *m, size_t i, int row,
			int cols, bool cursor)
{
	const struct series_commit *sc = &m->commits[i];
	struct buf b = BUF_INIT, chk = BUF_INIT;
	int color = cursor ? CL_CURSOR : CL_TEXT, chk_col;

	if (!m->checker)
		buf_adds(&chk, "n/a");
	else
		buf_addf(&chk, "E%zu W%zu", sc->lint.errors, sc->lint.warnings);
	buf_addf(&b, "%c%2zu %.7s %-6s %-4s %-4s ", cursor ? '>' : ' ',
		 i + 1, sc->info->id, review_badge(m->session->review[i]),
		 sc->has_assisted ? "yes" : "-",
		 sc->has_human_sob ? "yes" : "-");
	chk_col = (int)b.len;
	buf_addf(&b, "%-7s ", chk.ptr);
	if (cursor)
		tui_clear_line(row, CL_CURSOR);
	tui_put(row, 0, cols, color, 0, b.ptr, b.len);
	tui_put(row, (int)b.len, cols - (int)b.len, color, 0, sc->subject,
		strlen(sc->subject));
	if (m->checker && !cursor && (sc->lint.errors || sc->lint.warnings))
		tui_put(row, chk_col, 7, sc->lint.errors ? CL_BAD : CL_WARN, 0,
			chk.ptr, chk.len);
	buf_release(&b);
	buf_release(&chk);
}

static void series_draw(struct view *v, int top, int rows, int cols)
{
	struct series_view *s = v->priv;
	struct tui_model *m = v->m;
	int list_rows = rows - 6, first, row = top;

	tui_put(row++, 0, cols, CL_META, A_BOLD,
		TUI_LIT("  # Commit  Review A-by SoB  Checker Subject"));
	if (list_rows < 1)
		list_rows = 1;
	first = list_scroll(s->cursor, list_rows, &s->top);
	for (int i = 0; i < list_rows && (size_t)(first + i) < m->nr; i++)
		draw_commit(m, (size_t)(first + i), row++, cols,
			    first + i == s->cursor);
	row = top + rows - 5;
	tui_putf(row++, 0, cols, CL_TEXT, 0, "Policy: %s (%s)",
		 m->policy->name, m->policy->title);
	if (m->have_human)
		tui_putf(row++, 0, cols, CL_TEXT, 0, "You: %s <%s>",
			 m->human.name, m->human.email);
	else
		tui_putf(row++, 0, cols, CL_BAD, 0, "You: %s", m->human_error);
	if (m->session->agent || m->session->model)
		tui_putf(row++, 0, cols, CL_TEXT, 0, "Pre-filled: %s %s (from %s)",
			 m->session->agent ? m->session->agent : "?",
			 m->session->model ? m->session->model : "?",
			 m->prefill_source ? m->prefill_source : "you");
	else
		tui_put(row++, 0, cols, CL_DIM, 0, TUI_LIT("Pre-filled: nothing found"));
	if (m->session->note)
		tui_put(row++, 0, cols, CL_WARN, 0, m->session->note,
			strlen(m->session->note));
	else if (!m->checker)
		tui_put(row++, 0, cols, CL_DIM, 0,
			TUI_LIT("Checker: not available in this build (badges n/a)"));
	tui_put(top + rows - 1, 0, cols, CL_DIM, 0,
		TUI_LIT("Enter: review the commit   c: checklist   ?: keys"));
	tui_put_position(top + rows - 1, cols, CL_DIM, (size_t)s->cursor + 1,
			 m->nr);
}

static enum tui_request series_key(struct view *v, int key, bool is_key)
{
	struct series_view *s = v->priv;

	if (list_key(&s->cursor, (int)v->m->nr, key, is_key))
		return REQ_NONE;
	if (key_is_enter(key, is_key))
		tui_push(&screen_review, &v->m->commits[s->cursor]);
	else if (!is_key && (key == 'c' || key == '\t'))
		tui_push(&screen_checklist, NULL);
	else if (!is_key && key == 'q')
		return REQ_BACK;
	return REQ_NONE;
}

/* Back from the review: the cursor is on the commit it showed last. */
static void series_back(struct view *v, const struct view *from)
{
	struct series_view *s = v->priv;

	if (from->ops == &screen_review && from->arg)
		s->cursor = (int)((const struct series_commit *)from->arg -
				  v->m->commits);
}

static void series_done(struct view *v)
{
	free(v->priv);
}

/* The series is the flow's first screen: it reports for all of them. */
static void series_report(struct view *v, struct frame_report *out)
{
	const struct tui_model *m = v->m;
	struct buf open = BUF_INIT;

	buf_adds(&out->what, m->range);
	if (m->b4_note)
		buf_addf(&out->what, " (%s)", m->b4_note);
	if (m->written)
		buf_adds(&out->mark, "  (written)");
	model_open_items(m, &open);
	buf_addf(&out->status, "%s%s", open.len && !m->written ? "open: " : "",
		 open.len ? open.ptr : "nothing open: preview and write");
	out->unsaved = m->dirty && !m->written;
	buf_release(&open);
}

const struct view_ops screen_series = {
	.name = "series",
	.title = "Series",
	.keys = "Enter\treview the commit (message and diff)\n"
		"c, Tab\tgo on to the checklist\n"
		"q\tleave\n",
	.open = series_open,
	.draw = series_draw,
	.key = series_key,
	.done = series_done,
	.report = series_report,
	.back = series_back,
};
