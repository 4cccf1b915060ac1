/*
 * The fixer: apply what the checker proposes. Vendor trailers and footers
 * and AI sign-offs become one Assisted-by: line (agent and model from the
 * vendor identity and the catalogue, or from the options); AI sign-offs
 * and AI Co-developed-by: lines go with the Signed-off-by that pairs with
 * them; the human's Signed-off-by is placed by the placement rule
 * (place.h). It never writes a guessed value: when the agent or model
 * cannot be told, it fails naming the option to pass.
 *
 * Whose lines are whose: a vendor trailer in another person's part of
 * the block becomes check's Assisted-by line where it stands, above that
 * person's sign-off; another person's Assisted-by (and an AI trace of
 * theirs with no proposal) is left as it is and named in opts->notes; a
 * stale Assisted-by in the human's own part becomes check's proposal in
 * place, order kept. The human's part gets a new Assisted-by only for
 * traces in that part (or with no line of their own, e.g. footers),
 * or the caller's line (o->place). Another person's other lines (a
 * sign-off repeated in their chain) are never removed.
 */
#ifndef DISCLOSE_FIX_H
#define DISCLOSE_FIX_H

#include <stdbool.h>

#include "lint.h"
#include "util.h"

struct fix_opts {
	enum policy_form form;
	const struct catalogue *cat;
	const struct ident *human;	/* NULL: no sign-off added or moved */
	const char *agent;		/* override the inferred agent */
	const char *model;		/* override the inferred model */
	char *const *tools;		/* NULL: keep the message's tools */
	const struct lint_facts *facts;	/* author, committer, or NULL */
	bool no_disclosure;		/* the human says the commit has no
					 * AI-generated code: the AI traces
					 * go, and no Assisted-by comes */
	bool divider;			/* a "---" line ends the message
					 * (a patch e-mail, --message) */
	char comment_char;
	struct buf *notes;		/* NULL, or lines about what fix
					 * left alone (another person's) */
	/*
	 * The writers (amend, the assistant): the human's own part gets
	 * assisted (NULL: none, unless traces in that part ask for one)
	 * and the sign-off, whatever the checker finds, in the same pass
	 * that converts the traces; agent and model are not used.
	 */
	bool place;
	const struct assisted *assisted;
};

/*
 * Write into out the fixed text of message text (len bytes); *changed
 * tells whether anything changed. Fails (error_last() says why and
 * which option to pass) without writing a guess.
 */
int fix_message(struct buf *out, bool *changed, const char *text, size_t len,
		const struct fix_opts *o);

#endif
