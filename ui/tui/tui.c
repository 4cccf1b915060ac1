/*
 * The terminal layer of the assistant: the one place that sets ncurses up
 * and tears it down (also on signals, fatal errors and out of memory),
 * the input (keyboard, or a key script for the tests), the frame (title,
 * body, status line), help, the leave confirmation, screen dumps, and the
 * widgets the screens share (pager, list cursor, text field).
 */
#include "tui.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "sanitize.h"

#define MAX_VIEWS 16

/* One input event: a character, a function key, or a script command. */
struct event {
	int key;
	bool is_key;
	char *command;		/* ":dump FILE", ":resize WxH" */
};

static struct {
	SCREEN *screen;
	FILE *out, *in;
	bool active;
	bool colors;
	struct view views[MAX_VIEWS];
	int depth;
	char message[512];
	bool help;
	bool confirm;
	struct event *script;	/* NULL: the keyboard */
	size_t nr_script, next_script;
	struct tui_model *model;
} T;

/* Restore the terminal; safe to call at any time, more than once. */
static void tui_restore(void)
{
	if (!T.active)
		return;
	T.active = false;
	endwin();
}

static void on_signal(int sig)
{
	tui_restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(*sigs); i++)
		sigaction(sigs[i], &sa, NULL);
}

/* Key script ------------------------------------------------------------ */

static const struct {
	const char *name;
	int key;
	bool is_key;
} key_names[] = {
	{ "Enter", '\n', false }, { "Tab", '\t', false },
	{ "S-Tab", KEY_BTAB, true }, { "Up", KEY_UP, true },
	{ "Down", KEY_DOWN, true }, { "Left", KEY_LEFT, true },
	{ "Right", KEY_RIGHT, true }, { "Space", ' ', false },
	{ "Esc", KEY_ESC, false }, { "Backspace", KEY_BACKSPACE, true },
	{ "PgUp", KEY_PPAGE, true }, { "PgDn", KEY_NPAGE, true },
	{ "Home", KEY_HOME, true }, { "End", KEY_END, true },
	{ "Del", KEY_DC, true }, { "Resize", KEY_RESIZE, true },
	{ "lt", '<', false },
};

static void script_add(int key, bool is_key, const char *command)
{
	struct event *e;

	T.script = xrealloc(T.script, (T.nr_script + 1) * sizeof(*T.script));
	e = &T.script[T.nr_script++];
	e->key = key;
	e->is_key = is_key;
	e->command = command ? xstrdup(command) : NULL;
}

/* A "<Name>" at p: its length, 0 when it is not a key name. */
static size_t named_key(const char *p)
{
	const char *end = strchr(p, '>');
	size_t n;

	if (!end)
		return 0;
	n = (size_t)(end - p - 1);
	if (n == 3 && p[1] == 'C' && p[2] == '-' && p[3] >= 'a' &&
	    p[3] <= 'z') {
		script_add(KEY_CTRL(p[3]), false, NULL);
		return 5;
	}
	for (size_t i = 0; i < sizeof(key_names) / sizeof(*key_names); i++) {
		if (strlen(key_names[i].name) == n &&
		    !memcmp(p + 1, key_names[i].name, n)) {
			script_add(key_names[i].key, key_names[i].is_key, NULL);
			return n + 2;
		}
	}
	return 0;
}

static void script_add_text(const char *p)
{
	mbstate_t st;
	wchar_t wc;
	size_t n;

	memset(&st, 0, sizeof(st));
	for (; *p; p += n) {
		n = mbrtowc(&wc, p, strlen(p), &st);
		if (n == (size_t)-1 || n == (size_t)-2) {
			memset(&st, 0, sizeof(st));
			wc = (unsigned char)*p;
			n = 1;
		}
		script_add((int)wc, false, NULL);
	}
}

/*
 * The script: one line per step. "#" starts a comment line, ":" a
 * command (":dump FILE", ":resize COLSxROWS", ":type TEXT"); other lines
 * are keys: characters as they are, <Enter>, <Tab>, <S-Tab>, <Up>,
 * <Down>, <Space>, <Esc>, <C-c>, <lt> and the like; blanks separate.
 */
