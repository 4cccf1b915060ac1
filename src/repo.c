/*
 * Everything that reads the repository goes through libgit2 here: open,
 * configuration, identity, the walk, added files. Rewrites are in
 * rewrite.c; both share struct repo through repo_priv.h.
 */
#include "repo_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgraph.h"
#include "spdx.h"
#include "util.h"
#include "walk.h"

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

int git_fail(const char *what)
{
	const git_error *e = git_error_last();
	const char *m = e && e->message ? e->message : "unknown libgit2 error";
	size_t n = strlen(m);

	/* libgit2 ends a lock failure with ": " and no reason */
	while (n && (m[n - 1] == ' ' || m[n - 1] == ':'))
		n--;
	if (strstr(m, "failed to lock file"))
		return error_set("%s: %.*s (the lock file exists: another git process holds it, or one that crashed left it; remove it if no git process is running)",
				 what, (int)n, m);
	return error_set("%s: %.*s", what, (int)n, m);
}

char *repo_trim_slash(const char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	return xstrndup(path, n);
}

/* Long walks read on a thread of their own (repo_set_streaming). */
static bool streaming;

void repo_set_streaming(void)
{
	streaming = true;
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

/*
 * A repository found but not opened (SHA-256): its own configuration
 * files still name the user and the remembered answers, and git reads
 * them there, so the commands that work outside a repository (trailer)
 * read them as well (repo_config_snapshot() with no repository).
 */
static struct {
	char *local;		/* <common dir>/config */
	char *worktree;		/* <git dir>/config.worktree, or NULL */
} unopened;

static void remember_unopened(git_repository *git, git_config *cfg)
{
	struct buf p = BUF_INIT;
	int on = 0;

	free(unopened.local);
	free(unopened.worktree);
	buf_addf(&p, "%sconfig", git_repository_commondir(git));
	unopened.local = buf_detach(&p, NULL);
	unopened.worktree = NULL;
	buf_addf(&p, "%sconfig.worktree", git_repository_path(git));
	if (git_config_get_bool(&on, cfg, "extensions.worktreeconfig") == 0 &&
	    on && access(p.ptr, F_OK) == 0)
		unopened.worktree = buf_detach(&p, NULL);
	buf_release(&p);
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
	    strcasecmp(b.ptr, "sha1")) {
		rc = error_set("this repository uses %s object names (extensions.objectformat=%s): libgit2 1.5, on which git disclose is built, reads SHA-1 repositories only, so no command that reads the repository works here (check, amend, commit, fix, hook, the guided assistant); git disclose trailer still works (it prints the Assisted-by: and Signed-off-by: lines for git commit --trailer, with the identity and answers this repository's configuration gives, as git commit -s would)",
			       !strcasecmp(b.ptr, "sha256") ? "SHA-256" : b.ptr,
			       b.ptr);
		remember_unopened(git, cfg);
	}
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
		return error_set_code(ERROR_NOT_FOUND, "not in a git repository: run git disclose inside one (or cd into your kernel tree)");
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
	r->git_dir = repo_trim_slash(git_repository_path(git));
	if (!path)
		r->objects_dir = env_dup("GIT_OBJECT_DIRECTORY");
	if (git_repository_workdir(git))
		r->workdir = repo_trim_slash(git_repository_workdir(git));
	*out = r;
	return 0;
}

void repo_walk_want_added_files(struct repo *r)
{
	r->want_added_files = true;
}

int repo_open_optional(struct repo **out, const char *path)
{
	*out = NULL;
	if (repo_open(out, path) == 0)
		return 0;
	if (error_code() != ERROR_NOT_FOUND)
		return -1;
	error_clear();
	return 0;
}

