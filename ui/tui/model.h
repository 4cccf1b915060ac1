/*
 * The assistant's model: the series (its commits, what the checker finds,
 * the files they add), the human, the policy, the answers and the saved
 * session, and what the screens ask of them. No curses here: the unit
 * tests link this part alone.
 */
#ifndef DISCLOSE_TUI_MODEL_H
#define DISCLOSE_TUI_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "answers.h"
#include "assisted.h"
#include "catalogue.h"
#include "ident.h"
#include "lint.h"
#include "message.h"
#include "policy.h"
#include "repo.h"
#include "session.h"
#include "util.h"

/* One commit of the series with what the screens show about it. */
struct series_commit {
	struct commit_info *info;
	struct message *msg;
	char *subject;
	bool has_assisted;
	bool has_human_sob;
	struct lint_result lint;	/* valid when the model's checker is */
	struct added_file *files;
	size_t nr_files;
	char *new_message;		/* the preview, NULL until computed */
	struct commit_facts facts;	/* what the commit says of itself */
	char *previewed_id;		/* the id new_message was made from */
	/* The human's answer for this commit, when it has no facts of its
	 * own: agent and model (the tools are the series'), or NULL. */
	struct assisted *answer;
};

struct tui_model {
	struct repo *repo;
	struct catalogue *cat;
	struct policy_choice choice;	/* the policy, where it came from */
	const struct policy *policy;	/* &choice.policy */
	struct session *session;
	char *range;			/* as given, or the default range */
	bool range_given;
	char *b4_note;			/* b4 range, cover left out */
	struct series_commit *commits;	/* oldest first */
	size_t nr;
	struct ident human;
	bool have_human;
	char *human_error;
	bool checker;			/* the checker is in this build */
	bool rewrite;			/* the series rewrite is too */
	bool boot;			/* boot validation is in this build */
	bool kernel_tree;
	char *prefill_source;		/* where agent and model came from */
	size_t prefill_from;		/* 1 + the commit they came from, or 0 */
	bool answer_given;		/* agent and model are the human's
					 * answer, not a pre-fill: only
					 * then the session keeps them */
	bool force;			/* rewrite published commits too */
	bool drop_signatures;		/* rewrite signed commits too */
	bool dirty;			/* changed, and not written */
	bool written;
	struct buf after;		/* printed on stdout after leaving */
	struct procedure_cache *proc;	/* the bug-fix procedure's checks */
	bool files_pending;		/* model_load_files() not yet run */
};

/*
 * Open the repository at dir (NULL: git's environment and the current
 * directory), read the series of range (NULL: the default range), run
 * the checker on it, load its saved session and pre-fill the answers.
 * On failure error_last() says why; model_release() is safe either way.
 */
int model_init(struct tui_model *m, const char *dir, const char *range,
	       const char *policy);
/*
 * model_init() without the files each commit adds (commits' nr_files 0,
 * no SPDX findings yet), so that the first frame waits for no tree diff;
 * model_load_files() reads them and runs the checker again where a
 * commit adds files. Before it, m->files_pending.
 */
int model_open(struct tui_model *m, const char *dir, const char *range,
	       const char *policy);
int model_load_files(struct tui_model *m);
void model_release(struct tui_model *m);

/* The human reviewed commit i (r on the review screen). */
bool model_reviewed(const struct tui_model *m, size_t i);
/* The human says commit i has no AI-generated code (a); not a review. */
bool model_no_ai(const struct tui_model *m, size_t i);
/* Every commit is reviewed by the human; *open: how many are not (open
 * may be NULL). */
bool model_all_reviewed(const struct tui_model *m, size_t *open);
/*
 * The human's answer, agent and model (NULL or "" for none): it is the
 * series' answer now and the session keeps it, as a pre-fill it is not.
 */
void model_set_answer(struct tui_model *m, const char *agent,
		      const char *model);
