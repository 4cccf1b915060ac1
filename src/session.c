#include "session.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"
#include "strv.h"
#include "util.h"

/* The marks as the file names them, indexed by the set. */
static const char *const review_names[] = { "", "reviewed", "no-ai-code",
					    "reviewed, no-ai-code" };

/* The set of marks a name in the file stands for (none: unknown). */
static enum review_state review_parse(const char *name)
{
	for (size_t i = 1; i < sizeof(review_names) / sizeof(*review_names);
	     i++)
		if (!strcmp(name, review_names[i]))
			return (enum review_state)i;
	return REVIEW_NONE;
}

static struct session *session_new(const char *range, char *const *ids,
				   size_t nr)
{
	struct session *s = xcalloc(1, sizeof(*s));

	s->range = xstrdup(range);
	s->ids = strv_copy(ids, nr);
	s->nr = nr;
	s->review = xcalloc(nr ? nr : 1, sizeof(*s->review));
	s->certified = xcalloc(1, sizeof(*s->certified));
	s->remove_ai = true;	/* convert by default; keeping is a choice */
	return s;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	free(s->range);
	json_strv_free(s->ids);
	json_strv_free(s->patches);
	free(s->review);
	json_strv_free(s->certified);
	free(s->agent);
	free(s->model);
	json_strv_free(s->tools);
	free(s->screen);
	free(s->note);
	free(s);
}

void session_set_str(char **field, const char *value)
{
	free(*field);
	*field = value && *value ? xstrdup(value) : NULL;
}

void session_set_tools(struct session *s, char *const *tools)
{
	json_strv_free(s->tools);
	s->tools = tools ? strv_copy(tools, strv_len(tools)) : NULL;
}

bool session_certified(const struct session *s, const char *item)
{
	for (char **c = s->certified; *c; c++)
		if (!strcmp(*c, item))
			return true;
	return false;
}

void session_certify(struct session *s, const char *item, bool on)
{
	size_t n = strv_len(s->certified), i;

	for (i = 0; i < n && strcmp(s->certified[i], item); i++)
		;
	if (on && i == n) {
		s->certified = xrealloc(s->certified,
					(n + 2) * sizeof(*s->certified));
		s->certified[n] = xstrdup(item);
		s->certified[n + 1] = NULL;
	} else if (!on && i < n) {
		free(s->certified[i]);
		memmove(s->certified + i, s->certified + i + 1,
			(n - i) * sizeof(*s->certified));
	}
}

char *session_to_json(const struct session *s)
{
	cJSON *root = cJSON_CreateObject(), *rev = cJSON_CreateObject();
	char *text, *copy;

	cJSON_AddNumberToObject(root, "version", 1);
	cJSON_AddStringToObject(root, "range", s->range);
	cJSON_AddItemToObject(root, "commits", json_from_strv(s->ids));
	if (s->patches)
		cJSON_AddItemToObject(root, "patches",
				      json_from_strv(s->patches));
	for (size_t i = 0; i < s->nr; i++)
		if (s->review[i] != REVIEW_NONE)
			cJSON_AddStringToObject(rev, s->ids[i],
						review_names[s->review[i]]);
	cJSON_AddItemToObject(root, "review", rev);
	cJSON_AddItemToObject(root, "certified", json_from_strv(s->certified));
	if (s->agent)
		cJSON_AddStringToObject(root, "agent", s->agent);
	if (s->model)
		cJSON_AddStringToObject(root, "model", s->model);
	if (s->tools)
		cJSON_AddItemToObject(root, "tools", json_from_strv(s->tools));
	cJSON_AddBoolToObject(root, "remove_ai", s->remove_ai);
	if (s->screen)
		cJSON_AddStringToObject(root, "screen", s->screen);
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		die_fatal("out of memory writing the session");
	copy = xmalloc(strlen(text) + 2);
	strcpy(copy, text);
	strcat(copy, "\n");
	cJSON_free(text);
	return copy;
}

/* Same series: the same range and the same commits in the same order. */
static bool same_series(const cJSON *root, const struct session *s)
{
	const cJSON *range = cJSON_GetObjectItemCaseSensitive(root, "range");
	const cJSON *ids = cJSON_GetObjectItemCaseSensitive(root, "commits");
	const cJSON *id;
	size_t i = 0;

	if (!cJSON_IsString(range) || strcmp(range->valuestring, s->range) ||
	    !cJSON_IsArray(ids) || (size_t)cJSON_GetArraySize(ids) != s->nr)
		return false;
	cJSON_ArrayForEach(id, ids)
		if (!cJSON_IsString(id) || strcmp(id->valuestring, s->ids[i++]))
			return false;
	return true;
}

