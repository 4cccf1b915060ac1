/*
 * The assistant's application: the views, the flow's steps, the frame
 * around the top view (title, status line, help, the leave confirmation)
 * and the loop. What the frame says of the series the screens report;
 * which screens make the flow the entry says.
 */
#include "app.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sanitize.h"

#define MAX_VIEWS 16

static struct {
	struct view views[MAX_VIEWS];
	int depth;
	char message[512];
	bool help;
	bool confirm;
	struct tui_model *model;
	const struct flow_step *flow;
	size_t nr_steps;
} T;

/* The step (1..nr_steps) a screen is, or is part of; 0: none. */
static int step_of(const struct view_ops *ops)
{
	for (size_t i = 0; i < T.nr_steps; i++)
		if (T.flow[i].screen == ops || T.flow[i].part == ops)
			return (int)i + 1;
	return 0;
}

static struct view *top_view(void)
{
	return T.depth ? &T.views[T.depth - 1] : NULL;
}

/* The frame ------------------------------------------------------------ */

/* What the top screen reports, or the nearest one below it that does. */
static void report(struct frame_report *r, bool leaving)
{
	memset(r, 0, sizeof(*r));
	r->leaving = leaving;
	for (int i = T.depth - 1; i >= 0; i--) {
		struct view *v = &T.views[i];

		if (v->ops->report) {
			v->ops->report(v, r);
			return;
		}
	}
}

static void report_release(struct frame_report *r)
{
	buf_release(&r->what);
	buf_release(&r->mark);
	buf_release(&r->status);
}

static bool unsaved(void)
{
	struct frame_report r;
	bool yes;

	report(&r, true);
	yes = r.unsaved;
	report_release(&r);
	return yes;
}

static void draw_title(struct view *v, const struct frame_report *r)
{
	tui_clear_line(0, CL_TITLE);
	tui_putf(0, 0, COLS, CL_TITLE, A_BOLD, " git disclose  %s  %s%s",
		 buf_cstr(&r->what), v->ops->title, buf_cstr(&r->mark));
}

/* Where the human is in the flow, and what the screens report. */
static void draw_status(struct view *v, const struct frame_report *r)
{
	struct buf b = BUF_INIT;
	int own = step_of(v->ops), step = own;

	for (int i = T.depth - 1; !step && i >= 0; i--)
		step = step_of(T.views[i].ops);
	/* a flow of one screen (report's) has no steps to count */
	if (T.nr_steps == 1)
		buf_addf(&b, " %s", v->ops->title);
	else
		buf_addf(&b, " Step %d/%zu %s", step, T.nr_steps,
			 step ? T.flow[step - 1].screen->title : "");
	if (own != step && T.nr_steps > 1)
		buf_addf(&b, ": %s", v->ops->title);
	buf_addf(&b, " | %s", buf_cstr(&r->status));
	tui_clear_line(LINES - 2, CL_STATUS);
	tui_put(LINES - 2, 0, COLS, CL_STATUS, 0, b.ptr, b.len);
	tui_clear_line(LINES - 1, CL_TEXT);
	if (T.message[0])
		tui_put(LINES - 1, 0, COLS, CL_WARN, A_BOLD, T.message,
			strlen(T.message));
	else if (v->ops->search)
		tui_put(LINES - 1, 0, COLS, CL_DIM, 0,
			TUI_LIT("h: keys  /: search  q: back  Esc: leave"));
	else
		tui_put(LINES - 1, 0, COLS, CL_DIM, 0,
			TUI_LIT("?: keys  q: back  Esc: leave"));
	buf_release(&b);
}

/*
 * A frame of rows x width at row, col: box-drawing characters on a UTF-8
 * terminal, ASCII elsewhere (text, so that the screen dumps show it).
 */
static void draw_frame(int row, int col, int rows, int width)
{
	bool utf8 = MB_CUR_MAX > 1;
	const char *h = utf8 ? "\u2500" : "-", *v = utf8 ? "\u2502" : "|";
	const char *corner[4] = { "+", "+", "+", "+" };
	struct buf line = BUF_INIT;

	if (utf8) {
		corner[0] = "\u250c";
		corner[1] = "\u2510";
		corner[2] = "\u2514";
		corner[3] = "\u2518";
	}
	for (int i = 0; i < 2; i++) {
		buf_reset(&line);
		buf_adds(&line, corner[2 * i]);
		for (int x = 2; x < width; x++)
			buf_adds(&line, h);
		buf_adds(&line, corner[2 * i + 1]);
		tui_put(i ? row + rows - 1 : row, col, width, CL_STATUS,
			A_BOLD, line.ptr, line.len);
	}
	for (int y = row + 1; y < row + rows - 1; y++) {
		tui_put(y, col, 1, CL_STATUS, A_BOLD, v, strlen(v));
		tui_put(y, col + width - 1, 1, CL_STATUS, A_BOLD, v, strlen(v));
	}
	buf_release(&line);
}

