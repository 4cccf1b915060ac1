/*
 * git disclose [<range>]: the guided assistant's entry. It reads the
 * options, builds the model (model.c) and runs the flow of screens
 * (app.c).
 */
#include "tui.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "screen.h"

/* A usage or environment error, as every command of git disclose says. */
#define TUI_EXIT_USAGE 2

static const char tui_usage[] =
	"usage: git disclose [--policy P] [<range>]\n"
	"\n"
	"Opens the guided assistant on the commits of range (default: the\n"
	"branch's commits not on its upstream, else HEAD): review each commit,\n"
	"go through the policy's checklist, say which agent, model and tools\n"
	"helped, preview and write Assisted-by: and your Signed-off-by:.\n"
	"--policy P names the policy pack (kernel, kernel-llm, qemu, fedora,\n"
	"llvm or one of yours) instead of the one the tree's documents ask for.\n"
	"It needs a terminal; elsewhere use git disclose check and amend.\n";

/*
 * The flow, written once: its steps in order, each a screen and the one
 * that is part of the step. The status line numbers the steps from it,
 * and resuming opens them up to the saved screen.
 */
static const struct flow_step flow[] = {
	{ &screen_series, &screen_review },
	{ &screen_checklist, &screen_boot },
	{ &screen_agent, NULL },
	{ &screen_tools, NULL },
	{ &screen_preview, NULL },
};

/*
 * Where a saved session resumes: the screen the human left, but the
 * series screen after a rewrite (it says which marks followed their
 * change and which were dropped), and the agent and model screen when
 * a commit still needs an answer there (the answers per commit are not
 * kept in the session).
 */
static const char *resume_at(const struct tui_model *m)
{
	const char *at = m->session->screen;

	if (!m->session->resumed || !at || m->session->note)
		return NULL;
	if ((!strcmp(at, screen_tools.name) ||
	     !strcmp(at, screen_preview.name)) && model_unanswered(m, NULL))
		return screen_agent.name;
	return at;
}

static bool want_utf8_locale(void)
{
	setlocale(LC_ALL, "");
	if (MB_CUR_MAX > 1)
		return true;
	return setlocale(LC_CTYPE, "C.UTF-8") != NULL;
}

/* Print "git disclose: <error_last()>" on stderr; returns status. */
static int fail(int status)
{
	fprintf(stderr, "git disclose: %s\n", error_last());
	return status;
}

/* git disclose report on a terminal: one screen, the report's. */
int tui_report(struct history *h, struct repo *r)
{
	static const struct flow_step report_flow[] = {
		{ &screen_report, NULL },
	};
	const char *script = getenv("DISCLOSE_TUI_SCRIPT");

	if (!(script && *script) && (!isatty(0) || !isatty(1)))
		return error_set("the report's terminal view needs a terminal: use --json, --svg FILE or --html FILE here");
	if (!want_utf8_locale())
		fprintf(stderr, "git disclose: no UTF-8 locale: wide characters may be misaligned\n");
	screen_report_set(h, r);
	return tui_run(NULL, report_flow, 1, NULL, NULL);
}

/* One word of the command line: an option, or the range. */
static int parse_word(const char **range, const char **policy, char **argv,
		      int *i, bool opts)
{
	const char *w = argv[*i];

	if (opts && (!strcmp(w, "--policy") || !strncmp(w, "--policy=", 9))) {
		*policy = w[8] ? w + 9 : argv[++*i];
		if (*policy && **policy)
			return 0;
		fprintf(stderr, "git disclose: --policy needs a pack name (kernel, kernel-llm, ...)\n%s",
			tui_usage);
		return -1;
	}
	if (opts && w[0] == '-' && w[1]) {
		fprintf(stderr, "git disclose: unknown option '%s'\n%s", w,
			tui_usage);
		return -1;
	}
	if (*range) {
		fprintf(stderr, "git disclose: one range only, not '%s' too\n%s",
			w, tui_usage);
		return -1;
	}
	*range = w;
	return 0;
}

/* 1: help printed; -1: a usage error, said; 0: go on. */
static int parse_args(const char **range, const char **policy, int argc,
		      char **argv)
{
	bool opts = true;

	for (int i = 1; i < argc; i++) {
		if (opts && !strcmp(argv[i], "--")) {
			opts = false;
		} else if (opts && (!strcmp(argv[i], "-h") ||
				    !strcmp(argv[i], "--help"))) {
			fputs(tui_usage, stdout);
			return 1;
		} else if (parse_word(range, policy, argv, &i, opts) < 0) {
			return -1;
		}
	}
	return 0;
}

int cmd_tui(int argc, char **argv)
{
	const char *range = NULL, *policy = NULL;
	const char *script = getenv("DISCLOSE_TUI_SCRIPT");
	struct tui_model m;
	int rc = parse_args(&range, &policy, argc, argv);

	if (rc)
		return rc < 0 ? TUI_EXIT_USAGE : 0;
	if (!(script && *script) && (!isatty(0) || !isatty(1))) {
		fprintf(stderr, "git disclose: the guided assistant needs a terminal; here use git disclose check to lint the series and git disclose amend to write the trailers\n");
		return TUI_EXIT_USAGE;
	}
	if (!want_utf8_locale())
		fprintf(stderr, "git disclose: no UTF-8 locale: wide characters may be misaligned\n");
	if (model_open(&m, NULL, range, policy) < 0) {
		rc = fail(TUI_EXIT_USAGE);
		goto out;
	}
	if (tui_run(&m, flow, sizeof(flow) / sizeof(*flow),
		    resume_at(&m), model_load_files) < 0)
		rc = fail(TUI_EXIT_USAGE);
	if (m.after.len)
		fputs(m.after.ptr, stdout);
out:
	model_release(&m);
	return rc;
}
