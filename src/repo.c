/*
 * Everything that touches the repository goes through libgit2 here.
 * Rewrites never touch the index or the work tree: new commit objects
 * are written first, then the branch moves once, with a compare-and-swap
 * against the id it had when we read it.
 */
#include "repo.h"

#include <git2.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct repo {
	git_repository *git;
	char *git_dir;
	char *workdir;
};

static int git_fail(const char *what)
{
	const git_error *e = git_error_last();

	return error_set("%s: %s", what, e && e->message ? e->message
						       : "unknown libgit2 error");
}

static char *trim_slash(const char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	return xstrndup(path, n);
}

int repo_open(struct repo **out, const char *path)
{
	struct repo *r;
	git_repository *git;
	int rc;

	git_libgit2_init();
	rc = git_repository_open_ext(&git, path ? path : ".", 0, NULL);
	if (rc == GIT_ENOTFOUND)
		return error_set("not in a git repository: run git disclose inside one (or cd into your kernel tree)");
	if (rc < 0)
		return git_fail("cannot open the repository");
	r = xcalloc(1, sizeof(*r));
	r->git = git;
	r->git_dir = trim_slash(git_repository_path(git));
	if (git_repository_workdir(git))
		r->workdir = trim_slash(git_repository_workdir(git));
	*out = r;
	return 0;
}

void repo_free(struct repo *r)
{
	if (!r)
		return;
	git_repository_free(r->git);
	free(r->git_dir);
	free(r->workdir);
	free(r);
}

bool repo_is_bare(const struct repo *r)
{
	return git_repository_is_bare(r->git);
}

const char *repo_git_dir(const struct repo *r)
{
	return r->git_dir;
}

const char *repo_workdir(const struct repo *r)
{
	return r->workdir;
}

/* The repository's configuration, or the user's outside a repository. */
static int config_snapshot(git_config **out, struct repo *r)
{
	git_config *live = NULL;
	int rc;

	git_libgit2_init();
	if (r)
		return git_repository_config_snapshot(out, r->git);
	if (git_config_open_default(&live) < 0)
		return -1;
	rc = git_config_snapshot(out, live);
	git_config_free(live);
	return rc;
}

int repo_config_get(char **out, struct repo *r, const char *key)
{
	git_config *cfg = NULL;
	git_buf b = { 0 };
	int rc;

	*out = NULL;
	if (config_snapshot(&cfg, r) < 0)
		return git_fail("cannot read the git configuration");
	rc = git_config_get_string_buf(&b, cfg, key);
	if (rc == 0)
		*out = xstrdup(b.ptr);
	git_buf_dispose(&b);
	git_config_free(cfg);
	if (rc < 0 && rc != GIT_ENOTFOUND)
		return git_fail("cannot read the git configuration");
	return 0;
}

int repo_config_set(struct repo *r, const char *key, const char *value)
{
	git_config *cfg = NULL, *local = NULL;
	int rc = -1;

	if (git_repository_config(&cfg, r->git) < 0 ||
	    git_config_open_level(&local, cfg, GIT_CONFIG_LEVEL_LOCAL) < 0 ||
	    git_config_set_string(local, key, value) < 0) {
		git_fail("cannot write the repository's configuration");
		goto out;
	}
	rc = 0;
out:
	git_config_free(local);
	git_config_free(cfg);
	return rc;
}

int repo_identity(struct ident *out, struct repo *r)
{
	char *name = NULL, *email = NULL;

	if (repo_config_get(&name, r, "user.name") < 0 ||
	    repo_config_get(&email, r, "user.email") < 0)
		goto fail;
	if (!name || !*name || !email || !*email) {
		error_set("your identity is not set (%s%s%s missing): run git config --global user.name \"Your Name\" and git config --global user.email you@example.org",
			  !name || !*name ? "user.name" : "",
			  (!name || !*name) && (!email || !*email) ? " and " : "",
			  !email || !*email ? "user.email" : "");
		goto fail;
	}
	out->name = name;
	out->email = email;
	return 0;
fail:
	free(name);
	free(email);
	return -1;
}

char repo_comment_char(struct repo *r)
{
	char *v = NULL;
	char c = '#';

	if (repo_config_get(&v, r, "core.commentChar") == 0 && v && v[0] &&
	    !v[1])
		c = v[0];
	free(v);
	return c;
}

