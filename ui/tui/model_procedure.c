/*
 * The bug-fix procedure in the assistant's model: which commits are bug
 * fixes (a Fixes: line, or the human's mark on the series), whether an
 * item of the procedure applies, and the states of its items. The slow
 * checks (checkpatch, get_maintainer.pl) run once, when asked, and are
 * kept; the others are read when drawn. No curses here.
 */
#include <stdlib.h>
#include <string.h>

#include "b4.h"
#include "fixes.h"
#include "model.h"
#include "procedure.h"

struct procedure_cache {
	bool ran;			/* checkpatch and maintainers */
	struct proc_result checkpatch, maintainers;
	struct maintainers found;
	bool cover_read;
	char *cover;			/* b4's cover letter, or NULL */
};

char *model_fix_mark(const struct tui_model *m, size_t i)
{
	const struct session *s = m->session;
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s%s", POLICY_BUGFIX_COMMIT,
		 s->patches && s->patches[i] ? s->patches[i] : s->ids[i]);
	return buf_detach(&b, NULL);
}

bool model_commit_marked_fix(const struct tui_model *m, size_t i)
{
	char *mark = model_fix_mark(m, i);
	bool yes = session_certified(m->session, mark);

	free(mark);
	return yes;
}

bool model_commit_is_fix(const struct tui_model *m, size_t i)
{
	return fixes_count(m->commits[i].msg) > 0 ||
	       session_certified(m->session, MODEL_BUGFIX_MARK) ||
	       model_commit_marked_fix(m, i);
}

bool model_is_bugfix(const struct tui_model *m)
{
	for (size_t i = 0; i < m->nr; i++)
		if (model_commit_is_fix(m, i))
			return true;
	return false;
}

bool model_item_applies(const struct tui_model *m,
			const struct policy_item *it)
{
	return it->when != WHEN_BUGFIX_PROCEDURE || model_is_bugfix(m);
}

static struct procedure_cache *cache(struct tui_model *m)
{
	if (!m->proc)
		m->proc = xcalloc(1, sizeof(*m->proc));
	return m->proc;
}

void model_procedure_run(struct tui_model *m)
{
	struct procedure_cache *c = cache(m);

	proc_result_release(&c->checkpatch);
	proc_result_release(&c->maintainers);
	maintainers_release(&c->found);
	procedure_checkpatch(&c->checkpatch, m->repo, m->range);
	procedure_maintainers(&c->maintainers, &c->found, m->repo, m->range);
	c->ran = true;
}

bool model_procedure_ran(const struct tui_model *m)
{
	return m->proc && m->proc->ran;
}

const struct maintainers *model_maintainers(const struct tui_model *m)
{
	return model_procedure_ran(m) ? &m->proc->found : NULL;
}

void model_procedure_release(struct tui_model *m)
{
	if (!m->proc)
		return;
	proc_result_release(&m->proc->checkpatch);
	proc_result_release(&m->proc->maintainers);
	maintainers_release(&m->proc->found);
	free(m->proc->cover);
	free(m->proc);
	m->proc = NULL;
}

/* b4 prep's cover letter, read once: a statement may be there. */
static const char *cover_letter(struct tui_model *m)
{
	struct procedure_cache *c = cache(m);
	struct b4_series s;
	struct commit_info *ci = NULL;

	if (c->cover_read)
		return c->cover;
	c->cover_read = true;
	if (b4_series_find(&s, m->repo) > 0) {
		if (s.cover[0] && repo_lookup(&ci, m->repo, s.cover) == 0) {
			c->cover = xstrndup(ci->message, ci->message_len);
			commit_info_free(ci);
		}
		b4_series_release(&s);
	}
	error_clear();
	return c->cover;
}

static struct proc_commit *proc_commits(const struct tui_model *m)
{
	struct proc_commit *pc = xcalloc(m->nr + 1, sizeof(*pc));

	for (size_t i = 0; i < m->nr; i++) {
		pc[i].id = m->commits[i].info->id;
		pc[i].subject = m->commits[i].subject;
		pc[i].msg = m->commits[i].msg;
		pc[i].fix = model_commit_is_fix(m, i);
	}
	return pc;
}

static enum item_state from_proc(const struct proc_result *r,
				 struct buf *why)
{
	if (why)
		buf_add(why, r->why.ptr ? r->why.ptr : "", r->why.len);
	switch (r->state) {
	case PROC_OK: return ITEM_DONE;
	case PROC_FAILED: return ITEM_FAILED;
	case PROC_NA: return ITEM_NA;
	default: return ITEM_OPEN;
	}
}

static enum item_state slow_item(const struct tui_model *m,
				 enum item_source source, struct buf *why)
{
	if (!model_procedure_ran(m)) {
		if (why)
			buf_adds(why, "not run yet: press p to run the tree's checkpatch and get_maintainer.pl\n");
		return ITEM_OPEN;
	}
	return from_proc(source == SOURCE_CHECKPATCH ? &m->proc->checkpatch :
			 &m->proc->maintainers, why);
}

/* The statement is the human's, but its words must be there. */
static enum item_state statement_item(const struct proc_result *r,
				      bool certified, struct buf *why)
{
	enum item_state st = from_proc(r, why);

	if (st == ITEM_FAILED)
		return st;
	if (why)
		buf_adds(why, certified ? "certified by you\n" :
			 "press Space to certify it (y also works)\n");
	return certified ? ITEM_DONE : ITEM_OPEN;
}

bool model_procedure_source(const struct policy_item *it)
{
	switch (it->source) {
	case SOURCE_FIXES:
	case SOURCE_CHECKPATCH:
	case SOURCE_WARNINGS:
	case SOURCE_MAINTAINERS:
	case SOURCE_STATEMENT:
		return true;
	default:
		return false;
	}
}

enum item_state model_procedure_state(const struct tui_model *m,
				      const struct policy_item *it,
				      struct buf *why)
{
	struct proc_commit *pc;
	struct proc_result r = { 0 };
	enum item_state st;

	switch (it->source) {
	case SOURCE_CHECKPATCH:
	case SOURCE_MAINTAINERS:
		return slow_item(m, it->source, why);
	case SOURCE_WARNINGS:
		procedure_warnings(&r, m->repo, m->commits[m->nr - 1].info->id);
		st = from_proc(&r, why);
		break;
	default:
		pc = proc_commits(m);
		if (it->source == SOURCE_FIXES)
			procedure_fixes(&r, m->repo, pc, m->nr);
		else
			procedure_statement(&r, pc, m->nr,
					    cover_letter((struct tui_model *)m));
		free(pc);
		st = it->source == SOURCE_FIXES ? from_proc(&r, why) :
		     statement_item(&r, session_certified(m->session, it->id),
				    why);
	}
	proc_result_release(&r);
	return st;
}
