/*
 * git disclose report: how much of a history was made with AI help, by
 * month, tag, agent, model, tool or subsystem, disclosed or not. Streams
 * like check: each commit is read, counted and freed before the next.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalogue.h"
#include "cli.h"
#include "policy.h"
#include "repo.h"
#include "history.h"
#include "util.h"

static const char history_usage[] =
	"usage: git disclose report [--by=KEY] [--json] [--svg FILE]\n"
	"                           [--html FILE] [--tui] [--policy P] [<range>]\n"
	"\n"
	"Counts the commits of <range> made with AI assistance: disclosed\n"
	"(an Assisted-by: line) or undisclosed (vendor trailers, footers or\n"
	"identities, or an AI sign-off, and no Assisted-by:), the AI\n"
	"sign-offs, and the agents, models, model families and analysis\n"
	"tools named. <range> is what git log takes: A..B, A...B, or a\n"
	"revision meaning its whole history; the default is all of HEAD's\n"
	"history.\n"
	"\n"
	"  --by=KEY           group the commits by month (default; the author\n"
	"                     date in UTC), tag (the commits each tag adds to\n"
	"                     the one before it, oldest first), agent, model,\n"
	"                     family (of models), tool or subsystem (the\n"
	"                     MAINTAINERS sections of the files a commit\n"
	"                     changes, as get_maintainer.pl picks the most\n"
	"                     specific, when the tip has a MAINTAINERS file;\n"
	"                     else the top-level directories it changes;\n"
	"                     merges count as \"(merge)\")\n"
	"  --json             the figures as one JSON object\n"
	"  --svg FILE         also write the grouped figures as an SVG chart\n"
	"  --html FILE        also write a self-contained HTML page with charts\n"
	"  --tui              the terminal view (the default on a terminal when\n"
	"                     neither --json, --svg nor --html is given): bars\n"
	"                     and sparklines by month, pivots by agent, model,\n"
	"                     family, subsystem and tool, Enter lists a bar's\n"
	"                     commits\n"
	"  --policy P         kernel (AGENT:MODEL), kernel-llm (LLM) or your pack;\n"
	"                     default: what the tree's coding-assistants.rst asks\n"
	"\n"
	"Progress is shown on standard error when it is a terminal.\n"
	"Exit status: 0 the report was written, 2 usage or environment error.\n";

enum { OPT_JSON = OPT_CLI_LAST, OPT_BY, OPT_SVG, OPT_HTML, OPT_TUI };

#define NO_SECTION "(no section)"

int (*cli_report_view)(struct history *h, struct repo *r);

#define PROGRESS_EVERY 20000

struct history_cmd {
	bool json;
	bool tui;
	bool progress;
	const char *range;
	const char *svg;
	const char *html;
	char *policy;
	enum history_by by;
	enum policy_form form;
	char comment_char;
	const char *tag;		/* --by=tag: the tag walked */
	struct repo *repo;
	struct catalogue *cat;
	struct sections *maint;	/* the tip's MAINTAINERS, or NULL */
	const char *id;			/* the commit being counted */
	struct history rep;
	size_t seen;
};

static void show_progress(struct history_cmd *rc, bool done)
{
	if (!rc->progress)
		return;
	if (done)
		fprintf(stderr, "\r\033[K");
	else
		fprintf(stderr, "\rreport: %zu commits read...", rc->seen);
	fflush(stderr);
}

/* Each name once, in the order first seen. */
static void push_unique(char ***v, size_t *nr, const char *s)
{
	for (size_t i = 0; i < *nr; i++)
		if (!strcmp((*v)[i], s))
			return;
	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	(*v)[(*nr)++] = xstrdup(s);
}

/* The MAINTAINERS sections of the files the commit changes. */
static int sections_of(char ***out, size_t *nr, struct history_cmd *rc)
{
	char **paths;
	size_t n;

	*out = NULL;
	*nr = 0;
	if (repo_changed_paths(&paths, &n, rc->repo, rc->id) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const char *s = sections_find(rc->maint, paths[i]);

		push_unique(out, nr, s ? s : NO_SECTION);
	}
	strv_free_n(paths, n);
	return 0;
}

/* The subsystems of the commit being counted (history's callback). */
static int subsystems_of(char ***out, size_t *nr, void *data)
{
	struct history_cmd *rc = data;

	if (rc->maint)
		return sections_of(out, nr, rc);
	return repo_top_changes(out, nr, rc->repo, rc->id);
}

