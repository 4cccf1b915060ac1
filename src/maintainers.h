/*
 * Who a series goes to: the kernel tree's own scripts/get_maintainer.pl
 * run on the series' patches (git format-patch files), without git
 * history (--no-git --no-git-fallback), with each address's role. The
 * bug-fix procedure of coding-assistants.rst asks for it; the assistant
 * shows the result and cover offers it.
 */
#ifndef DISCLOSE_MAINTAINERS_H
#define DISCLOSE_MAINTAINERS_H

#include <stdbool.h>
#include <stddef.h>

#include "repo.h"

#define GET_MAINTAINER_PL "scripts/get_maintainer.pl"
/* A time limit: the script reads all of MAINTAINERS per run. */
#define MAINTAINERS_TIMEOUT_MS 30000

struct maintainer {
	char *who;		/* "Name <address>", or a list's address */
	char *role;		/* "maintainer:FROB DRIVER", "open list"; or "" */
	bool list;		/* a mailing list (no name, no <>) */
};

struct maintainers {
	struct maintainer *items;
	size_t nr;
	char *script;		/* the get_maintainer.pl that ran */
};

/*
 * Run the tree's get_maintainer.pl on the patches of range (NULL: the
 * default range): 1 with out filled, 0 when the work tree has no such
 * script (out empty), -1 on an error (the script failed, timed out or
 * printed what is not its output), error_last() saying which.
 */
int maintainers_run(struct maintainers *out, struct repo *r,
		    const char *range, int timeout_ms);
/* Read get_maintainer.pl --roles --no-rolestats output into out. */
int maintainers_parse(struct maintainers *out, const char *text, size_t len);
/* One line per address: "to: Name <a> (role)" for people, "cc: " lists. */
void maintainers_format(struct buf *out, const struct maintainers *m,
			const char *indent);
void maintainers_release(struct maintainers *m);

#endif
