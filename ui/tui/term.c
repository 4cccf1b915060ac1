/*
 * The assistant's terminal: ncurses set-up and tear-down, colours, and
 * the input (keyboard or key script, and the script's commands).
 */
#include "term.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "util.h"

#include <term.h>	/* after util.h: its macros (lines) clash */

/* A script step: a key, or a command. */
struct event {
	int key;
	bool is_key;
	char *command;
};

static struct {
	SCREEN *screen;
	FILE *out, *in;
	bool active;
	bool colors;
	struct event *script;	/* NULL: the keyboard */
	size_t nr_script, next_script;
} T;

/*
 * Leave the alternate screen with it blank and the cursor at its top:
 * endwin() would leave it with the cursor on the last line, and a
 * terminal that was resized meanwhile (tmux) then shrinks the alternate
 * screen back to the old size by pushing its top lines into the shell's
 * scrollback, which it then pulls back into view with the old screen.
 */
static bool have_cap(const char *s)
{
	return s && s != (const char *)-1 && *s;
}

static void leave_alternate(void)
{
	char rmcup_name[] = "rmcup", home_name[] = "home";
	char *rmcup = tigetstr(rmcup_name), *home = tigetstr(home_name);
	char first;

	erase();
	refresh();
	if (!have_cap(rmcup) || !have_cap(home)) {
		endwin();
		return;
	}
	/* endwin() without its rmcup (ncurses reads the same string) */
	first = rmcup[0];
	rmcup[0] = '\0';
	endwin();
	rmcup[0] = first;
	fputs(home, T.out);
	fputs(rmcup, T.out);
	fflush(T.out);
}

/* Restore the terminal; safe to call at any time, more than once. */
static void term_restore(void)
{
	if (!T.active)
		return;
	T.active = false;
	leave_alternate();
}

static void on_signal(int sig)
{
	term_restore();
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

void term_catch_signals(void)
{
	catch_signals();
}

void term_die_of(int sig, const char *message)
{
	term_restore();
	if (message)
		fprintf(stderr, "%s\n", message);
	fflush(NULL);
	signal(sig, SIG_DFL);
	raise(sig);
	exit(128 + sig);
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
		if (!strncmp(line, ":type ", 6)) {
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

/* Set-up and tear-down -------------------------------------------------- */

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

int term_start(const char *script, const char *size)
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
	util_set_fatal_hook(term_restore);
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

void term_stop(void)
{
	term_restore();
	if (T.screen)
		delscreen(T.screen);
	T.screen = NULL;
	if (T.out)
		fclose(T.out);
	if (T.in)
		fclose(T.in);
	T.out = T.in = NULL;
	for (size_t i = 0; i < T.nr_script; i++)
		free(T.script[i].command);
	free(T.script);
	T.script = NULL;
	T.nr_script = T.next_script = 0;
}

bool term_active(void)
{
	return T.active;
}

/* Colours and input modes --------------------------------------------- */

attr_t term_color(int color)
{
	if (T.colors)
		return COLOR_PAIR(color);
	switch (color) {
	case CL_TITLE: case CL_STATUS: case CL_CURSOR:
		return A_REVERSE;
	case CL_BAD: case CL_META:
		return A_BOLD;
	default:
		return 0;
	}
}

int term_suspend(void)
{
	struct sigaction dfl, old;

	if (T.script)
		return error_set("Ctrl-Z does not suspend a key script");
	if (!T.active)
		return 0;
	def_prog_mode();
	leave_alternate();	/* blank, as on leaving */
	fflush(T.out);
	/*
	 * Stop the whole process group, as a shell's job: git, which runs
	 * git-disclose, stops with it, so the shell sees the job stopped.
	 */
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &old);
	kill(0, SIGTSTP);
	/* here again after SIGCONT (fg) */
	sigaction(SIGTSTP, &old, NULL);
	reset_prog_mode();
	clearok(curscr, TRUE);
	refresh();
	return 0;
}

void term_let_interrupt(bool on)
{
	if (on) {
		noraw();
		cbreak();
	} else {
		raw();
	}
}

bool key_is_enter(int key, bool is_key)
{
	return is_key ? key == KEY_ENTER : key == '\n' || key == '\r';
}

/* Input ------------------------------------------------------------------ */

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

/* The next event: from the script, or the keyboard. 1: the script ended. */
int term_next_event(struct term_event *e)
{
	wint_t wc;
	int rc;

	if (T.script) {
		if (T.next_script == T.nr_script)
			return 1;
		e->key = T.script[T.next_script].key;
		e->is_key = T.script[T.next_script].is_key;
		e->command = T.script[T.next_script++].command;
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

int term_command(const char *cmd)
{
	int cols, rows;

	if (!strncmp(cmd, ":dump ", 6))
		return dump(cmd + 6);
	if (sscanf(cmd, ":resize %dx%d", &cols, &rows) == 2) {
		resizeterm(rows, cols);
		return 0;
	}
	return error_set("unknown script command '%s': use :dump FILE, :resize COLSxROWS or :type TEXT",
			 cmd);
}
