/*
 * The assistant's application: a stack of views, each a screen's table
 * of operations (open, draw, key -> request, done), the frame around the
 * top one (title, status line, help, the leave confirmation) and the
 * loop. The frame knows nothing of the model: the screens report what it
 * shows (tig's display and report split).
 */
#ifndef DISCLOSE_TUI_APP_H
#define DISCLOSE_TUI_APP_H

#include <stdbool.h>

#include "util.h"
#include "widgets.h"

/* Smallest window the screens are laid out for. */
#define TUI_MIN_COLS 60
#define TUI_MIN_ROWS 16

/* The screens' model, handed to them; the frame does not look into it. */
struct tui_model;

/* What a screen's key handler asks of the loop. */
enum tui_request {
	REQ_NONE,
	REQ_BACK,		/* close this screen */
	REQ_LEAVE,		/* leave the assistant (confirm if unsaved) */
	REQ_QUIT,		/* leave now */
};

/* What the frame shows around the screens, as they report it. */
struct frame_report {
	struct buf what;	/* the title: what they work on */
	struct buf mark;	/* the title, after the screen's name */
	struct buf status;	/* the status line, after the step */
	bool unsaved;		/* leaving asks first */
	bool leaving;		/* asked on leaving: unsaved is what
				 * counts, however much it costs */
};

struct view;

struct view_ops {
	const char *name;	/* saved in the session, shown in dumps */
	const char *title;
	const char *keys;	/* help: "key\twhat it does\n" lines */
	bool search;		/* a pager: ? searches backward, h is help */
	int (*open)(struct view *v);
	void (*draw)(struct view *v, int top, int rows, int cols);
	enum tui_request (*key)(struct view *v, int key, bool is_key);
	void (*done)(struct view *v);
	/* Fill in what the frame shows; NULL: the screen below reports. */
	void (*report)(struct view *v, struct frame_report *out);
	/* The screen from closed and this one is on top again, or NULL. */
	void (*back)(struct view *v, const struct view *from);
	/* What the first frame went without is read (tui_run's load_rest),
	 * or NULL. */
	void (*loaded)(struct view *v);
};

struct view {
	const struct view_ops *ops;
	struct tui_model *m;
	void *priv;
	void *arg;		/* what tui_push() was given, or where the
				 * screen is now (the review's commit) */
	bool typing;		/* a text field has the keys: ? and q type */
};

/*
 * A step of the flow: its screen, and a screen that is part of it (or
 * NULL). The status line numbers the step and names it for both.
 */
struct flow_step {
	const struct view_ops *screen;
	const struct view_ops *part;
};

/*
 * Run the assistant on the model through the flow's nr steps, the first
 * one's screen first; with resume_at (a screen's name, or NULL) also the
 * steps after it up to that one. load_rest (or NULL) reads what the
 * first frame does without, once it is drawn and before any key.
 * Returns 0, or negative when the terminal could not be set up.
 */
int tui_run(struct tui_model *m, const struct flow_step *flow, size_t nr,
	    const char *resume_at, int (*load_rest)(struct tui_model *));

/* Open a screen on top of the current one; arg goes to its view. */
int tui_push(const struct view_ops *ops, void *arg);
/* Redraw now (long operations call it from their progress callbacks). */
void tui_redraw(void);
/* A message for the status line (until the next key). */
void tui_message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
