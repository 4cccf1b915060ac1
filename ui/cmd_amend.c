/* git disclose amend: write the trailers into HEAD's message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "message.h"
#include "place.h"
#include "repo.h"
#include "util.h"

static const char amend_usage[] =
	"usage: git disclose amend [<answers>]\n"
	"\n"
	"Rewrites HEAD's message with Assisted-by: and your Signed-off-by: placed\n"
	"by the rule (same tree, parents and author; committer refreshed). The old\n"
	"commit is kept at refs/disclose/backup/<branch> and ORIG_HEAD.\n"
	"\n"
	ANSWER_USAGE;

/* Show the lines that the rewrite added and removed. */
static void show_change(const char *old, const char *new)
{
	const char *p, *e;

	for (p = new; *p; p = *e ? e + 1 : e) {
		e = strchrnul(p, '\n');
		if (e > p && !memmem(old, strlen(old), p, (size_t)(e - p) + 1))
			printf("  + %.*s\n", (int)(e - p), p);
	}
	for (p = old; *p; p = *e ? e + 1 : e) {
		e = strchrnul(p, '\n');
		if (e > p && !memmem(new, strlen(new), p, (size_t)(e - p) + 1))
			printf("  - %.*s\n", (int)(e - p), p);
	}
}

static int amend_head(struct cli_ctx *ctx)
{
	struct place_request req = { 0 };
	struct commit_info *head = NULL;
	struct message *m = NULL;
	struct buf out = BUF_INIT;
	char new_id[OID_HEX + 1];
	bool changed;
	int rc = -1;

	if (repo_head(&head, ctx->repo) < 0)
		goto out;
	message_parse_commit(&m, head->message, head->message_len,
		      repo_comment_char(ctx->repo));
	req.assisted = ctx->assisted;
	req.form = ctx->form;
	req.human = ctx->have_human ? &ctx->human : NULL;
	if (place_trailers(&out, m, &req) < 0 ||
	    repo_amend_head(new_id, &changed, ctx->repo, out.ptr,
			    "disclose: amend HEAD") < 0)
		goto out;
	if (!changed) {
		printf("HEAD %.12s already carries these trailers: nothing to do\n",
		       head->id);
	} else {
		printf("amended HEAD %.12s -> %.12s\n", head->id, new_id);
		show_change(head->message, out.ptr);
		printf("undo: git reset --soft ORIG_HEAD (the old commit is also kept at refs/disclose/backup/)\n");
	}
	rc = 0;
out:
	buf_release(&out);
	message_free(m);
	commit_info_free(head);
	return rc;
}

int cmd_amend(int argc, char **argv)
{
	static const struct option longopts[] = {
		ANSWER_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct answers a = { 0 };
	struct cli_ctx ctx;
	int c, rc = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (cli_answer_option(&a, c, optarg))
			continue;
		if (c == 'h') {
			fputs(amend_usage, stdout);
			goto out;
		}
		rc = cli_bad_option(amend_usage, "amend", argv, c);
		goto out;
	}
	if (optind < argc) {
		rc = cli_usage_error(amend_usage, "amend",
				     "unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if (cli_ctx_init(&ctx, &a, true) < 0 || amend_head(&ctx) < 0)
		rc = cli_fail(EXIT_USAGE);
	else
		cli_remember(&ctx);
	cli_ctx_release(&ctx);
out:
	answers_release(&a);
	return rc;
}
