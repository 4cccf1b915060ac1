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
#include "lint.h"
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
	"  --only <commit>    the answers are for this commit or range (repeatable);\n"
	"                     the other commits of the range are left as they are\n"
	"\n"
	"Facts are per commit: a commit whose own lines (Assisted-by:, a vendor\n"
	"Co-authored-by:, an AI sign-off) in your part name its agent and model\n"
	"keeps them; the answers fill the commits with no facts of their own,\n"
	"which without --agent and --model (or --remembered) get your sign-off\n"
	"alone. Another person's lines are theirs: never copied into your part.\n"
	"When --agent or --model contradict a commit's own facts, nothing is\n"
	"written and the commits are named (exit 1): give each its answer with\n"
	"--only.\n"
	ANSWER_USAGE;

enum {
	OPT_KEEP_DATE = OPT_CLI_LAST, OPT_DETACHED, OPT_DROP_SIGS, OPT_FORCE,
	OPT_DRY_RUN, OPT_ONLY
};

/* What the reword callback saw, to print once the rewrite is done. */
struct seen {
	char *subject;
	char *old_msg;		/* NULL when the message is unchanged */
	char *new_msg;
	bool b4_cover;		/* b4 prep's cover letter: kept */
};

/* What one commit gets, decided before anything is written. */
struct plan {
	char id[OID_HEX + 1];
	bool kept;			/* --only names others: kept as is */
	struct assisted *assisted;	/* NULL: the sign-off alone */
};

