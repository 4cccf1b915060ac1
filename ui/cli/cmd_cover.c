/* git disclose cover: the disclosure paragraph for a cover letter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "b4.h"
#include "boot.h"
#include "boot_util.h"
#include "catalogue.h"
#include "cli.h"
#include "cover.h"
#include "mail.h"
#include "maintainers.h"
#include "policy.h"
#include "repo.h"
#include "sanitize.h"
#include "session.h"
#include "strv.h"

static const char cover_usage[] =
	"usage: git disclose cover [<range>] [--reviewed TEXT] [--tested TEXT]\n"
	"                          [--prompts TEXT] [--maintainers] [--b4]\n"
	"                          [--policy P]\n"
	"       git disclose cover --mbox FILE [--reviewed TEXT] [--tested TEXT]\n"
	"\n"
	"Prints a paragraph for the cover letter of the series: which patches\n"
	"an AI coding assistant helped with (from their Assisted-by: tags),\n"
	"the agent, model and tools, how the series was reviewed and tested,\n"
	"and the boot verdict of its tip when git disclose boot recorded one.\n"
	"What is not known is left as a [bracketed prompt] for you to fill in.\n"
	"\n"
	"  <range>            the series (default: b4's series on a b4 prep\n"
	"                     branch, else @{upstream}..HEAD, else HEAD)\n"
	"  --reviewed TEXT    how you reviewed the code, in your words\n"
	"  --tested TEXT      how you tested it, in your words\n"
	"  --prompts TEXT     a summary of the prompts you gave the assistant\n"
	"                     (asked for where the tree has\n"
	"                     Documentation/process/generated-content.rst)\n"
	"  --maintainers      also print To: and Cc: lines from the tree's\n"
	"                     scripts/get_maintainer.pl run on the patches\n"
	"  --b4               write the paragraph into b4 prep's cover letter,\n"
	"                     above its tracking block (only the cover commit's\n"
	"                     message changes; with the branch-description\n"
	"                     strategy, branch.<name>.description)\n"
	"  --policy P         the policy pack whose checklist the assistant's\n"
	"                     certification is read against (default: the\n"
	"                     one the tree asks for, or disclose.policy)\n"
	"  --mbox FILE        the series as mail (git format-patch output, an\n"
	"                     mbox from b4 am; - for standard input) instead\n"
	"                     of commits; cover letters are skipped\n"
	"\n"
	"Where the tree at the series base has generated-content.rst, the\n"
	"paragraph also says which tools, their input (the Coccinelle scripts\n"
	"the series adds or names, quoted), the prompts, the affected files of\n"
	"each AI-assisted patch, and the boot's KUnit results.\n"
	"\n"
	"b4's cover-letter commit is never taken for a patch. The paragraph an\n"
	"earlier --b4 wrote is replaced while nobody edited it; a letter that\n"
	"holds another \"AI assistance:\" paragraph is left alone: edit it\n"
	"with b4 prep --edit-cover.\n";

struct cover_args {
	const char *range;
	const char *reviewed;
	const char *tested;
	const char *mbox;
	const char *prompts;
	const char *policy;
	bool b4, maintainers;
};

static int parse_args(struct cover_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "reviewed", required_argument, NULL, 'r' },
		{ "tested", required_argument, NULL, 't' },
		{ "b4", no_argument, NULL, 'b' },
		{ "mbox", required_argument, NULL, 'm' },
		{ "prompts", required_argument, NULL, 'p' },
		{ "maintainers", no_argument, NULL, 'M' },
		{ "policy", required_argument, NULL, 'P' },
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
		case 'b':
			a->b4 = true;
			break;
		case 'm':
			a->mbox = optarg;
			break;
		case 'p':
			a->prompts = optarg;
			break;
		case 'M':
			a->maintainers = true;
			break;
		case 'P':
			a->policy = optarg;
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
	if (a->mbox && a->range)
		return cli_usage_error(cover_usage, "cover",
				       "--mbox reads the series from mail: give it without a range");
	if (a->mbox && a->maintainers)
		return cli_usage_error(cover_usage, "cover",
				       "--maintainers runs the tree's get_maintainer.pl on commits: give a range, not --mbox");
	if (a->mbox && a->b4)
		return cli_usage_error(cover_usage, "cover",
				       "--b4 writes into b4 prep's cover commit: give it without --mbox, on the b4 prep branch");
	return 0;
}

/* --mbox FILE: the series as mail, into *out. */
static int collect_mail(struct cover **out, const char *path,
			const struct ident *human, const struct catalogue *cat)
{
	const char *name = strcmp(path, "-") ? path : "standard input";
	struct mail_set *set = NULL;
	struct buf in = BUF_INIT;
	int rc = -1;

	if (read_file(&in, path) < 0)
		goto out;
	buf_add(&in, "", 0);
	if (mail_detect(in.ptr, in.len) == MAIL_PLAIN) {
		error_set("%s holds no mail (no mbox \"From \" line and no From: or Subject: header): give git format-patch output or an mbox",
			  name);
		goto out;
	}
	if (mail_split(&set, in.ptr, in.len, 0) < 0)
		goto out;
	rc = cover_collect_mail(out, set, human, cat);
	if (rc == 0 && !(*out)->nr_patches) {
		cover_free(*out);
		*out = NULL;
		rc = error_set("%s holds no patches (cover letters and mails without a diff are skipped): give the series' patches",
			       name);
	}
out:
	mail_set_free(set);
	buf_release(&in);
	return rc;
}

