/*
 * git disclose check: lint commits of a range, or one message, against
 * the policy. Streams: each commit is read, checked, printed and freed
 * before the next.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "b4.h"
#include "catalogue.h"
#include "checkpatch.h"
#include "cli.h"
#include "fixes.h"
#include "lint.h"
#include "mail.h"
#include "mailcheck.h"
#include "message.h"
#include "policy.h"
#include "repo.h"
#include "report.h"
#include "spdx.h"
#include "strv.h"
#include "util.h"

/* Declared in repo.h once it exists; until then check runs without it. */
void repo_set_streaming(void) __attribute__((weak));

static const char check_usage[] =
	"usage: git disclose check [--format F] [--policy P] [<range>]\n"
	"       git disclose check [--format F] [--policy P] --message FILE|-\n"
	"                          [--staged]\n"
	"       git disclose check [--format F] [--policy P] --mbox FILE...\n"
	"       git disclose check [--format F] [--policy P] -   (stdin)\n"
	"\n"
	"Checks commit messages against the kernel's policy on AI coding\n"
	"assistants: the Assisted-by: form, AI sign-offs and co-developers,\n"
	"vendor trailers and footers, sign-off chains, Fixes: tags (in a\n"
	"repository), and the SPDX lines of\n"
	"the files each commit adds. <range> is what git log takes (A..B,\n"
	"A...B, or one commit meaning that commit alone); the default is b4's\n"
	"series on a b4 prep branch (said on the first line), else the\n"
	"branch's commits not on its upstream, else HEAD. b4 prep's\n"
	"cover-letter commit is skipped, and said so. Patch mail (one\n"
	"RFC 2822 message, an mbox, git format-patch output) is told by its\n"
	"content and checked one message at a time, as git am would apply it.\n"
	"\n"
	"  --message FILE     check the message or mail in FILE (- for stdin)\n"
	"  --mbox FILE        check every mail of FILE (- for standard input);\n"
	"                     repeat it for the files of one series (b4 am's\n"
	"                     .cover and .mbx): one mailbox, the lines of each\n"
	"                     file counted from its own top\n"
	"  --staged           with --message: also check the SPDX lines of the\n"
	"                     files the index adds (the commit-msg hook does)\n"
	"  --format F         text (default); json: one JSON object per commit\n"
	"                     or mail per line; b4: lines for b4's per-patch\n"
	"                     check commands; b4-review: the JSON array of\n"
	"                     b4's review interface\n"
	"  --json             the same as --format=json\n"
	"  --policy P         kernel (AGENT:MODEL), kernel-llm (LLM) or your pack;\n"
	"                     default: what the tree's coding-assistants.rst asks\n"
	"  --no-spdx          check messages only, not the files commits add\n"
	"  --checkpatch       also run the tree's scripts/checkpatch.pl on the\n"
	"                     range and report its signature messages\n"
	"\n"
	"Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage\n"
	"or environment error.\n";

enum { OPT_JSON = OPT_CLI_LAST, OPT_MESSAGE, OPT_NO_SPDX, OPT_CHECKPATCH,
       OPT_STAGED, OPT_MBOX, OPT_FORMAT };

struct check {
	enum report_format format;
	struct report *report;
	bool color;
	bool no_spdx;
	bool checkpatch;
	bool staged;
	struct checkpatch_report cp;
	const char *message;
	const char *mbox;	/* the first --mbox */
	char **mboxes;		/* every --mbox, in order */
	size_t *file_lines;	/* with several: where each starts (input line) */
	const char *range;
	char *policy;
	struct policy_choice pc;	/* the pack: form, what it declines */
	enum policy_form form;
	char comment_char;
	struct repo *repo;
	struct catalogue *cat;
	struct spdx_ids *licenses;
	struct lint_cache *cache;
};

static void report(struct check *ck, const char *id, const struct message *m,
		   const struct lint_result *res)
{
	char *subject = lint_subject(m);
	struct report_key key = { .commit = id, .subject = subject };

	report_add(ck->report, &key, res);
	free(subject);
}

