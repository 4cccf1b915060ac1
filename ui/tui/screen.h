/*
 * What the screens share: the app and widgets they are built on, the
 * model they show, and a few things more than one of them does.
 */
#ifndef DISCLOSE_TUI_SCREEN_H
#define DISCLOSE_TUI_SCREEN_H

#include "app.h"
#include "model.h"

extern const struct view_ops screen_series;
extern const struct view_ops screen_review;
extern const struct view_ops screen_checklist;
extern const struct view_ops screen_agent;
extern const struct view_ops screen_tools;
extern const struct view_ops screen_preview;
extern const struct view_ops screen_boot;
extern const struct view_ops screen_pager;
/* git disclose report's view (screen_report.c), of the report given. */
extern const struct view_ops screen_report;
struct history;
void screen_report_set(struct history *h, struct repo *r);

/* Save the session on the screen named (a failure goes to the status
 * line): after an answer, which leaving then asks about. */
void screen_save(struct view *v, const char *screen);
/* The same when the human only moves on: Esc still leaves at once. */
void screen_goto(struct view *v, const char *screen);
/* The "Assisted-by: ..." line the answers give, or why there is none. */
void screen_draw_assisted(const struct view *v, int row, int cols);
/* Open a text pager; certify: the human item y certifies there, or NULL. */
int tui_show_text(const char *title, const char *text, const char *certify);

#endif
