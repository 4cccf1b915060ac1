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

static int place_file(const char *file, struct repo *r)
{
	const char *value = getenv("DISCLOSE_ASSISTED");
	const char *who = getenv("DISCLOSE_SIGNOFF");
	const char *policy = getenv("DISCLOSE_POLICY");
	struct place_request req = { 0 };
	struct policy_choice pc;
	struct buf in = BUF_INIT, out = BUF_INIT;
	struct assisted *as = NULL;
	struct message *m = NULL;
	struct ident human = { 0 };
	int rc = -1;

	if (!value)
		return error_set("__editor is run by git disclose commit only");
	/* the pack commit chose, else the one resolver's (config, tree) */
	if (policy_resolve(&pc, policy && *policy ? policy : NULL, r,
			   NULL) < 0)
		return -1;
	req.form = pc.policy.form;
	policy_choice_release(&pc);
	if (assisted_parse(&as, value, req.form) < 0)
		return error_set("the Assisted-by: value '%s' is not of the policy's form (%s): git disclose commit and its editor disagree; run git disclose amend after the commit",
				 value, error_last());
	if (read_file(&in, file) < 0)
		goto out;
	message_parse_commit(&m, in.ptr, in.len,
			     repo_comment_char_is_auto(r)
			     ? auto_comment_char(in.ptr, in.len)
			     : repo_comment_char(r));
	if (who && *who) {
		ident_parse(&human, who);
		req.human = &human;
	}
	req.assisted = as;
	if (place_trailers(&out, m, &req) < 0) {
		rc = 0;		/* empty: git aborts the commit itself */
		goto out;
	}
	rc = write_file_atomic(file, out.ptr, out.len, 0600);
out:
	ident_release(&human);
	assisted_free(as);
	message_free(m);
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
	return rc < 0 ? cli_fail(EXIT_USAGE) : 0;
}