/* The files the index adds, and the identifiers of the tree's LICENSES/. */
static int staged_files(struct added_file **files, size_t *nr,
			struct check *ck)
{
	if (!ck->repo)
		return error_set("--staged needs a repository: run it inside one");
	if (repo_staged_added_files(files, nr, ck->repo) < 0)
		return -1;
	spdx_ids_load(&ck->licenses, repo_workdir(ck->repo));
	return 0;
}

/*
 * --message: the author comes from GIT_AUTHOR_NAME/EMAIL when set (git
 * sets them for its hooks), the committer from GIT_COMMITTER_NAME/EMAIL
 * or user.name and user.email; with --staged, the files the index adds.
 */
static int check_message(struct check *ck, const struct buf *in)
{
	struct message *m = NULL;
	struct lint_result res;
	struct lint_opts lo = { .form = ck->form, .cat = ck->cat,
				.cache = ck->cache };
	struct lint_facts facts = { 0 };
	struct ident author = { 0 }, committer = { 0 };
	struct added_file *files = NULL;
	bool have_author, have_committer;
	int rc = 0;

	have_author = cli_env_ident(&author, "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL");
	have_committer = cli_env_ident(&committer, "GIT_COMMITTER_NAME",
				   "GIT_COMMITTER_EMAIL");
	if (!have_committer) {
		have_committer = repo_identity(&committer, ck->repo) == 0;
		error_clear();
	}
	facts.author = have_author ? &author : NULL;
	facts.committer = have_committer ? &committer : NULL;
	if (ck->staged && staged_files(&files, &facts.nr_files, ck) < 0) {
		rc = -1;
		goto out;
	}
	facts.files = files;
	facts.licenses = ck->licenses;
	message_parse(&m, in->ptr ? in->ptr : "", in->len,
		      repo_comment_char(ck->repo));
	/* a cover letter as git mailinfo -k gives it: [PATCH 0/m] kept */
	if (!ck->staged && mail_message_is_cover(in->ptr ? in->ptr : "",
						 in->len))
		mail_check_cover_message(&res, in->ptr, in->len, &lo);
	else
		lint_check_message(&res, m, &facts, &lo);
	if (ck->repo)
		rc = fixes_check(&res, m, fixes_repo_lookup, ck->repo);
	policy_check_result(&res, &ck->pc.policy);
	report(ck, NULL, m, &res);
	lint_result_release(&res);
	message_free(m);
out:
	added_files_free(files, facts.nr_files);
	if (have_author)
		ident_release(&author);
	if (have_committer)
		ident_release(&committer);
	return rc;
}

/*
 * With several --mbox files, which one mail m came from, and its lines
 * counted from that file's top again. ck->file_lines holds, per file,
 * the input line where its block starts (a separator line written for a
 * file of one mail, then the file) and where the file itself starts.
 */
static const char *mail_file(struct check *ck, const struct mail *m,
			     struct lint_result *res)
{
	size_t i, nr = strv_len(ck->mboxes), shift;

	if (!ck->file_lines)
		return NULL;
	for (i = nr - 1; i > 0 && ck->file_lines[2 * i] > m->first_line; i--)
		;
	shift = ck->file_lines[2 * i + 1] - 1;
	for (size_t k = 0; k < res->nr; k++)
		if (res->findings[k].line > shift)
			res->findings[k].line -= shift;
	return ck->mboxes[i];
}

/* Mail: each message checked with its own facts, lines of the input. */
static int check_mails(struct check *ck, const struct buf *in)
{
	struct mail_set *set;
	struct lint_opts lo = { .form = ck->form, .cat = ck->cat,
				.cache = ck->cache, .mail = true };
	struct ident me = { NULL, NULL };
	int rc = 0;

	/* a maintainer's own sign-off, added by b4 am -s, closes the chain */
	if (ck->repo && repo_identity(&me, ck->repo) == 0)
		lo.applier = &me;
	error_clear();
	if (mail_split(&set, in->ptr, in->len, 0) < 0) {
		ident_release(&me);
		return -1;
	}
	if (!ck->no_spdx)
		spdx_ids_load(&ck->licenses,
			      ck->repo ? repo_workdir(ck->repo) : NULL);
	for (size_t i = 0; i < set->nr; i++) {
		const struct mail *m = &set->mails[i];
		struct lint_result res;
		struct ident author = { m->author_name, m->author_email };
		char *who = *m->author_email ? ident_format(&author) : NULL;
		struct report_key key = {
			.commit = *m->commit_id ? m->commit_id : NULL,
			.subject = m->clean_subject, .is_mail = true,
			.message_id = m->message_id, .prefix = m->prefix,
			.number = m->number, .total = m->total,
			.is_cover = m->is_cover, .author = who,
			.msgno = i + 1, .many = set->nr > 1,
		};

		mail_check(&res, set, i, &lo, ck->licenses);
		if (ck->repo && fixes_check_mail(&res, m, '#',
						 fixes_repo_lookup,
						 ck->repo) < 0)
			rc = -1;
		key.file = mail_file(ck, m, &res);
		policy_check_result(&res, &ck->pc.policy);
		report_add(ck->report, &key, &res);
		lint_result_release(&res);
		free(who);
	}
	mail_set_free(set);
	ident_release(&me);
	return rc;
}

