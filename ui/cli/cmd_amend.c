/*
 * git disclose amend: write the trailers into HEAD's message, or into
 * every commit of a linear range, in one rewrite that moves the branch
 * once (src/repo.c says how nothing can be lost).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "b4.h"
#include "cli.h"
#include "diff.h"
#include "message.h"
#include "place.h"
#include "repo.h"
#include "sanitize.h"
#include "util.h"

static const char amend_usage[] =
	"usage: git disclose amend [<answers>] [<options>] [<range>]\n"
	"\n"
	"Rewrites the message of every commit of the range with Assisted-by: and\n"
	"your Signed-off-by: placed by the rule. Trees, authors, author dates and\n"
	"encodings are kept; each commit is re-parented on the rewritten one; the\n"
	"committer is refreshed as git rebase does. Commits before the first one\n"
	"that changes keep their ids. The index and the work tree are not touched.\n"
	"The range is base..HEAD or one commit; the default is b4's series on a\n"
	"b4 prep branch, else the branch's commits not on its upstream, or HEAD\n"
	"alone when it has no upstream. b4 prep's cover-letter commit is never\n"
	"rewritten (skipped, and said so, in a range that holds it).\n"
	"\n"
	"The branch moves once, at the end, only if nobody moved it meanwhile.\n"
	"The old tip is kept at refs/disclose/backup/<branch> (its reflog keeps\n"
	"earlier backups) and at ORIG_HEAD. To undo:\n"
	"  git reset --soft refs/disclose/backup/<branch>\n"
	"(only messages change, so the trees are the same: --soft moves the\n"
	"branch back and leaves the index, a staged git add -p too, and the work\n"
	"tree as they are.)\n"
	"\n"
	"  --keep-committer-date  keep each commit's committer date\n"
	"  --detached         allow a detached HEAD (HEAD itself moves)\n"
	"  --drop-signatures  rewrite gpgsig-signed commits (the signatures are lost)\n"
	"  --force            rewrite commits already on a remote-tracking branch\n"
	"  --dry-run          show what would change, write nothing\n"
	ANSWER_USAGE;

enum {
	OPT_KEEP_DATE = OPT_CLI_LAST, OPT_DETACHED, OPT_DROP_SIGS, OPT_FORCE,
	OPT_DRY_RUN
};

/* What the reword callback saw, to print once the rewrite is done. */
struct seen {
	char *subject;
	char *old_msg;		/* NULL when the message is unchanged */
	char *new_msg;
	bool b4_cover;		/* b4 prep's cover letter: kept */
};

struct amend {
	struct cli_ctx *ctx;
	struct place_request req;
	char comment_char;
	struct seen *seen;
	size_t nr, cap;
	size_t nr_b4_covers;
};

/* The subject, made safe for the terminal. */
static char *subject_line(const char *msg)
{
	return sanitize_dup(msg, strcspn(msg, "\n"));
}

static int reword(struct buf *out, const struct commit_info *c, void *data)
{
	struct amend *am = data;
	struct message *m = NULL;
	struct seen *s;
	int rc;

	if (am->nr == am->cap) {
		am->cap = am->cap ? 2 * am->cap : 16;
		am->seen = xrealloc(am->seen, am->cap * sizeof(*am->seen));
	}
	s = &am->seen[am->nr++];
	memset(s, 0, sizeof(*s));
	s->subject = subject_line(c->message);
	if (b4_is_cover(am->ctx->repo, c)) {
		s->b4_cover = true;	/* an empty out keeps the message */
		am->nr_b4_covers++;
		return 0;
	}
	if (message_parse_commit(&m, c->message, c->message_len,
				 am->comment_char) < 0)
		return -1;
	rc = place_trailers(out, m, &am->req);
	message_free(m);
	if (rc < 0) {
		struct buf e = BUF_INIT;

		buf_addf(&e, "commit %.12s: %s", c->id, error_last());
		error_set("%s", e.ptr);
		buf_release(&e);
		return -1;
	}
	if (out->len != c->message_len || memcmp(out->ptr, c->message,
						 out->len)) {
		s->old_msg = xstrndup(c->message, c->message_len);
		s->new_msg = xstrndup(out->ptr, out->len);
	}
	return 0;
}

