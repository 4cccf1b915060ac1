/*
 * The history walk: the commits of a range, newest first, in the order
 * libgit2 1.5's topological revwalk gives them (git rev-list
 * --topo-order), read once each and streamed: a commit is given out as
 * soon as its place is certain, and forgotten when no commit still to
 * come can name it. No git2.h here: src/repo.c reads the objects.
 *
 * Its place is certain once the commit and every commit of a larger
 * generation number (git's commit-graph) have been read: all its
 * children are known then, and whatever hides it. Commit dates cannot
 * tell that (a clock set wrong makes a parent newer than its child), so
 * without a commit-graph the walk reads the whole range before it gives
 * out the first commit, as libgit2 does. With one, memory grows with
 * the commits between a fork and its merge (the history's width), not
 * with its length.
 */
#ifndef DISCLOSE_WALK_H
#define DISCLOSE_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WALK_RAW_ID 20

/*
 * Read the raw commit object id: its text in *buf (*len bytes), kept
 * valid until release(*handle). Returns 0, or -1 with the error set
 * (not a commit, not in the repository).
 */
struct walk_reader {
	int (*read)(void **handle, const char **buf, size_t *len,
		    const unsigned char *id, void *data);
	void (*release)(void *handle, void *data);
	/* The commit's generation number, 0 when unknown; NULL: none. */
	uint32_t (*generation)(const unsigned char *id, void *data);
	/* Whether the commit is a shallow clone's boundary (git's
	 * .git/shallow), whose parents were not fetched: it is walked as a
	 * root, as git walks it. NULL: none is. */
	bool (*boundary)(const unsigned char *id, void *data);
	void *data;
};

/* A commit given out by walk_next(), valid until the next call. */
struct walk_commit {
	unsigned char id[WALK_RAW_ID];
	unsigned char tree[WALK_RAW_ID];
	const char *raw;		/* the object's text */
	size_t len;
	size_t nr_parents;
	const unsigned char *parent0;	/* first parent's id, or NULL */
};

struct walk;

void walk_new(struct walk **out, const struct walk_reader *reader);
void walk_free(struct walk *w);
/* Add a commit to show (hide false) or to leave out with its history. */
int walk_push(struct walk *w, const unsigned char *id, bool hide);
/* The next commit into *out: 0, 1 at the end, -1 on an error. */
int walk_next(struct walk_commit *out, struct walk *w);
/* The tree of a commit the walk has read and still holds: 0, else -1. */
int walk_tree_of(unsigned char *out, const struct walk *w,
		 const unsigned char *id);
/* How many commits the walk holds now, and the most it held (tests). */
size_t walk_held(const struct walk *w, size_t *peak);
/* Whether it gives commits out before it has read the range (tests). */
bool walk_streams(const struct walk *w);

#endif
