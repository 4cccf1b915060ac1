/*
 * The assistant's progress for one series, kept in
 * <gitdir>/disclose/session.json (written atomically, mode 0600) so that
 * leaving and coming back resumes where the human was. A session belongs
 * to a series: the range as given and the ids of its commits; for any
 * other series a fresh one starts.
 */
#ifndef DISCLOSE_SESSION_H
#define DISCLOSE_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#define SESSION_FILE "disclose/session.json"
/* A session file larger than this is not one of ours. */
#define SESSION_LIMIT ((size_t)32 << 20)

/*
 * The human's marks on a commit, a set: saying that a commit has no
 * AI-generated code is not reviewing it, so a commit can have both.
 */
enum review_state {
	REVIEW_NONE = 0,
	REVIEW_DONE = 1,	/* the human reviewed the commit */
	REVIEW_NO_AI = 2,	/* the human says: no AI-generated code */
};

struct session {
	char *range;
	char **ids;		/* the series, oldest first */
	char **patches;		/* their changes' ids (session_patch_id),
				 * or NULL when not known */
	size_t nr;
	enum review_state *review;	/* one set of marks per commit */
	char **certified;	/* ids of the human items certified */
	char *agent, *model;	/* answers typed or chosen; NULL: none */
	char **tools;		/* NULL-terminated; NULL: not answered */
	bool remove_ai;		/* remove AI sign-offs and vendor trailers */
	char *screen;		/* where the human was */
	bool resumed;		/* loaded from the file */
	char *note;		/* why a saved session was not resumed, or
				 * what a resume after a rewrite kept and
				 * dropped */
};

/*
 * The id of a change: a hash of a commit's diff (git's patch format)
 * with what a rewrite of the message or a rebase does not change left
 * out: the commit, index lines, hunk line numbers, whitespace. Like
 * git patch-id --stable, the same change gives the same id. The caller
 * frees.
 */
char *session_patch_id(const char *diff, size_t len);

/*
 * The session for the series (range, ids[nr] oldest first) in gitdir:
 * the saved one when it is for the same series, else a fresh one (a
 * broken file is not an error: s->note says it was started afresh).
 */
int session_load(struct session **out, const char *gitdir,
		 const char *range, char *const *ids, size_t nr);
/*
 * The same, with the id of each commit's change (patches[nr]): a saved
 * session of the same range whose commits were rewritten (a reword, an
 * amended message, git disclose's own write) is resumed, its review
 * marks following the change; s->note says what was kept and dropped.
 */
int session_load_series(struct session **out, const char *gitdir,
			const char *range, char *const *ids,
			char *const *patches, size_t nr);
/*
 * Write it atomically with mode 0600, creating <gitdir>/disclose; a
 * <gitdir>/disclose that is a symbolic link, not a directory or not the
 * user's is refused (never written through).
 */
/* Is there a saved session in gitdir (or one that cannot be told)? */
bool session_saved(const char *gitdir);
int session_save(const struct session *s, const char *gitdir);
/* Remove the file (after the series was written). */
int session_remove(const char *gitdir);
void session_free(struct session *s);

/* The session as JSON text, and back (for the tests and the file). */
char *session_to_json(const struct session *s);
int session_from_json(struct session *s, const char *text, size_t len,
		      const char *origin);

bool session_certified(const struct session *s, const char *item);
/*
 * Did the human certify the series ids[nr] (oldest first) in the
 * assistant: a saved session for exactly these commits (whatever range
 * named them), each one reviewed (a commit marked as without
 * AI-generated code is not reviewed by that), and each item of need
 * (NULL-terminated ids) certified? A missing or
 * broken session file is a no.
 */
bool session_certifies(const char *gitdir, char *const *ids, size_t nr,
		       char *const *need);
/*
 * Does the saved session of the series ids[nr] hold an item that starts
 * with prefix (a mark the human set on some commit)? No session is a no.
 */
bool session_marked_any(const char *gitdir, char *const *ids, size_t nr,
			const char *prefix);
/*
 * out[i]: did the human mark commit ids[i] of the series as without
 * AI-generated code in the assistant? All false when no saved session
 * is for exactly these commits.
 */
void session_no_ai_marks(bool *out, const char *gitdir, char *const *ids,
			 size_t nr);
void session_certify(struct session *s, const char *item, bool on);
void session_set_str(char **field, const char *value);
void session_set_tools(struct session *s, char *const *tools);

#endif