static int script_load(const char *path)
{
	struct buf text = BUF_INIT;
	char *line, *save = NULL;
	int lineno = 0;

	if (read_file(&text, path) < 0)
		return -1;
	for (line = strtok_r(text.ptr ? text.ptr : "", "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (line[0] == '#')
			continue;
		if (!strncmp(line, TUI_LIT(":type "))) {
			script_add_text(line + 6);
			continue;
		}
		if (line[0] == ':') {
			script_add(0, false, line);
			continue;
		}
		for (char *p = line; *p;) {
			size_t n = *p == '<' ? named_key(p) : 0;

			if (n) {
				p += n;
			} else if (*p == ' ' || *p == '\t') {
				p++;
			} else {
				char one[2] = { *p, 0 };
				char *q = p + 1;

				/* a multibyte character goes whole */
				while ((*q & 0xc0) == 0x80)
					q++;
				if (q - p > 1) {
					char *c = xstrndup(p, (size_t)(q - p));

					script_add_text(c);
					free(c);
				} else {
					script_add_text(one);
				}
				p = q;
			}
		}
	}
	buf_release(&text);
	return 0;
}

/* Terminal set-up and tear-down ---------------------------------------- */

static void init_colors(void)
{
	static const short pairs[][2] = {
		[CL_TEXT] = { -1, -1 },
		[CL_TITLE] = { COLOR_WHITE, COLOR_BLUE },
		[CL_STATUS] = { COLOR_BLACK, COLOR_CYAN },
		[CL_CURSOR] = { COLOR_WHITE, COLOR_BLUE },
		[CL_ADD] = { COLOR_GREEN, -1 }, [CL_DEL] = { COLOR_RED, -1 },
		[CL_HUNK] = { COLOR_CYAN, -1 },
		[CL_META] = { COLOR_YELLOW, -1 },
		[CL_OK] = { COLOR_GREEN, -1 }, [CL_BAD] = { COLOR_RED, -1 },
		[CL_WARN] = { COLOR_YELLOW, -1 }, [CL_DIM] = { COLOR_BLUE, -1 },
	};
	const char *no = getenv("NO_COLOR");

	T.colors = has_colors() && !(no && *no);
	if (!T.colors)
		return;
	start_color();
	use_default_colors();
	for (int i = 1; i < CL_LAST; i++)
		init_pair((short)i, pairs[i][0], pairs[i][1]);
}

/* A terminal the assistant can draw on moves the cursor (cup). */
static bool can_address_cursor(void)
{
	char cap[] = "cup";
	const char *cup = tigetstr(cap);

	return cup && cup != (const char *)-1;
}

static int tui_start(const char *script, const char *size)
{
	const char *term = getenv("TERM");
	int cols = 80, rows = 24;

	if (script) {
		if (script_load(script) < 0) {
			char *why = xstrdup(error_last());

			error_set("DISCLOSE_TUI_SCRIPT: %s", why);
			free(why);
			return -1;
		}
		if (size && sscanf(size, "%dx%d", &cols, &rows) != 2)
			return error_set("DISCLOSE_TUI_SIZE is '%s': use COLSxROWS, e.g. 80x24",
					 size);
		/* A terminal of fixed size on the null device. */
		char c[16], r[16];

		snprintf(c, sizeof(c), "%d", cols);
		snprintf(r, sizeof(r), "%d", rows);
		setenv("COLUMNS", c, 1);
		setenv("LINES", r, 1);
		T.out = fopen("/dev/null", "w");
		T.in = fopen("/dev/null", "r");
		if (!term || !*term || !strcmp(term, "dumb"))
			term = "xterm-256color";
	} else {
		T.out = fdopen(dup(1), "w");
		T.in = fdopen(dup(0), "r");
		term = NULL;
	}
	if (!T.out || !T.in)
		return error_set("cannot open the terminal: %s", strerror(errno));
	T.screen = newterm(term, T.out, T.in);
	if (!T.screen)
		return error_set("cannot start the terminal UI on TERM=%s: set TERM to your terminal's type",
				 getenv("TERM") ? getenv("TERM") : "(unset)");
	if (!can_address_cursor()) {
		endwin();
		delscreen(T.screen);
		T.screen = NULL;
		return error_set("TERM=%s cannot move the cursor, so the assistant cannot draw: set TERM to your terminal's type, or use git disclose check and git disclose amend",
				 getenv("TERM") ? getenv("TERM") : "(unset)");
	}
	T.active = true;
	util_set_fatal_hook(tui_restore);
	catch_signals();
	set_escdelay(25);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	init_colors();
	return 0;
}

static void tui_stop(void)
{
	tui_restore();
	if (T.screen)
		delscreen(T.screen);
	T.screen = NULL;
	if (T.out)
		fclose(T.out);
	if (T.in)
		fclose(T.in);
	T.out = T.in = NULL;
}

/* Drawing helpers ------------------------------------------------------ */

int tui_color(int color)
{
	return T.colors ? COLOR_PAIR(color) : 0;
}

/* Without colours, the attributes keep the important things apart. */
static attr_t mono_attr(int color)
{
	if (T.colors)
		return 0;
	switch (color) {
	case CL_TITLE: case CL_STATUS: case CL_CURSOR:
		return A_REVERSE;
	case CL_BAD: case CL_META:
		return A_BOLD;
	default:
		return 0;
	}
}

/* Put already sanitized text. */
static void put_clean(int row, int col, int cols, int color, attr_t attr,
		      const char *s, size_t len)
{
	size_t n;

	if (cols <= 0 || row < 0 || row >= LINES)
		return;
	n = sanitize_fit(s, len, (size_t)cols, NULL);
	attrset(tui_color(color) | attr | mono_attr(color));
	mvaddnstr(row, col, s, (int)n);
	attrset(A_NORMAL);
}

void tui_put(int row, int col, int cols, int color, attr_t attr,
	     const char *s, size_t len)
{
	struct buf b = BUF_INIT;

	sanitize(&b, s, len, SANITIZE_TABS);
	put_clean(row, col, cols, color, attr, b.ptr, b.len);
	buf_release(&b);
}

void tui_putf(int row, int col, int cols, int color, attr_t attr,
	      const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	tui_put(row, col, cols, color, attr, b.ptr, b.len);
	buf_release(&b);
}

int tui_wrap(int row, int col, int cols, int max_rows, int color,
	     const char *text)
{
	struct buf b = BUF_INIT;
	const char *s;
	int used = 0;

	sanitize(&b, text, strlen(text), SANITIZE_TABS);
	s = b.ptr;
	while (*s && used < max_rows && cols > 0) {
		size_t n = strlen(s), cut = n;

		if (sanitize_width(s, n) > (size_t)cols) {
			size_t fit = sanitize_fit(s, n, (size_t)cols, NULL);

			for (cut = fit; cut > fit / 2 && s[cut] != ' '; cut--)
				;
			if (s[cut] != ' ')
				cut = fit ? fit : 1;
		}
		put_clean(row + used, col, cols, color, 0, s, cut);
		used++;
		s += cut;
		while (*s == ' ')
			s++;
	}
	buf_release(&b);
	return used;
}

void tui_clear_line(int row, int color)
{
	attrset(tui_color(color) | mono_attr(color));
	mvhline(row, 0, ' ', COLS);
	attrset(A_NORMAL);
}

void tui_message(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(T.message, sizeof(T.message), fmt, ap);
	va_end(ap);
}

void tui_save(struct tui_model *m, const char *screen)
{
	m->dirty = true;
	session_set_str(&m->session->screen, screen);
	if (session_save(m->session, repo_git_dir(m->repo)) < 0)
		tui_message("not saved: %s", error_last());
}

/* Pager ------------------------------------------------------------------ */

void pager_add(struct pager *p, int color, attr_t attr, const char *s,
	       size_t len)
{
	struct buf b = BUF_INIT;

	sanitize(&b, s, len, SANITIZE_TABS);
	p->lines = xrealloc(p->lines, (p->nr + 1) * sizeof(*p->lines));
	p->lines[p->nr].text = buf_detach(&b, NULL);
	p->lines[p->nr].color = color;
	p->lines[p->nr].attr = attr;
	p->nr++;
}

void pager_addf(struct pager *p, int color, attr_t attr, const char *fmt,
		...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	pager_add(p, color, attr, b.ptr, b.len);
	buf_release(&b);
}

void pager_add_text(struct pager *p, int color, const char *text)
{
	const char *s = text, *e;

	while (*s) {
		e = strchrnul(s, '\n');
		pager_add(p, color, 0, s, (size_t)(e - s));
		s = *e ? e + 1 : e;
	}
}

void pager_draw(struct pager *p, int top, int rows, int cols)
{
	int max = (int)p->nr - rows;

	p->rows = rows;
	if (p->top > max)
		p->top = max;
	if (p->top < 0)
		p->top = 0;
	for (int i = 0; i < rows && (size_t)(p->top + i) < p->nr; i++) {
		const struct pager_line *l = &p->lines[p->top + i];

		put_clean(top + i, 0, cols, l->color, l->attr, l->text,
			  strlen(l->text));
	}
}

bool pager_key(struct pager *p, int key, bool is_key)
{
	int page = p->rows > 1 ? p->rows - 1 : 1;

	if ((is_key && key == KEY_DOWN) || (!is_key && key == 'j'))
		p->top++;
	else if ((is_key && key == KEY_UP) || (!is_key && key == 'k'))
		p->top--;
	else if ((is_key && key == KEY_NPAGE) || (!is_key && key == ' '))
		p->top += page;
	else if ((is_key && key == KEY_PPAGE) || (!is_key && key == 'b'))
		p->top -= page;
	else if ((is_key && key == KEY_HOME) || (!is_key && key == 'g'))
		p->top = 0;
	else if ((is_key && key == KEY_END) || (!is_key && key == 'G'))
		p->top = (int)p->nr;
	else
		return false;
	if (p->top > (int)p->nr - p->rows)
		p->top = (int)p->nr - p->rows;
	if (p->top < 0)
		p->top = 0;
	return true;
}

void pager_release(struct pager *p)
{
	for (size_t i = 0; i < p->nr; i++)
		free(p->lines[i].text);
	free(p->lines);
	memset(p, 0, sizeof(*p));
}

/* List cursor and text field ------------------------------------------- */

bool list_key(int *cursor, int nr, int key, bool is_key)
{
	int c = *cursor;

	if ((is_key && key == KEY_DOWN) || (!is_key && key == 'j'))
		c++;
	else if ((is_key && key == KEY_UP) || (!is_key && key == 'k'))
		c--;
	else if ((is_key && key == KEY_HOME) || (!is_key && key == 'g'))
		c = 0;
	else if ((is_key && key == KEY_END) || (!is_key && key == 'G'))
		c = nr - 1;
	else if (is_key && key == KEY_NPAGE)
		c += 10;
	else if (is_key && key == KEY_PPAGE)
		c -= 10;
	else
		return false;
	if (c >= nr)
		c = nr - 1;
	if (c < 0)
		c = 0;
	*cursor = c;
	return true;
}

int list_scroll(int cursor, int rows, int *top)
{
	if (cursor < *top)
		*top = cursor;
	if (rows > 0 && cursor >= *top + rows)
		*top = cursor - rows + 1;
	if (*top < 0)
		*top = 0;
	return *top;
}

void field_set(struct field *f, const char *s)
{
	buf_reset(&f->text);
	buf_adds(&f->text, s ? s : "");
}

bool field_key(struct field *f, int key, bool is_key)
{
	if ((is_key && key == KEY_BACKSPACE) ||
	    (!is_key && (key == 127 || key == 8))) {
		while (f->text.len &&
		       (f->text.ptr[f->text.len - 1] & 0xc0) == 0x80)
			f->text.len--;
		if (f->text.len)
			f->text.len--;
		if (f->text.ptr)
			f->text.ptr[f->text.len] = '\0';
		return true;
	}
	if (!is_key && key == KEY_CTRL('u')) {
		field_set(f, "");
		return true;
	}
	if (!is_key && key >= 32 && key != 127) {
		char mb[MB_LEN_MAX];
		mbstate_t st;
		size_t n;

		memset(&st, 0, sizeof(st));
		n = wcrtomb(mb, (wchar_t)key, &st);
		if (n != (size_t)-1)
			buf_add(&f->text, mb, n);
		return true;
	}
	return false;
}

void field_draw(const struct field *f, int row, int col, int cols,
		bool focus)
{
	const char *s = buf_cstr(&f->text);
	struct buf b = BUF_INIT;
	size_t w;

	sanitize(&b, s, strlen(s), 0);
	w = sanitize_width(b.ptr, b.len);
	attrset(A_UNDERLINE | (focus ? A_BOLD : 0));
	mvhline(row, col, ' ', cols);
	attrset(A_NORMAL);
	/* Show the end of a long value: that is where the typing goes. */
	const char *show = b.ptr;

	while (w + 1 > (size_t)cols && *show) {
		size_t n = sanitize_fit(show, strlen(show), 1, NULL);

		show += n ? n : 1;
		w = sanitize_width(show, strlen(show));
	}
	put_clean(row, col, cols, CL_TEXT, A_UNDERLINE | (focus ? A_BOLD : 0),
		  show, strlen(show));
	if (focus && (int)w < cols)
		put_clean(row, col + (int)w, 1, CL_CURSOR, A_REVERSE,
			  TUI_LIT(" "));
	buf_release(&b);
}

/* The frame ------------------------------------------------------------ */

static struct view *top_view(void)
{
	return T.depth ? &T.views[T.depth - 1] : NULL;
}

static const struct view_ops *const flow[] = {
	&screen_series, &screen_checklist, &screen_agent, &screen_tools,
	&screen_preview,
};

static void draw_title(struct view *v)
{
	struct tui_model *m = T.model;

	tui_clear_line(0, CL_TITLE);
	tui_putf(0, 0, COLS, CL_TITLE, A_BOLD, " git disclose  %s  %s%s",
		 m->range, v->ops->title, m->written ? "  (written)" : "");
}

/* Where the human is in the flow, and what is still open. */
static void draw_status(struct view *v)
{
	struct tui_model *m = T.model;
	struct buf b = BUF_INIT, open = BUF_INIT;
	size_t nr_steps = sizeof(flow) / sizeof(*flow);
	int step = v->ops->step;

	for (int i = T.depth - 1; !step && i >= 0; i--)
		step = T.views[i].ops->step;
	buf_addf(&b, " Step %d/%zu %s", step, nr_steps,
		 step ? flow[step - 1]->title : "");
	if (v->ops->step != step)
		buf_addf(&b, ": %s", v->ops->title);
	model_open_items(m, &open);
	buf_addf(&b, " | %s%s", open.len && !m->written ? "open: " : "",
		 open.len ? open.ptr : "nothing open: preview and write");
	tui_clear_line(LINES - 2, CL_STATUS);
	tui_put(LINES - 2, 0, COLS, CL_STATUS, 0, b.ptr, b.len);
	tui_clear_line(LINES - 1, CL_TEXT);
	if (T.message[0])
		tui_put(LINES - 1, 0, COLS, CL_WARN, A_BOLD, T.message,
			strlen(T.message));
	else
		tui_put(LINES - 1, 0, COLS, CL_DIM, 0,
			TUI_LIT("?: keys  q: back  Esc: leave"));
	buf_release(&b);
	buf_release(&open);
}

/* A box in the middle of the screen with the given lines. */
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
		attrset(tui_color(CL_STATUS) | mono_attr(CL_STATUS));
		mvhline(row + i, col, ' ', width);
	}
	attrset(A_NORMAL);
	tui_put(row, col + 2, width - 4, CL_STATUS, A_BOLD, title,
		strlen(title));
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
	"?\tthese keys\n"
	"q\tback\n"
	"Esc, Ctrl-C\tleave (asks when not written)\n";

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

	erase();
	if (too_small()) {
		draw_too_small();
	} else {
		draw_title(v);
		v->ops->draw(v, 1, LINES - 3, COLS);
		draw_status(v);
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
	if (T.active)
		draw();
}

