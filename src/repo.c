/*
 * Everything that touches the repository goes through libgit2 here.
 * Rewrites never touch the index or the work tree: new commit objects
 * are written first, then the branch moves once, with a compare-and-swap
 * against the id it had when we read it.
 */
#include "repo.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <git2.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "gitdate.h"
#include "spdx.h"
#include "util.h"

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

struct repo {
	git_repository *git;
	git_odb_backend *mempack;	/* the rewrite's writer (odb-owned) */
	char *git_dir;
	char *workdir;
	struct recent commits, trees;
};

static void recent_clear(struct recent *rc)
{
	for (size_t i = 0; i < 2; i++) {
		git_object_free(rc->obj[i]);
		rc->obj[i] = NULL;
	}
}

/* Object id of the kind of rc, from rc when it was read last or before. */
static int recent_lookup(git_object **out, struct repo *r, struct recent *rc,
			 const git_oid *id, git_object_t type)
{
	for (size_t i = 0; i < 2; i++)
		if (rc->obj[i] && git_oid_equal(git_object_id(rc->obj[i]), id))
			return git_object_dup(out, rc->obj[i]);
	if (git_object_lookup(out, r->git, id, type) < 0)
		return -1;
	git_object_free(rc->obj[rc->next]);
	git_object_dup(&rc->obj[rc->next], *out);
	rc->next ^= 1;
	return 0;
}

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

void repo_set_streaming(void)
{
	git_libgit2_init();
	/* each object of a long walk is read once or twice: caching them
	 * only grows memory (and libgit2's eviction costs more than a read) */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	/* a read-only walk trusts the object database as git log does:
	 * hashing every object read again would double the cost */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
}

/*
 * Without a path, open the repository as git's commands find it: GIT_DIR
 * (set by git --git-dir too), GIT_CEILING_DIRECTORIES, GIT_INDEX_FILE,
 * GIT_OBJECT_DIRECTORY... (libgit2's GIT_REPOSITORY_OPEN_FROM_ENV), and
 * the work tree from GIT_WORK_TREE, which libgit2 1.5 refuses, so it is
 * set here. With GIT_DIR alone git takes the current directory as the
 * top of the work tree unless core.worktree or core.bare says otherwise.
 */
/* git's reading of a boolean variable: unset and "" are false. */
static bool env_true(const char *name)
{
	const char *v = getenv(name);

	return v && (str_ieq(v, "1") || str_ieq(v, "true") ||
		     str_ieq(v, "yes") || str_ieq(v, "on"));
}

/* Does the environment choose other configuration files than the
 * default ones (libgit2 1.5 reads none of these variables)? */
static bool config_files_from_env(void)
{
	return getenv("GIT_CONFIG_GLOBAL") || getenv("GIT_CONFIG_SYSTEM") ||
	       getenv("GIT_CONFIG_NOSYSTEM");
}

static int add_config_file(git_config *cfg, const char *path,
			   git_config_level_t level, const git_repository *git)
{
	if (!path || !*path)
		return 0;
	return git_config_add_file_ondisk(cfg, path, level, git, 0);
}

/* With find, the file libgit2 finds for that level (none: skipped). */
static int add_found_file(git_config *cfg, int (*find)(git_buf *),
			  git_config_level_t level, const git_repository *git)
{
	git_buf b = { 0 };
	int rc = 0;

	if (find(&b) == 0)
		rc = add_config_file(cfg, b.ptr, level, git);
	git_buf_dispose(&b);
	return rc;
}

/*
 * The configuration files as git chooses them: GIT_CONFIG_NOSYSTEM
 * drops the system file, GIT_CONFIG_SYSTEM replaces it,
 * GIT_CONFIG_GLOBAL replaces ~/.gitconfig and the XDG file; then the
 * repository's own (git is NULL outside one).
 */
static int config_from_files(git_config **out, git_repository *git)
{
	git_config *cfg = NULL;
	struct buf local = BUF_INIT;
	int rc = -1;

	if (git_config_new(&cfg) < 0)
		return -1;
	if (!env_true("GIT_CONFIG_NOSYSTEM") &&
	    (getenv("GIT_CONFIG_SYSTEM")
	     ? add_config_file(cfg, getenv("GIT_CONFIG_SYSTEM"),
			       GIT_CONFIG_LEVEL_SYSTEM, git)
	     : add_found_file(cfg, git_config_find_system,
			      GIT_CONFIG_LEVEL_SYSTEM, git)) < 0)
		goto out;
	if (getenv("GIT_CONFIG_GLOBAL")) {
		if (add_config_file(cfg, getenv("GIT_CONFIG_GLOBAL"),
				    GIT_CONFIG_LEVEL_GLOBAL, git) < 0)
			goto out;
	} else if (add_found_file(cfg, git_config_find_xdg,
				  GIT_CONFIG_LEVEL_XDG, git) < 0 ||
		   add_found_file(cfg, git_config_find_global,
				  GIT_CONFIG_LEVEL_GLOBAL, git) < 0) {
		goto out;
	}
	if (git) {
		buf_addf(&local, "%s/config", git_repository_commondir(git));
		if (add_config_file(cfg, local.ptr, GIT_CONFIG_LEVEL_LOCAL,
				    git) < 0)
			goto out;
	}
	*out = cfg;
	cfg = NULL;
	rc = 0;
out:
	buf_release(&local);
	git_config_free(cfg);
	return rc;
}

static char *env_dup(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? xstrdup(v) : NULL;
}

/* With GIT_DIR and no GIT_WORK_TREE: core.worktree (libgit2 read it),
 * else the current directory. NULL: keep libgit2's. */
static char *work_tree_for_git_dir(git_repository *git)
{
	git_config *cfg = NULL;
	git_buf b = { 0 };
	char *wt = NULL;

	if (git_repository_is_bare(git))
		return NULL;
	if (git_repository_config_snapshot(&cfg, git) == 0 &&
	    git_config_get_string_buf(&b, cfg, "core.worktree") ==
		    GIT_ENOTFOUND)
		wt = getcwd(NULL, 0);
	git_buf_dispose(&b);
	git_config_free(cfg);
	return wt;
}

/* What libgit2's "unsupported extension" means for the user. */
static int open_fail(void)
{
	const git_error *e = git_error_last();

	if (e && e->message && strstr(e->message, "unsupported extension"))
		return error_set("cannot open the repository: %s: this git extension is not supported by libgit2 1.5, on which git disclose is built; git disclose trailer still works without a repository (it prints the lines for git commit --trailer)",
				 e->message);
	return git_fail("cannot open the repository");
}

