/* git-disclose: dispatch to the commands (ui/cli) and the assistant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b4.h"
#include "cli/cli.h"
#include "tui/tui.h"

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "trailer", cmd_trailer, "print the trailer lines, place them in a message, or parse trailers" },
	{ "commit", cmd_commit, "run git commit with the trailers placed" },
	{ "amend", cmd_amend, "write the trailers into HEAD (or every commit of a range)" },
	{ "check", NULL, "lint commits or a message against the policy" },
	{ "report", NULL, "count AI assistance in a history, by month, agent, ..." },
	{ "fix", NULL, "convert vendor trailers, drop AI sign-offs" },
	{ "hook", NULL, "install or remove the commit-msg hook" },
	{ "boot", NULL, "build and boot the series in QEMU" },
	{ "cover", NULL, "print a disclosure paragraph for a cover letter" },
	{ "config", NULL, "show the effective settings and where each comes from" },
	{ "catalogue", cmd_catalogue, "known agents, models and analysis tools" },
};

static int (*late_bound(const char *name))(int, char **)
{
	if (!strcmp(name, "check"))
		return cmd_check;
	if (!strcmp(name, "report"))
		return cmd_report;
	if (!strcmp(name, "fix"))
		return cmd_fix;
	if (!strcmp(name, "hook"))
		return cmd_hook;
	if (!strcmp(name, "boot"))
		return cmd_boot;
	if (!strcmp(name, "cover"))
		return cmd_cover;
	if (!strcmp(name, "config"))
		return cmd_config;
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: git disclose [--policy P] [<range>]  guided assistant (a terminal UI)\n"
		   "       git disclose <command> [<options>]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\nRun git disclose <command> --help for its options.\n"
		   "Exit status: 0 clean, 1 policy errors found, 2 usage or environment error.\n");
}

static int run_tui(int argc, char **argv)
{
	if (!cmd_tui) {
		fprintf(stderr, "git disclose: the guided assistant is not built yet: use git disclose check, amend or trailer\n");
		return EXIT_USAGE;
	}
	return cmd_tui(argc, argv);
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : NULL;

	/* on a b4 prep branch every command's default range is b4's series */
	repo_set_range_finder(b4_default_range);
	/* report's terminal view is the assistant's, when it is built */
	cli_report_view = tui_report;
	if (name && (!strcmp(name, "--help") || !strcmp(name, "-h") ||
		     !strcmp(name, "help"))) {
		usage(stdout);
		return 0;
	}
	if (name && !strcmp(name, "--version")) {
		printf("git-disclose %s\n", DISCLOSE_VERSION);
		return 0;
	}
	if (name && !strcmp(name, "__editor"))
		return cmd_editor(argc - 1, argv + 1);
	for (size_t i = 0; name && i < sizeof(commands) / sizeof(commands[0]);
	     i++) {
		int (*fn)(int, char **) = commands[i].fn;

		if (strcmp(name, commands[i].name))
			continue;
		if (!fn)
			fn = late_bound(name);
		if (!fn) {
			fprintf(stderr, "git disclose: '%s' is not part of this build yet\n",
				name);
			return EXIT_USAGE;
		}
		return fn(argc - 1, argv + 1);
	}
	/* the assistant's own option */
	if (name && (!strcmp(name, "--policy") ||
		     !strncmp(name, "--policy=", 9)))
		return run_tui(argc, argv);
	if (name && name[0] == '-' && strcmp(name, "--")) {
		fprintf(stderr, "git disclose: unknown option '%s'\n", name);
		usage(stderr);
		return EXIT_USAGE;
	}
	return run_tui(argc, argv);
}
