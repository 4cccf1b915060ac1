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
	"usage: git disclose [<range>]\n"
	"\n"
	"Opens the guided assistant on the commits of range (default: the\n"
	"branch's commits not on its upstream, else HEAD): review each commit,\n"
	"go through the policy's checklist, say which agent, model and tools\n"
	"helped, preview and write Assisted-by: and your Signed-off-by:.\n"
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
	return tui_run(NULL, report_flow, 1, NULL);
}

int cmd_tui(int argc, char **argv)
{
	const char *range = NULL, *script = getenv("DISCLOSE_TUI_SCRIPT");
	struct tui_model m;
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			continue;
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(tui_usage, stdout);
			return 0;
		}
		if (range) {
			fprintf(stderr, "git disclose: one range only, not '%s' too\n%s",
				argv[i], tui_usage);
			return TUI_EXIT_USAGE;
		}
		range = argv[i];
	}
	if (!(script && *script) && (!isatty(0) || !isatty(1))) {
		fprintf(stderr, "git disclose: the guided assistant needs a terminal; here use git disclose check to lint the series and git disclose amend to write the trailers\n");
		return TUI_EXIT_USAGE;
	}
	if (!want_utf8_locale())
		fprintf(stderr, "git disclose: no UTF-8 locale: wide characters may be misaligned\n");
	if (model_init(&m, NULL, range) < 0) {
		rc = fail(TUI_EXIT_USAGE);
		goto out;
	}
	if (tui_run(&m, flow, sizeof(flow) / sizeof(*flow),
		    resume_at(&m)) < 0)
		rc = fail(TUI_EXIT_USAGE);
	if (m.after.len)
		fputs(m.after.ptr, stdout);
out:
	model_release(&m);
	return rc;
}
