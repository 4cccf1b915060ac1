#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "lint.h"
#include "message.h"
#include "sanitize.h"
#include "file.h"
#include "util.h"

int cli_usage_error(const char *usage, const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "git disclose %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s", usage);
	return EXIT_USAGE;
}

int cli_fail(int status)
{
	fprintf(stderr, "git disclose: %s\n", error_last());
	return status;
}

int cli_bad_option(const char *usage, const char *cmd, char **argv,
		   int opt)
{
	const char *arg = argv[optind - 1];

	if (opt == ':')
		return cli_usage_error(usage, cmd, "option '%s' needs a value",
				       arg);
	if (optopt && optopt < 128)
		return cli_usage_error(usage, cmd, "unknown option '-%c'",
				       optopt);
	return cli_usage_error(usage, cmd, "unknown option '%s'", arg);
}

int cli_answer_option(struct answers *a, int opt, const char *arg)
{
	switch (opt) {
	case OPT_AGENT:
		str_set(&a->agent, arg);
		return 1;
	case OPT_MODEL:
		str_set(&a->model, arg);
		return 1;
	case OPT_TOOL:
		answers_add_tool(a, arg);
		return 1;
	case OPT_NO_TOOL:
		a->no_tools = true;
		return 1;
	case OPT_POLICY:
		str_set(&a->policy, arg);
		return 1;
	case OPT_NO_SIGNOFF:
		a->no_signoff = true;
		return 1;
	case OPT_REMEMBERED:
		a->remembered = true;
		return 1;
	}
	return 0;
}

/* Only a human certifies the DCO: never sign off as an AI identity. */
static int refuse_ai_identity(struct cli_ctx *ctx)
{
	char *model = NULL;
	const struct cat_agent *ai = catalogue_identity(ctx->cat,
							ctx->human.name,
							ctx->human.email,
							&model);

	free(model);
	if (!ai)
		return 0;
	return error_set("your git identity '%s <%s>' is the %s agent's, and only a human may add Signed-off-by: set user.name and user.email to your own (git config user.email you@example.org), or pass --no-signoff",
			 ctx->human.name, ctx->human.email, ai->name);
}

int cli_ctx_init(struct cli_ctx *ctx, struct answers *a, bool need_repo)
{
	memset(ctx, 0, sizeof(*ctx));
	if (repo_open(&ctx->repo, NULL) < 0) {
		if (need_repo)
			return -1;
		ctx->repo = NULL;
	}
	if (catalogue_load(&ctx->cat) < 0 ||
	    answers_resolve(&ctx->assisted, &ctx->form, a, ctx->repo,
			    ctx->cat) < 0)
		return -1;
	ctx->policy = a->policy ? xstrdup(a->policy) : NULL;
	if (ctx->assisted && !a->model_remembered)
		cli_note_model(a->model, ctx->assisted->model);
	/* an agent nobody named is said, so that it can be corrected */
	if (ctx->assisted && ctx->assisted->agent && a->agent_inferred)
		fprintf(stderr, "git disclose: no --agent given: %s is written as the agent of %s (the catalogue's agent for it); pass --agent NAME if another tool ran the model (e.g. --agent Cursor)\n",
			ctx->assisted->agent, ctx->assisted->model);
	/* the tree's checkpatch will warn on this form: say so first */
	if (a->warning)
		fprintf(stderr, "git disclose: warning: %s\n", a->warning);
	if (!a->no_signoff) {
		if (repo_identity(&ctx->human, ctx->repo) < 0)
			return -1;
		ctx->have_human = true;
		return refuse_ai_identity(ctx);
	}
	return 0;
}

void cli_ctx_release(struct cli_ctx *ctx)
{
	assisted_free(ctx->assisted);
	free(ctx->policy);
	catalogue_free(ctx->cat);
	if (ctx->have_human)
		ident_release(&ctx->human);
	repo_free(ctx->repo);
	memset(ctx, 0, sizeof(*ctx));
}

void cli_remember(struct cli_ctx *ctx)
{
	if (!ctx->repo || repo_is_bare(ctx->repo) || !ctx->assisted)
		return;
	if (answers_save(ctx->assisted, ctx->policy, ctx->repo) < 0)
		fprintf(stderr, "git disclose: warning: answers not remembered: %s\n",
			error_last());
}

struct id_list {
	char **v;
	size_t nr;
};

static void id_list_add(struct id_list *l, const char *id)
{
	l->v = xrealloc(l->v, (l->nr + 2) * sizeof(*l->v));
	l->v[l->nr++] = xstrdup(id);
	l->v[l->nr] = NULL;
}

static int add_walked(const struct commit_info *c, void *data)
{
	id_list_add(data, c->id);
	return 0;
}

int cli_resolve_only(char ***only, size_t *nr, struct repo *r)
{
	struct id_list l = { NULL, 0 };
	int rc = 0;

	for (size_t i = 0; i < *nr && rc == 0; i++) {
		const char *rev = (*only)[i];
		struct commit_info *c = NULL;

		if (strstr(rev, "..")) {
			if (repo_walk(r, rev, add_walked, &l) < 0)
				rc = error_set("--only %s: not a range of commits: %s",
					       rev, error_last());
		} else if (repo_lookup(&c, r, rev) < 0) {
			rc = error_set("--only %s: no such commit: give a commit of the range (git log --oneline)",
				       rev);
		} else {
			id_list_add(&l, c->id);
			commit_info_free(c);
		}
	}
	for (size_t i = 0; i < *nr; i++)
		free((*only)[i]);
	free(*only);
	*only = l.v;
	*nr = l.nr;
	return rc;
}

