/*
 * The preview screen: each commit's message as it will be written, the
 * added and removed lines highlighted. Actions: write into the commits,
 * print the git commit --trailer arguments, save the trailer lines to a
 * file, or go back. After writing, a summary with the backup and undo.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "answers.h"
#include "diff.h"
#include "file.h"
#include "run.h"
#include "place.h"
#include "screen.h"

#pragma weak repo_rewrite
#pragma weak rewrite_result_release

struct preview_view {
	struct pager p;
	bool prompt;		/* typing the file name to save to */
	struct field path;
};

/* A line of the edit script, as the preview shows it. */
static void add_edit(struct pager *p, const struct diff_edit *e)
{
	if (e->op == DIFF_KEEP)
		pager_addf(p, CL_TEXT, 0, "  %.*s", (int)e->len, e->line);
	else
		pager_addf(p, e->op == DIFF_ADD ? CL_ADD : CL_DEL, A_BOLD,
			   "%c %.*s", e->op, (int)e->len, e->line);
}

/*
 * A commit of the series: its header, then its message as it will be
 * written, the lines the edit script adds and removes marked; with
 * changes_only, those lines alone.
 */
static void add_commit(struct pager *p, const struct tui_model *m, size_t i,
		       bool changes_only)
{
	const struct series_commit *sc = &m->commits[i];
	struct diff_iter it;
	struct diff_edit e;

	pager_addf(p, CL_META, A_BOLD, "%zu/%zu %.7s %s", i + 1, m->nr,
		   sc->info->id, sc->subject);
	diff_iter_init(&it, sc->info->message, strlen(sc->info->message),
		       sc->new_message, strlen(sc->new_message));
	while (diff_iter_next(&it, &e))
		if (!changes_only || e.op != DIFF_KEEP)
			add_edit(p, &e);
	diff_iter_release(&it);
}

/* The tree's checkpatch will warn on the LLM form: say so before writing. */
static void add_checkpatch_note(struct pager *p, const struct tui_model *m)
{
	char *why = policy_checkpatch_warning(&m->choice);
	struct buf note = BUF_INIT;

	if (why) {
		buf_addf(&note, "Note: %s.", why);
		pager_add_wrapped(p, CL_WARN, note.ptr, 78);
	}
	buf_release(&note);
	free(why);
}

/*
 * The commits the human marked as without AI-generated code that carry
 * AI traces: what becomes of them (removed as false claims by default).
 */
static void add_no_ai(struct pager *p, const struct tui_model *m)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < m->nr; i++) {
		const struct series_commit *sc = &m->commits[i];

		if (!model_no_ai(m, i) ||
		    !sc->facts.signals)
			continue;
		buf_reset(&b);
		buf_addf(&b, "%zu/%zu %.7s: no AI-generated code, as you marked it (a): no Assisted-by; %s%s%s",
			 i + 1, m->nr, sc->info->id, m->session->remove_ai ?
			 "its AI lines go as false claims" :
			 "its AI lines are kept, as you chose (x), and check will report them",
			 sc->facts.source ? ": " : "",
			 sc->facts.source ? sc->facts.source : "");
		pager_add_wrapped(p, CL_WARN, b.ptr, 78);
	}
	buf_release(&b);
}

static void fill(struct view *v)
{
	struct preview_view *pv = v->priv;
	struct tui_model *m = v->m;
	struct buf note = BUF_INIT;
	size_t changed = 0;
	bool warn;

	pager_release(&pv->p);
	for (size_t i = 0; i < m->nr; i++)
		if (strcmp(m->commits[i].new_message,
			   m->commits[i].info->message))
			changed++;
	pager_addf(&pv->p, CL_META, A_BOLD, "%zu of %zu commit%s change%s",
		   changed, m->nr, m->nr == 1 ? "" : "s",
		   m->nr == 1 ? "s" : "");
	if (!m->rewrite && m->nr > 1)
		pager_add(&pv->p, CL_WARN, 0,
			  TUI_LIT("Note: the series rewrite is not in this build: w writes HEAD only (repo_amend_head)."));
	if (!m->checker)
		pager_add(&pv->p, CL_WARN, 0,
			  TUI_LIT("Note: checker not available: vendor trailers and AI sign-offs are kept."));
	else if (!m->session->remove_ai)
		pager_add(&pv->p, CL_WARN, 0,
			  TUI_LIT("Kept, as you chose: AI sign-offs and vendor trailers stay, and git disclose check will report them (x on the checklist converts them)."));
	else
		pager_add(&pv->p, CL_DIM, 0,
			  TUI_LIT("Vendor trailers become Assisted-by: and AI sign-offs go (x on the checklist keeps them)."));
	warn = model_plan_note(&note, m);
	if (note.len)
		pager_add_wrapped(&pv->p, warn ? CL_WARN : CL_DIM, note.ptr,
				  78);
	buf_release(&note);
	add_no_ai(&pv->p, m);
	add_checkpatch_note(&pv->p, m);
	if (!model_checklist_done(m))
		pager_add(&pv->p, CL_BAD, 0,
			  TUI_LIT("The checklist is not complete: finish it before writing."));
	for (size_t i = 0; i < m->nr; i++) {
		pager_add(&pv->p, CL_TEXT, 0, TUI_LIT(""));
		add_commit(&pv->p, m, i, false);
	}
}

