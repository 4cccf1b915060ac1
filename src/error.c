#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sanitize.h"
#include "util.h"

/*
 * One message per thread: the boot watcher thread reports its errors
 * while the assistant's thread redraws and may set its own.
 */
static _Thread_local char last_error[1024];
static _Thread_local enum error_code last_code;

/*
 * Errors quote what users and tools wrote (names, subjects, file
 * contents): they go through the terminal sanitizer, so that an error
 * line is one line and no escape sequence in it reaches the terminal.
 */
static int error_vset(enum error_code code, const char *fmt, va_list ap)
{
	char raw[sizeof(last_error)];
	struct buf safe = BUF_INIT;
	size_t n;

	vsnprintf(raw, sizeof(raw), fmt, ap);
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
	last_code = code;
	buf_release(&safe);
	return -1;
}

int error_set(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset(ERROR_FAILED, fmt, ap);
	va_end(ap);
	return -1;
}

int error_set_code(enum error_code code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset(code, fmt, ap);
	va_end(ap);
	return -1;
}

enum error_code error_code(void)
{
	return last_code;
}

const char *error_last(void)
{
	return last_error[0] ? last_error : "unknown error";
}

void error_clear(void)
{
	last_error[0] = '\0';
	last_code = ERROR_NONE;
}