/* A box in the middle of the screen with the given lines, framed. */
static void draw_box(const char *title, const char *text)
{
	int nr = 0, width = (int)strlen(title) + 4, row, col;
	const char *s, *e;

	for (s = text; *s; s = *e ? e + 1 : e, nr++) {
		e = strchrnul(s, '\n');
		if ((int)sanitize_width(s, (size_t)(e - s)) + 4 > width)
			width = (int)sanitize_width(s, (size_t)(e - s)) + 4;
	}
	if (width > COLS)
		width = COLS;
	if (nr + 2 > LINES)
		nr = LINES - 2;
	row = (LINES - nr - 2) / 2;
	col = (COLS - width) / 2;
	for (int i = 0; i < nr + 2; i++) {
		attrset(term_color(CL_STATUS));
		mvhline(row + i, col, ' ', width);
	}
	draw_frame(row, col, nr + 2, width);
	tui_putf(row, col + 2, width - 4, CL_STATUS, A_BOLD, " %s ", title);
	s = text;
	for (int i = 0; i < nr; i++) {
		e = strchrnul(s, '\n');
		tui_put(row + 1 + i, col + 2, width - 4, CL_STATUS, 0, s,
			(size_t)(e - s));
		s = *e ? e + 1 : e;
	}
}

static const char global_keys[] =
	"Up/Down, j/k\tmove\n"
	"Enter\tselect\n"
	"Space\ttoggle\n"
	"Tab, Shift-Tab\tnext, previous field\n"
	"?, h\tthese keys (h where ? searches backward)\n"
	"q\tback\n"
	"Esc\tleave the text field; else leave the assistant\n"
	"Ctrl-C\tleave the assistant\n"
	"\tleaving asks first only when an answer is not written\n"
	"Ctrl-Z\tsuspend (fg comes back)\n";

static void draw_help(struct view *v)
{
	struct buf b = BUF_INIT;
	const char *s, *e;

	for (int pass = 0; pass < 2; pass++) {
		s = pass ? global_keys : v->ops->keys;
		for (; s && *s; s = *e ? e + 1 : e) {
			const char *tab;

			e = strchrnul(s, '\n');
			tab = memchr(s, '\t', (size_t)(e - s));
			if (!tab)
				continue;
			buf_addf(&b, "%-16.*s %.*s\n", (int)(tab - s), s,
				 (int)(e - tab - 1), tab + 1);
		}
		if (!pass)
			buf_adds(&b, "\n");
	}
	buf_adds(&b, "\nany key closes this help");
	draw_box(v->ops->title, b.ptr);
	buf_release(&b);
}

static bool too_small(void)
{
	return COLS < TUI_MIN_COLS || LINES < TUI_MIN_ROWS;
}

static void draw_too_small(void)
{
	erase();
	tui_putf(0, 0, COLS, CL_BAD, A_BOLD, "Window too small: %dx%d",
		 COLS, LINES);
	tui_putf(1, 0, COLS, CL_TEXT, 0, "git disclose needs %dx%d.",
		 TUI_MIN_COLS, TUI_MIN_ROWS);
	tui_put(2, 0, COLS, CL_TEXT, 0, TUI_LIT("Enlarge it, or Esc to leave."));
}

static void draw(void)
{
	struct view *v = top_view();
	struct frame_report r;

	erase();
	if (too_small()) {
		draw_too_small();
	} else {
		report(&r, false);
		draw_title(v, &r);
		v->ops->draw(v, 1, LINES - 3, COLS);
		draw_status(v, &r);
		report_release(&r);
		if (T.help)
			draw_help(v);
		if (T.confirm)
			draw_box("Leave?",
				 "The trailers are not written yet.\n"
				 "Your answers are kept for next time.\n"
				 "\n"
				 "y: leave   n: stay");
	}
	refresh();
}

void tui_redraw(void)
{
	if (term_active())
		draw();
}

void tui_message(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(T.message, sizeof(T.message), fmt, ap);
	va_end(ap);
}

/* The loop -------------------------------------------------------------- */

int tui_push(const struct view_ops *ops, void *arg)
{
	struct view *v;

	if (T.depth == MAX_VIEWS)
		return error_set("too many screens open: press q to go back");
	v = &T.views[T.depth];
	memset(v, 0, sizeof(*v));
	v->ops = ops;
	v->m = T.model;
	v->arg = arg;
	if (ops->open && ops->open(v) < 0) {
		tui_message("%s", error_last());
		return -1;
	}
	T.depth++;
	return 0;
}

