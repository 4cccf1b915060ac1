/*
 * Repository access (repo.c) and rewrites (rewrite.c). These are the only
 * files that include git2.h: the rest of the core sees commits as plain
 * structs.
 */
#ifndef DISCLOSE_REPO_H
#define DISCLOSE_REPO_H

#include <stdbool.h>
#include <stddef.h>

#include "ident.h"
#include "util.h"

#define OID_HEX 40

struct repo;
/* The repository's own object of a commit, for repo's functions only. */
struct repo_commit;

/* A commit as the core needs it. */
struct commit_info {
	char id[OID_HEX + 1];
	/* in a repo_walk callback, the object repo read it from (else
	 * NULL): repo_commit_added_files uses it instead of reading the
	 * commit again from id */
	struct repo_commit *handle;
	char *message;
	size_t message_len;
	char *author_name;
	char *author_email;
	char *committer_name;
	char *committer_email;
	size_t nr_parents;
	bool gpgsig;		/* carries a signature header */
	char *encoding;		/* NULL: UTF-8 */
	long long author_time;	/* seconds since the epoch (UTC) */
};

/*
 * Before repo_open(): the process walks long ranges, reading each object
 * about once; keep no object cache, so memory stays flat. The walks read
 * on a thread of their own then (a second repository handle), and the
 * callback runs on the caller's thread.
 */
void repo_set_streaming(void);

/*
 * The walks' callback asks for the files each commit adds (check's SPDX
 * checks): a streaming walk finds them on its reader thread.
 */
void repo_walk_want_added_files(struct repo *r);

/* Discover the repository containing path (NULL: the current directory). */
int repo_open(struct repo **out, const char *path);

/*
 * repo_open() for what also works outside a repository: 0 with *out
 * NULL where there is none; a repository that is there but cannot be
 * opened (broken, an extension libgit2 lacks) is still an error, never
 * taken for "no repository" (its configuration would be lost).
 */
int repo_open_optional(struct repo **out, const char *path);
void repo_free(struct repo *r);

bool repo_is_bare(const struct repo *r);
const char *repo_git_dir(const struct repo *r);
/* The work tree, NULL for a bare repository. */
const char *repo_workdir(const struct repo *r);

/*
 * The human identity from user.name and user.email (git -c and
 * GIT_CONFIG_COUNT, then the repository's and the global configuration),
 * written as git writes an identity (ident_strip_crud()); when missing,
 * the error names the exact git config commands to run.
 */
int repo_identity(struct ident *out, struct repo *r);
/* core.commentChar ('#' by default; "auto" counts as '#'). */
char repo_comment_char(struct repo *r);
/* core.commentChar is "auto": git picks the character per message. */
bool repo_comment_char_is_auto(struct repo *r);

/*
 * A configuration value, *out NULL when unset (the caller frees). These
 * and repo_identity() and repo_comment_char() accept r == NULL outside a
 * repository: the user's global configuration is read then.
 */
int repo_config_get(char **out, struct repo *r, const char *key);
/* Set a value in the repository's own configuration. */
int repo_config_set(struct repo *r, const char *key, const char *value);

/*
 * Refuse when a merge, rebase, cherry-pick, revert or bisect is in
 * progress, naming it and how to finish or abort it.
 */
int repo_check_state(struct repo *r, bool allow_bisect);

/* HEAD's commit, refusing an unborn branch with a clear message. */
int repo_head(struct commit_info **out, struct repo *r);
int repo_lookup(struct commit_info **out, struct repo *r, const char *rev);
/*
 * The commit whose id starts with hex (4 to 40 hex digits), never a ref
 * name: 0 found (*out is the caller's), 1 no such commit, 2 ambiguous.
 */
int repo_commit_by_id(struct commit_info **out, struct repo *r,
		      const char *hex);
void commit_info_free(struct commit_info *c);
/*
 * The file at path in the tree of commit rev (not the work tree) into
 * out: 1 when read, 0 when rev has no such file, -1 on error.
 */
int repo_read_blob_at(struct repo *r, const char *rev, const char *path,
		      struct buf *out);

/*
 * Rewrite HEAD's message: same tree, parents and author, committer
 * refreshed, the branch moved with a compare-and-swap against the old
 * id, a reflog entry, then the old tip kept at the backup ref
 * (refs/disclose/backup/<branch>, '/' written "%2F") and ORIG_HEAD. new_id gets the new commit id, *undo (when not
 * NULL; free it) what the undo resets to (rewrite_undo_ref()). When the
 * message is unchanged nothing is written and *changed is false.
 */
