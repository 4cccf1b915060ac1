/*
 * The AI assistance report: commits in, counts out. Each commit's message
 * is read by the checker (src/lint) and its Assisted-by lines by
 * src/assisted; the counts are grouped by month, tag, agent, model, tool
 * or subsystem, and written as a text table, JSON, SVG or an HTML page.
 * Pure: no repository access, no terminal.
 */
#ifndef DISCLOSE_HISTORY_H
#define DISCLOSE_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "assisted.h"
#include "catalogue.h"
#include "ident.h"
#include "lint.h"
#include "message.h"
#include "util.h"

enum history_by {
	BY_MONTH, BY_TAG, BY_AGENT, BY_MODEL, BY_TOOL, BY_SUBSYSTEM,
};

/* "month" -> BY_MONTH; an unknown name is an error saying the names. */
int history_by_from_name(enum history_by *out, const char *name);
const char *history_by_name(enum history_by by);

/* The counts of one row: a month, an agent, a subsystem... */
struct history_row {
	char *key;
	size_t commits;		/* commits counted in this row */
	size_t ai;		/* of them, with AI traces */
	size_t disclosed;	/* with an Assisted-by line */
	size_t undisclosed;	/* vendor traces or AI sign-off, no Assisted-by */
	size_t signoffs;	/* AI sign-off lines */
};

struct history_table {
	struct history_row *rows;
	size_t nr, alloc;
	size_t last;		/* the row found last: a walk repeats keys */
};

struct history {
	enum history_by by;
	enum policy_form form;
	const struct catalogue *cat;
	struct lint_cache *cache;
	char *range;			/* as shown; NULL: not said */
	struct history_row total;	/* key NULL */
	size_t merges;
	long long first, last;		/* author dates, 0: no commits */
	struct history_table groups;	/* by the chosen key */
	struct history_table agents, models, families, tools;
};

/* One commit as the report needs it; any fact may be NULL / 0. */
struct history_commit {
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

void history_init(struct history *r, enum history_by by, enum policy_form form,
		 const struct catalogue *cat);
void history_release(struct history *r);
void history_add(struct history *r, const struct history_commit *c);

/* The model family of a model id: its words without the version ones,
 * "claude-opus-4-5" -> "claude-opus", "gpt-5.5" -> "gpt". Caller frees. */
char *history_model_family(const char *model);

/* The outputs, appended to out. */
void history_text(struct buf *out, const struct history *r);
char *history_json(const struct history *r);
void history_svg(struct buf *out, const struct history *r);
void history_html(struct buf *out, const struct history *r);

#endif
