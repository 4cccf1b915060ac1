/* NULL-terminated vectors of allocated strings (char **). */
#ifndef DISCLOSE_STRV_H
#define DISCLOSE_STRV_H

#include <stdbool.h>
#include <stddef.h>

/* How many strings v holds (a NULL v holds none). */
size_t strv_len(char *const *v);
/* Append a copy of s to *v (which may be NULL). */
void strv_push(char ***v, const char *s);
/* A copy of the first n strings of v. */
char **strv_copy(char *const *v, size_t n);
/* Does v hold s (byte for byte; _ci: ASCII case ignored)? */
bool strv_has(char *const *v, const char *s);
bool strv_has_ci(char *const *v, const char *s);
/* Free the strings and the vector (NULL is fine). */
void strv_free(char **v);

#endif
