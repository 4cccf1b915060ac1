/*
 * Running the tree's scripts/checkpatch.pl on the patches of a range.
 *
 * Each commit is turned into a patch file with git format-patch (with
 * the options that the user's format.* configuration could change set
 * explicitly, so that a format.signOff cannot hide a missing sign-off),
 * then checkpatch runs once on all of them with --emacs --show-types, so
 * that each message names its file and type, and only the signature
 * types are asked for.
 */
#include "checkpatch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "message.h"
#include "run.h"
#include "util.h"

struct patch {
	char id[OID_HEX + 1];
	char *message;
	char *path;
};

struct patch_list {
	struct patch *items;
	size_t nr;
};

int checkpatch_find(char **out, struct repo *r)
{
	const char *top = repo_workdir(r);
	struct buf path = BUF_INIT;
	struct stat st;

	*out = NULL;
	if (!top)
		return error_set("--checkpatch needs a kernel work tree, and the repository is bare: run it in a checkout");
	buf_addf(&path, "%s%sscripts/checkpatch.pl", top,
		 top[strlen(top) - 1] == '/' ? "" : "/");
	if (stat(path.ptr, &st) < 0 || !S_ISREG(st.st_mode)) {
		error_set("no scripts/checkpatch.pl in %s: --checkpatch works in a kernel tree only",
			  top);
		buf_release(&path);
		return -1;
	}
	*out = buf_detach(&path, NULL);
	return 0;
}

static int collect(const struct commit_info *c, void *data)
{
	struct patch_list *l = data;
	struct patch *p;

	if (c->nr_parents > 1)
		return 0;	/* format-patch skips merges, so do we */
	l->items = xrealloc(l->items, (l->nr + 1) * sizeof(*l->items));
	p = &l->items[l->nr++];
	memset(p, 0, sizeof(*p));
	memcpy(p->id, c->id, sizeof(p->id));
	p->message = xstrndup(c->message, c->message_len);
	return 0;
}

static void patch_list_release(struct patch_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		if (l->items[i].path)
			unlink(l->items[i].path);
		free(l->items[i].message);
		free(l->items[i].path);
	}
	free(l->items);
	memset(l, 0, sizeof(*l));
}

