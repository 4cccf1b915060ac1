/*
 * What src/repo.c and src/rewrite.c share behind repo.h: the repository
 * handle itself and the libgit2 helpers both use. Nothing else includes
 * this header (only those two files include git2.h).
 */
#ifndef DISCLOSE_REPO_PRIV_H
#define DISCLOSE_REPO_PRIV_H

#include <git2.h>

#include "repo.h"

/*
 * The last two objects of a kind that a walk read. A linear walk reads
 * each commit and its tree first as the parent of the one before, then
 * as itself: keeping two saves the second read (libgit2's own cache is
 * off for walks, see repo_set_streaming).
 */
struct recent {
	git_object *obj[2];
	unsigned next;
};

struct walk;
struct cgraph;
struct difftree;
struct repo_commit;

struct repo {
	git_repository *git;
	git_odb *odb;			/* the walk's, opened on first use */
	struct walk *walk;		/* the walk under way, or NULL */
	struct cgraph *cgraph;		/* its commit-graph, or NULL */
	unsigned char (*shallow)[GIT_OID_RAWSZ];	/* .git/shallow, sorted */
	size_t nr_shallow;
	bool walk_ready;		/* the two above are read */
	bool want_added_files;		/* the walk's fn asks for them */
	struct difftree *difftree;	/* git finding them, or NULL */
	struct repo_commit *given;	/* the commit it gave fn, or NULL */
	char given_id[OID_HEX + 1];
	git_odb_backend *mempack;	/* the rewrite's writer (odb-owned) */
	char *git_dir;
	char *workdir;
	/* GIT_OBJECT_DIRECTORY when the repository was opened from the
	 * environment and it is set: where git reads and writes objects */
	char *objects_dir;
	struct recent commits, trees;
};

/* Set the error from libgit2's last one: "what: message"; returns -1. */
int git_fail(const char *what);
/* A copy of path without its trailing slashes ("/" stays). */
char *repo_trim_slash(const char *path);
/* The repository's configuration, or the user's outside a repository. */
int repo_config_snapshot(git_config **out, struct repo *r);
/* The author (committer false) or committer identity, as git reads it. */
int repo_identity_from(struct ident *out, struct repo *r, bool committer);
struct commit_info *commit_info_from(git_commit *c);
/* HEAD's commit, refusing an unborn branch with a clear message. */
int repo_head_commit(git_commit **out, struct repo *r);
/* Each side of range names an object (tried alone: a libgit2 leak). */
bool repo_range_sides_resolve(struct repo *r, const char *range);
/* The range as git_revparse() is given it ("@{u}.." resolved first). */
char *repo_range_for_parse(struct repo *r, const char *range);
/*
 * Push range onto the walk; a single revision, meaning that commit
 * alone, is given back in *single instead (zero otherwise).
 */
int repo_walk_push_range(git_revwalk *w, git_oid *single, struct repo *r,
			 const char *range);

#endif
