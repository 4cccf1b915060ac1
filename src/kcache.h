/*
 * Pristine object trees: a kbuild object tree of a series' base for one
 * architecture, preset and fragment (or of a series on that base, with
 * the files it changed listed as dirty), kept in
 * <cache>/objects/<key>/obj ($DISCLOSE_OBJECT_CACHE/<key>/obj), so that the cold build of a series starts
 * from a copy and rebuilds only what the series touches. The copy keeps
 * the order of the objects' timestamps but moves them after the source
 * tree's, and the files the series changed are then made newer still.
 * The trees (and a repository's build directories) are bounded by
 * kcache_gc, least recently used first.
 */
#ifndef DISCLOSE_KCACHE_H
#define DISCLOSE_KCACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* The key of an object tree: base tree id, arch, config, fragment. */
char *kcache_key(const char *tree_id, const char *arch, const char *config,
		 const char *fragment);
/* Is there a complete object tree for key? */
bool kcache_has(const char *key);
/*
 * Keep a copy of obj (timestamps preserved), built from the source tree
 * src, as key's object tree. dirty are the files (relative to src) whose
 * content is not the key's base tree's (a series' own build kept as the
 * starting tree: each seed makes them newer, so they are rebuilt), and
 * fragment the merged fragment obj was configured with (NULL: the key's
 * own). An existing tree is replaced only by one with fewer dirty files.
 * Returns 1 when the copy was kept, 0 when the existing tree stays.
 */
int kcache_store(const char *key, const char *obj, const char *src,
		 char *const *dirty, size_t nr_dirty, const char *fragment);
/* Would kcache_store keep a tree with nr_dirty dirty files as key's? */
bool kcache_wants(const char *key, size_t nr_dirty);
/* The dirty files of key's tree into *v (none for a tree of the base). */
void kcache_dirty(const char *key, char ***v, size_t *nr);
/* The fragment key's tree was configured with, or NULL: the key's own. */
char *kcache_fragment(const char *key);
/*
 * obj (absent) from key's object tree: copied, the absolute paths of the
 * tools' dependency files moved to src, its timestamps moved to
 * just now in their old order, then each of changed and of the tree's
 * dirty files (paths relative to src) that exists made newer than all of
 * them. Marks the tree used.
 */
int kcache_seed(const char *key, const char *obj, const char *src,
		char *const *changed, size_t nr);

/*
 * Every object tree of the cache and each of extra (build directories,
 * with the file whose time says when each was used) listed into report,
 * then the least recently used removed until the total is at most
 * max_bytes; what was removed and the disk use before and after said.
 */
int kcache_gc(struct buf *report, unsigned long long max_bytes,
	      char *const *extra, char *const *extra_stamp, size_t nr_extra);
/* "12K", "1.5M", "3G" (powers of 1024) into *out; -1 when not a size. */
int kcache_parse_size(unsigned long long *out, const char *s);

#endif