/*
 * Did the boot build the very commits of the paragraph's series? A boot
 * of another range with the same tip (HEAD~1..HEAD) says nothing of the
 * other commits' builds and warnings.
 */
static bool same_series(const struct boot_verdict *v, const struct cover *c)
{
	if (v->nr_series != c->nr_patches)
		return false;
	for (size_t i = 0; i < c->nr_patches; i++)
		if (!c->patches[i].id[0] ||
		    !boot_strv_has(v->series, v->nr_series,
				   c->patches[i].id))
			return false;
	return true;
}

/* What the boot's builds found, when they were the series' own. */
static void load_builds(struct cover_opts *opts, const struct boot_verdict *v)
{
	bool booted_each = v->nr_commits > 0;

	if (v->warnings_checked)
		opts->nr_w1_files = v->nr_w1_checked;
	opts->nr_new_warnings = v->nr_new_warnings;
	opts->warnings_accepted = v->warnings_accepted;
	if (!v->nr_commits || v->failed_commit >= 0)
		return;
	opts->nr_built_each = v->nr_commits;
	for (size_t i = 0; i < v->nr_commits; i++)
		booted_each &= !strcmp(v->commits[i].status, "pass");
	opts->booted_each = booted_each;
}

/* The boot verdict recorded for the tip, into opts (a warning when
 * boot.json cannot be read: the paragraph is still useful without it). */
static struct boot_verdict *load_boot(struct cover_opts *opts,
				      struct repo *r, const struct cover *c)
{
	struct boot_verdict *v = NULL;

