/*
 * The terminal sanitizer (src/sanitize.c): any bytes in, text that is
 * safe to print out. The first byte chooses the flags and the column
 * budget for sanitize_fit().
 *
 * Properties: the output is valid UTF-8 with no C0 control (not even a
 * newline or, unless tabs are expanded, a tab), no DEL, no C1 control
 * and no bidirectional override; sanitizing the output again changes
 * nothing but backslash-free text; sanitize_fit() never splits a
 * character and stays within its columns.
 */
#include <string.h>

#include "fuzz.h"
#include "sanitize.h"
#include "util.h"

static void check_safe(const char *s, size_t len)
{
	size_t i = 0, n;
	unsigned cp;

	while (i < len) {
		n = utf8_decode(&cp, s + i, len - i);
		FUZZ_CHECK(n > 0);
		FUZZ_CHECK(cp >= 0x20 && cp != 0x7f);
		FUZZ_CHECK(cp < 0x80 || cp > 0x9f);
		FUZZ_CHECK(!(cp >= 0x202a && cp <= 0x202e));
		FUZZ_CHECK(!(cp >= 0x2066 && cp <= 0x2069));
		i += n;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf out = BUF_INIT, again = BUF_INIT;
	size_t cols, fit, width = 0;
	unsigned flags;

	if (size < 1)
		return 0;
	flags = data[0] & 1 ? SANITIZE_TABS : 0;
	cols = data[0] >> 1;
	sanitize(&out, (const char *)data + 1, size - 1, flags);
	check_safe(buf_cstr(&out), out.len);
	/* safe text is a fixed point */
	sanitize(&again, buf_cstr(&out), out.len, flags);
	FUZZ_CHECK(again.len == out.len &&
		   !memcmp(buf_cstr(&again), buf_cstr(&out), out.len));
	fit = sanitize_fit(buf_cstr(&out), out.len, cols, &width);
	FUZZ_CHECK(fit <= out.len && width <= cols);
	check_safe(buf_cstr(&out), fit);
	(void)sanitize_width(buf_cstr(&out), out.len);
	buf_release(&out);
	buf_release(&again);
	return 0;
}
