/*
 * The assistant's model: builds the series the screens share (commits,
 * checker findings, pre-filled answers, the saved session) and answers
 * the questions the screens ask of it. No curses: see model.h.
 */
#include "model.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "b4.h"
#include "boot.h"
#include "fix.h"
#include "fixes.h"
#include "json.h"
#include "place.h"
#include "spdx.h"
#include "strv.h"

/* Parts of the core that other engineers are still landing: used when
 * this build has them, reported as not available when not. */
#pragma weak lint_message
#pragma weak lint_result_release
#pragma weak repo_rewrite
#pragma weak boot_last_verdict
#pragma weak fix_message
#pragma weak lint_cache_new
#pragma weak lint_cache_free

struct collect {
	struct commit_info **list;
	size_t nr;
	struct repo *repo;
	char b4_cover[OID_HEX + 1];	/* b4's cover commit left out */
};

static int collect_commit(const struct commit_info *c, void *data)
{
	struct collect *col = data;
	struct commit_info *copy;

	/* b4 prep's cover letter is not a patch to review */
	if (b4_is_cover(col->repo, c)) {
		memcpy(col->b4_cover, c->id, sizeof(col->b4_cover));
		return 0;
	}
	copy = xcalloc(1, sizeof(*copy));
	memcpy(copy->id, c->id, sizeof(copy->id));
	copy->message = xstrndup(c->message, c->message_len);
	copy->message_len = c->message_len;
	copy->author_name = xstrdup(c->author_name ? c->author_name : "");
	copy->author_email = xstrdup(c->author_email ? c->author_email : "");
	copy->committer_name = xstrdup(c->committer_name ?
				       c->committer_name : "");
	copy->committer_email = xstrdup(c->committer_email ?
					c->committer_email : "");
	copy->nr_parents = c->nr_parents;
	copy->gpgsig = c->gpgsig;
	copy->encoding = c->encoding ? xstrdup(c->encoding) : NULL;
	col->list = xrealloc(col->list, (col->nr + 1) * sizeof(*col->list));
	col->list[col->nr++] = copy;
	return 0;
}

static char *first_line(const char *s, size_t len)
{
	const char *e = memchr(s, '\n', len);

	return xstrndup(s, e ? (size_t)(e - s) : len);
}

static void run_checker(struct tui_model *m, struct series_commit *sc,
			const struct spdx_ids *ids,
			struct lint_cache *cache)
{
	struct ident author = { sc->info->author_name, sc->info->author_email };
	struct ident committer = { sc->info->committer_name,
				   sc->info->committer_email };
	struct lint_facts facts = { &author, &committer, sc->files,
				    sc->nr_files, ids,
				    sc->info->nr_parents > 1 };
	struct lint_opts o = { .form = m->policy->form, .cat = m->cat,
			       .cache = cache };

	lint_message(&sc->lint, sc->msg, &facts, &o);
	/* as check: the Fixes: ids, and what the policy makes of it all */
	if (fixes_check(&sc->lint, sc->msg, fixes_repo_lookup, m->repo) < 0)
		error_clear();
	policy_check_result(&sc->lint, &m->choice.policy);
}

static void describe_commit(struct tui_model *m, struct series_commit *sc,
			    struct lint_cache *cache)
{
	const struct message *msg;

	message_parse_commit(&sc->msg, sc->info->message,
			     sc->info->message_len, repo_comment_char(m->repo));
	msg = sc->msg;
	sc->subject = first_line(sc->info->message, sc->info->message_len);
	for (size_t i = 0; i < msg->nr_trailers; i++) {
		const struct trailer *t = &msg->trailers[i];
		struct ident who;

		if (trailer_is(t, ASSISTED_KEY))
			sc->has_assisted = true;
		if (!m->have_human || !trailer_is(t, SOB_KEY))
			continue;
		ident_parse(&who, t->value);
		if (ident_same(&who, &m->human))
			sc->has_human_sob = true;
		ident_release(&who);
	}
	if (m->checker) {
		struct ident author = { sc->info->author_name,
					sc->info->author_email };
		struct ident committer = { sc->info->committer_name,
					   sc->info->committer_email };
		struct lint_facts lf = { &author, &committer, NULL,
					 0, NULL, false };

		run_checker(m, sc, NULL, cache);
		commit_facts_read(&sc->facts, sc->msg, &lf,
				  m->have_human ? &m->human : NULL,
				  m->policy->form, m->cat);
	}
}

/* The first commit that names its agent and model, not one marked as
 * without AI-generated code: them, and where. */
static void prefill_from_vendor(struct tui_model *m, char **agent,
				char **model)
{
	for (size_t i = 0; i < m->nr && !*agent; i++) {
		const struct series_commit *sc = &m->commits[i];
		struct buf src = BUF_INIT;

		if (!sc->facts.agent || !sc->facts.model || model_no_ai(m, i))
			continue;
		m->prefill_from = i + 1;
		*agent = xstrdup(sc->facts.agent->name);
		*model = xstrdup(sc->facts.model);
		buf_addf(&src, "%s in %.7s", sc->facts.source ?
			 sc->facts.source : "its own lines", sc->info->id);
		m->prefill_source = buf_detach(&src, NULL);
	}
}

