/*
 * git disclose trailer: print the trailer lines (or --trailer arguments for
 * git commit), place them in a message, or parse the trailers of messages
 * exactly as git interpret-trailers --parse does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "message.h"
#include "place.h"
#include "run.h"
#include "repo.h"
#include "sanitize.h"
#include "util.h"

static const char trailer_usage[] =
	"usage: git disclose trailer [<answers>] [--format=lines|args]\n"
	"       git disclose trailer [<answers>] --message FILE|- [--in-place]\n"
	"       git disclose trailer --parse [--message FILE|-] [-z]\n"
	"\n"
	"  --format=lines     print Assisted-by: and Signed-off-by: lines (default)\n"
	"  --format=args      print --trailer arguments for git commit (do not add -s)\n"
	"  --message FILE     place the trailers in the message of FILE (- for stdin)\n"
	"  --in-place         write the result back to FILE (through symbolic\n"
	"                     links; mode, owner and hard links kept)\n"
	"  --parse            print the trailers found, as git interpret-trailers --parse\n"
	"  -z                 with --parse: NUL-separated messages in and results out\n"
	"  --no-divider       a \"---\" line is text (git log's and git commit -s's view)\n"
	ANSWER_USAGE;

enum {
	OPT_FORMAT = OPT_CLI_LAST, OPT_MESSAGE, OPT_IN_PLACE, OPT_PARSE,
	OPT_NO_DIVIDER
};

struct trailer_opts {
	struct answers answers;
	const char *format;
	const char *message;
	bool in_place;
	bool parse;
	bool nul;
	bool no_divider;
};

static void parse_message(struct message **m, const struct trailer_opts *o,
			  const char *text, size_t len, char cc)
{
	if (o->no_divider)
		message_parse_no_divider(m, text, len, cc);
	else
		message_parse(m, text, len, cc);
}

/* The trailers of one message, "Key: value" per line, into out. */
static void parse_one(struct buf *out, const struct trailer_opts *o,
		      const char *text, size_t len, char cc)
{
	struct message *m;

	parse_message(&m, o, text, len, cc);
	for (size_t i = 0; i < m->nr_trailers; i++) {
		const struct trailer *t = &m->trailers[i];

		if (t->key)
			buf_addf(out, "%s: %s\n", t->key, t->value);
	}
	message_free(m);
}

static int parse_comment_char(char *out)
{
	struct repo *r;

	if (repo_open_optional(&r, NULL) < 0)
		return -1;
	*out = repo_comment_char(r);
	repo_free(r);
	return 0;
}

/*
 * In a pipe the output is byte for byte what git prints; on a terminal
 * each line goes through the sanitizer, so a trailer cannot carry an
 * escape sequence to it.
 */
static void write_parsed(const struct buf *out, bool nul)
{
	if (nul || !isatty(1))
		fwrite(buf_cstr(out), 1, out->len, stdout);
	else
		sanitize_write_lines(stdout, buf_cstr(out), out->len);
}

static int run_parse(const struct trailer_opts *o)
{
	struct buf in = BUF_INIT, out = BUF_INIT;
	char cc;
	size_t off = 0;

	if (parse_comment_char(&cc) < 0 || read_file(&in, o->message ? o->message : "-") < 0)
		return cli_fail(EXIT_USAGE);
	if (!o->nul) {
		parse_one(&out, o, in.ptr, in.len, cc);
	} else {
		while (off < in.len) {
			const char *nul = memchr(in.ptr + off, '\0',
						 in.len - off);
			size_t n = nul ? (size_t)(nul - in.ptr) - off
				       : in.len - off;

			parse_one(&out, o, in.ptr + off, n, cc);
			buf_addch(&out, '\0');
			off += n + 1;
		}
	}
	write_parsed(&out, o->nul);
	buf_release(&in);
	buf_release(&out);
	return ferror(stdout) ? EXIT_USAGE : 0;
}

static void print_lines(const struct cli_ctx *ctx)
{
	char *v = assisted_format(ctx->assisted, ctx->form);

	printf("%s: %s\n", ASSISTED_KEY, v);
	free(v);
	if (ctx->have_human) {
		char *sob = signoff_line(&ctx->human);

		printf("%s\n", sob);
		free(sob);
	}
}

/* --format=args: git commit appends --trailer values in the order given,
 * so Assisted-by first puts it just before the sign-off. */
