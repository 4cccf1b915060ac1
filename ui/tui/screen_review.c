/*
 * The review screen: a commit's message and diff in a pager, coloured
 * like git diff, with the SPDX findings of the files it adds; the human
 * marks it reviewed, or says it has no AI-generated code.
 */
#include <stdlib.h>
#include <string.h>

#include "screen.h"

struct review_view {
	struct pager p;
	size_t at;		/* the commit shown */
};

static int diff_color(const char *s, size_t n, bool *in_header)
{
	if (n >= 10 && !strncmp(s, TUI_LIT("diff --git"))) {
		*in_header = true;
		return CL_META;
	}
	if (n >= 2 && !strncmp(s, TUI_LIT("@@"))) {
		*in_header = false;
		return CL_HUNK;
	}
	if (*in_header)
		return CL_META;
	if (n && s[0] == '+')
		return CL_ADD;
	if (n && s[0] == '-')
		return CL_DEL;
	return CL_TEXT;
}

static void add_patch(struct pager *p, const char *patch,
		      const struct tui_model *m, const struct series_commit *sc)
{
	const char *s = patch, *e;
	bool header = false;

	while (*s) {
		size_t n;

		e = strchrnul(s, '\n');
		n = (size_t)(e - s);
		pager_add(p, diff_color(s, n, &header),
			  header ? A_BOLD : 0, s, n);
		/* mark an added file that the checker flags */
		if (m->checker && n > 6 && !strncmp(s, TUI_LIT("+++ b/"))) {
			char *path = xstrndup(s + 6, n - 6);

			for (size_t j = 0; j < sc->lint.nr; j++) {
				const struct finding *f = &sc->lint.findings[j];

				if (!strncmp(f->id, TUI_LIT("SPDX_")) &&
				    (strstr(f->message, path) ||
				     (f->text && strstr(f->text, path))))
					pager_addf(p, CL_BAD, A_BOLD,
						   "!! %s: %s", f->id,
						   f->message);
			}
			free(path);
		}
		s = *e ? e + 1 : e;
	}
}

static void fill(struct view *v)
{
	struct review_view *r = v->priv;
	struct tui_model *m = v->m;
	struct series_commit *sc = &m->commits[r->at];
	struct buf patch = BUF_INIT;
	size_t spdx = 0;

	pager_release(&r->p);
	pager_addf(&r->p, CL_META, A_BOLD, "commit %s (%zu/%zu)", sc->info->id,
		   r->at + 1, m->nr);
	pager_addf(&r->p, CL_TEXT, 0, "Author: %s <%s>", sc->info->author_name,
		   sc->info->author_email);
	pager_add(&r->p, CL_TEXT, 0, TUI_LIT(""));
	pager_add_text(&r->p, CL_TEXT, sc->info->message);
	pager_add(&r->p, CL_TEXT, 0, TUI_LIT(""));
	if (!m->checker) {
		pager_add(&r->p, CL_DIM, 0, TUI_LIT("SPDX: checker not available in this build"));
	} else {
		for (size_t j = 0; j < sc->lint.nr; j++) {
			const struct finding *f = &sc->lint.findings[j];

			if (strncmp(f->id, TUI_LIT("SPDX_")))
				continue;
			pager_addf(&r->p, CL_BAD, A_BOLD, "SPDX: %s: %s",
				   f->id, f->message);
			spdx++;
		}
		if (!spdx)
			pager_addf(&r->p, CL_OK, 0, "SPDX: %zu added file(s), no findings",
				   sc->nr_files);
	}
	pager_add(&r->p, CL_TEXT, 0, TUI_LIT(""));
	if (repo_commit_patch(&patch, m->repo, sc->info->id) < 0) {
		pager_addf(&r->p, CL_BAD, 0, "diff not available: %s",
			   error_last());
		error_clear();
	} else {
		add_patch(&r->p, buf_cstr(&patch), m, sc);
	}
	buf_release(&patch);
}

