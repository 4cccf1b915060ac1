/*
 * The message splitter and the trailer parser. The first byte chooses
 * the comment character and whether a "---" line is the patch divider
 * (e-mail, commit) or text (--no-divider, git log's view); the rest is
 * the message.
 *
 * Properties: the copy is the input byte for byte; the parts are in
 * order; text[0, trailer_start) + the block + the rest gives the input
 * back; the entries cover the block exactly, line by line; keys are
 * git trailer keys; values hold no newline; no read out of bounds.
 */
#include <string.h>

#include "fuzz.h"
#include "message.h"
#include "util.h"

static const char comment_chars[] = { '#', ';', '%', '\001' };

static bool is_key(const char *k)
{
	if (!*k)
		return false;
	for (; *k; k++)
		if (!git_isalnum((unsigned char)*k) && *k != '-')
			return false;
	return true;
}

static void check_entries(const struct message *m)
{
	size_t off = m->trailer_start;

	FUZZ_CHECK(message_has_block(m) || m->nr_trailers == 0);
	for (size_t i = 0; i < m->nr_trailers; i++) {
		const struct trailer *t = &m->trailers[i];

		FUZZ_CHECK(t->start == off);
		FUZZ_CHECK(t->end > t->start && t->end <= m->trailer_end);
		/* an entry is whole lines: only its last byte is a newline
		 * that ends it, unless continuation lines follow */
		FUZZ_CHECK(t->end == m->trailer_end ||
			   m->text[t->end - 1] == '\n');
		FUZZ_CHECK(!t->value == !t->key);
		if (t->key) {
			FUZZ_CHECK(is_key(t->key));
			FUZZ_CHECK(!memchr(t->value, '\n', strlen(t->value)));
			FUZZ_CHECK(!t->comment);
		}
		off = t->end;
	}
	FUZZ_CHECK(off == m->trailer_end || m->nr_trailers == 0);
}

static void check_join(const struct message *m, const uint8_t *text,
		       size_t len)
{
	struct buf b = BUF_INIT;

	buf_add(&b, m->text, m->trailer_start);
	for (size_t i = 0; i < m->nr_trailers; i++)
		buf_add(&b, m->text + m->trailers[i].start,
			m->trailers[i].end - m->trailers[i].start);
	if (!m->nr_trailers)
		buf_add(&b, m->text + m->trailer_start,
			m->trailer_end - m->trailer_start);
	buf_add(&b, m->text + m->trailer_end, m->len - m->trailer_end);
	FUZZ_CHECK(b.len == len && !memcmp(b.ptr, text, len));
	buf_release(&b);
}

static void check_lines(const struct message *m, size_t pick)
{
	size_t start, n, off;

	if (!m->len)
		return;
	off = pick % m->len;
	message_line_at(m, off, &start, &n);
	FUZZ_CHECK(start <= off && start + n <= m->len);
	FUZZ_CHECK(!memchr(m->text + start, '\n', n));
	FUZZ_CHECK(message_line_number(m, off) >= 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct message *m;
	const char *text, *nul;
	size_t len;
	char cc;
	int rc;

	if (size < 1)
		return 0;
	cc = comment_chars[data[0] & 3];
	text = (const char *)data + 1;
	len = size - 1;
	if (data[0] & 4)
		rc = message_parse_no_divider(&m, text, len, cc);
	else
		rc = message_parse(&m, text, len, cc);
	FUZZ_CHECK(rc == 0);
	FUZZ_CHECK(m->len == len && !memcmp(m->text, text, len));
	FUZZ_CHECK(m->text[len] == '\0');
	FUZZ_CHECK(m->title_end <= m->trailer_start);
	FUZZ_CHECK(m->trailer_start <= m->trailer_end);
	FUZZ_CHECK(m->trailer_end <= m->patch_start);
	FUZZ_CHECK(m->patch_start <= m->len);
	/* --no-divider has no divider; git stops at the first NUL byte */
	nul = memchr(text, '\0', len);
	FUZZ_CHECK(m->patch_start <= (nul ? (size_t)(nul - text) : len));
	FUZZ_CHECK((data[0] & 4) == 0 ||
		   m->patch_start == (nul ? (size_t)(nul - text) : len));
	FUZZ_CHECK(m->trailer_start == m->trailer_end ||
		   m->trailer_start == 0 || m->text[m->trailer_start - 1] == '\n');
	check_entries(m);
	check_join(m, (const uint8_t *)text, len);
	check_lines(m, size * 31 + data[0]);
	FUZZ_CHECK(message_count_trailers(m) <= m->nr_trailers);
	message_free(m);
	return 0;
}
