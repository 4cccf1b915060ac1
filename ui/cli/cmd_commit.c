/*
 * git disclose commit: run git commit so that the new commit carries the
 * trailers placed by the rule. With -m or -F the message is placed here
 * and handed to git with -F; when git opens an editor, git disclose
 * stands in as the editor (GIT_EDITOR), runs the real one, then places
 * the trailers in what the human wrote. -s is dropped: the sign-off is
 * ours to place, so it is never duplicated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "message.h"
#include "place.h"
#include "repo.h"
#include "run.h"
#include "util.h"

static const char commit_usage[] =
	"usage: git disclose commit [<answers>] [-- <git commit arguments>]\n"
	"\n"
	"Runs git commit (by argument vector, never a shell) so that the commit\n"
	"carries Assisted-by: and your Signed-off-by:, placed by the rule, also\n"
	"with -m, -F, -s and when you write the message in the editor.\n"
	"\n"
	ANSWER_USAGE;

/* What the git commit arguments ask for. */
struct commit_args {
	const char **argv;	/* for git, -m/-F/-s removed */
	size_t argc;
	char **made;		/* and pointers to them, to free */
	size_t nr_made;
	struct buf message;	/* from -m (paragraphs) or -F */
	bool have_message;
	bool from_file;
	bool edit;		/* -e: the editor runs even with -m/-F */
	bool no_edit;
	bool amend;
	bool reuse;		/* -C: no editor, message from a commit */
};

static void push_arg(struct commit_args *ca, const char *arg)
{
	ca->argv = xrealloc(ca->argv, (ca->argc + 2) * sizeof(*ca->argv));
	ca->argv[ca->argc++] = arg;
	ca->argv[ca->argc] = NULL;
}

/* Keep a word made here (not from argv) and pass it on to git. */
static void push_made(struct commit_args *ca, char *word)
{
	ca->made = xrealloc(ca->made, (ca->nr_made + 1) * sizeof(*ca->made));
	ca->made[ca->nr_made++] = word;
	push_arg(ca, word);
}

static int add_message(struct commit_args *ca, const char *text, bool file)
{
	if (ca->have_message && ca->from_file != file)
		return error_set("git commit takes -m or -F, not both");
	if (file) {
		if (ca->have_message)
			return error_set("git commit takes one -F");
		if (read_file(&ca->message, text) < 0)
			return -1;
	} else {
		if (ca->message.len)
			buf_adds(&ca->message, "\n");
		buf_adds(&ca->message, text);
		if (!ca->message.len || ca->message.ptr[ca->message.len - 1] != '\n')
			buf_addch(&ca->message, '\n');
	}
	ca->have_message = true;
	ca->from_file = file;
	return 0;
}

/* The value of an option that is given as "-mX", "-m X", "--message=X"
 * or "--message X"; NULL when it is missing. */
static const char *option_value(char **argv, int argc, int *i,
				const char *inline_value)
{
	if (inline_value && *inline_value)
		return inline_value;
	if (*i + 1 < argc)
		return argv[++*i];
	return NULL;
}

static int short_bundle(struct commit_args *ca, char **argv, int argc, int *i)
{
	const char *arg = argv[*i];
	struct buf kept = BUF_INIT;

	buf_addch(&kept, '-');
	for (const char *p = arg + 1; *p; p++) {
		const char *v;

		if (*p == 's')
			continue;
		if (*p == 'e')
			ca->edit = true;
		if (*p == 'm' || *p == 'F') {
			v = option_value(argv, argc, i, p + 1);
			if (!v || add_message(ca, v, *p == 'F') < 0) {
				buf_release(&kept);
				return v ? -1 : error_set("-%c needs a value", *p);
			}
			break;
		}
		if (strchr("CctS", *p)) {
			if (*p == 'C')
				ca->reuse = true;
			/* the rest of the bundle, or the next word, is its value */
			buf_adds(&kept, p);
			if (!p[1] && *p != 'S' && *i + 1 < argc) {
				push_made(ca, xstrdup(kept.ptr));
				buf_reset(&kept);
				push_arg(ca, argv[++*i]);
			}
			break;
		}
		buf_addch(&kept, *p);
	}
	if (kept.len > 1)
		push_made(ca, buf_detach(&kept, NULL));
	buf_release(&kept);
	return 0;
}

