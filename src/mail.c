/*
 * Patch mail taken apart the way git am does it (git 2.39): git
 * mailsplit's "From " separators, CR dropping and ">From " unescaping;
 * git mailinfo's header folding, encoded words, MIME parts, transfer
 * encodings, in-body headers, subject cleaning and patch break; then
 * git am's stripspace of "subject, blank line, body". Values are kept
 * in NUL-terminated bufs and tested with the C-string functions git
 * uses, so that odd input (a NUL byte in a line) gives git's answer.
 * Every piece of decoded text carries the input line it came from.
 */
#include "mail.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

/* One line of the input, as git mailsplit hands it on. */
struct src_line {
	const char *p;
	size_t len;		/* without the newline and a CR before it */
	bool nl;		/* ended by a newline */
	size_t no;		/* 1-based line of the input */
};

/* Text with the input line each piece of it came from. */
struct origin {
	size_t off;		/* where the piece starts in the text */
	size_t line;		/* its input line, 0: none */
};

struct text {
	struct buf b;
	struct origin *o;
	size_t nr, alloc;
};

enum { TE_NONE, TE_QP, TE_BASE64 };
enum { HDR_FROM, HDR_SUBJECT, HDR_DATE, NR_HDR };
static const char *const info_header[NR_HDR] = { "From", "Subject", "Date" };

/* git mailinfo's stack: slot 0 stays empty, so at most 4 nested parts. */
#define MAX_BOUNDARIES 5

struct hdr {
	struct buf val;
	bool set;
	size_t line;
};

/* The state of git mailinfo for one message. */
struct parse {
	const struct src_line *v;
	size_t nr, pos;
	unsigned flags;
	size_t msgno;		/* 1-based, for errors */
	bool many;		/* the input holds several messages */
	bool failed;
	int quiet;		/* > 0: failures are not errors */

	struct hdr p_hdr[NR_HDR];	/* the mail's headers */
	struct hdr s_hdr[NR_HDR];	/* in-body headers */
	struct buf charset;
	size_t charset_line;
	int te;
	bool flowed, delsp;
	struct buf boundary[MAX_BOUNDARIES];
	int top;
	int header_stage, filter_stage;
	struct buf accum;		/* in-body header being unfolded */
	size_t accum_line;
	struct text log;
	struct text patch;
	size_t patch_lines;
	char *message_id;
	size_t message_id_line;
	struct buf name, email;

	char *cd_name;			/* the charset cd converts from */
	iconv_t cd;
};

/* Small string helpers (git's strbuf operations on struct buf). */

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool skip_iprefix(const char *s, const char *prefix, const char **out)
{
	size_t n = strlen(prefix);

	if (strncasecmp(s, prefix, n))
		return false;
	*out = s + n;
	return true;
}

static bool is_space(int c)
{
	return git_isspace((unsigned char)c);
}

static void buf_set(struct buf *b, const char *p, size_t n)
{
	buf_reset(b);
	buf_add(b, p, n);
}

static void buf_remove(struct buf *b, size_t at, size_t n)
{
	memmove(b->ptr + at, b->ptr + at + n, b->len - at - n + 1);
	b->len -= n;
}

static void buf_insert(struct buf *b, size_t at, const char *p, size_t n)
{
	buf_grow(b, n);
	memmove(b->ptr + at + n, b->ptr + at, b->len - at + 1);
	memcpy(b->ptr + at, p, n);
	b->len += n;
}

static void buf_setlen(struct buf *b, size_t n)
{
	b->len = n;
	if (b->ptr)
		b->ptr[n] = '\0';
}

static void buf_rtrim(struct buf *b)
{
	while (b->len && is_space(b->ptr[b->len - 1]))
		b->len--;
	buf_setlen(b, b->len);
}

static void buf_trim(struct buf *b)
{
	size_t i = 0;

	buf_rtrim(b);
	while (i < b->len && is_space(b->ptr[i]))
		i++;
	if (i)
		buf_remove(b, 0, i);
}

static void text_add(struct text *t, const char *p, size_t n, size_t line)
{
	if (!t->nr || t->o[t->nr - 1].line != line) {
		if (t->nr == t->alloc) {
			t->alloc = t->alloc ? 2 * t->alloc : 16;
			t->o = xrealloc(t->o, t->alloc * sizeof(*t->o));
		}
		t->o[t->nr].off = t->b.len;
		t->o[t->nr].line = line;
		t->nr++;
	}
	buf_add(&t->b, p, n);
}

static void text_reset(struct text *t)
{
	buf_reset(&t->b);
	t->nr = 0;
}

static void text_release(struct text *t)
{
	buf_release(&t->b);
	free(t->o);
	memset(t, 0, sizeof(*t));
}