/* arg: the commit to show, one of the model's. */
static int review_open(struct view *v)
{
	struct review_view *r;

	if (!v->arg)
		return error_set("internal: a review opened without a commit");
	r = xcalloc(1, sizeof(*r));
	r->at = (size_t)((struct series_commit *)v->arg - v->m->commits);
	v->priv = r;
	fill(v);
	return 0;
}

static void review_draw(struct view *v, int top, int rows, int cols)
{
	struct review_view *r = v->priv;
	bool no_ai = model_no_ai(v->m, r->at);
	struct buf at = BUF_INIT;

	pager_draw(&r->p, top, rows - 1, cols);
	pager_position(&r->p, &at);
	tui_clear_line(top + rows - 1, CL_STATUS);
	tui_putf(top + rows - 1, 0, cols, CL_STATUS, 0,
		 " %s%s  r: reviewed  a: no AI code  [ ]: commit %zu/%zu  line %s",
		 model_reviewed(v->m, r->at) ? "REVIEWED" : "NOT REVIEWED",
		 no_ai ? ", NO AI CODE" : "", r->at + 1, v->m->nr, at.ptr);
	buf_release(&at);
}

/* r and a: each mark on or off, the other one kept (a commit without
 * AI-generated code is reviewed too). */
static void mark(struct view *v, enum review_state st)
{
	struct review_view *r = v->priv;
	enum review_state *cur = &v->m->session->review[r->at];
	bool on = !(*cur & st);

	*cur = on ? *cur | st : *cur & ~st;
	model_marks_changed(v->m);
	if (st == REVIEW_DONE)
		tui_message("commit %zu/%zu: %s", r->at + 1, v->m->nr,
			    on ? "marked reviewed" : "not reviewed");
	else
		tui_message("commit %zu/%zu: %s", r->at + 1, v->m->nr,
			    !on ? "no longer marked as without AI-generated code" :
			    model_reviewed(v->m, r->at) ?
			    "marked as without AI-generated code" :
			    "marked as without AI-generated code; r marks it reviewed (not the same)");
	screen_save(v, "series");
}

static enum tui_request review_key(struct view *v, int key, bool is_key)
{
	struct review_view *r = v->priv;

	bool took = pager_key(&r->p, key, is_key);

	v->typing = pager_typing(&r->p);
	if (took || is_key)
		return REQ_NONE;
	switch (key) {
	case 'r':
		mark(v, REVIEW_DONE);
		break;
	case 'a':
		mark(v, REVIEW_NO_AI);
		break;
	case ']':
		if (r->at + 1 < v->m->nr) {
			r->at++;
			v->arg = &v->m->commits[r->at];
			fill(v);
		}
		break;
	case '[':
		if (r->at > 0) {
			r->at--;
			v->arg = &v->m->commits[r->at];
			fill(v);
		}
		break;
	case 'q':
		return REQ_BACK;
	}
	return REQ_NONE;
}

static void review_done(struct view *v)
{
	struct review_view *r = v->priv;

	pager_release(&r->p);
	free(r);
}

const struct view_ops screen_review = {
	.name = "review",
	.title = "Review",
	.keys = "j/k, Space/b\tscroll a line, a page\n"
		"g/G\ttop, bottom\n"
		"</>, Left/Right\tscroll sideways\n"
		"/, ?\tsearch forward, backward (n/N: next, previous match)\n"
		"r\tmark the commit reviewed (again: unmark)\n"
		"a\tthe commit has no AI-generated code: it gets no\n"
		"\tAssisted-by, and AI co-author lines, footers and AI\n"
		"\tsign-offs in it go as false claims (x keeps them);\n"
		"\tnot a review: r marks that (again: unmark)\n"
		"], [\tnext, previous commit\n"
		"q\tback to the series\n"
		"h\tthis help\n",
	.search = true,
	.open = review_open,
	.draw = review_draw,
	.key = review_key,
	.done = review_done,
};