int repo_amend_head(char *new_id, char **undo, bool *changed,
		    struct repo *r, const char *message,
		    const char *reflog_msg);

/*
 * SIGINT, SIGTERM, SIGHUP and SIGQUIT wait while a rewrite writes its
 * pack and refs. After a rewrite that moved the branch they wait on
 * until the caller has printed what was written (the new tip, the
 * undo): rewrite_result_release() lets them through, and so does this,
 * after flushing stdout and stderr (for repo_amend_head(), and at exit
 * at the latest). A signal that came meanwhile then ends the process.
 */
void rewrite_release_signals(void);

/*
 * Call fn for each commit of range ("A..B", "A...B", a single revision
 * meaning that commit alone, NULL: the branch's commits not on its
 * upstream, else HEAD), newest first, streaming. fn returns 0 to go on,
 * > 0 to stop, < 0 on error.
 */
typedef int (*repo_walk_fn)(const struct commit_info *c, void *data);
int repo_walk(struct repo *r, const char *range, repo_walk_fn fn, void *data);
/*
 * As repo_walk, but a single revision means its whole history (as git
 * log reads it), not that commit alone.
 */
int repo_walk_history(struct repo *r, const char *range, repo_walk_fn fn,
		      void *data);
/*
 * The range repo_walk uses when none is given, as text (caller frees):
 * what the range finder says (b4 prep's series, src/b4.h), else the
 * branch's commits not on its upstream, else HEAD.
 */
int repo_default_range(char **out, struct repo *r);
/*
 * A series kept above plain git may name the default range: the finder
 * returns 1 with *out set, 0 to leave it to the upstream rule, -1 on an
 * error. Set once at the start, before any thread (ui/main.c sets b4's);
 * the finder keeps repo free of calls up into the layers above it.
 */
typedef int (*repo_range_finder)(char **out, struct repo *r);
void repo_set_range_finder(repo_range_finder fn);
/* A tag and the commit it names. */
struct repo_tag {
	char *name;			/* "v6.1" */
	char id[OID_HEX + 1];
	long long time;			/* the commit's committer date */
};

/*
 * The tags naming tip's commit or one of its ancestors (tags of other
 * objects are left out), oldest commit first. Free with repo_tags_free().
 */
int repo_tags(struct repo_tag **out, size_t *nr, struct repo *r,
	      const char *tip);
void repo_tags_free(struct repo_tag *tags, size_t nr);
/* The checked-out branch ("b4/frob"); *out NULL on a detached HEAD. */
int repo_head_branch(char **out, struct repo *r);
/*
 * The ends of range (NULL: the default range) for command-line git, as
 * repo_walk reads it, in hex: the tip first, then the other side of
 * A...B, then the excluded commits as "^<id>". A single revision gives
 * the tip alone (that commit alone). *out (NULL-terminated, *nr strings)
 * is the caller's to free.
 */
int repo_range_ends(char ***out, size_t *nr, struct repo *r,
		    const char *range);

/* A file a commit adds (against its first parent), for the SPDX checks. */
struct added_file {
	char *path;
	char *head;		/* its first SPDX_HEAD_LINES lines (<= 4 KiB) */
	size_t head_len;
	bool binary;
	bool unavailable;	/* its blob is not here (a partial clone) */
};

/* The files commit id adds; each blob is read once, only its start. */
int repo_added_files(struct added_file **out, size_t *nr, struct repo *r,
		     const char *id);
/* The same for a commit repo gave (a walk's): its handle, not its id. */
int repo_commit_added_files(struct added_file **out, size_t *nr,
			    struct repo *r, const struct commit_info *c);
/*
 * The files the index adds against HEAD (all of them on an unborn
 * branch): what the commit being made adds, for the commit-msg hook.
 * Reads $GIT_INDEX_FILE when git sets it. With git commit --amend the
 * files of the commit amended are not among them.
 */
int repo_staged_added_files(struct added_file **out, size_t *nr,
			    struct repo *r);
void added_files_free(struct added_file *files, size_t nr);

/*
 * The top-level entries (directories or files) of commit id's tree that
 * differ from its first parent's (all of them for a root commit): the
 * subsystems a commit touches, read without recursing. *out (*nr
 * strings) is the caller's to free with strv_free_n().
 */
int repo_top_changes(char ***out, size_t *nr, struct repo *r,
		     const char *id);
void strv_free_n(char **v, size_t nr);
/*
 * The paths commit id changes against its first parent (every file of
 * a root commit), read from the trees without their blobs. *out (*nr
 * strings) is the caller's to free with strv_free_n().
 */
