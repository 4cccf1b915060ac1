/* What more than one screen does. */
#include "screen.h"

#include <stdlib.h>

void screen_save(struct view *v, const char *screen)
{
	if (model_save(v->m, screen) < 0)
		tui_message("not saved: %s", error_last());
}

void screen_goto(struct view *v, const char *screen)
{
	if (model_save_place(v->m, screen) < 0)
		tui_message("not saved: %s", error_last());
}

void screen_draw_assisted(const struct view *v, int row, int cols)
{
	char *why = NULL, *val;
	struct assisted *as = model_assisted(v->m, &why);

	if (!as && !model_answer_used(v->m)) {
		tui_put(row, 0, cols, CL_DIM, 0,
			TUI_LIT("Assisted-by: none of yours (no commit gets your answer)"));
	} else if (as) {
		val = assisted_format(as, v->m->policy->form);
		tui_putf(row, 0, cols, CL_ADD, A_BOLD, "Assisted-by: %s", val);
		free(val);
		assisted_free(as);
	} else {
		tui_putf(row, 0, cols, CL_WARN, 0, "Assisted-by: (%s)", why);
	}
	free(why);
}

void screen_series_report(struct view *v, struct frame_report *out)
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
	/* a series that already says what the answers say is written */
	out->unsaved = m->dirty && !m->written &&
		       (!out->leaving || model_would_change(v->m));
	buf_release(&open);
}