/* Answers: the saved session, else git config, else vendor traces. */
static void prefill(struct tui_model *m)
{
	struct session *s = m->session;
	char *agent = NULL, *model = NULL, *tools = NULL;

	/* the session keeps only what the human answered */
	if (s->resumed && (s->agent || s->model)) {
		m->prefill_source = xstrdup("your saved session");
		m->answer_given = true;
		return;
	}
	repo_config_get(&agent, m->repo, "disclose.agent");
	repo_config_get(&model, m->repo, "disclose.model");
	if (!s->tools && repo_config_get(&tools, m->repo,
					 "disclose.tools") == 0 && tools) {
		char *save = NULL;

		s->tools = xcalloc(1, sizeof(*s->tools));
		for (char *t = strtok_r(tools, " \t,", &save); t;
		     t = strtok_r(NULL, " \t,", &save)) {
			size_t n = strv_len(s->tools);

			s->tools = xrealloc(s->tools,
					    (n + 2) * sizeof(*s->tools));
			s->tools[n] = xstrdup(t);
			s->tools[n + 1] = NULL;
		}
	}
	free(tools);
	error_clear();
	if (agent || model)
		m->prefill_source = xstrdup("git config disclose.agent, disclose.model: a suggestion for commits without facts");
	else
		prefill_from_vendor(m, &agent, &model);
	session_set_str(&s->agent, agent);
	session_set_str(&s->model, model);
	free(agent);
	free(model);
}

static bool is_kernel_tree(const char *workdir)
{
	struct buf b = BUF_INIT;
	bool yes;

	if (!workdir)
		return false;
	buf_addf(&b, "%s/Documentation/process/submitting-patches.rst",
		 workdir);
	yes = access(b.ptr, F_OK) == 0;
	buf_reset(&b);
	buf_addf(&b, "%s/MAINTAINERS", workdir);
	yes = yes && access(b.ptr, F_OK) == 0;
	buf_release(&b);
	return yes;
}

/*
 * The one resolver: --policy, else disclose.policy, else the tree at the
 * series base.
 */
static int load_policy(struct tui_model *m, const char *policy)
{
	if (policy_resolve(&m->choice, policy, m->repo,
			   m->range_given ? m->range : NULL) < 0)
		return -1;
	policy_extend_catalogue(m->cat, &m->choice);
	m->policy = &m->choice.policy;
	return 0;
}

/*
 * The id of each commit's change, so that review marks follow a change
 * through a rewrite; NULL when a diff cannot be read (then marks follow
 * commit ids only).
 */
static char **change_ids(struct tui_model *m)
{
	char **out = xcalloc(m->nr + 1, sizeof(*out));

	for (size_t i = 0; i < m->nr; i++) {
		const struct commit_info *c = m->commits[i].info;
		struct buf diff = BUF_INIT;

		/*
		 * No rewrite of ours changes a merge, so its id names its
		 * change; diffing it against its first parent would read the
		 * whole of the side it merges before the first frame.
		 */
		if (c->nr_parents > 1) {
			buf_addf(&diff, "merge %s", c->id);
			out[i] = buf_detach(&diff, NULL);
			continue;
		}
		if (repo_commit_patch(&diff, m->repo,
				      m->commits[i].info->id) < 0) {
			error_clear();
			buf_release(&diff);
			json_strv_free(out);
			return NULL;
		}
		out[i] = session_patch_id(buf_cstr(&diff), diff.len);
		buf_release(&diff);
	}
	return out;
}

/*
 * The saved session of this series. The same commits are matched by
 * their ids, and the change ids come from the saved file; only another
 * series or a rewrite of this one needs the change ids, which read every
 * commit's diff (a second with a million commits), so that they are
 * computed then alone. With no session saved they are computed when it
 * is first saved (model_session_save).
 */
static void load_session(struct tui_model *m, char **hex)
{
	const char *gitdir = repo_git_dir(m->repo);
	char **patches;

	session_load_series(&m->session, gitdir, m->range, hex, NULL, m->nr);
	if (m->session->resumed || !session_saved(gitdir))
		return;
	patches = change_ids(m);
	if (!patches)
		return;
	session_free(m->session);
	session_load_series(&m->session, gitdir, m->range, hex, patches,
			    m->nr);
	json_strv_free(patches);
}

static int load_series(struct tui_model *m)
{
	struct collect col = { NULL, 0, m->repo, "" };
	struct lint_cache *cache = NULL;
	struct buf note = BUF_INIT;
	char **hex;
	int rc = -1;

	if (repo_walk(m->repo, m->range_given ? m->range : NULL,
		      collect_commit, &col) < 0)
		goto out;
	if (!col.nr) {
		error_set("the range %s has no commits%s: give one, e.g. git disclose HEAD~3..HEAD",
			  m->range, col.b4_cover[0] ?
			  " but b4 prep's cover letter, which is not a patch" :
			  "");
		goto out;
	}
	if (col.b4_cover[0])
		m->b4_note = xstrdup("b4's cover letter left out");
	else if (!m->range_given && b4_range_note(&note, m->repo) > 0)
		m->b4_note = xstrdup("b4 prep series");
	error_clear();
	m->nr = col.nr;
	m->commits = xcalloc(col.nr, sizeof(*m->commits));
	hex = xcalloc(col.nr + 1, sizeof(*hex));
	if (m->checker && lint_cache_new)
		cache = lint_cache_new();
	for (size_t i = 0; i < col.nr; i++) {
		/* repo_walk goes newest first; the series reads oldest first */
		m->commits[i].info = col.list[col.nr - 1 - i];
		hex[i] = m->commits[i].info->id;
		describe_commit(m, &m->commits[i], cache);
	}
	load_session(m, hex);
	free(hex);
	rc = 0;
out:
	if (cache)
		lint_cache_free(cache);
	free(col.list);
	buf_release(&note);
	return rc;
}