static void pop(void)
{
	struct view *v = top_view(), *below;

	if (T.depth > 1) {
		below = &T.views[T.depth - 2];
		if (below->ops->back)
			below->ops->back(below, v);
	}
	if (v->ops->done)
		v->ops->done(v);
	T.depth--;
}

static bool wants_leave(int key, bool is_key)
{
	return !is_key && (key == KEY_ESC || key == KEY_CTRL('c'));
}

/* Keys of the frame: help, leave, too small; true when taken. */
static bool frame_key(struct term_event *e, enum tui_request *req)
{
	struct view *v = top_view();

	if (e->is_key && e->key == KEY_RESIZE)
		return true;
	if (!e->is_key && e->key == KEY_CTRL('z')) {
		if (term_suspend() < 0)
			tui_message("%s", error_last());
		return true;
	}
	if (T.help) {
		T.help = false;
		return true;
	}
	if (T.confirm) {
		if (!e->is_key && (e->key == 'y' || e->key == 'Y'))
			*req = REQ_QUIT;
		else
			T.confirm = false;
		return true;
	}
	if (wants_leave(e->key, e->is_key) && !(v->typing &&
						 e->key == KEY_ESC)) {
		*req = REQ_LEAVE;
		return true;
	}
	if (too_small())
		return true;
	if (!v->typing && !e->is_key &&
	    (e->key == 'h' || (e->key == '?' && !v->ops->search))) {
		T.help = true;
		return true;
	}
	return false;
}

static int loop(void)
{
	struct term_event e;
	enum tui_request req;

	for (;;) {
		draw();
		if (term_next_event(&e))
			return 0;
		if (e.command) {
			if (term_command(e.command) < 0)
				tui_message("%s", error_last());
			continue;
		}
		req = REQ_NONE;
		if (!frame_key(&e, &req)) {
			T.message[0] = '\0';
			req = top_view()->ops->key(top_view(), e.key,
						   e.is_key);
		}
		if (req == REQ_BACK) {
			if (T.depth > 1) {
				pop();
				continue;
			}
			req = REQ_LEAVE;
		}
		if (req == REQ_LEAVE) {
			if (unsaved())
				T.confirm = true;
			else
				return 0;
		}
		if (req == REQ_QUIT)
			return 0;
	}
}

/*
 * Open the flow's steps after the first, up to the one named at (its
 * screen, or a screen that is part of it); the first step's name, or
 * one not in the flow, opens none. A step that cannot open yet stops
 * there, and the status line says why.
 */
static void resume(const char *at)
{
	size_t to = 0;

	for (size_t i = 1; i < T.nr_steps; i++)
		if (!strcmp(T.flow[i].screen->name, at) ||
		    (T.flow[i].part && !strcmp(T.flow[i].part->name, at)))
			to = i;
	for (size_t i = 1; i <= to; i++) {
		if (tui_push(T.flow[i].screen, NULL) < 0) {
			tui_message("resumed before %s: %s",
				    T.flow[i].screen->title, error_last());
			error_clear();
			break;
		}
	}
}

/* For the benchmarks: the wall clock when the first frame was out. */
static void mark_first_frame(const char *path)
{
	struct timespec ts;
	FILE *f = fopen(path, "w");

	if (!f)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	fprintf(f, "%lld.%09ld\n", (long long)ts.tv_sec, ts.tv_nsec);
	fclose(f);
}

/*
 * Draw the first screen before load_rest reads the rest of the model
 * (the tree diffs, most of the start in a large repository): no key is
 * read before it ends, so every answer sees the whole model.
 */
static void first_frame(struct tui_model *m,
			int (*load_rest)(struct tui_model *))
{
	const char *mark = getenv("DISCLOSE_TUI_FIRST_FRAME");

	draw();
	if (mark && *mark)
		mark_first_frame(mark);
	if (!load_rest)
		return;
	if (load_rest(m) < 0)
		tui_message("%s", error_last());
	for (int i = 0; i < T.depth; i++)
		if (T.views[i].ops->loaded)
			T.views[i].ops->loaded(&T.views[i]);
}

int tui_run(struct tui_model *m, const struct flow_step *flow, size_t nr,
	    const char *resume_at, int (*load_rest)(struct tui_model *))
{
	const char *script = getenv("DISCLOSE_TUI_SCRIPT");
	int rc;

	T.model = m;
	T.flow = flow;
	T.nr_steps = nr;
	if (term_start(script && *script ? script : NULL,
		       getenv("DISCLOSE_TUI_SIZE")) < 0) {
		term_stop();
		return -1;
	}
	if (tui_push(flow[0].screen, NULL) < 0) {
		term_stop();
		return -1;
	}
	first_frame(m, load_rest);
	if (resume_at)
		resume(resume_at);
	rc = loop();
	while (T.depth)
		pop();
	term_stop();
	return rc;
}