static void amend_release(struct amend *am)
{
	for (size_t i = 0; i < am->nr; i++) {
		free(am->seen[i].subject);
		free(am->seen[i].old_msg);
		free(am->seen[i].new_msg);
	}
	free(am->seen);
}

/*
 * Show the non-empty lines that the rewrite added, then those it removed,
 * from the line diff of the two messages (linear in their common head:
 * a message may hold thousands of trailers).
 */
static void show_change(const char *old, const char *new)
{
	struct buf added = BUF_INIT, removed = BUF_INIT;
	struct diff_iter it;
	struct diff_edit e;

	diff_iter_init(&it, old, strlen(old), new, strlen(new));
	while (diff_iter_next(&it, &e)) {
		struct buf *to = e.op == DIFF_ADD ? &added : &removed;

		if (e.op == DIFF_KEEP || !e.len)
			continue;
		buf_addf(to, "  %c ", e.op);
		sanitize(to, e.line, e.len, 0);
		buf_addch(to, '\n');
	}
	diff_iter_release(&it);
	fputs(buf_cstr(&added), stdout);
	fputs(buf_cstr(&removed), stdout);
	buf_release(&added);
	buf_release(&removed);
}

static void show_commits(const struct amend *am,
			 const struct rewrite_result *res, bool dry_run)
{
	for (size_t i = 0; i < res->nr_commits && i < am->nr; i++) {
		const struct rewrite_entry *e = &res->entries[i];
		const struct seen *s = &am->seen[i];

		if (s->b4_cover && !e->rewritten)
			printf("%.12s skipped        %s (b4 prep's cover letter: not a patch, kept as it is)\n",
			       e->old_id, s->subject);
		else if (s->b4_cover)
			printf("%.12s -> %.12s %s (b4 prep's cover letter: not a patch, message kept, re-parented)\n",
			       e->old_id, e->new_id, s->subject);
		else if (!e->rewritten)
			printf("%.12s unchanged      %s\n", e->old_id,
			       s->subject);
		else if (dry_run)
			printf("%.12s %-14s %s\n", e->old_id,
			       e->message_changed ? "would change" :
			       "re-parented", s->subject);
		else
			printf("%.12s -> %.12s %s%s\n", e->old_id, e->new_id,
			       s->subject, e->message_changed ? "" :
			       " (re-parented, message kept)");
		if (e->message_changed && s->old_msg)
			show_change(s->old_msg, s->new_msg);
	}
}

static void show_summary(const struct rewrite_result *res, bool dry_run)
{
	const char *branch = res->ref;

	if (!strncmp(branch, "refs/heads/", 11))
		branch += 11;
	if (!res->nr_rewritten) {
		if (res->nr_commits == 1)
			printf("%.12s already carries these trailers: nothing to do\n",
			       res->old_tip);
		else
			printf("all %zu commits of %s already carry these trailers: nothing to do\n",
			       res->nr_commits, res->range);
		return;
	}
	printf("%s %zu of %zu commit%s of %s (%zu message%s changed, %zu re-parented)\n",
	       dry_run ? "would rewrite" : "rewrote", res->nr_rewritten,
	       res->nr_commits, res->nr_commits == 1 ? "" : "s", res->range,
	       res->nr_changed, res->nr_changed == 1 ? "" : "s",
	       res->nr_rewritten - res->nr_changed);
	if (dry_run) {
		printf("dry run: nothing was written\n");
		return;
	}
	printf("%s: %.12s -> %.12s\n", branch, res->old_tip, res->new_tip);
	printf("backup: %s (earlier backups: git reflog %s)\n",
	       res->backup_ref, res->backup_ref);
	printf("undo: " REWRITE_UNDO "\n  (" REWRITE_UNDO_WHY ")\n",
	       res->backup_ref);
}

