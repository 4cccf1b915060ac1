/* A small unified line diff, for showing what fix would change. */
#ifndef DISCLOSE_DIFF_H
#define DISCLOSE_DIFF_H

#include <stddef.h>

#include "util.h"

/*
 * Append to out the unified diff (3 lines of context) that turns
 * a (alen bytes) into b, with "--- old_label" and "+++ new_label"
 * headers; nothing when they are equal.
 */
void diff_unified(struct buf *out, const char *a, size_t alen,
		  const char *b, size_t blen, const char *old_label,
		  const char *new_label);

#endif
