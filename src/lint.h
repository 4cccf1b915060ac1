/*
 * The policy checker: a message (and, when known, facts about its commit:
 * author, committer, added files) in, findings out. Each finding has a
 * fixed id, a severity, the line it is about, what is wrong and why, and
 * the corrected line where one exists. Pure: no repository access.
 */
#ifndef DISCLOSE_LINT_H
#define DISCLOSE_LINT_H

#include <stdbool.h>
#include <stddef.h>

#include "assisted.h"
#include "catalogue.h"
#include "ident.h"
#include "message.h"
#include "repo.h"
#include "spdx.h"

enum severity { SEV_INFO, SEV_WARNING, SEV_ERROR };

/* What fix does about a finding. */
enum fix_action {
	ACT_NONE,	/* nothing: a human must act */
	ACT_REPLACE,	/* the line becomes fix */
	ACT_REMOVE,	/* the line goes (an AI sign-off, a footer) */
	ACT_DISCLOSE,	/* the line goes, the Assisted-by line comes */
	ACT_PLACE,	/* the sign-off is added or moved by the placement */
};

struct finding {
	const char *id;		/* "AI_SIGNOFF" */
	enum severity severity;
	size_t line;		/* 1-based line in the message, 0: none */
	size_t entry;		/* index of its trailer entry, or SIZE_MAX */
	char *text;		/* the offending line, or NULL */
	char *message;		/* what is wrong and why */
	char *fix;		/* the corrected line, or NULL */
	enum fix_action action;
	bool guess;		/* fix is a guess at a misspelling ("did you
				 * mean"): check proposes it, fix asks */
};

/* Facts about the commit; any may be NULL / 0 (a bare message). */
struct lint_facts {
	const struct ident *author;
	const struct ident *committer;
	const struct added_file *files;
	size_t nr_files;
	const struct spdx_ids *licenses;
	/* A merge commit: not a patch the DCO certifies, so no sign-off is
	 * asked of it (the kernel's merges carry none). */
	bool merge;
};

/* The disclosure the evidence points to, for fixes and fix. */
struct lint_guess {
	const struct cat_agent *agent;	/* NULL: not known */
	char *model;			/* NULL: not known */
	bool signals;			/* vendor traces were found */
};

struct lint_result {
	struct finding *findings;
	size_t nr, alloc;
	size_t errors, warnings, infos;
	struct lint_guess guess;	/* the whole message's (check's) */
	bool has_assisted;		/* some Assisted-by: line exists */
	/*
	 * The submitter's part: the trailers after the last Signed-off-by
	 * of another person (a person, not an AI, other than the committer
	 * of the facts; every person's without one), and the traces outside
	 * the block. The entries above own_start are other people's: what
	 * they say is theirs, and fixes for them come from their own part.
	 */
	size_t own_start;
	struct lint_guess own;		/* what the submitter's part says */
	bool own_has_assisted;
};

/* Remembered identity verdicts: a range repeats the same few people. */
struct lint_cache;

struct lint_cache *lint_cache_new(void);
void lint_cache_free(struct lint_cache *cache);

struct lint_opts {
	enum policy_form form;
	const struct catalogue *cat;
	struct lint_cache *cache;	/* NULL: none; tied to cat */
	bool mail;	/* patch mail: remedies for its reader, who
			 * asks the sender (no fix, no commit -s) */
	/* mail: the local user, whose Signed-off-by: last is the one
	 * added when applying (b4 am -s), after the sender's */
	const struct ident *applier;
};

/* Check message m (its trailer block and body lines) with facts. */
void lint_message(struct lint_result *out, const struct message *m,
		  const struct lint_facts *facts, const struct lint_opts *o);
void lint_result_release(struct lint_result *res);
/*
 * Append a finding to res and count it by severity; text and fix (may
 * be NULL) are copied, id is not (a literal, or text that outlives res).
 * entry is the index of its trailer entry or SIZE_MAX.
 */
/*
 * A changelog under the sign-offs (above the "---" line): git takes
 * its last paragraph for the trailer block and misses the sign-offs.
 * When m's block has no sign-off but m cut before some of its last
 * paragraphs has one, *trimmed is m up to *cut, where they start.
 */
bool lint_changelog_cut(struct message **trimmed, size_t *cut,
			const struct message *m);
/*
 * What check reports: lint_message(), except that a message with a
 * changelog under its sign-offs is judged as the message above the
 * changelog, plus TRAILERS_MISPLACED (the findings then name no entry).
 */
void lint_check_message(struct lint_result *out, const struct message *m,
			const struct lint_facts *facts,
			const struct lint_opts *o);
void lint_add_finding(struct lint_result *res, const char *id,
		      enum severity sev, size_t line, size_t entry,
		      const char *text, const char *fix,
		      enum fix_action action, const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));

const char *severity_name(enum severity s);
/* Is this identity an AI agent (vendor identity, agent or model name)?
 * agent and model may be NULL; *model is the caller's to free. */
bool lint_is_ai_ident(const struct catalogue *c, const struct ident *id,
		      const struct cat_agent **agent, char **model);
/* Is body line [s, s + n) a vendor footer? Returns its agent or NULL. */
const struct cat_footer *lint_footer(const struct catalogue *c, const char *s,
				     size_t n);
/* The first line of the message (the subject), for display. */
char *lint_subject(const struct message *m);

/*
 * Copy s into out replacing control characters (bytes below 0x20 but
 * tab, 0x7f and the C1 controls U+0080..U+009F) with visible escapes
 * like \x1b: text from a commit must not drive the terminal.
 */
void lint_sanitize(struct buf *out, const char *s, size_t len);

/* One NDJSON line (with its newline): commit may be NULL (a message). */
char *lint_json_line(const char *commit, const char *subject,
		     const struct lint_result *res);

#endif