static int count_commit(const struct commit_info *c, void *data)
{
	struct history_cmd *rc = data;
	struct ident author = { c->author_name, c->author_email };
	struct ident committer = { c->committer_name, c->committer_email };
	struct history_commit in = {
		.message = c->message, .message_len = c->message_len,
		.comment_char = rc->comment_char, .author = &author,
		.committer = &committer, .time = c->author_time,
		.nr_parents = c->nr_parents, .tag = rc->tag, .id = c->id,
		.get_subsystems = subsystems_of, .data = rc,
	};
	char *merge[] = { "(merge)" };
	char **subs = NULL;
	size_t nr = 0;
	int ret;

	rc->id = c->id;
	if (c->nr_parents > 1) {
		in.subsystems = merge;
		in.nr_subsystems = 1;
	} else if (rc->by == BY_SUBSYSTEM) {
		if (subsystems_of(&subs, &nr, rc) < 0)
			return -1;
		in.subsystems = subs;
		in.nr_subsystems = nr;
	}
	ret = history_add(&rc->rep, &in);
	strv_free_n(subs, nr);
	if (ret < 0)
		return -1;
	if (++rc->seen % PROGRESS_EVERY == 0)
		show_progress(rc, false);
	return 0;
}

/*
 * --by=tag: the tags of the tip's history, oldest first; each tag's
 * commits are those it adds to the tag before it, and the commits above
 * the newest tag count as "(untagged)".
 */
static int walk_tags(struct history_cmd *rc, const char *tip)
{
	struct repo_tag *tags;
	size_t nr;
	struct buf range = BUF_INIT;
	int ret = 0;

	if (repo_tags(&tags, &nr, rc->repo, tip) < 0)
		return -1;
	for (size_t i = 0; i <= nr && ret == 0; i++) {
		buf_reset(&range);
		if (i)
			buf_addf(&range, "%s..", tags[i - 1].id);
		buf_adds(&range, i < nr ? tags[i].id : tip);
		rc->tag = i < nr ? tags[i].name : "(untagged)";
		ret = repo_walk_history(rc->repo, range.ptr, count_commit, rc);
	}
	repo_tags_free(tags, nr);
	buf_release(&range);
	return ret;
}

static int parse_options(struct history_cmd *rc, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		{ "by", required_argument, NULL, OPT_BY },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "tui", no_argument, NULL, OPT_TUI },
		{ "policy", required_argument, NULL, OPT_POLICY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_JSON: rc->json = true; break;
		case OPT_SVG: rc->svg = optarg; break;
		case OPT_HTML: rc->html = optarg; break;
		case OPT_TUI: rc->tui = true; break;
		case OPT_BY:
			if (history_by_from_name(&rc->by, optarg) < 0)
				return cli_usage_error(history_usage, "report",
						       "%s", error_last());
			break;
		case OPT_POLICY:
			free(rc->policy);
			rc->policy = xstrdup(optarg);
			break;
		case 'h': fputs(history_usage, stdout); return CLI_HELP;
		default:
			return cli_bad_option(history_usage, "report", argv, c);
		}
	}
	if (optind < argc)
		rc->range = argv[optind++];
	if (optind < argc)
		return cli_usage_error(history_usage, "report",
				       "unexpected argument '%s': give one range",
				       argv[optind]);
	if (rc->tui && (rc->json || rc->svg || rc->html))
		return cli_usage_error(history_usage, "report",
				       "--tui shows the report on the terminal: leave out --json, --svg and --html");
	if (rc->by == BY_TAG && rc->range && strstr(rc->range, ".."))
		return cli_usage_error(history_usage, "report",
				       "--by=tag counts a revision's whole history: give one revision, not '%s'",
				       rc->range);
	return 0;
}

static int resolve_policy(struct history_cmd *rc)
{
	struct policy_choice pc;

	if (policy_resolve(&pc, rc->policy, rc->repo, rc->range) < 0)
		return -1;
	rc->form = pc.policy.form;
	policy_choice_release(&pc);
	return 0;
}

static int write_out(const char *path, const struct buf *b)
{
	return write_file_atomic(path, b->ptr ? b->ptr : "", b->len, 0644);
}

