/*
 * The checker's findings written out: text for a terminal, NDJSON, the
 * line protocol of b4's per-patch check commands (b4 am --check, b4 prep
 * --check: a line holding "ERROR:" is a failure, any other a warning, no
 * output means "passed all checks") and the JSON array of b4's review
 * interface (b4 0.15+: {"tool", "status", "summary", "url", "details"}).
 */
#ifndef DISCLOSE_REPORT_H
#define DISCLOSE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "lint.h"

enum report_format {
	REPORT_TEXT,		/* one block per finding, a summary line */
	REPORT_JSON,		/* a JSON object a line per commit or mail */
	REPORT_B4,		/* b4's per-patch check: lines on stdout */
	REPORT_B4_REVIEW,	/* b4's review interface: one JSON array */
};

/* What one result is about: a commit, a message, or a mail. */
struct report_key {
	const char *commit;	/* commit id, NULL: none */
	const char *subject;	/* the subject, for display */
	bool is_mail;		/* the fields below are set */
	const char *message_id;	/* as written, with <> ("": none) */
	const char *prefix;	/* the subject's [..] groups ("": none) */
	unsigned number, total;	/* [PATCH n/m], 0/0: not numbered */
	bool is_cover;		/* a cover letter: [PATCH 0/m] */
	const char *author;	/* "Name <address>" or NULL */
	size_t msgno;		/* 1-based place in its input */
	const char *file;	/* its file, when several were given */
	bool many;		/* its input holds more than one mail */
};

struct report;

/* "text", "json", "b4" or "b4-review"; an error names them otherwise. */
int report_format_parse(enum report_format *out, const char *name);

/* A report written to out (stdout in the program); color: ANSI colors. */
struct report *report_new(enum report_format format, bool color, FILE *out);
/* Write (or, for b4-review, collect) the findings of one result. */
void report_add(struct report *r, const struct report_key *key,
		const struct lint_result *res);
/* The summary line (text) or the array (b4-review); 0, or -1 when the
 * output could not be written. */
int report_finish(struct report *r);
void report_free(struct report *r);

size_t report_errors(const struct report *r);

/*
 * How one finding is written as text: "line N" or "message line N",
 * the label of its corrected line (fix_alone NULL: one label, coloured
 * green with color; else fix_after_text below the offending line,
 * fix_alone with none).
 */
struct finding_style {
	const char *line_word;
	const char *fix_after_text;
	const char *fix_alone;
	bool color;
};
/* The hooks' style: "message line N", "write instead:", "add:". */
extern const struct finding_style report_hook_style;

/*
 * Append finding f to b: prefix, the severity sev (a hook may lower
 * it), the id, the line, what is wrong; then the offending line and
 * the corrected one, all made safe for a terminal. check's text
 * output and the hooks write their findings with it.
 */
void report_finding_text(struct buf *b, const char *prefix,
			 const struct finding *f, enum severity sev,
			 const struct finding_style *st);

/* One NDJSON line (with its newline) for key and res. */
char *report_json_line(const struct report_key *key,
		       const struct lint_result *res);

#endif
