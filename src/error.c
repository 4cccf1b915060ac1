#include "error.h"

#include <stdio.h>
#include <string.h>

#include "sanitize.h"
#include "util.h"

/*
 * One message per thread: the boot watcher thread reports its errors
 * while the assistant's thread redraws and may set its own.
 */
static _Thread_local char last_error[1024];

/*
 * Errors quote what users and tools wrote (names, subjects, file
 * contents): they go through the terminal sanitizer, so that an error
 * line is one line and no escape sequence in it reaches the terminal.
 */
int error_set(const char *fmt, ...)
{
	char raw[sizeof(last_error)];
	struct buf safe = BUF_INIT;
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	sanitize(&safe, raw, strlen(raw), 0);
	n = safe.len;
	if (n >= sizeof(last_error)) {
		n = sizeof(last_error) - 1;
		/* do not cut a UTF-8 character in two */
		while (n && ((unsigned char)safe.ptr[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(last_error, buf_cstr(&safe), n);
	last_error[n] = '\0';
	buf_release(&safe);
	return -1;
}

const char *error_last(void)
{
	return last_error[0] ? last_error : "unknown error";
}

void error_clear(void)
{
	last_error[0] = '\0';
}