static int preview_open(struct view *v)
{
	struct preview_view *pv;

	if (model_preview(v->m) < 0)
		return -1;
	pv = xcalloc(1, sizeof(*pv));
	v->priv = pv;
	fill(v);
	return 0;
}

static void preview_draw(struct view *v, int top, int rows, int cols)
{
	struct preview_view *pv = v->priv;

	pager_draw(&pv->p, top, rows - 1, cols);
	tui_clear_line(top + rows - 1, CL_STATUS);
	if (pv->prompt) {
		tui_put(top + rows - 1, 0, 9, CL_STATUS, 0, TUI_LIT(" Save to"));
		field_draw(&pv->path, top + rows - 1, 9, cols - 9, true);
	} else if (v->m->written) {
		tui_put(top + rows - 1, 0, cols, CL_STATUS, 0,
			TUI_LIT(" Written.  q: back   Esc: leave"));
	} else {
		tui_put(top + rows - 1, 0, cols, CL_STATUS, 0,
			TUI_LIT(" w: write   a: --trailer args   s: save lines   q: back"));
	}
}

/* The lines for a (NULL: none) and the sign-off: the git commit
 * command with args, else the trailer lines. */
static void add_lines(struct buf *out, const struct tui_model *m,
		      const struct assisted *a, bool args)
{
	char *sob = m->have_human ? signoff_line(&m->human) : NULL;
	struct buf line = BUF_INIT;

	if (args)
		buf_adds(out, "git commit");
	if (a) {
		char *v = assisted_format(a, m->policy->form);

		buf_addf(&line, "%s: %s", ASSISTED_KEY, v);
		free(v);
	}
	for (int k = 0; k < 2; k++) {
		const char *l = k ? sob : line.len ? line.ptr : NULL;

		if (!l)
			continue;
		if (args) {
			buf_adds(out, " --trailer ");
			shell_quote(out, l);
		} else {
			buf_addf(out, "%s\n", l);
		}
	}
	if (args)
		buf_addch(out, '\n');
	buf_release(&line);
	free(sob);
}

static bool same_assisted(const struct assisted *x, const struct assisted *y,
			  enum policy_form form)
{
	char *a, *b;
	bool same;

	if (!x || !y)
		return !x && !y;
	a = assisted_format(x, form);
	b = assisted_format(y, form);
	same = !strcmp(a, b);
	free(a);
	free(b);
	return same;
}

/*
 * The lines each commit gets, as the preview writes them: once when
 * every commit gets the same, else one set per commit, each after a
 * "# for commit 2/3 abc1234 subject" line. NULL while a commit is not
 * answered yet.
 */
static char *trailer_lines(const struct tui_model *m, bool args)
{
	struct assisted **per = xcalloc(m->nr, sizeof(*per));
	struct buf out = BUF_INIT;
	bool same = true, ok = true;

	for (size_t i = 0; i < m->nr && ok; i++) {
		char *why = NULL;

		per[i] = model_commit_assisted(m, i, &why);
		ok = per[i] || !why;
		free(why);
		same = same && same_assisted(per[0], per[i], m->policy->form);
	}
	for (size_t i = 0; ok && i < (same ? 1 : m->nr); i++) {
		const struct series_commit *sc = &m->commits[i];

		if (!same)
			buf_addf(&out, "# for commit %zu/%zu %.7s %s\n", i + 1,
				 m->nr, sc->info->id, sc->subject);
		add_lines(&out, m, per[i], args);
	}
	for (size_t i = 0; i < m->nr; i++)
		assisted_free(per[i]);
	free(per);
	if (!ok) {
		buf_release(&out);
		return NULL;
	}
	return buf_detach(&out, NULL);
}