/*
 * --message FILE, - and --mbox FILE: mail when its content is mail,
 * else (not with --mbox) one commit message.
 */
static size_t count_lines(const char *s, size_t len)
{
	size_t n = 0;

	for (const char *p = s; (p = memchr(p, '\n', len - (size_t)(p - s)));
	     p++)
		n++;
	return n;
}

/*
 * Several --mbox files as one mailbox (a series: b4 am writes its cover
 * letter and its patches to two files): a file of one mail gets an mbox
 * separator line of its own, and each file ends with a newline.
 */
static int read_mboxes(struct buf *out, struct check *ck)
{
	size_t nr = strv_len(ck->mboxes), line = 1;

	ck->file_lines = xcalloc(2 * nr, sizeof(*ck->file_lines));
	for (size_t i = 0; i < nr; i++) {
		struct buf f = BUF_INIT;

		if (read_file(&f, ck->mboxes[i]) < 0)
			return -1;
		ck->file_lines[2 * i] = line;
		if (strncmp(buf_cstr(&f), "From ", 5)) {
			buf_adds(out, "From git-disclose Thu Jan  1 00:00:00 1970\n");
			line++;
		}
		ck->file_lines[2 * i + 1] = line;
		buf_add(out, f.ptr, f.len);
		if (f.len && f.ptr[f.len - 1] != '\n')
			buf_addch(out, '\n');
		line += count_lines(f.ptr, f.len) +
			(f.len && f.ptr[f.len - 1] != '\n');
		buf_release(&f);
	}
	return 0;
}

static int check_input(struct check *ck)
{
	struct buf in = BUF_INIT;
	const char *path = ck->mbox ? ck->mbox : ck->message;
	int rc;

	if (strv_len(ck->mboxes) > 1 ? read_mboxes(&in, ck) < 0 :
	    read_file(&in, path) < 0) {
		buf_release(&in);
		return -1;
	}
	buf_add(&in, "", 0);
	if (in.len == strspn(in.ptr, " \t\r\n")) {
		rc = error_set("%s is empty: give the message or the patch mail to check",
			       strcmp(path, "-") ? path : "standard input");
	} else if (mail_detect(in.ptr, in.len) == MAIL_PLAIN &&
		   (ck->format == REPORT_B4 || ck->format == REPORT_B4_REVIEW)) {
		rc = error_set("%s holds no patch mail (no From: or Subject: header), and b4 gives its check commands one: check a commit message without --format=%s",
			       strcmp(path, "-") ? path : "standard input",
			       ck->format == REPORT_B4 ? "b4" : "b4-review");
	} else if (mail_detect(in.ptr, in.len) != MAIL_PLAIN && ck->staged) {
		rc = error_set("%s holds patch mail, not the commit being made: give --staged only with a commit message",
			       strcmp(path, "-") ? path : "standard input");
	} else if (mail_detect(in.ptr, in.len) != MAIL_PLAIN) {
		rc = check_mails(ck, &in);
	} else if (ck->mbox) {
		rc = error_set("%s holds no mail (no mbox \"From \" line and no From: or Subject: header): give a commit message with --message",
			       strcmp(path, "-") ? path : "standard input");
	} else {
		rc = check_message(ck, &in);
	}
	buf_release(&in);
	return rc;
}