/*
 * The files each commit adds and the SPDX checks on them. A commit's
 * tree diff is most of what the model costs in a large repository (two
 * thirds of the first frame on a million commits), and only the
 * checker's findings on added files need it.
 */
int model_load_files(struct tui_model *m)
{
	struct spdx_ids *ids = NULL;
	struct lint_cache *cache = NULL;

	if (!m->files_pending)
		return 0;
	m->files_pending = false;
	if (m->checker) {
		spdx_ids_load(&ids, repo_workdir(m->repo));
		if (lint_cache_new)
			cache = lint_cache_new();
	}
	for (size_t i = 0; i < m->nr; i++) {
		struct series_commit *sc = &m->commits[i];

		if (repo_added_files(&sc->files, &sc->nr_files, m->repo,
				     sc->info->id) < 0) {
			error_clear();
			sc->files = NULL;
			sc->nr_files = 0;
		}
		if (!m->checker || !sc->nr_files)
			continue;
		lint_result_release(&sc->lint);
		run_checker(m, sc, ids, cache);
	}
	if (cache)
		lint_cache_free(cache);
	if (ids)
		spdx_ids_free(ids);
	return 0;
}

int model_init(struct tui_model *m, const char *dir, const char *range,
	       const char *policy)
{
	if (model_open(m, dir, range, policy) < 0)
		return -1;
	return model_load_files(m);
}

int model_open(struct tui_model *m, const char *dir, const char *range,
	       const char *policy)
{
	memset(m, 0, sizeof(*m));
	m->checker = lint_message != NULL;
	m->rewrite = repo_rewrite != NULL;
	m->boot = boot_last_verdict != NULL;
	if (repo_open(&m->repo, dir) < 0 || catalogue_load(&m->cat) < 0)
		return -1;
	if (repo_is_bare(m->repo))
		return error_set("the repository is bare: run git disclose in a work tree");
	if (repo_identity(&m->human, m->repo) == 0) {
		m->have_human = true;
	} else {
		m->human_error = xstrdup(error_last());
		error_clear();
	}
	m->range_given = range != NULL;
	if (range)
		m->range = xstrdup(range);
	else if (repo_default_range(&m->range, m->repo) < 0)
		return -1;
	m->kernel_tree = is_kernel_tree(repo_workdir(m->repo));
	if (load_policy(m, policy) < 0 || load_series(m) < 0)
		return -1;
	m->files_pending = true;
	prefill(m);
	return 0;
}

void model_release(struct tui_model *m)
{
	for (size_t i = 0; i < m->nr; i++) {
		struct series_commit *sc = &m->commits[i];

		commit_info_free(sc->info);
		message_free(sc->msg);
		free(sc->subject);
		if (m->checker)
			lint_result_release(&sc->lint);
		added_files_free(sc->files, sc->nr_files);
		free(sc->new_message);
		free(sc->previewed_id);
		commit_facts_release(&sc->facts);
		assisted_free(sc->answer);
	}
	free(m->commits);
	session_free(m->session);
	if (m->have_human)
		ident_release(&m->human);
	free(m->human_error);
	free(m->b4_note);
	free(m->range);
	free(m->prefill_source);
	policy_choice_release(&m->choice);
	model_procedure_release(m);
	catalogue_free(m->cat);
	repo_free(m->repo);
	buf_release(&m->after);
}

/* What the screens ask of the model ---------------------------------- */

bool model_reviewed(const struct tui_model *m, size_t i)
{
	return m->session->review[i] & REVIEW_DONE;
}

bool model_no_ai(const struct tui_model *m, size_t i)
{
	return m->session->review[i] & REVIEW_NO_AI;
}

bool model_all_reviewed(const struct tui_model *m, size_t *open)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nr; i++)
		if (!model_reviewed(m, i))
			n++;
	if (open)
		*open = n;
	return n == 0;
}

size_t model_findings(const struct tui_model *m, const char *prefix,
		      struct buf *list)
{
	size_t n = 0;

	if (!m->checker)
		return 0;
	for (size_t i = 0; i < m->nr; i++) {
		const struct lint_result *r = &m->commits[i].lint;

		for (size_t j = 0; j < r->nr; j++) {
			const struct finding *f = &r->findings[j];

			if (strncmp(f->id, prefix, strlen(prefix)))
				continue;
			n++;
			if (list)
				buf_addf(list, "%.7s %s: %s\n",
					 m->commits[i].info->id, f->id,
					 f->message);
		}
	}
	return n;
}

static enum item_state checker_item(const struct tui_model *m,
				    const char *const *prefixes,
				    struct buf *why, const char *ok,
				    bool removable)
{
	size_t n = 0;

	if (!m->checker) {
		if (why)
			buf_adds(why, "checker not available in this build: run git disclose check once it is\n");
		return ITEM_NA;
	}
	for (; *prefixes; prefixes++)
		n += model_findings(m, *prefixes, why);
	if (!n) {
		if (why)
			buf_addf(why, "%s\n", ok);
		return ITEM_DONE;
	}
	if (removable && m->session->remove_ai) {
		if (why)
			buf_adds(why, "these lines will be removed when the series is written\n");
		return ITEM_DONE;
	}
	if (why && removable)
		buf_adds(why, "press x to remove them when the series is written\n");
	return ITEM_FAILED;
}