struct amend {
	struct cli_ctx *ctx;
	const struct answers *answers;
	char **only;			/* --only, as full ids */
	struct plan *plan;
	size_t nr_plan, cap_plan;
	struct buf disagree;		/* the commits that contradict */
	size_t nr_disagree, nr_remembered;
	struct buf others;		/* commits whose facts are others' */
	size_t nr_others;
	struct buf earlier;		/* ... the human's earlier part's */
	size_t nr_earlier;
	struct buf kept;		/* left as they are (--only) */
	size_t nr_kept;
	size_t nr_signoff_only;		/* commits without facts, no answer */
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

static bool is_only(const struct amend *am, const char *id)
{
	for (char **o = am->only; o && *o; o++)
		if (!strcmp(*o, id))
			return true;
	return false;
}

static const struct plan *plan_for(const struct amend *am, const char *id)
{
	for (size_t i = 0; i < am->nr_plan; i++)
		if (!strcmp(am->plan[i].id, id))
			return &am->plan[i];
	return NULL;
}

static void note_disagree(struct amend *am, const struct commit_info *c,
			  const struct commit_facts *f)
{
	char *subject = subject_line(c->message);

	buf_addf(&am->disagree, "  %.12s %s: its own facts say ", c->id,
		 subject);
	cli_facts_name(&am->disagree, f);
	buf_addch(&am->disagree, '\n');
	am->nr_disagree++;
	free(subject);
}

/* Another person's part discloses their AI use: theirs, not the user's. */
static void note_others(struct amend *am, const struct commit_info *c,
			const struct commit_facts *f)
{
	char *subject = subject_line(c->message);
	char *line = sanitize_dup(f->others_source,
				  strlen(f->others_source));

	/* a part ending in the human's own sign-off is theirs, earlier */
	if (f->others_human) {
		buf_addf(&am->earlier, "  %.12s %s: your line '%s'\n", c->id,
			 subject, line);
		am->nr_earlier++;
	} else {
		buf_addf(&am->others, "  %.12s %s: %s's line '%s'\n", c->id,
			 subject, f->others, line);
		am->nr_others++;
	}
	free(line);
	free(subject);
}

/* A commit --only does not name: left as it is, and named so. */
static void note_kept(struct amend *am, const struct commit_info *c)
{
	char *subject = subject_line(c->message);

	buf_addf(&am->kept, "  %.12s %s\n", c->id, subject);
	am->nr_kept++;
	free(subject);
}

/*
 * The rule commit shares (cli_plan_message): a commit's own facts
 * first, the answer for a commit without them; a commit whose facts are
 * another person's keeps them as theirs and gets the sign-off alone
 * (--only gives it an answer).
 */
static int decide(struct plan *p, struct amend *am,
		  const struct commit_info *c, const struct message *m)
{
	struct ident author = { c->author_name, c->author_email };
	struct ident committer = { c->committer_name, c->committer_email };
	struct lint_facts lf = { &author, &committer, NULL, 0, NULL, false };
	const struct assisted *as = am->ctx->assisted;
	struct commit_facts f;
	enum cli_plan plan = CLI_PLAN_SIGNOFF;
	int rc;

	if (am->only) {
		if (is_only(am, c->id) && !as)
			return error_set("commit %.12s: --only gives it the answers, but none were given: pass --agent NAME and --model VERSION",
					 c->id);
		p->kept = !is_only(am, c->id);
		p->assisted = is_only(am, c->id) ?
			      answers_assisted_dup(as) : NULL;
		if (p->kept)
			note_kept(am, c);
		return 0;
	}
	rc = cli_plan_message(&p->assisted, &plan, &f, m, &lf, am->ctx,
			      am->answers, c->id);
	if (rc == 0 && plan == CLI_PLAN_DISAGREE)
		note_disagree(am, c, &f);
	else if (rc == 0 && plan == CLI_PLAN_OTHERS)
		note_others(am, c, &f);
	else if (rc == 0 && plan == CLI_PLAN_SIGNOFF)
		am->nr_signoff_only++;
	else if (rc == 0 && plan == CLI_PLAN_ANSWER &&
		 (am->answers->agent_remembered ||
		  am->answers->model_remembered))
		am->nr_remembered++;
	if (rc < 0) {
		struct buf e = BUF_INIT;

		buf_addf(&e, "commit %.12s: %s", c->id, error_last());
		error_set("%s", e.ptr);
		buf_release(&e);
	}
	commit_facts_release(&f);
	return rc;
}

/* The pre-pass: every commit's answer is decided before any writing. */
static int plan_one(const struct commit_info *c, void *data)
{
	struct amend *am = data;
	struct message *m = NULL;
	struct plan *p;
	int rc;

	if (b4_is_cover(am->ctx->repo, c))
		return 0;
	if (am->nr_plan == am->cap_plan) {
		am->cap_plan = am->cap_plan ? 2 * am->cap_plan : 16;
		am->plan = xrealloc(am->plan,
				    am->cap_plan * sizeof(*am->plan));
	}
	p = &am->plan[am->nr_plan++];
	memset(p, 0, sizeof(*p));
	memcpy(p->id, c->id, sizeof(p->id));
	if (message_parse_commit(&m, c->message, c->message_len,
				 am->comment_char) < 0)
		return -1;
	rc = decide(p, am, c, m);
	message_free(m);
	return rc;
}

/*
 * One pass through the rule, as fix and the assistant make it: the
 * human's part gets the planned Assisted-by (or none) and the sign-off,
 * and what the AI tools left (vendor trailers and footers, AI sign-offs)
 * is converted where it stands, so that the series amend leaves passes
 * check. Another person's lines are kept and named on stderr.
 */
static int write_message(struct buf *out, const struct amend *am,
			 const struct commit_info *c, const struct plan *p)
{
	struct ident author = { c->author_name, c->author_email };
	struct ident committer = { c->committer_name, c->committer_email };
	struct lint_facts facts = { &author, &committer, NULL, 0, NULL, false };

	return cli_write_message(out, am->ctx, c->message, c->message_len,
				 &facts, am->comment_char, p->assisted,
				 c->id, false);
}

static int reword(struct buf *out, const struct commit_info *c, void *data)
{
	struct amend *am = data;
	const struct plan *p;
	struct seen *s;

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
	p = plan_for(am, c->id);
	if (!p || p->kept)
		return 0;	/* a commit the pre-pass did not see: kept */
	if (write_message(out, am, c, p) < 0) {
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
	for (size_t i = 0; i < am->nr_plan; i++)
		assisted_free(am->plan[i].assisted);
	free(am->plan);
	buf_release(&am->disagree);
	buf_release(&am->others);
	buf_release(&am->earlier);
	buf_release(&am->kept);
}

/*
 * Did some commit get the answer as its Assisted-by? Only then is it
 * remembered: an answer that no commit took (their own facts, or
 * another person's disclosure, stood) is no confirmed answer.
 */
static bool answer_written(const struct amend *am)
{
	const struct assisted *as = am->ctx->assisted;

	for (size_t i = 0; as && i < am->nr_plan; i++) {
		const struct assisted *p = am->plan[i].assisted;

		if (p && !strcmp(p->agent, as->agent) &&
		    !p->model == !as->model &&
		    (!p->model || !strcmp(p->model, as->model)))
			return true;
	}
	return false;
}

/* Nothing is written when an answer contradicts a commit's own facts. */
static int refuse_disagreement(const struct amend *am)
{
	const struct assisted *as = am->ctx->assisted;

	fprintf(stderr, "git disclose: the answer %s%s%s contradicts what %zu commit%s of the range say%s of %s:\n%s",
		as ? as->agent : "", as && as->model ? ":" : "",
		as && as->model ? as->model : "", am->nr_disagree,
		am->nr_disagree == 1 ? "" : "s",
		am->nr_disagree == 1 ? "s" : "",
		am->nr_disagree == 1 ? "itself" : "themselves",
		am->disagree.ptr);
	fprintf(stderr, "nothing was written: leave out --agent/--model to keep each commit's own facts, or say which commit gets this answer with --only <commit>" ONLY_KEEPS "\n");
	return EXIT_POLICY;
}

static void say_remembered(const struct amend *am)
{
	const struct assisted *as = am->ctx->assisted;
	char *from;

	if (!am->nr_remembered || !as)
		return;
	from = answers_remembered(am->answers);
	fprintf(stderr, "git disclose: %zu commit%s without facts of %s own get%s Assisted-by: %s%s%s (from %s)\n",
		am->nr_remembered, am->nr_remembered == 1 ? "" : "s",
		am->nr_remembered == 1 ? "its" : "their",
		am->nr_remembered == 1 ? "s" : "", as->agent,
		as->model ? ":" : "", as->model ? as->model : "", from);
	free(from);
}

/*
 * What gets the sign-off alone, and why: commits whose only disclosure
 * is another person's (never copied into the user's part), and commits
 * without facts when no answer was asked for.
 */
/* nr commits whose part of kind what stays as it is, listed in list. */
static void say_kept(size_t nr, const char *what, const char *list,
		     const char *again, bool answered)
{
	if (!nr)
		return;
	fprintf(stderr, "git disclose: %zu commit%s disclose%s %s, which stays as it is; your %spart gets your Signed-off-by alone%s:\n%s",
		nr, nr == 1 ? "" : "s", nr == 1 ? "s" : "", what,
		again ? "new " : "",
		answered ? " (not the answer given for the range)" : "", list);
	fprintf(stderr, "  if an AI helped you%s, give it your answer with --only <commit>" ONLY_KEEPS "\n",
		again ? again : " too on one of them");
}

static void say_without(const struct amend *am)
{
	const struct assisted *as = am->ctx->assisted;
	char *hint;

	say_kept(am->nr_others, "another person's AI use in their part",
		 am->others.ptr, NULL, as);
	say_kept(am->nr_earlier,
		 "AI use in your own earlier part (above another person's sign-off, ending in your earlier sign-off)",
		 am->earlier.ptr, " again after the others' part", as);
	if (!am->nr_signoff_only)
		return;
	hint = answers_remembered_hint(am->ctx->repo);
	fprintf(stderr, "git disclose: %zu commit%s without facts of %s own get%s your Signed-off-by alone, no Assisted-by: if an AI helped, give --agent NAME and --model VERSION%s\n",
		am->nr_signoff_only, am->nr_signoff_only == 1 ? "" : "s",
		am->nr_signoff_only == 1 ? "its" : "their",
		am->nr_signoff_only == 1 ? "s" : "", hint);
	free(hint);
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
	if (res->backup_ref)
		printf("backup: %s (earlier backups: git reflog %s)\n",
		       res->backup_ref, res->backup_ref);
	else
		printf("backup: none (see the warning above): the old tip is %.12s\n",
		       res->old_tip);
	printf("undo: " REWRITE_UNDO "\n  (" REWRITE_UNDO_WHY ")\n",
	       rewrite_undo_ref(res));
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

static int amend_range(struct cli_ctx *ctx, const struct answers *a,
		       char **only, struct rewrite_opts *opts)
{
	struct amend am = { .ctx = ctx, .answers = a, .only = only };
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
	if (repo_walk(ctx->repo, opts->range, plan_one, &am) < 0)
		goto out;
	if (am.nr_disagree) {
		rc = refuse_disagreement(&am);
		goto out;
	}
	say_remembered(&am);
	say_without(&am);
	if (am.nr_kept)
		fprintf(stderr, "git disclose: --only: %zu commit%s of the range %s left as %s were (no answer, no sign-off, nothing converted):\n%s",
			am.nr_kept, am.nr_kept == 1 ? "" : "s",
			am.nr_kept == 1 ? "is" : "are",
			am.nr_kept == 1 ? "it" : "they", am.kept.ptr);
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
	/* answers confirmed by a write that used them */
	if (!opts->dry_run && !am.only && answer_written(&am))
		cli_remember(ctx);
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
		{ "only", required_argument, NULL, OPT_ONLY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct rewrite_opts opts = { 0 };
	struct answers a = { 0 };
	struct cli_ctx ctx;
	char **only = NULL;
	size_t nr_only = 0;
	int c, rc = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (cli_answer_option(&a, c, optarg) ||
		    rewrite_option(&opts, c))
			continue;
		if (c == OPT_ONLY) {
			only = xrealloc(only, (nr_only + 2) * sizeof(*only));
			only[nr_only++] = xstrdup(optarg);
			only[nr_only] = NULL;
			continue;
		}
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
	a.optional = !only;
	if (cli_ctx_init(&ctx, &a, true) < 0 ||
	    cli_resolve_only(&only, &nr_only, ctx.repo) < 0 ||
	    (rc = amend_range(&ctx, &a, only, &opts)) < 0)
		rc = cli_fail(EXIT_USAGE);
	cli_ctx_release(&ctx);
out:
	for (size_t i = 0; i < nr_only; i++)
		free(only[i]);
	free(only);
	answers_release(&a);
	return rc;
}
