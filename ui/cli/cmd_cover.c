/* git disclose cover: the disclosure paragraph for a cover letter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot.h"
#include "cli.h"
#include "cover.h"
#include "repo.h"
#include "sanitize.h"

static const char cover_usage[] =
	"usage: git disclose cover [<range>] [--reviewed TEXT] [--tested TEXT]\n"
	"\n"
	"Prints a paragraph for the cover letter of the series: which patches\n"
	"an AI coding assistant helped with (from their Assisted-by: tags),\n"
	"the agent, model and tools, how the series was reviewed and tested,\n"
	"and the boot verdict of its tip when git disclose boot recorded one.\n"
	"What is not known is left as a [bracketed prompt] for you to fill in.\n"
	"\n"
	"  <range>            the series (default @{upstream}..HEAD, else HEAD)\n"
	"  --reviewed TEXT    how you reviewed the code, in your words\n"
	"  --tested TEXT      how you tested it, in your words\n"
	"\n"
	"With b4: git disclose cover >disclosure.txt, then b4 prep --edit-cover\n"
	"and read the file into the letter above its b4-submit-tracking line.\n";

struct cover_args {
	const char *range;
	const char *reviewed;
	const char *tested;
};

static int parse_args(struct cover_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "reviewed", required_argument, NULL, 'r' },
		{ "tested", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int opt;

	memset(a, 0, sizeof(*a));
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'r':
			a->reviewed = optarg;
			break;
		case 't':
			a->tested = optarg;
			break;
		case 'h':
			fputs(cover_usage, stdout);
			return CLI_HELP;
		default:
			return cli_bad_option(cover_usage, "cover", argv, opt);
		}
	}
	if (optind < argc)
		a->range = argv[optind++];
	if (optind < argc)
		return cli_usage_error(cover_usage, "cover",
				       "unexpected argument '%s': give one range, such as main..HEAD",
				       argv[optind]);
	return 0;
}

/* The boot verdict recorded for the tip, into opts (a warning when
 * boot.json cannot be read: the paragraph is still useful without it). */
static struct boot_verdict *load_boot(struct cover_opts *opts,
				      struct repo *r, const char *tip)
{
	struct boot_verdict *v = NULL;

	if (!tip)
		return NULL;
	if (boot_last_verdict(&v, repo_git_dir(r), tip) < 0) {
		fprintf(stderr, "git disclose cover: warning: boot verdict not read: %s\n",
			error_last());
		return NULL;
	}
	if (!v)
		return NULL;
	opts->have_boot = true;
	opts->boot_pass = v->pass;
	opts->boot_summary = v->summary;
	opts->boot_release = v->release;
	opts->boot_accel = v->accel;
	return v;
}

int cmd_cover(int argc, char **argv)
{
	struct cover_args a;
	struct cover_opts opts;
	struct boot_verdict *v = NULL;
	struct buf out = BUF_INIT, warn = BUF_INIT;
	struct cover *c = NULL;
	struct repo *r = NULL;
	struct ident human = { NULL, NULL };
	bool have_human = false;
	int ret;

	ret = parse_args(&a, argc, argv);
	if (ret)
		return ret == CLI_HELP ? 0 : ret;
	if (repo_open(&r, NULL) < 0)
		return cli_fail(EXIT_USAGE);
	memset(&opts, 0, sizeof(opts));
	if (repo_identity(&human, r) == 0) {
		have_human = true;
		opts.human = &human;
	} else {
		error_clear();
	}
	if (cover_collect(&c, r, a.range, opts.human) < 0) {
		ret = cli_fail(EXIT_USAGE);
		goto out;
	}
	if (!c->nr_patches) {
		fprintf(stderr, "git disclose cover: the range has no patches (merges and b4's cover commit are skipped): give a range such as main..HEAD\n");
		ret = EXIT_USAGE;
		goto out;
	}
	opts.reviewed = a.reviewed;
	opts.tested = a.tested;
	v = load_boot(&opts, r, c->tip);
	cover_format(&out, c, &opts);
	cover_warnings(&warn, c, &opts);
	sanitize_write_lines(stdout, buf_cstr(&out), out.len);
	sanitize_write_lines(stderr, buf_cstr(&warn), warn.len);
	ret = 0;
out:
	boot_verdict_free(v);
	cover_free(c);
	if (have_human)
		ident_release(&human);
	repo_free(r);
	buf_release(&out);
	buf_release(&warn);
	return ret;
}
