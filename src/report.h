/*
 * The AI assistance report: commits in, counts out. Each commit's message
 * is read by the checker (src/lint) and its Assisted-by lines by
 * src/assisted; the counts are grouped by month, tag, agent, model, tool
 * or subsystem, and written as a text table, JSON, SVG or an HTML page.
 * Pure: no repository access, no terminal.
 */
#ifndef DISCLOSE_REPORT_H
#define DISCLOSE_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "assisted.h"
#include "catalogue.h"
#include "ident.h"
#include "lint.h"
#include "message.h"
#include "util.h"

enum report_by {
	BY_MONTH, BY_TAG, BY_AGENT, BY_MODEL, BY_TOOL, BY_SUBSYSTEM,
};

/* "month" -> BY_MONTH; an unknown name is an error saying the names. */
int report_by_from_name(enum report_by *out, const char *name);
const char *report_by_name(enum report_by by);

/* The counts of one row: a month, an agent, a subsystem... */
struct report_row {
	char *key;
	size_t commits;		/* commits counted in this row */
	size_t ai;		/* of them, with AI traces */
	size_t disclosed;	/* with an Assisted-by line */
	size_t undisclosed;	/* vendor traces or AI sign-off, no Assisted-by */
	size_t signoffs;	/* AI sign-off lines */
};

struct report_table {
	struct report_row *rows;
	size_t nr, alloc;
	size_t last;		/* the row found last: a walk repeats keys */
};

struct report {
	enum report_by by;
	enum policy_form form;
	const struct catalogue *cat;
	struct lint_cache *cache;
	char *range;			/* as shown; NULL: not said */
	struct report_row total;	/* key NULL */
	size_t merges;
	long long first, last;		/* author dates, 0: no commits */
	struct report_table groups;	/* by the chosen key */
	struct report_table agents, models, families, tools;
};

/* One commit as the report needs it; any fact may be NULL / 0. */
struct report_commit {
	const char *message;
	size_t message_len;
	char comment_char;
	const struct ident *author;
	const struct ident *committer;
	long long time;			/* author date, seconds (UTC) */
	size_t nr_parents;
	char *const *subsystems;	/* top-level entries it touches */
	size_t nr_subsystems;
	const char *tag;		/* BY_TAG: the first tag holding it */
};

void report_init(struct report *r, enum report_by by, enum policy_form form,
		 const struct catalogue *cat);
void report_release(struct report *r);
void report_add(struct report *r, const struct report_commit *c);

/* The model family of a model id: its words without the version ones,
 * "claude-opus-4-5" -> "claude-opus", "gpt-5.5" -> "gpt". Caller frees. */
char *report_model_family(const char *model);

/* The outputs, appended to out. */
void report_text(struct buf *out, const struct report *r);
char *report_json(const struct report *r);
void report_svg(struct buf *out, const struct report *r);
void report_html(struct buf *out, const struct report *r);

#endif
