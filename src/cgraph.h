/*
 * git's commit-graph file, read for one fact: a commit's generation
 * number (topological level), which is larger than its parents'. With
 * it the walk (src/walk.c) knows when every child of a commit has been
 * read, whatever the commit dates say. Both layouts git writes are read:
 * objects/info/commit-graph and the split chain under
 * objects/info/commit-graphs/. See git's gitformat-commit-graph(5).
 */
#ifndef DISCLOSE_CGRAPH_H
#define DISCLOSE_CGRAPH_H

#include <stdint.h>

struct cgraph;

/*
 * The commit-graph of objects_dir: 1 with *out set, 0 when there is
 * none (or one without generation numbers, or unreadable: the walk then
 * reads the whole range first, as libgit2 does).
 */
int cgraph_open(struct cgraph **out, const char *objects_dir);
void cgraph_free(struct cgraph *g);
/* The generation of the commit with raw id, 0 when it is not in it. */
uint32_t cgraph_generation(struct cgraph *g, const unsigned char *id);

#endif
