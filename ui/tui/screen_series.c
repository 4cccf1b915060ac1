/*
 * The series screen: one line per commit with its status badges, and
 * what would refuse the write (published or signed commits, an operation
 * in progress, a detached HEAD, git's locks) as soon as the assistant
 * opens, with amend's overrides as keys.
 */
#include <stdlib.h>
#include <string.h>

#include "screen.h"

#pragma weak repo_rewrite
#pragma weak rewrite_result_release

/* What refuses the write; the first two have an override. */
enum blocker { BLOCK_NONE, BLOCK_SIGNED, BLOCK_PUBLISHED, BLOCK_OTHER };

struct series_view {
	int cursor, top;
	enum blocker block;
	char *why;		/* the refusal and its remedy, or NULL */
	enum blocker asking;	/* the override being confirmed */
};

/* Every message changes: the most a write can rewrite. */
static int probe_reword(struct buf *out, const struct commit_info *c,
			void *data)
{
	buf_add(out, c->message, c->message_len);
	buf_addch(out, '\n');
	return 0;
}

/*
 * A dry run of the write, with amend's checks and git's locks: NULL, or
 * the refusal as amend gives it.
 */
static char *probe(const struct tui_model *m, bool force, bool drop)
{
	struct rewrite_opts o = { 0 };
	struct rewrite_result res;
	char *why = NULL;

	o.range = m->range_given ? m->range : NULL;
	o.dry_run = o.check_locks = true;
	o.force = force;
	o.drop_signatures = drop;
	if (repo_rewrite(&res, m->repo, &o, probe_reword, NULL) < 0) {
		why = xstrdup(error_last());
		error_clear();
	}
	rewrite_result_release(&res);
	return why;
}

/* Does the override lift the refusal (or change it for the next)? */
static bool lifts(char *other, const char *why)
{
	bool yes = !other || strcmp(other, why);

	free(other);
	return yes;
}

static void find_blocker(struct view *v)
{
	struct series_view *s = v->priv;
	struct tui_model *m = v->m;

	free(s->why);
	s->why = NULL;
	s->block = BLOCK_NONE;
	if (!repo_rewrite)
		return;
	s->why = probe(m, m->force, m->drop_signatures);
	if (!s->why)
		return;
	s->block = BLOCK_OTHER;
	if (!m->drop_signatures && lifts(probe(m, m->force, true), s->why))
		s->block = BLOCK_SIGNED;
	else if (!m->force &&
		 lifts(probe(m, true, m->drop_signatures), s->why))
		s->block = BLOCK_PUBLISHED;
}

/* The dry run reads the range again: the first frame does without it. */
static int series_open(struct view *v)
{
	v->priv = xcalloc(1, sizeof(struct series_view));
	if (!v->m->files_pending)
		find_blocker(v);
	return 0;
}

/* The refusal, the override it has (or its question) and the ones
 * given, as wrapped text. */
static void blocker_text(const struct view *v, struct buf *bad,
			 struct buf *offer)
{
	const struct series_view *s = v->priv;
	const struct tui_model *m = v->m;