int repo_changed_paths(char ***out, size_t *nr, struct repo *r,
		       const char *id);

/* The commit's diff against its first parent, as git show prints it. */
int repo_commit_patch(struct buf *out, struct repo *r, const char *id);

/*
 * Rewriting a series (issue: whole-series rewrite). For each commit of
 * a linear range, oldest first, fn writes the new message into out; an
 * empty out (or the same text) keeps the message. Commits are re-parented
 * on the rewritten ones; a commit whose message and parent are unchanged
 * keeps its id. The new commits go into objects/pack as one pack with a
 * .keep (git repack and git gc leave it alone) until the branch points
 * at them. The branch moves once at the end, by compare-and-swap; then
 * the old tip is saved at the backup ref and ORIG_HEAD (a failed run
 * leaves both alone) and notes are copied per notes.rewriteRef. SIGINT,
 * SIGTERM, SIGHUP and SIGQUIT are blocked from the pack to the last ref.
 */
typedef int (*repo_reword_fn)(struct buf *out, const struct commit_info *c,
			      void *data);

struct rewrite_opts {
	const char *range;		/* NULL: the default range */
	const char *reflog_msg;		/* "disclose: amend <range>" */
	bool keep_committer_date;
	bool detached;			/* allow a detached HEAD */
	bool drop_signatures;		/* allow rewriting gpgsig commits */
	bool force;			/* allow commits already on a remote */
	bool dry_run;			/* compute, write nothing */
	bool check_locks;		/* a dry run checks git's locks too */
};

/* One commit of the range, oldest first. */
struct rewrite_entry {
	char old_id[OID_HEX + 1];
	char new_id[OID_HEX + 1];	/* "" in a dry run */
	bool message_changed;
	bool rewritten;			/* gets a new id (message or parent) */
};

struct rewrite_result {
	size_t nr_commits;
	size_t nr_changed;
	char old_tip[OID_HEX + 1];
	char new_tip[OID_HEX + 1];
	char *ref;			/* the branch moved, "HEAD" if detached */
	char *backup_ref;		/* NULL when nothing changed */
	/* Added with the range rewrite: */
	size_t nr_rewritten;		/* commits that got a new id */
	struct rewrite_entry *entries;	/* nr_commits, oldest first */
	char *range;			/* the range as resolved ("HEAD", ...) */
	char *warning;			/* one line to show, or NULL */
};

/*
 * Refusals (each a one-line error): a bare repository, an operation in
 * progress, a detached HEAD unless opts->detached, a range whose tip is
 * not HEAD, an empty range, a merge in the range, gpgsig commits to
 * rewrite unless opts->drop_signatures, commits already on a
 * remote-tracking branch unless opts->force (then out->warning says so),
 * a commit replaced (git replace) by one with other parents, or an
 * info/grafts file; a full disk is named. A replacement with the same
 * parents is what the commit is rewritten from, as git rebase does. out->warning also tells when the branch moved but the backup
 * ref, ORIG_HEAD or the notes could not be written.
 * The index and the work tree are never touched. Test only: when
 * DISCLOSE_TEST_HOOKS holds the key of src/repo.c (tests/e2e/lib.sh) and
 * DISCLOSE_TEST_PAUSE_BEFORE_REF names a file, the rewrite waits (up to
 * 60 s) for that file to exist after writing the objects and before
 * moving any ref, and creates "<file>.waiting" when it starts waiting;
 * DISCLOSE_TEST_PAUSE_IN_PACK the same inside the pack write.
 * On failure (-1) out holds nothing to release.
 */
int repo_rewrite(struct rewrite_result *out, struct repo *r,
		 const struct rewrite_opts *opts, repo_reword_fn fn,
		 void *data);
/*
 * What the undo resets to: the backup ref, or the old tip's id when the
 * backup could not be written (out->warning says why).
 */
const char *rewrite_undo_ref(const struct rewrite_result *res);

/* Frees res and lets held signals through (rewrite_release_signals()). */
void rewrite_result_release(struct rewrite_result *res);

/*
 * The undo every command gives after a rewrite, with the backup ref, and
 * why --soft: a rewrite changes messages only.
 */
#define REWRITE_UNDO "git reset --soft %s"
#define REWRITE_UNDO_WHY \
	"only messages changed, so the trees are the same: --soft moves " \
	"the branch back and leaves the index, a staged git add -p too, " \
	"and the work tree as they are"

#endif
