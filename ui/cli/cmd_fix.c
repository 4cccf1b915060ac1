/*
 * git disclose fix: apply the corrections check proposes, to a message
 * or to the commits of a range.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "b4.h"
#include "catalogue.h"
#include "cli.h"
#include "diff.h"
#include "file.h"
#include "fix.h"
#include "mail.h"
#include "message.h"
#include "policy.h"
#include "repo.h"
#include "sanitize.h"
#include "util.h"

/* The whole-range rewrite may not be linked in yet: then HEAD only. */
#pragma weak repo_rewrite
#pragma weak rewrite_result_release

static const char fix_usage[] =
	"usage: git disclose fix [--dry-run] [<answers>] [<range>]\n"
	"       git disclose fix [--dry-run] [<answers>] --message FILE|- [--in-place]\n"
	"\n"
	"Applies the corrections git disclose check proposes: vendor trailers\n"
	"and footers (Co-authored-by: Claude..., Made-with: Cursor, Generated\n"
	"with [Claude Code]) become one Assisted-by: line; AI sign-offs and AI\n"
	"Co-developed-by: lines are removed with the sign-off paired with them;\n"
	"your Signed-off-by: is placed last. The agent and model come from the\n"
	"vendor identity and the catalogue; when they cannot be told, pass them.\n"
	"Another person's lines are theirs: a vendor trailer in their part is\n"
	"converted where it stands, their Assisted-by: and sign-offs are kept\n"
	"and named on stderr.\n"
	"\n"
	"  --dry-run          print a unified diff of each message, write nothing\n"
	"  --message FILE     fix the message in FILE (- for standard input)\n"
	"  --in-place         write the fixed message back to FILE\n"
	"  --only <commit>    the answers are for this commit or range (repeatable);\n"
	"                     the other commits of the range are left as they are\n"
	"\n"
	"Facts are per commit: --agent and --model fill what a commit does not\n"
	"say of itself. When they contradict a commit's own lines, nothing is\n"
	"written and the commits are named (exit 1): use --only.\n"
	ANSWER_USAGE;

enum { OPT_DRY_RUN = OPT_CLI_LAST, OPT_MESSAGE, OPT_IN_PLACE, OPT_ONLY };

struct fixer {
	struct answers answers;
	bool dry_run;
	bool in_place;
	const char *message;
	const char *range;
	struct repo *repo;
	struct catalogue *cat;
	struct ident human;
	bool have_human;
	struct fix_opts fo;
	struct buf notes;
	/* range mode */
	char head[OID_HEX + 1];
	struct buf head_msg;
	bool head_changed;
	size_t nr_commits, nr_changed, nr_skipped;
	int status;
	char **only;			/* --only, full ids once resolved */
	size_t nr_only;
	struct buf disagree;		/* commits whose facts contradict */
	size_t nr_disagree;
	struct buf failed;		/* commits fix cannot fix alone */
	size_t nr_failed;
	struct buf kept;		/* not named by --only: left as is */
	size_t nr_kept;
	size_t nr_answered;		/* commits that got --agent/--model */
	/* the pack declines AI content: why no change may be written */
	char *declined;
};

/* git config's answers where no option gives one, only when asked
 * (--remembered); said on stderr. */
static int remembered(struct fixer *fx)
{
	struct answers *a = &fx->answers;
	char *tools = NULL, *from, *save = NULL;

	if (!a->agent) {
		if (repo_config_get(&a->agent, fx->repo, "disclose.agent") < 0)
			return -1;
		a->agent_remembered = a->agent != NULL;
	}
	if (!a->model) {
		if (repo_config_get(&a->model, fx->repo, "disclose.model") < 0)
			return -1;
		a->model_remembered = a->model != NULL;
	}
	if (!a->tools && !a->no_tools &&
	    repo_config_get(&tools, fx->repo, "disclose.tools") == 0 &&
	    tools && *tools) {
		for (char *t = strtok_r(tools, " \t,", &save); t;
		     t = strtok_r(NULL, " \t,", &save))
			answers_add_tool(a, t);
		a->tools_remembered = true;
	}
	free(tools);
	from = answers_remembered(a);
	if (!*from) {
		free(from);
		return error_set("--remembered: git config holds no answer to use (disclose.agent, disclose.model, disclose.tools are unset): pass --agent NAME and --model VERSION");
	}
	fprintf(stderr, "git disclose: answers from %s where no option gives them\n",
		from);
	free(from);
	return 0;
}