static enum item_state boot_item(const struct tui_model *m, struct buf *why)
{
	struct boot_verdict *v = NULL;
	enum item_state st = ITEM_OPEN;

	if (!m->boot || !m->kernel_tree) {
		if (why)
			buf_adds(why, m->boot ? "not a kernel tree: nothing to boot\n" :
				 "boot validation not available in this build\n");
		return ITEM_NA;
	}
	if (boot_last_verdict(&v, repo_git_dir(m->repo),
			      m->commits[m->nr - 1].info->id) < 0 || !v) {
		error_clear();
		if (why)
			buf_adds(why, "not run for this series: press b to build and boot it (minutes)\n");
		return ITEM_OPEN;
	}
	st = v->pass ? ITEM_DONE : ITEM_FAILED;
	if (why)
		buf_addf(why, "%s: %s\n", v->status, v->summary ? v->summary : "");
	boot_verdict_free(v);
	return st;
}

/*
 * "Every commit of the series was reviewed by you": the review mark of
 * each commit. Saying that a commit has no AI-generated code is not a
 * review of it, and the human signs off on that commit too.
 */
static enum item_state review_item(const struct tui_model *m,
				   struct buf *why)
{
	size_t open, no_ai = 0;

	if (model_all_reviewed(m, &open)) {
		if (why)
			buf_adds(why, "every commit is reviewed by you\n");
		return ITEM_DONE;
	}
	if (!why)
		return ITEM_OPEN;
	for (size_t i = 0; i < m->nr; i++)
		no_ai += !model_reviewed(m, i) && model_no_ai(m, i);
	buf_addf(why, "%zu of %zu commit%s not reviewed", open, m->nr,
		 m->nr == 1 ? "" : "s");
	if (no_ai)
		buf_addf(why, " (%zu of them marked as without AI-generated code, which is not a review)",
			 no_ai);
	buf_adds(why, ": open each from the series (Enter, then r)\n");
	return ITEM_OPEN;
}

enum item_state model_item_state(const struct tui_model *m,
				 const struct policy_item *it,
				 struct buf *why)
{
	static const char *const spdx[] = { "SPDX_", NULL };
	static const char *const ai[] = { "AI_SIGNOFF", "AI_CO_DEVELOPER",
					  NULL };

	if (model_procedure_source(it))
		return model_procedure_state(m, it, why);
	if (!it->automatic) {
		if (session_certified(m->session, it->id)) {
			if (why)
				buf_adds(why, "certified by you\n");
			return ITEM_DONE;
		}
		if (why)
			buf_adds(why, "press Space to certify it (y also works)\n");
		return ITEM_OPEN;
	}
	switch (it->source) {
	case SOURCE_REVIEW:
		return review_item(m, why);
	case SOURCE_SPDX:
		return checker_item(m, spdx, why,
				    "every file the series adds has a correct SPDX line",
				    false);
	case SOURCE_AI_SIGNOFF:
		return checker_item(m, ai, why,
				    "no AI sign-off or AI co-developer found",
				    true);
	case SOURCE_BOOT:
		return boot_item(m, why);
	default:
		return ITEM_NA;
	}
}

bool model_checklist_done(const struct tui_model *m)
{
	for (size_t i = 0; i < m->policy->nr_items; i++) {
		const struct policy_item *it = &m->policy->items[i];
		enum item_state st;

		if (it->optional || !model_item_applies(m, it))
			continue;
		st = model_item_state(m, it, NULL);
		if (st == ITEM_OPEN || st == ITEM_FAILED)
			return false;
	}
	return true;
}

/*
 * Does the commit fail an automatic item of the checklist: an SPDX
 * finding, or an AI sign-off that the write is not asked to remove?
 */
static bool commit_failing(const struct tui_model *m, size_t i)
{
	const struct lint_result *r = &m->commits[i].lint;

	for (size_t j = 0; j < r->nr; j++) {
		const char *id = r->findings[j].id;

		if (!strncmp(id, "SPDX_", 5) ||
		    (!m->session->remove_ai && (!strcmp(id, "AI_SIGNOFF") ||
						!strcmp(id, "AI_CO_DEVELOPER"))))
			return true;
	}
	return false;
}

static size_t commits_failing(const struct tui_model *m)
{
	size_t n = 0;

	for (size_t i = 0; m->checker && i < m->nr; i++)
		n += commit_failing(m, i);
	return n;
}

void model_open_items(const struct tui_model *m, struct buf *out)
{
	size_t unreviewed, unanswered, human = 0;
	size_t failing = commits_failing(m);
	char *why = NULL;
	struct assisted *a;

	if (m->written) {
		buf_adds(out, "written");
		return;
	}
	for (size_t i = 0; i < m->policy->nr_items; i++) {
		const struct policy_item *it = &m->policy->items[i];

		if (!it->optional && !it->automatic &&
		    model_item_applies(m, it) &&
		    model_item_state(m, it, NULL) == ITEM_OPEN)
			human++;
	}
	if (!model_all_reviewed(m, &unreviewed))
		buf_addf(out, "%zu to review, ", unreviewed);
	if (human)
		buf_addf(out, "%zu to certify, ", human);
	if (failing)
		buf_addf(out, "%zu commit%s failing, ", failing,
			 failing == 1 ? "" : "s");
	unanswered = model_unanswered(m, NULL);
	if (unanswered)
		buf_addf(out, "%zu to answer, ", unanswered);
	a = model_assisted(m, &why);
	if (!a && model_answer_used(m))
		buf_adds(out, "agent and model, ");
	assisted_free(a);
	free(why);
	if (out->len > 2) {
		out->len -= 2;
		out->ptr[out->len] = '\0';
	}
	if (!m->checker)
		buf_adds(out, out->len ? " (checker n/a)" : "checker n/a");
}