/*
 * The arguments screen: the git commit command on one line, never
 * wrapped inside a quoted argument; < and > scroll it sideways.
 */
static int args_open(struct view *v)
{
	v->priv = v->arg;
	return 0;
}

static void args_draw(struct view *v, int top, int rows, int cols)
{
	struct pager *p = v->priv;

	pager_draw(p, top, rows - 1, cols);
	tui_clear_line(top + rows - 1, CL_STATUS);
	tui_put(top + rows - 1, 0, cols, CL_STATUS, 0,
		TUI_LIT(" </>, Left/Right: scroll sideways   q: back"));
}

static enum tui_request args_key(struct view *v, int key, bool is_key)
{
	struct pager *p = v->priv;
	bool took = pager_key(p, key, is_key);

	v->typing = pager_typing(p);
	if (took || is_key)
		return REQ_NONE;
	if (key == 'q' || key == '\n' || key == '\r')
		return REQ_BACK;
	return REQ_NONE;
}

static void args_done(struct view *v)
{
	pager_release(v->priv);
	free(v->priv);
}

static const struct view_ops screen_args = {
	.name = "args",
	.title = "git commit --trailer arguments",
	.keys = "</>, Left/Right\tscroll sideways\n"
		"/, ?\tsearch forward, backward (n/N: next, previous match)\n"
		"q, Enter\tback to the preview\n"
		"h\tthis help\n",
	.search = true,
	.open = args_open,
	.draw = args_draw,
	.key = args_key,
	.done = args_done,
};

static void show_args(struct view *v)
{
	char *args = trailer_lines(v->m, true), *l, *save = NULL;
	struct pager *p;

	if (!args)
		return;
	p = xcalloc(1, sizeof(*p));
	/* printed once on leaving, however often it was shown */
	if (!strstr(buf_cstr(&v->m->after), args))
		buf_adds(&v->m->after, args);
	for (l = strtok_r(args, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save))
		pager_addf(p, *l == '#' ? CL_DIM : CL_META,
			   *l == '#' ? 0 : A_BOLD, "%s", l);
	pager_add_text(p, CL_TEXT,
		       "\n"
		       "One line a command: < and > scroll it sideways.\n"
		       "Use these with git commit instead of -s: with -s, or\n"
		       "with a message that already has your Signed-off-by,\n"
		       "git duplicates it (git disclose commit avoids both).\n"
		       "\n"
		       "They are printed again on standard output when you leave.");
	if (tui_push(&screen_args, p) < 0) {
		pager_release(p);
		free(p);
	}
	free(args);
}

/* A typed path with ~ or ~/ at its start: under $HOME. */
static char *expand_home(const char *path)
{
	const char *home = getenv("HOME");
	struct buf b = BUF_INIT;

	if (path[0] != '~' || (path[1] && path[1] != '/') || !home || !*home)
		return xstrdup(path);
	buf_addf(&b, "%s%s", home, path + 1);
	return buf_detach(&b, NULL);
}

/* A path as the human reads it: under the current directory relative,
 * under $HOME with ~/. */
static char *short_path(const char *path)
{
	const char *home = getenv("HOME");
	char *cwd = getcwd(NULL, 0);
	size_t n = cwd ? strlen(cwd) : 0;
	struct buf b = BUF_INIT;

	if (n > 1 && !strncmp(path, cwd, n) && path[n] == '/')
		buf_adds(&b, path + n + 1);
	else if (home && (n = strlen(home)) > 1 && !strncmp(path, home, n) &&
		 path[n] == '/')
		buf_addf(&b, "~%s", path + n);
	else
		buf_adds(&b, path);
	free(cwd);
	return buf_detach(&b, NULL);
}

/* The directory s saves into by default: the git directory's own. */
static char *save_dir(const struct tui_model *m)
{
	return path_join(repo_git_dir(m->repo), "disclose");
}

static void save_lines(struct view *v)
{
	struct preview_view *pv = v->priv;
	char *lines = trailer_lines(v->m, false);
	char *path = expand_home(buf_cstr(&pv->path.text)), *dir, *shown;

	pv->prompt = false;
	v->typing = false;
	if (!lines || !*path)
		goto out;
	/* the default's directory, $GIT_DIR/disclose, may not exist yet */
	dir = save_dir(v->m);
	if (mkdir_p(dir, 0755) < 0)
		error_clear();
	free(dir);
	shown = short_path(path);
	if (write_file_atomic(path, lines, strlen(lines), 0644) < 0) {
		tui_message("not saved: %s", error_last());
		error_clear();
	} else {
		tui_message("trailer lines saved to %s", shown);
	}
	free(shown);
out:
	free(path);
	free(lines);
}