void repo_free(struct repo *r)
{
	if (!r)
		return;
	recent_clear(&r->commits);
	recent_clear(&r->trees);
	git_odb_free(r->odb);
	cgraph_free(r->cgraph);
	free(r->shallow);
	git_repository_free(r->git);
	free(r->git_dir);
	free(r->workdir);
	free(r->objects_dir);
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

/* The repository's configuration, or the user's outside a repository
 * (with the files of a repository found but not opened: unopened). */
int repo_config_snapshot(git_config **out, struct repo *r)
{
	git_config *live = NULL;
	int rc;

	git_libgit2_init();
	if (r)
		return git_repository_config_snapshot(out, r->git);
	if (config_files_from_env() ? config_from_files(&live, NULL) < 0
				    : git_config_open_default(&live) < 0)
		return -1;
	if ((unopened.local &&
	     add_config_file(live, unopened.local, GIT_CONFIG_LEVEL_LOCAL,
			     NULL) < 0) ||
	    (unopened.worktree &&
	     add_config_file(live, unopened.worktree, GIT_CONFIG_LEVEL_APP,
			     NULL) < 0)) {
		git_config_free(live);
		return -1;
	}
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
	if (repo_config_snapshot(&cfg, r) < 0)
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

int repo_identity_from(struct ident *out, struct repo *r, bool committer)
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
	return repo_identity_from(out, r, false);
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

struct commit_info *commit_info_from(git_commit *c)
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

int repo_head_commit(git_commit **out, struct repo *r)
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

	if (repo_head_commit(&c, r) < 0)
		return -1;
	*out = commit_info_from(c);
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
	*out = commit_info_from((git_commit *)peeled);
	git_object_free(peeled);
	git_object_free(obj);
	return 0;
}

/*
 * No object starts with the n hex digits of oid: each backend says so
 * without a refresh. libgit2's own lookup rescans the pack directory
 * after every miss, which made check's Fixes: tags naming no commit
 * here (most of them, outside the tree they came from) cost more than
 * reading the commit. A pack added meanwhile is not looked for.
 */
static bool prefix_absent(struct repo *r, const git_oid *oid, size_t n)
{
	size_t nr;

	if (!r->odb && git_repository_odb(&r->odb, r->git) < 0) {
		git_error_clear();
		return false;
	}
	nr = git_odb_num_backends(r->odb);
	for (size_t i = 0; i < nr; i++) {
		git_odb_backend *b;
		git_oid found;

		if (git_odb_get_backend(&b, r->odb, i) < 0 ||
		    !b->exists_prefix ||
		    b->exists_prefix(&found, b, oid, n) != GIT_ENOTFOUND) {
			git_error_clear();
			return false;
		}
	}
	git_error_clear();
	return true;
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
	if (n < GIT_OID_HEXSZ && prefix_absent(r, &oid, n))
		return 1;
	rc = git_object_lookup_prefix(&obj, r->git, &oid, n,
				      GIT_OBJECT_COMMIT);
	if (rc == GIT_EAMBIGUOUS)
		return 2;
	if (rc < 0)
		return 1;	/* not found, or not a commit */
	*out = commit_info_from((git_commit *)obj);
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
bool repo_range_sides_resolve(struct repo *r, const char *range)
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
char *repo_range_for_parse(struct repo *r, const char *range)
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

/* The commits a range shows and hides, peeled, as the walks take them. */
struct range_ids {
	git_oid push[2];
	size_t nr_push;
	git_oid hide;
	bool has_hide;
	git_oid single;			/* a single revision, else zero */
};

static int peeled_id(git_oid *out, git_object *obj)
{
	git_object *peeled = NULL;
	int rc = git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);

	if (rc == 0)
		git_oid_cpy(out, git_object_id(peeled));
	git_object_free(peeled);
	return rc;
}

/*
 * What range shows and hides; a single revision, meaning that commit
 * alone, comes back in out->single (zero otherwise), so that its parents
 * need not exist (a shallow clone).
 */
static int range_resolve(struct range_ids *out, struct repo *r,
			 const char *range)
{
	git_revspec spec;
	char *parse = repo_range_for_parse(r, range);
	int rc = repo_range_sides_resolve(r, parse) ?
		 git_revparse(&spec, r->git, parse) : -1;

	memset(out, 0, sizeof(*out));
	free(parse);
	if (rc < 0)
		return error_set("'%s' is not a revision or range here: give A..B, A...B or a commit (see git log --oneline)",
				 range);
	if (spec.flags & GIT_REVSPEC_SINGLE) {
		rc = peeled_id(&out->single, spec.from);
	} else {
		rc = peeled_id(&out->push[out->nr_push++], spec.to);
		if (rc == 0 && (spec.flags & GIT_REVSPEC_MERGE_BASE)) {
			rc = peeled_id(&out->push[out->nr_push++], spec.from);
			if (rc == 0 && git_merge_base(&out->hide, r->git,
					&out->push[1], &out->push[0]) == 0)
				out->has_hide = true;
		} else if (rc == 0) {
			rc = peeled_id(&out->hide, spec.from);
			out->has_hide = true;
		}
	}
	git_object_free(spec.from);
	git_object_free(spec.to);
	return rc < 0 ? error_set("'%s' does not name commits: give A..B or a commit",
				  range) : 0;
}

/*
 * Push range onto the walk; a single revision, meaning that commit
 * alone, is not pushed but given back in *single (zero otherwise).
 */
int repo_walk_push_range(git_revwalk *w, git_oid *single, struct repo *r,
			 const char *range)
{
	struct range_ids ids;
	int rc = 0;

	memset(single, 0, sizeof(*single));
	if (range_resolve(&ids, r, range) < 0)
		return -1;
	git_oid_cpy(single, &ids.single);
	for (size_t i = 0; i < ids.nr_push && rc == 0; i++)
		rc = git_revwalk_push(w, &ids.push[i]);
	if (rc == 0 && ids.has_hide)
		rc = git_revwalk_hide(w, &ids.hide);
	return rc < 0 ? error_set("'%s' does not name commits: give A..B or a commit",
				  range) : 0;
}

/*
 * A walked commit as repo's functions see it: its tree and first parent,
 * so that the files it adds need no second read of it.
 */
struct repo_commit {
	git_oid tree;
	git_oid parent;
	bool has_parent;
	git_oid parent_tree;		/* zero: not known yet */
	/* the files it adds, when the reader thread found them */
	struct added_file *files;
	size_t nr_files;
	bool has_files;
	struct difftree *from_git;	/* git diff-tree has them, or NULL */
};

/*
 * A commit of the walk that cannot be read: past a shallow clone's
 * boundary (walk_setup read .git/shallow), or missing or damaged.
 */
static int unreadable_commit(const struct repo *r, const git_oid *oid)
{
	const git_error *e = git_error_last();
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), oid);
	if (r->nr_shallow)
		error_set("commit %s is not in this shallow clone: the walk of the range reaches past what was fetched (.git/shallow), which libgit2 cannot stop at; fetch the history with git fetch --unshallow, or give HEAD alone",
			  hex);
	else
		error_set("cannot read commit %s, which the range reaches (%s): the repository is missing objects or has damaged ones; run git fsck, and fetch them again from where they came",
			  hex, e && e->message ? e->message : "not found");
	git_error_clear();
	return -1;
}

