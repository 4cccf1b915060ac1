/*
 * The widgets the screens share: sanitized text cut to the columns given,
 * word wrap, the pager, the list cursor and the text field.
 */
#include "widgets.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "sanitize.h"

/* Drawing --------------------------------------------------------------- */

/* Put already sanitized text. */
static void put_clean(int row, int col, int cols, int color, attr_t attr,
		      const char *s, size_t len)
{
	size_t n;

	if (cols <= 0 || row < 0 || row >= LINES)
		return;
	n = sanitize_fit(s, len, (size_t)cols, NULL);
	attrset(term_color(color) | attr);
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

void tui_clear_line(int row, int color)
{
	attrset(term_color(color));
	mvhline(row, 0, ' ', COLS);
	attrset(A_NORMAL);
}

size_t wrap_row(const char *s, size_t n, size_t width, size_t *next)
{
	size_t fit, cut;

	if (sanitize_width(s, n) <= width) {
		*next = n;
		return n;
	}
	fit = sanitize_fit(s, n, width, NULL);
	for (cut = fit; cut > fit / 2 && s[cut] != ' '; cut--)
		;
	if (s[cut] != ' ')
		cut = fit ? fit : 1;
	for (*next = cut; *next < n && s[*next] == ' '; (*next)++)
		;
	return cut;
}

void tui_put_position(int row, int cols, int color, size_t at, size_t nr)
{
	char pos[48];
	int n = snprintf(pos, sizeof(pos), " %zu/%zu", at, nr);

	if (n > 0 && n < cols)
		tui_put(row, cols - n, n, color, 0, pos, (size_t)n);
}

int tui_wrap(int row, int col, int cols, int max_rows, int color,
	     const char *text)
{
	struct buf b = BUF_INIT;
	const char *s;
	size_t n, len, next;
	int used = 0;

	sanitize(&b, text, strlen(text), SANITIZE_TABS);
	s = buf_cstr(&b);
	n = b.len;
	while (n && used < max_rows && cols > 0) {
		len = wrap_row(s, n, (size_t)cols, &next);
		put_clean(row + used++, col, cols, color, 0, s, len);
		s += next;
		n -= next;
	}
	buf_release(&b);
	return used;
}

int tui_wrap_rows(const char *text, int cols)
{
	struct buf b = BUF_INIT;
	size_t at = 0, next;
	int n = 0;

	sanitize(&b, text, strlen(text), SANITIZE_TABS);
	while (at < b.len && cols > 0) {
		wrap_row(b.ptr + at, b.len - at, (size_t)cols, &next);
		at += next ? next : b.len - at;
		n++;
	}
	buf_release(&b);
	return n;
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

void pager_add_wrapped(struct pager *p, int color, const char *text,
		       size_t width)
{
	const char *s = text, *e;

	while (*s) {
		size_t n, len, next;

		e = strchrnul(s, '\n');
		n = (size_t)(e - s);
		for (;;) {
			len = wrap_row(s, n, width, &next);
			pager_add(p, color, 0, s, len);
			if (len == n)
				break;
			s += next;
			n -= next;
		}
		s = *e ? e + 1 : e;
	}
}

/* The bytes of sanitized text s that fill its first cols columns. */
static size_t skip_cols(const char *s, size_t cols)
{
	size_t len = strlen(s), n = sanitize_fit(s, len, cols, NULL);

	/* a wide character across the edge goes with the hidden part */
	if (n < len && sanitize_width(s, n) < cols)
		n += sanitize_fit(s + n, len - n, 2, NULL);
	return n;
}

/* Where the pattern is in s, or NULL; lower-case patterns ignore case. */
static const char *find_in(const char *s, const char *pattern)
{
	for (const char *c = pattern; *c; c++)
		if (*c >= 'A' && *c <= 'Z')
			return strstr(s, pattern);
	return strcasestr(s, pattern);
}

/* The line from the left edge, each match of the search in reverse. */
static void draw_line(const struct pager *p, const struct pager_line *l,
		      int row, int cols)
{
	const char *s = l->text + skip_cols(l->text, (size_t)p->left), *m;
	size_t plen = p->pattern ? strlen(p->pattern) : 0;

	put_clean(row, 0, cols, l->color, l->attr, s, strlen(s));
	for (m = s; plen && (m = find_in(m, p->pattern)); m += plen) {
		int col = (int)sanitize_width(s, (size_t)(m - s));

		if (col >= cols)
			break;
		put_clean(row, col, cols - col, l->color, l->attr | A_REVERSE,
			  m, plen);
	}
}

/* The search being typed, or the outcome of the last one. */
static void draw_prompt(const struct pager *p, int row, int cols)
{
	tui_clear_line(row, CL_TEXT);
	if (p->prompting) {
		put_clean(row, 0, 1, CL_TEXT, A_BOLD, p->backward ? "?" : "/",
			  1);
		field_draw(&p->input, row, 1, cols - 1, true);
	} else {
		tui_putf(row, 0, cols, CL_META, A_BOLD, "%s", p->note);
	}
}

void pager_draw(struct pager *p, int top, int rows, int cols)
{
	bool prompt = p->prompting || p->note;
	int max;

	if (prompt && rows > 1)
		rows--;
	else
		prompt = false;
	max = (int)p->nr - rows;
	p->rows = rows;
	p->cols = cols;
	if (p->top > max)
		p->top = max;
	if (p->top < 0)
		p->top = 0;
	for (int i = 0; i < rows && (size_t)(p->top + i) < p->nr; i++)
		draw_line(p, &p->lines[p->top + i], top + i, cols);
	if (prompt)
		draw_prompt(p, top + rows, cols);
}

/*
 * The next line holding the pattern, from the line after the top one (or
 * before it, backward), around the end once: -1 when there is none.
 */
static int search_from(struct pager *p, bool backward)
{
	int n = (int)p->nr, step = backward ? -1 : 1;

	for (int k = 1; k <= n; k++) {
		int i = ((p->top + step * k) % n + n) % n;

		if (find_in(p->lines[i].text, p->pattern)) {
			if (backward ? i > p->top : i < p->top)
				p->note = backward ? "search hit TOP, continuing at BOTTOM" :
					"search hit BOTTOM, continuing at TOP";
			return i;
		}
	}
	return -1;
}

static void search(struct pager *p, bool reverse)
{
	int at;

	p->note = NULL;
	if (!p->pattern) {
		p->note = "no search yet: / searches forward, ? backward";
		return;
	}
	at = p->nr ? search_from(p, p->backward != reverse) : -1;
	if (at < 0)
		p->note = "pattern not found";
	else
		p->top = at;
}

/* A key while the search is typed: Enter runs it, Esc gives up. */
static void prompt_key(struct pager *p, int key, bool is_key)
{
	if (!is_key && (key == '\n' || key == '\r')) {
		p->prompting = false;
		if (p->input.text.len) {
			free(p->pattern);
			p->pattern = xstrdup(p->input.text.ptr);
		}
		search(p, false);
	} else if (!is_key && key == KEY_ESC) {
		p->prompting = false;
	} else if (!p->input.text.len && ((is_key && key == KEY_BACKSPACE) ||
					   (!is_key && key == 127))) {
		p->prompting = false;	/* as in less: erase the prompt too */
	} else {
		field_key(&p->input, key, is_key);
	}
}

bool pager_typing(const struct pager *p)
{
	return p->prompting;
}

void pager_position(const struct pager *p, struct buf *out)
{
	size_t last = (size_t)(p->top + p->rows);

	buf_addf(out, "%zu/%zu", last < p->nr ? last : p->nr, p->nr);
}

static bool search_key(struct pager *p, int key)
{
	if (key == '/' || key == '?') {
		p->prompting = true;
		p->backward = key == '?';
		field_set(&p->input, "");
	} else if (key == 'n' || key == 'N') {
		search(p, key == 'N');
	} else {
		return false;
	}
	return true;
}

static bool side_key(struct pager *p, int key, bool is_key)
{
	int step = p->cols > 2 ? p->cols / 2 : 1;

	if ((is_key && key == KEY_RIGHT) || (!is_key && key == '>'))
		p->left += step;
	else if ((is_key && key == KEY_LEFT) || (!is_key && key == '<'))
		p->left = p->left > step ? p->left - step : 0;
	else
		return false;
	return true;
}

bool pager_key(struct pager *p, int key, bool is_key)
{
	int page = p->rows > 1 ? p->rows - 1 : 1;

	if (p->prompting) {
		prompt_key(p, key, is_key);
		return true;
	}
	p->note = NULL;
	if (!is_key && search_key(p, key))
		return true;
	if (side_key(p, key, is_key))
		return true;
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
	free(p->pattern);
	field_release(&p->input);
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

void field_release(struct field *f)
{
	buf_release(&f->text);
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