/* --model as typed becomes the id check asks for, and that is said. */
static int canonical_model(struct fixer *fx)
{
	struct answers *a = &fx->answers;
	const struct cat_agent *ag = a->agent ?
		catalogue_agent(fx->cat, a->agent) :
		catalogue_agent_for_model(fx->cat, a->model, NULL);
	struct assisted *as;

	if (fx->fo.form != FORM_AGENT_MODEL || (!ag && !a->agent))
		return 0;
	as = assisted_new(ag ? ag->name : a->agent, a->model);
	if (assisted_resolve(as, fx->cat) < 0) {
		assisted_free(as);
		return -1;
	}
	cli_note_model(a->model, as->model);
	str_set(&a->model, as->model);
	assisted_free(as);
	return 0;
}

static int setup(struct fixer *fx)
{
	struct policy_choice pc;
	char *warn;
	int rc;

	if (repo_open(&fx->repo, NULL) < 0) {
		if (!fx->message)
			return -1;
		fx->repo = NULL;
		error_clear();
	}
	rc = policy_resolve(&pc, fx->answers.policy, fx->repo, fx->range);
	fx->fo.form = pc.policy.form;
	warn = rc == 0 ? policy_checkpatch_warning(&pc) : NULL;
	if (warn)
		fprintf(stderr, "git disclose fix: warning: %s\n", warn);
	free(warn);
	/* fix writes Assisted-by: lines: none under a pack declining AI */
	if (rc == 0 && policy_refuse_declined(&pc.policy) < 0) {
		fx->declined = xstrdup(error_last());
		error_clear();
	}
	if (rc == 0 && catalogue_load(&fx->cat) == 0)
		policy_extend_catalogue(fx->cat, &pc);
	else
		rc = -1;
	policy_choice_release(&pc);
	if (rc < 0)
		return -1;
	if (!fx->answers.no_signoff) {
		if (repo_identity(&fx->human, fx->repo) < 0)
			return -1;
		fx->have_human = true;
	}
	fx->fo.cat = fx->cat;
	fx->fo.human = fx->have_human ? &fx->human : NULL;
	if (fx->answers.remembered && remembered(fx) < 0)
		return -1;
	if (fx->answers.agent && fx->fo.form == FORM_AGENT_MODEL &&
	    assisted_check_agent(fx->answers.agent) < 0)
		return -1;
	if (fx->answers.model && canonical_model(fx) < 0)
		return -1;
	fx->fo.agent = fx->answers.agent;
	fx->fo.model = fx->answers.model;
	fx->fo.comment_char = repo_comment_char(fx->repo);
	fx->fo.notes = &fx->notes;
	if (fx->answers.tools || fx->answers.no_tools) {
		if (!fx->answers.tools)
			answers_add_tool(&fx->answers, "");
		fx->fo.tools = fx->answers.no_tools ? (char *[]){ NULL }
						    : fx->answers.tools;
	}
	return 0;
}

static void print_diff(const char *old, size_t old_len, const char *new,
		       size_t new_len, const char *label)
{
	struct buf d = BUF_INIT, a = BUF_INIT, b = BUF_INIT;

	buf_addf(&a, "a/%s", label);
	buf_addf(&b, "b/%s", label);
	diff_unified(&d, old, old_len, new, new_len, a.ptr, b.ptr);
	/* the diff is for a human: commit text reaches the terminal inert */
	sanitize_write_lines(stdout, buf_cstr(&d), d.len);
	buf_release(&d);
	buf_release(&a);
	buf_release(&b);
}

/* What fix left alone (another person's lines), on stderr. */
static void print_notes(struct fixer *fx, const char *id)
{
	cli_print_notes(&fx->notes, id);
}