/* Errors name the message (in an mbox) and the input line. */
static void fail(struct parse *ps, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail(struct parse *ps, size_t line, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	if (ps->failed || ps->quiet)
		return;
	ps->failed = true;
	if (ps->many)
		buf_addf(&b, "mail: message %zu, line %zu: ", ps->msgno, line);
	else
		buf_addf(&b, "mail: line %zu: ", line);
	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	error_set("%s", b.ptr);
	buf_release(&b);
}

/* Reading the message's lines as git mailinfo reads its stdin. */

static bool read_line(struct parse *ps, struct buf *line, size_t *no,
		      bool keep_nl)
{
	const struct src_line *l;

	buf_set(line, "", 0);
	if (ps->pos >= ps->nr)
		return false;
	l = &ps->v[ps->pos++];
	buf_add(line, l->p, l->len);
	if (keep_nl && l->nl)
		buf_addch(line, '\n');
	*no = l->no;
	return true;
}

/* Charsets: converted to UTF-8 with iconv, as git's reencode does. */

static bool same_utf(const char *a, const char *b)
{
	if (!skip_iprefix(a, "utf", &a) || !skip_iprefix(b, "utf", &b))
		return false;
	if (*a == '-')
		a++;
	if (*b == '-')
		b++;
	return !strcasecmp(a, b);
}

static const char *fallback_charset(const char *name)
{
	if (same_utf("utf-8", name))
		return "UTF-8";
	if (!strcasecmp(name, "latin-1"))
		return "ISO-8859-1";
	return name;
}

static bool open_charset(struct parse *ps, const char *charset)
{
	if (ps->cd_name && !strcmp(ps->cd_name, charset))
		return true;
	if (ps->cd_name)
		iconv_close(ps->cd);
	free(ps->cd_name);
	ps->cd_name = NULL;
	ps->cd = iconv_open("UTF-8", charset);
	if (ps->cd == (iconv_t)-1)
		ps->cd = iconv_open("UTF-8", fallback_charset(charset));
	if (ps->cd == (iconv_t)-1)
		return false;
	ps->cd_name = xstrdup(charset);
	return true;
}

static int convert_to_utf8(struct parse *ps, struct buf *line,
			   const char *charset, size_t no, const char *what)
{
	struct buf out = BUF_INIT;
	char *in = line->ptr;
	size_t inleft = line->len;

	if (!*charset || same_utf("UTF-8", charset))
		return 0;
	if (!open_charset(ps, charset)) {
		fail(ps, no, "unknown charset \"%s\" in %s: iconv cannot "
		     "convert it to UTF-8; fix the mail's charset", charset,
		     what);
		return -1;
	}
	iconv(ps->cd, NULL, NULL, NULL, NULL);
	buf_grow(&out, inleft + 16);
	while (inleft) {
		char *op = out.ptr + out.len;
		size_t outleft = out.cap - out.len - 1;

		if (iconv(ps->cd, &in, &inleft, &op, &outleft) != (size_t)-1) {
			out.len = (size_t)(op - out.ptr);
			break;
		}
		out.len = (size_t)(op - out.ptr);
		if (errno != E2BIG) {
			fail(ps, no, "%s is not valid %s text, as its charset "
			     "says; fix the mail's charset", what, charset);
			buf_release(&out);
			return -1;
		}
		buf_grow(&out, inleft * 2 + 16);
	}
	buf_setlen(&out, out.len);
	buf_release(line);
	*line = out;
	return 0;
}

/* RFC 2047 encoded words and the transfer encodings. */

/* Quoted-printable (rfc2047: also '_' for a space) of the C string in. */
static void decode_q(struct buf *out, const char *in, bool rfc2047)
{
	int c;

	while ((c = (unsigned char)*in++) != 0) {
		if (c == '=') {
			int hi, lo;

			if (*in == '\n' || !*in)
				break;	/* a soft line break */
			hi = hex_digit((unsigned char)in[0]);
			lo = hi < 0 ? -1 : hex_digit((unsigned char)in[1]);
			if (lo >= 0) {
				buf_addch(out, hi << 4 | lo);
				in += 2;
				continue;
			}
		}
		if (rfc2047 && c == '_')
			c = ' ';
		buf_addch(out, c);
	}
}

static int base64_value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* Base64 of the C string in; other characters are skipped, as git does. */
static void decode_b(struct buf *out, const char *in)
{
	int c, pos = 0, acc = 0;

	while ((c = (unsigned char)*in++) != 0) {
		int v = base64_value(c);

		if (v < 0)
			continue;
		switch (pos++) {
		case 0:
			acc = v << 2;
			break;
		case 1:
			buf_addch(out, acc | v >> 4);
			acc = (v & 15) << 4;
			break;
		case 2:
			buf_addch(out, acc | v >> 2);
			acc = (v & 3) << 6;
			break;
		default:
			buf_addch(out, acc | v);
			acc = pos = 0;
			break;
		}
	}
}

/*
 * A body line of base64 must hold only the alphabet, '=' padding at
 * its end and blanks, in groups of four: git would skip the rest
 * silently and commit what comes out.
 */
static bool check_base64(struct parse *ps, const struct buf *line, size_t no)
{
	size_t i, count = 0;
	bool pad = false;

	for (i = 0; i < line->len; i++) {
		unsigned char c = (unsigned char)line->ptr[i];

		if (is_space(c))
			continue;
		if (c == '=') {
			pad = true;
			count++;
			continue;
		}
		if (base64_value(c) < 0 || pad) {
			fail(ps, no, "bad base64: %s at column %zu; the "
			     "mail is damaged, fetch it again",
			     pad ? "text after the '=' padding" :
			     "a character outside the alphabet", i + 1);
			return false;
		}
		count++;
	}
	if (count % 4) {
		fail(ps, no, "bad base64: %zu characters, not a multiple of "
		     "four (a line cut short); the mail is damaged, fetch it "
		     "again", count);
		return false;
	}
	return true;
}

/* One encoded word's text, decoded and converted to UTF-8. */
static int decode_word(struct parse *ps, struct buf *out, int enc,
		       const char *text, const char *charset, size_t no)
{
	struct buf dec = BUF_INIT;
	int ret = -1;

	if (enc == 'b' || enc == 'B')
		decode_b(&dec, text);
	else if (enc == 'q' || enc == 'Q')
		decode_q(&dec, text, true);
	else
		goto out;
	if (convert_to_utf8(ps, &dec, charset, no, "an encoded word"))
		goto out;
	buf_add(out, dec.ptr, dec.len);
	ret = 0;
out:
	buf_release(&dec);
	return ret;
}

/*
 * Decode the encoded words of a header value, as git mailinfo does:
 * blanks between two encoded words go, each word is converted to UTF-8
 * on its own. strict: a malformed word is an error (git refuses the
 * mail); otherwise the value is left as it was, quietly.
 */
static int decode_header(struct parse *ps, struct buf *it, size_t no,
			 const char *name, bool strict)
{
	struct buf out = BUF_INIT, word = BUF_INIT, charset = BUF_INIT;
	const char *in = it->ptr, *ep, *cp;
	int ret = -1;

	if (!strict)
		ps->quiet++;
	while ((ep = strstr(in, "=?")) != NULL) {
		const char *scan = in;

		while (scan < ep && is_space(*scan))
			scan++;
		if (scan != ep || in == it->ptr)
			buf_add(&out, in, (size_t)(ep - in));
		ep += 2;
		cp = strchr(ep, '?');
		if (!cp || !cp[1] || cp[2] != '?')
			goto bad;
		buf_set(&charset, ep, (size_t)(cp - ep));
		ep = strstr(cp + 3, "?=");
		if (!ep)
			goto bad;
		buf_set(&word, cp + 3, (size_t)(ep - cp - 3));
		if (decode_word(ps, &out, cp[1], word.ptr, charset.ptr, no)) {
			if (cp[1] == 'b' || cp[1] == 'B' || cp[1] == 'q' ||
			    cp[1] == 'Q')
				goto out;
			goto bad;
		}
		in = ep + 2;
	}
	buf_adds(&out, in);
	buf_release(it);
	*it = out;
	out.ptr = NULL;
	ret = 0;
	goto out;
bad:
	fail(ps, no, "the %s: header has a malformed encoded word "
	     "(RFC 2047 wants =?charset?B|Q?text?=); git am refuses it "
	     "too: fix the header", name);
out:
	if (!strict)
		ps->quiet--;
	buf_release(&out);
	buf_release(&word);
	buf_release(&charset);
	return ret;
}

/* Headers. */

/* git's test: an mbox "From " line, or a field name (RFC 2822 ftext)
 * followed by ':'. */
static bool is_rfc2822_header(const char *cp)
{
	int ch;

	if (starts_with(cp, "From ") || starts_with(cp, ">From "))
		return true;
	while ((ch = (unsigned char)*cp++)) {
		if (ch == ':')
			return true;
		if ((ch >= 33 && ch <= 57) || (ch >= 59 && ch <= 126))
			continue;
		break;
	}
	return false;
}

/*
 * The next header, unfolded (each continuation line joined with one
 * space in place of its first blank, trailing blanks dropped). At the
 * end of the headers false, and line is the first line of the body with
 * its newline; at the end of the message false and eof set.
 */
static bool read_header_line(struct parse *ps, struct buf *line, size_t *no,
			     bool *eof)
{
	*eof = false;
	if (!read_line(ps, line, no, false)) {
		*eof = true;
		return false;
	}
	buf_rtrim(line);
	if (!line->len || !is_rfc2822_header(line->ptr)) {
		buf_addch(line, '\n');
		return false;
	}
	while (ps->pos < ps->nr) {
		const struct src_line *l = &ps->v[ps->pos];
		size_t n;

		if (!l->len || (l->p[0] != ' ' && l->p[0] != '\t'))
			break;
		ps->pos++;
		n = l->len;
		while (n > 1 && is_space(l->p[n - 1]))
			n--;
		if (n > 1) {
			buf_addch(line, ' ');
			buf_add(line, l->p + 1, n - 1);
		}
	}
	return true;
}

/* "Name:" (case-insensitive) at the start of line; *val after blanks. */
static bool skip_header(const char *line, const char *name, const char **val)
{
	const char *v;

	if (!skip_iprefix(line, name, &v) || *v++ != ':')
		return false;
	while (is_space(*v))
		v++;
	*val = v;
	return true;
}

static bool parse_header(struct parse *ps, const char *line, size_t no,
			 const char *name, struct buf *val)
{
	const char *v;

	if (!skip_header(line, name, &v))
		return false;
	buf_set(val, v, strlen(v));
	decode_header(ps, val, no, name, true);
	return true;
}

/* A Content-Type attribute: name=value or name="value". */
static bool slurp_attr(const char *line, const char *name, struct buf *attr)
{
	const char *ap = strcasestr(line, name), *ends = "; \t";

	buf_set(attr, "", 0);
	if (!ap)
		return false;
	ap += strlen(name);
	if (*ap == '"') {
		ap++;
		ends = "\"";
	}
	buf_add(attr, ap, strcspn(ap, ends));
	return true;
}

static bool has_attr_value(const char *line, const char *name,
			   const char *value)
{
	struct buf b = BUF_INIT;
	bool ret = slurp_attr(line, name, &b) && !strcasecmp(b.ptr, value);

	buf_release(&b);
	return ret;
}

static void handle_content_type(struct parse *ps, const char *val, size_t no)
{
	struct buf b = BUF_INIT;

	ps->flowed = has_attr_value(val, "format=", "flowed");
	ps->delsp = has_attr_value(val, "delsp=", "yes");
	if (slurp_attr(val, "boundary=", &b)) {
		if (ps->top + 1 >= MAX_BOUNDARIES) {
			fail(ps, no, "MIME parts nested more than %d deep; "
			     "git am cannot take this mail either",
			     MAX_BOUNDARIES - 1);
			buf_release(&b);
			return;
		}
		ps->top++;
		buf_set(&ps->boundary[ps->top], "--", 2);
		buf_add(&ps->boundary[ps->top], b.ptr, b.len);
	}
	slurp_attr(val, "charset=", &ps->charset);
	ps->charset_line = no;
	buf_release(&b);
}

static void handle_transfer_encoding(struct parse *ps, const char *val)
{
	if (strcasestr(val, "base64"))
		ps->te = TE_BASE64;
	else if (strcasestr(val, "quoted-printable"))
		ps->te = TE_QP;
	else
		ps->te = TE_NONE;
}

/* The headers mailinfo acts on; overwrite: a later one wins. */
static bool check_header(struct parse *ps, const char *line, size_t no,
			 struct hdr *hdr, bool overwrite)
{
	struct buf sb = BUF_INIT;
	bool ret = true;
	int i;

	for (i = 0; i < NR_HDR; i++) {
		if ((hdr[i].set && !overwrite) ||
		    !parse_header(ps, line, no, info_header[i], &sb))
			continue;
		buf_set(&hdr[i].val, sb.ptr, sb.len);
		hdr[i].set = true;
		hdr[i].line = no;
		goto out;
	}
	if (parse_header(ps, line, no, "Content-Type", &sb))
		handle_content_type(ps, sb.ptr, no);
	else if (parse_header(ps, line, no, "Content-Transfer-Encoding", &sb))
		handle_transfer_encoding(ps, sb.ptr);
	else if (parse_header(ps, line, no, "Message-ID", &sb)) {
		if (ps->flags & MAIL_MESSAGE_ID) {
			free(ps->message_id);
			ps->message_id = buf_detach(&sb, NULL);
			ps->message_id_line = no;
		}
	} else
		ret = false;
out:
	buf_release(&sb);
	return ret;
}

/* Record a header of the mail for the caller: name, decoded value, line. */
static void keep_header(struct parse *ps, struct mail *m, const char *line,
			size_t no)
{
	const char *colon = strchr(line, ':');
	struct mail_header *h;
	struct buf val = BUF_INIT;
	const char *v;

	if (!colon || starts_with(line, "From ") || starts_with(line, ">From "))
		return;
	m->headers = xrealloc(m->headers,
			      (m->nr_headers + 1) * sizeof(*m->headers));
	h = &m->headers[m->nr_headers++];
	h->name = xstrndup(line, (size_t)(colon - line));
	for (v = colon + 1; is_space(*v); v++)
		;
	buf_adds(&val, v);
	decode_header(ps, &val, no, h->name, false);
	h->value = buf_detach(&val, NULL);
	h->line = no;
}

/* Collapse every run of blanks into one space. */
static void cleanup_space(struct buf *sb)
{
	size_t pos, cnt;

	for (pos = 0; pos < sb->len; pos++) {
		if (!is_space(sb->ptr[pos]))
			continue;
		sb->ptr[pos] = ' ';
		for (cnt = 0; pos + cnt + 1 < sb->len &&
		     is_space(sb->ptr[pos + cnt + 1]); cnt++)
			;
		buf_remove(sb, pos + 1, cnt);
	}
}

/*
 * git mailinfo's subject cleaning: leading blanks, ':' and "Re:" go,
 * and every [...] group (with keep_brackets only those of seven or more
 * characters holding "PATCH").
 */
static void cleanup_subject(struct buf *s, bool keep_brackets)
{
	size_t at = 0;

	while (at < s->len) {
		const char *pos;
		size_t remove;

		switch (s->ptr[at]) {
		case 'r': case 'R':
			if (s->len > at + 3 &&
			    (s->ptr[at + 1] == 'e' || s->ptr[at + 1] == 'E') &&
			    s->ptr[at + 2] == ':') {
				buf_remove(s, at, 3);
				continue;
			}
			break;
		case ' ': case '\t': case ':':
			buf_remove(s, at, 1);
			continue;
		case '[':
			pos = strchr(s->ptr + at, ']');
			if (!pos)
				break;
			remove = (size_t)(pos - (s->ptr + at)) + 1;
			if (!keep_brackets || (remove >= 7 &&
			    memmem(s->ptr + at, remove, "PATCH", 5))) {
				buf_remove(s, at, remove);
			} else {
				at += remove;
				if (is_space(s->ptr[at]))
					at++;
			}
			continue;
		}
		break;
	}
	buf_trim(s);
}

/*
 * From after an opening '"' or '(' to its match, backslash escapes
 * undone: a comment keeps its parentheses (and nests), a quoted string
 * loses its quotes.
 */
static const char *unquote(struct buf *out, const char *in, bool comment)
{
	int close = comment ? ')' : '"', depth = 1;
	bool literal = false;

	if (comment)
		buf_addch(out, '(');
	while (*in) {
		int c = (unsigned char)*in++;

		if (literal) {
			literal = false;
		} else if (c == '\\') {
			literal = true;
			continue;
		} else if (comment && c == '(') {
			depth++;
		} else if (c == close) {
			if (comment)
				buf_addch(out, ')');
			if (!comment || !--depth)
				return in;
			continue;
		}
		buf_addch(out, c);
	}
	return in;
}

static void unquote_pairs(struct buf *line)
{
	struct buf out = BUF_INIT;
	const char *in = line->ptr;
	int c;

	buf_add(&out, "", 0);
	while ((c = (unsigned char)*in++) != 0) {
		if (c == '"' || c == '(')
			in = unquote(&out, in, c == '(');
		else
			buf_addch(&out, c);
	}
	buf_release(line);
	*line = out;
}

/* A name that is empty, too long or looks like an address: the address. */
static void sane_name(struct buf *out, const struct buf *name,
		      const struct buf *email)
{
	const struct buf *src = name;

	if (!name->len || name->len > 60 || strpbrk(name->ptr, "@<>"))
		src = email;
	else if (name == out)
		return;
	if (src != out) {
		struct buf tmp = BUF_INIT;

		buf_add(&tmp, src->ptr, src->len);
		buf_release(out);
		*out = tmp;
	}
}

/* "John Doe <johndoe>" without an '@'. */
static void parse_bogus_from(struct parse *ps, const char *line)
{
	const char *bra, *ket;

	if (ps->email.len)
		return;
	bra = strchr(line, '<');
	if (!bra)
		return;
	ket = strchr(bra, '>');
	if (!ket)
		return;
	buf_set(&ps->email, bra + 1, (size_t)(ket - bra - 1));
	buf_set(&ps->name, line, (size_t)(bra - line));
	buf_trim(&ps->name);
	sane_name(&ps->name, &ps->name, &ps->email);
}

/* Name and address of a From: value, as git mailinfo takes them. */
static void handle_from(struct parse *ps, const struct buf *from)
{
	struct buf f = BUF_INIT;
	char *at;
	size_t el;

	buf_add(&f, from->ptr, from->len);
	unquote_pairs(&f);
	at = strchr(f.ptr, '@');
	if (!at) {
		parse_bogus_from(ps, from->ptr);
		goto out;
	}
	if (ps->email.len && strchr(at + 1, '@'))
		goto out;
	while (at > f.ptr) {
		char c = at[-1];

		if (is_space(c))
			break;
		if (c == '<') {
			at[-1] = ' ';
			break;
		}
		at--;
	}
	el = strcspn(at, " \n\t\r\v\f>");
	buf_set(&ps->email, at, el);
	buf_remove(&f, (size_t)(at - f.ptr), el + (at[el] ? 1 : 0));
	cleanup_space(&f);
	buf_trim(&f);
	if (f.len && f.ptr[0] == '(' && f.ptr[f.len - 1] == ')') {
		buf_remove(&f, 0, 1);
		buf_setlen(&f, f.len - 1);
	}
	sane_name(&ps->name, &f, &ps->email);
out:
	buf_release(&f);
}

/* The body. */

/* "From <sha1> Mon Sep 17 00:00:00 2001" (len: without a newline), the
 * line git format-patch writes first; sha256: 64 hex digits as well. */
static bool is_format_patch_separator(const char *line, size_t len,
				      bool sha256)
{
	static const char tail[] = " Mon Sep 17 00:00:00 2001";
	size_t hex = 0;

	if (len < 5 || memcmp(line, "From ", 5))
		return false;
	while (5 + hex < len && strchr("0123456789abcdef", line[5 + hex]) &&
	       line[5 + hex])
		hex++;
	if (hex != 40 && !(sha256 && hex == 64))
		return false;
	return len == 5 + hex + strlen(tail) &&
	       !memcmp(line + 5 + hex, tail, strlen(tail));
}

/* Where the commit message ends: "diff -", "Index: ", "--- file" or a
 * line of "---" and blanks. */
static bool patchbreak(const struct buf *line)
{
	size_t i;

	if (starts_with(line->ptr, "diff -") ||
	    starts_with(line->ptr, "Index: "))
		return true;
	if (line->len < 4 || !starts_with(line->ptr, "---"))
		return false;
	if (line->ptr[3] == ' ' && !is_space(line->ptr[4]))
		return true;
	for (i = 3; i < line->len; i++) {
		if (line->ptr[i] == '\n')
			return true;
		if (!is_space(line->ptr[i]))
			break;
	}
	return false;
}

/* git's scissors line: "-- >8 --" and the like, at least 8 wide. */
static bool is_scissors_line(const char *line)
{
	const char *c, *first = NULL, *last = NULL;
	int scissors = 0, gap = 0, perforation = 0, visible;
	bool in_perforation = false;

	for (c = line; *c; c++) {
		if (is_space(*c)) {
			if (in_perforation) {
				perforation++;
				gap++;
			}
			continue;
		}
		last = c;
		if (!first)
			first = c;
		if (*c == '-') {
			in_perforation = true;
			perforation++;
			continue;
		}
		if (starts_with(c, ">8") || starts_with(c, "8<") ||
		    starts_with(c, ">%") || starts_with(c, "%<")) {
			in_perforation = true;
			perforation += 2;
			scissors += 2;
			c++;
			continue;
		}
		in_perforation = false;
	}
	visible = first && last ? (int)(last - first) + 1 : 0;
	return scissors && visible >= 8 && visible < perforation * 3 &&
	       gap * 2 < perforation;
}

static void clear_hdrs(struct hdr *hdr)
{
	int i;

	for (i = 0; i < NR_HDR; i++) {
		buf_release(&hdr[i].val);
		hdr[i].set = false;
		hdr[i].line = 0;
	}
}

static void flush_inbody_header(struct parse *ps)
{
	if (!ps->accum.len)
		return;
	check_header(ps, ps->accum.ptr, ps->accum_line, ps->s_hdr, false);
	buf_reset(&ps->accum);
}

static bool is_inbody_header(struct parse *ps, const char *line)
{
	const char *val;
	int i;

	for (i = 0; i < NR_HDR; i++)
		if (!ps->s_hdr[i].set &&
		    skip_header(line, info_header[i], &val))
			return true;
	return false;
}

/* true: line belongs to the in-body headers at the top of the body. */
static bool check_inbody_header(struct parse *ps, const struct buf *line,
				size_t org)
{
	const char *l = line->ptr;

	if (ps->accum.len && (l[0] == ' ' || l[0] == '\t')) {
		if ((ps->flags & MAIL_SCISSORS) && is_scissors_line(l)) {
			flush_inbody_header(ps);
			return false;
		}
		if (ps->accum.len && ps->accum.ptr[ps->accum.len - 1] == '\n')
			buf_setlen(&ps->accum, ps->accum.len - 1);
		buf_add(&ps->accum, l, line->len);
		return true;
	}
	flush_inbody_header(ps);
	if (starts_with(l, ">From") && is_space(l[5]))
		return line->ptr[line->len - 1] == '\n' &&
		       is_format_patch_separator(l + 1, line->len - 2, false);
	if (starts_with(l, "[PATCH]") && is_space(l[7])) {
		buf_set(&ps->s_hdr[HDR_SUBJECT].val, l, line->len);
		ps->s_hdr[HDR_SUBJECT].set = true;
		ps->s_hdr[HDR_SUBJECT].line = org;
		return true;
	}
	if (is_inbody_header(ps, l)) {
		if (!ps->accum.len)
			ps->accum_line = org;
		buf_add(&ps->accum, l, line->len);
		return true;
	}
	return false;
}

/* true: line is the patch break (it and the rest go to the patch). */
static bool handle_commit_msg(struct parse *ps, struct buf *line, size_t org)
{
	if (ps->header_stage && (!line->len ||
				 (line->len == 1 && line->ptr[0] == '\n'))) {
		if (ps->accum.len) {
			flush_inbody_header(ps);
			ps->header_stage = 0;
		}
		return false;
	}
	if (!(ps->flags & MAIL_NO_INBODY) && ps->header_stage) {
		ps->header_stage = check_inbody_header(ps, line, org);
		if (ps->header_stage)
			return false;
	} else {
		ps->header_stage = 0;
	}
	if (convert_to_utf8(ps, line, buf_cstr(&ps->charset), org,
			    "the body"))
		return false;
	if ((ps->flags & MAIL_SCISSORS) && is_scissors_line(line->ptr)) {
		text_reset(&ps->log);
		ps->header_stage = 1;
		clear_hdrs(ps->s_hdr);
		return false;
	}
	if (patchbreak(line)) {
		if (ps->message_id) {
			struct buf b = BUF_INIT;

			buf_addf(&b, "Message-Id: %s\n", ps->message_id);
			text_add(&ps->log, b.ptr, b.len, ps->message_id_line);
			buf_release(&b);
		}
		return true;
	}
	text_add(&ps->log, line->ptr, line->len, org);
	return false;
}

static void handle_filter(struct parse *ps, struct buf *line, size_t org)
{
	if (!ps->filter_stage) {
		if (!handle_commit_msg(ps, line, org))
			return;
		ps->filter_stage = 1;
	}
	text_add(&ps->patch, line->ptr, line->len, org);
	ps->patch_lines++;
}

struct pending {
	struct buf b;		/* a partial or flowed line waiting */
	size_t org;
};

static void pending_add(struct pending *pd, const char *p, size_t n,
			size_t org)
{
	if (!pd->b.len)
		pd->org = org;
	buf_add(&pd->b, p, n);
}

/* Unwrap format=flowed (RFC 3676) before the line is looked at. */
static void handle_filter_flowed(struct parse *ps, struct buf *line,
				 size_t org, struct pending *pd)
{
	size_t len = line->len;

	if (!ps->flowed) {
		handle_filter(ps, line, org);
		return;
	}
	if (len && line->ptr[len - 1] == '\n') {
		len--;
		if (len && line->ptr[len - 1] == '\r')
			len--;
	}
	if (starts_with(line->ptr, "-- ") && len == 3) {
		if (pd->b.len) {
			handle_filter(ps, &pd->b, pd->org);
			buf_reset(&pd->b);
		}
		handle_filter(ps, line, org);
		return;
	}
	if (len && line->ptr[0] == ' ') {
		buf_remove(line, 0, 1);
		len--;
	}
	if (len && line->ptr[len - 1] == ' ') {
		pending_add(pd, line->ptr, len - (ps->delsp ? 1 : 0), org);
		return;
	}
	if (pd->b.len) {
		buf_insert(line, 0, pd->b.ptr, pd->b.len);
		org = pd->org;
		buf_reset(&pd->b);
	}
	handle_filter(ps, line, org);
}

static bool decode_transfer_encoding(struct parse *ps, struct buf *line,
				     size_t no)
{
	struct buf out = BUF_INIT;

	if (ps->te == TE_NONE)
		return true;
	if (ps->te == TE_BASE64 && !check_base64(ps, line, no))
		return false;
	buf_add(&out, "", 0);
	if (ps->te == TE_QP)
		decode_q(&out, line->ptr, false);
	else
		decode_b(&out, line->ptr);
	buf_release(line);
	*line = out;
	return true;
}

/* A decoded line may hold several lines: pass them one at a time, keep
 * the last one back when it has no newline yet. */
static void handle_decoded(struct parse *ps, struct buf *line, size_t no,
			   struct pending *pd)
{
	struct buf piece = BUF_INIT;
	size_t org = pd->b.len ? pd->org : no, start = 0;

	buf_insert(line, 0, buf_cstr(&pd->b), pd->b.len);
	buf_reset(&pd->b);
	while (start < line->len) {
		const char *nl = memchr(line->ptr + start, '\n',
					line->len - start);
		size_t end = nl ? (size_t)(nl - line->ptr) + 1 : line->len;

		if (!nl) {
			pending_add(pd, line->ptr + start, end - start, org);
			break;
		}
		buf_set(&piece, line->ptr + start, end - start);
		handle_filter_flowed(ps, &piece, org, pd);
		org = no;
		start = end;
	}
	buf_release(&piece);
}

static bool is_boundary(struct parse *ps, const struct buf *line)
{
	const struct buf *b = &ps->boundary[ps->top];

	return b->len <= line->len && !memcmp(line->ptr, b->ptr, b->len);
}

static bool find_boundary(struct parse *ps, struct buf *line, size_t *no)
{
	while (read_line(ps, line, no, false))
		if (ps->top && is_boundary(ps, line))
			return true;
	return false;
}

/* At a boundary line: a closing one pops the stack; an opening one reads
 * the part's headers. false: nothing more to read. */
static bool handle_boundary(struct parse *ps, struct buf *line, size_t *no)
{
	struct buf newline = BUF_INIT;
	bool eof;

	for (;;) {
		const struct buf *b = &ps->boundary[ps->top];

		if (line->len < b->len + 2 ||
		    memcmp(line->ptr + b->len, "--", 2))
			break;
		buf_release(&ps->boundary[ps->top]);
		ps->top--;
		buf_set(&newline, "\n", 1);
		handle_filter(ps, &newline, *no);
		buf_release(&newline);
		if (ps->failed || !find_boundary(ps, line, no))
			return false;
	}
	ps->te = TE_NONE;
	buf_set(&ps->charset, "", 0);
	while (read_header_line(ps, line, no, &eof))
		check_header(ps, line->ptr, *no, ps->p_hdr, false);
	if (!read_line(ps, line, no, false))
		return false;
	buf_addch(line, '\n');
	return true;
}

static void handle_body(struct parse *ps, struct buf *line, size_t no)
{
	struct pending pd = { BUF_INIT, 0 };

	if (ps->top && !find_boundary(ps, line, &no))
		goto out;
	do {
		if (ps->top && is_boundary(ps, line)) {
			if (pd.b.len) {
				handle_filter(ps, &pd.b, pd.org);
				buf_reset(&pd.b);
			}
			if (!handle_boundary(ps, line, &no))
				goto out;
		}
		if (!decode_transfer_encoding(ps, line, no))
			break;
		if (ps->te != TE_NONE)
			handle_decoded(ps, line, no, &pd);
		else
			handle_filter_flowed(ps, line, no, &pd);
		if (ps->failed)
			break;
	} while (read_line(ps, line, &no, true));
	if (pd.b.len)
		handle_filter(ps, &pd.b, pd.org);
	flush_inbody_header(ps);
out:
	buf_release(&pd.b);
}

/* Subject numbering: [PATCH v3 2/7], [RFC PATCHv2 0/3], [PATCH net-next]. */
static void parse_token(struct mail *m, const char *t, size_t n)
{
	const char *p = t, *end = t + n;
	unsigned long a = 0, b = 0;

	if (n > 5 && !strncasecmp(t, "PATCH", 5)) {
		p += 5;
		n -= 5;
	}
	if ((*p == 'v' || *p == 'V') && p + 1 < end && git_isdigit(p[1])) {
		for (p++; p < end && git_isdigit(*p); p++)
			a = a * 10 + (unsigned long)(*p - '0');
		if (p == end && a > 0 && a < 10000 && m->version == 1)
			m->version = (unsigned)a;
		return;
	}
	if (!git_isdigit(*p))
		return;
	for (; p < end && git_isdigit(*p); p++)
		a = a * 10 + (unsigned long)(*p - '0');
	if (p == end || *p++ != '/' || p == end)
		return;
	for (; p < end && git_isdigit(*p); p++)
		b = b * 10 + (unsigned long)(*p - '0');
	if (p == end && b > 0 && a <= b && b < 100000 && !m->total) {
		m->number = (unsigned)a;
		m->total = (unsigned)b;
	}
}

static void parse_group(struct mail *m, const char *g, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t j;

		while (i < n && (is_space(g[i]) || g[i] == ','))
			i++;
		for (j = i; j < n && !is_space(g[j]) && g[j] != ','; j++)
			;
		if (j > i)
			parse_token(m, g + i, j - i);
		i = j;
	}
}