/* The raw commit object of the walk (struct walk_reader). */
static int read_commit_raw(void **handle, const char **buf, size_t *len,
			   const unsigned char *id, void *data)
{
	struct repo *r = data;
	git_odb_object *obj = NULL;
	git_oid oid;

	memcpy(oid.id, id, GIT_OID_RAWSZ);
	if (git_odb_read(&obj, r->odb, &oid) < 0)
		return unreadable_commit(r, &oid);
	if (git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
		git_odb_object_free(obj);
		return error_set("object %s is not a commit: run git fsck",
				 git_oid_tostr_s(&oid));
	}
	*handle = obj;
	*buf = git_odb_object_data(obj);
	*len = git_odb_object_size(obj);
	return 0;
}

static void release_commit_raw(void *handle, void *data)
{
	git_odb_object_free(handle);
}

static uint32_t commit_generation(const unsigned char *id, void *data)
{
	struct repo *r = data;

	return cgraph_generation(r->cgraph, id);
}

/*
 * The commit-graph of the first object directory that has one, as git
 * looks: the repository's own, then those of objects/info/alternates (a
 * clone made with --reference or --shared has its history there). A
 * quoted alternate is left out.
 */
static void open_alternate_cgraph(struct repo *r, const char *objects)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	char *line, *next;

	buf_addf(&path, "%s/info/alternates", objects);
	if (read_file(&text, path.ptr) < 0) {
		error_clear();
		goto out;
	}
	for (line = text.ptr; line && *line && !r->cgraph; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!*line || *line == '#' || *line == '"')
			continue;
		buf_reset(&path);
		if (*line != '/')
			buf_addf(&path, "%s/", objects);
		buf_adds(&path, line);
		cgraph_open(&r->cgraph, path.ptr);
	}
out:
	buf_release(&path);
	buf_release(&text);
}

/* The commit-graph of the repository's objects. */
static void open_cgraph(struct repo *r)
{
	const char *env = getenv("GIT_OBJECT_DIRECTORY");
	struct buf dir = BUF_INIT;

	if (env && *env)
		buf_adds(&dir, env);
	else
		buf_addf(&dir, "%s/objects", r->git_dir);
	if (!cgraph_open(&r->cgraph, dir.ptr))
		open_alternate_cgraph(r, dir.ptr);
	buf_release(&dir);
}

/* libgit2's trimming of a signature's name and e-mail. */
static bool sig_crud(unsigned char c)
{
	return c <= 32 || strchr(".,:;<>\"\\'", c);
}

static char *sig_trimmed(const char *p, size_t n)
{
	while (n && sig_crud((unsigned char)p[0])) {
		p++;
		n--;
	}
	while (n && sig_crud((unsigned char)p[n - 1]))
		n--;
	return xstrndup(p, n);
}

static const char *mem_rchr(const char *p, int c, size_t n)
{
	while (n--)
		if (p[n] == c)
			return p + n;
	return NULL;
}

/* A signature line [p, eol) after its key, as git_signature__parse(). */
static int parse_sig(char **name, char **email, long long *when,
		     const char *p, const char *eol)
{
	const char *lt = mem_rchr(p, '<', (size_t)(eol - p));
	const char *gt = mem_rchr(p, '>', (size_t)(eol - p));
	char *end;

	if (!lt || !gt || gt <= lt)
		return -1;
	*name = sig_trimmed(p, (size_t)(lt - p));
	*email = sig_trimmed(lt + 1, (size_t)(gt - lt - 1));
	*when = 0;
	if (gt + 2 < eol) {
		char num[32];
		size_t n = (size_t)(eol - gt - 2);

		if (n >= sizeof(num))
			n = sizeof(num) - 1;
		memcpy(num, gt + 2, n);
		num[n] = '\0';
		*when = strtoll(num, &end, 10);
		if (end == num) {
			free(*name);
			free(*email);
			return -1;
		}
	}
	return 0;
}

/* The line at *p that starts with key: 1 with [*val, *eol), else 0. */
static int header_line(const char **val, const char **eol, const char *p,
		       const char *end, const char *key)
{
	size_t n = strlen(key);

	if ((size_t)(end - p) <= n || memcmp(p, key, n))
		return 0;
	*eol = memchr(p, '\n', (size_t)(end - p));
	if (!*eol)
		return 0;
	*val = p + n;
	return 1;
}

/*
 * A commit_info from the raw object, read as libgit2's commit parser
 * reads it (the walk's commits are not git_commit objects).
 */
static struct commit_info *commit_info_raw(const struct walk_commit *wc)
{
	struct commit_info *ci = xcalloc(1, sizeof(*ci));
	const char *p = wc->raw, *end = wc->raw + wc->len, *val, *eol;
	long long when;
	bool body = false;