static int fix_file(struct fixer *fx)
{
	struct buf in = BUF_INIT, out = BUF_INIT;
	bool changed;
	int rc = -1;

	fx->fo.divider = true;
	if (read_file(&in, fx->message) < 0)
		goto out;
	if (mail_detect(in.ptr ? in.ptr : "", in.len) != MAIL_PLAIN) {
		error_set("%s holds patch mail: fix rewrites commit messages, and editing a mail's encoded body or headers in place would break it; apply it with git am (or b4 am), run git disclose fix on the commits, or see the findings with git disclose check",
			  strcmp(fx->message, "-") ? fx->message : "stdin");
		goto out;
	}
	rc = fix_message(&out, &changed, in.ptr ? in.ptr : "", in.len,
			 &fx->fo);
	print_notes(fx, NULL);
	if (rc == 0 && changed && fx->declined)
		rc = error_set("%s", fx->declined);
	if (rc < 0)
		goto out;
	rc = -1;
	if (fx->dry_run)
		print_diff(in.ptr ? in.ptr : "", in.len, out.ptr, out.len,
			   strcmp(fx->message, "-") ? fx->message : "stdin");
	else if (fx->in_place && changed)
		rc = write_file_edit(fx->message, out.ptr, out.len);
	else if (!fx->in_place)
		fwrite(out.ptr, 1, out.len, stdout);
	if (rc == -1 && !(fx->in_place && changed && !fx->dry_run))
		rc = 0;
	if (fx->in_place && !fx->dry_run && rc == 0)
		fprintf(stderr, "%s: %s\n", fx->message,
			changed ? "fixed" : "nothing to fix");
out:
	buf_release(&in);
	buf_release(&out);
	return rc;
}

static bool is_only(const struct fixer *fx, const char *id)
{
	for (size_t i = 0; i < fx->nr_only; i++)
		if (!strcmp(fx->only[i], id))
			return true;
	return false;
}

/* Does the answer contradict what the commit says of itself? */
static int check_facts(struct fixer *fx, const struct commit_info *c,
		       const struct lint_facts *lf)
{
	struct message *m = NULL;
	struct commit_facts f;
	char *subject;

	if (message_parse_commit(&m, c->message, c->message_len,
				 fx->fo.comment_char) < 0)
		return -1;
	commit_facts_read(&f, m, lf, fx->fo.human, fx->fo.form, fx->cat);
	message_free(m);
	if (commit_facts_disagree(&f, fx->answers.agent, fx->answers.model,
				  fx->fo.form, fx->cat)) {
		subject = sanitize_dup(c->message,
				       strcspn(c->message, "\n"));
		buf_addf(&fx->disagree, "  %.12s %s: its own facts say %s%s%s",
			 c->id, subject, f.agent->name, f.model ? ":" : "",
			 f.model ? f.model : "");
		if (f.source)
			buf_addf(&fx->disagree, " (from %s)", f.source);
		buf_addch(&fx->disagree, '\n');
		fx->nr_disagree++;
		free(subject);
	}
	commit_facts_release(&f);
	return 0;
}

/* Fix one commit's message into out, with its author and committer. */
static int fix_commit_message(struct buf *out, bool *changed,
			      struct fixer *fx, const struct commit_info *c)
{
	struct ident author = { c->author_name, c->author_email };
	struct ident committer = { c->committer_name, c->committer_email };
	struct lint_facts facts = { &author, &committer, NULL, 0, NULL, false };
	size_t disagreed = fx->nr_disagree;
	int rc;

	/* b4 prep's cover letter is not a patch: kept as it is */
	*changed = false;
	if (b4_is_cover(fx->repo, c))
		return 0;
	/* with --only, the answers are for the commits named alone */
	if (fx->nr_only && !is_only(fx, c->id))
		return 0;
	if (!fx->nr_only && check_facts(fx, c, &facts) < 0)
		return -1;
	/* its own facts contradict the answer: the run writes nothing */
	if (fx->nr_disagree > disagreed)
		return 0;
	fx->fo.divider = false;
	fx->fo.facts = &facts;
	rc = fix_message(out, changed, c->message, c->message_len, &fx->fo);
	fx->fo.facts = NULL;
	print_notes(fx, c->id);
	if (rc == 0 && *changed && fx->declined)
		rc = error_set("%s", fx->declined);
	if (rc < 0) {
		struct buf e = BUF_INIT;

		buf_addf(&e, "commit %.12s: %s", c->id, error_last());
		/* an answer for one commit must not contradict the others */
		if (strstr(e.ptr, "--model") || strstr(e.ptr, "--agent"))
			buf_addf(&e, "; with --only %.12s the answer is for this commit alone" ONLY_KEEPS,
				 c->id);
		error_set("%s", e.ptr);
		buf_release(&e);
	}
	return rc;
}

