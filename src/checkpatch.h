/*
 * The kernel tree's own scripts/checkpatch.pl, run on the patches of a
 * range (git format-patch output, by argument vector, never a shell),
 * with only its signature-related messages kept: they are the ones this
 * tool has an opinion about, and they must agree with its own checks.
 */
#ifndef DISCLOSE_CHECKPATCH_H
#define DISCLOSE_CHECKPATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "repo.h"

/* The checkpatch message types kept (comma-separated, for --types). */
#define CHECKPATCH_TYPES \
	"BAD_SIGN_OFF,BAD_STABLE_ADDRESS_STYLE,MISSING_SIGN_OFF," \
	"NO_AUTHOR_SIGN_OFF,FROM_SIGN_OFF_MISMATCH"

/* One message of checkpatch about one commit. */
struct checkpatch_msg {
	char commit[OID_HEX + 1];	/* the commit of the patch */
	char *level;		/* "ERROR", "WARNING" or "CHECK" */
	char *type;		/* e.g. "BAD_SIGN_OFF" */
	char *message;		/* checkpatch's text, one line */
	char *text;		/* the offending line; NULL for whole-patch
				   messages such as MISSING_SIGN_OFF */
	size_t line;		/* 1-based line of text in the commit
				   message; 0 when unknown or no text */
};

struct checkpatch_report {
	struct checkpatch_msg *msgs;	/* in range order, newest first */
	size_t nr_msgs;
	size_t nr_patches;	/* patches checked (merges are skipped) */
	char *script;		/* the checkpatch.pl that ran */
};

/*
 * The tree's checkpatch script: <workdir>/scripts/checkpatch.pl, *out
 * the caller's to free. Fails with an error naming the tree when the
 * repository is bare or not a kernel tree.
 */
int checkpatch_find(char **out, struct repo *r);

/*
 * Run checkpatch on every non-merge commit of range (as repo_walk reads
 * it: NULL is the default range). The report is filled even when
 * checkpatch finds nothing; negative when the script, perl or git cannot
 * run, the range is bad, or checkpatch's output cannot be read.
 */
int checkpatch_run(struct checkpatch_report *out, struct repo *r,
		   const char *range);
/* The same with every message type: is the series checkpatch clean? */
int checkpatch_run_all(struct checkpatch_report *out, struct repo *r,
		       const char *range);
void checkpatch_report_release(struct checkpatch_report *rep);

/*
 * The non-merge commits of range as git format-patch files (one each,
 * oldest last as repo_walk gives them) in a new temporary directory;
 * release removes the files and the directory.
 */
struct patch_set {
	char *dir;
	char **paths;
	size_t nr;
};

int patch_set_write(struct patch_set *out, struct repo *r, const char *range);
void patch_set_release(struct patch_set *s);

/*
 * The messages about commit id (full hex): *nr of them, contiguous from
 * the pointer returned (NULL and 0 when there are none).
 */
const struct checkpatch_msg *checkpatch_msgs_for(
	const struct checkpatch_report *rep, const char *id, size_t *nr);

/*
 * Read checkpatch's --emacs --show-types output for one patch file
 * (named path in it) into rep, for commit id whose message is msg.
 * Exported for the unit tests.
 */
int checkpatch_parse(struct checkpatch_report *rep, const char *output,
		     const char *path, const char *id, const char *msg);

#endif