static int reword(struct buf *out, const struct commit_info *c, void *data)
{
	const struct tui_model *m = data;

	for (size_t i = 0; i < m->nr; i++)
		if (!strcmp(m->commits[i].info->id, c->id)) {
			buf_adds(out, m->commits[i].new_message);
			return 0;
		}
	/* write exactly what was previewed: a commit not in it stops all */
	return error_set("the series changed since the preview (commit %.12s was not in it): restart git disclose to preview it again",
			 c->id);
}

static void summary_line(struct pager *p, const struct series_commit *sc,
			 const char *new_id)
{
	pager_addf(p, CL_TEXT, 0, "  %.12s -> %.12s  %s", sc->info->id, new_id,
		   sc->subject);
}

/* The undo, as every command gives it: on the summary and for stdout. */
static void add_undo(struct tui_model *m, struct pager *sum,
		     const char *backup)
{
	pager_addf(sum, CL_TEXT, 0, "Undo:   " REWRITE_UNDO, backup);
	pager_add_wrapped(sum, CL_DIM, "(" REWRITE_UNDO_WHY ")", 72);
	buf_addf(&m->after, "git disclose: trailers written; undo: "
		 REWRITE_UNDO "\n  (" REWRITE_UNDO_WHY ")\n", backup);
}

static int write_series(struct view *v, struct pager *sum)
{
	struct tui_model *m = v->m;
	struct rewrite_opts o = { 0 };
	struct rewrite_result res;
	struct buf reflog = BUF_INIT;
	int rc;

	buf_addf(&reflog, "disclose: amend %s", m->range);
	o.range = m->range_given ? m->range : NULL;
	o.reflog_msg = reflog.ptr;
	o.force = m->force;
	o.drop_signatures = m->drop_signatures;
	memset(&res, 0, sizeof(res));
	rc = repo_rewrite(&res, m->repo, &o, reword, m);
	buf_release(&reflog);
	if (rc < 0)
		return -1;
	pager_addf(sum, CL_OK, A_BOLD, "Written: %zu of %zu commit%s changed (%s)",
		   res.nr_changed, res.nr_commits, res.nr_commits == 1 ? "" : "s",
		   res.ref ? res.ref : "HEAD");
	pager_addf(sum, CL_TEXT, 0, "  tip %.12s -> %.12s", res.old_tip,
		   res.new_tip);
	if (res.nr_rewritten) {
		pager_addf(sum, CL_TEXT, 0, "Backup: %s (the old tip %.12s)",
			   res.backup_ref ? res.backup_ref : "none",
			   res.old_tip);
		if (!res.backup_ref && res.warning)
			pager_add_wrapped(sum, CL_WARN, res.warning, 72);
		add_undo(m, sum, rewrite_undo_ref(&res));
	}
	rewrite_result_release(&res);
	return 0;
}

/* Without the series rewrite: HEAD only, and say so. */
static int write_head(struct view *v, struct pager *sum)
{
	struct tui_model *m = v->m;
	struct series_commit *last = &m->commits[m->nr - 1];
	struct commit_info *head = NULL;
	char new_id[OID_HEX + 1], *undo = NULL;
	bool changed;
	int rc;

	if (repo_head(&head, m->repo) < 0)
		return -1;
	rc = strcmp(head->id, last->info->id);
	commit_info_free(head);
	if (rc)
		return error_set("the series does not end at HEAD, and this build can only write HEAD: check out its tip, or use git disclose amend");
	if (repo_amend_head(new_id, &undo, &changed, m->repo,
			    last->new_message, "disclose: amend HEAD") < 0)
		return -1;
	/* the assistant's own SIGTERM handler restores the terminal */
	rewrite_release_signals();
	pager_addf(sum, CL_OK, A_BOLD, "Written: HEAD only (%s)",
		   changed ? "changed" : "already had these trailers");
	if (changed)
		summary_line(sum, last, new_id);
	if (m->nr > 1)
		pager_addf(sum, CL_WARN, 0,
			   "The other %zu commits are unchanged: the series rewrite is not in this build.",
			   m->nr - 1);
	if (undo) {
		pager_addf(sum, CL_TEXT, 0, "Backup: %s", undo);
		add_undo(m, sum, undo);
	}
	free(undo);
	return 0;
}

