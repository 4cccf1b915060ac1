/*
 * Finding the trailer block exactly as git 2.39 does (trailer.c and
 * ignore_non_trailer() in commit.c), bounded by the message length so
 * that messages with NUL bytes are handled too.
 */
#include "message.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *const git_generated_prefixes[] = {
	"Signed-off-by: ",
	"(cherry picked from commit ",
	NULL
};

static const char cut_line[] =
	"------------------------ >8 ------------------------\n";

/* Start of the line after the one at off. */
static size_t next_line(const char *s, size_t len, size_t off)
{
	const char *nl = memchr(s + off, '\n', len - off);

	return nl ? (size_t)(nl - s) + 1 : len;
}

/* Start of the last line of s[0, len), ignoring a final newline; -1 if
 * len is 0. */
static long last_line(const char *s, size_t len)
{
	long i;

	if (len == 0)
		return -1;
	if (len == 1)
		return 0;
	for (i = (long)len - 2; i >= 0; i--)
		if (s[i] == '\n')
			return i + 1;
	return 0;
}

static bool is_blank_line(const char *s, size_t len, size_t off)
{
	while (off < len && s[off] != '\n' && git_isspace((unsigned char)s[off]))
		off++;
	return off >= len || s[off] == '\n';
}

static bool starts_with_at(const char *s, size_t len, size_t off,
			   const char *prefix)
{
	size_t n = strlen(prefix);

	return len - off >= n && !memcmp(s + off, prefix, n);
}

long trailer_separator(const char *line, size_t len)
{
	bool whitespace_found = false;
	size_t i;

	for (i = 0; i < len && line[i]; i++) {
		unsigned char c = (unsigned char)line[i];

		if (c == ':')
			return (long)i;
		if (!whitespace_found && (git_isalnum(c) || c == '-'))
			continue;
		if (i != 0 && (c == ' ' || c == '\t')) {
			whitespace_found = true;
			continue;
		}
		break;
	}
	return -1;
}

/* git's find_patch_start(): a line "---" followed by whitespace. */
static size_t find_patch_start(const char *s, size_t len)
{
	size_t off;

	for (off = 0; off < len; off = next_line(s, len, off))
		if (starts_with_at(s, len, off, "---") && off + 3 < len &&
		    git_isspace((unsigned char)s[off + 3]))
			return off;
	return len;
}

/* wt_status_locate_end(): the scissors line, as comment char + cut line. */
static size_t locate_scissors(const char *s, size_t len, char cc)
{
	size_t n = sizeof(cut_line) - 1;
	size_t off;

	for (off = 0; off < len; off = next_line(s, len, off))
		if (len - off >= n + 2 && s[off] == cc && s[off + 1] == ' ' &&
		    !memcmp(s + off + 2, cut_line, n))
			return off;
	return len;
}

/* git's ignore_non_trailer(): trailing comments, blank lines and an old
 * "Conflicts:" block are not part of the message proper. */
static size_t find_trailer_end(const char *s, size_t len, char cc)
{
	size_t cutoff = locate_scissors(s, len, cc);
	size_t boc = 0, bol = 0;
	bool in_conflicts = false;

	while (bol < cutoff) {
		size_t next = next_line(s, len, bol);

		if (s[bol] == cc || s[bol] == '\n') {
			if (!boc)
				boc = bol;
		} else if (starts_with_at(s, len, bol, "Conflicts:\n")) {
			in_conflicts = true;
			if (!boc)
				boc = bol;
		} else if (in_conflicts && s[bol] == '\t') {
			; /* a path in the conflicts block */
		} else if (boc) {
			boc = 0;
			in_conflicts = false;
		}
		bol = next;
	}
	return boc ? boc : cutoff;
}

static size_t find_title_end(const char *s, size_t len, char cc)
{
	size_t off;

	for (off = 0; off < len; off = next_line(s, len, off)) {
		if (s[off] == cc)
			continue;
		if (is_blank_line(s, len, off))
			break;
	}
	return off;
}

static bool has_generated_prefix(const char *s, size_t len, size_t off)
{
	const char *const *p;

	for (p = git_generated_prefixes; *p; p++)
		if (starts_with_at(s, len, off, *p))
			return true;
	return false;
}

/* Counters of git's find_trailer_start() while it walks up the block. */
struct block_scan {
	int trailer_lines;
	int non_trailer_lines;
	int possible_continuation_lines;
	bool recognized_prefix;
	bool only_spaces;
};

/* Called on the blank line that closes the block from above. */
static bool block_counts(struct block_scan *b)
{
	b->non_trailer_lines += b->possible_continuation_lines;
	if (b->recognized_prefix &&
	    b->trailer_lines * 3 >= b->non_trailer_lines)
		return true;
	return b->trailer_lines && !b->non_trailer_lines;
}

static void scan_line(struct block_scan *b, const char *s, size_t len,
		      size_t bol)
{
	unsigned char first = (unsigned char)s[bol];

	if (has_generated_prefix(s, len, bol)) {
		b->trailer_lines++;
		b->possible_continuation_lines = 0;
		b->recognized_prefix = true;
	} else if (trailer_separator(s + bol, len - bol) >= 1 &&
		   !git_isspace(first)) {
		b->trailer_lines++;
		b->possible_continuation_lines = 0;
	} else if (git_isspace(first)) {
		b->possible_continuation_lines++;
	} else {
		b->non_trailer_lines++;
		b->non_trailer_lines += b->possible_continuation_lines;
		b->possible_continuation_lines = 0;
	}
}

