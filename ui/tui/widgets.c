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