static int open_from_env(git_repository **out)
{
	char *wt = env_dup("GIT_WORK_TREE"), *dir = env_dup("GIT_DIR");
	int rc;

	if (getenv("GIT_COMMON_DIR")) {
		rc = error_set("GIT_COMMON_DIR is set: git disclose cannot use it; unset it (a linked work tree's .git names its common directory)");
		goto out;
	}
	unsetenv("GIT_WORK_TREE");
	rc = git_repository_open_ext(out, NULL, GIT_REPOSITORY_OPEN_FROM_ENV,
				     NULL);
	if (wt)
		setenv("GIT_WORK_TREE", wt, 1);
	if (rc == GIT_ENOTFOUND && dir) {
		rc = error_set("GIT_DIR=%s is not a git repository: correct or unset GIT_DIR (or git --git-dir)",
			       dir);
		goto out;
	}
	if (rc < 0) {
		if (rc != GIT_ENOTFOUND)
			rc = open_fail();
		goto out;
	}
	if (!wt && dir)
		wt = work_tree_for_git_dir(*out);
	if (wt && git_repository_set_workdir(*out, wt, 0) < 0) {
		rc = git_fail("the work tree cannot be used (GIT_WORK_TREE?)");
		git_repository_free(*out);
		*out = NULL;
	}
out:
	free(wt);
	free(dir);
	return rc;
}

/*
 * Extensions that libgit2 1.5 refuses but git disclose handles: an
 * explicit objectformat (checked to be sha1 by check_extensions()),
 * preciousObjects (git disclose never deletes an object) and
 * worktreeConfig (config.worktree is read, see add_worktree_config()).
 */
static void allow_extensions(void)
{
	const char *ext[] = { "objectformat", "preciousobjects",
			      "worktreeconfig" };

	git_libgit2_opts(GIT_OPT_SET_EXTENSIONS, ext,
			 sizeof(ext) / sizeof(*ext));
}

/* extensions.objectformat other than sha1: libgit2 1.5 reads SHA-1 alone. */
static int check_extensions(git_repository *git)
{
	git_config *cfg = NULL;
	git_buf b = { 0 };
	int rc = 0;

	if (git_repository_config_snapshot(&cfg, git) < 0)
		return git_fail("cannot read the repository's configuration");
	if (git_config_get_string_buf(&b, cfg, "extensions.objectformat") == 0 &&
	    strcasecmp(b.ptr, "sha1"))
		rc = error_set("this repository uses %s object names (extensions.objectformat=%s): libgit2 1.5, on which git disclose is built, reads SHA-1 repositories only, so no command that reads the repository works here (check, amend, commit, fix, hook, the guided assistant); git disclose trailer still works as outside a repository (it prints the Assisted-by: and Signed-off-by: lines for git commit --trailer from your global user.name and user.email: check the sign-off if this repository sets its own)",
			       !strcasecmp(b.ptr, "sha256") ? "SHA-256" : b.ptr,
			       b.ptr);
	git_buf_dispose(&b);
	git_config_free(cfg);
	return rc;
}

/* With extensions.worktreeConfig, the worktree's config.worktree,
 * above the repository's config as git reads it. */
static int add_worktree_config(git_repository *git)
{
	git_config *cfg = NULL;
	struct buf path = BUF_INIT;
	int on = 0, rc = 0;

	if (git_repository_config(&cfg, git) < 0)
		return git_fail("cannot read the repository's configuration");
	buf_addf(&path, "%sconfig.worktree", git_repository_path(git));
	if (git_config_get_bool(&on, cfg, "extensions.worktreeconfig") == 0 &&
	    on && access(path.ptr, F_OK) == 0 &&
	    git_config_add_file_ondisk(cfg, path.ptr, GIT_CONFIG_LEVEL_APP,
				       git, 0) < 0)
		rc = git_fail("cannot read config.worktree");
	buf_release(&path);
	git_config_free(cfg);
	return rc;
}

int repo_open(struct repo **out, const char *path)
{
	struct repo *r;
	git_repository *git = NULL;
	int rc;

	git_libgit2_init();
	allow_extensions();
	if (path)
		rc = git_repository_open_ext(&git, path, 0, NULL);
	else
		rc = open_from_env(&git);
	if (rc == GIT_ENOTFOUND)
		return error_set("not in a git repository: run git disclose inside one (or cd into your kernel tree)");
	if (rc < 0)
		return path ? open_fail() : -1;
	if (check_extensions(git) < 0) {
		git_repository_free(git);
		return -1;
	}
	if (config_files_from_env()) {
		git_config *cfg = NULL;

		if (config_from_files(&cfg, git) < 0 ||
		    git_repository_set_config(git, cfg) < 0) {
			git_config_free(cfg);
			git_repository_free(git);
			return git_fail("cannot read the git configuration (GIT_CONFIG_GLOBAL or GIT_CONFIG_SYSTEM?)");
		}
		git_config_free(cfg);
	}
	if (add_worktree_config(git) < 0) {
		git_repository_free(git);
		return -1;
	}
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
	recent_clear(&r->commits);
	recent_clear(&r->trees);
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
	if (config_files_from_env() ? config_from_files(&live, NULL) < 0
				    : git_config_open_default(&live) < 0)
		return -1;
	rc = git_config_snapshot(out, live);
	git_config_free(live);
	return rc;
}

/*
 * git -c and GIT_CONFIG_COUNT: configuration from the environment, above
 * every file (libgit2 1.5 reads neither). Keys compare as git's do: the
 * section and the variable name ignore case, a subsection does not.
 */
static bool config_key_eq(const char *a, const char *b)
{
	const char *a1 = strchr(a, '.'), *b1 = strchr(b, '.');
	const char *a2 = strrchr(a, '.'), *b2 = strrchr(b, '.');

	if (!a1 || !b1 || a2 - a1 != b2 - b1)
		return false;
	return mem_ieq(a, (size_t)(a1 - a), b, (size_t)(b1 - b)) &&
	       !memcmp(a1, b1, (size_t)(a2 - a1)) && str_ieq(a2, b2);
}

/*
 * One single-quoted word of GIT_CONFIG_PARAMETERS at *p, as git's
 * sq_dequote_step() reads it ('\'' and '\!' outside the quotes stand for
 * the character); *p moves past it. -1 when it is not one.
 */
static int sq_word(struct buf *out, const char **p)
{
	const char *s = *p;

	if (*s != '\'')
		return -1;
	for (;;) {
		char c = *++s;

		if (!c)
			return -1;
		if (c != '\'') {
			buf_addch(out, c);
			continue;
		}
		if (s[1] == '\\' && (s[2] == '\'' || s[2] == '!') &&
		    s[3] == '\'') {
			buf_addch(out, s[2]);
			s += 3;
			continue;
		}
		*p = s + 1;
		buf_add(out, "", 0);
		return 0;
	}
}

