/*
 * The assistant's terminal: the one place that sets ncurses up and tears
 * it down (also on signals, fatal errors and out of memory), its colours,
 * and the input: the keyboard, or a key script for the tests with its
 * commands (:dump FILE writes the screen as text, :resize COLSxROWS).
 */
#ifndef DISCLOSE_TUI_TERM_H
#define DISCLOSE_TUI_TERM_H

#include <curses.h>
#include <stdbool.h>

enum tui_color {
	CL_TEXT = 1, CL_TITLE, CL_STATUS, CL_CURSOR, CL_ADD,
	CL_DEL, CL_HUNK, CL_META, CL_OK, CL_BAD, CL_WARN,
	CL_DIM, CL_LAST
};

/* Keys the screens share. */
#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESC 27
#define KEY_TAB '\t'

/* Enter, as a character or the keypad's key. */
bool key_is_enter(int key, bool is_key);

/* One input event: a character, a function key, or a script command. */
struct term_event {
	int key;
	bool is_key;
	const char *command;	/* ":dump FILE", ":resize WxH", or NULL */
};

/*
 * Start curses on the terminal; with script (a key script file, or NULL:
 * the keyboard), on a null terminal of size ("COLSxROWS", NULL: 80x24).
 */
int term_start(const char *script, const char *size);
/* Restore the terminal and free the script; safe to call more than once. */
void term_stop(void);
/* Curses is on the terminal (started, not stopped or restored). */
bool term_active(void);
/* The next event; 1 when there is none (the script or the input ended). */
int term_next_event(struct term_event *e);
/* Run a script command (:dump FILE, :resize COLSxROWS). */
int term_command(const char *cmd);
/* Let Ctrl-C interrupt the program (during minutes of work), or not. */
void term_let_interrupt(bool on);
/*
 * After a child-stopping stretch (run_stop_children_on_signals, as the
 * boot screen's): put our own signal handlers back (restore the
 * terminal, then die of the signal).
 */
void term_catch_signals(void);
/* Restore the terminal, print message (when given), die of sig. */
void term_die_of(int sig, const char *message);
/* Ctrl-Z: give the terminal back, stop as a job, redraw on fg. */
int term_suspend(void);

/* The attributes of a colour; without colours, those that keep the
 * important things apart. */
attr_t term_color(int color);

#endif