/* The answer typed, as it is written into a line (model, else agent). */
static const char *typed_answer(const struct fixer *fx)
{
	const struct answers *a = &fx->answers;

	if (a->model && !a->model_remembered)
		return a->model;
	return a->agent && !a->agent_remembered ? a->agent : NULL;
}

/* Is the line at line (up to its newline) a whole line of text? */
static bool has_line(const char *text, const char *line, size_t len)
{
	for (const char *p = text; (p = strstr(p, "\n")); p++)
		if (!strncmp(p + 1, line, len) &&
		    (p[1 + len] == '\n' || !p[1 + len]))
			return true;
	return false;
}

/* Did the fix write a new Assisted-by line with the answer typed? */
static bool answer_used(const struct fixer *fx, const struct commit_info *c,
			const struct buf *out)
{
	const char *v = typed_answer(fx);

	if (!v)
		return false;
	for (const char *p = out->ptr; p && *p; p = strchr(p, '\n')) {
		const char *end;
		size_t len;

		p += *p == '\n';
		end = strchrnul(p, '\n');
		len = (size_t)(end - p);
		if (!strncmp(p, ASSISTED_KEY ":", strlen(ASSISTED_KEY) + 1) &&
		    memmem(p, len, v, strlen(v)) &&
		    !has_line(c->message, p, len))
			return true;
	}
	return false;
}

/* --model (or --agent) that no commit needed is said, not ignored. */
static void say_unused(const struct fixer *fx)
{
	const char *v = typed_answer(fx);

	if (!v || fx->nr_answered || fx->nr_failed || fx->nr_disagree)
		return;
	fprintf(stderr, "git disclose: no commit of the range needed --%s %s (none has an AI trace that lacks it): it was not used\n",
		v == fx->answers.model ? "model" : "agent", v);
}

/* HEAD-only mode: compute every fix first, so a failure writes nothing. */
static int walk_one(const struct commit_info *c, void *data)
{
	struct fixer *fx = data;
	struct buf out = BUF_INIT;
	bool changed;

	if (b4_is_cover(fx->repo, c)) {
		printf("%.12s: skipped: b4 prep's cover letter, not a patch (kept as it is)\n",
		       c->id);
		return 0;
	}
	fx->nr_commits++;
	if (fx->nr_only && !is_only(fx, c->id)) {
		char *subject = sanitize_dup(c->message,
					     strcspn(c->message, "\n"));

		buf_addf(&fx->kept, "  %.12s %s\n", c->id, subject);
		fx->nr_kept++;
		free(subject);
	}
	/* every commit that needs an answer is named, in one run */
	if (fix_commit_message(&out, &changed, fx, c) < 0) {
		buf_addf(&fx->failed, "  %s\n", error_last());
		fx->nr_failed++;
		error_clear();
		buf_release(&out);
		return 0;
	}
	if (changed && answer_used(fx, c, &out))
		fx->nr_answered++;
	if (changed) {
		fx->nr_changed++;
		if (fx->dry_run)
			print_diff(c->message, c->message_len, out.ptr,
				   out.len, c->id);
		else if (!strcmp(c->id, fx->head))
			fx->head_changed = true;
		else
			fx->nr_skipped++;
		if (!strcmp(c->id, fx->head)) {
			buf_reset(&fx->head_msg);
			buf_add(&fx->head_msg, out.ptr, out.len);
		}
	}
	buf_release(&out);
	return 0;
}

static int amend_head(struct fixer *fx)
{
	char new_id[OID_HEX + 1], *undo = NULL;
	bool changed;

	if (!fx->head_changed) {
		printf("HEAD %.12s: nothing to fix\n", fx->head);
		return 0;
	}
	if (repo_amend_head(new_id, &undo, &changed, fx->repo,
			    fx->head_msg.ptr, "disclose: fix HEAD") < 0)
		return -1;
	printf("fixed HEAD %.12s -> %.12s\n", fx->head, new_id);
	if (undo)
		printf("undo: " REWRITE_UNDO "\n  (" REWRITE_UNDO_WHY ")\n",
		       undo);
	rewrite_release_signals();
	free(undo);
	return 0;
}

