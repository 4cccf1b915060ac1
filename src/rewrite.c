/*
 * Rewriting a series, through libgit2. Rewrites never touch the index or
 * the work tree: new commit objects are written first, then the branch
 * moves once, with a compare-and-swap against the id it had when we read
 * it.
 */
#include "repo_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "gitdate.h"
#include "util.h"

/*
 * Rewriting a series. The plan is read and checked in full first (the
 * range, the new messages, the refusals); then the new commits are
 * written as objects, oldest first, each on the rewritten parent; only
 * then do refs move: the backup ref and ORIG_HEAD, and last the branch,
 * by a compare-and-swap against the tip we started from. A crash at any
 * point leaves the branch at the old tip (new objects are merely
 * unreferenced) or at the complete new tip.
 */

/* Now, or GIT_COMMITTER_DATE when it is set, as git commit takes it. */
static int committer_signature(git_signature **out, const char *name,
			       const char *email)
{
	const char *env = getenv("GIT_COMMITTER_DATE");
	struct gitdate when;
	int rc;

	if (env && *env) {
		if (gitdate_parse(&when, env) < 0)
			return error_set("GIT_COMMITTER_DATE: %s", error_last());
		rc = git_signature_new(out, name, email, (git_time_t)when.time,
				       when.offset);
	} else {
		rc = git_signature_now(out, name, email);
	}
	if (rc < 0)
		return git_fail("your identity cannot be used as a committer (check user.name and user.email)");
	return 0;
}

/* The committer of a rewrite, as git var GIT_COMMITTER_IDENT names it
 * (GIT_COMMITTER_NAME and _EMAIL, committer.*, user.*), dated by
 * committer_signature(). */
static int new_committer(git_signature **out, struct repo *r)
{
	struct ident id;
	int rc;

	if (repo_identity_from(&id, r, true) < 0)
		return -1;
	rc = committer_signature(out, id.name, id.email);
	ident_release(&id);
	return rc;
}

static const char *short_branch(const char *ref)
{
	return strncmp(ref, "refs/heads/", 11) ? ref : ref + 11;
}

/*
 * The backup ref of a branch: refs/disclose/backup/<branch> with each
 * '/' of the branch written "%2F" (and '%' "%25"), so that the backups
 * of feat and feat/sub are two files, never a file and a directory.
 */
static void backup_name(struct buf *out, const char *branch)
{
	buf_adds(out, "refs/disclose/backup/");
	for (const char *c = short_branch(branch); *c; c++) {
		if (*c == '/')
			buf_adds(out, "%2F");
		else if (*c == '%')
			buf_adds(out, "%25");
		else
			buf_addch(out, *c);
	}
}

/*
 * Keep the old tip at the backup ref, with a reflog entry each time so
 * that several backups stay reachable, and at ORIG_HEAD. Called once the
 * branch has moved, so a failed run leaves both as they were.
 */
static int save_backup(char **backup, struct repo *r, const char *branch,
		       const git_oid *old, const git_signature *who,
		       const char *msg)
{
	git_reference *ref = NULL;
	git_reflog *log = NULL;
	struct buf name = BUF_INIT;
	size_t n;
	int rc = -1;

	backup_name(&name, branch);
	/* libgit2 logs refs/disclose/ only once its reflog exists */
	if (git_reflog_read(&log, r->git, name.ptr) < 0)
		goto fail;
	n = git_reflog_entrycount(log);
	git_reflog_free(log);
	log = NULL;
	if (git_reference_create(&ref, r->git, name.ptr, old, 1, msg) < 0 ||
	    git_reflog_read(&log, r->git, name.ptr) < 0)
		goto fail;
	if (git_reflog_entrycount(log) == n &&
	    (git_reflog_append(log, old, who, msg) < 0 ||
	     git_reflog_write(log) < 0))
		goto fail;
	git_reference_free(ref);
	ref = NULL;
	*backup = buf_detach(&name, NULL);
	if (git_reference_create(&ref, r->git, "ORIG_HEAD", old, 1, NULL) < 0) {
		git_fail("cannot set ORIG_HEAD");
		goto out;
	}
	rc = 0;
	goto out;
fail:
	git_fail("cannot save the backup ref");
out:
	git_reflog_free(log);
	git_reference_free(ref);
	buf_release(&name);
	return rc;
}

/* The ref that HEAD moves: its branch, or HEAD itself when detached. */
static int head_ref_name(char **out, struct repo *r)
{
	git_reference *head = NULL;

	git_reference *target = NULL;

	if (git_reference_lookup(&head, r->git, "HEAD") < 0)
		return git_fail("cannot read HEAD");
	if (!git_reference_symbolic_target(head)) {
		*out = xstrdup("HEAD");
	} else if (git_reference_resolve(&target, head) == 0) {
		/* HEAD -> refs/heads/alias -> refs/heads/main moves main */
		*out = xstrdup(git_reference_name(target));
	} else {
		*out = xstrdup(git_reference_symbolic_target(head));
	}
	git_reference_free(target);
	git_reference_free(head);
	return 0;
}

/*
 * The file system holding the repository is full: the error the write
 * left in errno, or (libgit2 does not always keep errno) less free
 * space than a ref update and its logs take.
 */
static bool disk_full(struct repo *r, int err)
{
	struct statvfs st;

	if (err == ENOSPC)
		return true;
	return statvfs(r->git_dir, &st) == 0 &&
	       (unsigned long long)st.f_bavail * st.f_frsize < 256 * 1024;
}

static int full_error(struct repo *r, const char *what)
{
	struct statvfs st;
	unsigned long long kib = 0;

	if (statvfs(r->git_dir, &st) == 0)
		kib = (unsigned long long)st.f_bavail * st.f_frsize / 1024;
	return error_set("%s (the branch was not changed): no space left on device: free space on the file system of %s (%llu KiB free), then run again; nothing was changed",
			 what, r->git_dir, kib);
}

/*
 * The size of a reflog before a ref update, to take back what libgit2
 * appended when the update then fails: libgit2 writes the logs first
 * and the ref last, so a full disk can leave a log entry for a move
 * that never happened. -1: the file did not exist.
 */
struct log_mark {
	char *path;
	off_t size;
};

static void log_mark(struct log_mark *m, const char *dir, const char *ref)
{
	struct buf path = BUF_INIT;
	struct stat st;
	size_t n = strlen(dir);

	buf_addf(&path, "%s%slogs/%s", dir, n && dir[n - 1] == '/' ? "" : "/",
		 ref);
	m->path = buf_detach(&path, NULL);
	m->size = lstat(m->path, &st) == 0 ? st.st_size : -1;
}

static void log_undo(struct log_mark *m)
{
	struct stat st;

	if (lstat(m->path, &st) < 0 || st.st_size == m->size)
		return;
	if (m->size < 0)
		unlink(m->path);
	else if (st.st_size > m->size && truncate(m->path, m->size) < 0)
		fprintf(stderr, "git disclose: cannot take back the entry of %s: %s\n",
			m->path, strerror(errno));
}

static int move_ref(struct repo *r, const char *name, const git_oid *new_id,
		    const git_oid *old, const char *msg)
{
	git_reference *ref = NULL;
	struct log_mark logs[2];
	git_oid now;
	int rc, err;

	log_mark(&logs[0], git_repository_commondir(r->git), name);
	log_mark(&logs[1], r->git_dir, "HEAD");
	errno = 0;
	rc = git_reference_create_matching(&ref, r->git, name, new_id, 1, old,
					   msg);
	err = errno;
	git_reference_free(ref);
	if (rc < 0 && rc != GIT_EMODIFIED && rc != GIT_ELOCKED &&
	    (old ? git_reference_name_to_id(&now, r->git, name) == 0 &&
		   git_oid_equal(&now, old)
		 : git_reference_name_to_id(&now, r->git, name) < 0)) {
		log_undo(&logs[0]);
		log_undo(&logs[1]);
	}
	free(logs[0].path);
	free(logs[1].path);
	if (rc < 0 && rc != GIT_EMODIFIED && rc != GIT_ELOCKED &&
	    disk_full(r, err))
		return full_error(r, "cannot update the branch");
	if (rc == GIT_EMODIFIED)
		return error_set("%s moved while git disclose was working (another git command?): the branch keeps that update and the new commits were not used; run git disclose again",
				 short_branch(name));
	if (rc == GIT_ELOCKED)
		return error_set("%s is locked by another git command (%s.lock): the branch was not changed; wait for it to finish (or remove a stale lock file), then run git disclose again",
				 short_branch(name), name);
	return rc < 0 ? git_fail("cannot update the branch (it was not changed)")
		      : 0;
}