/* git's find_trailer_start() over s[0, len): len when there is no block. */
static size_t find_trailer_start(const char *s, size_t len, char cc)
{
	struct block_scan b = { 0, 0, 0, false, true };
	long end_of_title = (long)find_title_end(s, len, cc);
	long l;

	for (l = last_line(s, len); l >= end_of_title;
	     l = last_line(s, (size_t)l)) {
		size_t bol = (size_t)l;

		if (s[bol] == cc) {
			b.non_trailer_lines += b.possible_continuation_lines;
			b.possible_continuation_lines = 0;
			continue;
		}
		if (is_blank_line(s, len, bol)) {
			if (b.only_spaces)
				continue;
			return block_counts(&b) ? next_line(s, len, bol) : len;
		}
		b.only_spaces = false;
		scan_line(&b, s, len, bol);
	}
	return len;
}

/* git's unfold_value(): newline plus leading blanks become one space. */
static char *unfold(const char *s, size_t n)
{
	struct buf out = BUF_INIT;
	size_t i = 0;
	char *res;

	while (i < n) {
		char c = s[i++];

		if (c != '\n') {
			buf_addch(&out, c);
			continue;
		}
		while (i < n && git_isspace((unsigned char)s[i]))
			i++;
		buf_addch(&out, ' ');
	}
	res = xstrndup_trim(buf_cstr(&out), out.len);
	buf_release(&out);
	return res;
}

static void fill_entry(struct trailer *t, const struct message *m)
{
	const char *line = m->text + t->start;
	size_t n = t->end - t->start;
	long sep = trailer_separator(line, n);

	t->comment = line[0] == m->comment_char;
	if (t->comment || sep < 1)
		return;
	t->key = xstrndup_trim(line, (size_t)sep);
	t->value = unfold(line + sep + 1, n - (size_t)sep - 1);
}

/* Split the block into entries; continuation lines join the trailer
 * above them (trailer_info_get()). */
static void split_block(struct message *m)
{
	size_t off = m->trailer_start, cap = 0;
	bool last_is_trailer = false;

	while (off < m->trailer_end) {
		size_t next = next_line(m->text, m->trailer_end, off);
		struct trailer *t;

		if (last_is_trailer &&
		    git_isspace((unsigned char)m->text[off])) {
			m->trailers[m->nr_trailers - 1].end = next;
			off = next;
			continue;
		}
		if (m->nr_trailers == cap) {
			cap = cap ? cap * 2 : 8;
			m->trailers = xrealloc(m->trailers,
					       cap * sizeof(*m->trailers));
		}
		t = &m->trailers[m->nr_trailers++];
		memset(t, 0, sizeof(*t));
		t->start = off;
		t->end = next;
		last_is_trailer = trailer_separator(m->text + off,
						    next - off) >= 1;
		off = next;
	}
	for (size_t i = 0; i < m->nr_trailers; i++)
		fill_entry(&m->trailers[i], m);
}

static int parse(struct message **out, const char *text, size_t len,
		 char comment_char, bool divider)
{
	struct message *m = xcalloc(1, sizeof(*m));
	const char *nul;
	size_t end;

	m->text = xstrndup(text, len);
	m->len = len;
	m->comment_char = comment_char ? comment_char : '#';
	m->no_divider = !divider;
	/* git works on C strings: a NUL byte ends what it looks at */
	nul = memchr(m->text, '\0', len);
	end = nul ? (size_t)(nul - m->text) : len;
	m->patch_start = divider ? find_patch_start(m->text, end) : end;
	m->trailer_end = find_trailer_end(m->text, m->patch_start,
					  m->comment_char);
	m->trailer_start = find_trailer_start(m->text, m->trailer_end,
					      m->comment_char);
	if (m->trailer_start > m->trailer_end)
		m->trailer_start = m->trailer_end;
	m->title_end = find_title_end(m->text, m->trailer_end,
				      m->comment_char);
	split_block(m);
	*out = m;
	return 0;
}

int message_parse(struct message **out, const char *text, size_t len,
		  char comment_char)
{
	return parse(out, text, len, comment_char, true);
}

int message_parse_commit(struct message **out, const char *text, size_t len,
			 char comment_char)
{
	return parse(out, text, len, comment_char, true);
}

int message_parse_no_divider(struct message **out, const char *text,
			     size_t len, char comment_char)
{
	return parse(out, text, len, comment_char, false);
}

void message_free(struct message *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nr_trailers; i++) {
		free(m->trailers[i].key);
		free(m->trailers[i].value);
	}
	free(m->trailers);
	free(m->text);
	free(m);
}

bool message_has_block(const struct message *m)
{
	return m->trailer_start < m->trailer_end;
}

bool trailer_is(const struct trailer *t, const char *key)
{
	return t->key && str_ieq(t->key, key);
}

size_t message_count_trailers(const struct message *m)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nr_trailers; i++)
		n += m->trailers[i].key != NULL;
	return n;
}

void message_line_at(const struct message *m, size_t off, size_t *start,
		     size_t *len)
{
	size_t s = off, e = off;

	while (s > 0 && m->text[s - 1] != '\n')
		s--;
	while (e < m->len && m->text[e] != '\n')
		e++;
	*start = s;
	*len = e - s;
}

size_t message_line_number(const struct message *m, size_t off)
{
	size_t n = 1;

	for (size_t i = 0; i < off && i < m->len; i++)
		n += m->text[i] == '\n';
	return n;
}

char *message_subject(const char *msg, size_t len)
{
	struct buf b = BUF_INIT;
	const char *end = msg + len, *lf;

	while (msg < end && *msg == '\n')
		msg++;
	for (const char *s = msg; s < end; s = lf + 1) {
		size_t n;

		lf = memchr(s, '\n', (size_t)(end - s));
		if (!lf)
			lf = end;
		n = (size_t)(lf - s);
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		if (!n)
			break;
		if (b.len)
			buf_addch(&b, ' ');
		buf_add(&b, s, n);
	}
	return buf_detach(&b, NULL);
}