static void print_args(const struct cli_ctx *ctx)
{
	struct buf out = BUF_INIT, line = BUF_INIT;
	char *v = assisted_format(ctx->assisted, ctx->form);

	buf_addf(&line, "%s: %s", ASSISTED_KEY, v);
	buf_adds(&out, "--trailer ");
	shell_quote(&out, line.ptr);
	if (ctx->have_human) {
		char *sob = signoff_line(&ctx->human);

		buf_adds(&out, " --trailer ");
		shell_quote(&out, sob);
		free(sob);
	}
	printf("%s\n", out.ptr);
	fprintf(stderr, "git disclose: use these with git commit instead of -s (with -s, or a message that already has your Signed-off-by, git duplicates it); git disclose commit avoids both\n");
	free(v);
	buf_release(&line);
	buf_release(&out);
}

static int run_place(const struct trailer_opts *o, struct cli_ctx *ctx)
{
	struct buf in = BUF_INIT, out = BUF_INIT;
	struct place_request req = { 0 };
	struct message *m = NULL;
	int rc = EXIT_USAGE;

	if (o->in_place && check_file_edit(o->message) < 0)
		goto out;
	if (read_file(&in, o->message) < 0)
		goto out;
	parse_message(&m, o, in.ptr, in.len, repo_comment_char(ctx->repo));
	req.assisted = ctx->assisted;
	req.form = ctx->form;
	req.human = ctx->have_human ? &ctx->human : NULL;
	if (place_trailers(&out, m, &req) < 0)
		goto out;
	if (o->in_place) {
		if (write_file_edit(o->message, out.ptr, out.len) < 0)
			goto out;
	} else {
		fwrite(out.ptr, 1, out.len, stdout);
	}
	rc = 0;
out:
	if (rc)
		cli_fail(rc);
	message_free(m);
	buf_release(&in);
	buf_release(&out);
	return rc;
}

static int parse_options(struct trailer_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		ANSWER_OPTIONS,
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "message", required_argument, NULL, OPT_MESSAGE },
		{ "in-place", no_argument, NULL, OPT_IN_PLACE },
		{ "parse", no_argument, NULL, OPT_PARSE },
		{ "no-divider", no_argument, NULL, OPT_NO_DIVIDER },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":zh", longopts, NULL)) != -1) {
		if (cli_answer_option(&o->answers, c, optarg))
			continue;
		switch (c) {
		case OPT_FORMAT: o->format = optarg; break;
		case OPT_MESSAGE: o->message = optarg; break;
		case OPT_IN_PLACE: o->in_place = true; break;
		case OPT_PARSE: o->parse = true; break;
		case OPT_NO_DIVIDER: o->no_divider = true; break;
		case 'z': o->nul = true; break;
		case 'h': fputs(trailer_usage, stdout); return CLI_HELP;
		default: return cli_bad_option(trailer_usage, "trailer", argv, c);
		}
	}
	if (optind < argc)
		return cli_usage_error(trailer_usage, "trailer",
				       "unexpected argument '%s'", argv[optind]);
	if (o->format && strcmp(o->format, "lines") && strcmp(o->format, "args"))
		return cli_usage_error(trailer_usage, "trailer",
				       "--format is 'lines' or 'args', not '%s'",
				       o->format);
	if (o->in_place && (!o->message || !strcmp(o->message, "-")))
		return cli_usage_error(trailer_usage, "trailer",
				       "--in-place needs --message FILE");
	if (o->nul && !o->parse)
		return cli_usage_error(trailer_usage, "trailer",
				       "-z goes with --parse");
	return 0;
}

/* An answer from git config is said, as amend and commit say it. */
static void say_remembered(const struct answers *a, const struct cli_ctx *ctx)
{
	char *from = answers_remembered(a), *line;

	if (*from && ctx->assisted) {
		line = assisted_format(ctx->assisted, ctx->form);
		fprintf(stderr, "git disclose: Assisted-by: %s (from %s; give --agent, --model and --tool to say otherwise)\n",
			line, from);
		free(line);
	}
	free(from);
}

int cmd_trailer(int argc, char **argv)
{
	struct trailer_opts o = { 0 };
	struct cli_ctx ctx;
	int rc = parse_options(&o, argc, argv);

	if (rc)
		goto out;
	if (o.parse) {
		rc = run_parse(&o);
		goto out;
	}
	if (cli_ctx_init(&ctx, &o.answers, false) < 0) {
		rc = cli_fail(EXIT_USAGE);
		cli_ctx_release(&ctx);
		goto out;
	}
	say_remembered(&o.answers, &ctx);
	if (o.message)
		rc = run_place(&o, &ctx);
	else if (o.format && !strcmp(o.format, "args"))
		print_args(&ctx);
	else
		print_lines(&ctx);
	/* print-only: nothing is remembered (answers are remembered by a
	 * write that uses them: amend, commit, the assistant) */
	cli_ctx_release(&ctx);
out:
	answers_release(&o.answers);
	return rc == CLI_HELP ? 0 : rc;
}