	for (size_t i = 0; i < GIT_OID_RAWSZ; i++) {
		ci->id[2 * i] = "0123456789abcdef"[wc->id[i] >> 4];
		ci->id[2 * i + 1] = "0123456789abcdef"[wc->id[i] & 15];
	}
	ci->id[OID_HEX] = '\0';
	/* tree and parents: the walk checked them (a shallow clone's
	 * boundary names parents the walk does not count) */
	p += 46;
	while ((size_t)(end - p) >= 48 && !memcmp(p, "parent ", 7))
		p += 48;
	if (!header_line(&val, &eol, p, end, "author ") ||
	    parse_sig(&ci->author_name, &ci->author_email,
		      &ci->author_time, val, eol) < 0)
		goto bad;
	p = eol + 1;
	while (header_line(&val, &eol, p, end, "author "))
		p = eol + 1;
	if (!header_line(&val, &eol, p, end, "committer ") ||
	    parse_sig(&ci->committer_name, &ci->committer_email, &when,
		      val, eol) < 0)
		goto bad;
	p = eol + 1;
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));

		if (p[-1] == '\n' && p[0] == '\n') {
			body = true;
			break;
		}
		if (!e)
			e = end;
		if ((size_t)(e - p) >= 9 && !memcmp(p, "encoding ", 9)) {
			free(ci->encoding);
			ci->encoding = xstrndup(p + 9, (size_t)(e - p - 9));
		}
		if ((size_t)(e - p) >= 7 && !memcmp(p, "gpgsig ", 7))
			ci->gpgsig = true;
		p = e < end ? e + 1 : end;
	}
	p = body ? p + 1 : end;
	ci->message = xstrndup(p, (size_t)(end - p));
	ci->message_len = strlen(ci->message);
	ci->nr_parents = wc->nr_parents;
	return ci;
bad:
	error_set("commit %.12s has no valid author or committer: run git fsck",
		  ci->id);
	commit_info_free(ci);
	return NULL;
}

/* Call fn with ci, its handle for repo's functions set for the call. */
static int give(struct repo *r, struct commit_info *ci,
		struct repo_commit *rc, repo_walk_fn fn, void *data)
{
	int ret;

	ci->handle = rc;
	r->given = rc;
	memcpy(r->given_id, ci->id, sizeof(r->given_id));
	ret = fn(ci, data);
	r->given = NULL;
	ci->handle = NULL;
	commit_info_free(ci);
	return ret;
}

/* The single revision of a range: that commit alone. */
static int walk_single(struct repo *r, const git_oid *id, repo_walk_fn fn,
		       void *data)
{
	struct repo_commit rc = { 0 };
	git_commit *c = NULL;
	struct commit_info *ci;

	if (git_commit_lookup(&c, r->git, id) < 0)
		return git_fail("cannot read a commit");
	git_oid_cpy(&rc.tree, git_commit_tree_id(c));
	if (git_commit_parentcount(c)) {
		git_oid_cpy(&rc.parent, git_commit_parent_id(c, 0));
		rc.has_parent = true;
	}
	ci = commit_info_from(c);
	git_commit_free(c);
	return give(r, ci, &rc, fn, data);
}

static int id_cmp(const void *a, const void *b)
{
	return memcmp(a, b, GIT_OID_RAWSZ);
}

/* The boundary commits of a shallow clone (.git/shallow). */
static void read_shallow(struct repo *r)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	size_t alloc = 0;
	git_oid oid;

	buf_addf(&path, "%s/shallow", r->git_dir);
	if (read_file(&text, path.ptr) < 0) {
		error_clear();	/* no such file: not shallow */
		goto out;
	}
	for (char *line = text.ptr; line && *line;) {
		char *next = strchr(line, '\n');

		if (next)
			*next++ = '\0';
		if (git_oid_fromstr(&oid, line) == 0) {
			if (r->nr_shallow == alloc) {
				alloc = alloc ? 2 * alloc : 8;
				r->shallow = xrealloc(r->shallow,
						      alloc * sizeof(*r->shallow));
			}
			memcpy(r->shallow[r->nr_shallow++], oid.id,
			       GIT_OID_RAWSZ);
		}
		line = next;
	}
	qsort(r->shallow, r->nr_shallow, sizeof(*r->shallow), id_cmp);
out:
	buf_release(&path);
	buf_release(&text);
}

static bool shallow_boundary(const unsigned char *id, void *data)
{
	const struct repo *r = data;

	return bsearch(id, r->shallow, r->nr_shallow, sizeof(*r->shallow),
		       id_cmp) != NULL;
}

/* Open the walk's object database, commit-graph and boundary, once. */
static int walk_setup(struct walk_reader *rd, struct repo *r)
{
	if (!r->odb && git_repository_odb(&r->odb, r->git) < 0)
		return git_fail("cannot read the object database");
	if (!r->walk_ready) {
		open_cgraph(r);
		read_shallow(r);
		r->walk_ready = true;
	}
	rd->read = read_commit_raw;
	rd->release = release_commit_raw;
	rd->generation = r->cgraph ? commit_generation : NULL;
	rd->boundary = r->nr_shallow ? shallow_boundary : NULL;
	rd->data = r;
	return 0;
}

static void walk_start(struct walk **out, const struct walk_reader *rd,
		       const struct range_ids *ids)
{
	walk_new(out, rd);
	for (size_t i = 0; i < ids->nr_push; i++)
		walk_push(*out, ids->push[i].id, false);
	if (ids->has_hide)
		walk_push(*out, ids->hide.id, true);
}

/* The walk's next commit as commit_info and handle: 0, 1 at the end. */
static int walk_take(struct commit_info **ci, struct repo_commit *h,
		     struct walk *w)
{
	struct walk_commit wc;
	int rc = walk_next(&wc, w);

	if (rc)
		return rc;
	*ci = commit_info_raw(&wc);
	if (!*ci)
		return -1;
	memset(h, 0, sizeof(*h));
	memcpy(h->tree.id, wc.tree, GIT_OID_RAWSZ);
	if (wc.parent0) {
		h->has_parent = true;
		memcpy(h->parent.id, wc.parent0, GIT_OID_RAWSZ);
		/* the walk read the parent when it read this commit */
		walk_tree_of(h->parent_tree.id, w, wc.parent0);
	}
	return 0;
}

