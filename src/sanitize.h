/*
 * The one terminal sanitizer. Text from commits (messages, names, diffs)
 * is shown with control characters and escape sequences made visible and
 * inert, so that a commit cannot move the cursor, change colours or
 * retitle the terminal; invalid UTF-8 becomes U+FFFD. The display width
 * helpers count wide and combining characters as the terminal does
 * (wcwidth, so the locale's LC_CTYPE must be a UTF-8 one).
 */
#ifndef DISCLOSE_SANITIZE_H
#define DISCLOSE_SANITIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util.h"

/* Expand tabs to the next multiple of 8 columns instead of showing \t. */
#define SANITIZE_TABS 0x1

/*
 * Append s (len bytes) to out, made safe: C0 controls (newline included)
 * and DEL become "\x1b"-style escapes, C1 controls and the bidirectional
 * overrides become "\u009b"-style escapes, a byte that is not part of a
 * valid UTF-8 sequence becomes U+FFFD. An ESC thus shows as the text
 * "\x1b" and what follows it is plain text: no sequence (CSI, OSC, DCS)
 * can reach the terminal.
 */
void sanitize(struct buf *out, const char *s, size_t len, unsigned flags);

/*
 * The same for text of several lines: newlines and tabs are kept as they
 * are (they move the cursor in the ordinary way), everything else as
 * sanitize() does.
 */
void sanitize_lines(struct buf *out, const char *s, size_t len);
/* sanitize_lines() of s (len bytes), written to f. */
void sanitize_write_lines(FILE *f, const char *s, size_t len);
/* sanitize() of s (len bytes, no flags) as a new string. */
char *sanitize_dup(const char *s, size_t len);

/*
 * Append JSON text json to out with the controls a terminal acts on even
 * inside a JSON string (C1 controls U+0080..U+009F and the bidirectional
 * controls) written as \u escapes, which every JSON reader decodes back.
 * (A JSON printer already escapes C0 controls.)
 */
void sanitize_json(struct buf *out, const char *json);

/* Columns that sanitized text s (len bytes) takes on the terminal. */
size_t sanitize_width(const char *s, size_t len);

/*
 * How many bytes of sanitized text s fit into cols columns, never
 * splitting a character or separating a combining mark from its base;
 * *width (may be NULL) gets the columns they take.
 */
size_t sanitize_fit(const char *s, size_t len, size_t cols, size_t *width);

/*
 * Decode one UTF-8 character at s (at most len bytes): returns its length
 * and stores the code point, or returns 0 for an invalid or truncated
 * sequence (overlong forms, surrogates and values above U+10FFFF count
 * as invalid).
 */
size_t utf8_decode(unsigned *cp, const char *s, size_t len);

/*
 * The one list of code points that reorder or hide text (the embeddings,
 * overrides and isolates, LRM, RLM and ALM): escaped wherever text from
 * commits is shown.
 */
bool sanitize_is_bidi(unsigned cp);

#endif
