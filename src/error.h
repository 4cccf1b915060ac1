#ifndef DISCLOSE_ERROR_H
#define DISCLOSE_ERROR_H

/*
 * The last error of the core, one line saying what is wrong and what to
 * do, kept per thread. error_set() returns -1 so that "return error_set(...)" reads well.
 */
int error_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *error_last(void);
void error_clear(void);

#endif