/* The saved commit's index for current commit i, matched by change. */
struct match {
	size_t nr_saved;
	long *saved_for;	/* per current commit: saved index or -1 */
	size_t kept, dropped, rewritten;
};

/*
 * Same range, other commit ids: match the saved commits to the current
 * ones by the id of their change, in order (equal changes pair up
 * oldest first). False when nothing matches.
 */
static bool match_changes(struct match *mt, const cJSON *root,
			  const struct session *s)
{
	const cJSON *range = cJSON_GetObjectItemCaseSensitive(root, "range");
	const cJSON *ids = cJSON_GetObjectItemCaseSensitive(root, "commits");
	const cJSON *pat = cJSON_GetObjectItemCaseSensitive(root, "patches");
	bool *used;
	size_t n;

	memset(mt, 0, sizeof(*mt));
	if (!s->patches || !cJSON_IsString(range) ||
	    strcmp(range->valuestring, s->range) || !cJSON_IsArray(pat) ||
	    !cJSON_IsArray(ids) || cJSON_GetArraySize(pat) !=
	    cJSON_GetArraySize(ids))
		return false;
	n = (size_t)cJSON_GetArraySize(pat);
	used = xcalloc(n ? n : 1, sizeof(*used));
	mt->nr_saved = n;
	mt->saved_for = xcalloc(s->nr ? s->nr : 1, sizeof(*mt->saved_for));
	for (size_t i = 0; i < s->nr; i++) {
		mt->saved_for[i] = -1;
		for (size_t j = 0; j < n; j++) {
			const cJSON *p = cJSON_GetArrayItem(pat, (int)j);
			const cJSON *id = cJSON_GetArrayItem(ids, (int)j);

			if (used[j] || !cJSON_IsString(p) ||
			    !cJSON_IsString(id) ||
			    strcmp(p->valuestring, s->patches[i]))
				continue;
			used[j] = true;
			mt->saved_for[i] = (long)j;
			mt->kept++;
			if (strcmp(id->valuestring, s->ids[i]))
				mt->rewritten++;
			break;
		}
	}
	mt->dropped = n - mt->kept;
	free(used);
	if (mt->kept)
		return true;
	free(mt->saved_for);
	mt->saved_for = NULL;
	return false;
}

/* The same commits have the same changes: their saved ids, if whole. */
static void keep_saved_patches(struct session *s, const cJSON *root,
			       const char *origin)
{
	char **v = NULL;
	size_t n = 0;

	if (json_strv(&v, root, "patches", origin, "") < 0) {
		error_clear();
		return;
	}
	while (v && v[n])
		n++;
	if (v && n == s->nr)
		s->patches = v;
	else
		json_strv_free(v);
}

/* The review marks of the saved commits, moved to the matched ones. */
static void read_review_matched(struct session *s, const cJSON *root,
				const struct match *mt)
{
	const cJSON *rev = cJSON_GetObjectItemCaseSensitive(root, "review");
	const cJSON *ids = cJSON_GetObjectItemCaseSensitive(root, "commits");

	if (!cJSON_IsObject(rev))
		return;
	for (size_t i = 0; i < s->nr; i++) {
		const cJSON *id, *e;

		if (mt->saved_for[i] < 0)
			continue;
		id = cJSON_GetArrayItem(ids, (int)mt->saved_for[i]);
		e = cJSON_GetObjectItemCaseSensitive(rev, id->valuestring);
		if (cJSON_IsString(e))
			s->review[i] = review_parse(e->valuestring);
	}
}

static void note_match(struct session *s, const struct match *mt)
{
	struct buf b = BUF_INIT;
	size_t added = s->nr - mt->kept;

	buf_addf(&b, "resumed after a rewrite: %zu commit%s followed by %s change (%zu with a new id)",
		 mt->kept, mt->kept == 1 ? "" : "s",
		 mt->kept == 1 ? "its" : "their", mt->rewritten);
	if (mt->dropped)
		buf_addf(&b, "; dropped the marks of %zu commit%s whose change is gone or differs",
			 mt->dropped, mt->dropped == 1 ? "" : "s");
	if (added)
		buf_addf(&b, "; %zu commit%s new to review", added,
			 added == 1 ? " is" : "s are");
	free(s->note);
	s->note = buf_detach(&b, NULL);
}

static int read_review(struct session *s, const cJSON *rev,
		       const char *origin)
{
	const cJSON *e;

	if (!rev)
		return 0;
	if (!cJSON_IsObject(rev))
		return error_set("%s: review is not an object", origin);
	cJSON_ArrayForEach(e, rev) {
		for (size_t i = 0; i < s->nr; i++) {
			if (!strcmp(e->string, s->ids[i]) && cJSON_IsString(e))
				s->review[i] = review_parse(e->valuestring);
		}
	}
	return 0;
}

