/*
 * The disclosure paragraph of a cover letter: which patches of a series
 * an AI coding assistant helped with (from their Assisted-by: trailers),
 * with which agent, model and tools, how the human reviewed and tested
 * them, and the boot verdict of the series tip when there is one.
 */
#ifndef DISCLOSE_COVER_H
#define DISCLOSE_COVER_H

#include <stdbool.h>
#include <stddef.h>

#include "boot_verdict.h"
#include "ident.h"
#include "mail.h"
#include "repo.h"
#include "util.h"

struct catalogue;


struct cover_patch {
	char id[OID_HEX + 1];
	char *subject;		/* the title paragraph on one line */
	char **assisted;	/* Assisted-by: values, NULL-terminated */
	char **tested_by;	/* Tested-by: values, NULL-terminated */
	char **reviewed_by;	/* Reviewed-by: values, NULL-terminated */
	bool human_signoff;	/* carries the human's Signed-off-by: */
	bool traces;		/* an AI tool's traces (vendor trailers,
				 * footers, AI sign-offs) and no Assisted-by */
	char *traces_agent;	/* the agent they name, or NULL */
	bool fixes;		/* carries a Fixes: line (a bug fix) */
	char **files;		/* the paths it changes; NULL from mail */
	char **scripts;		/* Coccinelle scripts it adds or names */
};

/* A Coccinelle script of the series, quoted for generated-content.rst. */
struct cover_script {
	char *path;		/* as the series names it */
	char *text;		/* at the tip; NULL when the tree lacks it */
	bool added;		/* the series adds or changes it */
};

struct cover {
	struct cover_patch *patches;	/* oldest first, as numbered */
	size_t nr_patches;
	char *tip;			/* newest commit of the range */
	char b4_cover[OID_HEX + 1];	/* b4's cover commit skipped, or "" */
	struct cover_script *scripts;	/* every script of the patches */
	size_t nr_scripts;
};

/* What the human adds, and the boot verdict of the tip (all optional). */
struct cover_opts {
	const struct ident *human;	/* NULL: no Signed-off-by: check */
	const char *reviewed;		/* how the code was reviewed */
	const char *tested;		/* how it was tested */
	bool certified;			/* the human certified the series in
					 * the assistant (session_certifies) */
	const bool *no_ai;		/* per patch: the human marked it as
					 * without AI-generated code (the
					 * assistant's a); NULL: none was */
	bool have_boot;
	bool boot_pass;
	const char *boot_summary;
	const char *boot_release;
	const char *boot_accel;
	const struct boot_suite *suites;	/* KUnit, from the boot */
	size_t nr_suites;
	size_t nr_w1_files;		/* .c files W=1 compared, 0: none */
	size_t nr_new_warnings;		/* those the series adds */
	bool warnings_accepted;		/* ... and the human accepted */
	size_t nr_built_each;		/* boot --each: commits all built */
	bool booted_each;		/* ... and booted (--boot-each) */
	/* the tree has Documentation/process/generated-content.rst: say
	 * which tools, their input, the prompts, the portions, testing */
	bool generated_content;
	const char *prompts;		/* a summary of the prompts */
};

/*
 * Read the commits of range (repo_walk's reading; NULL: the default
 * range), skipping merges and b4's cover-letter commit. human, when not
 * NULL, is whose Signed-off-by: is looked for.
 */
int cover_collect(struct cover **out, struct repo *r, const char *range,
		  const struct ident *human, const struct catalogue *cat);
/*
 * The same from a series given as mail: the patches of set (cover
 * letters and mails without a patch skipped), by their [PATCH n/m]
 * numbers when all have one, else in mbox order. A patch's id is the
 * commit of its format-patch separator line, "" when there is none.
 */
int cover_collect_mail(struct cover **out, const struct mail_set *set,
		       const struct ident *human, const struct catalogue *cat);
void cover_free(struct cover *c);

/* Number of patches with at least one Assisted-by: trailer. */
size_t cover_nr_assisted(const struct cover *c);

/* The paragraph, wrapped at 72 columns, into out. */
void cover_format(struct buf *out, const struct cover *c,
		  const struct cover_opts *opts);
/*
 * Lines for stderr about what the paragraph cannot honestly say:
 * an AI-assisted patch without the human's Signed-off-by:, a malformed
 * Assisted-by: value. Empty when there is nothing to say.
 */
void cover_warnings(struct buf *out, const struct cover *c,
		    const struct cover_opts *opts);

#endif