/* git format-patch of one commit into path. */
static int format_patch(struct repo *r, const struct patch *p)
{
	const char *argv[] = {
		"git", "--git-dir", repo_git_dir(r), "format-patch",
		"--stdout", "--no-signoff", "--no-signature", "--no-notes",
		"--no-attach", "--no-thread", "--no-numbered",
		"--no-cover-letter", "--no-color", "--encode-email-headers",
		"-1", p->id, NULL
	};
	struct run_opts opts = RUN_OPTS_INIT;
	struct run_result res;
	int fd, ret;

	fd = open(p->path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return error_set("cannot create '%s': %s", p->path,
				 strerror(errno));
	opts.cwd = repo_workdir(r);
	opts.stdout_fd = fd;
	ret = run_wait(&res, argv, &opts);
	close(fd);
	if (ret < 0)
		return error_set("cannot run git format-patch: is git installed?");
	if (res.status)
		return error_set("git format-patch failed on %.12s (exit %d)",
				 p->id, res.status);
	return 0;
}

static char *trimmed(const char *s, size_t len)
{
	while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' ||
		       s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	return xstrndup(s, len);
}

/* 1-based line of msg equal to text (trailing blanks ignored), or 0. */
static size_t line_in_message(const char *msg, const char *text)
{
	size_t want = strlen(text), n = 1;

	while (*msg) {
		const char *nl = strchr(msg, '\n');
		size_t len = nl ? (size_t)(nl - msg) : strlen(msg);
		size_t l = len;

		while (l && (msg[l - 1] == ' ' || msg[l - 1] == '\t' ||
			     msg[l - 1] == '\r'))
			l--;
		if (l == want && !memcmp(msg, text, want))
			return n;
		if (!nl)
			break;
		msg = nl + 1;
		n++;
	}
	return 0;
}

/* "LEVEL:TYPE: message" after the "path:N: " prefix. */
static int parse_head(struct checkpatch_msg *m, const char *s, size_t len)
{
	const char *c1 = memchr(s, ':', len), *c2;

	if (!c1)
		return -1;
	c2 = memchr(c1 + 1, ':', len - (size_t)(c1 + 1 - s));
	if (!c2 || c2 + 1 >= s + len || c2[1] != ' ')
		return -1;
	m->level = xstrndup(s, (size_t)(c1 - s));
	m->type = xstrndup(c1 + 1, (size_t)(c2 - c1 - 1));
	m->message = trimmed(c2 + 2, len - (size_t)(c2 + 2 - s));
	if (strcmp(m->level, "ERROR") && strcmp(m->level, "WARNING") &&
	    strcmp(m->level, "CHECK"))
		return -1;
	return 0;
}

static void msg_release(struct checkpatch_msg *m)
{
	free(m->level);
	free(m->type);
	free(m->message);
	free(m->text);
}

/* After a message: "#N: ..." then the offending line, when there is one. */
static const char *offending_line(const char *next, char **text)
{
	const char *nl;

	*text = NULL;
	if (!next || next[0] != '#')
		return next;
	nl = strchr(next, '\n');
	if (!nl)
		return NULL;
	next = nl + 1;
	nl = strchr(next, '\n');
	if (!*next || *next == '\n')
		return next;
	*text = trimmed(next, nl ? (size_t)(nl - next) : strlen(next));
	return nl ? nl + 1 : NULL;
}

int checkpatch_parse(struct checkpatch_report *rep, const char *output,
		     const char *path, const char *id, const char *msg)
{
	size_t plen = strlen(path);
	const char *s = output;

	while (s && *s) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		const char *next = nl ? nl + 1 : NULL;
		const char *p = s + plen + 1;
		struct checkpatch_msg m;

		if (len <= plen + 1 || memcmp(s, path, plen) || s[plen] != ':') {
			s = next;
			continue;
		}
		while (p < s + len && git_isdigit(*p))
			p++;
		if (p == s + plen + 1 || p + 2 > s + len || p[0] != ':' ||
		    p[1] != ' ') {
			s = next;
			continue;
		}
		memset(&m, 0, sizeof(m));
		if (parse_head(&m, p + 2, len - (size_t)(p + 2 - s)) < 0) {
			msg_release(&m);
			return error_set("cannot read checkpatch's output line '%.*s': is it the kernel's scripts/checkpatch.pl?",
					 (int)len, s);
		}
		next = offending_line(next, &m.text);
		if (m.text && *m.text == '+')
			m.line = 0;	/* a line of the diff, not the message */
		else if (m.text)
			m.line = line_in_message(msg, m.text);
		snprintf(m.commit, sizeof(m.commit), "%s", id);
		rep->msgs = xrealloc(rep->msgs,
				     (rep->nr_msgs + 1) * sizeof(*rep->msgs));
		rep->msgs[rep->nr_msgs++] = m;
		s = next;
	}
	return 0;
}

/* checkpatch once over every patch file; its output into out. */
static int run_script(struct buf *out, const char *script, struct repo *r,
		      const struct patch_list *l, const char *errpath,
		      const char *types)
{
	const char **argv = xcalloc(l->nr + 12, sizeof(*argv));
	struct run_opts opts = RUN_OPTS_INIT;
	struct run_result res;
	struct buf err = BUF_INIT;
	size_t n = 0;
	int fd, ret = 0;

	argv[n++] = "perl";
	argv[n++] = script;
	argv[n++] = "--no-tree";
	argv[n++] = "--emacs";
	argv[n++] = "--show-types";
	argv[n++] = "--no-summary";
	argv[n++] = "--color=never";
	if (types) {
		argv[n++] = "--types";
		argv[n++] = types;
	}
	for (size_t i = 0; i < l->nr; i++)
		argv[n++] = l->items[i].path;
	fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		ret = error_set("cannot create '%s': %s", errpath,
				strerror(errno));
		goto out;
	}
	opts.cwd = repo_workdir(r);
	opts.stderr_fd = fd;
	if (run_capture(&res, out, argv, &opts) < 0) {
		ret = error_set("cannot run perl for checkpatch: install perl");
	} else if (res.status > 1) {
		/* 0: clean, 1: messages; anything else: it did not run */
		read_file(&err, errpath);
		ret = error_set("%s failed (exit %d): %.200s", script,
				res.status, buf_cstr(&err));
	}
	close(fd);