	if (!c->tip)
		return NULL;
	if (boot_last_verdict(&v, repo_git_dir(r), c->tip) < 0) {
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
	opts->suites = v->suites;
	opts->nr_suites = v->nr_suites;
	if (same_series(v, c))
		load_builds(opts, v);
	return v;
}

/* What the rewrite of b4's cover commit needs. */
struct letter {
	const struct b4_series *s;
	const char *para, *prev;
	bool already;
};

static int reword_letter(struct buf *out, const struct commit_info *c,
			 void *data)
{
	struct letter *l = data;
	int rc;

	if (strcmp(c->id, l->s->cover))
		return 0;	/* a patch: its message is kept */
	rc = b4_letter_add(out, c->message, c->message_len, l->para, l->prev,
			   true);
	l->already = rc == 0;
	return rc < 0 ? -1 : 0;
}

/* The cover commit's message gets the paragraph; the patches after it
 * are re-parented with their messages kept. */
static int write_cover_commit(const struct b4_series *s, struct repo *r,
			      const char *para, const char *prev)
{
	struct letter l = { s, para, prev, false };
	struct rewrite_opts o = { 0 };
	struct rewrite_result res;
	struct buf range = BUF_INIT;
	int rc;

	buf_addf(&range, "%s^..HEAD", s->cover);
	o.range = range.ptr;
	o.reflog_msg = "disclose: cover --b4";
	rc = repo_rewrite(&res, r, &o, reword_letter, &l);
	buf_release(&range);
	if (rc < 0)
		return -1;
	if (l.already || !res.nr_changed) {
		printf("b4's cover letter (commit %.12s) already holds this paragraph: nothing to do\n",
		       s->cover);
	} else {
		printf("wrote the paragraph into b4's cover letter: commit %.12s -> %.12s (%zu patch%s re-parented, messages kept)\n",
		       s->cover, res.entries[0].new_id, res.nr_rewritten - 1,
		       res.nr_rewritten == 2 ? "" : "es");
		printf("backup: %s; undo: " REWRITE_UNDO "\n  ("
		       REWRITE_UNDO_WHY ")\n",
		       res.backup_ref ? res.backup_ref : "none",
		       rewrite_undo_ref(&res));
	}
	rewrite_result_release(&res);
	return 0;
}

/* The branch-description strategy: the letter is a config value. */
static int write_description(const struct b4_series *s, struct repo *r,
			     const char *para, const char *prev)
{
	struct buf key = BUF_INIT, out = BUF_INIT;
	char *letter = NULL;
	int rc;

	buf_addf(&key, "branch.%s.description", s->branch);
	rc = repo_config_get(&letter, r, key.ptr);
	if (rc == 0)
		rc = b4_letter_add(&out, letter ? letter : "",
				   letter ? strlen(letter) : 0, para, prev,
				   false);
	if (rc == 0)
		printf("b4's cover letter (%s) already holds this paragraph: nothing to do\n",
		       key.ptr);
	if (rc > 0)
		rc = repo_config_set(r, key.ptr, out.ptr);
	if (rc == 0 && out.len)
		printf("wrote the paragraph into b4's cover letter (%s)\n",
		       key.ptr);
	free(letter);
	buf_release(&key);
	buf_release(&out);
	return rc < 0 ? -1 : 0;
}

/* b4's series, refusing a branch that is not b4's. */
static int need_b4(struct b4_series *s, struct repo *r)
{
	int rc = b4_series_find(s, r);

	if (rc == 0)
		return error_set("--b4: the branch checked out is not a b4 prep branch (no b4-prep-cover-strategy, cover commit or b4-tracking): start one with b4 prep -n NAME -f BASE, or leave out --b4 and paste the paragraph into your cover letter");
	return rc < 0 ? -1 : 0;
}

/* --b4: into b4 prep's cover letter, above its tracking block. */
static int write_b4(struct repo *r, const char *para)
{
	struct b4_series s;
	char *prev = NULL;
	int rc;

	if (need_b4(&s, r) < 0)
		return -1;
	/* what an earlier run wrote, unedited, is ours to replace */
	rc = b4_written_load(&prev, repo_git_dir(r));
	if (rc == 0)
		rc = s.strategy == B4_BRANCH_DESCRIPTION ?
		     write_description(&s, r, para, prev) :
		     write_cover_commit(&s, r, para, prev);
	if (rc == 0 && b4_written_save(repo_git_dir(r), para) < 0) {
		fprintf(stderr, "git disclose cover: warning: %s (a later cover --b4 will not replace this paragraph)\n",
			error_last());
		error_clear();
	}
	free(prev);
	b4_series_release(&s);
	return rc;
}

/* A patch carries Fixes:, or the human marked the series a bug fix. */
static bool bugfix_series(struct repo *r, const struct cover *c,
			  char *const *ids)
{
	char *mark[] = { (char *)POLICY_BUGFIX_MARK, NULL };

	for (size_t i = 0; i < c->nr_patches; i++)
		if (c->patches[i].fixes)
			return true;
	/* the whole series marked, or one commit of it */
	return session_certifies(repo_git_dir(r), ids, c->nr_patches, mark) ||
	       session_marked_any(repo_git_dir(r), ids, c->nr_patches,
				  POLICY_BUGFIX_COMMIT);
}

/* Which patches the human marked in the assistant as without AI code. */
static void no_ai_marks(bool *out, struct repo *r, const struct cover *c)
{
	char **ids = NULL;

	for (size_t i = 0; i < c->nr_patches; i++)
		strv_push(&ids, c->patches[i].id);
	session_no_ai_marks(out, repo_git_dir(r), ids, c->nr_patches);
	strv_free(ids);
}

/*
 * Did the human certify these patches in the assistant: the session's
 * review of each and every human item of the tree's policy (the
 * bug-fix procedure's only for a bug fix).
 */
static bool certified(struct repo *r, const struct cover *c,
		      const struct policy_choice *pc)
{
	char **ids = NULL, **need = NULL;
	bool ok, fix;

	for (size_t i = 0; i < c->nr_patches; i++)
		strv_push(&ids, c->patches[i].id);
	fix = bugfix_series(r, c, ids);
	for (size_t i = 0; i < pc->policy.nr_items; i++) {
		const struct policy_item *it = &pc->policy.items[i];

		if (!it->automatic && !it->optional &&
		    (fix || it->when != WHEN_BUGFIX_PROCEDURE))
			strv_push(&need, it->id);
	}
	ok = session_certifies(repo_git_dir(r), ids, c->nr_patches, need);
	strv_free(ids);
	strv_free(need);
	return ok;
}

/* --maintainers: To: and Cc: lines from the tree's get_maintainer.pl. */
static int recipients(struct buf *out, struct repo *r, const char *range)
{
	struct maintainers m;
	int rc = maintainers_run(&m, r, range, MAINTAINERS_TIMEOUT_MS);

	if (rc < 0)
		return -1;
	if (rc == 0)
		return error_set("--maintainers: no %s in the work tree: run it in a kernel tree, or find the maintainers in MAINTAINERS yourself",
				 GET_MAINTAINER_PL);
	buf_addch(out, '\n');
	for (size_t i = 0; i < m.nr; i++)
		buf_addf(out, "%s: %s\n", m.items[i].list ? "Cc" : "To",
			 m.items[i].who);
	if (!m.nr)
		buf_addf(out, "[%s names nobody for these patches: look in MAINTAINERS]\n",
			 m.script);
	maintainers_release(&m);
	return 0;
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
	struct policy_choice pc;
	struct catalogue *cat = NULL;
	bool have_human = false, have_pc = false, *no_ai = NULL;
	int ret;

	ret = parse_args(&a, argc, argv);
	if (ret)
		return ret == CLI_HELP ? 0 : ret;
	memset(&opts, 0, sizeof(opts));
	/* mail needs no repository: then no boot verdict, no human */
	if (a.mbox ? repo_open_optional(&r, NULL) : repo_open(&r, NULL))
		return cli_fail(EXIT_USAGE);
	if (r && repo_identity(&human, r) == 0) {
		have_human = true;
		opts.human = &human;
	}
	error_clear();
	if (a.b4) {
		struct b4_series s;

		if (need_b4(&s, r) < 0) {
			ret = cli_fail(EXIT_USAGE);
			goto out;
		}
		b4_series_release(&s);
	}
	if (catalogue_load(&cat) < 0 ||
	    (a.mbox ? collect_mail(&c, a.mbox, opts.human, cat) < 0 :
	     cover_collect(&c, r, a.range, opts.human, cat) < 0)) {
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
	opts.prompts = a.prompts;
	/* the one resolver: a pack it cannot find or read is an error */
	if (r && policy_resolve(&pc, a.policy, r,
				a.mbox ? NULL : a.range) < 0) {
		ret = cli_fail(EXIT_USAGE);
		goto out;
	}
	have_pc = r != NULL;
	opts.certified = !a.mbox && have_pc && certified(r, c, &pc);
	if (!a.mbox) {
		no_ai = xcalloc(c->nr_patches, sizeof(*no_ai));
		no_ai_marks(no_ai, r, c);
		opts.no_ai = no_ai;
	}
	opts.generated_content = have_pc && pc.have_tree &&
				 pc.tree.generated_content;
	v = r ? load_boot(&opts, r, c) : NULL;
	cover_format(&out, c, &opts);
	if (a.maintainers && recipients(&out, r, a.range) < 0) {
		ret = cli_fail(EXIT_USAGE);
		goto out;
	}
	cover_warnings(&warn, c, &opts);
	if (c->b4_cover[0])
		fprintf(stderr, "git disclose cover: skipped %.12s: b4 prep's cover letter, not a patch\n",
			c->b4_cover);
	if (a.b4) {
		ret = write_b4(r, out.ptr) < 0 ? cli_fail(EXIT_USAGE) : 0;
		sanitize_write_lines(stderr, buf_cstr(&warn), warn.len);
		goto out;
	}
	sanitize_write_lines(stdout, buf_cstr(&out), out.len);
	sanitize_write_lines(stderr, buf_cstr(&warn), warn.len);
	ret = 0;
out:
	if (have_pc)
		policy_choice_release(&pc);
	boot_verdict_free(v);
	cover_free(c);
	catalogue_free(cat);
	free(no_ai);
	if (have_human)
		ident_release(&human);
	repo_free(r);
	buf_release(&out);
	buf_release(&warn);
	return ret;
}
