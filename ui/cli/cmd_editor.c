/*
 * The editor that git disclose commit puts in GIT_EDITOR: run the real
 * editor exactly as git would (its configured command line through sh,
 * with the file as "$1", on the terminal, in the terminal's foreground
 * process group), then place the trailers in what was written. An empty
 * message is left alone so that git aborts the commit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "file.h"
#include "lint.h"
#include "message.h"
#include "place.h"
#include "policy.h"
#include "repo.h"
#include "run.h"
#include "util.h"

/*
 * The real editor failed (:cq): git disclose commit, which ran git,
 * says so in the end, naming the editor (DISCLOSE_EDITOR_NOTE is the
 * file it reads); git's own message names only this program.
 */
static int editor_failed(const char *editor, int status)
{
	const char *note = getenv("DISCLOSE_EDITOR_NOTE");
	struct buf b = BUF_INIT;
	int rc;

	buf_addf(&b, "%d %s", status, editor);
	rc = note && *note &&
	     write_file_atomic(note, b.ptr, b.len, 0600) == 0;
	buf_release(&b);
	if (rc)
		return -2;
	return error_set("the editor '%s' failed (exit status %d)", editor,
			 status);
}

static int run_real_editor(const char *editor, const char *file)
{
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result res;
	struct buf script = BUF_INIT;
	const char *argv[] = { "sh", "-c", NULL, editor, file, NULL };
	int rc;

	if (!strcmp(editor, ":"))
		return 0;
	/* the user's own editor setting is a shell command line, as in git */
	buf_addf(&script, "%s \"$@\"", editor);
	argv[2] = script.ptr;
	o.stdin_path = "-";
	o.foreground = true;
	rc = run_wait(&res, argv, &o);
	buf_release(&script);
	if (rc < 0)
		return -1;
	/* Ctrl-C killed the editor: die of it too, so git aborts as usual */
	run_raise_interrupt(&res);
	if (res.status)
		return editor_failed(editor, res.status);
	return 0;
}

/*
 * The comment character git chose for this file under core.commentChar
 * "auto" (one of #;@!$%^&|: not starting a line of the message): the
 * one starting the scissors line, else git's help text at the end.
 */
static char auto_comment_char(const char *text, size_t len)
{
	static const char scissors[] = " ------------------------ >8 -----";
	const char *p = text, *end = text + len, *last = NULL;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);

		if (n > sizeof(scissors) && strchr("#;@!$%^&|:", *p) &&
		    !memcmp(p + 1, scissors, sizeof(scissors) - 1))
			return *p;
		if (n)
			last = p;
		p += n + 1;
	}
	return last && *last && strchr("#;@!$%^&|:", *last) ? *last : '#';
}

/*
 * Say to git disclose commit why the message got no trailers (the
 * answer contradicts it, or it does not tell a model): "!STATUS why".
 */
static bool note_refused(int status)
{
	const char *note = getenv("DISCLOSE_EDITOR_NOTE");
	struct buf b = BUF_INIT;
	bool done;

	buf_addf(&b, "!%d %s", status, error_last());
	done = note && *note && write_file_atomic(note, b.ptr, b.len,
						  0600) == 0;
	buf_release(&b);
	return done;
}

/*
 * What the human wrote gets what git disclose commit's -m path gives a
 * message (cli_plan_message): its own facts first, the answer for a
 * message without them; an answer typed that contradicts them stops
 * the commit.
 */
static int place_message(struct buf *out, const struct buf *in, char cc,
			 struct cli_ctx *ctx)
{
	struct answers a = { 0 };
	const char *agent = getenv("DISCLOSE_GIVEN_AGENT");
	const char *model = getenv("DISCLOSE_GIVEN_MODEL");
	struct lint_facts lf = { &ctx->human, &ctx->human, NULL,
				 0, NULL, false };
	struct assisted *as = NULL;
	struct commit_facts f;
	struct message *m = NULL;
	enum cli_plan plan = CLI_PLAN_SIGNOFF;
	struct buf name = BUF_INIT;
	int rc;