/* What a rewrite works on, read before anything is written. */
struct plan {
	git_oid *ids;		/* the range, oldest first */
	git_oid *src;		/* what each is made from: the commit, or
				 * its replacement (git replace) */
	char **msgs;		/* the new message, NULL: unchanged */
	size_t *lens;
	size_t nr;
	size_t first;		/* the first commit to rewrite, nr: none */
	git_oid head;
	git_oid tip;		/* the tip of the range as given */
	char *ref;		/* the ref to move */
};

static void plan_release(struct plan *p)
{
	for (size_t i = 0; p->msgs && i < p->nr; i++)
		free(p->msgs[i]);
	free(p->msgs);
	free(p->lens);
	free(p->ids);
	free(p->src);
	free(p->ref);
}

/* The first line of a commit's message, for error messages. */
static char *subject_of(git_commit *c)
{
	const char *s = git_commit_summary(c);

	return xstrdup(s ? s : "");
}

static int refuse_commit(git_commit *c, const char *fmt)
{
	char id[13];
	char *subj = subject_of(c);

	git_oid_tostr(id, sizeof(id), git_commit_id(c));
	error_set(fmt, id, subj);
	free(subj);
	return -1;
}

static void plan_push(struct plan *p, const git_oid *id, size_t *cap)
{
	if (p->nr == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		p->ids = xrealloc(p->ids, *cap * sizeof(*p->ids));
	}
	git_oid_cpy(&p->ids[p->nr++], id);
}

/* The work tree of another worktree whose HEAD is on branch, or NULL. */
static char *worktree_of(struct repo *r, const char *branch)
{
	git_strarray names = { 0 };
	char *found = NULL;

	if (git_repository_is_worktree(r->git)) {
		/* the main work tree is not among the linked ones */
		git_repository *main = NULL;
		git_reference *head = NULL;

		if (git_repository_open(&main,
					git_repository_commondir(r->git)) == 0 &&
		    git_repository_workdir(main) &&
		    git_reference_lookup(&head, main, "HEAD") == 0 &&
		    git_reference_symbolic_target(head) &&
		    !strcmp(git_reference_symbolic_target(head), branch))
			found = repo_trim_slash(git_repository_workdir(main));
		git_reference_free(head);
		git_repository_free(main);
	}
	if (found || git_worktree_list(&names, r->git) < 0)
		return found;
	for (size_t i = 0; i < names.count && !found; i++) {
		git_worktree *wt = NULL;
		git_repository *other = NULL;
		git_reference *head = NULL;

		if (git_worktree_lookup(&wt, r->git, names.strings[i]) == 0 &&
		    git_repository_open_from_worktree(&other, wt) == 0 &&
		    git_reference_lookup(&head, other, "HEAD") == 0 &&
		    git_reference_symbolic_target(head) &&
		    !strcmp(git_reference_symbolic_target(head), branch))
			found = repo_trim_slash(git_worktree_path(wt));
		git_reference_free(head);
		git_repository_free(other);
		git_worktree_free(wt);
	}
	git_strarray_dispose(&names);
	return found;
}

/*
 * The tip of the range must be HEAD: when it is written as a branch
 * name, that must be HEAD's branch, else a different branch would be
 * rewritten while HEAD's moves.
 */
static int check_tip(struct repo *r, const struct plan *p, const char *range,
		     const git_oid *tip)
{
	const char *dots = strstr(range, "..");
	const char *name = dots ? dots + 2 : range;
	git_reference *ref = NULL;
	char id[13];

	if (*name && git_reference_dwim(&ref, r->git, name) == 0) {
		git_reference *direct = NULL;
		bool other;
		char *wt = NULL;

		if (git_reference_resolve(&direct, ref) == 0) {
			git_reference_free(ref);
			ref = direct;
		}
		other = git_reference_is_branch(ref) &&
			strcmp(git_reference_name(ref), p->ref);
		if (other)
			wt = worktree_of(r, git_reference_name(ref));
		git_reference_free(ref);
		if (other && wt) {
			error_set("the range ends at the branch '%s', which is checked out in the worktree %s (HEAD here is on '%s'): run git disclose there (cd %s), then run again",
				  name, wt, short_branch(p->ref), wt);
			free(wt);
			return -1;
		}
		if (other)
			return error_set("the range ends at the branch '%s', but HEAD is on '%s': switch to it first (git switch %s), then run again",
					 name, short_branch(p->ref), name);
	}
	if (git_oid_equal(tip, &p->head))
		return 0;
	git_oid_tostr(id, sizeof(id), tip);
	return error_set("the range '%s' ends at %s, not at HEAD: only the checked-out branch can be rewritten; switch to the branch the range ends at, or end the range at HEAD",
			 range, id);
}