bool cli_env_ident(struct ident *out, const char *name, const char *email)
{
	const char *n = getenv(name), *e = getenv(email);

	if (!n || !e)
		return false;
	out->name = xstrdup(n);
	out->email = xstrdup(e);
	return true;
}

void cli_print_notes(struct buf *notes, const char *id)
{
	const char *p = notes->ptr;

	while (p && *p) {
		size_t n = strcspn(p, "\n");
		char *line = sanitize_dup(p, n);

		if (id)
			fprintf(stderr, "commit %.12s: ", id);
		fprintf(stderr, "note: %s\n", line);
		free(line);
		p += n + (p[n] == '\n');
	}
	buf_release(notes);
}

void cli_note_model(const char *typed, const char *written)
{
	if (!typed || !written || !strcmp(typed, written))
		return;
	fprintf(stderr, "git disclose: --model '%s' is written as the model id '%s', as git disclose check asks\n",
		typed, written);
}

void cli_facts_name(struct buf *out, const struct commit_facts *f)
{
	buf_addf(out, "%s%s%s", f->agent ? f->agent->name : "?",
		 f->model ? ":" : "", f->model ? f->model : "");
	if (f->source)
		buf_addf(out, " (from %s)", f->source);
}

/* " with --only ID" for a commit of a range, "" for a new commit. */
static void only_hint(struct buf *out, const char *what, const char *id)
{
	if (id)
		buf_addf(out, "%s with --only %.12s" ONLY_KEEPS, what, id);
}

/* A message without facts of the human's own. */
static int plan_no_facts(struct assisted **out, enum cli_plan *plan,
			 const struct commit_facts *f,
			 const struct cli_ctx *ctx, const char *id)
{
	const struct assisted *as = ctx->assisted;
	struct buf hint = BUF_INIT;
	int rc = 0;

	only_hint(&hint, " for it", id);
	if (f->signals && !as)
		rc = error_set("the AI traces of its own (%s) do not tell which agent: pass --agent NAME and --model VERSION%s; see git disclose catalogue",
			       f->source ? f->source : "?", buf_cstr(&hint));
	else if (f->has_assisted && !as)
		rc = error_set("its own Assisted-by line (%s) does not tell which agent (git disclose check says why): pass --agent NAME and --model VERSION%s",
			       f->source ? f->source : "?", buf_cstr(&hint));
	else if (f->others && !f->signals)
		*plan = CLI_PLAN_OTHERS;
	else if (!as)
		*plan = CLI_PLAN_SIGNOFF;
	else if (!*as->agent)
		rc = error_set("it names no agent of its own, and --tool alone does not tell which AI helped: pass --agent NAME and --model VERSION%s",
			       buf_cstr(&hint));
	else
		*out = answers_assisted_dup(as);
	if (*out)
		*plan = CLI_PLAN_ANSWER;
	buf_release(&hint);
	return rc;
}

int cli_plan_message(struct assisted **out, enum cli_plan *plan,
		     struct commit_facts *f, const struct message *m,
		     const struct lint_facts *lf, const struct cli_ctx *ctx,
		     const struct answers *a, const char *id)
{
	const struct assisted *as = ctx->assisted;
	/* the answer as typed: one from git config never contradicts */
	const char *agent = a->agent_remembered ? NULL : a->agent;
	const char *model = a->model_remembered ? NULL : a->model;
	bool llm = ctx->form == FORM_LLM;
	struct buf hint = BUF_INIT;
	int rc = 0;

	*out = NULL;
	commit_facts_read(f, m, lf, ctx->have_human ? &ctx->human : NULL,
			  ctx->form, ctx->cat);
	if (commit_facts_disagree(f, agent, model, ctx->form, ctx->cat)) {
		*plan = CLI_PLAN_DISAGREE;
		return 0;
	}
	if (!f->agent && !(llm && (f->has_assisted || f->signals)))
		return plan_no_facts(out, plan, f, ctx, id);
	*plan = CLI_PLAN_OWN;
	*out = commit_facts_assisted(f, as, ctx->form);
	if (*out)
		return 0;
	only_hint(&hint, " for it alone", id);
	rc = error_set("%s: pass --model VERSION%s; see git disclose catalogue",
		       error_last(), buf_cstr(&hint));
	buf_release(&hint);
	return rc;
}

int cli_write_message(struct buf *out, const struct cli_ctx *ctx,
		      const char *text, size_t len,
		      const struct lint_facts *lf, char comment_char,
		      const struct assisted *as, const char *id, bool quiet)
{
	struct buf notes = BUF_INIT;
	struct fix_opts fo = {
		.form = ctx->form, .cat = ctx->cat,
		.human = ctx->have_human ? &ctx->human : NULL, .facts = lf,
		.comment_char = comment_char, .notes = &notes,
		.place = true, .assisted = as,
	};
	bool changed = false;
	int rc;

	rc = fix_message(out, &changed, text, len, &fo);
	if (!quiet)
		cli_print_notes(&notes, id);
	buf_release(&notes);
	return rc;
}
