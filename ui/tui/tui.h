/* The guided assistant's entry, for ui/main.c. */
#ifndef DISCLOSE_TUI_H
#define DISCLOSE_TUI_H

/* git disclose [<range>]: argv[0] is the program. Returns the exit
 * status. Weak so that main links without the assistant. */
int cmd_tui(int argc, char **argv) __attribute__((weak));

/* git disclose report's terminal view of h, whose commits are in r
 * (ui/tui/screen_report.c). Returns 0, or negative with the error set. */
struct history;
struct repo;
int tui_report(struct history *h, struct repo *r) __attribute__((weak));

#endif
