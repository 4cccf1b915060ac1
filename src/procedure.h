/*
 * The automatic items of the kernel's "Procedure for finding and fixing
 * bugs" (coding-assistants.rst, later mainline), for the commits of a
 * series that are bug fixes: their Fixes: tags, checkpatch on the
 * series, no new build warnings (the last boot's W=1 comparison), the
 * maintainers and lists from get_maintainer.pl, and the statement of
 * what could not be built, tested or reproduced.
 */
#ifndef DISCLOSE_PROCEDURE_H
#define DISCLOSE_PROCEDURE_H

#include <stdbool.h>
#include <stddef.h>

#include "maintainers.h"
#include "message.h"
#include "repo.h"
#include "util.h"

enum proc_state {
	PROC_OK,
	PROC_FAILED,
	PROC_NOT_RUN,		/* it can run, and has not */
	PROC_NA,		/* it cannot run here (no script, no fix) */
};

struct proc_commit {
	const char *id;			/* full hex */
	const char *subject;
	const struct message *msg;
	bool fix;			/* carries Fixes:, or marked a fix */
};

struct proc_result {
	enum proc_state state;
	struct buf why;			/* lines for people */
};

void proc_result_release(struct proc_result *r);

/*
 * Each bug fix has a Fixes: tag naming a commit of the repository with
 * that commit's subject, as checkpatch checks it.
 */
void procedure_fixes(struct proc_result *out, struct repo *r,
		     const struct proc_commit *c, size_t nr);
/*
 * A statement of what could not be built, tested or reproduced in each
 * fix's message (notes below --- count) or in the cover letter (may be
 * NULL).
 */
void procedure_statement(struct proc_result *out,
			 const struct proc_commit *c, size_t nr,
			 const char *cover);
/* Whether text holds such a statement: its line into *line (or NULL). */
bool procedure_find_statement(const char *text, size_t len, char **line);
/* The tree's checkpatch on every patch of range: clean or not. */
void procedure_checkpatch(struct proc_result *out, struct repo *r,
			  const char *range);
/* The new-warnings verdict of the last git disclose boot of tip. */
void procedure_warnings(struct proc_result *out, struct repo *r,
			const char *tip);
/* get_maintainer.pl on the patches of range; found keeps the list. */
void procedure_maintainers(struct proc_result *out, struct maintainers *found,
			   struct repo *r, const char *range);

#endif