struct assisted *model_assisted(const struct tui_model *m, char **why)
{
	const struct session *s = m->session;
	struct assisted *a;

	*why = NULL;
	if (m->policy->form == FORM_LLM) {
		a = assisted_new("LLM", NULL);
	} else {
		if (!s->agent || !s->model) {
			*why = xstrdup(!s->agent ? "no agent chosen yet" :
				       "no model chosen yet");
			return NULL;
		}
		a = assisted_new(s->agent, s->model);
		/* what is written: a display name or spelling as typed
		 * becomes the id, as Enter makes it (canonical_model) */
		if (assisted_resolve(a, m->cat) < 0)
			error_clear();
	}
	for (char **t = s->tools; t && *t; t++)
		assisted_add_tool(a, *t);
	if (assisted_validate(a, m->policy->form, m->cat) < 0) {
		*why = xstrdup(error_last());
		error_clear();
		assisted_free(a);
		return NULL;
	}
	return a;
}

/*
 * The fixer's version: the human's part gets a and the sign-off, vendor
 * traces are converted where they stand, AI sign-offs removed, another
 * person's lines kept; with a NULL (a commit without AI-generated code,
 * by the human's word, or one whose only disclosure is another
 * person's) no Assisted-by comes and the human's own AI traces go as
 * false claims.
 */
static int fixed_message(struct buf *out, const struct tui_model *m,
			 const struct series_commit *sc,
			 const struct assisted *a)
{
	struct ident author = { sc->info->author_name, sc->info->author_email };
	struct ident committer = { sc->info->committer_name,
				   sc->info->committer_email };
	struct lint_facts facts = { &author, &committer, sc->files,
				    sc->nr_files, NULL, false };
	struct fix_opts o = { 0 };
	bool changed;

	o.form = m->policy->form;
	o.cat = m->cat;
	o.human = m->have_human ? &m->human : NULL;
	o.no_disclosure = !a;
	o.place = true;
	o.assisted = a;
	o.facts = &facts;
	o.comment_char = repo_comment_char(m->repo);
	return fix_message(out, &changed, sc->info->message,
			   sc->info->message_len, &o);
}

/* Only another person's part says what helped: theirs, not the human's
 * (the human's part gets the sign-off alone). */
static bool others_only(const struct commit_facts *f)
{
	return f->others && !f->agent && !f->signals && !f->has_assisted;
}

/*
 * The commit's own Assisted-by (in the human's part), when it is
 * complete and passes the checks: the value it says, tools and all.
 */
static struct assisted *own_line(const struct tui_model *m, size_t i)
{
	const struct commit_facts *f = &m->commits[i].facts;
	enum policy_form form = m->policy->form;
	const char *v;
	struct assisted *a = NULL;

	if (!f->has_assisted || !f->source ||
	    strncasecmp(f->source, ASSISTED_KEY ":", strlen(ASSISTED_KEY) + 1))
		return NULL;
	if (form != FORM_LLM && (!f->agent || !f->model))
		return NULL;
	v = f->source + strlen(ASSISTED_KEY) + 1;
	v += strspn(v, " \t");
	if (assisted_parse(&a, v, form) < 0 ||
	    assisted_validate(a, form, m->cat) < 0 ||
	    (form != FORM_LLM && strcmp(a->agent, f->agent->name))) {
		error_clear();
		assisted_free(a);
		return NULL;
	}
	return a;
}

enum commit_plan model_commit_plan(const struct tui_model *m, size_t i)
{
	const struct commit_facts *f = &m->commits[i].facts;
	struct assisted *own;

	if (model_no_ai(m, i))
		return PLAN_NO_AI;
	if (others_only(f))
		return f->others_human ? PLAN_EARLIER : PLAN_OTHERS;
	own = own_line(m, i);
	assisted_free(own);
	if (own)
		return PLAN_OWN_LINE;
	/* the tool-name form needs the agent only */
	if (m->policy->form == FORM_LLM || !f->agent ||
	    (!f->model && m->policy->form != FORM_TOOL_NAME))
		return PLAN_ANSWER;
	return PLAN_OWN_AGENT;
}

size_t model_list_runs(struct buf *out, const struct tui_model *m,
		       int (*kind)(const struct tui_model *m, size_t i),
		       int want)
{
	size_t n = 0, start = SIZE_MAX;
	bool first = true;

	for (size_t i = 0; i <= m->nr; i++) {
		if (i < m->nr && kind(m, i) == want) {
			n++;
			if (start == SIZE_MAX)
				start = i;
			continue;
		}
		if (start == SIZE_MAX)
			continue;
		/* a run of commits start+1 .. i */
		buf_addf(out, "%s%zu", first ? "" : ", ", start + 1);
		if (i > start + 2)
			buf_addf(out, "-%zu", i);
		else if (i == start + 2)
			buf_addf(out, ", %zu", i);
		first = false;
		start = SIZE_MAX;
	}
	return n;
}

static int plan_kind(const struct tui_model *m, size_t i)
{
	return (int)model_commit_plan(m, i);
}

