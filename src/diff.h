/*
 * The one line diff: the edit script that turns a text into another (kept,
 * deleted and added lines, in order), and the unified diff built from it.
 * Every view of a change (fix --dry-run, amend, the assistant's preview)
 * walks the same script, so they show the same diff of the same pair.
 */
#ifndef DISCLOSE_DIFF_H
#define DISCLOSE_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

enum diff_op {
	DIFF_KEEP = ' ',	/* in both texts */
	DIFF_DEL = '-',		/* only in the old text */
	DIFF_ADD = '+',		/* only in the new text */
};

/* One line of the script. */
struct diff_edit {
	enum diff_op op;
	const char *line;	/* in the old text (kept, deleted) or the new */
	size_t len;		/* without the newline */
	bool eol;		/* the line ends with a newline (kept: in the old) */
	bool eol_changed;	/* kept, but its newline went or came */
};

/*
 * The script, walked with diff_iter_next(): a longest common subsequence
 * of lines. Lines are equal when their text is; the last line of a text
 * may lack the newline, and when that is all that differs the line is
 * kept with eol_changed (a unified diff shows it replaced). The edits
 * point into a and b. Ties break one way: equal lines are kept
 * as soon as they meet, otherwise a deletion comes before an addition
 * whenever both keep the script shortest. When the lines after the
 * common head make more than 4M pairs, they are shown replaced.
 */
struct diff_iter {
	struct diff_edit *edits;
	size_t nr;
	size_t next;
};

/* The script that turns a (alen bytes) into b (blen bytes). */
void diff_iter_init(struct diff_iter *it, const char *a, size_t alen,
		    const char *b, size_t blen);
/* The next line of the script in *out; false after the last. */
bool diff_iter_next(struct diff_iter *it, struct diff_edit *out);
void diff_iter_release(struct diff_iter *it);

/*
 * Append to out the unified diff (3 lines of context) that turns
 * a (alen bytes) into b, with "--- old_label" and "+++ new_label"
 * headers; nothing when they are equal.
 */
void diff_unified(struct buf *out, const char *a, size_t alen,
		  const char *b, size_t blen, const char *old_label,
		  const char *new_label);

#endif