/* What the cleaning of subject removes, read for its numbering. */
static void parse_subject_prefix(struct mail *m, const char *s)
{
	struct buf prefix = BUF_INIT;

	buf_add(&prefix, "", 0);
	for (;;) {
		const char *end;

		if (*s == ' ' || *s == '\t' || *s == ':') {
			s++;
		} else if ((s[0] == 'r' || s[0] == 'R') &&
			   (s[1] == 'e' || s[1] == 'E') && s[2] == ':' &&
			   s[3]) {
			m->is_reply = true;
			s += 3;
		} else if (*s == '[' && (end = strchr(s, ']'))) {
			parse_group(m, s + 1, (size_t)(end - s - 1));
			if (prefix.len)
				buf_addch(&prefix, ' ');
			buf_add(&prefix, s + 1, (size_t)(end - s - 1));
			s = end + 1;
		} else {
			break;
		}
	}
	m->prefix = buf_detach(&prefix, NULL);
	m->is_cover = m->total && !m->number;
}

/* The header mailinfo reports: in-body ones only when there is a patch. */
static struct hdr *info_hdr(struct parse *ps, int i)
{
	if (ps->patch_lines && ps->s_hdr[i].set)
		return &ps->s_hdr[i];
	return ps->p_hdr[i].set ? &ps->p_hdr[i] : NULL;
}

