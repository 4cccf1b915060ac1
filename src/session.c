#include "session.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"
#include "util.h"

static const char *const review_names[] = { "", "reviewed", "no-ai-code" };

static char **strv_copy(char *const *v, size_t n)
{
	char **c = xcalloc(n + 1, sizeof(*c));

	for (size_t i = 0; i < n; i++)
		c[i] = xstrdup(v[i]);
	return c;
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
	s->remove_ai = true;	/* converting is the default; keeping a choice */
	return s;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	free(s->range);
	json_strv_free(s->ids);
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

static cJSON *strv_json(char *const *v)
{
	cJSON *a = cJSON_CreateArray();

	for (; v && *v; v++)
		cJSON_AddItemToArray(a, cJSON_CreateString(*v));
	return a;
}

char *session_to_json(const struct session *s)
{
	cJSON *root = cJSON_CreateObject(), *rev = cJSON_CreateObject();
	char *text, *copy;

	cJSON_AddNumberToObject(root, "version", 1);
	cJSON_AddStringToObject(root, "range", s->range);
	cJSON_AddItemToObject(root, "commits", strv_json(s->ids));
	for (size_t i = 0; i < s->nr; i++)
		if (s->review[i] != REVIEW_NONE)
			cJSON_AddStringToObject(rev, s->ids[i],
						review_names[s->review[i]]);
	cJSON_AddItemToObject(root, "review", rev);
	cJSON_AddItemToObject(root, "certified", strv_json(s->certified));
	if (s->agent)
		cJSON_AddStringToObject(root, "agent", s->agent);
	if (s->model)
		cJSON_AddStringToObject(root, "model", s->model);
	if (s->tools)
		cJSON_AddItemToObject(root, "tools", strv_json(s->tools));
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
			if (strcmp(e->string, s->ids[i]) || !cJSON_IsString(e))
				continue;
			if (!strcmp(e->valuestring, "reviewed"))
				s->review[i] = REVIEW_DONE;
			else if (!strcmp(e->valuestring, "no-ai-code"))
				s->review[i] = REVIEW_NO_AI;
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

	if (json_parse(&root, text, len, origin) < 0)
		return -1;
	if (!same_series(root, s)) {
		rc = 1;
		goto out;
	}
	if (json_string(&agent, root, "agent", false, origin, "") < 0 ||
	    json_string(&model, root, "model", false, origin, "") < 0 ||
	    json_string(&screen, root, "screen", false, origin, "") < 0 ||
	    json_array(&tools, root, "tools", false, origin, "") < 0 ||
	    json_array(&cert, root, "certified", false, origin, "") < 0 ||
	    read_review(s, cJSON_GetObjectItemCaseSensitive(root, "review"),
			origin) < 0)
		goto out;
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
	struct session *s = session_new(range, ids, nr), *fresh;
	char *path = session_path(gitdir);
	struct buf text = BUF_INIT;
	int rc;

	*out = s;
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