size_t model_plan_list(struct buf *out, const struct tui_model *m,
		       enum commit_plan p)
{
	return model_list_runs(out, m, plan_kind, (int)p);
}

bool model_mixed(const struct tui_model *m)
{
	const struct commit_facts *first = NULL;

	for (size_t i = 0; i < m->nr; i++) {
		const struct commit_facts *f = &m->commits[i].facts;
		enum commit_plan p = model_commit_plan(m, i);

		if (!f->agent || p == PLAN_NO_AI || p == PLAN_OTHERS ||
		    p == PLAN_EARLIER)
			continue;
		/* a model not told is no disagreement */
		if (first && (first->agent != f->agent ||
			      (first->model && f->model &&
			       strcmp(first->model, f->model))))
			return true;
		if (!first || (!first->model && f->model))
			first = f;
	}
	return false;
}

bool model_plan_note(struct buf *out, const struct tui_model *m)
{
	static const char *const what[][2] = {
		[PLAN_OWN_LINE] = { "keeps its own Assisted-by",
				    "keep their own Assisted-by" },
		[PLAN_OWN_AGENT] = { "its own agent and model, from its traces",
				     "their own agents and models, from their traces" },
		[PLAN_NO_AI] = { "none (no AI-generated code, as you marked it)",
				 "none (no AI-generated code, as you marked them)" },
		[PLAN_OTHERS] = { "your sign-off alone (the disclosure in it is another person's)",
				  "your sign-off alone (the disclosures in them are other people's)" },
		[PLAN_EARLIER] = { "your new sign-off alone (the disclosure in it is your own earlier one, above another person's sign-off)",
				   "your new sign-off alone (the disclosures in them are your own earlier ones, above other people's sign-offs)" },
	};
	struct buf list = BUF_INIT;
	size_t n = model_plan_list(&list, m, PLAN_ANSWER), k;
	bool mixed = model_mixed(m), first = true;

	if (n == m->nr)
		goto out;
	if (n)
		buf_addf(out, "Your answer goes on commit%s %s of %zu; ",
			 n == 1 ? "" : "s", list.ptr, m->nr);
	else
		buf_adds(out, "Your answer goes on no commit: ");
	for (int p = PLAN_OWN_LINE; p <= PLAN_EARLIER; p++) {
		buf_reset(&list);
		k = model_plan_list(&list, m, (enum commit_plan)p);
		if (!k)
			continue;
		buf_addf(out, "%s%s %s", first ? "" : "; ", list.ptr,
			 what[p][k > 1]);
		first = false;
	}
	buf_adds(out, mixed ? ". Mixed agents: each commit keeps its own." :
		 ".");
out:
	buf_release(&list);
	return out->len && (!n || mixed);
}

bool model_answer_used(const struct tui_model *m)
{
	for (size_t i = 0; i < m->nr; i++)
		if (model_commit_plan(m, i) == PLAN_ANSWER)
			return true;
	return false;
}

bool model_asks(const struct tui_model *m, size_t i)
{
	return m->policy->form != FORM_LLM &&
	       model_commit_plan(m, i) == PLAN_ANSWER;
}

void model_marks_changed(struct tui_model *m)
{
	char *agent = NULL, *model = NULL;

	if (m->answer_given || !m->prefill_from ||
	    !model_no_ai(m, m->prefill_from - 1))
		return;
	/* the pre-fill came from a commit now marked: from the next, or
	 * none */
	m->prefill_from = 0;
	free(m->prefill_source);
	m->prefill_source = NULL;
	prefill_from_vendor(m, &agent, &model);
	session_set_str(&m->session->agent, agent);
	session_set_str(&m->session->model, model);
	free(agent);
	free(model);
}

void model_set_answer(struct tui_model *m, const char *agent,
		      const char *model)
{
	session_set_str(&m->session->agent, agent);
	session_set_str(&m->session->model, model);
	m->answer_given = true;
	free(m->prefill_source);
	m->prefill_source = NULL;
}

bool model_offer_asked(struct tui_model *m)
{
	struct session *s = m->session;
	const struct series_commit *sc;
	struct buf src = BUF_INIT;
	size_t i = 0;

	if (!model_unanswered(m, &i))
		return false;
	sc = &m->commits[i];
	if (!sc->facts.agent ||
	    (s->agent && !strcmp(s->agent, sc->facts.agent->name)))
		return false;
	session_set_str(&s->agent, sc->facts.agent->name);
	session_set_str(&s->model, NULL);
	m->answer_given = false;
	buf_addf(&src, "commit %zu/%zu %.7s, which names %s itself: %s", i + 1,
		 m->nr, sc->info->id, sc->facts.agent->name,
		 sc->facts.source ? sc->facts.source : "its own lines");
	free(m->prefill_source);
	m->prefill_source = buf_detach(&src, NULL);
	return true;
}

bool model_takes_tools(const struct tui_model *m, size_t i)
{
	const struct commit_facts *f = &m->commits[i].facts;
	struct assisted *a;
	char *why = NULL;
	bool yes;

	switch (model_commit_plan(m, i)) {
	case PLAN_ANSWER:
		return true;	/* the human's answer for it, with the tools */
	case PLAN_OWN_AGENT:
		break;
	default:
		return false;
	}
	/* its own agent and model take the tools of an answer for that
	 * agent only (commit_facts_assisted) */
	a = model_assisted(m, &why);
	yes = a && (m->policy->form == FORM_LLM ||
		    !strcmp(a->agent, f->agent->name));
	assisted_free(a);
	free(why);
	return yes;
}

