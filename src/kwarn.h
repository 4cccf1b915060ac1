/*
 * Compiler warnings of a kernel build and the ones a series adds: the
 * warnings of gcc's output (W=1 builds of the files the series touches
 * at its base and at its tip), and those of the tip that the base does
 * not have. Two warnings are the same when their file, function,
 * message and the text of the source line gcc quotes are: line numbers
 * move when a series adds lines above a warning that was always there.
 */
#ifndef DISCLOSE_KWARN_H
#define DISCLOSE_KWARN_H

#include <stddef.h>

struct kwarn {
	char *file;		/* as gcc names it, "<src>/" removed */
	int line;
	char *function;		/* "In function 'f'" context, or NULL */
	char *message;		/* after "warning: ", the [-W...] kept */
	char *text;		/* the quoted source line, trimmed, or "" */
};

/*
 * The warnings of compiler output (len bytes) appended to *v (*nr of
 * them), with "<src>/" removed from file names when src is not NULL.
 */
void kwarn_parse(struct kwarn **v, size_t *nr, const char *log, size_t len,
		 const char *src);
/*
 * The warnings of tip that base does not have (each of base matches one
 * of tip at most), copied onto *out (*nr_out of them).
 */
void kwarn_added(struct kwarn **out, size_t *nr_out,
		 const struct kwarn *base, size_t nr_base,
		 const struct kwarn *tip, size_t nr_tip);
/* A copy of w appended to *v. */
void kwarn_push(struct kwarn **v, size_t *nr, const struct kwarn *w);
void kwarn_free(struct kwarn *v, size_t nr);

#endif
