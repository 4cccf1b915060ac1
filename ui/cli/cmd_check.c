/*
 * git disclose check: lint commits of a range, or one message, against
 * the policy. Streams: each commit is read, checked, printed and freed
 * before the next.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b4.h"
#include "catalogue.h"
#include "checkpatch.h"
#include "cli.h"
#include "lint.h"
#include "message.h"
#include "policy.h"
#include "repo.h"
#include "spdx.h"
#include "util.h"

/* Declared in repo.h once it exists; until then check runs without it. */
void repo_set_streaming(void) __attribute__((weak));

static const char check_usage[] =
	"usage: git disclose check [--json] [--policy P] [<range>]\n"
	"       git disclose check [--json] [--policy P] --message FILE | -\n"
	"                          [--staged]\n"
	"\n"
	"Checks commit messages against the kernel's policy on AI coding\n"
	"assistants: the Assisted-by: form, AI sign-offs and co-developers,\n"
	"vendor trailers and footers, sign-off chains, and the SPDX lines of\n"
	"the files each commit adds. <range> is what git log takes (A..B,\n"
	"A...B, or one commit meaning that commit alone); the default is b4's\n"
	"series on a b4 prep branch (said on the first line), else the\n"
	"branch's commits not on its upstream, else HEAD. b4 prep's\n"
	"cover-letter commit is skipped, and said so.\n"
	"\n"
	"  --message FILE     check the message in FILE (- for standard input)\n"
	"  --staged           with --message: also check the SPDX lines of the\n"
	"                     files the index adds (the commit-msg hook does)\n"
	"  --json             one JSON object per commit per line (NDJSON)\n"
	"  --policy P         kernel (AGENT:MODEL), kernel-llm (LLM) or your pack;\n"
	"                     default: what the tree's coding-assistants.rst asks\n"
	"  --no-spdx          check messages only, not the files commits add\n"
	"  --checkpatch       also run the tree's scripts/checkpatch.pl on the\n"
	"                     range and report its signature messages\n"
	"\n"
	"Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage\n"
	"or environment error.\n";

enum { OPT_JSON = OPT_CLI_LAST, OPT_MESSAGE, OPT_NO_SPDX, OPT_CHECKPATCH,
       OPT_STAGED };

struct check {
	bool json;
	bool color;
	bool no_spdx;
	bool checkpatch;
	bool staged;
	struct checkpatch_report cp;
	const char *message;
	const char *range;
	char *policy;
	enum policy_form form;
	char comment_char;
	struct repo *repo;
	struct catalogue *cat;
	struct spdx_ids *licenses;
	struct lint_cache *cache;
	size_t commits, errors, warnings;
	struct buf line;
};

static const char *sev_label(enum severity s)
{
	switch (s) {
	case SEV_ERROR: return "ERROR";
	case SEV_WARNING: return "WARNING";
	case SEV_INFO: break;
	}
	return "INFO";
}

static const char *sev_color(enum severity s)
{
	switch (s) {
	case SEV_ERROR: return "\033[1;31m";
	case SEV_WARNING: return "\033[1;33m";
	case SEV_INFO: break;
	}
	return "\033[36m";
}

/* Text from a commit, made safe for the terminal, into the line buffer. */
static void add_safe(struct check *ck, const char *s)
{
	lint_sanitize(&ck->line, s, strlen(s));
}

static void print_finding(struct check *ck, const char *who,
			  const char *subject, const struct finding *f)
{
	const char *on = ck->color ? sev_color(f->severity) : "";
	const char *off = ck->color ? "\033[m" : "";

	buf_reset(&ck->line);
	buf_addf(&ck->line, "%s (\"", who);
	add_safe(ck, subject);
	buf_addf(&ck->line, "\"): %s%s%s: %s: ", on, sev_label(f->severity),
		 off, f->id);
	if (f->line)
		buf_addf(&ck->line, "line %zu: ", f->line);
	add_safe(ck, f->message);
	buf_addch(&ck->line, '\n');
	if (f->text) {
		buf_adds(&ck->line, "    ");
		add_safe(ck, f->text);
		buf_addch(&ck->line, '\n');
	}
	if (f->fix) {
		buf_addf(&ck->line, "  %s+%s ", ck->color ? "\033[32m" : "",
			 off);
		add_safe(ck, f->fix);
		buf_addch(&ck->line, '\n');
	}
	fwrite(ck->line.ptr, 1, ck->line.len, stdout);
}

static void report(struct check *ck, const char *id, const struct message *m,
		   const struct lint_result *res)
{
	char *subject = lint_subject(m);
	char who[16];

	ck->commits++;
	ck->errors += res->errors;
	ck->warnings += res->warnings;
	if (ck->json) {
		char *line = lint_json_line(id, subject, res);

		fputs(line, stdout);
		free(line);
	} else {
		snprintf(who, sizeof(who), "%.12s", id ? id : "message");
		for (size_t i = 0; i < res->nr; i++)
			print_finding(ck, who, subject, &res->findings[i]);
	}
	free(subject);
}