/* Take value when name is key: later entries win, as in git. */
static void env_entry(char **found, const char *name, const char *value,
		      const char *key)
{
	if (!config_key_eq(name, key))
		return;
	free(*found);
	*found = xstrdup(value ? value : "");
}

static int config_parameters(char **found, const char *key)
{
	const char *p = getenv("GIT_CONFIG_PARAMETERS");
	struct buf k = BUF_INIT, v = BUF_INIT;
	int rc = 0;

	while (p && *p) {
		buf_reset(&k);
		buf_reset(&v);
		if (sq_word(&k, &p) < 0)
			goto bogus;
		if (*p == '=') {	/* 'key'='value' (or 'key'= : true) */
			p++;
			if (*p == '\'' && sq_word(&v, &p) < 0)
				goto bogus;
			if (*p && !git_isspace(*p))
				goto bogus;
			env_entry(found, k.ptr, v.len ? v.ptr : NULL, key);
		} else if (!*p || git_isspace(*p)) {	/* 'key=value' */
			char *eq = strchr(k.ptr, '=');

			if (eq)
				*eq++ = '\0';
			env_entry(found, k.ptr, eq, key);
		} else {
			goto bogus;
		}
		while (git_isspace(*p))
			p++;
	}
	goto out;
bogus:
	rc = error_set("GIT_CONFIG_PARAMETERS is malformed (set it with git -c key=value, or unset it)");
out:
	buf_release(&k);
	buf_release(&v);
	return rc;
}

static int config_count(char **found, const char *key)
{
	const char *count = getenv("GIT_CONFIG_COUNT");
	char *end, name[64];
	unsigned long n;

	if (!count || !*count)
		return 0;
	errno = 0;
	n = strtoul(count, &end, 10);
	if (*end || errno || n > 100000)
		return error_set("GIT_CONFIG_COUNT='%s' is not a count: set it to the number of GIT_CONFIG_KEY_<n> entries, or unset it",
				 count);
	for (unsigned long i = 0; i < n; i++) {
		const char *k, *v;

		snprintf(name, sizeof(name), "GIT_CONFIG_KEY_%lu", i);
		k = getenv(name);
		snprintf(name, sizeof(name), "GIT_CONFIG_VALUE_%lu", i);
		v = getenv(name);
		if (!k || !*k || !v)
			return error_set("GIT_CONFIG_COUNT is %lu but GIT_CONFIG_%s_%lu is missing: set it, or lower the count",
					 n, !k || !*k ? "KEY" : "VALUE", i);
		env_entry(found, k, v, key);
	}
	return 0;
}

/* key from the environment, *found NULL when it does not set it. */
static int config_from_env(char **found, const char *key)
{
	*found = NULL;
	/* git reads GIT_CONFIG_COUNT first: git -c wins over it */
	if (config_count(found, key) < 0 || config_parameters(found, key) < 0) {
		free(*found);
		*found = NULL;
		return -1;
	}
	return 0;
}

int repo_config_get(char **out, struct repo *r, const char *key)
{
	git_config *cfg = NULL;
	git_buf b = { 0 };
	int rc;

	if (config_from_env(out, key) < 0)
		return -1;
	if (*out)
		return 0;
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
	sigset_t set, saved;
	int rc = -1;

	/* an interrupted write would leave config.lock behind */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigprocmask(SIG_BLOCK, &set, &saved);
	if (git_repository_config(&cfg, r->git) < 0 ||
	    git_config_open_level(&local, cfg, GIT_CONFIG_LEVEL_LOCAL) < 0 ||
	    git_config_set_string(local, key, value) < 0) {
		git_fail("cannot write the repository's configuration");
		goto out;
	}
	rc = 0;
out:
	sigprocmask(SIG_SETMASK, &saved, NULL);
	git_config_free(local);
	git_config_free(cfg);
	return rc;
}

/*
 * One half of an identity, with git's crud stripped: the environment
 * variable env when set, else committer.<what> when committer is true,
 * else user.<what>. *out NULL when none is set.
 */
static int ident_part(char **out, struct repo *r, const char *env,
		      bool committer, const char *what)
{
	const char *e = env ? getenv(env) : NULL;
	struct buf key = BUF_INIT;
	char *v = NULL;
	int rc = 0;

	*out = NULL;
	if (e && *e) {
		v = xstrdup(e);
	} else {
		if (committer) {
			buf_addf(&key, "committer.%s", what);
			rc = repo_config_get(&v, r, key.ptr);
			buf_reset(&key);
		}
		buf_addf(&key, "user.%s", what);
		if (rc == 0 && (!v || !*v)) {
			free(v);
			rc = repo_config_get(&v, r, key.ptr);
		}
	}
	buf_release(&key);
	if (rc == 0 && v && *v) {
		*out = ident_strip_crud(v);
		if (!**out)
			rc = error_set("%s '%s' is made only of characters git drops (blanks, . , : ; < > \" \\ '): set a real one with git config --global user.%s",
				       e && *e ? env : what, v, what);
	}
	free(v);
	if (rc < 0) {
		free(*out);
		*out = NULL;
	}
	return rc;
}