static int walk_range_here(struct repo *r, const struct range_ids *ids,
			   repo_walk_fn fn, void *data)
{
	struct walk_reader rd;
	struct walk *w;
	struct commit_info *ci;
	struct repo_commit h;
	int rc = 0;

	if (walk_setup(&rd, r) < 0)
		return -1;
	walk_start(&w, &rd, ids);
	r->walk = w;
	while (rc == 0 && (rc = walk_take(&ci, &h, w)) == 0) {
		rc = give(r, ci, &h, fn, data);
		added_files_free(h.files, h.nr_files);
	}
	r->walk = NULL;
	walk_free(w);
	return rc < 0 ? -1 : 0;
}

static int added_files(struct added_file **out, size_t *nr, struct repo *r,
		       const struct repo_commit *h);
static void add_file(struct added_file **out, size_t *n, size_t *cap,
		     git_repository *git, const char *path,
		     const git_oid *blob_id);

/*
 * The reader thread of a long walk: it has its own repository handle,
 * reads and parses the commits (and, for check, the files each adds)
 * while the caller's thread checks the ones before.
 */
#define PIPE_SLOTS 256
/* The reader wakes the caller's thread for this many commits at once. */
#define PIPE_BATCH 16

struct pipe_slot {
	struct commit_info *ci;
	struct repo_commit h;
};

struct pipe {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct pipe_slot slots[PIPE_SLOTS];
	size_t head, nr;
	bool done, stop;
	char *err;			/* the reader's error */
	struct repo *reader;
	const struct range_ids *ids;
	bool files;
	struct difftree *dt;		/* NULL: the reader finds them */
	struct difftree *dt_first;	/* all of them, for the end */
	const char *git_dir;
};

/*
 * git diff-tree --stdin finding the files commits add, for check's SPDX
 * checks over long ranges: git reads trees at about twice libgit2's
 * speed (libgit2 1.5 drops its whole delta base cache each time its
 * 16 MiB fill), and runs on a core of its own. The reader thread writes
 * the ids of the commits (not merges) in the walk's order; the caller's
 * thread reads their added files in the same order. Each record is the
 * commit's id, then one raw entry per added file; an empty line written
 * to git makes it flush (git echoes it), every DIFFTREE_FLUSH commits
 * and whenever the reader waits, so the caller never waits for output
 * git keeps in its buffer.
 */
#define DIFFTREE_FLUSH 8
/*
 * A new git after this many commits, so that what git keeps of the
 * commits it read stays bounded. Rarely: a new git starts without its
 * delta base cache (a new one every 16384 commits took 20 s of CPU
 * instead of 14 s on the 100k-commit history); most of git's memory is
 * the pack it maps, which a new git maps again.
 */
#define DIFFTREE_ROTATE ((size_t)1 << 20)

struct difftree {
	struct difftree *next;		/* the one started after it */
	size_t asked;
	pid_t pid;
	FILE *in;			/* git's standard input */
	FILE *out;			/* its standard output */
	char *tok;			/* a token read ahead, or NULL */
	size_t tok_len;
	unsigned unflushed;
};

static int difftree_start(struct difftree *d, const char *git_dir)
{
	struct buf dir = BUF_INIT;
	int to[2] = { -1, -1 }, from[2] = { -1, -1 };
	posix_spawn_file_actions_t fa;
	char *argv[] = {
		"git", "--no-replace-objects", NULL, "diff-tree", "--stdin",
		"-r", "--root", "--always", "--no-renames", "--diff-filter=A",
		"--raw", "--no-abbrev", "-z", NULL
	};
	int rc;

	memset(d, 0, sizeof(*d));
	d->pid = -1;
	if (pipe2(to, O_CLOEXEC) < 0 || pipe2(from, O_CLOEXEC) < 0) {
		rc = error_set("cannot start git diff-tree: %s", strerror(errno));
		goto out;
	}
	buf_addf(&dir, "--git-dir=%s", git_dir);
	argv[2] = dir.ptr;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, to[0], 0);
	posix_spawn_file_actions_adddup2(&fa, from[1], 1);
	rc = posix_spawnp(&d->pid, "git", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		d->pid = -1;
		rc = error_set("cannot run git diff-tree: %s: install git",
			       strerror(rc));
		goto out;
	}
	d->in = fdopen(to[1], "w");
	d->out = fdopen(from[0], "r");
	to[1] = from[0] = -1;
	rc = d->in && d->out ? 0 : error_set("cannot start git diff-tree: out of memory");
out:
	for (int i = 0; i < 2; i++) {
		if (to[i] >= 0 && (i == 0 || !d->in))
			close(to[i]);
		if (from[i] >= 0 && (i == 1 || !d->out))
			close(from[i]);
	}
	buf_release(&dir);
	return rc;
}

/* Write what waits in our buffer and make git flush its output. */
static void difftree_flush(struct difftree *d)
{
	if (!d->in || !d->unflushed)
		return;
	fputc('\n', d->in);
	fflush(d->in);
	d->unflushed = 0;
}

/* The reader thread: commit id goes to git. */
static void difftree_ask(struct difftree *d, const char *id)
{
	fprintf(d->in, "%s\n", id);
	if (++d->unflushed == DIFFTREE_FLUSH)
		difftree_flush(d);
}

/* The reader thread is done asking: git ends after its last answer. */
static void difftree_close_in(struct difftree *d)
{
	if (!d->in)
		return;
	fclose(d->in);
	d->in = NULL;
}