int repo_check_state(struct repo *r, bool allow_bisect)
{
	switch (git_repository_state(r->git)) {
	case GIT_REPOSITORY_STATE_NONE:
		return 0;
	case GIT_REPOSITORY_STATE_MERGE:
		return error_set("a merge is in progress: finish it with git commit, or git merge --abort, then run again");
	case GIT_REPOSITORY_STATE_REVERT:
	case GIT_REPOSITORY_STATE_REVERT_SEQUENCE:
		return error_set("a revert is in progress: finish it with git revert --continue, or git revert --abort, then run again");
	case GIT_REPOSITORY_STATE_CHERRYPICK:
	case GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE:
		return error_set("a cherry-pick is in progress: finish it with git cherry-pick --continue, or git cherry-pick --abort, then run again");
	case GIT_REPOSITORY_STATE_BISECT:
		if (allow_bisect)
			return 0;
		return error_set("a bisect is in progress: end it with git bisect reset, then run again");
	case GIT_REPOSITORY_STATE_APPLY_MAILBOX:
	case GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE:
		return error_set("git am is in progress: finish it with git am --continue, or git am --abort, then run again");
	default:
		return error_set("a rebase is in progress: finish it with git rebase --continue, or git rebase --abort, then run again");
	}
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static struct commit_info *info_from(git_commit *c)
{
	struct commit_info *ci = xcalloc(1, sizeof(*ci));
	const git_signature *a = git_commit_author(c);
	const git_signature *m = git_commit_committer(c);
	const char *raw = git_commit_message_raw(c);
	git_buf sig = { 0 };

	git_oid_tostr(ci->id, sizeof(ci->id), git_commit_id(c));
	ci->message_len = raw ? strlen(raw) : 0;
	ci->message = xstrndup(raw ? raw : "", ci->message_len);
	ci->author_name = xstrdup(a->name);
	ci->author_email = xstrdup(a->email);
	ci->committer_name = xstrdup(m->name);
	ci->committer_email = xstrdup(m->email);
	ci->nr_parents = git_commit_parentcount(c);
	ci->encoding = dup_or_null(git_commit_message_encoding(c));
	ci->gpgsig = git_commit_header_field(&sig, c, "gpgsig") == 0;
	git_buf_dispose(&sig);
	return ci;
}

void commit_info_free(struct commit_info *c)
{
	if (!c)
		return;
	free(c->message);
	free(c->author_name);
	free(c->author_email);
	free(c->committer_name);
	free(c->committer_email);
	free(c->encoding);
	free(c);
}

static int unborn_error(struct repo *r)
{
	git_reference *head = NULL;
	const char *name = "HEAD";
	int rc;

	if (git_reference_lookup(&head, r->git, "HEAD") == 0 &&
	    git_reference_symbolic_target(head))
		name = git_reference_symbolic_target(head);
	if (!strncmp(name, "refs/heads/", 11))
		name += 11;
	rc = error_set("the branch '%s' has no commits yet: make a first commit, then run again",
		       name);
	git_reference_free(head);
	return rc;
}

static int head_commit(git_commit **out, struct repo *r)
{
	int rc = git_repository_head_unborn(r->git);

	if (rc == 1)
		return unborn_error(r);
	if (rc < 0 || git_revparse_single((git_object **)out, r->git,
					  "HEAD^{commit}") < 0)
		return git_fail("cannot read HEAD");
	return 0;
}

int repo_head(struct commit_info **out, struct repo *r)
{
	git_commit *c;

	if (head_commit(&c, r) < 0)
		return -1;
	*out = info_from(c);
	git_commit_free(c);
	return 0;
}

int repo_lookup(struct commit_info **out, struct repo *r, const char *rev)
{
	git_object *obj = NULL;
	git_object *peeled = NULL;

	if (git_revparse_single(&obj, r->git, rev) < 0)
		return error_set("'%s' is not a commit here: check the name with git log --oneline",
				 rev);
	if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0) {
		git_object_free(obj);
		return error_set("'%s' does not name a commit", rev);
	}
	*out = info_from((git_commit *)peeled);
	git_object_free(peeled);
	git_object_free(obj);
	return 0;
}

/* The committer of a rewrite: the configured identity, now, unless the
 * GIT_COMMITTER_NAME and GIT_COMMITTER_EMAIL environment says otherwise. */