/*
 * A review mark changed: a pre-fill taken from a commit now marked as
 * without AI-generated code is taken from the next commit that names
 * agent and model, or dropped.
 */
void model_marks_changed(struct tui_model *m);
/*
 * Offer the commit asked about first its own agent: when it names one
 * (and not its model) and the answer is another agent's, the answer
 * becomes that agent with no model, a pre-fill from the commit. True
 * when the answer changed.
 */
bool model_offer_asked(struct tui_model *m);
/*
 * What the write does with commit i's disclosure: the one decision the
 * preview, the write and every count and sentence of the screens take.
 */
enum commit_plan {
	PLAN_ANSWER,	/* the human's answer (given, or still to give) */
	PLAN_OWN_LINE,	/* its own complete Assisted-by, kept as it stands */
	PLAN_OWN_AGENT,	/* its own traces name agent and model: converted */
	PLAN_NO_AI,	/* no AI-generated code, as the human marked it */
	PLAN_OTHERS,	/* only another person's disclosure: sign-off alone */
	PLAN_EARLIER,	/* only the human's own earlier part, above another
			 * person's sign-off: the new sign-off alone */
};
enum commit_plan model_commit_plan(const struct tui_model *m, size_t i);
/*
 * The commits i with kind(m, i) == want as runs of their numbers from 1
 * ("1-2, 4") into out (nothing when none); returns how many.
 */
size_t model_list_runs(struct buf *out, const struct tui_model *m,
		       int (*kind)(const struct tui_model *m, size_t i),
		       int want);
/* model_list_runs() of the commits of plan p. */
size_t model_plan_list(struct buf *out, const struct tui_model *m,
		       enum commit_plan p);
/* Does some commit get the human's answer (PLAN_ANSWER)? Else no
 * agent and model need be chosen. */
bool model_answer_used(const struct tui_model *m);
/* Do the commits that keep or are asked with their own agent name
 * different agents or models? */
bool model_mixed(const struct tui_model *m);
/*
 * Where the answer goes and what the other commits get, from
 * model_commit_plan ("Your answer goes on commit 3 of 3; 1, 2 keep their
 * own Assisted-by."), into out; nothing when every commit gets the
 * answer. True when it warns: no commit gets the answer, or the series
 * is mixed.
 */
bool model_plan_note(struct buf *out, const struct tui_model *m);
/*
 * Does commit i take the series' analysis tools? The commits given the
 * human's answer do, and a commit whose traces name its agent when the
 * answer is that agent's; not one that keeps its own Assisted-by, one
 * without AI-generated code, or one whose disclosure is another
 * person's.
 */
bool model_takes_tools(const struct tui_model *m, size_t i);
/* The Assisted-by value the answers give, NULL (with why) when not yet. */
struct assisted *model_assisted(const struct tui_model *m, char **why);
/*
 * Compute every commit's new message: a commit that says of itself which
 * agent and model helped keeps them; the answers fill the others; a
 * commit marked as without AI-generated code gets no Assisted-by.
 */
int model_preview(struct tui_model *m);
/*
 * The Assisted-by value commit i gets (NULL, with why, when there is
 * none yet; NULL and no why for a commit without AI-generated code).
 */
struct assisted *model_commit_assisted(const struct tui_model *m, size_t i,
				       char **why);
/*
 * The answer to remember after the write (git config disclose.*): the
 * one every commit that gets an Assisted-by gets, with the series'
 * tools; NULL when the commits got different agents or models (a mixed
 * series: an answer given one commit is not the repository's default)
 * or none got one. *why says which, when NULL.
 */
struct assisted *model_remembered_answer(const struct tui_model *m,
					 const char **why);
/*
 * Would writing the answers change a commit (or can a commit not be
 * previewed yet)? False: the series already says what the answers say.
 */
bool model_would_change(struct tui_model *m);
/*
 * The series as the repository has it now still is the previewed one:
 * else an error naming what changed (a commit added, removed, amended).
 */
