/*
 * b4 prep branches, read the way b4 0.12 (b4/ez.py) reads them.
 *
 * b4 keeps a series' cover letter and its tracking data (JSON: revision,
 * change-id, base-branch) by a strategy, branch.<name>.b4-prep-cover-
 * strategy (else b4.prep-cover-strategy, else "commit"):
 *
 *   commit       an empty commit at the bottom of the series whose
 *                message is the letter, the marker line and the JSON;
 *                the series is <cover>..HEAD (b4: get_series_start).
 *   tip-commit   the same commit at the tip; the series runs from the
 *                fork point with base-branch to the commit before it.
 *   branch-description
 *                the letter in branch.<name>.description, the JSON in
 *                branch.<name>.b4-tracking; the series runs from the
 *                fork point with base-branch to HEAD.
 *
 * b4 finds the cover commit as the newest commit reachable from HEAD
 * whose message holds the marker (git log --grep, within a year).
 * The cover commit is not a patch: it is never rewritten, reviewed or
 * checked as one; only the letter above the marker is ever edited.
 */
#ifndef DISCLOSE_B4_H
#define DISCLOSE_B4_H

#include <stdbool.h>
#include <stddef.h>

#include "repo.h"
#include "util.h"

#define B4_MARKER "--- b4-submit-tracking ---"

enum b4_strategy {
	B4_COMMIT,
	B4_TIP_COMMIT,
	B4_BRANCH_DESCRIPTION,
};

struct b4_series {
	enum b4_strategy strategy;
	char *branch;			/* short name, "b4/frob" */
	char cover[OID_HEX + 1];	/* the cover commit, "" when none */
	char *base_branch;		/* tracking series.base-branch */
	char *change_id;		/* tracking series.change-id */
	char *range;			/* the patches: "<cover>..HEAD", ... */
};

/* The strategy's name as b4 spells it. */
const char *b4_strategy_name(enum b4_strategy s);

/*
 * Where the marker line of b4's cover letter starts in msg (a line that
 * is exactly the marker, with a JSON object after it), or -1 when the
 * message has none.
 */
long b4_marker_offset(const char *msg, size_t len);

/* Does the message carry b4's tracking block? */
bool b4_is_cover_message(const char *msg, size_t len);

/*
 * Is c b4's cover-letter commit: its message carries the tracking
 * block and it changes no file (b4 makes it with --allow-empty)?
 */
bool b4_is_cover(struct repo *r, const struct commit_info *c);

/*
 * base-branch and change-id of b4's tracking JSON (the text from the
 * first '{', as b4 reads it); each NULL when absent. origin names the
 * JSON's place in errors.
 */
int b4_tracking_parse(char **base_branch, char **change_id,
		      const char *json, size_t len, const char *origin);

/*
 * The b4 prep series of the checked-out branch: 1 when the branch is a
 * b4 prep branch (out filled, the caller releases it), 0 when it is not
 * (also on a detached HEAD), -1 on an error (a prep branch whose cover
 * commit or tracking data b4 itself could not read).
 */
int b4_series_find(struct b4_series *out, struct repo *r);
void b4_series_release(struct b4_series *s);
/* b4's series as the default range: a repo_range_finder (src/repo.h). */
int b4_default_range(char **out, struct repo *r);

/*
 * One line saying where the series came from, for check and config:
 * "b4 prep branch b4/frob (cover letter in commit 1234abcd5678):
 * series <cover>..HEAD".
 */
void b4_series_describe(struct buf *out, const struct b4_series *s);

/*
 * When the checked-out branch is a b4 prep branch: "range from " and
 * b4_series_describe() into out, and 1; 0 when it is not, -1 on error.
 */
int b4_range_note(struct buf *out, struct repo *r);

/*
 * Put para (a text of one or more paragraphs, ending in a newline) into
 * b4's cover letter letter (len bytes): the whole cover commit message
 * when has_marker, else a branch description. It goes above the
 * letter's closing trailer paragraph (Signed-off-by:, Cc: ...) when it
 * has one, else at the end of the letter, always above the tracking
 * block, which is kept byte for byte. prev (or NULL) is the text an
 * earlier cover --b4 wrote: found word for word, it is replaced by para
 * where it stands. Returns 1 with out set, 0 when the letter already
 * holds para word for word, or -1 when it holds a different "AI
 * assistance:" paragraph (the human's words, or ours edited by the
 * human, are never replaced: the error says how to edit it).
 */
int b4_letter_add(struct buf *out, const char *letter, size_t len,
		  const char *para, const char *prev, bool has_marker);
/*
 * The paragraph cover --b4 wrote last into a letter of this repository
 * (<gitdir>/disclose/cover-b4): *out NULL when there is none. Saving
 * creates the state directory when needed.
 */
int b4_written_load(char **out, const char *gitdir);
int b4_written_save(const char *gitdir, const char *para);

#endif