/* checkpatch's messages about this commit, as findings of their own. */
static void add_checkpatch(struct lint_result *res,
			   const struct checkpatch_report *cp, const char *id)
{
	size_t nr;
	const struct checkpatch_msg *m = checkpatch_msgs_for(cp, id, &nr);

	for (size_t i = 0; i < nr; i++, m++)
		lint_add_finding(res, m->type,
				 !strcmp(m->level, "ERROR") ? SEV_ERROR :
				 !strcmp(m->level, "WARNING") ? SEV_WARNING :
				 SEV_INFO, m->line, SIZE_MAX, m->text, NULL,
				 ACT_NONE, "checkpatch: %s", m->message);
}

/* b4's cover-letter commit is not a patch: skip it, and say so. */
static bool skip_b4_cover(struct check *ck, const struct commit_info *c)
{
	if (!b4_is_cover(ck->repo, c))
		return false;
	fprintf(ck->format == REPORT_TEXT ? stdout : stderr,
		"%.12s: skipped: b4 prep's cover letter (b4 keeps its tracking data in it), not a patch\n",
		c->id);
	return true;
}

/* With no range given on a b4 prep branch, say the range is b4's. */
static int say_b4_range(struct check *ck)
{
	struct buf b = BUF_INIT;
	int rc = ck->range ? 0 : b4_range_note(&b, ck->repo);

	if (rc > 0)
		fprintf(ck->format == REPORT_TEXT ? stdout : stderr, "%s\n", b.ptr);
	buf_release(&b);
	return rc < 0 ? -1 : 0;
}

static int check_commit(const struct commit_info *c, void *data)
{
	struct check *ck = data;
	struct ident author = { c->author_name, c->author_email };
	struct ident committer = { c->committer_name, c->committer_email };
	struct lint_facts facts = { &author, &committer, NULL, 0,
				    ck->licenses, false };
	struct added_file *files = NULL;
	size_t nr = 0;
	struct message *m;
	struct lint_result res;
	struct lint_opts lo = { .form = ck->form, .cat = ck->cat,
				.cache = ck->cache };
	int rc;

	if (skip_b4_cover(ck, c))
		return 0;
	/* a merge is checked for its message only */
	if (!ck->no_spdx && c->nr_parents <= 1 &&
	    repo_commit_added_files(&files, &nr, ck->repo, c) < 0)
		return -1;
	facts.files = files;
	facts.nr_files = nr;
	facts.merge = c->nr_parents > 1;
	message_parse_commit(&m, c->message, c->message_len,
			     ck->comment_char);
	lint_check_message(&res, m, &facts, &lo);
	rc = fixes_check(&res, m, fixes_repo_lookup, ck->repo);
	policy_check_result(&res, &ck->pc.policy);
	if (ck->checkpatch)
		add_checkpatch(&res, &ck->cp, c->id);
	report(ck, c->id, m, &res);
	lint_result_release(&res);
	message_free(m);
	added_files_free(files, nr);
	return rc;
}

static int parse_options(struct check *ck, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "no-spdx", no_argument, NULL, OPT_NO_SPDX },
		{ "checkpatch", no_argument, NULL, OPT_CHECKPATCH },
		{ "staged", no_argument, NULL, OPT_STAGED },
		{ "message", required_argument, NULL, OPT_MESSAGE },
		{ "mbox", required_argument, NULL, OPT_MBOX },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "policy", required_argument, NULL, OPT_POLICY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_JSON: ck->format = REPORT_JSON; break;
		case OPT_FORMAT:
			if (report_format_parse(&ck->format, optarg) < 0)
				return cli_usage_error(check_usage, "check",
						       "%s", error_last());
			break;
		case OPT_MBOX:
			if (!ck->mbox)
				ck->mbox = optarg;
			strv_push(&ck->mboxes, optarg);
			break;
		case OPT_NO_SPDX: ck->no_spdx = true; break;
		case OPT_CHECKPATCH: ck->checkpatch = true; break;
		case OPT_STAGED: ck->staged = true; break;
		case OPT_MESSAGE: ck->message = optarg; break;
		case OPT_POLICY:
			free(ck->policy);
			ck->policy = xstrdup(optarg);
			break;
		case 'h': fputs(check_usage, stdout); return CLI_HELP;
		default: return cli_bad_option(check_usage, "check", argv, c);
		}
	}
	if (optind < argc && !strcmp(argv[optind], "-") && !ck->message)
		ck->message = argv[optind++];
	else if (optind < argc)
		ck->range = argv[optind++];
	if (optind < argc)
		return cli_usage_error(check_usage, "check",
				       "unexpected argument '%s': give one range",
				       argv[optind]);
	if (ck->mbox && (ck->message || ck->range))
		return cli_usage_error(check_usage, "check",
				       "--mbox reads mail: give it without --message and without a range");
	if (ck->mbox && ck->staged)
		return cli_usage_error(check_usage, "check",
				       "--staged checks the commit being made: give --message FILE with it, not --mbox");
	if ((ck->message || ck->mbox) && ck->checkpatch)
		return cli_usage_error(check_usage, "check",
				       "--checkpatch checks commits: give a range, not --message");
	if (ck->message && ck->range)
		return cli_usage_error(check_usage, "check",
				       "give a range or --message, not both");
	if (ck->staged && !ck->message)
		return cli_usage_error(check_usage, "check",
				       "--staged checks the commit being made: give --message FILE with it");
	return 0;
}

