/*
 * The guided assistant: the series model the screens share, the screen
 * operations table and the terminal layer. ui/tui/tui.c is the one place that
 * sets ncurses up and tears it down; each ui/screen_*.c is a table of
 * operations (open, draw, key -> request, done).
 */
#ifndef DISCLOSE_TUI_H
#define DISCLOSE_TUI_H

#include <curses.h>
#include <stdbool.h>

#include "assisted.h"
#include "catalogue.h"
#include "ident.h"
#include "lint.h"
#include "message.h"
#include "policy.h"
#include "repo.h"
#include "session.h"
#include "util.h"

/* Smallest window the screens are laid out for. */
#define TUI_MIN_COLS 60
#define TUI_MIN_ROWS 16

enum tui_color {
	CL_TEXT = 1, CL_TITLE, CL_STATUS, CL_CURSOR, CL_ADD,
	CL_DEL, CL_HUNK, CL_META, CL_OK, CL_BAD, CL_WARN,
	CL_DIM, CL_LAST
};

/* One commit of the series with what the screens show about it. */
struct series_commit {
	struct commit_info *info;
	struct message *msg;
	char *subject;
	bool has_assisted;
	bool has_human_sob;
	struct lint_result lint;	/* valid when the model's checker is */
	struct added_file *files;
	size_t nr_files;
	char *new_message;		/* the preview, NULL until computed */
};

struct tui_model {
	struct repo *repo;
	struct catalogue *cat;
	struct policy_set *policies;
	const struct policy *policy;
	struct session *session;
	char *range;			/* as given, or the default range */
	bool range_given;
	struct series_commit *commits;	/* oldest first */
	size_t nr;
	struct ident human;
	bool have_human;
	char *human_error;
	bool checker;			/* the checker is in this build */
	bool rewrite;			/* the series rewrite is too */
	bool boot;			/* boot validation is in this build */
	bool kernel_tree;
	char *prefill_source;		/* where agent and model came from */
	bool dirty;			/* changed, and not written */
	bool written;
	struct buf after;		/* printed on stdout after leaving */
};

/* What a screen's key handler asks of the loop. */
enum tui_request {
	REQ_NONE,
	REQ_BACK,		/* close this screen */
	REQ_LEAVE,		/* leave the assistant (confirm if unsaved) */
	REQ_QUIT,		/* leave now */
};

struct view;

struct view_ops {
	const char *name;	/* saved in the session, shown in dumps */
	const char *title;
	const char *keys;	/* help: "key\twhat it does\n" lines */
	int step;		/* 1..6: its place in the flow; 0: none */
	int (*open)(struct view *v);
	void (*draw)(struct view *v, int top, int rows, int cols);
	enum tui_request (*key)(struct view *v, int key, bool is_key);
	void (*done)(struct view *v);
};

struct view {
	const struct view_ops *ops;
	struct tui_model *m;
	void *priv;
	int arg;
	bool typing;		/* a text field has the keys: ? and q type */
};

/* The screens, in the flow's order. */
extern const struct view_ops screen_series;
extern const struct view_ops screen_review;
extern const struct view_ops screen_checklist;
extern const struct view_ops screen_agent;
extern const struct view_ops screen_tools;
extern const struct view_ops screen_preview;
extern const struct view_ops screen_boot;
extern const struct view_ops screen_pager;

/* Keys the screens share. */
#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESC 27
#define KEY_TAB '\t'

/*
 * Run the assistant on the model, first screen first; then (may be NULL)
 * reopen more screens, e.g. to resume a session. Returns 0, or negative
 * when the terminal could not be set up.
 */
int tui_run(struct tui_model *m, const struct view_ops *first,
	    void (*then)(struct tui_model *m));

/* Open a screen on top of the current one. */
int tui_push(struct tui_model *m, const struct view_ops *ops, int arg);
/* Open a text pager; certify: the human item y certifies there, or NULL. */
int tui_show_text(struct tui_model *m, const char *title, const char *text,
		  const char *certify);
/* Redraw now (long operations call it from their progress callbacks). */
void tui_redraw(void);
/* A message for the status line (until the next key). */
void tui_message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Save the session now (a failure goes to the status line). */
void tui_save(struct tui_model *m, const char *screen);

/* Drawing helpers: text is sanitized and cut to the columns given. */
void tui_put(int row, int col, int cols, int color, attr_t attr,
	     const char *s, size_t len);
/* A string literal and its length, for tui_put() and pager_add(). */
#define TUI_LIT(s) s, sizeof(s) - 1
void tui_putf(int row, int col, int cols, int color, attr_t attr,
	      const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void tui_clear_line(int row, int color);
/* Text broken at blanks over at most max_rows rows; returns rows used. */
int tui_wrap(int row, int col, int cols, int max_rows, int color,
	     const char *text);
int tui_color(int color);

/* A scrollable list of lines: the pager of review, preview and help. */
struct pager_line {
	char *text;		/* sanitized */
	int color;
	attr_t attr;
};

struct pager {
	struct pager_line *lines;
	size_t nr;
	int top;
	int rows;		/* last drawn height, for paging */
};

void pager_add(struct pager *p, int color, attr_t attr, const char *s,
	       size_t len);
void pager_addf(struct pager *p, int color, attr_t attr, const char *fmt,
		...) __attribute__((format(printf, 4, 5)));
/* Add each line of text. */
void pager_add_text(struct pager *p, int color, const char *text);
void pager_draw(struct pager *p, int top, int rows, int cols);
/* Scroll keys; returns true when the key was one. */
bool pager_key(struct pager *p, int key, bool is_key);
void pager_release(struct pager *p);

/* A list cursor moved by arrows, j/k, Home/End; true when moved. */
bool list_key(int *cursor, int nr, int key, bool is_key);
/* First row to show so that cursor is visible in rows. */
int list_scroll(int cursor, int rows, int *top);

/* A one-line text field. */
struct field {
	struct buf text;
};

/* Edit keys; returns true when the key changed or belonged to the field. */
bool field_key(struct field *f, int key, bool is_key);
void field_set(struct field *f, const char *s);
void field_draw(const struct field *f, int row, int col, int cols,
		bool focus);

/* Shared by the screens: series facts and the answers. */
bool series_all_reviewed(const struct tui_model *m, size_t *open);
/* The Assisted-by value the answers give, NULL (with why) when not yet. */
struct assisted *model_assisted(const struct tui_model *m, char **why);
/* Compute every commit's new message from the answers. */
int model_preview(struct tui_model *m);
/* The open items of the checklist ("2 commits unreviewed, dco"). */
void model_open_items(const struct tui_model *m, struct buf *out);

enum item_state {
	ITEM_OPEN,		/* a human has not answered; or not yet run */
	ITEM_DONE,
	ITEM_FAILED,		/* an automatic check found problems */
	ITEM_NA,		/* cannot be checked in this build or tree */
};

/* The state of a checklist item, and why (one line or more). */
enum item_state model_item_state(const struct tui_model *m,
				 const struct policy_item *it,
				 struct buf *why);
/* Every item that blocks is done: the series may be written. */
bool model_checklist_done(const struct tui_model *m);
/* Findings of the checker whose id starts with prefix, in all commits. */
size_t model_findings(const struct tui_model *m, const char *prefix,
		      struct buf *list);

#endif