int session_from_json(struct session *s, const char *text, size_t len,
		      const char *origin)
{
	const char *agent, *model, *screen;
	const cJSON *tools, *cert, *rm;
	cJSON *root;
	int rc = -1;

	struct match mt = { 0 };
	bool same;

	if (json_parse(&root, text, len, origin) < 0)
		return -1;
	same = same_series(root, s);
	if (!same && !match_changes(&mt, root, s)) {
		rc = 1;
		goto out;
	}
	if (json_string(&agent, root, "agent", false, origin, "") < 0 ||
	    json_string(&model, root, "model", false, origin, "") < 0 ||
	    json_string(&screen, root, "screen", false, origin, "") < 0 ||
	    json_array(&tools, root, "tools", false, origin, "") < 0 ||
	    json_array(&cert, root, "certified", false, origin, "") < 0 ||
	    (same && read_review(s, cJSON_GetObjectItemCaseSensitive(root,
				 "review"), origin) < 0))
		goto out;
	if (!same) {
		read_review_matched(s, root, &mt);
		note_match(s, &mt);
	} else if (!s->patches) {
		keep_saved_patches(s, root, origin);
	}
	session_set_str(&s->agent, agent);
	session_set_str(&s->model, model);
	session_set_str(&s->screen, screen);
	if (tools) {
		json_strv_free(s->tools);
		if (json_strv(&s->tools, root, "tools", origin, "") < 0) {
			s->tools = NULL;
			goto out;
		}
	}
	if (cert) {
		json_strv_free(s->certified);
		if (json_strv(&s->certified, root, "certified", origin,
			      "") < 0) {
			s->certified = xcalloc(1, sizeof(char *));
			goto out;
		}
	}
	rm = cJSON_GetObjectItemCaseSensitive(root, "remove_ai");
	if (rm)
		s->remove_ai = cJSON_IsTrue(rm);
	rc = 0;
out:
	free(mt.saved_for);
	cJSON_Delete(root);
	return rc;
}

static char *session_path(const char *gitdir)
{
	struct buf b = BUF_INIT;
	size_t n = strlen(gitdir);

	buf_addf(&b, "%s%s%s", gitdir, n && gitdir[n - 1] == '/' ? "" : "/",
		 SESSION_FILE);
	return buf_detach(&b, NULL);
}

/* <gitdir>/disclose, checked: 0 usable, 1 absent, -1 refused. */
static int state_dir(char **dir, const char *path)
{
	char *slash;

	*dir = xstrdup(path);
	slash = strrchr(*dir, '/');
	*slash = '\0';
	return check_state_dir(*dir);
}

/*
 * The saved session: a regular file of the user's, not a link, in a real
 * directory (never another directory's file through a link), of at most
 * SESSION_LIMIT bytes. 1: there is none.
 */
static int read_session(struct buf *text, const char *path)
{
	char *dir = NULL;
	int rc = state_dir(&dir, path);

	free(dir);
	if (rc != 0)
		return rc;
	if (access(path, F_OK) < 0 && errno == ENOENT)
		return 1;
	return read_regular_file(text, path, SESSION_LIMIT,
				 READ_NOFOLLOW | READ_OWNED);
}

int session_load(struct session **out, const char *gitdir,
		 const char *range, char *const *ids, size_t nr)
{
	return session_load_series(out, gitdir, range, ids, NULL, nr);
}

int session_load_series(struct session **out, const char *gitdir,
			const char *range, char *const *ids,
			char *const *patches, size_t nr)
{
	struct session *s = session_new(range, ids, nr), *fresh;
	char *path = session_path(gitdir);
	struct buf text = BUF_INIT;
	int rc;

	*out = s;
	if (patches)
		s->patches = strv_copy(patches, nr);
	rc = read_session(&text, path);
	if (rc > 0)
		goto out;
	if (rc == 0)
		rc = session_from_json(s, text.ptr, text.len, path);
	if (rc == 0) {
		s->resumed = true;
	} else {
		/* Another series, or a broken file: start afresh. */
		fresh = session_new(range, ids, nr);
		if (patches)
			fresh->patches = strv_copy(patches, nr);
		if (rc < 0) {
			struct buf note = BUF_INIT;

			buf_addf(&note, "the saved session could not be read (%s); starting afresh",
				 error_last());
			fresh->note = buf_detach(&note, NULL);
		}
		session_free(s);
		*out = fresh;
	}
out:
	buf_release(&text);
	free(path);
	return 0;
}

bool session_saved(const char *gitdir)
{
	char *path = session_path(gitdir);
	bool saved = access(path, F_OK) == 0 || errno != ENOENT;

	free(path);
	return saved;
}