/* The one resolver: --policy, disclose.policy, the tree, kernel. */
static int resolve_policy(struct check *ck)
{
	if (policy_resolve(&ck->pc, ck->policy, ck->repo, ck->range) < 0)
		return -1;
	ck->form = ck->pc.policy.form;
	return 0;
}

static bool use_color(void)
{
	return isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
}

/* A range that names a file: checkpatch's habit of giving the patch. */
static int hint_file(const struct check *ck)
{
	struct stat st;

	if (ck->range && stat(ck->range, &st) == 0 && S_ISREG(st.st_mode))
		error_set("%s; '%s' is a file: to check a patch or a message in a file give --message %s (one) or --mbox %s (a series)",
			  error_last(), ck->range, ck->range, ck->range);
	return -1;
}

static int run_range(struct check *ck)
{
	spdx_ids_load(&ck->licenses, repo_workdir(ck->repo));
	ck->comment_char = repo_comment_char(ck->repo);
	if (say_b4_range(ck) < 0)
		return -1;
	if (ck->checkpatch && checkpatch_run(&ck->cp, ck->repo, ck->range) < 0)
		return -1;
	if (!ck->no_spdx)
		repo_walk_want_added_files(ck->repo);
	return repo_walk(ck->repo, ck->range, check_commit, ck);
}

static int run_checks(struct check *ck)
{
	if (repo_set_streaming)
		repo_set_streaming();
	if (ck->message || ck->mbox ? repo_open_optional(&ck->repo, NULL)
				    : repo_open(&ck->repo, NULL))
		return -1;
	if (resolve_policy(ck) < 0 || catalogue_load(&ck->cat) < 0)
		return -1;
	policy_extend_catalogue(ck->cat, &ck->pc);
	ck->cache = lint_cache_new();
	if (ck->message || ck->mbox)
		return check_input(ck);
	return run_range(ck);
}

static int run(struct check *ck)
{
	return run_checks(ck) < 0 ? hint_file(ck) : 0;
}

int cmd_check(int argc, char **argv)
{
	struct check ck = { 0 };
	int rc = parse_options(&ck, argc, argv);

	if (rc)
		goto out;
	ck.color = ck.format == REPORT_TEXT && use_color();
	ck.report = report_new(ck.format, ck.color, stdout);
	if (run(&ck) < 0) {
		fflush(stdout);
		rc = cli_fail(EXIT_USAGE);
		goto out;
	}
	if (report_finish(ck.report) < 0)
		rc = EXIT_USAGE;
	else if (ck.format == REPORT_B4_REVIEW)
		rc = 0;	/* b4 reads the statuses; non-zero: could not run */
	else
		rc = report_errors(ck.report) ? EXIT_POLICY : 0;
out:
	checkpatch_report_release(&ck.cp);
	spdx_ids_free(ck.licenses);
	lint_cache_free(ck.cache);
	catalogue_free(ck.cat);
	repo_free(ck.repo);
	free(ck.policy);
	strv_free(ck.mboxes);
	free(ck.file_lines);
	policy_choice_release(&ck.pc);
	report_free(ck.report);
	return rc == CLI_HELP ? 0 : rc;
}
