/*
 * What the screens draw with: text put sanitized and cut to the columns
 * given, word wrap, the pager (review, preview, help texts), the list
 * cursor and the one-line text field.
 */
#ifndef DISCLOSE_TUI_WIDGETS_H
#define DISCLOSE_TUI_WIDGETS_H

#include <stdbool.h>
#include <stddef.h>

#include "term.h"
#include "util.h"

/* A string literal and its length, for tui_put() and pager_add(). */
#define TUI_LIT(s) s, sizeof(s) - 1

/* Drawing: text is sanitized and cut to the columns given. */
void tui_put(int row, int col, int cols, int color, attr_t attr,
	     const char *s, size_t len);
void tui_putf(int row, int col, int cols, int color, attr_t attr,
	      const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void tui_clear_line(int row, int color);
/* "k/N" at the right end of row: where a list's cursor is. */
void tui_put_position(int row, int cols, int color, size_t at, size_t nr);
/* Text broken at blanks over at most max_rows rows; returns rows used. */
int tui_wrap(int row, int col, int cols, int max_rows, int color,
	     const char *text);
/* The rows tui_wrap() takes for text, without a limit. */
int tui_wrap_rows(const char *text, int cols);

/*
 * Word wrap: the length of the first row of s (n bytes, one line) that
 * fits width columns, broken at the last blank of its second half when
 * there is one; *next gets where the row after it starts (blanks
 * skipped). A row that fits whole is n bytes long and *next is n.
 */
size_t wrap_row(const char *s, size_t n, size_t width, size_t *next);

/* A scrollable list of lines. */
struct pager_line {
	char *text;		/* sanitized */
	int color;
	attr_t attr;
};

/* A one-line text field. */
struct field {
	struct buf text;
};

/*
 * A pager: vertical and horizontal scroll, and less-style search ("/"
 * forward, "?" backward, n and N repeat it); while the search is typed
 * the pager has the keys (pager_typing()) and shows the prompt on its
 * last row, then the outcome ("not found", "wrapped") until the next key.
 */
struct pager {
	struct pager_line *lines;
	size_t nr;
	int top;
	int rows;		/* last drawn height, for paging */
	int cols;		/* last drawn width, for horizontal steps */
	int left;		/* columns scrolled off to the left */
	char *pattern;		/* the last search, or NULL */
	bool backward;		/* it was typed after "?" */
	bool prompting;		/* the search is being typed */
	struct field input;
	const char *note;	/* the last search's outcome, or NULL */
};

void pager_add(struct pager *p, int color, attr_t attr, const char *s,
	       size_t len);
void pager_addf(struct pager *p, int color, attr_t attr, const char *fmt,
		...) __attribute__((format(printf, 4, 5)));
/* Add each line of text. */
void pager_add_text(struct pager *p, int color, const char *text);
/* Add each line of text, long ones wrapped to width columns. */
void pager_add_wrapped(struct pager *p, int color, const char *text,
		       size_t width);
void pager_draw(struct pager *p, int top, int rows, int cols);
/*
 * Scroll and search keys; returns true when the key was one. While a
 * search is typed every key is the pager's (pager_typing()).
 */
bool pager_key(struct pager *p, int key, bool is_key);
bool pager_typing(const struct pager *p);
/* "12/40" (the last line shown of all), for a status line. */
void pager_position(const struct pager *p, struct buf *out);
void pager_release(struct pager *p);

/* A list cursor moved by arrows, j/k, Home/End; true when moved. */
bool list_key(int *cursor, int nr, int key, bool is_key);
/* First row to show so that cursor is visible in rows. */
int list_scroll(int cursor, int rows, int *top);

/* Edit keys; returns true when the key changed or belonged to the field. */
bool field_key(struct field *f, int key, bool is_key);
void field_set(struct field *f, const char *s);
void field_draw(const struct field *f, int row, int col, int cols,
		bool focus);
void field_release(struct field *f);

#endif