int model_check_previewed(const struct tui_model *m);
/*
 * Commits that need the human's answer: no agent of their own, not
 * marked as without AI-generated code, not answered yet. Returns how
 * many; *first (may be NULL) gets the first one's index.
 */
size_t model_unanswered(const struct tui_model *m, size_t *first);
/* Does commit i need the human's answer (no facts of its own)? */
bool model_asks(const struct tui_model *m, size_t i);
/*
 * Give commit i the current answer (model_assisted's agent and model):
 * 0, or -1 with error_last() saying why the answer cannot be given yet.
 */
int model_answer_commit(struct tui_model *m, size_t i);
/*
 * The same for every commit still unanswered that the answer fits (not
 * one naming another agent itself); returns how many, or -1; done (may
 * be NULL) gets their numbers ("3, 5").
 */
int model_answer_rest(struct tui_model *m, struct buf *done);
/*
 * How many commits model_answer_rest would answer now (the answer's
 * agent as chosen, any while none is); *other (may be NULL) gets the
 * first one it passes by as naming another agent, or SIZE_MAX.
 */
size_t model_answer_rest_fits(const struct tui_model *m, size_t *other);
/* The open items of the checklist ("2 to review, 1 to certify"). */
void model_open_items(const struct tui_model *m, struct buf *out);
/*
 * Save the session, with the change ids of the series computed now if
 * they were left for later (no session was saved when the series loaded).
 */
int model_session_save(struct tui_model *m);
/* The same change ids alone (marks kept by change need them first). */
void model_change_ids(struct tui_model *m);
/* Remember the screen the human is on and save the session. */
int model_save(struct tui_model *m, const char *screen);
/* The same when the human only moves on: no answer changed. */
int model_save_place(struct tui_model *m, const char *screen);

enum item_state {
	ITEM_OPEN,		/* a human has not answered; or not yet run */
	ITEM_DONE,
	ITEM_FAILED,		/* an automatic check found problems */
	ITEM_NA,		/* cannot be checked in this build or tree */
};

/* The state of a checklist item, and why (one line or more). */
enum item_state model_item_state(const struct tui_model *m,
				 const struct policy_item *it,
				 struct buf *why);
/* Every item that blocks is done: the series may be written. */
bool model_checklist_done(const struct tui_model *m);
/* Findings of the checker whose id starts with prefix, in all commits. */
size_t model_findings(const struct tui_model *m, const char *prefix,
		      struct buf *list);

/* The bug-fix procedure (model_procedure.c) ------------------------- */

/* The human's mark: every commit of the series fixes a bug. */
#define MODEL_BUGFIX_MARK POLICY_BUGFIX_MARK

/* Commit i carries Fixes:, or it or the series is marked as a bug fix. */
bool model_commit_is_fix(const struct tui_model *m, size_t i);
/*
 * Commit i's own mark (f on the series screen): its name in the session
 * (by the commit's change, so that it follows a rewrite; the caller
 * frees), whether it is set, and setting or taking it back (model.c).
 */
char *model_fix_mark(const struct tui_model *m, size_t i);
bool model_commit_marked_fix(const struct tui_model *m, size_t i);
void model_mark_fix(struct tui_model *m, size_t i, bool on);
/* Some commit is a bug fix. */
bool model_is_bugfix(const struct tui_model *m);
/* The procedure's items apply to bug fixes only; all others always. */
bool model_item_applies(const struct tui_model *m,
			const struct policy_item *it);
/* Run the slow checks (checkpatch, get_maintainer.pl) and keep them. */
void model_procedure_run(struct tui_model *m);
bool model_procedure_ran(const struct tui_model *m);
/* get_maintainer.pl's list once run, else NULL. */
const struct maintainers *model_maintainers(const struct tui_model *m);
bool model_procedure_source(const struct policy_item *it);
enum item_state model_procedure_state(const struct tui_model *m,
				      const struct policy_item *it,
				      struct buf *why);
void model_procedure_release(struct tui_model *m);

#endif
