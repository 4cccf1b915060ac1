#ifndef DISCLOSE_ERROR_H
#define DISCLOSE_ERROR_H

/*
 * The last error of the core, one line saying what is wrong and what to
 * do, kept per thread. error_set() returns -1 so that "return error_set(...)" reads well.
 */
int error_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *error_last(void);
void error_clear(void);

/*
 * What kind of failure the last error was, for the callers that must
 * tell cases apart (no repository here vs a repository that cannot be
 * read). error_set() records ERROR_FAILED; error_clear() ERROR_NONE.
 */
enum error_code {
	ERROR_NONE = 0,
	ERROR_FAILED,		/* any other failure */
	ERROR_NOT_FOUND,	/* what was looked for is not there */
};

int error_set_code(enum error_code code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
enum error_code error_code(void);

#endif
