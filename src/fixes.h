/*
 * The Fixes: tag, checked as the kernel's scripts/checkpatch.pl checks
 * it (BAD_FIXES_TAG): a line "Fixes: <id> (\"<subject>\")" names the
 * commit it fixes by at least 12 hex digits of its id and its subject
 * in double quotes inside parentheses. The commit is looked up through
 * a function, so the module needs no repository itself.
 */
#ifndef DISCLOSE_FIXES_H
#define DISCLOSE_FIXES_H

#include "lint.h"
#include "mail.h"
#include "message.h"
#include "repo.h"

/* checkpatch's minimum: 12 characters of the commit id. */
#define FIXES_ID_MIN 12

enum fixes_found {
	FIXES_FOUND,		/* *id and *subject are set */
	FIXES_NONE,		/* no commit has that id */
	FIXES_AMBIGUOUS,	/* more than one commit starts so */
};

/*
 * Look up the commit whose id starts with hex: its full id into id
 * (OID_HEX + 1 bytes) and its subject (git log's %s) into *subject, the
 * caller's to free. Returns an enum fixes_found, or -1 on an error.
 */
typedef int (*fixes_lookup_fn)(char *id, char **subject, const char *hex,
			       void *data);

/* The lookup in a repository: data is the struct repo. */
int fixes_repo_lookup(char *id, char **subject, const char *hex, void *data);

/*
 * Add FIXES_FORMAT, FIXES_UNKNOWN_COMMIT and FIXES_SUBJECT_MISMATCH
 * findings for the Fixes: lines of m (above the patch divider) to res.
 * Returns -1 when a lookup failed (error_last() says why), else 0.
 */
int fixes_check(struct lint_result *res, const struct message *m,
		fixes_lookup_fn lookup, void *data);
/* The same for the commit git am would make of a patch mail. */
int fixes_check_mail(struct lint_result *res, const struct mail *mail,
		     char comment_char, fixes_lookup_fn lookup, void *data);

/* How many Fixes: lines (as checkpatch spots them) m has above the
 * patch divider: a commit with one is a bug fix. */
size_t fixes_count(const struct message *m);

#endif
