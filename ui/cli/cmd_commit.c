/*
 * git disclose commit: run git commit so that the new commit carries the
 * trailers placed by the rule. Our answer options and git commit's own
 * options may come in any order (a "--" before all of git's still ends
 * ours). With -m or -F the message is placed here and handed to git with
 * -F in a file private to this run; when git opens an editor, git
 * disclose stands in as the editor (GIT_EDITOR), runs the real one on
 * the terminal, then places the trailers in what the human wrote. -s is
 * dropped: the sign-off is ours to place, so it is never duplicated.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "file.h"
#include "lint.h"
#include "message.h"
#include "place.h"
#include "repo.h"
#include "run.h"
#include "util.h"

static const char commit_usage[] =
	"usage: git disclose commit [<answers>] [<git commit arguments>]\n"
	"   or: git disclose commit [<answers>] -- <git commit arguments>\n"
	"\n"
	"Runs git commit (by argument vector, never a shell) so that the commit\n"
	"carries Assisted-by: and your Signed-off-by:, placed by the rule, also\n"
	"with -m, -F, -s, --amend --no-edit and when you write the message in\n"
	"the editor. git commit's options (-m, -F, -a, -s, --amend, paths...)\n"
	"go as they are; the answers are taken by their full names only.\n"
	"Without --agent and --model (or --remembered) no Assisted-by is\n"
	"written: the commit gets your Signed-off-by alone, and that is said.\n"
	"\n"
	ANSWER_USAGE;

/* What the git commit arguments ask for. */
struct commit_args {
	const char **argv;	/* for git, -m/-F/-s removed */
	size_t argc;
	const char **paths;	/* after git's "--" */
	size_t nr_paths;
	char **made;		/* and pointers to them, to free */
	size_t nr_made;
	struct buf message;	/* from -m (paragraphs) or -F */
	bool have_message;
	bool from_file;
	int edit;		/* -e 1, --no-edit 0, neither -1: last wins */
	bool amend;
	bool reuse;		/* -C: no editor, message from a commit */
	bool dry_run;		/* --dry-run, --short, ...: no commit */
	const struct answers *answers;
	enum cli_plan plan;	/* what the placed message got */
	bool planned;		/* -m/-F: placed here, plan known */
};

static void push_word(const char ***v, size_t *n, const char *arg)
{
	*v = xrealloc(*v, (*n + 2) * sizeof(**v));
	(*v)[(*n)++] = arg;
	(*v)[*n] = NULL;
}

