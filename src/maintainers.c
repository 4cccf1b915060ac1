#include "maintainers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpatch.h"
#include "run.h"
#include "util.h"

void maintainers_release(struct maintainers *m)
{
	for (size_t i = 0; i < m->nr; i++) {
		free(m->items[i].who);
		free(m->items[i].role);
	}
	free(m->items);
	free(m->script);
	memset(m, 0, sizeof(*m));
}

/* "addr (role)" or "Name <addr> (role)": split at the last " (". */
static int parse_line(struct maintainer *out, const char *s, size_t n)
{
	const char *open = NULL;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		n--;
	if (n && s[n - 1] == ')')
		for (size_t i = n - 1; i > 0 && !open; i--)
			if (s[i] == '(' && s[i - 1] == ' ')
				open = s + i;
	out->who = xstrndup_trim(s, open ? (size_t)(open - s) : n);
	out->role = open ? xstrndup(open + 1, (size_t)(s + n - open - 2)) :
		    xstrdup("");
	out->list = !strchr(out->who, '<');
	if (!*out->who || !strchr(out->who, '@'))
		return error_set("get_maintainer.pl printed '%.*s', which is not an address: is it the kernel's script?",
				 (int)n, s);
	return 0;
}

int maintainers_parse(struct maintainers *out, const char *text, size_t len)
{
	const char *end = text + len, *lf;

	for (const char *s = text; s < end; s = lf + 1) {
		struct maintainer m;

		lf = memchr(s, '\n', (size_t)(end - s));
		if (!lf)
			lf = end;
		if (lf == s)
			continue;
		if (parse_line(&m, s, (size_t)(lf - s)) < 0) {
			free(m.who);
			free(m.role);
			return -1;
		}
		out->items = xrealloc(out->items,
				      (out->nr + 1) * sizeof(*out->items));
		out->items[out->nr++] = m;
	}
	return 0;
}

void maintainers_format(struct buf *out, const struct maintainers *m,
			const char *indent)
{
	for (size_t i = 0; i < m->nr; i++) {
		const struct maintainer *it = &m->items[i];

		buf_addf(out, "%s%s %s%s%s%s\n", indent,
			 it->list ? "cc:" : "to:", it->who,
			 *it->role ? " (" : "", it->role,
			 *it->role ? ")" : "");
	}
}

static int find_script(char **out, struct repo *r)
{
	const char *top = repo_workdir(r);
	struct buf path = BUF_INIT;
	struct stat st;

	*out = NULL;
	if (!top)
		return 0;
	buf_addf(&path, "%s%s%s", top, top[strlen(top) - 1] == '/' ? "" : "/",
		 GET_MAINTAINER_PL);
	if (stat(path.ptr, &st) < 0 || !S_ISREG(st.st_mode)) {
		buf_release(&path);
		return 0;
	}
	*out = buf_detach(&path, NULL);
	return 1;
}

static int run_script(struct maintainers *out, struct repo *r,
		      const struct patch_set *ps, int timeout_ms)
{
	const char **argv = xcalloc(ps->nr + 10, sizeof(*argv));
	struct run_opts opts = RUN_OPTS_INIT;
	struct run_result res;
	struct buf text = BUF_INIT, err = BUF_INIT, errpath = BUF_INIT;
	size_t n = 0;
	int fd, ret = -1;

	argv[n++] = "perl";
	argv[n++] = out->script;
	argv[n++] = "--no-tree";	/* a tree of the files it needs will do */
	argv[n++] = "--no-git";
	argv[n++] = "--no-git-fallback";
	argv[n++] = "--roles";
	argv[n++] = "--no-rolestats";
	for (size_t i = 0; i < ps->nr; i++)
		argv[n++] = ps->paths[i];
	buf_addf(&errpath, "%s/stderr", ps->dir);
	fd = open(errpath.ptr, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		error_set("cannot create '%s': %s", errpath.ptr,
			  strerror(errno));
		goto out;
	}
	opts.cwd = repo_workdir(r);
	opts.stderr_fd = fd;
	opts.timeout_ms = timeout_ms;
	if (run_capture(&res, &text, argv, &opts) < 0) {
		error_set("cannot run perl for %s: install perl",
			  GET_MAINTAINER_PL);
	} else if (res.timed_out) {
		error_set("%s took longer than %d s and was stopped: run it yourself on the patches",
			  out->script, timeout_ms / 1000);
	} else if (res.status) {
		read_file(&err, errpath.ptr);
		error_set("%s failed (exit %d): %.200s", out->script,
			  res.status, buf_cstr(&err));
	} else {
		ret = maintainers_parse(out, buf_cstr(&text), text.len);
	}
	close(fd);
	unlink(errpath.ptr);
out:
	buf_release(&text);
	buf_release(&err);
	buf_release(&errpath);
	free(argv);
	return ret;
}

int maintainers_run(struct maintainers *out, struct repo *r,
		    const char *range, int timeout_ms)
{
	struct patch_set ps;
	int ret;

	memset(out, 0, sizeof(*out));
	if (find_script(&out->script, r) == 0)
		return 0;
	if (patch_set_write(&ps, r, range) < 0) {
		maintainers_release(out);
		return -1;
	}
	ret = ps.nr ? run_script(out, r, &ps, timeout_ms) : 0;
	patch_set_release(&ps);
	if (ret < 0) {
		maintainers_release(out);
		return -1;
	}
	return 1;
}