/* The commits of range, oldest first; a linear series ending at HEAD. */
static int plan_range(struct plan *p, struct repo *r, const char *range)
{
	git_revwalk *w = NULL;
	git_revspec spec = { 0 };
	git_oid oid;
	size_t cap = 0;
	char *parse = repo_range_for_parse(r, range);
	int rc = repo_range_sides_resolve(r, parse) ?
		 git_revparse(&spec, r->git, parse) : -1;

	free(parse);
	if (rc < 0)
		return error_set("'%s' is not a revision or range here: give base..HEAD or a commit (see git log --oneline)",
				 range);
	rc = -1;
	if (spec.flags & GIT_REVSPEC_MERGE_BASE) {
		error_set("'%s' is a symmetric range (A...B), which is not one series: give base..HEAD",
			  range);
		goto out;
	}
	git_oid_cpy(&p->tip, git_object_id(spec.flags & GIT_REVSPEC_SINGLE ?
					    spec.from : spec.to));
	if (git_revwalk_new(&w, r->git) < 0) {
		git_fail("cannot walk the history");
		goto out;
	}
	git_revwalk_sorting(w, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
	if (repo_walk_push_range(w, &oid, r, range) < 0)
		goto out;
	if (!git_oid_is_zero(&oid)) {
		plan_push(p, &oid, &cap);
		rc = GIT_ITEROVER;
	} else if (git_oid_equal(git_object_id(spec.from), &p->tip)) {
		rc = GIT_ITEROVER;	/* A..A: empty, whatever A's parents */
	} else {
		while ((rc = git_revwalk_next(&oid, w)) == 0)
			plan_push(p, &oid, &cap);
	}
	if (rc == GIT_ENOTFOUND) {
		error_set("the range '%s' reaches a commit that is not in this repository (a shallow clone?): give a range whose base is here, or deepen the clone with git fetch --deepen",
			  range);
		rc = -1;
		goto out;
	}
	if (rc != GIT_ITEROVER) {
		git_fail("cannot walk the history");
		rc = -1;
		goto out;
	}
	rc = 0;
	if (!p->nr)
		rc = error_set("the range '%s' has no commits: nothing to rewrite (every commit is already in its base); give base..HEAD where base is an older commit of the branch, or HEAD alone",
			       range);
out:
	git_revwalk_free(w);
	git_object_free(spec.from);
	git_object_free(spec.to);
	return rc;
}

/*
 * One check of a commit of the range: no merge (first pass), or its
 * parent is the commit before it, prev (second pass; NULL for the first).
 */
static int check_one(struct repo *r, const git_oid *id, bool merges,
		     const git_oid *prev)
{
	git_commit *c = NULL;
	int rc = 0;

	if (git_commit_lookup(&c, r->git, id) < 0)
		return git_fail("cannot read a commit of the range");
	if (merges && git_commit_parentcount(c) > 1)
		rc = refuse_commit(c, "commit %s (%s) in the range is a merge commit: git disclose rewrites linear series only; start the range after the merge (<merge>..HEAD), or add the trailers to the merge with git commit --amend");
	else if (!merges && prev && (!git_commit_parentcount(c) ||
		 !git_oid_equal(git_commit_parent_id(c, 0), prev)))
		rc = refuse_commit(c, "commit %s (%s) does not follow the previous commit of the range: the range is not one linear series; give base..HEAD with base an ancestor of HEAD");
	git_commit_free(c);
	return rc;
}

/* A linear series: merges are named first, being the likely cause. */
static int check_linear(struct repo *r, const struct plan *p)
{
	for (size_t i = 0; i < p->nr; i++)
		if (check_one(r, &p->ids[i], true, NULL) < 0)
			return -1;
	for (size_t i = 0; i < p->nr; i++)
		if (check_one(r, &p->ids[i], false,
			      i ? &p->ids[i - 1] : NULL) < 0)
			return -1;
	return 0;
}

/*
 * A message with a NUL byte reaches fn cut at the NUL (libgit2 gives it
 * as a C string): rewriting it would drop the rest, so it is refused.
 */
static int check_no_nul(struct repo *r, const git_oid *id, size_t seen_len)
{
	git_odb *odb = NULL;
	git_odb_object *obj = NULL;
	const char *raw, *sep;
	size_t len;
	int rc = 0;

	if (git_repository_odb(&odb, r->git) < 0 ||
	    git_odb_read(&obj, odb, id) < 0) {
		git_odb_free(odb);
		return git_fail("cannot read a commit of the range");
	}
	raw = git_odb_object_data(obj);
	len = git_odb_object_size(obj);
	sep = memmem(raw, len, "\n\n", 2);
	if (sep && len - (size_t)(sep + 2 - raw) > seen_len)
		rc = error_set("commit %.12s has a NUL byte in its message: rewriting it would lose what follows the NUL; fix the message first (git commit --amend, or git rebase -i with reword)",
			       git_oid_tostr_s(id));
	git_odb_object_free(obj);
	git_odb_free(odb);
	return rc;
}

/* Ask fn for every new message; note the first commit that changes. */
static int plan_messages(struct plan *p, struct repo *r, repo_reword_fn fn,
			 void *data)
{
	struct buf b = BUF_INIT;
	int rc = 0;

	p->msgs = xcalloc(p->nr, sizeof(*p->msgs));
	p->lens = xcalloc(p->nr, sizeof(*p->lens));
	p->first = p->nr;
	for (size_t i = 0; i < p->nr && rc == 0; i++) {
		git_commit *c = NULL;
		struct commit_info *ci;

		if (git_commit_lookup(&c, r->git, &p->src[i]) < 0)
			return git_fail("cannot read a commit of the range");
		ci = commit_info_from(c);
		git_commit_free(c);
		/* a replacement's content under the commit's own id */
		git_oid_tostr(ci->id, sizeof(ci->id), &p->ids[i]);
		buf_reset(&b);
		rc = fn(&b, ci, data);
		if (rc == 0 && b.len && (b.len != ci->message_len ||
					 memcmp(b.ptr, ci->message, b.len))) {
			rc = check_no_nul(r, &p->src[i], ci->message_len);
			p->msgs[i] = buf_detach(&b, &p->lens[i]);
			if (p->first == p->nr)
				p->first = i;
		}
		commit_info_free(ci);
	}
	buf_release(&b);
	return rc < 0 ? -1 : 0;
}

static bool is_signed(git_commit *c, const void *unused)
{
	git_buf sig = { 0 };
	bool yes = git_commit_header_field(&sig, c, "gpgsig") == 0 ||
		   git_commit_header_field(&sig, c, "gpgsig-sha256") == 0;

	git_buf_dispose(&sig);
	return yes;
}

/* Is c a line of shallow, the text of <gitdir>/shallow: a commit whose
 * parents this clone does not have? */
static bool is_shallow_boundary(git_commit *c, const void *shallow)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), git_commit_id(c));
	for (const char *l = shallow; *l; ) {
		if (!strncmp(l, hex, GIT_OID_HEXSZ) &&
		    (l[GIT_OID_HEXSZ] == '\n' || !l[GIT_OID_HEXSZ]))
			return true;
		l = strchrnul(l, '\n');
		l += *l == '\n';
	}
	return false;
}

/* Refuse with why (see refuse_commit) the first commit that would be
 * rewritten and is bad. */
static int refuse_any(struct repo *r, const struct plan *p,
		      bool (*bad)(git_commit *c, const void *data),
		      const void *data, const char *why)
{
	for (size_t i = p->first; i < p->nr; i++) {
		git_commit *c = NULL;
		int rc = 0;

		if (git_commit_lookup(&c, r->git, &p->src[i]) < 0)
			return git_fail("cannot read a commit of the range");
		if (bad(c, data))
			rc = refuse_commit(c, why);
		git_commit_free(c);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static int check_signatures(struct repo *r, const struct plan *p)
{
	return refuse_any(r, p, is_signed, NULL, "commit %s (%s) is signed (gpgsig) and rewriting it would lose the signature: pass --drop-signatures, then re-sign (git rebase --exec 'git commit --amend --no-edit -S')");
}

/*
 * A rewritten copy of the shallow boundary of a shallow clone would name
 * a parent that is not here and that .git/shallow does not list: git
 * would then call the repository broken. The list is read once.
 */
static int check_shallow(struct repo *r, const struct plan *p)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	int rc = 0;

	buf_addf(&path, "%s/shallow", r->git_dir);
	if (access(path.ptr, F_OK) == 0 && read_file(&text, path.ptr) == 0)
		rc = refuse_any(r, p, is_shallow_boundary, buf_cstr(&text),
				"commit %s (%s) is where this shallow clone ends (its parents are not here), and a rewritten copy would name a parent git cannot find: fetch them first (git fetch --deepen=1, or --unshallow)");
	else
		error_clear();
	buf_release(&path);
	buf_release(&text);
	return rc;
}

/* A remote-tracking branch that already has commit id, NULL if none. */
static int find_remote_with(char **out, struct repo *r, const git_oid *id)
{
	git_reference_iterator *it = NULL;
	git_reference *ref;
	int rc;

	*out = NULL;
	if (git_reference_iterator_glob_new(&it, r->git, "refs/remotes/*") < 0)
		return git_fail("cannot list the remote-tracking branches");
	while (!*out && (rc = git_reference_next(&ref, it)) == 0) {
		const git_oid *t = git_reference_target(ref);

		if (t && (git_oid_equal(t, id) ||
			  git_graph_descendant_of(r->git, t, id) == 1))
			*out = xstrdup(git_reference_shorthand(ref));
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	return 0;
}

static int check_remotes(struct rewrite_result *out, struct repo *r,
			 const struct plan *p, bool force)
{
	char *remote = NULL;
	char id[13];

	if (find_remote_with(&remote, r, &p->ids[p->first]) < 0)
		return -1;
	if (!remote)
		return 0;
	git_oid_tostr(id, sizeof(id), &p->ids[p->first]);
	if (!force) {
		error_set("commit %s and the ones after it are already on %s: rewriting them breaks the history others have; rewrite only unpublished commits (give a range after %s), or pass --force",
			  id, remote, remote);
		free(remote);
		return -1;
	}
	{
		struct buf w = BUF_INIT;

		buf_addf(&w, "commit %s and the ones after it are already on %s: rewriting them anyway (--force); others who have them must rebase",
			 id, remote);
		out->warning = buf_detach(&w, NULL);
	}
	free(remote);
	return 0;
}

/* "Name <email> " of the new committer, and its date " 123 +0100". */
static void format_committer(struct buf *ident, struct buf *date,
			     const git_signature *who)
{
	int off = who->when.offset;
	char sign = off < 0 || (off == 0 && who->when.sign == '-') ? '-' : '+';

	if (off < 0)
		off = -off;
	buf_addf(ident, "committer %s <%s>", who->name, who->email);
	buf_addf(date, " %lld %c%02d%02d", (long long)who->when.time, sign,
		 off / 60, off % 60);
}

static bool field_is(const char *line, size_t len, const char *key)
{
	size_t k = strlen(key);

	return len > k && !memcmp(line, key, k) && line[k] == ' ';
}

/*
 * The raw header of a commit with the parent replaced (when parent is
 * not NULL), a new committer and, when asked, the signature dropped;
 * every other header (tree, author, encoding, mergetag, ...) is kept
 * byte for byte.
 */
static void rewrite_header(struct buf *out, const char *hdr, size_t len,
			   const git_oid *parent, const struct buf *ident,
			   const struct buf *date, bool drop_sig)
{
	const char *p = hdr, *end = hdr + len;
	bool skipping = false;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);
		char hex[OID_HEX + 1];

		if (*p == ' ') {	/* continuation of the field above */
			if (!skipping)
				buf_add(out, p, n + 1);
		} else if (field_is(p, n, "parent") && parent) {
			skipping = false;
			git_oid_tostr(hex, sizeof(hex), parent);
			buf_addf(out, "parent %s\n", hex);
		} else if (field_is(p, n, "committer")) {
			const char *gt = memrchr(p, '>', n);

			skipping = false;
			buf_add(out, ident->ptr, ident->len);
			if (date->len || !gt)
				buf_add(out, date->ptr, date->len);
			else
				buf_add(out, gt + 1, n - (size_t)(gt + 1 - p));
			buf_addch(out, '\n');
		} else if (drop_sig && (field_is(p, n, "gpgsig") ||
					field_is(p, n, "gpgsig-sha256"))) {
			skipping = true;
		} else {
			skipping = false;
			buf_add(out, p, n + 1);
		}
		p += n + 1;
	}
}