static void push_arg(struct commit_args *ca, const char *arg)
{
	push_word(&ca->argv, &ca->argc, arg);
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
	if (inline_value)
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
			ca->edit = 1;
		if (*p == 'm' || *p == 'F') {
			v = option_value(argv, argc, i, p[1] ? p + 1 : NULL);
			if (!v || add_message(ca, v, *p == 'F') < 0) {
				buf_release(&kept);
				return v ? -1 : error_set("-%c needs a value", *p);
			}
			break;
		}
		if (strchr("CctSu", *p)) {
			if (*p == 'C')
				ca->reuse = true;
			/* the rest of the bundle is its value, or the next
			 * word (-S and -u take theirs attached only) */
			buf_adds(&kept, p);
			if (!p[1] && !strchr("Su", *p) && *i + 1 < argc) {
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

/* Is arg ("--name", n letters with the dashes) name or, as git allows,
 * an abbreviation of it? */
static bool long_name(const char *arg, size_t n, const char *name,
		      size_t least)
{
	return n >= least + 2 && n - 2 <= strlen(name) &&
	       !strncmp(arg + 2, name, n - 2);
}

/* git commit's long options whose value may be the next word. */
static bool takes_value(const char *arg, size_t n)
{
	static const char *const names[] = {
		"author", "date", "cleanup", "trailer", "template",
		"reedit-message", "pathspec-from-file", NULL
	};

	for (size_t k = 0; names[k]; k++)
		if (long_name(arg, n, names[k], 2))
			return true;
	return false;
}

static int long_option(struct commit_args *ca, char **argv, int argc, int *i)
{
	const char *arg = argv[*i], *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
	const char *v;

	if (long_name(arg, n, "signoff", 2) && !eq)
		return 0;
	if (long_name(arg, n, "message", 2) || long_name(arg, n, "file", 3)) {
		bool file = arg[2] == 'f';

		v = option_value(argv, argc, i, eq ? eq + 1 : NULL);
		if (!v)
			return error_set("%.*s needs a value", (int)n, arg);
		return add_message(ca, v, file);
	}
	if (!strcmp(arg, "--edit"))
		ca->edit = 1;
	if (!strcmp(arg, "--no-edit"))
		ca->edit = 0;
	if (long_name(arg, n, "amend", 2) && !eq)
		ca->amend = true;
	/* git commit writes no commit with these (the status formats
	 * imply --dry-run) */
	if (!eq && (long_name(arg, n, "dry-run", 2) ||
		    long_name(arg, n, "short", 2) ||
		    long_name(arg, n, "porcelain", 2) ||
		    long_name(arg, n, "long", 2)))
		ca->dry_run = true;
	if (long_name(arg, n, "fixup", 3) || long_name(arg, n, "squash", 2))
		return error_set("%s commits get their trailers when they are squashed: run git disclose amend after git rebase --autosquash",
				 arg);
	push_arg(ca, arg);
	if (long_name(arg, n, "reuse-message", 3)) {
		ca->reuse = true;
		if (!eq && *i + 1 < argc)
			push_arg(ca, argv[++*i]);
	} else if (!eq && takes_value(arg, n) && *i + 1 < argc) {
		push_arg(ca, argv[++*i]);
	}
	return 0;
}

/*
 * One of our own options, by its full name (git's abbreviations stay
 * git's): 1 when it was one, 0 when not, negative on an error.
 */
static int answer_option(struct answers *a, char **argv, int argc, int *i)
{
	static const struct option ours[] = {
		ANSWER_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	const char *arg = argv[*i] + 2, *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);

	for (const struct option *o = ours; o->name; o++) {
		const char *v = NULL;

		if (strlen(o->name) != n || strncmp(o->name, arg, n))
			continue;
		if (o->has_arg == no_argument && eq)
			return error_set("--%s takes no value", o->name);
		if (o->has_arg != no_argument) {
			v = option_value(argv, argc, i, eq ? eq + 1 : NULL);
			if (!v)
				return error_set("--%s needs a value", o->name);
		}
		return cli_answer_option(a, o->val, v) < 0 ? -1 : 1;
	}
	return 0;
}

/*
 * Split the command line into our answers and git commit's arguments.
 * A "--" before any of git's arguments ends ours (the old form, still
 * taken); a later one is git's, before its paths. Returns 1 for -h and
 * --help, negative on an error.
 */
static int scan_args(struct commit_args *ca, struct answers *a, int argc,
		     char **argv)
{
	bool ours = true, paths = false, git_seen = false;

	ca->edit = -1;
	push_arg(ca, "git");
	push_arg(ca, "commit");
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		int rc = 0;

		if (!strcmp(arg, "--") && !paths) {
			paths = !ours || git_seen;
			ours = false;
			continue;
		}
		if (ours && (!strcmp(arg, "-h") || !strcmp(arg, "--help")))
			return 1;
		if (ours && !strncmp(arg, "--", 2))
			rc = answer_option(a, argv, argc, &i);
		if (rc < 0)
			return -1;
		if (rc)
			continue;
		git_seen = true;
		if (paths || arg[0] != '-' || !arg[1])
			push_word(&ca->paths, &ca->nr_paths, arg);
		else if (arg[1] == '-')
			rc = long_option(ca, argv, argc, &i);
		else
			rc = short_bundle(ca, argv, argc, &i);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/*
 * The message placed as amend places it (cli_plan_message): its own
 * facts first (a vendor trailer becomes the Assisted-by it tells), the
 * answer for a message without them. An answer typed that contradicts
 * the message's own facts is refused, and *disagree says so.
 */
static int place_in(struct buf *out, enum cli_plan *plan, const char *text,
		    size_t len, char cc, const struct lint_facts *lf,
		    const struct answers *a, struct cli_ctx *ctx, bool quiet)
{
	struct assisted *as = NULL;
	struct commit_facts f;
	struct message *m;
	struct buf name = BUF_INIT;
	int rc;

	message_parse_commit(&m, text, len, cc);
	rc = cli_plan_message(&as, plan, &f, m, lf, ctx, a, NULL);
	if (rc == 0 && *plan == CLI_PLAN_DISAGREE) {
		cli_facts_name(&name, &f);
		rc = error_set("the answer %s:%s contradicts what the message says of itself: %s; nothing was committed: leave out --agent/--model to write the message's own facts, or correct the message",
			       ctx->assisted ? ctx->assisted->agent : "",
			       ctx->assisted && ctx->assisted->model ?
			       ctx->assisted->model : "", name.ptr);
	}
	if (rc == 0)
		rc = cli_write_message(out, ctx, text, len, lf, cc, as, NULL,
				       quiet);
	buf_release(&name);
	commit_facts_release(&f);
	assisted_free(as);
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
static int editor_env(struct buf *env, const struct answers *a,
		      struct cli_ctx *ctx)
{
	char *editor = NULL, *self = self_path(), *v;
	struct buf q = BUF_INIT;

	if (real_editor(&editor) < 0) {
		free(self);
		return -1;
	}
	shell_quote(&q, self);
	/* "": no Assisted-by, the sign-off alone */
	v = ctx->assisted ? assisted_format(ctx->assisted, ctx->form) :
			    xstrdup("");
	buf_addf(env, "GIT_EDITOR=%s __editor", q.ptr);
	buf_addch(env, '\0');
	buf_addf(env, "DISCLOSE_REAL_EDITOR=%s", editor);
	buf_addch(env, '\0');
	buf_addf(env, "DISCLOSE_ASSISTED=%s", v);
	buf_addch(env, '\0');
	/* the pack by name (the editor resolves it); "": the tree's */
	buf_addf(env, "DISCLOSE_POLICY=%s", ctx->policy ? ctx->policy : "");
	buf_addch(env, '\0');
	/* the answer as typed, that the message's own facts may contradict */
	buf_addf(env, "DISCLOSE_GIVEN_AGENT=%s",
		 a->agent && !a->agent_remembered ? a->agent : "");
	buf_addch(env, '\0');
	buf_addf(env, "DISCLOSE_GIVEN_MODEL=%s",
		 a->model && !a->model_remembered ? a->model : "");
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

/* No Assisted-by is written: say so, and how to give one. */
static void say_none(const struct cli_ctx *ctx)
{
	char *from = answers_remembered_hint(ctx->repo);

	fprintf(stderr, "git disclose: no Assisted-by: the commit gets your Signed-off-by alone; if an AI helped, give --agent NAME and --model VERSION%s\n",
		from);
	free(from);
}

/*
 * After git commit: does HEAD carry what we meant to write? A commit
 * without them is an error, never a success (a commit-msg hook or a
 * comment character we could not see may have dropped them).
 */
static int verify_head(const struct commit_args *ca, struct cli_ctx *ctx)
{
	struct commit_info *head = NULL;
	struct buf want = BUF_INIT;
	struct ident author, committer;
	struct lint_facts lf = { &author, &committer, NULL, 0, NULL, false };
	enum cli_plan plan;
	int rc = 0;

	if (repo_head(&head, ctx->repo) < 0)
		return -1;
	author = (struct ident){ head->author_name, head->author_email };
	committer = (struct ident){ head->committer_name,
				    head->committer_email };
	if (place_in(&want, &plan, head->message, head->message_len,
		     repo_comment_char(ctx->repo), &lf, ca->answers, ctx,
		     true) == 0 &&
	    strcmp(want.ptr, head->message))
		rc = error_set("the new commit %.12s does not carry the trailers as placed (a commit-msg hook or git's comment character removed them): add them with git disclose amend",
			       head->id);
	/* the editor placed the message: what it got is known now */
	if (rc == 0 && !ca->planned && plan == CLI_PLAN_SIGNOFF)
		say_none(ctx);
	buf_release(&want);
	commit_info_free(head);
	return rc;
}

/*
 * The placed message for git commit -F: a file of this run's own in the
 * git directory (concurrent runs never share one), removed on every way
 * out: the normal one, a failure, and the signals that end us.
 */
static char msg_path[4096];
static const int msg_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM };

/* Where git disclose __editor says that the real editor failed. */
static char note_path[4096];

static void msg_file_remove(void)
{
	if (msg_path[0])
		unlink(msg_path);
	msg_path[0] = '\0';
	if (note_path[0])
		unlink(note_path);
	note_path[0] = '\0';
}

static void msg_file_on_signal(int sig)
{
	if (msg_path[0])
		unlink(msg_path);
	if (note_path[0])
		unlink(note_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void msg_file_guard(void)
{
	static bool armed;
	struct sigaction sa = { 0 }, old;

	if (armed)
		return;
	armed = true;
	atexit(msg_file_remove);
	sa.sa_handler = msg_file_on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(msg_signals) / sizeof(*msg_signals); i++) {
		/* a signal the user ignores (nohup) stays ignored */
		if (sigaction(msg_signals[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(msg_signals[i], &sa, NULL);
	}
}

static int msg_file_create(const char *git_dir, const struct buf *text)
{
	size_t len = strlen(git_dir), done = 0;
	int fd, n;

	while (len > 1 && git_dir[len - 1] == '/')
		len--;
	n = snprintf(msg_path, sizeof(msg_path),
		     "%.*s/DISCLOSE_COMMIT_MSG.XXXXXX", (int)len, git_dir);
	if (n < 0 || (size_t)n >= sizeof(msg_path)) {
		msg_path[0] = '\0';
		return error_set("the git directory's path is too long: %s",
				 git_dir);
	}
	msg_file_guard();
	fd = mkstemp(msg_path);
	if (fd < 0) {
		error_set("cannot create a message file in %s: %s", git_dir,
			  strerror(errno));
		msg_path[0] = '\0';
		return -1;
	}
	while (done < text->len) {
		ssize_t w = write(fd, text->ptr + done, text->len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			error_set("cannot write %s: %s", msg_path,
				  strerror(errno));
			close(fd);
			msg_file_remove();
			return -1;
		}
		done += (size_t)w;
	}
	if (close(fd) < 0) {
		error_set("cannot write %s: %s", msg_path, strerror(errno));
		msg_file_remove();
		return -1;
	}
	return 0;
}

/* git commit --amend --no-edit keeps HEAD's message: place it here. */
static int amend_message(struct commit_args *ca, struct cli_ctx *ctx)
{
	struct commit_info *head = NULL;

	if (!ca->amend || ca->edit != 0 || ca->have_message || ca->reuse)
		return 0;
	if (repo_head(&head, ctx->repo) < 0)
		return -1;
	buf_add(&ca->message, head->message, head->message_len);
	ca->have_message = true;
	ca->from_file = true;
	commit_info_free(head);
	return 0;
}

/*
 * git commit --dry-run (or a status format) wrote no commit: there is no
 * commit to check, so say what a real run would add instead.
 */
static int dry_run_done(const struct run_result *res, struct cli_ctx *ctx)
{
	char *v;

	if (res->status)
		return error_set("git commit --dry-run exited %d (git says why above, usually that there is nothing to commit): nothing was committed",
				 res->status);
	fprintf(stderr, "git disclose: a dry run: git commit wrote no commit; without --dry-run the commit gets ");
	if (ctx->assisted) {
		v = assisted_format(ctx->assisted, ctx->form);
		fprintf(stderr, "%s: %s", ASSISTED_KEY, v);
		free(v);
	} else {
		fprintf(stderr, "no %s", ASSISTED_KEY);
	}
	if (ctx->have_human) {
		char *sob = signoff_line(&ctx->human);

		fprintf(stderr, " and %s", sob);
		free(sob);
	}
	fputc('\n', stderr);
	return 0;
}

/*
 * Did __editor leave word that the real editor failed, or that it
 * refused the message ("!STATUS why")? Then say so.
 */
static bool editor_said_failed(struct commit_args *ca)
{
	struct buf b = BUF_INIT;
	char *editor = NULL;
	long status = 0;
	bool yes;

	yes = note_path[0] && read_file(&b, note_path) == 0 && b.len;
	error_clear();
	if (yes && b.ptr[0] == '!') {
		status = strtol(b.ptr + 1, &editor, 10);
		if (status == EXIT_POLICY)
			ca->plan = CLI_PLAN_DISAGREE;
		error_set("%s", *editor ? editor + 1 : "?");
	} else if (yes) {
		status = strtol(buf_cstr(&b), &editor, 10);
		error_set("your editor '%s' exited with status %ld (as vi's :cq does), so git stopped: nothing was committed ('...__editor' above is git disclose commit running your editor)",
			  editor && *editor ? editor + 1 : "?", status);
	}
	buf_release(&b);
	return yes;
}

/*
 * A remembered answer is used only when asked for (--remembered): say
 * when it is the one used, and say when no Assisted-by is written; with
 * the message placed here (-m, -F), what it got is known.
 */
static void say_answer(const struct commit_args *ca,
		       const struct cli_ctx *ctx)
{
	char *from = answers_remembered(ca->answers), *line;
	bool used = !ca->planned || ca->plan == CLI_PLAN_ANSWER;

	if (*from && ctx->assisted && used) {
		line = assisted_format(ctx->assisted, ctx->form);
		fprintf(stderr, "git disclose: Assisted-by: %s (from %s; give --agent, --model and --tool to say otherwise)\n",
			line, from);
		free(line);
	}
	free(from);
	if (ca->planned && ca->plan == CLI_PLAN_OTHERS)
		fprintf(stderr, "git disclose: the message discloses another person's AI use in their part, which stays theirs as it is; your part gets your Signed-off-by alone\n");
	if (ca->planned && ca->plan == CLI_PLAN_SIGNOFF)
		say_none(ctx);
}

/* The message of the commit git is about to write, by its author. */
static int place_new(struct buf *out, struct commit_args *ca,
		     struct cli_ctx *ctx)
{
	struct ident author = { 0 }, none = { "", "" };
	const struct ident *me = ctx->have_human ? &ctx->human : &none;
	bool env = cli_env_ident(&author, "GIT_AUTHOR_NAME",
				 "GIT_AUTHOR_EMAIL");
	struct lint_facts lf = { env ? &author : me, me, NULL, 0, NULL, false };
	int rc;

	rc = place_in(out, &ca->plan, ca->message.ptr, ca->message.len,
		      '\001', &lf, ca->answers, ctx, false);
	if (env)
		ident_release(&author);
	return rc;
}

static int run_git_commit(struct commit_args *ca, struct cli_ctx *ctx)
{
	struct run_opts o = RUN_OPTS_INIT;
	struct run_result res;
	struct buf env = BUF_INIT, placed = BUF_INIT;
	const char **envv = NULL;
	bool editor_failed;
	int rc = -1;

	/* git and the editor share the terminal, as under plain git commit */
	o.stdin_path = "-";
	o.foreground = true;
	if (amend_message(ca, ctx) < 0)
		goto out;
	if (ca->have_message && ca->edit != 1) {
		ca->planned = true;
		if (place_new(&placed, ca, ctx) < 0 ||
		    msg_file_create(repo_git_dir(ctx->repo), &placed) < 0)
			goto out;
		say_answer(ca, ctx);
		push_arg(ca, "-F");
		push_arg(ca, msg_path);
	} else {
		say_answer(ca, ctx);
		if (ca->have_message) {
			push_arg(ca, ca->from_file ? "-F" : "-m");
			push_arg(ca, ca->message.ptr);
		}
		if (editor_env(&env, ca->answers, ctx) < 0)
			goto out;
		snprintf(note_path, sizeof(note_path),
			 "%s/DISCLOSE_EDITOR_NOTE-%ld",
			 repo_git_dir(ctx->repo), (long)getpid());
		msg_file_guard();
		buf_addf(&env, "DISCLOSE_EDITOR_NOTE=%s", note_path);
		buf_addch(&env, '\0');
		envv = env_vector(&env);
		o.env = envv;
	}
	if (ca->nr_paths) {
		push_arg(ca, "--");
		for (size_t i = 0; i < ca->nr_paths; i++)
			push_arg(ca, ca->paths[i]);
	}
	rc = run_wait(&res, ca->argv, &o);
	/* before the note goes with the message file */
	editor_failed = rc == 0 && res.status && editor_said_failed(ca);
	msg_file_remove();
	if (rc < 0)
		goto out;
	rc = -1;
	/* Ctrl-C or Ctrl-\ ended git commit: end as it did */
	run_raise_interrupt(&res);
	if (ca->dry_run) {
		rc = dry_run_done(&res, ctx);
		goto out;
	}
	if (res.status) {
		if (!editor_failed)
			error_set("git commit failed (exit status %d): nothing was committed by git disclose",
				  res.status);
		goto out;
	}
	if (verify_head(ca, ctx) < 0)
		goto out;
	rc = 0;
out:
	msg_file_remove();
	free(envv);
	buf_release(&env);
	buf_release(&placed);
	return rc;
}

/* An answer given in part is no answer: never the sign-off alone then. */
static int whole_answer(const struct answers *a, const struct cli_ctx *ctx)
{
	if (ctx->assisted && *ctx->assisted->agent)
		return 0;
	if (!a->agent && !a->model && !(a->tools && *a->tools))
		return 0;
	if (a->agent && !a->model)
		return error_set("which model of %s? pass --model VERSION too (see git disclose catalogue)",
				 a->agent);
	return error_set("--tool alone does not tell which AI helped: pass --agent NAME and --model VERSION too");
}

int cmd_commit(int argc, char **argv)
{
	struct commit_args ca = { 0 };
	struct answers a = { 0 };
	struct cli_ctx ctx;
	int rc = 0;

	memset(&ctx, 0, sizeof(ctx));
	rc = scan_args(&ca, &a, argc - 1, argv + 1);
	if (rc > 0) {
		fputs(commit_usage, stdout);
		rc = 0;
		goto out;
	}
	/* no answer: the sign-off alone (no remembered one unasked) */
	a.optional = true;
	ca.answers = &a;
	if (rc < 0 || cli_ctx_init(&ctx, &a, true) < 0 ||
	    whole_answer(&a, &ctx) < 0)
		rc = -1;
	if (rc < 0 || run_git_commit(&ca, &ctx) < 0) {
		rc = cli_fail(ca.plan == CLI_PLAN_DISAGREE ? EXIT_POLICY :
			      EXIT_USAGE);
	} else {
		rc = 0;
		/* a dry run writes nothing, so remembers nothing; the
		 * answer is remembered when the commit got it */
		if (!ca.dry_run &&
		    (!ca.planned || ca.plan == CLI_PLAN_ANSWER))
			cli_remember(&ctx);
	}
out:
	cli_ctx_release(&ctx);
	buf_release(&ca.message);
	for (size_t i = 0; i < ca.nr_made; i++)
		free(ca.made[i]);
	free(ca.made);
	free(ca.argv);
	free(ca.paths);
	answers_release(&a);
	return rc;
}