/*
 * The screen as text, one line per row, trailing blanks cut; a relative
 * name goes into $DISCLOSE_TUI_DUMP_DIR when that is set.
 */
static int dump(const char *name)
{
	const char *dir = getenv("DISCLOSE_TUI_DUMP_DIR");
	struct buf b = BUF_INIT, path = BUF_INIT;
	wchar_t *row = xcalloc((size_t)COLS + 1, sizeof(*row));
	char mb[MB_LEN_MAX];
	int rc;

	for (int y = 0; y < LINES; y++) {
		mbstate_t st;
		size_t start = b.len;

		memset(&st, 0, sizeof(st));
		memset(row, 0, ((size_t)COLS + 1) * sizeof(*row));
		mvinnwstr(y, 0, row, COLS);
		for (int x = 0; row[x]; x++) {
			size_t n = wcrtomb(mb, row[x], &st);

			if (n != (size_t)-1)
				buf_add(&b, mb, n);
		}
		while (b.len > start && b.ptr[b.len - 1] == ' ')
			b.len--;
		buf_addch(&b, '\n');
	}
	if (dir && *dir && name[0] != '/')
		buf_addf(&path, "%s/", dir);
	buf_adds(&path, name);
	rc = write_file_atomic(path.ptr, b.ptr, b.len, 0644);
	free(row);
	buf_release(&b);
	buf_release(&path);
	return rc;
}

