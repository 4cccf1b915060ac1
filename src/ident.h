/* People in trailers: "Name <address>", parsed and compared as checkpatch does. */
#ifndef DISCLOSE_IDENT_H
#define DISCLOSE_IDENT_H

#include <stdbool.h>

struct ident {
	char *name;	/* trimmed, may be empty */
	char *email;	/* without the angle brackets; NULL when absent */
};

/* Split "Name <address>" (either part may be missing). Never fails. */
void ident_parse(struct ident *out, const char *value);
void ident_release(struct ident *id);
/* "Name <address>", the caller frees. */
char *ident_format(const struct ident *id);
/*
 * Same person: the addresses match, case-insensitively; without an
 * address on either side, the names match with case and runs of blanks
 * folded.
 */
bool ident_same(const struct ident *a, const struct ident *b);
/* Name and address both present and the address has an '@'. */
bool ident_valid(const struct ident *id);
/*
 * s as git writes a name or an address into a commit header or a
 * sign-off: the "crud" at either end (control characters, blanks and
 * . , : ; < > " \ ') dropped, and '\n', '<' and '>' removed inside. The
 * caller frees; "" when nothing is left (git refuses such a name).
 */
char *ident_strip_crud(const char *s);
/* Case and whitespace folded equality of two strings (checkpatch). */
bool str_fold_eq(const char *a, const char *b);

#endif