static int long_option(struct commit_args *ca, char **argv, int argc, int *i)
{
	const char *arg = argv[*i], *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
	const char *v;

	if (!strncmp(arg, "--signoff", n) && n > 3 && !eq)
		return 0;
	if ((!strncmp(arg, "--message", n) || !strncmp(arg, "--file", n)) &&
	    n > 3) {
		bool file = arg[2] == 'f';

		v = option_value(argv, argc, i, eq ? eq + 1 : NULL);
		if (!v)
			return error_set("%.*s needs a value", (int)n, arg);
		return add_message(ca, v, file);
	}
	if (!strcmp(arg, "--edit"))
		ca->edit = true;
	if (!strcmp(arg, "--no-edit"))
		ca->no_edit = true;
	if (!strcmp(arg, "--amend"))
		ca->amend = true;
	if (!strncmp(arg, "--reuse-message", n) && n > 4)
		ca->reuse = true;
	if (!strncmp(arg, "--fixup", 7) || !strncmp(arg, "--squash", 8))
		return error_set("%s commits get their trailers when they are squashed: run git disclose amend after git rebase --autosquash",
				 arg);
	push_arg(ca, arg);
	return 0;
}

static int scan_args(struct commit_args *ca, int argc, char **argv)
{
	bool paths = false;

	push_arg(ca, "git");
	push_arg(ca, "commit");
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		int rc = 0;

		if (paths || arg[0] != '-' || !arg[1]) {
			push_arg(ca, arg);
		} else if (!strcmp(arg, "--")) {
			paths = true;
			push_arg(ca, arg);
		} else if (arg[1] == '-') {
			rc = long_option(ca, argv, argc, &i);
		} else {
			rc = short_bundle(ca, argv, argc, &i);
		}
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int place_in(struct buf *out, const char *text, size_t len, char cc,
		    struct cli_ctx *ctx)
{
	struct place_request req = { 0 };
	struct message *m;
	int rc;

	message_parse_commit(&m, text, len, cc);
	req.assisted = ctx->assisted;
	req.form = ctx->form;
	req.human = ctx->have_human ? &ctx->human : NULL;
	rc = place_trailers(out, m, &req);
	message_free(m);
	return rc;
}

/* The real editor, as git would choose it. */
static int real_editor(char **out)
{
	const char *argv[] = { "git", "var", "GIT_EDITOR", NULL };
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result res;
	struct buf b = BUF_INIT;

	o.stdin_path = "-";
	if (run_capture(&res, &b, argv, &o) < 0 || res.status) {
		buf_release(&b);
		return error_set("git var GIT_EDITOR found no editor: set core.editor, or pass -m");
	}
	while (b.len && b.ptr[b.len - 1] == '\n')
		b.ptr[--b.len] = '\0';
	*out = buf_detach(&b, NULL);
	return 0;
}

static char *self_path(void)
{
	char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (n <= 0)
		return xstrdup("git-disclose");
	path[n] = '\0';
	return xstrdup(path);
}

/* Environment for the editor mode: git runs us as its editor. */
static int editor_env(struct buf *env, struct cli_ctx *ctx)
{
	char *editor = NULL, *self = self_path(), *v;
	struct buf q = BUF_INIT;

	if (real_editor(&editor) < 0) {
		free(self);
		return -1;
	}
	shell_quote(&q, self);
	v = assisted_format(ctx->assisted, ctx->form);
	buf_addf(env, "GIT_EDITOR=%s __editor", q.ptr);
	buf_addch(env, '\0');
	buf_addf(env, "DISCLOSE_REAL_EDITOR=%s", editor);
	buf_addch(env, '\0');
	buf_addf(env, "DISCLOSE_ASSISTED=%s", v);
	buf_addch(env, '\0');
	buf_addf(env, "DISCLOSE_POLICY=%s", policy_form_name(ctx->form));
	buf_addch(env, '\0');
	if (ctx->have_human) {
		char *who = ident_format(&ctx->human);

		buf_addf(env, "DISCLOSE_SIGNOFF=%s", who);
		buf_addch(env, '\0');
		free(who);
	}
	free(v);
	free(editor);
	free(self);
	buf_release(&q);
	return 0;
}

/* Split the NUL-separated list into a NULL-terminated vector. */
static const char **env_vector(struct buf *env)
{
	size_t n = 0;
	const char **v = xcalloc(16, sizeof(*v));

	for (size_t off = 0; off < env->len && n < 15;
	     off += strlen(env->ptr + off) + 1)
		v[n++] = env->ptr + off;
	v[n] = NULL;
	return v;
}

/*
 * After git commit: does HEAD carry what we meant to write? A commit
 * without them is an error, never a success (a commit-msg hook or a
 * comment character we could not see may have dropped them).
 */
static int verify_head(struct cli_ctx *ctx)
{
	struct commit_info *head = NULL;
	struct buf want = BUF_INIT;
	int rc = 0;

	if (repo_head(&head, ctx->repo) < 0)
		return -1;
	if (place_in(&want, head->message, head->message_len,
		     repo_comment_char(ctx->repo), ctx) == 0 &&
	    strcmp(want.ptr, head->message))
		rc = error_set("the new commit %.12s does not carry the trailers as placed (a commit-msg hook or git's comment character removed them): add them with git disclose amend",
			       head->id);
	buf_release(&want);
	commit_info_free(head);
	return rc;
}

static int run_git_commit(struct commit_args *ca, struct cli_ctx *ctx)
{
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result res;
	struct buf env = BUF_INIT, placed = BUF_INIT, tmp = BUF_INIT;
	const char **envv = NULL;
	int rc = -1;

	o.stdin_path = "-";
	if (ca->have_message && !ca->edit) {
		if (place_in(&placed, ca->message.ptr, ca->message.len, '\001',
			     ctx) < 0)
			goto out;
		buf_addf(&tmp, "%s/DISCLOSE_COMMIT_MSG", repo_git_dir(ctx->repo));
		if (write_file_atomic(tmp.ptr, placed.ptr, placed.len, 0600) < 0)
			goto out;
		push_arg(ca, "-F");
		push_arg(ca, tmp.ptr);
	} else {
		if (ca->have_message) {
			push_arg(ca, ca->from_file ? "-F" : "-m");
			push_arg(ca, ca->message.ptr);
		}
		if (editor_env(&env, ctx) < 0)
			goto out;
		envv = env_vector(&env);
		o.env = envv;
	}
	if (run_wait(&res, ca->argv, &o) < 0)
		goto out;
	if (tmp.len)
		unlink(tmp.ptr);
	if (res.status) {
		error_set("git commit failed (exit status %d): nothing was committed by git disclose",
			  res.status);
		goto out;
	}
	if (verify_head(ctx) < 0)
		goto out;
	rc = 0;
out:
	free(envv);
	buf_release(&env);
	buf_release(&placed);
	buf_release(&tmp);
	return rc;
}

int cmd_commit(int argc, char **argv)
{
	static const struct option longopts[] = {
		ANSWER_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct commit_args ca = { 0 };
	struct answers a = { 0 };
	struct cli_ctx ctx;
	int c, rc = 0;

	memset(&ctx, 0, sizeof(ctx));
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1) {
		if (cli_answer_option(&a, c, optarg))
			continue;
		if (c == 'h') {
			fputs(commit_usage, stdout);
			goto out;
		}
		rc = cli_bad_option(commit_usage, "commit", argv, c);
		fprintf(stderr, "(git commit's own options go after --, e.g. git disclose commit -- -m \"subject\")\n");
		goto out;
	}
	if (optind < argc && strcmp(argv[optind - 1], "--")) {
		rc = cli_usage_error(commit_usage, "commit",
				     "put git commit's arguments after --: git disclose commit [<answers>] -- %s",
				     argv[optind]);
		goto out;
	}
	if (cli_ctx_init(&ctx, &a, true) < 0 ||
	    scan_args(&ca, argc - optind, argv + optind) < 0 ||
	    run_git_commit(&ca, &ctx) < 0)
		rc = cli_fail(EXIT_USAGE);
	else
		cli_remember(&ctx);
out:
	cli_ctx_release(&ctx);
	buf_release(&ca.message);
	for (size_t i = 0; i < ca.nr_made; i++)
		free(ca.made[i]);
	free(ca.made);
	free(ca.argv);
	answers_release(&a);
	return rc;
}