static int handle_info(struct parse *ps, struct mail *m)
{
	struct hdr *h;
	int i;

	for (i = 0; i < NR_HDR; i++) {
		h = info_hdr(ps, i);
		if (h && memchr(h->val.ptr, '\0', h->val.len)) {
			fail(ps, h->line, "a NUL byte in the %s: header; git "
			     "am refuses it too", info_header[i]);
			return -1;
		}
	}
	m->version = 1;
	h = info_hdr(ps, HDR_SUBJECT);
	if (h) {
		struct buf s = BUF_INIT;

		const struct hdr *own = ps->p_hdr[HDR_SUBJECT].set ?
					&ps->p_hdr[HDR_SUBJECT] : h;

		/* the numbering is the mail's, not an in-body subject's */
		buf_add(&s, own->val.ptr, own->val.len);
		buf_trim(&s);
		m->subject = xstrdup(s.ptr);
		parse_subject_prefix(m, s.ptr);
		buf_set(&s, h->val.ptr, h->val.len);
		if (!(ps->flags & MAIL_KEEP_SUBJECT)) {
			cleanup_subject(&s, ps->flags & MAIL_KEEP_BRACKETS);
			cleanup_space(&s);
		}
		m->clean_subject = buf_detach(&s, NULL);
		m->subject_line = h->line;
	} else {
		m->subject = xstrdup("");
		m->clean_subject = xstrdup("");
		m->prefix = xstrdup("");
	}
	h = info_hdr(ps, HDR_FROM);
	if (h) {
		cleanup_space(&h->val);
		handle_from(ps, &h->val);
		m->author_line = h->line;
		m->inbody_from = h == &ps->s_hdr[HDR_FROM];
	}
	m->author_name = xstrdup(buf_cstr(&ps->name));
	m->author_email = xstrdup(buf_cstr(&ps->email));
	if (m->inbody_from) {
		buf_reset(&ps->name);
		buf_reset(&ps->email);
		if (ps->p_hdr[HDR_FROM].set) {
			cleanup_space(&ps->p_hdr[HDR_FROM].val);
			handle_from(ps, &ps->p_hdr[HDR_FROM].val);
		}
	}
	m->sender_name = xstrdup(buf_cstr(&ps->name));
	m->sender_email = xstrdup(buf_cstr(&ps->email));
	h = info_hdr(ps, HDR_DATE);
	if (h) {
		cleanup_space(&h->val);
		buf_trim(&h->val);
	}
	m->date = xstrdup(h ? h->val.ptr : "");
	return 0;
}