/* The loop -------------------------------------------------------------- */

int tui_push(struct tui_model *m, const struct view_ops *ops, int arg)
{
	struct view *v;

	if (T.depth == MAX_VIEWS)
		return error_set("too many screens open: press q to go back");
	v = &T.views[T.depth];
	memset(v, 0, sizeof(*v));
	v->ops = ops;
	v->m = m;
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
	struct view *v = top_view();

	if (v->ops->done)
		v->ops->done(v);
	T.depth--;
}

/* The next event: from the script, or the keyboard. 1: the script ended. */
static int next_event(struct event *e)
{
	wint_t wc;
	int rc;

	if (T.script) {
		if (T.next_script == T.nr_script)
			return 1;
		*e = T.script[T.next_script++];
		return 0;
	}
	do {
		rc = get_wch(&wc);
	} while (rc == ERR && errno == EINTR);
	if (rc == ERR)
		return 1;
	e->key = (int)wc;
	e->is_key = rc == KEY_CODE_YES;
	e->command = NULL;
	return 0;
}

static int run_command(const char *cmd)
{
	int cols, rows;

	if (!strncmp(cmd, TUI_LIT(":dump ")))
		return dump(cmd + 6);
	if (sscanf(cmd, ":resize %dx%d", &cols, &rows) == 2) {
		resizeterm(rows, cols);
		return 0;
	}
	return error_set("unknown script command '%s': use :dump FILE, :resize COLSxROWS or :type TEXT",
			 cmd);
}