/* A range that is b4's cover commit alone is refused: it is no patch. */
static int refuse_b4_cover(struct repo *r, const char *range)
{
	struct commit_info *c = NULL;
	bool cover;

	if (repo_lookup(&c, r, range) < 0) {
		error_clear();
		return 0;
	}
	cover = b4_is_cover(r, c);
	commit_info_free(c);
	if (cover)
		return error_set("'%s' is b4 prep's cover letter, not a patch: git disclose never rewrites it (edit the letter with b4 prep --edit-cover); give the series instead, or no range for b4's series",
				 range);
	return 0;
}

static int amend_range(struct cli_ctx *ctx, struct rewrite_opts *opts)
{
	struct amend am = { .ctx = ctx };
	struct rewrite_result res = { 0 };
	struct buf msg = BUF_INIT;
	char *def = NULL;
	int rc = -1;

	am.req.assisted = ctx->assisted;
	am.req.form = ctx->form;
	am.req.human = ctx->have_human ? &ctx->human : NULL;
	am.comment_char = repo_comment_char(ctx->repo);
	if (opts->range && refuse_b4_cover(ctx->repo, opts->range) < 0)
		goto out;
	if (!opts->range) {
		if (repo_default_range(&def, ctx->repo) < 0 ||
		    b4_range_note(&msg, ctx->repo) < 0)
			goto out;
		if (msg.len)
			printf("%s\n", msg.ptr);
		buf_reset(&msg);
		opts->range = def;
	}
	buf_addf(&msg, "disclose: amend %s", opts->range);
	opts->reflog_msg = msg.ptr;
	if (repo_rewrite(&res, ctx->repo, opts, reword, &am) < 0)
		goto out;
	if (res.warning)
		fprintf(stderr, "git disclose: warning: %s\n", res.warning);
	show_commits(&am, &res, opts->dry_run);
	if (am.nr_b4_covers && am.nr_b4_covers == res.nr_commits) {
		error_set("the range %s holds only b4 prep's cover letter, which is not a patch: nothing to amend; give the series (no range: b4's series)",
			  res.range);
		goto out;
	}
	show_summary(&res, opts->dry_run);
	rc = 0;
out:
	rewrite_result_release(&res);
	amend_release(&am);
	buf_release(&msg);
	free(def);
	return rc;
}

static int rewrite_option(struct rewrite_opts *o, int c)
{
	switch (c) {
	case OPT_KEEP_DATE:
		o->keep_committer_date = true;
		return 1;
	case OPT_DETACHED:
		o->detached = true;
		return 1;
	case OPT_DROP_SIGS:
		o->drop_signatures = true;
		return 1;
	case OPT_FORCE:
		o->force = true;
		return 1;
	case OPT_DRY_RUN:
		o->dry_run = true;
		return 1;
	}
	return 0;
}

int cmd_amend(int argc, char **argv)
{
	static const struct option longopts[] = {
		ANSWER_OPTIONS,
		{ "keep-committer-date", no_argument, NULL, OPT_KEEP_DATE },
		{ "detached", no_argument, NULL, OPT_DETACHED },
		{ "drop-signatures", no_argument, NULL, OPT_DROP_SIGS },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct rewrite_opts opts = { 0 };
	struct answers a = { 0 };
	struct cli_ctx ctx;
	int c, rc = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (cli_answer_option(&a, c, optarg) ||
		    rewrite_option(&opts, c))
			continue;
		if (c == 'h') {
			fputs(amend_usage, stdout);
			goto out;
		}
		rc = cli_bad_option(amend_usage, "amend", argv, c);
		goto out;
	}
	if (optind < argc)
		opts.range = argv[optind++];
	if (optind < argc) {
		rc = cli_usage_error(amend_usage, "amend",
				     "unexpected argument '%s': give one range",
				     argv[optind]);
		goto out;
	}
	a.range = opts.range;
	if (cli_ctx_init(&ctx, &a, true) < 0 || amend_range(&ctx, &opts) < 0)
		rc = cli_fail(EXIT_USAGE);
	else if (!opts.dry_run)
		cli_remember(&ctx);
	cli_ctx_release(&ctx);
out:
	answers_release(&a);
	return rc;
}