static void do_write(struct view *v)
{
	struct preview_view *pv = v->priv;
	struct tui_model *m = v->m;
	struct pager sum = { 0 };
	const char *why = NULL;
	struct assisted *a;
	struct buf open = BUF_INIT;

	if (m->written) {
		tui_message("already written");
		return;
	}
	add_checkpatch_note(&pv->p, m);
	if (!model_checklist_done(m)) {
		model_open_items(m, &open);
		tui_message("not written: the checklist is not complete (%s)",
			    open.ptr);
		buf_release(&open);
		return;
	}
	if (!m->have_human) {
		tui_message("not written: %s", m->human_error);
		return;
	}
	if (model_check_previewed(m) < 0) {
		tui_message("not written: %s", error_last());
		pager_addf(&pv->p, CL_BAD, A_BOLD,
			   "Nothing was written: %s", error_last());
		error_clear();
		return;
	}
	if ((m->rewrite ? write_series(v, &sum) : write_head(v, &sum)) < 0) {
		tui_message("not written: %s", error_last());
		error_clear();
		pager_release(&sum);
		return;
	}
	m->written = true;
	/* only the series' answer, never one commit's of a mixed series;
	 * a pack the human named is remembered, one the tree chose is not */
	a = model_remembered_answer(m, &why);
	if (a && answers_save(a, m->choice.origin == POLICY_FROM_CONFIG ||
				 m->choice.origin == POLICY_FROM_OPTION ?
				 m->policy->name : NULL, m->repo) < 0) {
		pager_addf(&sum, CL_WARN, 0, "answers not remembered: %s",
			   error_last());
		error_clear();
	} else if (a) {
		pager_add(&sum, CL_DIM, 0,
			  TUI_LIT("Your answers are remembered in git config (disclose.*)."));
	} else {
		pager_addf(&sum, CL_DIM, 0,
			   "Nothing remembered in git config: %s.", why);
	}
	assisted_free(a);
	/* the review follows the change: kept for the rewritten commits */
	if (model_session_save(m) < 0)
		error_clear();
	pager_add(&sum, CL_TEXT, 0, TUI_LIT(""));
	pager_add(&sum, CL_META, A_BOLD, TUI_LIT("What changed:"));
	/* the commits written as they were are not listed */
	for (size_t i = 0; i < m->nr; i++)
		if (strcmp(m->commits[i].new_message,
			   m->commits[i].info->message))
			add_commit(&sum, m, i, true);
	pager_release(&pv->p);
	pv->p = sum;
}

static enum tui_request preview_key(struct view *v, int key, bool is_key)
{
	struct preview_view *pv = v->priv;

	if (pv->prompt) {
		if (!is_key && (key == '\n' || key == '\r'))
			save_lines(v);
		else if (!is_key && key == KEY_ESC)
			pv->prompt = v->typing = false;
		else
			field_key(&pv->path, key, is_key);
		return REQ_NONE;
	}
	bool took = pager_key(&pv->p, key, is_key);

	v->typing = pager_typing(&pv->p);
	if (took || is_key)
		return REQ_NONE;
	switch (key) {
	case 'w':
		do_write(v);
		break;
	case 'a':
		show_args(v);
		break;
	case 's':
		pv->prompt = v->typing = true;
		if (!pv->path.text.len) {
			char *dir = save_dir(v->m);
			char *def = path_join(dir, "trailers.txt");
			char *shown = short_path(def);

			field_set(&pv->path, shown);
			free(shown);
			free(def);
			free(dir);
		}
		break;
	case 'q':
		return REQ_BACK;
	}
	return REQ_NONE;
}

static void preview_done(struct view *v)
{
	struct preview_view *pv = v->priv;

	pager_release(&pv->p);
	field_release(&pv->path);
	free(pv);
}

const struct view_ops screen_preview = {
	.name = "preview",
	.title = "Preview",
	.keys = "j/k, Space/b\tscroll\n"
		"</>, Left/Right\tscroll sideways\n"
		"/, ?\tsearch forward, backward (n/N: next, previous match)\n"
		"w\twrite the trailers into the commits (backup kept)\n"
		"a\tshow the git commit --trailer arguments\n"
		"s\tsave the trailer lines to a file ($GIT_DIR/disclose/\n"
		"\ttrailers.txt, or the path typed; ~/ is your home)\n"
		"q\tback to the tools\n"
		"h\tthis help\n",
	.search = true,
	.open = preview_open,
	.draw = preview_draw,
	.key = preview_key,
	.done = preview_done,
};