/* The next NUL-terminated token into d->tok (kept for a peek): 0, or -1. */
static int difftree_token(struct difftree *d, bool path)
{
	ssize_t n;
	size_t cap = 0;
	char *t = NULL;

	if (d->tok)
		return 0;
	n = getdelim(&t, &cap, '\0', d->out);
	if (n <= 0) {
		free(t);
		return -1;
	}
	d->tok = t;
	d->tok_len = t[n - 1] ? (size_t)n : (size_t)n - 1;	/* no NUL */
	if (!path) {
		/* the empty lines written to flush come back before ids */
		size_t k = strspn(t, "\n");

		memmove(t, t + k, d->tok_len - k + 1);
		d->tok_len -= k;
	}
	return 0;
}

static void difftree_drop(struct difftree *d)
{
	free(d->tok);
	d->tok = NULL;
}

/* ":100644 100644 <id> <id> A" of an added file: its mode and blob. */
static int parse_raw_entry(unsigned *mode, git_oid *blob, const char *t)
{
	unsigned m1;
	char o1[GIT_OID_HEXSZ + 1], o2[GIT_OID_HEXSZ + 1], st;

	if (sscanf(t, ":%o %o %40s %40s %c", &m1, mode, o1, o2, &st) != 5 ||
	    git_oid_fromstr(blob, o2) < 0)
		return -1;
	return 0;
}

static void difftree_end(struct difftree *d);

/* The caller's thread: the files commit id adds, as git found them. */
static int difftree_answer(struct added_file **out, size_t *nr,
			   struct repo *r, struct difftree *d, const char *id)
{
	size_t n = 0, cap = 0;
	int rc = 0;

	*out = NULL;
	*nr = 0;
	if (r->difftree && r->difftree != d)
		difftree_end(r->difftree);	/* all it was asked is read */
	r->difftree = d;
	if (difftree_token(d, false) < 0 || strcmp(d->tok, id))
		return error_set("git diff-tree did not answer for commit %.12s: run git fsck, or check with --no-spdx",
				 id);
	difftree_drop(d);
	while (rc == 0 && difftree_token(d, false) == 0 && d->tok[0] == ':') {
		unsigned mode;
		git_oid blob;

		rc = parse_raw_entry(&mode, &blob, d->tok);
		difftree_drop(d);
		if (rc < 0 || difftree_token(d, true) < 0) {
			rc = error_set("git diff-tree wrote what is not a raw diff for commit %.12s",
				       id);
			break;
		}
		/* a submodule or a link adds no file */
		if (mode != GIT_FILEMODE_COMMIT && mode != GIT_FILEMODE_LINK)
			add_file(out, &n, &cap, r->git, d->tok, &blob);
		difftree_drop(d);
	}
	if (rc < 0) {
		added_files_free(*out, n);
		*out = NULL;
		return -1;
	}
	*nr = n;
	return 0;
}

static void difftree_end(struct difftree *d)
{
	int status;

	difftree_close_in(d);
	difftree_drop(d);
	if (d->out)
		fclose(d->out);
	d->out = NULL;
	if (d->pid > 0)
		waitpid(d->pid, &status, 0);
	d->pid = -1;
}

/* Commits read between two returns of the pack's pages. */
#define COMMITS_PER_TRIM 4096

static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !memcmp(s + n - k, suffix, k);
}

/*
 * Give back the pages of the mapped packs read so far: a walk reads each
 * commit's bytes once, and over a million commits they would stay
 * resident (1.07 GB of a 0.8 GB pack with the kernel's fault-around).
 * The index and the commit-graph stay: every lookup's binary search
 * crosses them, and giving their pages back made a walk of a million
 * commits four times slower (104 s CPU against 19 s) for no lower
 * peak. The pages stay in the page cache.
 */
static void trim_mappings(void)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[4096];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		char perms[8];
		size_t n = strcspn(line, "\n");

		line[n] = '\0';
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3 ||
		    perms[1] != '-' || !ends_with(line, n, ".pack"))
			continue;
		madvise((void *)lo, hi - lo, MADV_DONTNEED);
	}
	fclose(f);
}

static int pipe_put(struct pipe *p, struct commit_info *ci,
		    const struct repo_commit *h)
{
	bool stop;

	pthread_mutex_lock(&p->lock);
	if (p->nr == PIPE_SLOTS && p->dt) {
		/* the caller may wait for git: no lock held while writing */
		pthread_mutex_unlock(&p->lock);
		difftree_flush(p->dt);
		pthread_mutex_lock(&p->lock);
	}
	while (p->nr == PIPE_SLOTS && !p->stop)
		pthread_cond_wait(&p->cond, &p->lock);
	stop = p->stop;
	if (!stop) {
		struct pipe_slot *s = &p->slots[(p->head + p->nr) % PIPE_SLOTS];

		s->ci = ci;
		s->h = *h;
		if (++p->nr == PIPE_BATCH)
			pthread_cond_signal(&p->cond);
	}
	pthread_mutex_unlock(&p->lock);
	return stop ? 1 : 0;
}

/*
 * Ask the current git; after DIFFTREE_ROTATE commits start the next,
 * which the caller's thread turns to once the commits asked before are
 * answered.
 */
static int pipe_ask_git(struct pipe *p, const char *id)
{
	struct difftree *next;

	if (p->dt->asked == DIFFTREE_ROTATE) {
		next = xcalloc(1, sizeof(*next));
		if (difftree_start(next, p->git_dir) < 0) {
			free(next);
			return -1;
		}
		difftree_flush(p->dt);
		difftree_close_in(p->dt);
		p->dt->next = next;
		p->dt = next;
	}
	p->dt->asked++;
	difftree_ask(p->dt, id);
	return 0;
}

