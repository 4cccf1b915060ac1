#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
