/*
 * The kernel source a boot builds: the cached pristine repository of a
 * kernel tarball (Debian's linux-source package by default; its layout
 * is shared with tests/kernel/tree.sh), the reused detached worktree
 * moved to the commit to build, and a series applied onto it with git
 * format-patch and git am when the series' own repository is not a
 * kernel tree. Only git's own commands touch the trees.
 */
#ifndef DISCLOSE_KERNEL_TREE_H
#define DISCLOSE_KERNEL_TREE_H

#include <stddef.h>

#include "boot_util.h"

#define KTREE_PACKAGE "linux-source-6.1"
#define KTREE_TARBALL "/usr/src/" KTREE_PACKAGE ".tar.xz"

/*
 * The cache of pristine trees: $DISCLOSE_CACHE, else
 * $XDG_CACHE_HOME/git-disclose, else ~/.cache/git-disclose.
 */
char *ktree_cache_dir(void);
/*
 * The pristine repository of tarball in the cache (one commit tagged
 * "pristine" of the tarball's contents), extracted and committed first
 * when missing ("extracting" is reported then). *out is the caller's.
 */
int ktree_pristine(char **out, const char *tarball,
		   const struct boot_progress *progress);
/*
 * Put the worktree wt at rev of base_repo: a worktree of that repository
 * is reused (a forced checkout rewrites only the files that differ, so
 * make sees the old mtimes of the others), anything else at wt replaced.
 */
int ktree_checkout(const char *wt, const char *base_repo, const char *rev);
/*
 * Apply the commits that revs (a tip and "^<base>"s; a tip alone means
 * that commit) name in repo onto the worktree wt, through patches in
 * patch_dir. Returns 0, 1 with *why (the caller's) when the series does
 * not apply, negative with an error.
 */
int ktree_apply(char **why, const char *wt, const char *repo,
		char *const *revs, size_t nr, const char *patch_dir);

#endif
