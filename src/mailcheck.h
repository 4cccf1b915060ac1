/*
 * The checker on patch mail. A patch is checked as the commit git am
 * would make of it, with the mail's own facts: the author is the
 * (in-body) From:, the submitter the mail's From:, the files it adds
 * come from its diff. A cover letter is judged by what it must say:
 * when patches of its series are AI-assisted, that an AI coding
 * assistant helped. Finding lines are lines of the input.
 */
#ifndef DISCLOSE_MAILCHECK_H
#define DISCLOSE_MAILCHECK_H

#include "lint.h"
#include "mail.h"

/* The files the diff of a patch adds, with their first lines. */
void mail_added_files(struct added_file **out, size_t *nr,
		      const struct mail *m);

/*
 * Check mail i of set; licenses may be NULL (no SPDX checks). The
 * other mails of the set are the cover letter's series.
 */
void mail_check(struct lint_result *out, const struct mail_set *set,
		size_t i, const struct lint_opts *o,
		const struct spdx_ids *licenses);

/*
 * Check message (len bytes), the commit git am makes of patch m (git
 * am's final-commit file), with m's author, sender and added files.
 * Finding lines are lines of message.
 */
void mail_check_as(struct lint_result *out, const struct mail *m,
		   const char *message, size_t len,
		   const struct lint_opts *o, const struct spdx_ids *licenses);

/*
 * A message whose subject line says [PATCH 0/m] and that holds no diff
 * is a cover letter, as mail or as a message (git mailinfo -k keeps
 * the prefix): mail_check_cover_message() judges it as mail_check()
 * judges a cover letter given without its patches.
 */
bool mail_message_is_cover(const char *text, size_t len);
void mail_check_cover_message(struct lint_result *out, const char *text,
			      size_t len, const struct lint_opts *o);

#endif