/* The input line of the piece of t at off. */
static size_t origin_at(const struct text *t, size_t off, size_t *hint)
{
	size_t i = *hint;

	while (i + 1 < t->nr && t->o[i + 1].off <= off)
		i++;
	*hint = i;
	return t->nr ? t->o[i].line : 0;
}

static void text_append(struct text *dst, const struct text *src)
{
	size_t i;

	for (i = 0; i < src->nr; i++) {
		size_t end = i + 1 < src->nr ? src->o[i + 1].off : src->b.len;

		text_add(dst, src->b.ptr + src->o[i].off, end - src->o[i].off,
			 src->o[i].line);
	}
}

/*
 * git am's commit message: subject, blank line, body, through git's
 * stripspace (trailing blanks of each line go, runs of empty lines
 * become one, none at either end). Each line's origin goes to the map.
 */
static void build_message(struct mail *m, const struct text *t)
{
	struct buf out = BUF_INIT;
	size_t i = 0, empties = 0, hint = 0, alloc = 0, blank_org = 0;

	buf_add(&out, "", 0);
	while (i < t->b.len) {
		const char *line = t->b.ptr + i;
		const char *nl = memchr(line, '\n', t->b.len - i);
		size_t len = nl ? (size_t)(nl - line) + 1 : t->b.len - i;
		size_t n = len, org = origin_at(t, i, &hint);

		while (n && is_space(line[n - 1]))
			n--;
		i += len;
		if (!n) {
			if (!empties++)
				blank_org = org;
			continue;
		}
		if (alloc < m->nr_lines + 2) {
			alloc = alloc ? 2 * alloc : 64;
			m->line_map = xrealloc(m->line_map,
					       alloc * sizeof(*m->line_map));
		}
		if (empties && out.len) {
			buf_addch(&out, '\n');
			m->line_map[m->nr_lines++] = blank_org;
		}
		empties = 0;
		buf_add(&out, line, n);
		buf_addch(&out, '\n');
		m->line_map[m->nr_lines++] = org;
	}
	m->message = buf_detach(&out, &m->message_len);
}

