/*
 * The boot console classifier (src/console.c): a serial log in, a
 * verdict out. The first byte chooses whether QEMU ended by itself; the
 * rest is the log, classified against a fixed nonce and release.
 *
 * Properties: it always returns a verdict with a known result and
 * name; the deciding line is within the log; "pass" needs our marker,
 * no timeout, and no trouble line; suite counts are never negative.
 */
#include <string.h>

#include "console.h"
#include "fuzz.h"

static size_t count_lines(const char *s, size_t len)
{
	size_t n = 1;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct console_expect ex = { "f00dfeed", "6.1.192", true };
	struct console_verdict *v = NULL;
	const char *text;
	size_t len;

	if (size < 1)
		return 0;
	ex.ended = data[0] & 1;
	text = (const char *)data + 1;
	len = size - 1;
	FUZZ_CHECK(console_classify(&v, text, len, &ex) == 0 && v);
	FUZZ_CHECK(v->result >= CONSOLE_PASS && v->result <= CONSOLE_NO_MARKER);
	FUZZ_CHECK(console_result_name(v->result));
	FUZZ_CHECK(console_result_text(v->result));
	FUZZ_CHECK(v->line >= 0 && (size_t)v->line <= count_lines(text, len));
	if (v->result == CONSOLE_PASS) {
		FUZZ_CHECK(v->marker && ex.ended);
		FUZZ_CHECK(!memmem(text, len, "\nKernel panic", 13));
		FUZZ_CHECK(len < 12 || memcmp(text, "Kernel panic", 12));
	}
	if (!ex.ended)
		FUZZ_CHECK(v->result != CONSOLE_PASS);
	for (size_t i = 0; i < v->nr_suites; i++) {
		const struct console_suite *s = &v->suites[i];

		FUZZ_CHECK(s->name);
		FUZZ_CHECK(s->passed >= 0 && s->failed >= 0 && s->skipped >= 0);
	}
	console_verdict_free(v);
	return 0;
}
