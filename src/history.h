/*
 * The AI assistance report: commits in, counts out. Each commit's message
 * is read by the checker (src/lint) and its Assisted-by lines by
 * src/assisted; the counts are grouped by month, tag, agent, model, tool
 * or subsystem, and written as a text table, JSON, SVG or an HTML page.
 * Pure: no repository access, no terminal (the subsystems come from
 * the caller, or its get_subsystems callback).
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
	BY_FAMILY,
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
	/* With history.pivots: the AI commits of the row by month (from
	 * month history.month_lo, as history_month() numbers them) and
	 * their ids, newest first as walked. */
	size_t *months;
	int months_lo, nr_months;
	char **ids;
	size_t nr_ids, alloc_ids;
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
	/*
	 * Set before the first history_add(): keep what a terminal view
	 * pivots on: the months and ids of each row's AI commits, and the
	 * subsystems of the AI commits (in subsystems).
	 */
	bool pivots;
	struct history_table subsystems;
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
	const char *id;			/* kept with pivots */
	/* Asked for the subsystems when they are needed and not given
	 * (pivots: an AI commit's); *out is then history_add()'s to free
	 * (strings and array freed with free()). NULL: none. */
	int (*get_subsystems)(char ***out, size_t *nr, void *data);
	void *data;
};

void history_init(struct history *r, enum history_by by, enum policy_form form,
		 const struct catalogue *cat);
void history_release(struct history *r);
/* Count one commit; fails only when get_subsystems does. */
int history_add(struct history *r, const struct history_commit *c);

/* A month as a number, year * 12 + month - 1, of a time (UTC). */
int history_month(long long when);
/* "2026-01" of a month number, into out. */
void history_month_name(char *out, size_t size, int month);
/* The rows a view pivots on (by: month or tag for the groups, agent,
 * model, family, tool, subsystem), in output order; *nr gets their
 * number. The array is the caller's to free, the rows are r's. */
struct history_row *history_rows(const struct history *r,
				 enum history_by by, size_t *nr);
/* A row's AI commits in a month (0 outside its months). */
size_t history_row_month(const struct history_row *row, int month);

/*
 * A MAINTAINERS file's sections and their F: and X: patterns (N: and K:
 * are not read). sections_find() gives the section that covers
 * a path most specifically, as scripts/get_maintainer.pl orders them
 * (the deepest pattern; on a tie the first section), or NULL.
 */
struct sections;
int sections_parse(struct sections **out, const char *text, size_t len);
size_t sections_nr_patterns(const struct sections *m);
const char *sections_find(const struct sections *m,
				const char *path);
void sections_free(struct sections *m);

/* The model family of a model id: its words without the version ones,
 * "claude-opus-4-5" -> "claude-opus", "gpt-5.5" -> "gpt". Caller frees. */
char *history_model_family(const char *model);

/* The outputs, appended to out. */
void history_text(struct buf *out, const struct history *r);
char *history_json(const struct history *r);
void history_svg(struct buf *out, const struct history *r);
void history_html(struct buf *out, const struct history *r);

#endif
