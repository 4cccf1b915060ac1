/* git disclose catalogue: the agents, models and tools it knows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "cli.h"
#include "run.h"

static const char catalogue_usage[] =
	"usage: git disclose catalogue [--json]\n"
	"\n"
	"Lists the known agents (AGENT_NAME) with their models, the analysis\n"
	"tools (marked when installed here) and the basic tools that are never\n"
	"listed. Extend it with JSON files in $XDG_CONFIG_HOME/git-disclose/.\n";

static bool tool_installed(const struct cat_tool *t)
{
	for (char **p = t->programs; p && *p; p++)
		if (run_in_path(*p))
			return true;
	return false;
}

static void print_text(const struct catalogue *c)
{
	printf("agents (AGENT_NAME: models)\n");
	for (size_t i = 0; i < c->nr_agents; i++) {
		const struct cat_agent *a = &c->agents[i];

		printf("  %-10s", a->name);
		for (size_t j = 0; j < a->nr_models; j++)
			printf(" %s", a->models[j].id);
		if (!a->nr_models)
			printf(" (give --model)");
		printf("\n");
	}
	printf("analysis tools (* installed here)\n");
	for (size_t i = 0; i < c->nr_tools; i++)
		if (!c->tools[i].basic)
			printf("  %c %-14s %s\n",
			       tool_installed(&c->tools[i]) ? '*' : ' ',
			       c->tools[i].name,
			       c->tools[i].description ? c->tools[i].description : "");
	printf("basic tools (never listed)\n ");
	for (size_t i = 0; i < c->nr_tools; i++)
		if (c->tools[i].basic)
			printf(" %s", c->tools[i].name);
	printf("\n");
}

int cmd_catalogue(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalogue *c;
	bool json = false;
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (opt == 'j') {
			json = true;
		} else if (opt == 'h') {
			fputs(catalogue_usage, stdout);
			return 0;
		} else {
			return cli_bad_option(catalogue_usage, "catalogue",
					      argv, opt);
		}
	}
	if (optind < argc)
		return cli_usage_error(catalogue_usage, "catalogue",
				       "unexpected argument '%s'", argv[optind]);
	if (catalogue_load(&c) < 0)
		return cli_fail(EXIT_USAGE);
	if (json) {
		char *text = catalogue_to_json(c, tool_installed);

		printf("%s\n", text);
		free(text);
	} else {
		print_text(c);
	}
	catalogue_free(c);
	return 0;
}
