/*
 * The placement rule (git-disclose(1), THE PLACEMENT RULE). The human's own block is the
 * trailers after the last Signed-off-by of somebody else (the whole block
 * when there is none); the lines above it are other people's and are kept
 * byte for byte, in order. Inside the own block a stale Assisted-by is
 * replaced, keeping its tools (the new line names them first, then the
 * request's), and the human's Signed-off-by moves to the end. The new
 * Assisted-by stands immediately before that Signed-off-by, the last line
 * of the block: when the human signed earlier in the chain and others
 * followed, a new sign-off is appended and the earlier one stays, as
 * git commit -s does. The block ends above a "---" notes line (see
 * message_parse_commit()), so the trailers survive git format-patch |
 * git am. Every other line is kept; re-running changes nothing.
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
	/*
	 * The new line's tools are the whole list: the tools of the line it
	 * replaces are not merged in (fix, which took them from it already
	 * and drops the basic tools among them).
	 */
	bool exact_tools;
	/* Further entries to remove anywhere in the block (fix: vendor
	 * trailers, AI sign-offs); they do not end anybody's part. */
	bool (*drop)(const struct message *m, size_t i, void *data);
	/*
	 * A line (allocated; NULL: none) that replaces entry i where it
	 * stands, in anybody's part of the block (fix: a vendor trailer
	 * converted in its owner's block, a stale Assisted-by corrected in
	 * the human's); called with drop_data for entries not dropped.
	 */
	char *(*rewrite)(const struct message *m, size_t i, void *data);
	void *drop_data;
};

/* The first entry of the human's own block (0: the whole block), the
 * entries req->drop removes not counting as anybody's sign-off. */
size_t place_own_start(const struct message *m,
		       const struct place_request *req);

/* Would the existing Assisted-by entry t, in the human's own block, be
 * replaced by the new one? */
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