int session_save(const struct session *s, const char *gitdir)
{
	char *path = session_path(gitdir), *text, *dir = NULL;
	int rc = state_dir(&dir, path);

	if (rc > 0 && mkdir(dir, 0700) < 0 && errno != EEXIST)
		rc = error_set("cannot create %s: %s: check the permissions of the git directory",
			       dir, strerror(errno));
	else if (rc > 0)
		rc = check_state_dir(dir);
	if (rc == 0) {
		text = session_to_json(s);
		rc = write_file_atomic(path, text, strlen(text), 0600);
		free(text);
	}
	free(dir);
	free(path);
	return rc < 0 ? -1 : 0;
}

int session_remove(const char *gitdir)
{
	char *path = session_path(gitdir), *dir = NULL;
	int rc = state_dir(&dir, path);

	/* through a link it would be another directory's file */
	if (rc == 0 && unlink(path) < 0 && errno != ENOENT)
		rc = error_set("cannot remove %s: %s", path, strerror(errno));
	free(dir);
	free(path);
	return rc < 0 ? -1 : 0;
}

/* FNV-1a, 64 bits, over the bytes that are not blanks. */
static void hash_blankless(uint64_t *h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')
			continue;
		*h ^= (unsigned char)s[i];
		*h *= 0x100000001b3ULL;
	}
}

char *session_patch_id(const char *diff, size_t len)
{
	uint64_t h[2] = { 0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL };
	struct buf b = BUF_INIT;
	size_t off = 0;

	while (off < len) {
		const char *line = diff + off;
		const char *nl = memchr(line, '\n', len - off);
		size_t n = nl ? (size_t)(nl - line) : len - off;
		const char *hunk;

		off += n + 1;
		if (n >= 6 && !memcmp(line, "index ", 6))
			continue;
		/* "@@ -1,2 +1,3 @@ context": the line numbers move */
		if (n >= 2 && !memcmp(line, "@@", 2) &&
		    (hunk = memmem(line + 2, n - 2, "@@", 2))) {
			hash_blankless(&h[0], "@@", 2);
			n -= (size_t)(hunk + 2 - line);
			line = hunk + 2;
		}
		for (int k = 0; k < 2; k++) {
			hash_blankless(&h[k], line, n);
			hash_blankless(&h[k], "\n", 1);
		}
	}
	buf_addf(&b, "%016llx%016llx", (unsigned long long)h[0],
		 (unsigned long long)h[1]);
	return buf_detach(&b, NULL);
}

/* The range text the saved session was for, or NULL. */
static char *saved_range(const char *gitdir)
{
	char *path = session_path(gitdir), *range = NULL;
	struct buf text = BUF_INIT;
	const cJSON *r;
	cJSON *root = NULL;

	if (read_session(&text, path) == 0 &&
	    json_parse(&root, text.ptr, text.len, path) == 0) {
		r = cJSON_GetObjectItemCaseSensitive(root, "range");
		if (cJSON_IsString(r))
			range = xstrdup(r->valuestring);
	}
	error_clear();
	cJSON_Delete(root);
	buf_release(&text);
	free(path);
	return range;
}

bool session_marked_any(const char *gitdir, char *const *ids, size_t nr,
			const char *prefix)
{
	char *range = saved_range(gitdir);
	struct session *s = NULL;
	bool yes = false;

	if (range && nr && session_load(&s, gitdir, range, ids, nr) == 0 &&
	    s->resumed)
		for (char **c = s->certified; c && *c && !yes; c++)
			yes = !strncmp(*c, prefix, strlen(prefix));
	error_clear();
	session_free(s);
	free(range);
	return yes;
}

void session_no_ai_marks(bool *out, const char *gitdir, char *const *ids,
			 size_t nr)
{
	char *range = saved_range(gitdir);
	struct session *s = NULL;

	memset(out, 0, nr * sizeof(*out));
	if (range && nr && session_load(&s, gitdir, range, ids, nr) == 0 &&
	    s->resumed)
		for (size_t i = 0; i < nr; i++)
			out[i] = (s->review[i] & REVIEW_NO_AI) != 0;
	error_clear();
	session_free(s);
	free(range);
}

bool session_certifies(const char *gitdir, char *const *ids, size_t nr,
		       char *const *need)
{
	char *range = saved_range(gitdir);
	struct session *s = NULL;
	bool ok;

	if (!range || !nr)
		goto no;
	if (session_load(&s, gitdir, range, ids, nr) < 0 || !s->resumed)
		goto no;
	ok = true;
	for (size_t i = 0; i < nr; i++)
		ok = ok && (s->review[i] & REVIEW_DONE);
	for (; ok && need && *need; need++)
		ok = session_certified(s, *need);
	session_free(s);
	free(range);
	return ok;
no:
	error_clear();
	session_free(s);
	free(range);
	return false;
}
