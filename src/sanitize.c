#include "sanitize.h"

#include <string.h>
#include <wchar.h>

size_t utf8_decode(unsigned *cp, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned c, min;
	size_t n;

	if (!len)
		return 0;
	c = u[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2, c &= 0x1f, min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3, c &= 0x0f, min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4, c &= 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (len < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (u[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

bool sanitize_is_bidi(unsigned cp)
{
	return (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069) ||
	       cp == 0x200e || cp == 0x200f || cp == 0x061c;
}

static int char_width(unsigned cp)
{
	int w = wcwidth((wchar_t)cp);

	return w < 0 ? 1 : w;
}

void sanitize(struct buf *out, const char *s, size_t len, unsigned flags)
{
	size_t col = 0, i = 0, n;
	unsigned cp;

	buf_add(out, "", 0);
	buf_grow(out, len);
	while (i < len) {
		n = utf8_decode(&cp, s + i, len - i);
		if (!n) {
			buf_adds(out, "\xef\xbf\xbd");
			col++;
			i++;
			continue;
		}
		if (cp == '\t' && (flags & SANITIZE_TABS)) {
			do {
				buf_addch(out, ' ');
			} while (++col % 8);
		} else if (cp < 0x20 || cp == 0x7f) {
			buf_addf(out, "\\x%02x", cp);
			col += 4;
		} else if ((cp >= 0x80 && cp <= 0x9f) || sanitize_is_bidi(cp)) {
			buf_addf(out, "\\u%04x", cp);
			col += 6;
		} else {
			buf_add(out, s + i, n);
			col += char_width(cp);
		}
		i += n;
	}
}

size_t sanitize_width(const char *s, size_t len)
{
	size_t w;

	sanitize_fit(s, len, (size_t)-1, &w);
	return w;
}

size_t sanitize_fit(const char *s, size_t len, size_t cols, size_t *width)
{
	size_t i = 0, w = 0, n;
	unsigned cp;
	int cw;

	while (i < len) {
		n = utf8_decode(&cp, s + i, len - i);
		if (!n) {
			cp = 0xfffd;
			n = 1;
		}
		/* A combining mark (width 0) always joins its base. */
		cw = char_width(cp);
		if (w + (size_t)cw > cols)
			break;
		w += (size_t)cw;
		i += n;
	}
	if (width)
		*width = w;
	return i;
}

void sanitize_lines(struct buf *out, const char *s, size_t len)
{
	size_t i = 0, start = 0;

	buf_add(out, "", 0);
	for (; i < len; i++) {
		if (s[i] != '\n' && s[i] != '\t')
			continue;
		sanitize(out, s + start, i - start, 0);
		buf_addch(out, s[i]);
		start = i + 1;
	}
	sanitize(out, s + start, len - start, 0);
}

void sanitize_write_lines(FILE *f, const char *s, size_t len)
{
	struct buf safe = BUF_INIT;

	sanitize_lines(&safe, s, len);
	fwrite(buf_cstr(&safe), 1, safe.len, f);
	buf_release(&safe);
}

char *sanitize_dup(const char *s, size_t len)
{
	struct buf b = BUF_INIT;

	sanitize(&b, s, len, 0);
	return buf_detach(&b, NULL);
}

void sanitize_json(struct buf *out, const char *json)
{
	size_t len = strlen(json), i = 0;

	while (i < len) {
		unsigned cp;
		size_t k = utf8_decode(&cp, json + i, len - i);

		if (k > 1 && ((cp >= 0x80 && cp <= 0x9f) ||
			      sanitize_is_bidi(cp)))
			buf_addf(out, "\\u%04x", cp);
		else
			buf_add(out, json + i, k ? k : 1);
		i += k ? k : 1;
	}
}