static int new_committer(git_signature **out, struct repo *r)
{
	const char *name = getenv("GIT_COMMITTER_NAME");
	const char *email = getenv("GIT_COMMITTER_EMAIL");
	struct ident id;
	int rc;

	if (name && *name && email && *email)
		rc = git_signature_now(out, name, email);
	else if (repo_identity(&id, r) < 0)
		return -1;
	else {
		rc = git_signature_now(out, id.name, id.email);
		ident_release(&id);
	}
	return rc < 0 ? git_fail("cannot make the committer signature") : 0;
}

/* Keep the old tip at refs/disclose/backup/<branch>, with a reflog entry
 * each time so that several backups stay reachable. */
static int save_backup(struct repo *r, const char *branch, const git_oid *old,
		       const git_signature *who, const char *msg)
{
	git_reference *ref = NULL;
	git_reflog *log = NULL;
	struct buf name = BUF_INIT;
	int rc = -1;

	buf_addf(&name, "refs/disclose/backup/%s",
		 strncmp(branch, "refs/heads/", 11) ? branch : branch + 11);
	if (git_reference_create(&ref, r->git, name.ptr, old, 1, msg) < 0 ||
	    git_reflog_read(&log, r->git, name.ptr) < 0 ||
	    git_reflog_append(log, old, who, msg) < 0 ||
	    git_reflog_write(log) < 0) {
		git_fail("cannot save the backup ref");
		goto out;
	}
	git_reference_free(ref);
	ref = NULL;
	if (git_reference_create(&ref, r->git, "ORIG_HEAD", old, 1, NULL) < 0) {
		git_fail("cannot set ORIG_HEAD");
		goto out;
	}
	rc = 0;
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

	if (git_reference_lookup(&head, r->git, "HEAD") < 0)
		return git_fail("cannot read HEAD");
	*out = xstrdup(git_reference_symbolic_target(head)
		       ? git_reference_symbolic_target(head) : "HEAD");
	git_reference_free(head);
	return 0;
}

static int check_amendable(struct repo *r, git_commit *c)
{
	git_buf sig = { 0 };
	bool is_signed;

	if (git_commit_parentcount(c) > 1)
		return error_set("HEAD is a merge commit: git disclose amend rewrites ordinary commits; add the trailers to the merge with git commit --amend");
	is_signed = git_commit_header_field(&sig, c, "gpgsig") == 0;
	git_buf_dispose(&sig);
	if (is_signed)
		return error_set("HEAD is signed (gpgsig) and rewriting it would drop the signature: amend, then re-sign with git commit --amend -S --no-edit");
	return 0;
}

static int write_commit(git_oid *out, struct repo *r, git_commit *c,
			const char *message, const git_signature *committer)
{
	const git_commit *parents[1];
	git_tree *tree = NULL;
	size_t n = git_commit_parentcount(c);
	int rc;

	if (git_commit_tree(&tree, c) < 0)
		return git_fail("cannot read HEAD's tree");
	if (n && git_commit_parent((git_commit **)&parents[0], c, 0) < 0) {
		git_tree_free(tree);
		return git_fail("cannot read HEAD's parent");
	}
	rc = git_commit_create(out, r->git, NULL, git_commit_author(c),
			       committer, git_commit_message_encoding(c),
			       message, tree, n, parents);
	if (n)
		git_commit_free((git_commit *)parents[0]);
	git_tree_free(tree);
	return rc < 0 ? git_fail("cannot write the new commit") : 0;
}

static int move_ref(struct repo *r, const char *name, const git_oid *new_id,
		    const git_oid *old, const char *msg)
{
	git_reference *ref = NULL;
	int rc = git_reference_create_matching(&ref, r->git, name, new_id, 1,
					       old, msg);

	git_reference_free(ref);
	if (rc == GIT_EMODIFIED)
		return error_set("%s moved while git disclose was working (another git command?): nothing was changed; run git disclose again",
				 name);
	return rc < 0 ? git_fail("cannot update the branch") : 0;
}

