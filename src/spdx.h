/*
 * SPDX-License-Identifier lines of the files a commit adds, checked the
 * way Documentation/process/license-rules.rst asks and scripts/checkpatch.pl
 * checks: the comment style of the file's type, on the first line (the
 * second after a "#!/..." line), and only identifiers the kernel accepts.
 * checkpatch makes no exception for a "-*- coding: ... -*-" line: the SPDX
 * line goes above it (Python 3 reads UTF-8 without one).
 */
#ifndef DISCLOSE_SPDX_H
#define DISCLOSE_SPDX_H

#include <stdbool.h>
#include <stddef.h>

#define SPDX_TAG "SPDX-License-Identifier:"

/* The identifiers accepted: a kernel tree's LICENSES/, or a built-in list. */
struct spdx_ids;

/*
 * Read workdir/LICENSES/{preferred,dual,exceptions,deprecated} when the
 * tree has them (each file's name and its Valid-License-Identifier:
 * lines), else use the built-in list of GPL-2.0-compatible identifiers.
 * workdir may be NULL. Never fails.
 */
void spdx_ids_load(struct spdx_ids **out, const char *workdir);
void spdx_ids_free(struct spdx_ids *ids);
/* Were the identifiers read from a kernel tree? */
bool spdx_ids_from_tree(const struct spdx_ids *ids);
bool spdx_ids_has(const struct spdx_ids *ids, const char *id);

enum spdx_style {
	SPDX_NONE,		/* no SPDX line expected (data, binary...) */
	SPDX_SLASHES,		/* "// SPDX-License-Identifier: X" */
	SPDX_BLOCK,		/* C block comment, closed on the line */
	SPDX_HASH,		/* "# SPDX-License-Identifier: X" */
	SPDX_RST,		/* ".. SPDX-License-Identifier: X" */
};

/* The comment style a path's type calls for. */
enum spdx_style spdx_style_for(const char *path);

enum spdx_verdict {
	SPDX_OK,
	SPDX_NOT_NEEDED,	/* a type with no SPDX line, or an empty file */
	SPDX_IS_MISSING,	/* no SPDX line near the top */
	SPDX_MISPLACED,		/* an SPDX line, not on the line it belongs */
	SPDX_BAD_STYLE,		/* wrong comment style */
	SPDX_BAD_LICENSE,	/* an identifier not accepted */
};

struct spdx_result {
	enum spdx_verdict verdict;
	size_t line;		/* 1-based line of the SPDX tag, or 0 */
	size_t want_line;	/* 1-based line it belongs on (1 or 2) */
	bool after_coding;	/* a "-*- coding" line holds want_line */
	char *text;		/* that line as found, or NULL */
	char *expected;		/* the corrected line, or NULL */
	char *license;		/* the expression found, or NULL */
	char *bad_id;		/* SPDX_BAD_LICENSE: the identifier */
};

/* Lines of a file's start searched for the SPDX tag. */
#define SPDX_HEAD_LINES 10

/* Check one added file: path and its first lines (head, len bytes). */
void spdx_check(struct spdx_result *out, const struct spdx_ids *ids,
		const char *path, const char *head, size_t len, bool binary);
void spdx_result_release(struct spdx_result *res);

#endif