static int identity_from(struct ident *out, struct repo *r, bool committer)
{
	char *name = NULL, *email = NULL;

	if (ident_part(&name, r, committer ? "GIT_COMMITTER_NAME" : NULL,
		       committer, "name") < 0 ||
	    ident_part(&email, r, committer ? "GIT_COMMITTER_EMAIL" : NULL,
		       committer, "email") < 0)
		goto fail;
	if (!name || !email) {
		error_set("your identity is not set (%s%s%s missing): run git config --global user.name \"Your Name\" and git config --global user.email you@example.org",
			  !name ? "user.name" : "",
			  !name && !email ? " and " : "",
			  !email ? "user.email" : "");
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

int repo_identity(struct ident *out, struct repo *r)
{
	return identity_from(out, r, false);
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

bool repo_comment_char_is_auto(struct repo *r)
{
	char *v = NULL;
	bool is_auto = repo_config_get(&v, r, "core.commentChar") == 0 && v &&
		       !strcmp(v, "auto");

	free(v);
	return is_auto;
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
	ci->author_time = (long long)a->when.time;
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

int repo_commit_by_id(struct commit_info **out, struct repo *r,
		      const char *hex)
{
	size_t n = strlen(hex);
	git_object *obj = NULL;
	git_oid oid;
	int rc;

	*out = NULL;
	if (n < GIT_OID_MINPREFIXLEN || n > GIT_OID_HEXSZ ||
	    git_oid_fromstrn(&oid, hex, n) < 0)
		return error_set("'%s' is not a commit id: give 4 to 40 hex digits",
				 hex);
	rc = git_object_lookup_prefix(&obj, r->git, &oid, n,
				      GIT_OBJECT_COMMIT);
	if (rc == GIT_EAMBIGUOUS)
		return 2;
	if (rc < 0)
		return 1;	/* not found, or not a commit */
	*out = info_from((git_commit *)obj);
	git_object_free(obj);
	return 0;
}

/* Larger files are no documents of a kernel tree (checkpatch.pl: 250 KiB). */
#define BLOB_AT_MAX (16u << 20)

int repo_read_blob_at(struct repo *r, const char *rev, const char *path,
		      struct buf *out)
{
	git_object *obj = NULL;
	git_tree *tree = NULL;
	git_tree_entry *te = NULL;
	git_blob *blob = NULL;
	int rc = -1;

	if (git_revparse_single(&obj, r->git, rev) < 0) {
		error_set("'%s' is not a commit here: check the name with git log --oneline",
			  rev);
		goto out;
	}
	if (git_object_peel((git_object **)&tree, obj, GIT_OBJECT_TREE) < 0) {
		error_set("'%s' does not name a commit or tree", rev);
		goto out;
	}
	if (git_tree_entry_bypath(&te, tree, path) < 0 ||
	    git_tree_entry_type(te) != GIT_OBJECT_BLOB) {
		rc = 0;			/* no such file there */
		goto out;
	}
	if (git_blob_lookup(&blob, r->git, git_tree_entry_id(te)) < 0) {
		error_set("cannot read %s at %s: %s", path, rev,
			  git_error_last() ? git_error_last()->message : "?");
		goto out;
	}
	if ((size_t)git_blob_rawsize(blob) > BLOB_AT_MAX) {
		error_set("%s at %s is larger than %u MiB: not a document git disclose reads",
			  path, rev, BLOB_AT_MAX >> 20);
		goto out;
	}
	buf_reset(out);
	buf_add(out, git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob));
	rc = 1;
out:
	git_blob_free(blob);
	git_tree_entry_free(te);
	git_tree_free(tree);
	git_object_free(obj);
	return rc;
}

/* The remote-tracking ref that remote's fetch refspecs map merge to. */
static char *fetch_target(git_config *cfg, const char *remote,
			  const char *merge)
{
	git_config_iterator *it = NULL;
	git_config_entry *e;
	struct buf key = BUF_INIT;
	char *found = NULL;

	buf_addf(&key, "remote.%s.fetch", remote);
	if (git_config_multivar_iterator_new(&it, cfg, key.ptr, NULL) == 0) {
		while (!found && git_config_next(&e, it) == 0) {
			git_refspec *spec = NULL;
			git_buf b = { 0 };

			if (git_refspec_parse(&spec, e->value, 1) == 0 &&
			    git_refspec_src_matches(spec, merge) &&
			    git_refspec_transform(&b, spec, merge) == 0)
				found = xstrdup(b.ptr);
			git_buf_dispose(&b);
			git_refspec_free(spec);
		}
	}
	git_config_iterator_free(it);
	buf_release(&key);
	return found;
}

/*
 * The upstream of branch (a full ref name) as git finds it, from
 * branch.<name>.remote and .merge and the remote's fetch refspecs; NULL
 * when it has none or it does not exist. Done by hand because
 * git_branch_upstream() leaks in libgit2 1.5 (git_remote_lookup).
 */
static char *upstream_of(struct repo *r, const char *branch)
{
	git_config *cfg = NULL;
	git_reference *ref = NULL;
	struct buf key = BUF_INIT;
	char *remote = NULL, *merge = NULL, *up = NULL;

	buf_addf(&key, "branch.%s.remote", branch + 11);
	if (repo_config_get(&remote, r, key.ptr) < 0 || !remote)
		goto out;
	buf_reset(&key);
	buf_addf(&key, "branch.%s.merge", branch + 11);
	if (repo_config_get(&merge, r, key.ptr) < 0 || !merge)
		goto out;
	if (!strcmp(remote, "."))
		up = xstrdup(merge);
	else if (git_repository_config_snapshot(&cfg, r->git) == 0)
		up = fetch_target(cfg, remote, merge);
	if (up && git_reference_lookup(&ref, r->git, up) < 0) {
		free(up);
		up = NULL;
	}
out:
	error_clear();
	git_reference_free(ref);
	git_config_free(cfg);
	buf_release(&key);
	free(remote);
	free(merge);
	return up;
}

int repo_head_branch(char **out, struct repo *r)
{
	git_reference *head = NULL;

	*out = NULL;
	if (git_repository_head_unborn(r->git) == 1 ||
	    git_repository_head_detached(r->git) == 1)
		return 0;
	if (git_repository_head(&head, r->git) < 0)
		return git_fail("cannot read HEAD");
	if (git_reference_is_branch(head))
		*out = xstrdup(git_reference_name(head) + 11);
	git_reference_free(head);
	return 0;
}

static repo_range_finder range_finder;

void repo_set_range_finder(repo_range_finder fn)
{
	range_finder = fn;
}

int repo_default_range(char **out, struct repo *r)
{
	git_reference *head = NULL;
	char *up = NULL;
	struct buf b = BUF_INIT;
	int rc;

	*out = NULL;
	if (git_repository_head_unborn(r->git) == 1)
		return unborn_error(r);
	/* a series above git's (b4 prep's) names its own range */
	rc = range_finder ? range_finder(out, r) : 0;
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (git_repository_head(&head, r->git) < 0)
		return git_fail("cannot read HEAD");
	if (git_reference_is_branch(head))
		up = upstream_of(r, git_reference_name(head));
	buf_adds(&b, up ? "@{upstream}..HEAD" : "HEAD");
	*out = buf_detach(&b, NULL);
	free(up);
	git_reference_free(head);
	return 0;
}

/*
 * Does each side of range name an object? git_revparse() in libgit2 1.5
 * leaks the first side when the second does not resolve, so the sides
 * are tried alone first.
 */
static bool range_sides_resolve(struct repo *r, const char *range)
{
	const char *dots = strstr(range, "..");
	char *left;
	const char *right;
	git_object *obj = NULL;
	bool ok = true;

	if (!dots)
		return true;
	left = xstrndup(range, (size_t)(dots - range));
	right = dots[2] == '.' ? dots + 3 : dots + 2;
	if (*left && git_revparse_single(&obj, r->git, left) < 0)
		ok = false;
	git_object_free(obj);
	obj = NULL;
	if (ok && *right && git_revparse_single(&obj, r->git, right) < 0)
		ok = false;
	git_object_free(obj);
	free(left);
	return ok;
}

/*
 * The range as git_revparse() is given it: "@{upstream}.." or "@{u}.."
 * at the start becomes the upstream's ref name, found by upstream_of(),
 * since libgit2 would resolve it with the leaking git_branch_upstream().
 */
static char *range_for_parse(struct repo *r, const char *range)
{
	static const char *const forms[] = { "@{upstream}..", "@{u}.." };
	git_reference *head = NULL;
	struct buf b = BUF_INIT;
	char *up = NULL;

	for (size_t i = 0; i < 2 && !up; i++) {
		size_t n = strlen(forms[i]);

		if (strncmp(range, forms[i], n))
			continue;
		if (git_repository_head(&head, r->git) == 0 &&
		    git_reference_is_branch(head))
			up = upstream_of(r, git_reference_name(head));
		git_reference_free(head);
		head = NULL;
		if (up)
			buf_addf(&b, "%s..%s", up, range + n);
	}
	free(up);
	return b.len ? buf_detach(&b, NULL) : xstrdup(range);
}

/*
 * Push range onto the walk; a single revision, meaning that commit
 * alone, is not pushed but given back in *single (zero otherwise), so
 * that its parents need not exist (a shallow clone).
 */
static int walk_push_range(git_revwalk *w, git_oid *single, struct repo *r,
			   const char *range)
{
	git_revspec spec;
	git_oid base;
	char *parse = range_for_parse(r, range);
	int rc = range_sides_resolve(r, parse) ?
		 git_revparse(&spec, r->git, parse) : -1;

	memset(single, 0, sizeof(*single));
	free(parse);
	if (rc < 0)
		return error_set("'%s' is not a revision or range here: give A..B, A...B or a commit (see git log --oneline)",
				 range);
	if (spec.flags & GIT_REVSPEC_SINGLE) {
		/* a single commit means that commit alone */
		git_object *peeled = NULL;

		rc = git_object_peel(&peeled, spec.from, GIT_OBJECT_COMMIT);
		if (rc == 0)
			git_oid_cpy(single, git_object_id(peeled));
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

static int walk(struct repo *r, const char *range, bool history,
		repo_walk_fn fn, void *data)
{
	git_revwalk *w = NULL;
	char *def = NULL;
	git_oid oid, single;
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
	if (walk_push_range(w, &single, r, range) < 0)
		goto out;
	if (history && !git_oid_is_zero(&single)) {
		/* a revision means its history, as git log reads it */
		if (git_revwalk_push(w, &single) < 0) {
			git_fail("cannot walk the history");
			goto out;
		}
		memset(&single, 0, sizeof(single));
	}
	rc = 0;
	while (rc == 0 && (git_oid_is_zero(&single) ?
			   git_revwalk_next(&oid, w) == 0 :
			   !git_oid_cpy(&oid, &single))) {
		git_commit *c;
		struct commit_info *ci;

		if (recent_lookup((git_object **)&c, r, &r->commits, &oid,
				  GIT_OBJECT_COMMIT) < 0) {
			rc = git_fail("cannot read a commit");
			break;
		}
		ci = info_from(c);
		git_commit_free(c);
		rc = fn(ci, data);
		commit_info_free(ci);
		if (!git_oid_is_zero(&single) && rc == 0)
			rc = 1;		/* that commit alone */
	}
	if (rc > 0)
		rc = 0;
out:
	git_revwalk_free(w);
	free(def);
	return rc;
}

struct tag_list {
	struct repo *r;
	git_oid tip;
	struct repo_tag *v;
	size_t nr, alloc;
};

static int add_tag(const char *name, git_oid *oid, void *data)
{
	struct tag_list *l = data;
	git_object *o = NULL, *peeled = NULL;
	struct repo_tag *t;

	if (git_object_lookup(&o, l->r->git, oid, GIT_OBJECT_ANY) < 0 ||
	    git_object_peel(&peeled, o, GIT_OBJECT_COMMIT) < 0)
		goto out;	/* a tag of a tree or a blob */
	if (git_oid_cmp(git_object_id(peeled), &l->tip) &&
	    git_graph_descendant_of(l->r->git, &l->tip,
				    git_object_id(peeled)) != 1)
		goto out;
	if (l->nr == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 16;
		l->v = xrealloc(l->v, l->alloc * sizeof(*l->v));
	}
	t = &l->v[l->nr++];
	t->name = xstrdup(name + (strncmp(name, "refs/tags/", 10) ? 0 : 10));
	git_oid_tostr(t->id, sizeof(t->id), git_object_id(peeled));
	t->time = git_commit_time((git_commit *)peeled);
out:
	error_clear();
	git_object_free(peeled);
	git_object_free(o);
	return 0;
}

static int tag_older(const void *a, const void *b)
{
	const struct repo_tag *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return strcmp(x->name, y->name);
}

int repo_tags(struct repo_tag **out, size_t *nr, struct repo *r,
	      const char *tip)
{
	struct tag_list l = { .r = r };
	git_object *o = NULL, *c = NULL;
	int rc;

	*out = NULL;
	*nr = 0;
	rc = git_revparse_single(&o, r->git, tip);
	if (rc == 0)
		rc = git_object_peel(&c, o, GIT_OBJECT_COMMIT);
	if (rc == 0)
		git_oid_cpy(&l.tip, git_object_id(c));
	git_object_free(c);
	git_object_free(o);
	if (rc < 0)
		return error_set("'%s' is not a commit here: give a branch, a tag or a commit",
				 tip);
	if (git_tag_foreach(r->git, add_tag, &l) < 0) {
		repo_tags_free(l.v, l.nr);
		return git_fail("cannot list the tags");
	}
	qsort(l.v, l.nr, sizeof(*l.v), tag_older);
	*out = l.v;
	*nr = l.nr;
	return 0;
}

void repo_tags_free(struct repo_tag *tags, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(tags[i].name);
	free(tags);
}

int repo_walk(struct repo *r, const char *range, repo_walk_fn fn, void *data)
{
	return walk(r, range, false, fn, data);
}

int repo_walk_history(struct repo *r, const char *range, repo_walk_fn fn,
		      void *data)
{
	return walk(r, range, true, fn, data);
}

static int commit_trees(git_tree **tree, git_tree **parent_tree,
			struct repo *r, const char *id);

static void push_name(char ***v, size_t *nr, size_t *alloc, const char *s)
{
	if (*nr == *alloc) {
		*alloc = *alloc ? 2 * *alloc : 8;
		*v = xrealloc(*v, *alloc * sizeof(**v));
	}
	(*v)[(*nr)++] = xstrdup(s);
}

void strv_free_n(char **v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(v[i]);
	free(v);
}

int repo_top_changes(char ***out, size_t *nr, struct repo *r,
		     const char *id)
{
	git_tree *tree, *parent;
	size_t n, alloc = 0;

	*out = NULL;
	*nr = 0;
	if (commit_trees(&tree, &parent, r, id) < 0)
		return -1;
	n = git_tree_entrycount(tree);
	for (size_t i = 0; i < n; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(e);
		const git_tree_entry *p = parent ?
			git_tree_entry_byname(parent, name) : NULL;

		if (p && !git_oid_cmp(git_tree_entry_id(e),
				      git_tree_entry_id(p)))
			continue;
		push_name(out, nr, &alloc, name);
	}
	/* entries the commit removed touch their subsystem too */
	n = parent ? git_tree_entrycount(parent) : 0;
	for (size_t i = 0; i < n; i++) {
		const char *name =
			git_tree_entry_name(git_tree_entry_byindex(parent, i));

		if (git_tree_entry_byname(tree, name))
			continue;
		push_name(out, nr, &alloc, name);
	}
	git_tree_free(tree);
	git_tree_free(parent);
	return 0;
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
	    recent_lookup((git_object **)&c, r, &r->commits, &oid,
			  GIT_OBJECT_COMMIT) < 0)
		return error_set("commit %s is not in this repository", id);
	if (recent_lookup((git_object **)tree, r, &r->trees,
			  git_commit_tree_id(c), GIT_OBJECT_TREE) < 0 ||
	    (git_commit_parentcount(c) &&
	     (recent_lookup((git_object **)&p, r, &r->commits,
			    git_commit_parent_id(c, 0), GIT_OBJECT_COMMIT) < 0 ||
	      recent_lookup((git_object **)parent_tree, r, &r->trees,
			    git_commit_tree_id(p), GIT_OBJECT_TREE) < 0))) {
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

	if (git_blob_lookup(&blob, git, blob_id) < 0) {
		/* a blobless partial clone fetches blobs on demand */
		f->unavailable = true;
		return;
	}
	p = git_blob_rawcontent(blob);
	n = (size_t)git_blob_rawsize(blob);
	f->binary = git_blob_is_binary(blob);
	if (n > 4096)
		n = 4096;
	for (i = 0; i < n && lines < SPDX_HEAD_LINES; i++)
		lines += p[i] == '\n';
	f->head = xstrndup(p, i);
	f->head_len = i;
	git_blob_free(blob);
}

/* Append the file at prefix + name of a commit's tree. */
static void add_file(struct added_file **out, size_t *n, size_t *cap,
		     git_repository *git, const char *path,
		     const git_oid *blob_id)
{
	if (*n + 1 >= *cap) {
		*cap = *cap ? 2 * *cap : 8;
		*out = xrealloc(*out, *cap * sizeof(**out));
	}
	memset(&(*out)[*n], 0, sizeof(**out));
	(*out)[*n].path = xstrdup(path);
	read_head_lines(&(*out)[*n], git, blob_id);
	if (!(*out)[*n].head)
		(*out)[*n].head = xstrdup("");
	(*n)++;
}

/*
 * The entry of old named as e, or NULL: both trees are in git's order,
 * so one pass with the cursor *j serves all the entries of the new tree.
 */
static const git_tree_entry *old_entry(const git_tree *old, size_t *j,
				       const git_tree_entry *e)
{
	size_t count = old ? git_tree_entrycount(old) : 0;

	while (*j < count) {
		const git_tree_entry *o = git_tree_entry_byindex(old, *j);
		int cmp = git_tree_entry_cmp(o, e);

		if (cmp > 0)
			return NULL;
		(*j)++;
		if (cmp == 0)
			return o;
	}
	return NULL;
}

/*
 * The files of tree that old (NULL: an empty tree) lacks, as git diff
 * shows them added: entries whose ids match are skipped whole, so only
 * the subtrees the commit changed are read.
 */
static int collect_added(struct added_file **out, size_t *n, size_t *cap,
			 git_repository *git, const git_tree *tree,
			 const git_tree *old, const char *prefix)
{
	size_t count = git_tree_entrycount(tree), j = 0;
	struct buf path = BUF_INIT;
	int rc = 0;

	for (size_t i = 0; i < count && rc == 0; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(e);
		const git_tree_entry *o = old_entry(old, &j, e);
		git_filemode_t mode = git_tree_entry_filemode(e);
		bool old_tree = o && git_tree_entry_type(o) == GIT_OBJECT_TREE;

		if (o && git_tree_entry_filemode(o) == mode &&
		    git_oid_equal(git_tree_entry_id(o), git_tree_entry_id(e)))
			continue;
		/* a changed file, a submodule or a link adds no file */
		if (mode != GIT_FILEMODE_TREE &&
		    ((o && !old_tree) || mode == GIT_FILEMODE_COMMIT ||
		     mode == GIT_FILEMODE_LINK))
			continue;
		buf_reset(&path);
		buf_addf(&path, "%s%s", prefix, name);
		if (mode == GIT_FILEMODE_TREE) {
			git_tree *sub = NULL, *osub = NULL;

			if (git_tree_lookup(&sub, git, git_tree_entry_id(e)) < 0 ||
			    (old_tree && git_tree_lookup(&osub, git,
					git_tree_entry_id(o)) < 0)) {
				rc = git_fail("cannot read a tree");
			} else {
				buf_addch(&path, '/');
				rc = collect_added(out, n, cap, git, sub, osub,
						   path.ptr);
			}
			git_tree_free(sub);
			git_tree_free(osub);
			continue;
		}
		add_file(out, n, cap, git, path.ptr, git_tree_entry_id(e));
	}
	buf_release(&path);
	return rc;
}

int repo_added_files(struct added_file **out, size_t *nr, struct repo *r,
		     const char *id)
{
	git_tree *tree, *parent;
	size_t n = 0, cap = 0;
	int rc;

	*out = NULL;
	*nr = 0;
	if (commit_trees(&tree, &parent, r, id) < 0)
		return -1;
	rc = collect_added(out, &n, &cap, r->git, tree, parent, "");
	if (rc < 0) {
		added_files_free(*out, n);
		*out = NULL;
	} else {
		*nr = n;
	}
	git_tree_free(tree);
	git_tree_free(parent);
	return rc;
}

/* The index git commit is writing: $GIT_INDEX_FILE in a hook (git
 * commit -a and git commit FILE use a temporary one), else the usual. */
static int open_index(git_index **out, struct repo *r)
{
	const char *env = getenv("GIT_INDEX_FILE");

	if (env && *env)
		return git_index_open(out, env) < 0 ?
		       git_fail("cannot read the index that GIT_INDEX_FILE names") : 0;
	if (git_repository_is_bare(r->git))
		return error_set("a bare repository has no index: --staged needs a work tree");
	return git_repository_index(out, r->git) < 0 ?
	       git_fail("cannot read the index") : 0;
}

/* HEAD's tree, or NULL on an unborn branch. */
static int head_tree(git_tree **out, struct repo *r)
{
	git_object *obj = NULL;
	int rc = git_revparse_single(&obj, r->git, "HEAD^{tree}");

	*out = NULL;
	if (rc == GIT_ENOTFOUND || rc == GIT_EUNBORNBRANCH) {
		git_error_clear();
		return 0;
	}
	if (rc < 0)
		return git_fail("cannot read HEAD's tree");
	*out = (git_tree *)obj;
	return 0;
}

int repo_staged_added_files(struct added_file **out, size_t *nr,
			    struct repo *r)
{
	git_diff_options o;
	git_index *index = NULL;
	git_tree *head = NULL;
	git_diff *diff = NULL;
	size_t n = 0, cap = 0;
	int rc = -1;

	*out = NULL;
	*nr = 0;
	git_diff_options_init(&o, GIT_DIFF_OPTIONS_VERSION);
	if (open_index(&index, r) < 0 || head_tree(&head, r) < 0)
		goto out;
	if (git_diff_tree_to_index(&diff, r->git, head, index, &o) < 0) {
		git_fail("cannot compare the index with HEAD");
		goto out;
	}
	for (size_t i = 0; i < git_diff_num_deltas(diff); i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		if (d->status == GIT_DELTA_ADDED &&
		    d->new_file.mode != GIT_FILEMODE_LINK &&
		    d->new_file.mode != GIT_FILEMODE_COMMIT)
			add_file(out, &n, &cap, r->git, d->new_file.path,
				 &d->new_file.id);
	}
	*nr = n;
	rc = 0;
out:
	git_diff_free(diff);
	git_tree_free(head);
	git_index_free(index);
	return rc;
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

	if (identity_from(&id, r, true) < 0)
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
			found = trim_slash(git_repository_workdir(main));
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
			found = trim_slash(git_worktree_path(wt));
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
	char *parse = range_for_parse(r, range);
	int rc = range_sides_resolve(r, parse) ?
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
	if (walk_push_range(w, &oid, r, range) < 0)
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

		if (git_commit_lookup(&c, r->git, &p->ids[i]) < 0)
			return git_fail("cannot read a commit of the range");
		ci = info_from(c);
		git_commit_free(c);
		buf_reset(&b);
		rc = fn(&b, ci, data);
		if (rc == 0 && b.len && (b.len != ci->message_len ||
					 memcmp(b.ptr, ci->message, b.len))) {
			rc = check_no_nul(r, &p->ids[i], ci->message_len);
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

		if (git_commit_lookup(&c, r->git, &p->ids[i]) < 0)
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
	buf_release(&path);
	free(o->tmp);
	free(o->dir);
	o->tmp = o->dir = NULL;
}

/*
 * A rewrite killed (SIGKILL, a crash) while writing its pack leaves its
 * private directory, which git gc does not remove: remove those more
 * than an hour old (a running rewrite takes seconds).
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
		    st.st_mtime > time(NULL) - 3600)
			continue;
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

static int pack_out_start(struct pack_out *o, struct repo *r)
{
	git_buf dir = { 0 };
	struct buf path = BUF_INIT;
	int rc = 0;

	if (git_repository_item_path(&dir, r->git,
				     GIT_REPOSITORY_ITEM_OBJECTS) < 0)
		return git_fail("cannot find the object database");
	buf_addf(&path, "%spack/", dir.ptr);
	o->dir = buf_detach(&path, NULL);
	remove_stale(o->dir);
	buf_addf(&path, "%stmp_disclose_XXXXXX", o->dir);
	if (!mkdtemp(path.ptr)) {
		int err = errno;

		rc = disk_full(r, err)
		     ? full_error(r, "cannot write the new commits to the object database")
		     : error_set("cannot write the new commits to the object database (the branch was not changed): cannot create a file in %s: %s",
				 o->dir, strerror(err));
		buf_release(&path);
	} else {
		o->tmp = buf_detach(&path, NULL);
	}
	git_buf_dispose(&dir);
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

/*
 * Test only: wait for the file named by DISCLOSE_TEST_PAUSE_BEFORE_REF.
 * The variable alone does nothing: DISCLOSE_TEST_HOOKS must also hold
 * this key (tests/e2e/lib.sh sets it), so that a stray variable in a
 * user's environment never stalls a real rewrite.
 */
#define TEST_HOOKS_KEY "disclose-test-hooks-5c0f19ad"

static void test_pause(void)
{
	const char *path = getenv("DISCLOSE_TEST_PAUSE_BEFORE_REF");
	const char *key = getenv("DISCLOSE_TEST_HOOKS");
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	struct buf waiting = BUF_INIT;

	if (!path || !*path || !key || strcmp(key, TEST_HOOKS_KEY))
		return;
	/* tell the test that the objects are written and we wait */
	buf_addf(&waiting, "%s.waiting", path);
	write_file_atomic(waiting.ptr, "", 0, 0644);
	buf_release(&waiting);
	for (int i = 0; i < 6000 && access(path, F_OK) < 0; i++)
		nanosleep(&ts, NULL);
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

		if (write_rewritten(&new_ids[i - p->first], odb, w, &p->ids[i],
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

/* HEAD.lock, the index's lock and the branch's lock, as git takes them. */
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
	}
	buf_release(&path);
	return rc;
}

/* The checks that need no range: a work tree, no operation, HEAD. */
static int plan_start(struct plan *p, struct repo *r, bool detached)
{
	git_commit *c = NULL;

	if (repo_is_bare(r))
		return error_set("this is a bare repository: rewriting needs a branch checked out in a work tree (use git worktree add)");
	if (repo_check_state(r, false) < 0 || head_commit(&c, r) < 0)
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

/*
 * git's history rewriting sees replacements (git replace) and grafts
 * (info/grafts); libgit2 1.5 reads the commits as recorded. Rewriting
 * the recorded commit would drop what the replacement says, so refuse.
 */
static int check_replaced(struct repo *r, const struct plan *p)
{
	const char *no = getenv("GIT_NO_REPLACE_OBJECTS");
	struct buf path = BUF_INIT;
	struct stat st;
	int rc = 0;

	for (size_t i = 0; (!no || !*no) && i < p->nr && !rc; i++) {
		char hex[OID_HEX + 1];
		git_oid to;

		git_oid_tostr(hex, sizeof(hex), &p->ids[i]);
		buf_reset(&path);
		buf_addf(&path, "refs/replace/%s", hex);
		if (git_reference_name_to_id(&to, r->git, path.ptr) < 0)
			continue;
		rc = error_set("commit %.12s has a replacement (git replace, %s -> %.12s): git disclose would rewrite the recorded commit and the replacement's message and tree would be lost; run git replace -d %.12s first (or make the replacement part of the history, then run again)",
			       hex, path.ptr, git_oid_tostr_s(&to), hex);
	}
	buf_reset(&path);
	buf_addf(&path, "%s/info/grafts", git_repository_commondir(r->git));
	if (!rc && lstat(path.ptr, &st) == 0 && st.st_size > 0)
		rc = error_set("%s exists: git sees other parents than the commits record, and git disclose would rewrite the recorded history; convert the grafts with git replace --convert-graft-file (then see git replace -l) or remove the file, then run again",
			       path.ptr);
	buf_release(&path);
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

	if (config_snapshot(&cfg, r) < 0)
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
	    plan_messages(p, r, fn, data) < 0 ||
	    check_tip(r, p, range, &p->tip) < 0 ||
	    check_replaced(r, p) < 0)
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
	 */
	sigs_blocked = block_signals(&saved) == 0;
	if (write_series(new_ids, &keep, r, p, who, o->keep_committer_date,
			 o->drop_signatures) < 0)
		goto out;
	tip = &new_ids[p->nr - p->first - 1];
	test_pause();
	if (move_ref(r, p->ref, tip, &p->head, msg.ptr) < 0)
		goto out;
	git_oid_tostr(out->new_tip, sizeof(out->new_tip), tip);
	fill_entries(out, p, new_ids);
	rc = 0;
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
	if (sigs_blocked)
		sigprocmask(SIG_SETMASK, &saved, NULL);
	buf_release(&msg);
	free(new_ids);
	git_signature_free(who);
	return rc;
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
	free(def);
	plan_release(&p);
	return rc;
}

void rewrite_result_release(struct rewrite_result *res)
{
	free(res->ref);
	free(res->backup_ref);
	free(res->entries);
	free(res->range);
	free(res->warning);
	memset(res, 0, sizeof(*res));
}

/* HEAD alone is the series of one commit. */
static int reword_to(struct buf *out, const struct commit_info *c, void *data)
{
	buf_adds(out, data);
	return 0;
}

int repo_amend_head(char *new_id, bool *changed, struct repo *r,
		    const char *message, const char *reflog_msg)
{
	struct rewrite_opts opts = { .range = "HEAD",
				     .reflog_msg = reflog_msg };
	struct rewrite_result res;
	int rc;

	*changed = false;
	rc = repo_rewrite(&res, r, &opts, reword_to, (void *)message);
	if (rc == 0) {
		memcpy(new_id, res.new_tip, OID_HEX + 1);
		*changed = res.nr_rewritten > 0;
	}
	rewrite_result_release(&res);
	return rc;
}

/*
 * The ends of a range for command-line git, read as repo_walk reads it:
 * the tip, then the other side of A...B, then each excluded commit as
 * "^<id>", all peeled to commits and in hex.
 */
int repo_range_ends(char ***out, size_t *nr, struct repo *r,
		    const char *range)
{
	git_revspec spec = { 0 };
	git_object *tip = NULL, *other = NULL;
	bool single, symmetric;
	char *def = NULL, *parse;
	git_oid base;
	int rc = -1;

	*out = NULL;
	*nr = 0;
	if (!range) {
		if (repo_default_range(&def, r) < 0)
			return -1;
		range = def;
	}
	/* At most three ends and the NULL. */
	*out = xcalloc(4, sizeof(**out));
	parse = range_for_parse(r, range);
	if (!range_sides_resolve(r, parse) ||
	    git_revparse(&spec, r->git, parse) < 0) {
		error_set("'%s' is not a revision or range here: give A..B, A...B or a commit (see git log --oneline)",
			  range);
		goto out;
	}
	single = spec.flags & GIT_REVSPEC_SINGLE;
	symmetric = spec.flags & GIT_REVSPEC_MERGE_BASE;
	if (git_object_peel(&tip, single ? spec.from : spec.to,
			    GIT_OBJECT_COMMIT) < 0 ||
	    (!single && git_object_peel(&other, spec.from,
					GIT_OBJECT_COMMIT) < 0)) {
		error_set("'%s' does not name commits: give A..B or a commit",
			  range);
		goto out;
	}
	(*out)[(*nr)++] = xstrdup(git_oid_tostr_s(git_object_id(tip)));
	if (other) {
		struct buf b = BUF_INIT;

		if (symmetric)
			(*out)[(*nr)++] =
				xstrdup(git_oid_tostr_s(git_object_id(other)));
		if (!symmetric || git_merge_base(&base, r->git,
						 git_object_id(other),
						 git_object_id(tip)) == 0)
			buf_addf(&b, "^%s", git_oid_tostr_s(symmetric ? &base :
						git_object_id(other)));
		if (b.len)
			(*out)[(*nr)++] = buf_detach(&b, NULL);
	}
	rc = 0;
out:
	if (rc < 0) {
		free(*out);
		*out = NULL;
	}
	git_object_free(tip);
	git_object_free(other);
	git_object_free(spec.from);
	git_object_free(spec.to);
	free(parse);
	free(def);
	return rc;
}

/*
 * The paths commit id changes against its first parent (all of its
 * files for a root commit), for the MAINTAINERS sections of report. No
 * blob is read: the trees are compared by id.
 */
int repo_changed_paths(char ***out, size_t *nr, struct repo *r,
		       const char *id)
{
	git_tree *tree, *parent;
	git_diff *diff = NULL;
	size_t alloc = 0;
	int rc = 0;

	*out = NULL;
	*nr = 0;
	if (commit_trees(&tree, &parent, r, id) < 0)
		return -1;
	if (git_diff_tree_to_tree(&diff, r->git, parent, tree, NULL) < 0) {
		rc = git_fail("cannot diff the commit");
		goto out;
	}
	for (size_t i = 0; i < git_diff_num_deltas(diff); i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		push_name(out, nr, &alloc, d->new_file.path ?
			  d->new_file.path : d->old_file.path);
	}
out:
	git_diff_free(diff);
	git_tree_free(tree);
	git_tree_free(parent);
	return rc;
}