int repo_amend_head(char *new_id, bool *changed, struct repo *r,
		    const char *message, const char *reflog_msg)
{
	git_commit *c = NULL;
	git_signature *who = NULL;
	char *ref_name = NULL;
	git_oid oid, old;
	int rc = -1;

	*changed = false;
	if (repo_is_bare(r))
		return error_set("this is a bare repository: amend needs a branch checked out in a work tree (use git worktree add)");
	if (repo_check_state(r, false) < 0 || head_commit(&c, r) < 0)
		return -1;
	git_oid_cpy(&old, git_commit_id(c));
	git_oid_tostr(new_id, OID_HEX + 1, &old);
	if (!strcmp(git_commit_message_raw(c), message)) {
		rc = 0;
		goto out;
	}
	if (check_amendable(r, c) < 0 || new_committer(&who, r) < 0 ||
	    head_ref_name(&ref_name, r) < 0 ||
	    write_commit(&oid, r, c, message, who) < 0 ||
	    save_backup(r, ref_name, &old, who, reflog_msg) < 0 ||
	    move_ref(r, ref_name, &oid, &old, reflog_msg) < 0)
		goto out;
	git_oid_tostr(new_id, OID_HEX + 1, &oid);
	*changed = true;
	rc = 0;
out:
	free(ref_name);
	git_signature_free(who);
	git_commit_free(c);
	return rc;
}

int repo_default_range(char **out, struct repo *r)
{
	git_reference *head = NULL, *up = NULL;
	int rc;

	*out = NULL;
	if (git_repository_head_unborn(r->git) == 1)
		return unborn_error(r);
	if (git_repository_head(&head, r->git) < 0)
		return git_fail("cannot read HEAD");
	rc = git_reference_is_branch(head) ?
		git_branch_upstream(&up, head) : GIT_ENOTFOUND;
	*out = xstrdup(rc == 0 ? "@{upstream}..HEAD" : "HEAD");
	git_reference_free(up);
	git_reference_free(head);
	return 0;
}

/* Walk just this commit: push it and hide its parents. */
static int push_alone(git_revwalk *w, struct repo *r, const git_oid *id)
{
	git_commit *c = NULL;
	int rc = git_commit_lookup(&c, r->git, id);

	if (rc == 0)
		rc = git_revwalk_push(w, id);
	for (unsigned i = 0; rc == 0 && i < git_commit_parentcount(c); i++)
		rc = git_revwalk_hide(w, git_commit_parent_id(c, i));
	git_commit_free(c);
	return rc;
}

static int walk_push_range(git_revwalk *w, struct repo *r, const char *range)
{
	git_revspec spec;
	git_oid base;
	int rc = 0;

	if (git_revparse(&spec, r->git, range) < 0)
		return error_set("'%s' is not a revision or range here: give A..B, A...B or a commit (see git log --oneline)",
				 range);
	if (spec.flags & GIT_REVSPEC_SINGLE) {
		/* a single commit means that commit alone */
		git_object *peeled = NULL;

		rc = git_object_peel(&peeled, spec.from, GIT_OBJECT_COMMIT);
		if (rc == 0)
			rc = push_alone(w, r, git_object_id(peeled));
		git_object_free(peeled);
	} else {
		rc = git_revwalk_push(w, git_object_id(spec.to));
		if (rc == 0 && (spec.flags & GIT_REVSPEC_MERGE_BASE)) {
			rc = git_revwalk_push(w, git_object_id(spec.from));
			if (rc == 0 && git_merge_base(&base, r->git,
					git_object_id(spec.from),
					git_object_id(spec.to)) == 0)
				rc = git_revwalk_hide(w, &base);
		} else if (rc == 0) {
			rc = git_revwalk_hide(w, git_object_id(spec.from));
		}
	}
	git_object_free(spec.from);
	git_object_free(spec.to);
	return rc < 0 ? error_set("'%s' does not name commits: give A..B or a commit",
				  range) : 0;
}

int repo_walk(struct repo *r, const char *range, repo_walk_fn fn, void *data)
{
	git_revwalk *w = NULL;
	char *def = NULL;
	git_oid oid;
	int rc = -1;

	if (!range) {
		if (repo_default_range(&def, r) < 0)
			return -1;
		range = def;
	}
	if (git_revwalk_new(&w, r->git) < 0) {
		git_fail("cannot walk the history");
		goto out;
	}
	git_revwalk_sorting(w, GIT_SORT_TOPOLOGICAL);
	if (walk_push_range(w, r, range) < 0)
		goto out;
	rc = 0;
	while (rc == 0 && git_revwalk_next(&oid, w) == 0) {
		git_commit *c;
		struct commit_info *ci;

		if (git_commit_lookup(&c, r->git, &oid) < 0) {
			rc = git_fail("cannot read a commit");
			break;
		}
		ci = info_from(c);
		git_commit_free(c);
		rc = fn(ci, data);
		commit_info_free(ci);
	}
	if (rc > 0)
		rc = 0;
out:
	git_revwalk_free(w);
	free(def);
	return rc;
}