static int reword(struct buf *out, const struct commit_info *c, void *data)
{
	struct fixer *fx = data;
	bool changed;

	return fix_commit_message(out, &changed, fx, c);
}

static int rewrite_range(struct fixer *fx)
{
	struct rewrite_result res = { 0 };
	struct rewrite_opts opts = { 0 };
	int rc;

	opts.range = fx->range;
	opts.reflog_msg = "disclose: fix";
	rc = repo_rewrite(&res, fx->repo, &opts, reword, fx);
	if (rc == 0 && res.warning)
		fprintf(stderr, "git disclose: warning: %s\n", res.warning);
	if (rc == 0 && !res.nr_changed) {
		printf("nothing to fix in %zu commit%s\n", res.nr_commits,
		       res.nr_commits == 1 ? "" : "s");
	} else if (rc == 0) {
		printf("fixed %zu of %zu commit%s: %s %.12s -> %.12s\n",
		       res.nr_changed, res.nr_commits,
		       res.nr_commits == 1 ? "" : "s",
		       res.ref ? res.ref : "HEAD", res.old_tip, res.new_tip);
		printf("undo: " REWRITE_UNDO "\n  (" REWRITE_UNDO_WHY ")\n",
		       rewrite_undo_ref(&res));
	}
	rewrite_result_release(&res);
	return rc;
}

/* With no range given on a b4 prep branch, say the range is b4's. */
static int say_b4_range(struct repo *r)
{
	struct buf b = BUF_INIT;
	int rc = b4_range_note(&b, r);

	if (rc > 0)
		printf("%s\n", b.ptr);
	buf_release(&b);
	return rc < 0 ? -1 : 0;
}

static int fix_range(struct fixer *fx)
{
	struct commit_info *head = NULL;
	int rc = -1;

	if (cli_resolve_only(&fx->only, &fx->nr_only, fx->repo) < 0 ||
	    repo_head(&head, fx->repo) < 0)
		return -1;
	memcpy(fx->head, head->id, sizeof(fx->head));
	commit_info_free(head);
	if (!fx->range && say_b4_range(fx->repo) < 0)
		return -1;
	/* every fix is computed first: a commit that needs an option
	 * stops everything before anything is written */
	if (repo_walk(fx->repo, fx->range, walk_one, fx) < 0)
		goto out;
	say_unused(fx);
	if (fx->nr_kept)
		fprintf(stderr, "git disclose: --only: %zu commit%s of the range %s left as %s were:\n%s",
			fx->nr_kept, fx->nr_kept == 1 ? "" : "s",
			fx->nr_kept == 1 ? "is" : "are",
			fx->nr_kept == 1 ? "it" : "they", fx->kept.ptr);
	if (fx->nr_failed) {
		fprintf(stderr, "git disclose: %zu of %zu commit%s of the range need%s an answer that fix cannot tell:\n%s",
			fx->nr_failed, fx->nr_commits,
			fx->nr_commits == 1 ? "" : "s",
			fx->nr_failed == 1 ? "s" : "", fx->failed.ptr);
		if (fx->nr_failed == 1)
			error_set("nothing was written: give the answer it names");
		else
			error_set("nothing was written: give the answer for all %zu (e.g. --model VERSION), or each its own with --only <commit>" ONLY_KEEPS,
				  fx->nr_failed);
		goto out;
	}
	if (fx->nr_disagree) {
		fprintf(stderr, "git disclose: the answer%s%s%s%s contradicts what %zu commit%s of the range say%s of %s:\n%s",
			fx->answers.agent ? " --agent " : "",
			fx->answers.agent ? fx->answers.agent : "",
			fx->answers.model ? " --model " : "",
			fx->answers.model ? fx->answers.model : "",
			fx->nr_disagree, fx->nr_disagree == 1 ? "" : "s",
			fx->nr_disagree == 1 ? "s" : "",
			fx->nr_disagree == 1 ? "itself" : "themselves",
			fx->disagree.ptr);
		fprintf(stderr, "nothing was written: leave out --agent/--model to keep each commit's own facts, or say which commit gets this answer with --only <commit>" ONLY_KEEPS "\n");
		fx->status = EXIT_POLICY;
		return 0;
	}
	if (!fx->dry_run && repo_rewrite && rewrite_result_release)
		return rewrite_range(fx);
	if (fx->dry_run) {
		fprintf(stderr, "%zu commit%s, %zu would change\n",
			fx->nr_commits, fx->nr_commits == 1 ? "" : "s",
			fx->nr_changed);
		rc = 0;
		goto out;
	}
	rc = amend_head(fx);
	if (rc == 0 && fx->nr_skipped) {
		fprintf(stderr, "git disclose: %zu older commit%s of the range need%s fixing, but this build rewrites HEAD only: see them with git disclose fix --dry-run%s%s\n",
			fx->nr_skipped, fx->nr_skipped == 1 ? "" : "s",
			fx->nr_skipped == 1 ? "s" : "",
			fx->range ? " " : "", fx->range ? fx->range : "");
		fx->status = EXIT_POLICY;
	}
out:
	return rc;
}