static void *pipe_read(void *arg)
{
	struct pipe *p = arg;
	struct repo *r = p->reader;
	struct walk_reader rd;
	struct walk *w = NULL;
	struct commit_info *ci;
	struct repo_commit h;
	size_t nr = 0;
	sigset_t pipe_sig;
	int rc = walk_setup(&rd, r);

	/* a git that died makes the writes fail, not the process */
	sigemptyset(&pipe_sig);
	sigaddset(&pipe_sig, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_sig, NULL);
	if (rc == 0)
		walk_start(&w, &rd, p->ids);
	while (rc == 0 && (rc = walk_take(&ci, &h, w)) == 0) {
		if (++nr % COMMITS_PER_TRIM == 0)
			trim_mappings();
		if (p->dt && ci->nr_parents <= 1) {
			rc = pipe_ask_git(p, ci->id);
			h.from_git = p->dt;
		} else if (p->files && ci->nr_parents <= 1) {
			rc = added_files(&h.files, &h.nr_files, r, &h);
			h.has_files = rc == 0;
		}
		if (rc == 0)
			rc = pipe_put(p, ci, &h);
		if (rc != 0) {
			commit_info_free(ci);
			added_files_free(h.files, h.nr_files);
		}
	}
	walk_free(w);
	if (p->dt) {
		difftree_flush(p->dt);
		difftree_close_in(p->dt);
	}
	pthread_mutex_lock(&p->lock);
	if (rc < 0)
		p->err = xstrdup(error_last());
	p->done = true;
	pthread_cond_signal(&p->cond);
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* The next slot into *out: 0, 1 when the reader is done. */
static int pipe_get(struct pipe_slot *out, struct pipe *p)
{
	int rc = 1;

	pthread_mutex_lock(&p->lock);
	while (!p->nr && !p->done)
		pthread_cond_wait(&p->cond, &p->lock);
	if (p->nr) {
		*out = p->slots[p->head];
		p->head = (p->head + 1) % PIPE_SLOTS;
		if (p->nr-- == PIPE_SLOTS / 2)
			pthread_cond_signal(&p->cond);
		rc = 0;
	}
	pthread_mutex_unlock(&p->lock);
	return rc;
}

static void pipe_drain(struct pipe *p)
{
	struct pipe_slot s;

	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	while (pipe_get(&s, p) == 0) {
		commit_info_free(s.ci);
		added_files_free(s.h.files, s.h.nr_files);
	}
}

/* git diff-tree finds the added files unless libgit2 must (shallow). */
static bool use_difftree(struct repo *r)
{
	struct buf path = BUF_INIT;
	bool shallow;

	buf_addf(&path, "%s/shallow", r->git_dir);
	shallow = access(path.ptr, F_OK) == 0;
	buf_release(&path);
	return !shallow && !getenv("DISCLOSE_NO_DIFFTREE");
}

static int walk_range_piped(struct repo *r, const struct range_ids *ids,
			    repo_walk_fn fn, void *data)
{
	struct pipe *p = xcalloc(1, sizeof(*p));
	struct pipe_slot s;
	pthread_t reader;
	int rc = 0;

	if (repo_open(&p->reader, r->git_dir) < 0) {
		free(p);
		return -1;
	}
	p->ids = ids;
	p->files = r->want_added_files;
	p->git_dir = r->git_dir;
	if (p->files && use_difftree(r)) {
		struct difftree *dt = xcalloc(1, sizeof(*dt));

		if (difftree_start(dt, r->git_dir) == 0) {
			p->dt = p->dt_first = dt;
		} else {
			difftree_end(dt);	/* libgit2 reads the trees */
			free(dt);
		}
		error_clear();
	}
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->cond, NULL);
	if (pthread_create(&reader, NULL, pipe_read, p)) {
		rc = error_set("cannot start a thread: %s", strerror(errno));
		goto out;
	}
	while (rc == 0 && pipe_get(&s, p) == 0) {
		rc = give(r, s.ci, &s.h, fn, data);
		if (rc >= 0 && s.h.from_git) {
			/* not asked for (b4's cover letter): read past it */
			struct added_file *files;
			size_t nr;

			if (difftree_answer(&files, &nr, r, s.h.from_git,
					    r->given_id) < 0)
				rc = -1;
			else
				added_files_free(files, nr);
		}
		added_files_free(s.h.files, s.h.nr_files);
	}
	pipe_drain(p);
	pthread_join(reader, NULL);
	if (rc >= 0 && p->err)
		rc = error_set("%s", p->err);
out:
	while (p->dt_first) {
		struct difftree *next = p->dt_first->next;

		difftree_end(p->dt_first);
		free(p->dt_first);
		p->dt_first = next;
	}
	r->difftree = NULL;
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->cond);
	repo_free(p->reader);
	free(p->err);
	free(p);
	return rc < 0 ? -1 : 0;
}

/* The objects come from the environment: only this handle knows them. */
static bool objects_from_env(void)
{
	const char *a = getenv("GIT_OBJECT_DIRECTORY");
	const char *b = getenv("GIT_ALTERNATE_OBJECT_DIRECTORIES");

	return (a && *a) || (b && *b);
}

static int walk_range(struct repo *r, const struct range_ids *ids,
		      repo_walk_fn fn, void *data)
{
	if (streaming && !objects_from_env())
		return walk_range_piped(r, ids, fn, data);
	return walk_range_here(r, ids, fn, data);
}