/*
 * The new commits are collected in memory and written as one pack (and
 * its index), fsynced, before any ref moves: two files instead of one
 * per commit, and a crash leaves at most an unused temporary file.
 */
static int open_writer(git_odb_backend **out, struct repo *r, git_odb *odb)
{
	if (!r->mempack) {
		if (git_mempack_new(&r->mempack) < 0)
			return git_fail("cannot set up the object writer");
		if (git_odb_add_backend(odb, r->mempack, 1000) < 0) {
			r->mempack->free(r->mempack);
			r->mempack = NULL;
			return git_fail("cannot set up the object writer");
		}
	}
	git_mempack_reset(r->mempack);
	*out = r->mempack;
	return 0;
}

static int write_object(git_oid *out, git_odb_backend *w, const char *data,
			size_t len)
{
	if (git_odb_hash(out, data, len, GIT_OBJECT_COMMIT) < 0 ||
	    w->write(w, out, data, len, GIT_OBJECT_COMMIT) < 0)
		return git_fail("cannot make a new commit (the branch was not changed)");
	return 0;
}

/*
 * Test only: wait for the file named by the variable var
 * (DISCLOSE_TEST_PAUSE_BEFORE_REF: objects written, no ref moved yet;
 * DISCLOSE_TEST_PAUSE_IN_PACK: inside the pack write). The variable alone
 * does nothing: DISCLOSE_TEST_HOOKS must also hold this key
 * (tests/e2e/lib.sh sets it), so that a stray variable in a user's
 * environment never stalls a real rewrite.
 */
#define TEST_HOOKS_KEY "disclose-test-hooks-5c0f19ad"

static void test_pause_at(const char *var)
{
	const char *path = getenv(var);
	const char *key = getenv("DISCLOSE_TEST_HOOKS");
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	struct buf waiting = BUF_INIT;

	if (!path || !*path || !key || strcmp(key, TEST_HOOKS_KEY))
		return;
	/* tell the test that we wait */
	buf_addf(&waiting, "%s.waiting", path);
	write_file_atomic(waiting.ptr, "", 0, 0644);
	buf_release(&waiting);
	for (int i = 0; i < 6000 && access(path, F_OK) < 0; i++)
		nanosleep(&ts, NULL);
}

/*
 * The pack is written into a private directory under objects/pack (git
 * looks only at objects/pack itself), then a .keep is made for it, then
 * the pack and last its index move in: git finds packs by their index,
 * so no git repack -a -d or git gc ever sees the new pack without its
 * .keep, which stays until the branch points at the new commits (as git
 * fetch does). Making the directory also asks first whether a file can
 * be created there: libgit2 1.5 leaks when git_packbuilder_write()
 * cannot create its temporary file.
 */
struct pack_out {
	char *dir;		/* objects/pack/, with the slash */
	char *tmp;		/* the private directory */
	char *keep;		/* the .keep, once made */
	bool locked;		/* lock_fd holds the directory, flock()ed */
	int lock_fd;
};

static void pack_out_clean(struct pack_out *o)
{
	struct buf path = BUF_INIT;
	DIR *d;
	struct dirent *e;

	if (o->tmp && (d = opendir(o->tmp))) {
		while ((e = readdir(d)))
			if (e->d_name[0] != '.') {
				buf_reset(&path);
				buf_addf(&path, "%s/%s", o->tmp, e->d_name);
				unlink(path.ptr);
			}
		closedir(d);
		rmdir(o->tmp);
	}
	/* unlocked only once it is gone: nobody else removes it */
	if (o->locked)
		close(o->lock_fd);
	o->locked = false;
	buf_release(&path);
	free(o->tmp);
	free(o->dir);
	o->tmp = o->dir = NULL;
}

/*
 * Take the flock() of directory path, which a rewrite holds on its
 * private directory as long as it lives: the kernel lets go when the
 * process ends, however it ends (SIGKILL too), so the lock tells a live
 * owner from a dead one where a PID could have been reused.
 */
static bool lock_dir(int *fd, const char *path)
{
	*fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (*fd < 0)
		return false;
	if (flock(*fd, LOCK_EX | LOCK_NB) == 0)
		return true;
	close(*fd);
	return false;
}

/*
 * A rewrite killed (SIGKILL, a crash) while writing its pack leaves its
 * private directory, which git gc does not remove. Remove ours (our
 * user's) whose lock nobody holds: their rewrite is dead. A directory
 * named without "lk_" is from a version that took no lock: removed only
 * when more than an hour old (a running rewrite takes seconds).
 */
static void remove_stale(const char *pack_dir)
{
	DIR *d = opendir(pack_dir);
	struct dirent *e;
	struct stat st;
	struct buf path = BUF_INIT;

	while (d && (e = readdir(d))) {
		struct pack_out old = { 0 };

		if (strncmp(e->d_name, "tmp_disclose_", 13))
			continue;
		buf_reset(&path);
		buf_addf(&path, "%s%s", pack_dir, e->d_name);
		if (lstat(path.ptr, &st) < 0 || !S_ISDIR(st.st_mode) ||
		    st.st_uid != geteuid())
			continue;
		if (!strncmp(e->d_name, "tmp_disclose_lk_", 16)) {
			if (!lock_dir(&old.lock_fd, path.ptr))
				continue;
			old.locked = true;
		} else if (st.st_mtime > time(NULL) - 3600) {
			continue;
		}
		old.tmp = xstrdup(path.ptr);
		pack_out_clean(&old);
	}
	if (d)
		closedir(d);
	buf_release(&path);
}

static int fail_write(struct repo *r, int err, const char *what,
		      const char *path)
{
	if (disk_full(r, err))
		return full_error(r, "cannot write the new commits to the object database");
	return error_set("cannot write the new commits to the object database (the branch was not changed): %s %s: %s",
			 what, path, strerror(err));
}

/*
 * Lock the new private directory. Another rewrite's remove_stale() may
 * take it between mkdtemp() and the lock and remove it, empty: then the
 * directory locked is not the one at the path, and the rewrite stops
 * before writing anything.
 */
static int lock_new_dir(struct pack_out *o)
{
	struct stat at, held;

	if (!lock_dir(&o->lock_fd, o->tmp))
		return error_set("cannot lock %s (another git disclose removed it?): run again",
				 o->tmp);
	o->locked = true;
	if (fstat(o->lock_fd, &held) < 0 || lstat(o->tmp, &at) < 0 ||
	    at.st_ino != held.st_ino || at.st_dev != held.st_dev)
		return error_set("%s was removed while git disclose made it (another git disclose at the same moment?): nothing was changed; run again",
				 o->tmp);
	return 0;
}

