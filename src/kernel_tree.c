// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel source a boot builds: the pristine tree of a tarball, the
 * reused worktree, a series applied onto it.
 */
#include "kernel_tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define PRISTINE_IDENT_NAME KTREE_PACKAGE
#define PRISTINE_IDENT_EMAIL "pristine@localhost"

char *ktree_cache_dir(void)
{
	const char *d = getenv("DISCLOSE_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	struct buf p = BUF_INIT;

	if (d && *d)
		return xstrdup(d);
	if (xdg && *xdg)
		buf_addf(&p, "%s/git-disclose", xdg);
	else
		buf_addf(&p, "%s/.cache/git-disclose", home ? home : "/tmp");
	return buf_detach(&p, NULL);
}

/*
 * The version naming the cached tree: the Debian package's when the
 * tarball is the package's, else the tarball's size.
 */
static char *source_version(const char *tarball)
{
	struct buf out = BUF_INIT;
	struct stat st;

	if (!strcmp(tarball, KTREE_TARBALL) &&
	    boot_cmd(&out, NULL, NULL, (const char *const[]){ "dpkg-query",
		     "-W", "-f=${Version}", KTREE_PACKAGE, NULL }, NULL,
		     30000) == 0 && out.len) {
		boot_chomp(&out);
		return buf_detach(&out, NULL);
	}
	buf_release(&out);
	if (stat(tarball, &st) < 0)
		return NULL;
	buf_addf(&out, "%lld", (long long)st.st_size);
	return buf_detach(&out, NULL);
}

/* The stem of the tarball name: "linux-source-6.1" of ".../x.tar.xz". */
static char *tarball_stem(const char *tarball)
{
	const char *base = strrchr(tarball, '/');
	const char *dot;

	base = base ? base + 1 : tarball;
	dot = strstr(base, ".tar");
	return xstrndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

static bool pristine_usable(const char *path)
{
	return boot_git_has(path, "pristine^{commit}");
}

static int extract(const char *tmp, const char *tarball)
{
	struct buf err = BUF_INIT;
	int st = boot_cmd(NULL, &err, NULL, (const char *const[]){ "tar",
			  "-xJf", tarball, "-C", tmp, "--strip-components=1",
			  "--no-same-owner", NULL }, NULL, 0);

	if (st != 0) {
		char *line = boot_first_line(buf_cstr(&err));

		error_set("cannot extract %s: %s", tarball, line);
		free(line);
	}
	buf_release(&err);
	return st != 0 ? -1 : 0;
}

/* One commit of everything in tmp, tagged "pristine", with fixed dates. */
static int commit_pristine(const char *tmp, const char *msg)
{
	static const char *const ident[] = {
		"GIT_AUTHOR_NAME=" PRISTINE_IDENT_NAME,
		"GIT_AUTHOR_EMAIL=" PRISTINE_IDENT_EMAIL,
		"GIT_AUTHOR_DATE=@0 +0000",
		"GIT_COMMITTER_NAME=" PRISTINE_IDENT_NAME,
		"GIT_COMMITTER_EMAIL=" PRISTINE_IDENT_EMAIL,
		"GIT_COMMITTER_DATE=@0 +0000",
		NULL
	};
	int st = boot_git(NULL, tmp, (const char *const[]){ "init", "-q", "-b",
			  "main", NULL }, NULL);

	if (!st)
		st = boot_git(NULL, tmp, (const char *const[]){ "config",
			      "core.autocrlf", "false", NULL }, NULL);
	if (!st)
		st = boot_git(NULL, tmp, (const char *const[]){ "config",
			      "gc.auto", "0", NULL }, NULL);
	if (!st)
		st = boot_git(NULL, tmp, (const char *const[]){ "config",
			      "core.safecrlf", "false", NULL }, NULL);
	/* -f: .gitignore files in the tree must not hide a tarball file. */
	if (!st)
		st = boot_git(NULL, tmp, (const char *const[]){ "add", "-f",
			      "-A", ".", NULL }, NULL);
	if (!st)
		st = boot_git(NULL, tmp, (const char *const[]){ "-c",
			      "commit.gpgsign=false", "commit", "-q",
			      "--no-verify", "-m", msg, NULL }, ident);
	if (!st)
		st = boot_git(NULL, tmp, (const char *const[]){ "tag",
			      "pristine", NULL }, NULL);
	return st;
}

static int fill_pristine(const char *tmp, const char *tarball,
			 const char *stem, const char *version)
{
	struct buf msg = BUF_INIT;
	int st;

	if (mkdir_p(tmp, 0755) < 0 || extract(tmp, tarball) < 0)
		return -1;
	buf_addf(&msg, "%s %s (pristine)", stem, version);
	st = commit_pristine(tmp, msg.ptr);
	buf_release(&msg);
	return st;
}

int ktree_pristine(char **out, const char *tarball,
		   const struct boot_progress *progress)
{
	char *cache = ktree_cache_dir();
	char *version = source_version(tarball);
	char *stem = tarball_stem(tarball);
	struct buf path = BUF_INIT, tmp = BUF_INIT;
	int ret = 0;

	*out = NULL;
	if (!version) {
		ret = error_set("%s not found: install it with 'apt-get "
				"install %s' or give --source TARBALL",
				tarball, KTREE_PACKAGE);
		goto out;
	}
	buf_addf(&path, "%s/%s-%s", cache, stem, version);
	if (boot_is_dir(path.ptr)) {
		if (!pristine_usable(path.ptr))
			ret = error_set("%s exists but has no 'pristine' "
					"commit: remove it and run again",
					path.ptr);
		goto out;
	}
	if (mkdir_p(cache, 0755) < 0) {
		ret = -1;
		goto out;
	}
	boot_progress_stage(progress, "extracting the kernel source (once)",
			    0, 0);
	buf_addf(&tmp, "%s.tmp.%ld", path.ptr, (long)getpid());
	if (fill_pristine(tmp.ptr, tarball, stem, version) < 0) {
		ret = -1;
		boot_rm_rf(tmp.ptr);
		goto out;
	}
	/* Another run may have finished first: keep its tree. */
	if (rename(tmp.ptr, path.ptr) < 0) {
		boot_rm_rf(tmp.ptr);
		if (!pristine_usable(path.ptr))
			ret = error_set("cannot move %s into place: %s",
					tmp.ptr, strerror(errno));
	}
out:
	if (!ret)
		*out = buf_detach(&path, NULL);
	buf_release(&path);
	buf_release(&tmp);
	free(cache);
	free(version);
	free(stem);
	return ret;
}

static char *common_dir(const char *dir)
{
	char *out;

	if (boot_git_line(&out, dir, (const char *const[]){ "rev-parse",
			  "--path-format=absolute", "--git-common-dir",
			  NULL }) < 0)
		error_clear();
	return out;
}

int ktree_checkout(const char *wt, const char *base_repo, const char *rev)
{
	char *want = common_dir(base_repo);
	char *have = boot_is_dir(wt) ? common_dir(wt) : NULL;
	int ret;

	if (!want)
		return error_set("%s is not a git repository", base_repo);
	if (have && !strcmp(have, want)) {
		/* A failed git am of an earlier run leaves state behind. */
		boot_git(NULL, wt, (const char *const[]){ "am", "--abort",
			 NULL }, NULL);
		error_clear();
		ret = boot_git(NULL, wt, (const char *const[]){ "checkout",
			       "-q", "--detach", "--force", rev, NULL }, NULL);
		goto out;
	}
	if (boot_is_dir(wt) && boot_rm_rf(wt) < 0) {
		ret = -1;
		goto out;
	}
	boot_git(NULL, base_repo, (const char *const[]){ "worktree", "prune",
		 NULL }, NULL);
	error_clear();
	ret = boot_git(NULL, base_repo, (const char *const[]){ "worktree",
		       "add", "-q", "--detach", "--force", wt, rev, NULL },
		       NULL);
out:
	free(want);
	free(have);
	return ret;
}

/* git format-patch the commits into patch_dir: the files, in order. */
static int format_patches(char ***files, size_t *nr_files, const char *repo,
			  char *const *revs, size_t nr,
			  const char *patch_dir)
{
	char **args = NULL;
	size_t n = 0;
	struct buf out = BUF_INIT;
	int ret;

	boot_strv_push(&args, &n, xstrdup("format-patch"));
	boot_strv_push(&args, &n, xstrdup("--no-signature"));
	boot_strv_push(&args, &n, xstrdup("-o"));
	boot_strv_push(&args, &n, xstrdup(patch_dir));
	if (nr == 1)
		boot_strv_push(&args, &n, xstrdup("-1"));
	for (size_t i = 0; i < nr; i++)
		boot_strv_push(&args, &n, xstrdup(revs[i]));
	/* Without -q, format-patch prints each file it writes. */
	ret = boot_git(&out, repo, (const char *const *)args, NULL);
	if (ret == 0)
		boot_strv_lines(files, nr_files, buf_cstr(&out));
	boot_strv_free(args, n);
	buf_release(&out);
	return ret;
}

int ktree_apply(char **why, const char *wt, const char *repo,
		char *const *revs, size_t nr, const char *patch_dir)
{
	static const char *const ident[] = {
		"GIT_COMMITTER_NAME=git-disclose",
		"GIT_COMMITTER_EMAIL=boot@localhost",
		NULL
	};
	char **files = NULL, **am = NULL;
	size_t nr_files = 0, nr_am = 0;
	int ret;

	*why = NULL;
	boot_rm_rf(patch_dir);
	ret = format_patches(&files, &nr_files, repo, revs, nr, patch_dir);
	if (ret < 0 || !nr_files)
		goto out;
	boot_strv_push(&am, &nr_am, xstrdup("am"));
	boot_strv_push(&am, &nr_am, xstrdup("-q"));
	boot_strv_push(&am, &nr_am, xstrdup("--keep-cr"));
	for (size_t i = 0; i < nr_files; i++)
		boot_strv_push(&am, &nr_am, xstrdup(files[i]));
	if (boot_git(NULL, wt, (const char *const *)am, ident) < 0) {
		*why = xstrdup(error_last());
		error_clear();
		ret = 1;
	}
out:
	boot_strv_free(files, nr_files);
	boot_strv_free(am, nr_am);
	return ret;
}