out:
	unlink(errpath);
	buf_release(&err);
	free(argv);
	return ret;
}

static char *make_tmpdir(void)
{
	const char *tmp = getenv("TMPDIR");
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s/disclose-checkpatch.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(b.ptr)) {
		error_set("cannot create a temporary directory in %s: %s",
			  tmp && *tmp ? tmp : "/tmp", strerror(errno));
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

static int run_types(struct checkpatch_report *out, struct repo *r,
		     const char *range, const char *types)
{
	struct patch_list l = { NULL, 0 };
	struct buf output = BUF_INIT, errpath = BUF_INIT;
	char *dir = NULL;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	if (checkpatch_find(&out->script, r) < 0)
		return -1;
	if (repo_walk(r, range, collect, &l) < 0)
		goto out;
	out->nr_patches = l.nr;
	if (!l.nr) {
		ret = 0;
		goto out;
	}
	dir = make_tmpdir();
	if (!dir)
		goto out;
	for (size_t i = 0; i < l.nr; i++) {
		struct buf p = BUF_INIT;

		buf_addf(&p, "%s/%04zu.patch", dir, i + 1);
		l.items[i].path = buf_detach(&p, NULL);
		if (format_patch(r, &l.items[i]) < 0)
			goto out;
	}
	buf_addf(&errpath, "%s/stderr", dir);
	if (run_script(&output, out->script, r, &l, errpath.ptr, types) < 0)
		goto out;
	for (size_t i = 0; i < l.nr; i++)
		if (checkpatch_parse(out, buf_cstr(&output), l.items[i].path,
				     l.items[i].id, l.items[i].message) < 0)
			goto out;
	ret = 0;
out:
	patch_list_release(&l);
	if (dir)
		rmdir(dir);
	free(dir);
	buf_release(&output);
	buf_release(&errpath);
	if (ret < 0)
		checkpatch_report_release(out);
	return ret;
}

int checkpatch_run(struct checkpatch_report *out, struct repo *r,
		   const char *range)
{
	return run_types(out, r, range, CHECKPATCH_TYPES);
}

int checkpatch_run_all(struct checkpatch_report *out, struct repo *r,
		       const char *range)
{
	return run_types(out, r, range, NULL);
}

int patch_set_write(struct patch_set *out, struct repo *r, const char *range)
{
	struct patch_list l = { NULL, 0 };
	int ret = -1;

	memset(out, 0, sizeof(*out));
	if (repo_walk(r, range, collect, &l) < 0)
		goto out;
	out->dir = make_tmpdir();
	if (!out->dir)
		goto out;
	out->paths = xcalloc(l.nr + 1, sizeof(*out->paths));
	for (size_t i = 0; i < l.nr; i++) {
		struct buf p = BUF_INIT;

		buf_addf(&p, "%s/%04zu.patch", out->dir, i + 1);
		l.items[i].path = p.ptr;
		out->paths[out->nr++] = buf_detach(&p, NULL);
		if (format_patch(r, &l.items[i]) < 0)
			goto out;
	}
	ret = 0;
out:
	/* the files now belong to out: patch_set_release removes them */
	for (size_t i = 0; i < l.nr; i++)
		l.items[i].path = NULL;
	patch_list_release(&l);
	if (ret < 0)
		patch_set_release(out);
	return ret;
}

void patch_set_release(struct patch_set *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		unlink(s->paths[i]);
		free(s->paths[i]);
	}
	free(s->paths);
	if (s->dir)
		rmdir(s->dir);
	free(s->dir);
	memset(s, 0, sizeof(*s));
}

void checkpatch_report_release(struct checkpatch_report *rep)
{
	for (size_t i = 0; i < rep->nr_msgs; i++)
		msg_release(&rep->msgs[i]);
	free(rep->msgs);
	free(rep->script);
	memset(rep, 0, sizeof(*rep));
}

const struct checkpatch_msg *checkpatch_msgs_for(
	const struct checkpatch_report *rep, const char *id, size_t *nr)
{
	size_t i = 0, n = 0;

	while (i < rep->nr_msgs && strcmp(rep->msgs[i].commit, id))
		i++;
	while (i + n < rep->nr_msgs && !strcmp(rep->msgs[i + n].commit, id))
		n++;
	*nr = n;
	return n ? &rep->msgs[i] : NULL;
}