static int pack_out_start(struct pack_out *o, struct repo *r)
{
	git_buf dir = { 0 };
	struct buf path = BUF_INIT;
	int rc = 0;

	/* GIT_OBJECT_DIRECTORY: where git (and libgit2, opened from the
	 * environment) reads the objects, so the pack must go there */
	if (r->objects_dir)
		buf_addf(&path, "%s/pack/", r->objects_dir);
	else if (git_repository_item_path(&dir, r->git,
					  GIT_REPOSITORY_ITEM_OBJECTS) < 0)
		return git_fail("cannot find the object database");
	else
		buf_addf(&path, "%spack/", dir.ptr);
	o->dir = buf_detach(&path, NULL);
	/* git makes pack/ when it first needs it; mkdtemp() names errors */
	mkdir(o->dir, 0777);
	remove_stale(o->dir);
	buf_addf(&path, "%stmp_disclose_lk_XXXXXX", o->dir);
	if (!mkdtemp(path.ptr)) {
		int err = errno;

		rc = disk_full(r, err)
		     ? full_error(r, "cannot write the new commits to the object database")
		     : error_set("cannot write the new commits to the object database (the branch was not changed): cannot create a file in %s: %s",
				 o->dir, strerror(err));
		buf_release(&path);
	} else {
		o->tmp = buf_detach(&path, NULL);
		rc = lock_new_dir(o);
	}
	git_buf_dispose(&dir);
	test_pause_at("DISCLOSE_TEST_PAUSE_IN_PACK");
	return rc;
}

/* The .keep, then the pack, then its index into objects/pack. */
static int pack_out_finish(struct pack_out *o, struct repo *r,
			   const char *name)
{
	const char *ext[] = { "pack", "idx" };
	struct buf from = BUF_INIT, to = BUF_INIT;
	int fd, rc = -1;

	buf_addf(&to, "%spack-%s.keep", o->dir, name);
	fd = open(to.ptr, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "git disclose\n", 13) != 13 ||
	    fsync(fd) < 0 || close(fd) < 0) {
		int err = errno;

		unlink(to.ptr);
		fail_write(r, err, "cannot write", to.ptr);
		goto out;
	}
	o->keep = buf_detach(&to, NULL);
	for (size_t i = 0; i < 2; i++) {
		buf_reset(&from);
		buf_addf(&from, "%s/pack-%s.%s", o->tmp, name, ext[i]);
		buf_addf(&to, "%spack-%s.%s", o->dir, name, ext[i]);
		if (rename(from.ptr, to.ptr) < 0) {
			fail_write(r, errno, "cannot move the pack to", to.ptr);
			goto out;
		}
		buf_reset(&to);
	}
	fd = open(o->dir, O_RDONLY | O_DIRECTORY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	rc = 0;
out:
	buf_release(&from);
	buf_release(&to);
	return rc;
}

/*
 * Write the new commits (held by the memory backend) as one kept pack;
 * with trees, each commit's tree goes with it (a notes commit). *keep
 * names the .keep to remove once a ref points at the commits.
 */
static int flush_writer(char **keep, struct repo *r, const git_oid *ids,
			size_t nr, bool trees)
{
	git_packbuilder *pb = NULL;
	struct pack_out o = { 0 };
	int rc = -1;

	if (pack_out_start(&o, r) < 0) {
		pack_out_clean(&o);
		return -1;
	}
	git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, 1);
	errno = 0;
	if (git_packbuilder_new(&pb, r->git) < 0)
		goto fail;
	git_packbuilder_set_threads(pb, 1);
	for (size_t i = 0; i < nr; i++)
		if ((trees ? git_packbuilder_insert_commit(pb, &ids[i])
			   : git_packbuilder_insert(pb, &ids[i], NULL)) < 0)
			goto fail;
	if (git_packbuilder_write(pb, o.tmp, 0, NULL, NULL) < 0)
		goto fail;
	rc = pack_out_finish(&o, r, git_packbuilder_name(pb));
	*keep = o.keep;
	goto out;
fail:
	if (disk_full(r, errno))
		full_error(r, "cannot write the new commits to the object database");
	else
		git_fail("cannot write the new commits to the object database (the branch was not changed)");
out:
	pack_out_clean(&o);
	git_packbuilder_free(pb);
	return rc;
}

/* Write the new commit for the old one id on parent (NULL: same). */
static int write_rewritten(git_oid *out, git_odb *odb, git_odb_backend *w,
			   const git_oid *id,
			   const git_oid *parent, const char *msg,
			   size_t msg_len, const struct buf *ident,
			   const struct buf *date, bool drop_sig)
{
	git_odb_object *obj = NULL;
	struct buf b = BUF_INIT;
	const char *raw, *sep;
	size_t len;
	int rc = -1;

	if (git_odb_read(&obj, odb, id) < 0)
		return git_fail("cannot read a commit of the range");
	raw = git_odb_object_data(obj);
	len = git_odb_object_size(obj);
	sep = memmem(raw, len, "\n\n", 2);
	if (!sep) {
		error_set("commit %s has no message separator: it cannot be rewritten; check it with git fsck",
			  git_oid_tostr_s(id));
		goto out;
	}
	rewrite_header(&b, raw, (size_t)(sep - raw) + 1, parent, ident, date,
		       drop_sig);
	buf_addch(&b, '\n');
	if (msg)
		buf_add(&b, msg, msg_len);
	else
		buf_add(&b, sep + 2, len - (size_t)(sep + 2 - raw));
	rc = write_object(out, w, b.ptr, b.len);
out:
	buf_release(&b);
	git_odb_object_free(obj);
	return rc;
}

static void fill_entries(struct rewrite_result *out, const struct plan *p,
			 const git_oid *new_ids)
{
	out->entries = xcalloc(p->nr, sizeof(*out->entries));
	for (size_t i = 0; i < p->nr; i++) {
		struct rewrite_entry *e = &out->entries[i];

		git_oid_tostr(e->old_id, sizeof(e->old_id), &p->ids[i]);
		e->message_changed = p->msgs[i] != NULL;
		e->rewritten = i >= p->first;
		if (!e->rewritten)
			memcpy(e->new_id, e->old_id, sizeof(e->new_id));
		else if (new_ids)
			git_oid_tostr(e->new_id, sizeof(e->new_id),
				      &new_ids[i - p->first]);
		out->nr_changed += e->message_changed;
		out->nr_rewritten += e->rewritten;
	}
}

/* Write the commits from p->first on, each on the rewritten parent. */
static int write_series(git_oid *new_ids, char **keep, struct repo *r,
			const struct plan *p, const git_signature *who,
			bool keep_date, bool drop_sig)
{
	struct buf ident = BUF_INIT, date = BUF_INIT, unused = BUF_INIT;
	git_odb_backend *w = NULL;
	git_odb *odb = NULL;
	int rc = -1;

	format_committer(&ident, keep_date ? &unused : &date, who);
	if (git_repository_odb(&odb, r->git) < 0) {
		git_fail("cannot open the object database");
		goto out;
	}
	if (open_writer(&w, r, odb) < 0)
		goto out;
	for (size_t i = p->first; i < p->nr; i++) {
		const git_oid *parent = i > p->first ?
					&new_ids[i - p->first - 1] : NULL;

		if (write_rewritten(&new_ids[i - p->first], odb, w, &p->src[i],
				    parent, p->msgs[i], p->lens[i], &ident,
				    &date, drop_sig) < 0)
			goto out;
	}
	rc = flush_writer(keep, r, new_ids, p->nr - p->first, false);
out:
	if (w)
		git_mempack_reset(w);
	git_odb_free(odb);
	buf_release(&ident);
	buf_release(&date);
	buf_release(&unused);
	return rc;
}

/* Refuse when path exists: git holds it while it works (git's own
 * commands refuse the same way). */
static int check_lock(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return 0;
	return error_set("'%s' exists: another git process seems to be running in this repository (an editor opened by git commit?); wait for it to finish, or if no git process is running remove that file (a git command crashed), then run again",
			 path);
}

/*
 * HEAD.lock, the index's lock and the branch's lock, as git takes them;
 * and the locks of what is written after the branch (the backup ref and
 * ORIG_HEAD), so that a lock left there stops the run before anything
 * changed instead of leaving a rewrite without its backup.
 */