/* The "---" line and the notes under it, up to the first diff. */
static size_t notes_length(const char *patch, size_t len)
{
	size_t off = 0;
	bool first = true;

	if (!len || strncmp(patch, "---", 3) ||
	    (patch[3] == ' ' && !is_space(patch[4])))
		return 0;
	while (off < len) {
		const char *nl = memchr(patch + off, '\n', len - off);

		if (!first && (!strncmp(patch + off, "diff -", 6) ||
			       !strncmp(patch + off, "Index: ", 7)))
			return off;
		first = false;
		off = nl ? (size_t)(nl - patch) + 1 : len;
	}
	return len;
}

static bool starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

bool mail_text_has_diff(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	bool minus = false;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (starts(p, n, "diff ") || starts(p, n, "Index: ") ||
		    (minus && starts(p, n, "+++ ")))
			return true;
		minus = starts(p, n, "--- ");
		p += n + 1;
	}
	return false;
}

bool mail_subject_is_cover(const char *subject)
{
	struct mail m;
	bool yes;

	memset(&m, 0, sizeof(m));
	m.version = 1;
	parse_subject_prefix(&m, subject);
	yes = m.is_cover;
	free(m.prefix);
	return yes;
}

static void finish_mail(struct parse *ps, struct mail *m)
{
	struct text all = { BUF_INIT, NULL, 0, 0 };
	const char *id = mail_header(m, "Message-ID");
	struct buf b = BUF_INIT;

	text_add(&all, m->clean_subject, strlen(m->clean_subject),
		 m->subject_line);
	text_add(&all, "\n\n", 2, 0);
	text_append(&all, &ps->log);
	/* numbered 0/m but carrying a diff: the patch itself */
	if (m->is_cover &&
	    mail_text_has_diff(buf_cstr(&ps->patch.b), ps->patch.b.len))
		m->is_cover = false;
	if (m->is_cover)
		text_append(&all, &ps->patch);
	build_message(m, &all);
	text_release(&all);

	m->has_patch = ps->patch_lines > 0;
	m->patch_line = ps->patch.nr ? ps->patch.o[0].line : 0;
	m->notes_len = notes_length(buf_cstr(&ps->patch.b), ps->patch.b.len);
	m->patch = buf_detach(&ps->patch.b, &m->patch_len);
	buf_adds(&b, id ? id : "");
	buf_trim(&b);
	m->message_id = buf_detach(&b, NULL);
}