/* Can an answer of agent (NULL: none chosen yet) go on commit i? Not
 * when it names another agent itself. */
static bool agent_fits(const struct tui_model *m, size_t i,
		       const char *agent)
{
	const struct cat_agent *own = m->commits[i].facts.agent;

	return !own || !agent || !strcmp(own->name, agent) ||
	       catalogue_agent(m->cat, agent) == own;
}

/* Can answer a be commit i's? Not another agent than it names itself. */
static int answer_fits(const struct tui_model *m, size_t i,
		       const struct assisted *a)
{
	const struct series_commit *sc = &m->commits[i];

	if (agent_fits(m, i, a->agent))
		return 0;
	return error_set("commit %zu/%zu %.7s names %s itself (%s): give it a %s model (choose %s), or Enter on the model answers the others first",
			 i + 1, m->nr, sc->info->id, sc->facts.agent->name,
			 sc->facts.source ? sc->facts.source : "its own lines",
			 sc->facts.agent->name, sc->facts.agent->name);
}

size_t model_unanswered(const struct tui_model *m, size_t *first)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nr; i++) {
		if (!model_asks(m, i) || m->commits[i].answer)
			continue;
		if (!n && first)
			*first = i;
		n++;
	}
	return n;
}

int model_answer_commit(struct tui_model *m, size_t i)
{
	char *why = NULL;
	struct assisted *a = model_assisted(m, &why);
	int rc = 0;

	if (!a) {
		rc = error_set("%s", why);
	} else if (answer_fits(m, i, a) < 0) {
		rc = -1;
	} else {
		assisted_free(m->commits[i].answer);
		/* agent and model; the tools stay the series' */
		m->commits[i].answer = assisted_new(a->agent, a->model);
		m->dirty = true;
	}
	assisted_free(a);
	free(why);
	return rc;
}

size_t model_answer_rest_fits(const struct tui_model *m, size_t *other)
{
	size_t n = 0;

	if (other)
		*other = SIZE_MAX;
	for (size_t i = 0; i < m->nr; i++) {
		if (!model_asks(m, i) || m->commits[i].answer)
			continue;
		if (agent_fits(m, i, m->session->agent))
			n++;
		else if (other && *other == SIZE_MAX)
			*other = i;
	}
	return n;
}

int model_answer_rest(struct tui_model *m, struct buf *done)
{
	char *why = NULL;
	struct assisted *a = model_assisted(m, &why);
	int n = 0;

	if (!a) {
		error_set("%s", why);
		free(why);
		return -1;
	}
	/* a commit that names another agent itself keeps asking */
	for (size_t i = 0; i < m->nr; i++) {
		if (!model_asks(m, i) || m->commits[i].answer)
			continue;
		if (answer_fits(m, i, a) < 0) {
			error_clear();
			continue;
		}
		m->commits[i].answer = assisted_new(a->agent, a->model);
		m->dirty = true;
		n++;
		if (done)
			buf_addf(done, "%s%zu", done->len ? ", " : "", i + 1);
	}
	assisted_free(a);
	return n;
}

/* The answer the human gave commit i, with the series' tools. */
static struct assisted *answered(const struct tui_model *m, size_t i,
				 char **why)
{
	const struct assisted *ans = m->commits[i].answer;
	struct assisted *a;

	if (!ans) {
		struct buf b = BUF_INIT;
		const struct cat_agent *own = m->commits[i].facts.agent;

		if (own)
			buf_addf(&b, "it names %s but not the model", own->name);
		else
			buf_adds(&b, "it names no agent of its own");
		buf_adds(&b, ", and it is not answered yet (Enter on the agent and model screen answers it, Ctrl-A every such commit)");
		*why = buf_detach(&b, NULL);
		return NULL;
	}
	a = assisted_new(ans->agent, ans->model);
	for (char **t = m->session->tools; t && *t; t++)
		assisted_add_tool(a, *t);
	return a;
}

struct assisted *model_commit_assisted(const struct tui_model *m, size_t i,
				       char **why)
{
	const struct series_commit *sc = &m->commits[i];
	struct assisted *series, *a;

	*why = NULL;
	switch (model_commit_plan(m, i)) {
	case PLAN_NO_AI:
	case PLAN_OTHERS:
	case PLAN_EARLIER:
		return NULL;
	case PLAN_OWN_LINE:
		/* a complete disclosure of its own is never replaced */
		return own_line(m, i);
	case PLAN_ANSWER:
		if (m->policy->form != FORM_LLM)
			return answered(m, i, why);
		/* the kernel-llm form: the series' one answer */
		break;
	case PLAN_OWN_AGENT:
		break;
	}
	series = model_assisted(m, why);
	if (!sc->facts.agent)
		return series;
	a = commit_facts_assisted(&sc->facts, series, m->policy->form);
	assisted_free(series);
	free(*why);
	*why = NULL;
	if (!a) {
		*why = xstrdup(error_last());
		error_clear();
	}
	return a;
}