static int parse_options(struct fixer *fx, int argc, char **argv)
{
	static const struct option longopts[] = {
		ANSWER_OPTIONS,
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "message", required_argument, NULL, OPT_MESSAGE },
		{ "in-place", no_argument, NULL, OPT_IN_PLACE },
		{ "only", required_argument, NULL, OPT_ONLY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":nh", longopts, NULL)) != -1) {
		if (cli_answer_option(&fx->answers, c, optarg))
			continue;
		switch (c) {
		case OPT_DRY_RUN: case 'n': fx->dry_run = true; break;
		case OPT_MESSAGE: fx->message = optarg; break;
		case OPT_IN_PLACE: fx->in_place = true; break;
		case OPT_ONLY:
			fx->only = xrealloc(fx->only, (fx->nr_only + 2) *
					    sizeof(*fx->only));
			fx->only[fx->nr_only++] = xstrdup(optarg);
			fx->only[fx->nr_only] = NULL;
			break;
		case 'h': fputs(fix_usage, stdout); return CLI_HELP;
		default: return cli_bad_option(fix_usage, "fix", argv, c);
		}
	}
	if (optind < argc && !strcmp(argv[optind], "-") && !fx->message)
		fx->message = argv[optind++];
	else if (optind < argc)
		fx->range = argv[optind++];
	if (optind < argc)
		return cli_usage_error(fix_usage, "fix",
				       "unexpected argument '%s': give one range",
				       argv[optind]);
	if (fx->message && fx->range)
		return cli_usage_error(fix_usage, "fix",
				       "give a range or --message, not both");
	if (fx->nr_only && fx->message)
		return cli_usage_error(fix_usage, "fix",
				       "--only names commits of a range, not --message");
	if (fx->in_place && (!fx->message || !strcmp(fx->message, "-")))
		return cli_usage_error(fix_usage, "fix",
				       "--in-place needs --message FILE");
	return 0;
}

int cmd_fix(int argc, char **argv)
{
	struct fixer fx = { 0 };
	int rc = parse_options(&fx, argc, argv);

	if (rc)
		goto out;
	if (setup(&fx) < 0 ||
	    (fx.message ? fix_file(&fx) : fix_range(&fx)) < 0) {
		fflush(stdout);
		rc = cli_fail(EXIT_USAGE);
		goto out;
	}
	rc = fflush(stdout) ? EXIT_USAGE : fx.status;
out:
	if (fx.have_human)
		ident_release(&fx.human);
	catalogue_free(fx.cat);
	repo_free(fx.repo);
	buf_release(&fx.head_msg);
	answers_release(&fx.answers);
	for (size_t i = 0; i < fx.nr_only; i++)
		free(fx.only[i]);
	free(fx.only);
	buf_release(&fx.disagree);
	buf_release(&fx.failed);
	buf_release(&fx.kept);
	free(fx.declined);
	return rc == CLI_HELP ? 0 : rc;
}