/* Trees of a commit and of its first parent (NULL for a root commit). */
static int commit_trees(git_tree **tree, git_tree **parent_tree,
			struct repo *r, const char *id)
{
	git_commit *c = NULL, *p = NULL;
	git_oid oid;
	int rc = -1;

	*tree = *parent_tree = NULL;
	if (git_oid_fromstr(&oid, id) < 0 ||
	    git_commit_lookup(&c, r->git, &oid) < 0)
		return error_set("commit %s is not in this repository", id);
	if (git_commit_tree(tree, c) < 0 ||
	    (git_commit_parentcount(c) &&
	     (git_commit_parent(&p, c, 0) < 0 ||
	      git_commit_tree(parent_tree, p) < 0))) {
		git_fail("cannot read the commit's trees");
		goto out;
	}
	rc = 0;
out:
	git_commit_free(p);
	git_commit_free(c);
	return rc;
}

static void read_head_lines(struct added_file *f, git_repository *git,
			    const git_oid *blob_id)
{
	git_blob *blob = NULL;
	const char *p;
	size_t n, lines = 0, i;

	if (git_blob_lookup(&blob, git, blob_id) < 0)
		return;
	p = git_blob_rawcontent(blob);
	n = (size_t)git_blob_rawsize(blob);
	f->binary = git_blob_is_binary(blob);
	if (n > 4096)
		n = 4096;
	for (i = 0; i < n && lines < 2; i++)
		lines += p[i] == '\n';
	f->head = xstrndup(p, i);
	f->head_len = i;
	git_blob_free(blob);
}

int repo_added_files(struct added_file **out, size_t *nr, struct repo *r,
		     const char *id)
{
	git_tree *tree, *parent;
	git_diff *diff = NULL;
	size_t n = 0;

	*out = NULL;
	*nr = 0;
	if (commit_trees(&tree, &parent, r, id) < 0)
		return -1;
	if (git_diff_tree_to_tree(&diff, r->git, parent, tree, NULL) < 0) {
		git_tree_free(tree);
		git_tree_free(parent);
		return git_fail("cannot diff the commit");
	}
	*out = xcalloc(git_diff_num_deltas(diff) + 1, sizeof(**out));
	for (size_t i = 0; i < git_diff_num_deltas(diff); i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		if (d->status != GIT_DELTA_ADDED ||
		    d->new_file.mode == GIT_FILEMODE_COMMIT ||
		    d->new_file.mode == GIT_FILEMODE_LINK)
			continue;
		(*out)[n].path = xstrdup(d->new_file.path);
		read_head_lines(&(*out)[n], r->git, &d->new_file.id);
		if (!(*out)[n].head)
			(*out)[n].head = xstrdup("");
		n++;
	}
	*nr = n;
	git_diff_free(diff);
	git_tree_free(tree);
	git_tree_free(parent);
	return 0;
}

void added_files_free(struct added_file *files, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(files[i].path);
		free(files[i].head);
	}
	free(files);
}

static int print_line(const git_diff_delta *d, const git_diff_hunk *h,
		      const git_diff_line *l, void *payload)
{
	struct buf *out = payload;

	if (l->origin == GIT_DIFF_LINE_CONTEXT ||
	    l->origin == GIT_DIFF_LINE_ADDITION ||
	    l->origin == GIT_DIFF_LINE_DELETION)
		buf_addch(out, l->origin);
	buf_add(out, l->content, l->content_len);
	return 0;
}

int repo_commit_patch(struct buf *out, struct repo *r, const char *id)
{
	git_tree *tree, *parent;
	git_diff *diff = NULL;
	int rc = 0;

	if (commit_trees(&tree, &parent, r, id) < 0)
		return -1;
	if (git_diff_tree_to_tree(&diff, r->git, parent, tree, NULL) < 0 ||
	    git_diff_print(diff, GIT_DIFF_FORMAT_PATCH, print_line, out) < 0)
		rc = git_fail("cannot diff the commit");
	buf_add(out, "", 0);
	git_diff_free(diff);
	git_tree_free(tree);
	git_tree_free(parent);
	return rc;
}