static int check_locks(struct repo *r, const char *branch)
{
	const char *index = getenv("GIT_INDEX_FILE");
	struct buf path = BUF_INIT;
	int rc;

	buf_addf(&path, "%s/HEAD.lock", r->git_dir);
	rc = check_lock(path.ptr);
	buf_reset(&path);
	if (index && *index)
		buf_addf(&path, "%s.lock", index);
	else
		buf_addf(&path, "%s/index.lock", r->git_dir);
	if (rc == 0)
		rc = check_lock(path.ptr);
	buf_reset(&path);
	if (strcmp(branch, "HEAD")) {
		const char *common = git_repository_commondir(r->git);
		size_t n = strlen(common);

		buf_addf(&path, "%s%s%s.lock", common,
			 n && common[n - 1] == '/' ? "" : "/", branch);
		if (rc == 0)
			rc = check_lock(path.ptr);
		buf_reset(&path);
	}
	buf_addf(&path, "%s/ORIG_HEAD.lock", r->git_dir);
	if (rc == 0)
		rc = check_lock(path.ptr);
	buf_reset(&path);
	buf_adds(&path, git_repository_commondir(r->git));
	if (path.len && path.ptr[path.len - 1] != '/')
		buf_addch(&path, '/');
	backup_name(&path, branch);
	buf_adds(&path, ".lock");
	if (rc == 0)
		rc = check_lock(path.ptr);
	buf_release(&path);
	return rc;
}

/* The checks that need no range: a work tree, no operation, HEAD. */
static int plan_start(struct plan *p, struct repo *r, bool detached)
{
	git_commit *c = NULL;

	if (repo_is_bare(r))
		return error_set("this is a bare repository: rewriting needs a branch checked out in a work tree (use git worktree add)");
	if (repo_check_state(r, false) < 0 || repo_head_commit(&c, r) < 0)
		return -1;
	git_oid_cpy(&p->head, git_commit_id(c));
	git_commit_free(c);
	if (head_ref_name(&p->ref, r) < 0)
		return -1;
	if (!strcmp(p->ref, "HEAD") && !detached)
		return error_set("HEAD is detached: switch to the branch to rewrite (git switch <branch>), or pass --detached to move HEAD alone");
	return 0;
}

/* Block the signals that end a process from the terminal or a kill. */
static int block_signals(sigset_t *saved)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	return sigprocmask(SIG_BLOCK, &set, saved);
}

/*
 * A SIGINT or SIGTERM that came while the refs were written is held
 * until the caller has said what was written: the new tip and the undo
 * (rewrite_release_signals(), from rewrite_result_release(), or at exit
 * at the latest). It then ends the process as it would have: the exit
 * status still tells the shell of the interruption.
 */
static struct {
	bool held;
	bool at_exit;
	sigset_t saved;
} sig_hold;

void rewrite_release_signals(void)
{
	if (!sig_hold.held)
		return;
	sig_hold.held = false;
	fflush(stdout);
	fflush(stderr);
	sigprocmask(SIG_SETMASK, &sig_hold.saved, NULL);
}

static void hold_signals(const sigset_t *saved)
{
	sig_hold.saved = *saved;
	sig_hold.held = true;
	if (!sig_hold.at_exit)
		sig_hold.at_exit = atexit(rewrite_release_signals) == 0;
}

/* Add one line to out->warning. */
static void add_warning(struct rewrite_result *out, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	if (out->warning)
		buf_addf(&b, "%s; ", out->warning);
	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	free(out->warning);
	out->warning = buf_detach(&b, NULL);
}

/* Remove the directory path and those under it, where they are empty. */
static void rmdir_empty(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	struct buf sub = BUF_INIT;

	while (d && (e = readdir(d))) {
		if (e->d_type != DT_DIR || e->d_name[0] == '.')
			continue;
		buf_reset(&sub);
		buf_addf(&sub, "%s/%s", path, e->d_name);
		rmdir_empty(sub.ptr);
	}
	if (d)
		closedir(d);
	rmdir(path);
	buf_release(&sub);
}

/*
 * Move the backup from to the name to with its whole reflog: the log is
 * copied as it is (libgit2 1.5's rename keeps only the last entry), the
 * new ref made, and only then the old one deleted.
 */
static int move_backup(git_reference **out, struct repo *r,
		       git_reference *from, const char *to)
{
	const char *dir = git_repository_commondir(r->git);
	struct buf src = BUF_INIT, dst = BUF_INIT, log = BUF_INIT;
	int fd, rc = -1;

	buf_addf(&src, "%s/logs/%s", dir, git_reference_name(from));
	buf_addf(&dst, "%s/logs/%s", dir, to);
	/* no log (or none readable) is no loss: the ref moves alone */
	if (read_regular_file(&log, src.ptr, CONFIG_FILE_LIMIT, READ_NOFOLLOW)
	    < 0)
		error_clear();
	else if (log.len) {
		fd = open(dst.ptr, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW |
			  O_CLOEXEC, 0644);
		if (fd < 0 || write(fd, log.ptr, log.len) != (ssize_t)log.len ||
		    fsync(fd) < 0) {
			error_set("cannot write %s: %s", dst.ptr,
				  strerror(errno));
			if (fd >= 0)
				close(fd);
			goto out;
		}
		close(fd);
	}
	if (git_reference_create(out, r->git, to, git_reference_target(from),
				 0, "disclose: an old backup moved here") < 0 ||
	    git_reference_delete(from) < 0)
		goto out;
	rc = 0;
out:
	buf_release(&src);
	buf_release(&dst);
	buf_release(&log);
	return rc;
}

/* A free name for an old backup moved to today's name (want). */
static int free_backup_name(struct buf *out, struct repo *r, const char *want)
{
	git_oid id;

	for (int k = 1; k < 100; k++) {
		buf_reset(out);
		/* "%o" never comes out of backup_name(): no branch has it */
		if (k == 1)
			buf_adds(out, want);
		else
			buf_addf(out, "%s%%old%d", want, k);
		if (git_reference_name_to_id(&id, r->git, out->ptr) ==
		    GIT_ENOTFOUND)
			return 0;
	}
	return error_set("no free name for an old backup beside %s", want);
}

/*
 * Backups were once named refs/disclose/backup/<branch> with the slashes
 * as they are: the old backup of feat/sub is then a directory "feat" in
 * the way of feat's backup. Move each ref under the name of branch's
 * backup to today's name (slashes as %2F) with its reflog, or beside it
 * when that is taken: no backup is lost. out->warning names the moves.
 */
static void migrate_old_backups(struct rewrite_result *out, struct repo *r,
				const char *branch)
{
	struct buf name = BUF_INIT, want = BUF_INIT, to = BUF_INIT;
	git_reference_iterator *it = NULL;
	git_strarray old = { 0 };
	git_reference *ref;
	size_t cap = 0;

	backup_name(&name, branch);
	buf_addch(&name, '/');
	if (git_reference_iterator_new(&it, r->git) < 0)
		goto out;
	while (git_reference_next(&ref, it) == 0) {
		const char *n = git_reference_name(ref);

		if (!strncmp(n, name.ptr, name.len)) {
			if (old.count == cap) {
				cap = cap ? 2 * cap : 4;
				old.strings = xrealloc(old.strings,
						       cap * sizeof(char *));
			}
			old.strings[old.count++] = xstrdup(n);
		}
		git_reference_free(ref);
	}
	for (size_t i = 0; i < old.count; i++) {
		git_reference *from = NULL, *moved = NULL;
		const char *n = old.strings[i];

		buf_reset(&want);
		backup_name(&want, n + strlen("refs/disclose/backup/"));
		if (free_backup_name(&to, r, want.ptr) < 0 ||
		    git_reference_lookup(&from, r->git, n) < 0 ||
		    move_backup(&moved, r, from, to.ptr) < 0)
			add_warning(out, "the old backup %s could not be moved to %s (%s): rename it with git update-ref, then run again",
				    n, want.ptr, git_error_last() ?
				    git_error_last()->message : error_last());
		else
			add_warning(out, "the old backup %s (named as before) is now %s",
				    n, to.ptr);
		git_reference_free(from);
		git_reference_free(moved);
	}
	/* the emptied directories of the old names, refs and logs */
	for (size_t i = 0; old.count && i < 2; i++) {
		buf_reset(&to);
		buf_addf(&to, "%s/%s%.*s", git_repository_commondir(r->git),
			 i ? "logs/" : "", (int)name.len - 1, name.ptr);
		rmdir_empty(to.ptr);
	}
out:
	git_reference_iterator_free(it);
	git_strarray_dispose(&old);
	buf_release(&name);
	buf_release(&want);
	buf_release(&to);
}

