/*
 * The placement rule (DESIGN section 3): the new Assisted-by stands
 * immediately before the human's Signed-off-by, which is the last line of
 * the trailer block, added when missing and never duplicated; every other
 * line is kept byte for byte, in order; re-running changes nothing.
 */
#ifndef DISCLOSE_PLACE_H
#define DISCLOSE_PLACE_H

#include <stdbool.h>

#include "assisted.h"
#include "ident.h"
#include "message.h"
#include "util.h"

struct place_request {
	/* The new disclosure; NULL writes none. */
	const struct assisted *assisted;
	enum policy_form form;
	/* The human; NULL with --no-signoff (no SoB added or moved). */
	const struct ident *human;
	/* Further entries to remove (fix: vendor trailers, AI sign-offs). */
	bool (*drop)(const struct message *m, size_t i, void *data);
	void *drop_data;
};

/* Would the existing Assisted-by entry t be replaced by the new one? */
bool place_replaces(const struct trailer *t, const struct assisted *a,
		    enum policy_form form);

/*
 * Write into out the message m with the trailers placed. Fails only on
 * a message with no content at all (nothing to attach trailers to).
 */
int place_trailers(struct buf *out, const struct message *m,
		   const struct place_request *req);

/* "Signed-off-by: Name <address>" for the human (no newline). */
char *signoff_line(const struct ident *human);

#endif