/* An identity from two environment variables, when both are set. */
static bool env_ident(struct ident *out, const char *name, const char *email)
{
	const char *n = getenv(name), *e = getenv(email);

	if (!n || !e)
		return false;
	out->name = xstrdup(n);
	out->email = xstrdup(e);
	return true;
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
static int check_message(struct check *ck)
{
	struct buf in = BUF_INIT;
	struct message *m = NULL;
	struct lint_result res;
	struct lint_opts lo = { ck->form, ck->cat, ck->cache };
	struct lint_facts facts = { 0 };
	struct ident author = { 0 }, committer = { 0 };
	struct added_file *files = NULL;
	bool have_author, have_committer;
	int rc = 0;

	if (read_file(&in, ck->message) < 0)
		return -1;
	have_author = env_ident(&author, "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL");
	have_committer = env_ident(&committer, "GIT_COMMITTER_NAME",
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
	message_parse(&m, in.ptr ? in.ptr : "", in.len,
		      repo_comment_char(ck->repo));
	lint_message(&res, m, &facts, &lo);
	report(ck, NULL, m, &res);
	lint_result_release(&res);
	message_free(m);
out:
	added_files_free(files, facts.nr_files);
	if (have_author)
		ident_release(&author);
	if (have_committer)
		ident_release(&committer);
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
	fprintf(ck->json ? stderr : stdout,
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
		fprintf(ck->json ? stderr : stdout, "%s\n", b.ptr);
	buf_release(&b);
	return rc < 0 ? -1 : 0;
}

static int check_commit(const struct commit_info *c, void *data)
{
	struct check *ck = data;
	struct ident author = { c->author_name, c->author_email };
	struct ident committer = { c->committer_name, c->committer_email };
	struct lint_facts facts = { &author, &committer, NULL, 0,
				    ck->licenses };
	struct added_file *files = NULL;
	size_t nr = 0;
	struct message *m;
	struct lint_result res;
	struct lint_opts lo = { ck->form, ck->cat, ck->cache };

	if (skip_b4_cover(ck, c))
		return 0;
	/* a merge is checked for its message only */
	if (!ck->no_spdx && c->nr_parents <= 1 &&
	    repo_added_files(&files, &nr, ck->repo, c->id) < 0)
		return -1;
	facts.files = files;
	facts.nr_files = nr;
	message_parse_commit(&m, c->message, c->message_len,
			     ck->comment_char);
	lint_message(&res, m, &facts, &lo);
	if (ck->checkpatch)
		add_checkpatch(&res, &ck->cp, c->id);
	report(ck, c->id, m, &res);
	lint_result_release(&res);
	message_free(m);
	added_files_free(files, nr);
	return 0;
}

static int parse_options(struct check *ck, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "no-spdx", no_argument, NULL, OPT_NO_SPDX },
		{ "checkpatch", no_argument, NULL, OPT_CHECKPATCH },
		{ "staged", no_argument, NULL, OPT_STAGED },
		{ "message", required_argument, NULL, OPT_MESSAGE },
		{ "policy", required_argument, NULL, OPT_POLICY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_JSON: ck->json = true; break;
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
	if (ck->message && ck->checkpatch)
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
	struct policy_choice pc;

	if (policy_resolve(&pc, ck->policy, ck->repo, ck->range) < 0)
		return -1;
	ck->form = pc.policy.form;
	policy_choice_release(&pc);
	return 0;
}

static bool use_color(void)
{
	return isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
}

static int run(struct check *ck)
{
	if (repo_set_streaming)
		repo_set_streaming();
	if (repo_open(&ck->repo, NULL) < 0) {
		if (!ck->message)
			return -1;
		ck->repo = NULL;
		error_clear();
	}
	if (resolve_policy(ck) < 0 || catalogue_load(&ck->cat) < 0)
		return -1;
	ck->cache = lint_cache_new();
	if (ck->message)
		return check_message(ck);
	spdx_ids_load(&ck->licenses, repo_workdir(ck->repo));
	ck->comment_char = repo_comment_char(ck->repo);
	if (say_b4_range(ck) < 0)
		return -1;
	if (ck->checkpatch && checkpatch_run(&ck->cp, ck->repo, ck->range) < 0)
		return -1;
	return repo_walk(ck->repo, ck->range, check_commit, ck);
}

int cmd_check(int argc, char **argv)
{
	struct check ck = { 0 };
	int rc = parse_options(&ck, argc, argv);

	if (rc)
		goto out;
	ck.color = !ck.json && use_color();
	if (run(&ck) < 0) {
		fflush(stdout);
		rc = cli_fail(EXIT_USAGE);
		goto out;
	}
	if (!ck.json)
		printf("%zu commits, %zu errors, %zu warnings\n", ck.commits,
		       ck.errors, ck.warnings);
	if (fflush(stdout) != 0 || ferror(stdout))
		rc = EXIT_USAGE;
	else
		rc = ck.errors ? EXIT_POLICY : 0;
out:
	checkpatch_report_release(&ck.cp);
	spdx_ids_free(ck.licenses);
	lint_cache_free(ck.cache);
	catalogue_free(ck.cat);
	repo_free(ck.repo);
	free(ck.policy);
	buf_release(&ck.line);
	return rc == CLI_HELP ? 0 : rc;
}