static void parse_release(struct parse *ps)
{
	int i;

	clear_hdrs(ps->p_hdr);
	clear_hdrs(ps->s_hdr);
	buf_release(&ps->charset);
	for (i = 0; i < MAX_BOUNDARIES; i++)
		buf_release(&ps->boundary[i]);
	buf_release(&ps->accum);
	text_release(&ps->log);
	text_release(&ps->patch);
	free(ps->message_id);
	buf_release(&ps->name);
	buf_release(&ps->email);
	if (ps->cd_name)
		iconv_close(ps->cd);
	free(ps->cd_name);
}

/* One message, its lines as git mailsplit wrote them: git mailinfo. */
static int parse_message(struct mail *m, const struct src_line *v,
			 size_t nr, unsigned flags, size_t msgno, bool many)
{
	struct parse ps;
	struct buf line = BUF_INIT;
	size_t no = v[0].no;
	bool eof;
	int ret = -1;

	memset(&ps, 0, sizeof(ps));
	ps.v = v;
	ps.nr = nr;
	ps.flags = flags;
	ps.msgno = msgno;
	ps.many = many;
	ps.header_stage = 1;
	while (read_header_line(&ps, &line, &no, &eof)) {
		keep_header(&ps, m, line.ptr, no);
		check_header(&ps, line.ptr, no, ps.p_hdr, true);
	}
	if (eof && !ps.failed)
		fail(&ps, no, "the message ends inside its headers (no blank "
		     "line and no body follow them): the mail is truncated");
	if (!ps.failed)
		handle_body(&ps, &line, no);
	if (ps.failed || handle_info(&ps, m))
		goto out;
	finish_mail(&ps, m);
	ret = 0;
out:
	buf_release(&line);
	parse_release(&ps);
	return ret;
}

/* Telling the input apart and splitting it (git mailsplit). */

/* git mailsplit's separator: "From " ... "hh:mm:ss yyyy" with a year
 * after 1990; len counts the newline. */
static bool is_from_line(const char *line, size_t len)
{
	const char *colon, *p, *end = line + len;
	long year = 0;

	if (len < 20 || memcmp(line, "From ", 5))
		return false;
	colon = line + len - 2;
	for (;;) {
		if (colon < line + 5)
			return false;
		if (*--colon == ':')
			break;
	}
	if (!git_isdigit(colon[-4]) || !git_isdigit(colon[-2]) ||
	    !git_isdigit(colon[-1]) || !git_isdigit(colon[1]) ||
	    !git_isdigit(colon[2]))
		return false;
	for (p = colon + 3; p < end && is_space(*p); p++)
		;
	if (p < end && (*p == '+' || *p == '-'))
		return false;
	for (; p < end && git_isdigit(*p) && year < 100000; p++)
		year = year * 10 + (*p - '0');
	return year > 90;
}

struct lines {
	struct src_line *v;
	size_t nr, alloc;
};

/* The input's lines, from off on (git mailsplit skips leading blanks). */
static void split_lines(struct lines *out, const char *data, size_t len,
			size_t off)
{
	size_t no = 1, i;

	for (i = 0; i < off; i++)
		if (data[i] == '\n')
			no++;
	while (off < len) {
		const char *nl = memchr(data + off, '\n', len - off);
		size_t end = nl ? (size_t)(nl - data) : len;
		struct src_line *l;

		if (out->nr == out->alloc) {
			out->alloc = out->alloc ? 2 * out->alloc : 256;
			out->v = xrealloc(out->v, out->alloc * sizeof(*out->v));
		}
		l = &out->v[out->nr++];
		l->p = data + off;
		l->len = end - off;
		l->nl = nl != NULL;
		l->no = no++;
		off = nl ? end + 1 : len;
	}
}

static size_t skip_blanks(const char *data, size_t len)
{
	size_t off = 0;

	while (off < len && is_space(data[off]))
		off++;
	return off;
}

static const char *const mail_headers[] = {
	"From", "Subject", "Date", "Message-ID", "To", "Cc", "Received",
	"Return-Path", "MIME-Version", "Content-Type",
	"Content-Transfer-Encoding", "In-Reply-To", "References",
	"Delivered-To", "Reply-To", "Sender", "X-Mailer", "List-Id", NULL
};