/* Without a range: HEAD's history, refusing an unborn branch clearly. */
static int check_head(struct history_cmd *rc)
{
	struct commit_info *head;

	if (rc->range)
		return 0;
	if (repo_head(&head, rc->repo) < 0)
		return -1;
	commit_info_free(head);
	return 0;
}

/*
 * The tip's MAINTAINERS, when it has one with F: patterns: the
 * subsystems are its sections then.
 */
static int load_maintainers(struct history_cmd *rc, const char *range)
{
	char **ends;
	size_t nr;
	struct buf b = BUF_INIT;
	int found, ret = 0;

	if (repo_range_ends(&ends, &nr, rc->repo, range) < 0)
		return -1;
	found = repo_read_blob_at(rc->repo, ends[0], "MAINTAINERS", &b);
	if (found < 0)
		ret = -1;
	else if (found > 0)
		sections_parse(&rc->maint, b.ptr ? b.ptr : "", b.len);
	if (rc->maint && !sections_nr_patterns(rc->maint)) {
		sections_free(rc->maint);
		rc->maint = NULL;
	}
	strv_free_n(ends, nr);
	buf_release(&b);
	return ret;
}

/* The terminal view: asked for, or a terminal and no file output. */
static bool want_view(const struct history_cmd *rc)
{
	if (rc->tui)
		return true;
	return !rc->json && !rc->svg && !rc->html && cli_report_view &&
	       isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

static int run(struct history_cmd *rc)
{
	const char *range = rc->range ? rc->range : "HEAD";
	int ret;

	repo_set_streaming();
	if (repo_open(&rc->repo, NULL) < 0 || check_head(rc) < 0 ||
	    resolve_policy(rc) < 0 || catalogue_load(&rc->cat) < 0)
		return -1;
	rc->comment_char = repo_comment_char(rc->repo);
	if ((rc->by == BY_SUBSYSTEM || rc->tui) &&
	    load_maintainers(rc, range) < 0)
		return -1;
	history_init(&rc->rep, rc->by, rc->form, rc->cat);
	rc->rep.pivots = rc->tui;
	rc->rep.range = xstrdup(range);
	rc->progress = isatty(STDERR_FILENO);
	if (rc->by == BY_TAG)
		ret = walk_tags(rc, range);
	else
		ret = repo_walk_history(rc->repo, range, count_commit, rc);
	show_progress(rc, true);
	return ret;
}

static int write_files(struct history_cmd *rc)
{
	struct buf b = BUF_INIT;
	int ret = 0;

	if (rc->svg) {
		history_svg(&b, &rc->rep);
		ret = write_out(rc->svg, &b);
	}
	if (ret == 0 && rc->html) {
		buf_reset(&b);
		history_html(&b, &rc->rep);
		ret = write_out(rc->html, &b);
	}
	buf_release(&b);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	struct history_cmd rc = { 0 };
	struct buf out = BUF_INIT;
	int ret = parse_options(&rc, argc, argv);

	if (ret)
		goto out;
	rc.tui = want_view(&rc);
	if (rc.tui && !cli_report_view) {
		fprintf(stderr, "git disclose report: the terminal view is not part of this build: use --json, --svg or --html\n");
		ret = EXIT_USAGE;
		goto out;
	}
	/* before minutes of walking: the view will need a terminal */
	if (rc.tui && !getenv("DISCLOSE_TUI_SCRIPT") &&
	    (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		ret = cli_usage_error(history_usage, "report",
				      "--tui needs a terminal: here use --json, --svg FILE or --html FILE");
		goto out;
	}
	if (run(&rc) < 0 || write_files(&rc) < 0) {
		ret = cli_fail(EXIT_USAGE);
		goto out;
	}
	if (rc.tui) {
		ret = cli_report_view(&rc.rep, rc.repo) < 0 ?
		      cli_fail(EXIT_USAGE) : 0;
		goto out;
	}
	if (rc.json) {
		char *s = history_json(&rc.rep);

		puts(s);
		free(s);
	} else {
		history_text(&out, &rc.rep);
		fwrite(out.ptr, 1, out.len, stdout);
	}
	ret = fflush(stdout) != 0 || ferror(stdout) ? EXIT_USAGE : 0;
out:
	history_release(&rc.rep);
	sections_free(rc.maint);
	catalogue_free(rc.cat);
	repo_free(rc.repo);
	free(rc.policy);
	buf_release(&out);
	return ret == CLI_HELP ? 0 : ret;
}
