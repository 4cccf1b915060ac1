/*
 * A commit message split the way git splits it: the subject paragraph,
 * the body, the trailer block and what follows it (trailing comment lines,
 * the "---" patch divider and notes, a scissors line). The parts are
 * offsets into one copy of the text, so joining them gives the input back
 * byte for byte.
 */
#ifndef DISCLOSE_MESSAGE_H
#define DISCLOSE_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

/* The trailer keys git-disclose reads and writes (compared ignoring case). */
#define SOB_KEY "Signed-off-by"
#define CODEV_KEY "Co-developed-by"
#define COAUTHOR_KEY "Co-authored-by"
#define ASSISTED_KEY "Assisted-by"

/* One entry of the trailer block: a trailer with its continuation lines,
 * or a line of the block that is not a trailer. */
struct trailer {
	size_t start;	/* raw bytes [start, end) within the message */
	size_t end;	/* includes the final newline, when there is one */
	char *key;	/* trimmed key; NULL when not a trailer */
	char *value;	/* trimmed value, continuation lines unfolded */
	bool comment;	/* a comment line inside the block */
};

struct message {
	char *text;		/* NUL-terminated copy; may hold other NULs */
	size_t len;
	char comment_char;
	size_t title_end;	/* end of the subject paragraph */
	size_t trailer_start;	/* == trailer_end when there is no block */
	size_t trailer_end;
	size_t patch_start;	/* start of the "---" divider (notes or a
				 * patch follow), or len */
	bool no_divider;	/* parsed with message_parse_no_divider() */
	struct trailer *trailers;
	size_t nr_trailers;
};

/*
 * Split text (len bytes) with the given comment character ('#'), as
 * git interpret-trailers does: a "---" line ends the message (the patch
 * divider of an e-mail).
 */
int message_parse(struct message **out, const char *text, size_t len,
		  char comment_char);
/*
 * The same for a commit's message: a "---" line ends it there too. Kernel
 * developers write notes for the reviewers under such a line; git
 * format-patch | git am keeps only what is above it, and git
 * interpret-trailers, git commit --trailer and b4 put trailers above it.
 */
int message_parse_commit(struct message **out, const char *text, size_t len,
			 char comment_char);
/*
 * As git interpret-trailers --no-divider, git log's %(trailers) and
 * git commit -s read a message: a "---" line is ordinary text.
 */
int message_parse_no_divider(struct message **out, const char *text,
			     size_t len, char comment_char);
void message_free(struct message *m);

/*
 * git log's %s of a raw message: its first paragraph, leading blank
 * lines skipped, the trailing blanks of each line dropped, the lines
 * joined by one space.
 */
char *message_subject(const char *msg, size_t len);

bool message_has_block(const struct message *m);
/* Is this entry a trailer whose key is key (case-insensitive)? */
bool trailer_is(const struct trailer *t, const char *key);
/* Number of trailers (not plain lines) in the block. */
size_t message_count_trailers(const struct message *m);

/*
 * Position of the separator ':' in a line that is a trailer, -1 when it
 * is not one (git's rule: letters, digits and '-', then optional blanks).
 */
long trailer_separator(const char *line, size_t len);

/* The raw line of the message that holds byte off (without newline). */
void message_line_at(const struct message *m, size_t off, size_t *start,
		     size_t *len);
/* 1-based line number of byte off. */
size_t message_line_number(const struct message *m, size_t off);

#endif