	if (s->why)
		buf_addf(bad, "Cannot write: %s", s->why);
	if (s->asking == BLOCK_SIGNED)
		buf_adds(offer, "Rewrite the signed commits, dropping their signatures (--drop-signatures)? y: yes   n: no");
	else if (s->asking == BLOCK_PUBLISHED)
		buf_adds(offer, "Rewrite commits others already have (--force)? y: yes   n: no");
	else if (s->block == BLOCK_SIGNED)
		buf_adds(offer, "D: rewrite them anyway, the signatures dropped (--drop-signatures; asks y/n)");
	else if (s->block == BLOCK_PUBLISHED)
		buf_adds(offer, "F: rewrite them anyway (--force; asks y/n): others who have them must rebase");
	else if (m->force || m->drop_signatures)
		buf_addf(offer, "Writes with %s%s%s, as you confirmed.",
			 m->force ? "--force" : "",
			 m->force && m->drop_signatures ? " " : "",
			 m->drop_signatures ? "--drop-signatures" : "");
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
		 i + 1, sc->info->id, model_reviewed(m, i) ? "yes" : "-",
		 sc->has_assisted ? "yes" : "-",
		 sc->has_human_sob ? "yes" : "-");
	chk_col = (int)b.len;
	buf_addf(&b, "%-7s ", chk.ptr);
	/* no AI-generated code, as the human said: not a review mark */
	if (model_no_ai(m, i))
		buf_adds(&b, "[no AI] ");
	if (cursor)
		tui_clear_line(row, CL_CURSOR);
	tui_put(row, 0, cols, color, 0, b.ptr, b.len);
	tui_put(row, (int)b.len, cols - (int)b.len, color, 0, sc->subject,
		strlen(sc->subject));
	/* a bug fix, where the tree's document has the procedure */
	if (policy_has_procedure(m->policy) && model_commit_is_fix(m, i))
		tui_put(row, (int)(b.len + strlen(sc->subject)) + 1,
			cols - (int)(b.len + strlen(sc->subject)) - 1,
			cursor ? CL_CURSOR : CL_META, 0,
			TUI_LIT("[bug fix]"));
	if (m->checker && !cursor && (sc->lint.errors || sc->lint.warnings))
		tui_put(row, chk_col, 7, sc->lint.errors ? CL_BAD : CL_WARN, 0,
			chk.ptr, chk.len);
	buf_release(&b);
	buf_release(&chk);
}

/* The answer: the human's, or a pre-fill and where it came from. */
static void draw_answer(const struct tui_model *m, int row, int cols)
{
	const struct session *s = m->session;

	if (!s->agent && !s->model)
		tui_putf(row, 0, cols, CL_DIM, 0, "%s", m->answer_given ?
			 "Your answer: none yet" : "Pre-filled: nothing found");
	else if (m->answer_given)
		tui_putf(row, 0, cols, CL_TEXT, 0, "Your answer: %s %s%s",
			 s->agent ? s->agent : "?", s->model ? s->model : "?",
			 m->prefill_source ? " (from your saved session)" : "");
	else
		tui_putf(row, 0, cols, CL_TEXT, 0, "Pre-filled: %s %s (from %s)",
			 s->agent ? s->agent : "?", s->model ? s->model : "?",
			 m->prefill_source ? m->prefill_source : "?");
}

/* Rows the session's note takes wrapped (at most 4), else the line for
 * the checker (1). */
static int note_rows(const struct tui_model *m, int cols)
{
	int n;

	if (!m->session->note)
		return 1;
	n = tui_wrap_rows(m->session->note, cols);
	return n < 1 ? 1 : n > 4 ? 4 : n;
}

static void series_draw(struct view *v, int top, int rows, int cols)
{
	struct series_view *s = v->priv;
	struct tui_model *m = v->m;
	struct buf bad = BUF_INIT, offer = BUF_INIT;
	int list_rows, first, row = top, nb, no, nn;

	blocker_text(v, &bad, &offer);
	nb = tui_wrap_rows(buf_cstr(&bad), cols);
	no = tui_wrap_rows(buf_cstr(&offer), cols);
	nn = note_rows(m, cols);
	list_rows = rows - 5 - nn - nb - no;

	tui_put(row++, 0, cols, CL_META, A_BOLD,
		TUI_LIT("  # Commit  Review A-by SoB  Checker Subject"));
	if (list_rows < 1)
		list_rows = 1;
	first = list_scroll(s->cursor, list_rows, &s->top);
	for (int i = 0; i < list_rows && (size_t)(first + i) < m->nr; i++)
		draw_commit(m, (size_t)(first + i), row++, cols,
			    first + i == s->cursor);
	row = top + rows - 4 - nn - nb - no;
	if (nb)
		row += tui_wrap(row, 0, cols, nb, CL_BAD, bad.ptr);
	if (no)
		tui_wrap(row, 0, cols, no, CL_WARN, offer.ptr);
	buf_release(&bad);
	buf_release(&offer);
	row = top + rows - 4 - nn;
	tui_putf(row++, 0, cols, CL_TEXT, 0, "Policy: %s (%s)",
		 m->policy->name, m->policy->title);
	if (m->have_human)
		tui_putf(row++, 0, cols, CL_TEXT, 0, "You: %s <%s>",
			 m->human.name, m->human.email);
	else
		tui_putf(row++, 0, cols, CL_BAD, 0, "You: %s", m->human_error);
	draw_answer(m, row++, cols);
	if (m->session->note)
		tui_wrap(row, 0, cols, nn, CL_WARN, m->session->note);
	else if (!m->checker)
		tui_put(row++, 0, cols, CL_DIM, 0,
			TUI_LIT("Checker: not available in this build (badges n/a)"));
	tui_put(top + rows - 1, 0, cols, CL_DIM, 0,
		TUI_LIT("Enter: review the commit   c: checklist   ?: keys"));
	tui_put_position(top + rows - 1, cols, CL_DIM, (size_t)s->cursor + 1,
			 m->nr);
}

