/* git disclose catalogue: the agents, models and tools it knows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "cli.h"
#include "run.h"
#include "sanitize.h"
#include "util.h"

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

/*
 * Append s made safe for the terminal (the user's own catalogue files can
 * hold any string), padded with blanks to cols columns.
 */
static void add_field(struct buf *out, const char *s, size_t cols)
{
	size_t start = out->len, w;

	sanitize(out, s ? s : "", s ? strlen(s) : 0, 0);
	w = sanitize_width(out->ptr + start, out->len - start);
	for (; w < cols; w++)
		buf_addch(out, ' ');
}

static void print_text(const struct catalogue *c)
{
	struct buf out = BUF_INIT;

	buf_adds(&out, "agents (AGENT_NAME: models)\n");
	for (size_t i = 0; i < c->nr_agents; i++) {
		const struct cat_agent *a = &c->agents[i];

		buf_adds(&out, "  ");
		add_field(&out, a->name, 10);
		for (size_t j = 0; j < a->nr_models; j++) {
			buf_addch(&out, ' ');
			add_field(&out, a->models[j].id, 0);
		}
		if (!a->nr_models)
			buf_adds(&out, " (give --model)");
		buf_addch(&out, '\n');
	}
	buf_adds(&out, "analysis tools (* installed here)\n");
	for (size_t i = 0; i < c->nr_tools; i++) {
		const struct cat_tool *t = &c->tools[i];

		if (t->basic)
			continue;
		buf_addf(&out, "  %c ", tool_installed(t) ? '*' : ' ');
		add_field(&out, t->name, 14);
		buf_addch(&out, ' ');
		add_field(&out, t->description, 0);
		buf_addch(&out, '\n');
	}
	buf_adds(&out, "basic tools (never listed)\n ");
	for (size_t i = 0; i < c->nr_tools; i++) {
		if (c->tools[i].basic) {
			buf_addch(&out, ' ');
			add_field(&out, c->tools[i].name, 0);
		}
	}
	buf_addch(&out, '\n');
	fwrite(out.ptr, 1, out.len, stdout);
	buf_release(&out);
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
		struct buf out = BUF_INIT;

		/* cJSON escapes C0 controls, not C1 or bidi ones */
		sanitize_json(&out, text);
		printf("%s\n", out.ptr);
		buf_release(&out);
		free(text);
	} else {
		print_text(c);
	}
	catalogue_free(c);
	return 0;
}