struct assisted *model_remembered_answer(const struct tui_model *m,
					 const char **why)
{
	struct assisted *first = NULL;

	*why = "no commit got an Assisted-by";
	for (size_t i = 0; i < m->nr; i++) {
		char *whynot = NULL;
		struct assisted *a = model_commit_assisted(m, i, &whynot);

		free(whynot);
		if (!a)
			continue;
		if (!first) {
			first = a;
			continue;
		}
		if (strcmp(first->agent, a->agent) ||
		    (first->model && a->model &&
		     strcmp(first->model, a->model)) ||
		    !first->model != !a->model) {
			assisted_free(a);
			assisted_free(first);
			*why = "the commits got different agents or models, so none is the series' answer";
			return NULL;
		}
		assisted_free(a);
	}
	if (first) {
		/* with the series' tools, as the human chose them */
		struct assisted *out = assisted_new(first->agent,
						    first->model);

		for (char **t = m->session->tools; t && *t; t++)
			assisted_add_tool(out, *t);
		assisted_free(first);
		first = out;
	}
	return first;
}

static int preview_commit(struct buf *out, struct tui_model *m, size_t i)
{
	struct series_commit *sc = &m->commits[i];
	struct place_request req = { 0 };
	char *why = NULL;
	int rc;

	req.assisted = model_commit_assisted(m, i, &why);
	if (!req.assisted && why) {
		rc = error_set("commit %.12s %s: %s: go back to the agent and model screen",
			       sc->info->id, sc->subject, why);
		free(why);
		return rc;
	}
	req.form = m->policy->form;
	req.human = m->have_human ? &m->human : NULL;
	/* one pass through the rule, as amend makes it: the human's part
	 * gets its line and the sign-off, the traces are converted where
	 * they stand; keeping them (x) is the placement alone */
	if (m->session->remove_ai && fix_message)
		rc = fixed_message(out, m, sc, req.assisted);
	else
		rc = place_trailers(out, sc->msg, &req);
	assisted_free((struct assisted *)req.assisted);
	return rc;
}

int model_preview(struct tui_model *m)
{
	int rc = 0;

	for (size_t i = 0; i < m->nr && rc == 0; i++) {
		struct series_commit *sc = &m->commits[i];
		struct buf out = BUF_INIT;

		rc = preview_commit(&out, m, i);
		free(sc->new_message);
		sc->new_message = buf_detach(&out, NULL);
		free(sc->previewed_id);
		sc->previewed_id = xstrdup(sc->info->id);
	}
	return rc;
}

bool model_would_change(struct tui_model *m)
{
	bool change = false;

	for (size_t i = 0; i < m->nr && !change; i++) {
		const struct commit_info *c = m->commits[i].info;
		struct buf out = BUF_INIT;

		if (preview_commit(&out, m, i) < 0) {
			error_clear();
			change = true;
		} else {
			change = out.len != c->message_len ||
				 memcmp(out.ptr, c->message, out.len);
		}
		buf_release(&out);
	}
	return change;
}

struct id_walk {
	struct repo *repo;
	char **ids;		/* newest first, as the walk goes */
	size_t nr;
};

static int collect_id(const struct commit_info *c, void *data)
{
	struct id_walk *col = data;

	if (b4_is_cover(col->repo, c))
		return 0;
	col->ids = xrealloc(col->ids, (col->nr + 1) * sizeof(*col->ids));
	col->ids[col->nr++] = xstrdup(c->id);
	return 0;
}

int model_check_previewed(const struct tui_model *m)
{
	struct id_walk col = { .repo = m->repo };
	const char *range = m->range_given ? m->range : NULL;
	int rc = 0;

	if (repo_walk(m->repo, range, collect_id, &col) < 0)
		return -1;
	/* newest first from the walk, oldest first in the series */
	for (size_t i = 0; i < col.nr && rc == 0; i++) {
		const char *now = col.ids[col.nr - 1 - i];

		if (i >= m->nr)
			rc = error_set("the series changed since the preview (commit %.12s is new): restart git disclose to preview it again",
				       now);
		else if (!m->commits[i].previewed_id ||
			 strcmp(now, m->commits[i].previewed_id))
			rc = error_set("the series changed since the preview (%.12s, not the previewed %.12s): restart git disclose to preview it again",
				       now, m->commits[i].info->id);
	}
	if (rc == 0 && col.nr < m->nr)
		rc = error_set("the series changed since the preview (%zu commits, not %zu): restart git disclose to preview it again",
			       col.nr, m->nr);
	for (size_t i = 0; i < col.nr; i++)
		free(col.ids[i]);
	free(col.ids);
	return rc;
}

void model_change_ids(struct tui_model *m)
{
	if (!m->session->patches)
		m->session->patches = change_ids(m);
}

void model_mark_fix(struct tui_model *m, size_t i, bool on)
{
	char *mark;

	model_change_ids(m);	/* the mark names the change */
	mark = model_fix_mark(m, i);
	session_certify(m->session, mark, on);
	free(mark);
}

int model_session_save(struct tui_model *m)
{
	struct session *s = m->session;
	char *agent = s->agent, *model = s->model;
	int rc;

	model_change_ids(m);
	/* a pre-fill is not the human's answer: the file keeps none, and
	 * the next visit pre-fills again, naming where from */
	if (!m->answer_given)
		s->agent = s->model = NULL;
	rc = session_save(s, repo_git_dir(m->repo));
	s->agent = agent;
	s->model = model;
	return rc;
}

int model_save(struct tui_model *m, const char *screen)
{
	m->dirty = true;
	session_set_str(&m->session->screen, screen);
	return model_session_save(m);
}

int model_save_place(struct tui_model *m, const char *screen)
{
	bool dirty = m->dirty;
	int rc = model_save(m, screen);

	m->dirty = dirty;
	return rc;
}