/* f: the commit under the cursor fixes a bug (or, again, does not). */
static void mark_fix(struct view *v)
{
	struct series_view *s = v->priv;
	struct tui_model *m = v->m;
	size_t i = (size_t)s->cursor;
	bool on = !model_commit_marked_fix(m, i);

	if (!policy_has_procedure(m->policy)) {
		tui_message("the tree's %s has no procedure for bug fixes: nothing to mark",
			    POLICY_DOC);
		return;
	}
	model_mark_fix(m, i, on);
	screen_save(v, "series");
	if (on)
		tui_message("%.7s marked as a bug fix: the procedure's items apply to it",
			    m->commits[i].info->id);
	else if (model_commit_is_fix(m, i))
		tui_message("%.7s carries Fixes: (or the series is marked): it stays a bug fix",
			    m->commits[i].info->id);
	else
		tui_message("%.7s is no longer marked as a bug fix",
			    m->commits[i].info->id);
}

/* y gives the override asked about; any other key does not. */
static void answer(struct view *v, int key, bool is_key)
{
	struct series_view *s = v->priv;
	bool yes = !is_key && (key == 'y' || key == 'Y');

	if (yes && s->asking == BLOCK_SIGNED)
		v->m->drop_signatures = true;
	else if (yes)
		v->m->force = true;
	tui_message(!yes ? "not overridden: the write stays refused" :
		    s->asking == BLOCK_SIGNED ?
		    "--drop-signatures: writing drops the signatures" :
		    "--force: writing rewrites the published commits");
	s->asking = BLOCK_NONE;
	v->typing = false;
	find_blocker(v);
}

/* F and D: ask before amend's --force and --drop-signatures. */
static void ask(struct view *v, enum blocker which)
{
	struct series_view *s = v->priv;

	if (s->block != which) {
		tui_message(which == BLOCK_SIGNED ?
			    "D drops signatures, and no signed commit blocks the write" :
			    "F rewrites published commits, and none blocks the write");
		return;
	}
	s->asking = which;
	v->typing = true;	/* the answer has the keys, Esc too */
}

static enum tui_request series_key(struct view *v, int key, bool is_key)
{
	struct series_view *s = v->priv;

	if (s->asking) {
		answer(v, key, is_key);
		return REQ_NONE;
	}
	if (list_key(&s->cursor, (int)v->m->nr, key, is_key))
		return REQ_NONE;
	if (key_is_enter(key, is_key))
		tui_push(&screen_review, &v->m->commits[s->cursor]);
	else if (!is_key && (key == 'c' || key == '\t'))
		tui_push(&screen_checklist, NULL);
	else if (!is_key && key == 'f')
		mark_fix(v);
	else if (!is_key && key == 'F')
		ask(v, BLOCK_PUBLISHED);
	else if (!is_key && key == 'D')
		ask(v, BLOCK_SIGNED);
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
	struct series_view *s = v->priv;

	free(s->why);
	free(s);
}

/* The series is the flow's first screen: it reports for all of them. */

const struct view_ops screen_series = {
	.name = "series",
	.title = "Series",
	.keys = "Enter\treview the commit (message and diff)\n"
		"c, Tab\tgo on to the checklist\n"
		"f\tthe commit fixes a bug (the bug-fix procedure's items)\n"
		"F\twrite published commits anyway (--force; y/n)\n"
		"D\twrite signed ones, signatures dropped (y/n)\n"
		"q\tleave\n",
	.open = series_open,
	.draw = series_draw,
	.key = series_key,
	.done = series_done,
	.report = screen_series_report,
	.back = series_back,
	.loaded = find_blocker,
};