static int walk(struct repo *r, const char *range, bool history,
		repo_walk_fn fn, void *data)
{
	struct range_ids ids;
	char *def = NULL;
	int rc = -1;

	if (!range) {
		if (repo_default_range(&def, r) < 0)
			return -1;
		range = def;
	}
	if (range_resolve(&ids, r, range) < 0)
		goto out;
	if (!git_oid_is_zero(&ids.single) && history) {
		/* a revision means its history, as git log reads it */
		ids.push[ids.nr_push++] = ids.single;
		memset(&ids.single, 0, sizeof(ids.single));
	}
	if (!git_oid_is_zero(&ids.single)) {
		rc = walk_single(r, &ids.single, fn, data);
		rc = rc > 0 ? 0 : rc;
	} else {
		rc = walk_range(r, &ids, fn, data);
	}
out:
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

static int hex_trees(git_tree **tree, git_tree **parent_tree,
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
	if (hex_trees(&tree, &parent, r, id) < 0)
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

/* Commit id, from the recent commits when the walk just read it. */
static int commit_by_hex(git_commit **out, struct repo *r, const char *id)
{
	git_oid oid;

	if (git_oid_fromstr(&oid, id) < 0 ||
	    recent_lookup((git_object **)out, r, &r->commits, &oid,
			  GIT_OBJECT_COMMIT) < 0)
		return error_set("commit %s is not in this repository", id);
	return 0;
}

/* The tree id of commit id: from the walk when it holds it, else read. */
static int tree_of_commit(git_oid *out, struct repo *r, const git_oid *id)
{
	git_commit *c;

	if (r->walk && walk_tree_of(out->id, r->walk, id->id) == 0)
		return 0;
	if (recent_lookup((git_object **)&c, r, &r->commits, id,
			  GIT_OBJECT_COMMIT) < 0)
		return -1;
	git_oid_cpy(out, git_commit_tree_id(c));
	git_commit_free(c);
	return 0;
}

static void handle_from(struct repo_commit *out, git_commit *c)
{
	memset(out, 0, sizeof(*out));
	git_oid_cpy(&out->tree, git_commit_tree_id(c));
	if (git_commit_parentcount(c)) {
		git_oid_cpy(&out->parent, git_commit_parent_id(c, 0));
		out->has_parent = true;
	}
}

/*
 * Trees of a commit and of its first parent (NULL for a root commit).
 * The parent's tree comes from the walk, which read the parent already,
 * and the trees from the recent ones: in a linear walk each is read once.
 */
static int commit_trees(git_tree **tree, git_tree **parent_tree,
			struct repo *r, const struct repo_commit *h)
{
	git_oid ptree;

	*tree = *parent_tree = NULL;
	git_oid_cpy(&ptree, &h->parent_tree);
	if (recent_lookup((git_object **)tree, r, &r->trees, &h->tree,
			  GIT_OBJECT_TREE) < 0 ||
	    (h->has_parent &&
	     ((git_oid_is_zero(&ptree) &&
	       tree_of_commit(&ptree, r, &h->parent) < 0) ||
	      recent_lookup((git_object **)parent_tree, r, &r->trees, &ptree,
			    GIT_OBJECT_TREE) < 0))) {
		git_tree_free(*tree);
		*tree = NULL;
		return git_fail("cannot read the commit's trees");
	}
	return 0;
}

/* The same for commit id: the commit the walk gave, else read. */
static int hex_trees(git_tree **tree, git_tree **parent_tree,
		     struct repo *r, const char *id)
{
	struct repo_commit h;
	git_commit *c;

	*tree = *parent_tree = NULL;
	if (r->given && !strcmp(id, r->given_id))
		return commit_trees(tree, parent_tree, r, r->given);
	if (commit_by_hex(&c, r, id) < 0)
		return -1;
	handle_from(&h, c);
	git_commit_free(c);
	return commit_trees(tree, parent_tree, r, &h);
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

static int added_files(struct added_file **out, size_t *nr, struct repo *r,
		       const struct repo_commit *h)
{
	git_tree *tree, *parent;
	size_t n = 0, cap = 0;
	int rc;

	*out = NULL;
	*nr = 0;
	if (commit_trees(&tree, &parent, r, h) < 0)
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

int repo_added_files(struct added_file **out, size_t *nr, struct repo *r,
		     const char *id)
{
	struct repo_commit h;
	git_commit *c;

	*out = NULL;
	*nr = 0;
	if (commit_by_hex(&c, r, id) < 0)
		return -1;
	handle_from(&h, c);
	git_commit_free(c);
	return added_files(out, nr, r, &h);
}

int repo_commit_added_files(struct added_file **out, size_t *nr,
			    struct repo *r, const struct commit_info *c)
{
	struct repo_commit *h = c->handle;

	if (!h)
		return repo_added_files(out, nr, r, c->id);
	if (h->from_git) {
		struct difftree *dt = h->from_git;

		h->from_git = NULL;
		return difftree_answer(out, nr, r, dt, c->id);
	}
	if (h->has_files) {
		/* the reader thread found them: they are the caller's now */
		*out = h->files;
		*nr = h->nr_files;
		h->files = NULL;
		h->nr_files = 0;
		h->has_files = false;
		return 0;
	}
	return added_files(out, nr, r, h);
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

	if (hex_trees(&tree, &parent, r, id) < 0)
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
	parse = repo_range_for_parse(r, range);
	if (!repo_range_sides_resolve(r, parse) ||
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
	if (hex_trees(&tree, &parent, r, id) < 0)
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