/*
 * Replacements (git replace): git log and git rebase see the replacement
 * of a commit instead of the commit, unless GIT_NO_REPLACE_OBJECTS is
 * set or core.useReplaceRefs is false; GIT_REPLACE_REF_BASE moves them
 * from refs/replace/. Returns 0 with replacements off, 1 with them on
 * (base gets the ref prefix).
 */
static int replace_refs_on(struct buf *base, struct repo *r)
{
	const char *env = getenv("GIT_REPLACE_REF_BASE");
	char *v = NULL;
	int use = 1;

	if (getenv("GIT_NO_REPLACE_OBJECTS"))
		return 0;
	/* with git -c, as git reads it */
	if (repo_config_get(&v, r, "core.useReplaceRefs") == 0 && v &&
	    git_config_parse_bool(&use, v) < 0)
		use = 1;
	free(v);
	buf_adds(base, env && *env ? env : "refs/replace/");
	if (base->ptr[base->len - 1] != '/')
		buf_addch(base, '/');
	return use ? 1 : 0;
}

/* Do commits a and b have the same parents? */
static bool same_parents(struct repo *r, const git_oid *a, const git_oid *b)
{
	git_commit *ca = NULL, *cb = NULL;
	bool same = git_commit_lookup(&ca, r->git, a) == 0 &&
		    git_commit_lookup(&cb, r->git, b) == 0 &&
		    git_commit_parentcount(ca) == git_commit_parentcount(cb);

	for (unsigned i = 0; same && i < git_commit_parentcount(ca); i++)
		same = git_oid_equal(git_commit_parent_id(ca, i),
				     git_commit_parent_id(cb, i));
	git_commit_free(ca);
	git_commit_free(cb);
	return same;
}

/* "--root" or the first commit's parent: where git rebase would start. */
static void rebase_base(struct buf *out, struct repo *r, const struct plan *p)
{
	git_commit *c = NULL;

	if (git_commit_lookup(&c, r->git, &p->ids[0]) == 0 &&
	    git_commit_parentcount(c))
		buf_addf(out, "%.12s", git_oid_tostr_s(git_commit_parent_id(c, 0)));
	else
		buf_adds(out, "--root");
	git_commit_free(c);
}

/*
 * What git sees for commit i of the range, into p->src[i]: its
 * replacement, followed as git does (at most 5 deep). A rewrite then
 * makes the new commit from the replacement's tree, author and message,
 * as git rebase --force-rebase does. A replacement with other parents
 * changes the history git walks, not one commit: refused.
 */
static int resolve_replacement(struct repo *r, struct plan *p, size_t i,
			       const char *base)
{
	struct buf name = BUF_INIT, from = BUF_INIT;
	char id[OID_HEX + 1], to_hex[OID_HEX + 1];
	git_object *obj = NULL;
	git_oid to;
	int depth = 0, rc = 0;

	git_oid_cpy(&p->src[i], &p->ids[i]);
	git_oid_tostr(id, sizeof(id), &p->ids[i]);
	for (;;) {
		buf_reset(&name);
		buf_addf(&name, "%s%s", base, git_oid_tostr_s(&p->src[i]));
		if (git_reference_name_to_id(&to, r->git, name.ptr) < 0)
			break;
		if (++depth > 5) {
			rc = error_set("commit %.12s has a chain of more than 5 replacements (%s): git gives up there too; shorten it with git replace -d, then run again",
				       id, name.ptr);
			goto out;
		}
		git_oid_cpy(&p->src[i], &to);
	}
	if (!depth)
		goto out;
	git_oid_tostr(to_hex, sizeof(to_hex), &p->src[i]);
	if (git_object_lookup(&obj, r->git, &p->src[i], GIT_OBJECT_ANY) < 0 ||
	    git_object_type(obj) != GIT_OBJECT_COMMIT) {
		rc = error_set("commit %.12s is replaced by %.12s, which is not a commit here: remove the replacement with git replace -d %.12s, then run again",
			       id, to_hex, id);
	} else if (!same_parents(r, &p->ids[i], &p->src[i])) {
		rebase_base(&from, r, p);
		rc = error_set("commit %.12s is replaced (git replace) by %.12s, which has other parents: that changes the history, and git disclose rewrites a series as recorded; write the replacement into the history with git rebase --force-rebase %s (git rebase sees replacements), then git replace -d %.12s, then run again (or just git replace -d %.12s)",
			       id, to_hex, from.ptr, id, id);
	}
out:
	git_object_free(obj);
	buf_release(&name);
	buf_release(&from);
	return rc;
}

/*
 * p->src for the range (see resolve_replacement). Grafts (info/grafts)
 * are refused: git has deprecated them, and libgit2 walks the recorded
 * parents.
 */
static int plan_replacements(struct repo *r, struct plan *p)
{
	struct buf path = BUF_INIT, base = BUF_INIT;
	bool on = replace_refs_on(&base, r) == 1;
	struct stat st;
	int rc = 0;

	p->src = xcalloc(p->nr, sizeof(*p->src));
	for (size_t i = 0; i < p->nr && !rc; i++) {
		if (on)
			rc = resolve_replacement(r, p, i, base.ptr);
		else
			git_oid_cpy(&p->src[i], &p->ids[i]);
	}
	buf_adds(&path, git_repository_commondir(r->git));
	if (path.len && path.ptr[path.len - 1] != '/')
		buf_addch(&path, '/');
	buf_adds(&path, "info/grafts");
	if (!rc && lstat(path.ptr, &st) == 0 && st.st_size > 0)
		rc = error_set("%s exists: git sees other parents than the commits record, and git disclose would rewrite the recorded history; convert the grafts with git replace --convert-graft-file (then see git replace -l) or remove the file, then run again",
			       path.ptr);
	buf_release(&path);
	buf_release(&base);
	return rc;
}

/* Unless notes.rewrite.amend is false, the notes refs to carry:
 * GIT_NOTES_REWRITE_REF (colon-separated) else each notes.rewriteRef,
 * as git commit --amend reads them. */
static int note_ref_cb(const git_config_entry *e, void *data)
{
	struct buf *b = data;

	buf_addf(b, "%s%s", b->len ? ":" : "", e->value);
	return 0;
}

static void notes_refs(struct buf *out, struct repo *r)
{
	const char *env = getenv("GIT_NOTES_REWRITE_REF");
	git_config *cfg = NULL;
	int amend = 1;

	if (repo_config_snapshot(&cfg, r) < 0)
		return;
	if (git_config_get_bool(&amend, cfg, "notes.rewrite.amend") < 0)
		amend = 1;
	if (amend && env)
		buf_adds(out, env);
	else if (amend)
		git_config_get_multivar_foreach(cfg, "notes.rewriteRef", NULL,
						note_ref_cb, out);
	git_config_free(cfg);
}

/*
 * Copy the note of each rewritten commit in the notes ref ref: one notes
 * commit on top of ref's (git_note_create would write one per note, and
 * into the rewrite's memory backend), written as a kept pack like the
 * commits, then ref moved by compare-and-swap.
 */
static int copy_notes_in(struct repo *r, const char *ref,
			 const struct plan *p, const git_oid *new_ids,
			 const git_signature *who)
{
	git_odb *odb = NULL;
	git_odb_backend *w;
	git_commit *top = NULL;
	git_oid old, next;
	bool have_old = git_reference_name_to_id(&old, r->git, ref) == 0;
	char *keep = NULL;
	size_t copied = 0;
	int rc = -1;

	if ((have_old && git_commit_lookup(&top, r->git, &old) < 0) ||
	    git_repository_odb(&odb, r->git) < 0) {
		git_fail("cannot read the notes");
		goto out;
	}
	if (open_writer(&w, r, odb) < 0)
		goto out;
	for (size_t i = p->first; i < p->nr; i++) {
		git_note *note = NULL;
		int got = git_note_read(&note, r->git, ref, &p->ids[i]);

		if (got == GIT_ENOTFOUND)
			continue;
		if (got < 0 ||
		    git_note_commit_create(&next, NULL, r->git, top, who, who,
					   &new_ids[i - p->first],
					   git_note_message(note), 1) < 0) {
			git_fail("cannot copy a note");
			git_note_free(note);
			goto out;
		}
		git_note_free(note);
		git_commit_free(top);
		top = NULL;
		if (git_commit_lookup(&top, r->git, &next) < 0) {
			git_fail("cannot read the new notes");
			goto out;
		}
		copied++;
	}
	rc = 0;
	if (copied && (flush_writer(&keep, r, &next, 1, true) < 0 ||
		       move_ref(r, ref, &next, have_old ? &old : NULL,
				"disclose: notes copied to the rewritten commits") < 0))
		rc = -1;
out:
	if (keep) {
		unlink(keep);
		free(keep);
	}
	if (r->mempack)
		git_mempack_reset(r->mempack);
	git_commit_free(top);
	git_odb_free(odb);
	return rc;
}

