/*
 * Patch mail as input: a single RFC 2822 message, an mbox (mboxrd or
 * mboxo) or git format-patch output, told apart by content. Each message
 * is taken apart the way git am takes it apart (git mailsplit, then git
 * mailinfo, then the stripspace of git am): headers unfolded and their
 * encoded words decoded, the body's transfer encoding and charset undone,
 * in-body From:/Subject:/Date: honoured, the commit message cut at the
 * patch break. Every line of the commit message knows the line of the
 * input it came from.
 */
#ifndef DISCLOSE_MAIL_H
#define DISCLOSE_MAIL_H

#include <stdbool.h>
#include <stddef.h>

enum mail_kind {
	MAIL_PLAIN,		/* not mail: a plain commit message */
	MAIL_SINGLE,		/* one RFC 2822 message */
	MAIL_MBOX,		/* messages behind "From " separator lines */
	MAIL_FORMAT_PATCH,	/* an mbox written by git format-patch */
};

/* The rules git mailinfo and git mailsplit take as options. */
#define MAIL_KEEP_SUBJECT	(1u << 0) /* mailinfo -k: subject as is */
#define MAIL_KEEP_BRACKETS	(1u << 1) /* mailinfo -b: only [..PATCH..] go */
/*
 * How an mbox escapes "From " at the start of a body line. Without one
 * of these it is read off the mbox: a body line starting "From " shows
 * a writer that escapes nothing (git format-patch, b4 am: verbatim),
 * else ">From " lines are taken as mboxrd escapes.
 */
#define MAIL_MBOXO		(1u << 2) /* ">From " means "From " */
#define MAIL_MBOX_VERBATIM	(1u << 3) /* no unescaping (git am's "mbox") */
#define MAIL_MBOXRD		(1u << 7) /* ">>From " means ">From ", ... */
#define MAIL_SCISSORS		(1u << 4) /* mailinfo --scissors */
#define MAIL_MESSAGE_ID		(1u << 5) /* mailinfo -m: Message-Id: kept */
#define MAIL_NO_INBODY		(1u << 6) /* mailinfo --no-inbody-headers */

struct mail_header {
	char *name;		/* as written, e.g. "Message-ID" */
	char *value;		/* unfolded, encoded words decoded to UTF-8 */
	size_t line;		/* input line where the header starts */
};

struct mail {
	size_t start, end;	/* its bytes [start, end) of the input */
	size_t first_line;	/* input line of its first line */
	struct mail_header *headers;
	size_t nr_headers;

	char *subject;		/* its Subject: decoded, uncleaned ("": none) */
	char *clean_subject;	/* cleaned as git mailinfo cleans it */
	size_t subject_line;	/* input line of the subject used (0: none) */
	char *prefix;		/* the [..] groups cleaning removed, joined */
	unsigned number;	/* n of [PATCH n/m]; 0 with total 0: none */
	unsigned total;		/* m of [PATCH n/m] */
	unsigned version;	/* v of [PATCH vN]; 1 when not given */
	bool is_cover;		/* [PATCH 0/m] and no diff: a cover letter */
	bool is_reply;		/* the subject started with "Re:" */

	char *author_name;	/* From: or in-body From:, as git am takes it */
	char *author_email;
	size_t author_line;	/* input line of that From: (0: none) */
	bool inbody_from;	/* the author came from an in-body From: */
	char *sender_name;	/* the mail's own From:, parsed the same way */
	char *sender_email;
	char *date;		/* Date: as git mailinfo prints it ("" none) */
	char *message_id;	/* Message-ID: as written, with <> ("" none) */
	char *commit_id;	/* format-patch separator's commit ("" none) */

	/*
	 * The commit message git am would make; for a cover letter the
	 * whole body, what follows a "---" line included.
	 */
	char *message;
	size_t message_len;
	size_t *line_map;	/* input line of message line i + 1 (0: none) */
	size_t nr_lines;

	char *patch;		/* from the patch break on, decoded */
	size_t patch_len;
	size_t patch_line;	/* input line of the patch break (0: none) */
	size_t notes_len;	/* patch[0, notes_len): "---" line and notes */
	bool has_patch;		/* a patch break was found */
};

struct mail_set {
	enum mail_kind kind;
	struct mail *mails;
	size_t nr;
};

/* What data (len bytes) is, by content. */
enum mail_kind mail_detect(const char *data, size_t len);

/*
 * Split data into its messages and take each apart. Plain commit
 * messages give a set of kind MAIL_PLAIN with no mails. On a broken
 * message (truncated headers, an unknown charset, bad base64) nothing
 * is returned and the error says which message and line.
 */
int mail_split(struct mail_set **out, const char *data, size_t len,
	       unsigned flags);
void mail_set_free(struct mail_set *set);

/*
 * The input line that message line line (1-based) of m comes from; a
 * line with no source of its own (the blank after the subject) gives
 * the nearest line above that has one.
 */
size_t mail_line(const struct mail *m, size_t line);
/*
 * A cover letter's subject: [PATCH 0/m] (as written, or cleaned of Re:
 * only); a mail with such a subject is a cover letter unless it carries
 * a diff (mail_text_has_diff() of what follows its patch break).
 */
bool mail_subject_is_cover(const char *subject);
/* Does text hold a diff ("diff ", "Index: ", a "--- "/"+++ " pair)? */
bool mail_text_has_diff(const char *text, size_t len);
/* The first header called name (case-insensitive), NULL when none. */
const char *mail_header(const struct mail *m, const char *name);

#endif