/*
 * Does the text start with a mail's headers? git would take "subsys:
 * summary" for one, so it takes a From: or Subject: and at least two
 * headers that mail has.
 */
static bool looks_like_headers(const char *data, size_t len)
{
	size_t off = 0, known = 0;
	bool from_or_subject = false;

	while (off < len) {
		const char *nl = memchr(data + off, '\n', len - off);
		size_t end = nl ? (size_t)(nl - data) : len, i;
		const char *colon = memchr(data + off, ':', end - off);

		if (off == end || (end == off + 1 && data[off] == '\r'))
			break;
		if (data[off] != ' ' && data[off] != '\t') {
			if (!colon)
				break;
			for (i = off; i < (size_t)(colon - data); i++)
				if ((unsigned char)data[i] < 33 ||
				    (unsigned char)data[i] > 126)
					return false;
			for (i = 0; mail_headers[i]; i++) {
				if (!mem_ieq(data + off,
					     (size_t)(colon - data) - off,
					     mail_headers[i],
					     strlen(mail_headers[i])))
					continue;
				known++;
				if (i < 2)
					from_or_subject = true;
			}
		} else if (off == 0) {
			return false;
		}
		off = nl ? end + 1 : len;
	}
	return from_or_subject && known >= 2;
}

static void mailsplit_line(struct src_line *l, bool mbox, unsigned flags);

enum mail_kind mail_detect(const char *data, size_t len)
{
	size_t off = skip_blanks(data, len);
	const char *nl = memchr(data + off, '\n', len - off);
	size_t n = nl ? (size_t)(nl - (data + off)) + 1 : len - off;
	struct src_line first = { data + off, n, false, 1 };

	if (is_from_line(data + off, n)) {
		if (nl) {
			first.len--;
			first.nl = true;
		}
		mailsplit_line(&first, false, 0);
		if (is_format_patch_separator(first.p, first.len, true))
			return MAIL_FORMAT_PATCH;
		return MAIL_MBOX;
	}
	/* an mbox "From " line with no date: the headers decide */
	if (n >= 5 && !memcmp(data + off, "From ", 5))
		off += n;
	return looks_like_headers(data + off, len - off) ? MAIL_SINGLE :
							   MAIL_PLAIN;
}

/* The CR git mailsplit drops, the ">" of an escaped "From " line. */
static void mailsplit_line(struct src_line *l, bool mbox, unsigned flags)
{
	size_t gt = 0;

	if (l->nl && l->len && l->p[l->len - 1] == '\r')
		l->len--;
	if (!mbox || (flags & MAIL_MBOX_VERBATIM))
		return;
	while (gt < l->len && l->p[gt] == '>')
		gt++;
	if (!gt || l->len - gt < 5 || memcmp(l->p + gt, "From ", 5))
		return;
	if ((flags & MAIL_MBOXO) && gt != 1)
		return;
	l->p++;
	l->len--;
}

static int add_mail(struct mail_set *set, const char *data,
		    struct src_line *v, size_t nr, unsigned flags, bool many)
{
	struct mail *m;
	const struct src_line *last = &v[nr - 1];
	bool mbox = set->kind == MAIL_MBOX || set->kind == MAIL_FORMAT_PATCH;
	size_t i;

	set->mails = xrealloc(set->mails, (set->nr + 1) * sizeof(*set->mails));
	m = &set->mails[set->nr++];
	memset(m, 0, sizeof(*m));
	m->start = (size_t)(v[0].p - data);
	m->end = (size_t)(last->p - data) + last->len + last->nl;
	m->first_line = v[0].no;
	/* the separator line is never unescaped */
	for (i = 0; i < nr; i++)
		mailsplit_line(&v[i], mbox && i > 0, flags);
	if (mbox && is_format_patch_separator(v[0].p, v[0].len, true))
		m->commit_id = xstrndup(v[0].p + 5, strcspn(v[0].p + 5, " "));
	else
		m->commit_id = xstrdup("");
	return parse_message(m, v, nr, flags, set->nr, many);
}

/* The number of messages of an mbox; the escaping its writer used. */
static size_t scan_mbox(const struct lines *l, unsigned *flags)
{
	bool bare_from = false;
	size_t i, n = 0;

	for (i = 0; i < l->nr; i++) {
		const struct src_line *v = &l->v[i];

		if (is_from_line(v->p, v->len + v->nl))
			n++;
		else if (v->len >= 5 && !memcmp(v->p, "From ", 5))
			bare_from = true;
	}
	if (!(*flags & (MAIL_MBOXO | MAIL_MBOXRD | MAIL_MBOX_VERBATIM)))
		*flags |= bare_from ? MAIL_MBOX_VERBATIM : MAIL_MBOXRD;
	return n;
}

int mail_split(struct mail_set **out, const char *data, size_t len,
	       unsigned flags)
{
	struct mail_set *set = xcalloc(1, sizeof(*set));
	struct lines l = { NULL, 0, 0 };
	size_t i, start = 0;
	bool many;
	int ret = 0;

	*out = NULL;
	set->kind = mail_detect(data, len);
	if (set->kind == MAIL_PLAIN)
		goto done;
	split_lines(&l, data, len, skip_blanks(data, len));
	if (set->kind == MAIL_SINGLE) {
		ret = add_mail(set, data, l.v, l.nr, flags, false);
		goto done;
	}
	many = scan_mbox(&l, &flags) > 1;
	for (i = 1; i <= l.nr && !ret; i++) {
		if (i < l.nr && !is_from_line(l.v[i].p, l.v[i].len + l.v[i].nl))
			continue;
		ret = add_mail(set, data, l.v + start, i - start, flags, many);
		start = i;
	}
done:
	free(l.v);
	if (ret) {
		mail_set_free(set);
		return -1;
	}
	*out = set;
	return 0;
}

static void mail_release(struct mail *m)
{
	size_t i;

	for (i = 0; i < m->nr_headers; i++) {
		free(m->headers[i].name);
		free(m->headers[i].value);
	}
	free(m->headers);
	free(m->subject);
	free(m->clean_subject);
	free(m->prefix);
	free(m->author_name);
	free(m->author_email);
	free(m->sender_name);
	free(m->sender_email);
	free(m->date);
	free(m->message_id);
	free(m->commit_id);
	free(m->message);
	free(m->line_map);
	free(m->patch);
}

void mail_set_free(struct mail_set *set)
{
	size_t i;

	if (!set)
		return;
	for (i = 0; i < set->nr; i++)
		mail_release(&set->mails[i]);
	free(set->mails);
	free(set);
}

size_t mail_line(const struct mail *m, size_t line)
{
	size_t i;

	if (!line || !m->nr_lines)
		return m->first_line;
	if (line > m->nr_lines)
		line = m->nr_lines;
	for (i = line; i > 0; i--)
		if (m->line_map[i - 1])
			return m->line_map[i - 1];
	return m->first_line;
}

const char *mail_header(const struct mail *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nr_headers; i++)
		if (str_ieq(m->headers[i].name, name))
			return m->headers[i].value;
	return NULL;
}
