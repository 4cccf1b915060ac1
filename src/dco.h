/*
 * The Developer's Certificate of Origin the human certifies with a
 * Signed-off-by:. In a kernel tree it is read from
 * Documentation/process/submitting-patches.rst (the project does not
 * carry a copy); elsewhere a short summary in our own words names that
 * document.
 */
#ifndef DISCLOSE_DCO_H
#define DISCLOSE_DCO_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

#define DCO_DOCUMENT "Documentation/process/submitting-patches.rst"

/*
 * The DCO 1.1 section of the text of submitting-patches.rst: from its
 * title line to the paragraph that says how to add the sign-off. Returns
 * 0, or -1 when the text does not hold it.
 */
int dco_extract(struct buf *out, const char *rst, size_t len);

/*
 * The text to show for workdir (may be NULL): *from_tree tells whether
 * it came from the tree's document or is the summary.
 */
void dco_text(struct buf *out, bool *from_tree, const char *workdir);

#endif