static void copy_notes(struct rewrite_result *out, struct repo *r,
		       const struct plan *p, const git_oid *new_ids,
		       const git_signature *who)
{
	struct buf refs = BUF_INIT;
	char *save = NULL;

	notes_refs(&refs, r);
	for (char *ref = refs.len ? strtok_r(refs.ptr, ":", &save) : NULL; ref;
	     ref = strtok_r(NULL, ":", &save)) {
		git_reference_iterator *it = NULL;
		git_reference *nref;

		if (!strchr(ref, '*')) {
			if (copy_notes_in(r, ref, p, new_ids, who) < 0)
				add_warning(out, "the notes of %s were not carried to the new commits: %s",
					    ref, error_last());
			continue;
		}
		if (git_reference_iterator_glob_new(&it, r->git, ref) < 0)
			continue;
		while (git_reference_next(&nref, it) == 0) {
			if (copy_notes_in(r, git_reference_name(nref), p,
					  new_ids, who) < 0)
				add_warning(out, "the notes of %s were not carried to the new commits: %s",
					    git_reference_name(nref),
					    error_last());
			git_reference_free(nref);
		}
		git_reference_iterator_free(it);
	}
	buf_release(&refs);
}

/*
 * A commit made from its replacement (git replace) gets the
 * replacement's tree and message, as git rebase gives it: that is more
 * than a new message, so it is said.
 */
static void say_replacements(struct rewrite_result *out,
			     const struct plan *p)
{
	size_t n = 0, at = 0;

	for (size_t i = p->first; i < p->nr; i++)
		if (!git_oid_equal(&p->src[i], &p->ids[i]) && !n++)
			at = i;
	if (n)
		add_warning(out, "%zu commit%s (the first %s) %s replaced (git replace): the new commit%s %s made from the replacement's tree and message, as git rebase does, not from what the history records; the backup ref keeps the recorded commits",
			    n, n == 1 ? "" : "s",
			    git_oid_tostr_s(&p->ids[at]), n == 1 ? "is" : "are",
			    n == 1 ? "" : "s", n == 1 ? "is" : "are");
}

static int rewrite_commit_plan(struct rewrite_result *out, struct repo *r,
			       const struct rewrite_opts *o, struct plan *p,
			       const char *range, repo_reword_fn fn,
			       void *data)
{
	git_signature *who = NULL;
	git_oid *new_ids = NULL;
	const git_oid *tip;
	struct buf msg = BUF_INIT;
	sigset_t saved;
	bool sigs_blocked = false;
	char *keep = NULL;
	int rc = -1;

	/* the messages first: their errors say more than the tip's */
	if (plan_range(p, r, range) < 0 || check_linear(r, p) < 0 ||
	    plan_replacements(r, p) < 0 ||
	    plan_messages(p, r, fn, data) < 0 ||
	    check_tip(r, p, range, &p->tip) < 0)
		return -1;
	git_oid_tostr(out->old_tip, sizeof(out->old_tip), &p->head);
	memcpy(out->new_tip, out->old_tip, sizeof(out->new_tip));
	out->nr_commits = p->nr;
	if (p->first == p->nr) {	/* nothing changes */
		fill_entries(out, p, NULL);
		return 0;
	}
	if ((!o->drop_signatures && check_signatures(r, p) < 0) ||
	    check_shallow(r, p) < 0 || check_remotes(out, r, p, o->force) < 0)
		return -1;
	say_replacements(out, p);
	if (o->dry_run) {
		fill_entries(out, p, NULL);
		out->new_tip[0] = '\0';
		return 0;
	}
	if (new_committer(&who, r) < 0)
		return -1;
	new_ids = xcalloc(p->nr - p->first, sizeof(*new_ids));
	if (o->reflog_msg)
		buf_adds(&msg, o->reflog_msg);
	else
		buf_addf(&msg, "disclose: rewrite %s", range);
	/*
	 * From the pack to the last ref, SIGINT, SIGTERM, SIGHUP and
	 * SIGQUIT wait: an interrupted ref update leaves locks behind.
	 * When the branch moved they wait on until the caller has said
	 * so (hold_signals()).
	 */
	sigs_blocked = block_signals(&saved) == 0;
	if (write_series(new_ids, &keep, r, p, who, o->keep_committer_date,
			 o->drop_signatures) < 0)
		goto out;
	tip = &new_ids[p->nr - p->first - 1];
	test_pause_at("DISCLOSE_TEST_PAUSE_BEFORE_REF");
	if (move_ref(r, p->ref, tip, &p->head, msg.ptr) < 0)
		goto out;
	git_oid_tostr(out->new_tip, sizeof(out->new_tip), tip);
	fill_entries(out, p, new_ids);
	rc = 0;
	migrate_old_backups(out, r, p->ref);
	if (save_backup(&out->backup_ref, r, p->ref, &p->head, who,
			msg.ptr) < 0)
		add_warning(out, "the branch was rewritten, but %s; the old tip %s is in the branch's reflog (git reflog %s)",
			    error_last(), out->old_tip, short_branch(p->ref));
	copy_notes(out, r, p, new_ids, who);
out:
	if (keep) {
		unlink(keep);
		free(keep);
	}
	if (sigs_blocked && rc == 0)
		hold_signals(&saved);
	else if (sigs_blocked)
		sigprocmask(SIG_SETMASK, &saved, NULL);
	buf_release(&msg);
	free(new_ids);
	git_signature_free(who);
	return rc;
}

static void result_free(struct rewrite_result *res)
{
	free(res->ref);
	free(res->backup_ref);
	free(res->entries);
	free(res->range);
	free(res->warning);
	memset(res, 0, sizeof(*res));
}

int repo_rewrite(struct rewrite_result *out, struct repo *r,
		 const struct rewrite_opts *opts, repo_reword_fn fn,
		 void *data)
{
	struct plan p = { 0 };
	char *def = NULL;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (plan_start(&p, r, opts->detached) < 0 ||
	    ((!opts->dry_run || opts->check_locks) &&
	     check_locks(r, p.ref) < 0))
		goto out;
	if (!opts->range && repo_default_range(&def, r) < 0)
		goto out;
	out->range = xstrdup(opts->range ? opts->range : def);
	out->ref = xstrdup(p.ref);
	rc = rewrite_commit_plan(out, r, opts, &p, out->range, fn, data);
out:
	/* a failure leaves nothing for the caller to release */
	if (rc < 0)
		result_free(out);
	free(def);
	plan_release(&p);
	return rc;
}

const char *rewrite_undo_ref(const struct rewrite_result *res)
{
	return res->backup_ref ? res->backup_ref : res->old_tip;
}

void rewrite_result_release(struct rewrite_result *res)
{
	result_free(res);
	rewrite_release_signals();
}

/* HEAD alone is the series of one commit. */
static int reword_to(struct buf *out, const struct commit_info *c, void *data)
{
	buf_adds(out, data);
	return 0;
}

int repo_amend_head(char *new_id, char **undo, bool *changed,
		    struct repo *r, const char *message,
		    const char *reflog_msg)
{
	struct rewrite_opts opts = { .range = "HEAD",
				     .reflog_msg = reflog_msg };
	struct rewrite_result res;
	int rc;

	*changed = false;
	if (undo)
		*undo = NULL;
	rc = repo_rewrite(&res, r, &opts, reword_to, (void *)message);
	if (rc == 0) {
		memcpy(new_id, res.new_tip, OID_HEX + 1);
		*changed = res.nr_rewritten > 0;
		if (res.warning)
			fprintf(stderr, "git disclose: warning: %s\n",
				res.warning);
		if (undo && *changed)
			*undo = xstrdup(rewrite_undo_ref(&res));
	}
	/* a signal stays held for the caller to report the new HEAD */
	result_free(&res);
	return rc;
}