	a.agent = agent && *agent ? xstrdup(agent) : NULL;
	a.model = model && *model ? xstrdup(model) : NULL;
	message_parse_commit(&m, in->ptr, in->len, cc);
	rc = cli_plan_message(&as, &plan, &f, m, &lf, ctx, &a, NULL);
	if (rc == 0 && plan == CLI_PLAN_DISAGREE) {
		cli_facts_name(&name, &f);
		rc = error_set("the answer %s%s%s contradicts what the message says of itself: %s; nothing was committed: leave out --agent/--model to write the message's own facts, or correct the message",
			       a.agent ? a.agent : "", a.model ? ":" : "",
			       a.model ? a.model : "", name.ptr);
		rc = -2;
	}
	if (rc == 0)
		rc = cli_write_message(out, ctx, in->ptr, in->len, &lf, cc,
				       as, NULL, false);
	buf_release(&name);
	commit_facts_release(&f);
	assisted_free(as);
	message_free(m);
	answers_release(&a);
	return rc;
}

static int place_file(const char *file, struct repo *r)
{
	const char *value = getenv("DISCLOSE_ASSISTED");
	const char *who = getenv("DISCLOSE_SIGNOFF");
	const char *policy = getenv("DISCLOSE_POLICY");
	struct policy_choice pc;
	struct buf in = BUF_INIT, out = BUF_INIT;
	struct cli_ctx ctx = { 0 };
	char cc;
	int rc = -1;

	if (!value)
		return error_set("__editor is run by git disclose commit only");
	/* the pack commit chose, else the one resolver's (config, tree) */
	if (policy_resolve(&pc, policy && *policy ? policy : NULL, r,
			   NULL) < 0)
		return -1;
	ctx.form = pc.policy.form;
	rc = catalogue_load(&ctx.cat);
	if (rc == 0)
		policy_extend_catalogue(ctx.cat, &pc);
	policy_choice_release(&pc);
	if (rc < 0)
		return -1;
	rc = -1;
	/* "": no Assisted-by, the sign-off alone */
	if (*value && assisted_parse(&ctx.assisted, value, ctx.form) < 0) {
		error_set("the Assisted-by: value '%s' is not of the policy's form (%s): git disclose commit and its editor disagree; run git disclose amend after the commit",
			  value, error_last());
		goto out;
	}
	if (read_file(&in, file) < 0)
		goto out;
	cc = repo_comment_char_is_auto(r) ? auto_comment_char(in.ptr, in.len)
					  : repo_comment_char(r);
	if (who && *who) {
		ident_parse(&ctx.human, who);
		ctx.have_human = true;
	}
	rc = place_message(&out, &in, cc, &ctx);
	if (rc == -1 && !strncmp(error_last(), "the message is empty", 20)) {
		rc = 0;		/* empty: git aborts the commit itself */
		goto out;
	}
	/* -3: git disclose commit says why, with the status */
	if (rc < 0 && note_refused(rc == -2 ? EXIT_POLICY : EXIT_USAGE))
		rc = -3;
	if (rc < 0)
		goto out;
	rc = write_file_atomic(file, out.ptr, out.len, 0600);
out:
	/* ctx.repo stays the caller's */
	cli_ctx_release(&ctx);
	buf_release(&in);
	buf_release(&out);
	return rc;
}

int cmd_editor(int argc, char **argv)
{
	const char *editor = getenv("DISCLOSE_REAL_EDITOR");
	struct repo *r = NULL;
	int rc;

	if (argc != 2 || !editor)
		return cli_usage_error("", "__editor",
				       "this is git disclose commit's editor: run git disclose commit instead");
	rc = run_real_editor(editor, argv[1]);
	if (rc == -2)
		return EXIT_USAGE;	/* git disclose commit says it */
	if (rc < 0)
		return cli_fail(EXIT_USAGE);
	if (repo_open_optional(&r, NULL) < 0)
		return cli_fail(EXIT_USAGE);
	rc = place_file(argv[1], r);
	repo_free(r);
	if (rc == -3)
		return EXIT_USAGE;
	if (rc == -2)
		return cli_fail(EXIT_POLICY);
	return rc < 0 ? cli_fail(EXIT_USAGE) : 0;
}