static bool wants_leave(int key, bool is_key)
{
	return !is_key && (key == KEY_ESC || key == KEY_CTRL('c'));
}

/* Keys of the frame: help, leave, too small; true when taken. */
static bool frame_key(struct event *e, enum tui_request *req)
{
	struct view *v = top_view();

	if (e->is_key && e->key == KEY_RESIZE)
		return true;
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
	if (!v->typing && !e->is_key && e->key == '?') {
		T.help = true;
		return true;
	}
	return false;
}

static int loop(void)
{
	struct event e;
	enum tui_request req;

	for (;;) {
		draw();
		if (next_event(&e))
			return 0;
		if (e.command) {
			if (run_command(e.command) < 0)
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
			if (T.model->dirty && !T.model->written)
				T.confirm = true;
			else
				return 0;
		}
		if (req == REQ_QUIT)
			return 0;
	}
}

int tui_run(struct tui_model *m, const struct view_ops *first,
	    void (*then)(struct tui_model *m))
{
	const char *script = getenv("DISCLOSE_TUI_SCRIPT");
	int rc;

	T.model = m;
	if (tui_start(script && *script ? script : NULL,
		      getenv("DISCLOSE_TUI_SIZE")) < 0) {
		tui_stop();
		return -1;
	}
	if (tui_push(m, first, 0) < 0) {
		tui_stop();
		return -1;
	}
	if (then)
		then(m);
	rc = loop();
	while (T.depth)
		pop();
	tui_stop();
	for (size_t i = 0; i < T.nr_script; i++)
		free(T.script[i].command);
	free(T.script);
	T.script = NULL;
	return rc;
}
