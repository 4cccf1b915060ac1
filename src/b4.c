/*
 * b4 prep branches: the cover-letter commit, the tracking data and the
 * series they mark, read as b4 0.12 reads them (see b4.h).
 */
#include "b4.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "file.h"
#include "json.h"

/* b4 looks back a year (git log --since=1.year); commits are counted. */
#define B4_MAX_WALK 10000
/* the paragraph cover writes is a few lines; anything larger is not ours */
#define B4_WRITTEN_LIMIT ((size_t)1 << 20)

const char *b4_strategy_name(enum b4_strategy s)
{
	switch (s) {
	case B4_COMMIT: return "commit";
	case B4_TIP_COMMIT: return "tip-commit";
	case B4_BRANCH_DESCRIPTION: break;
	}
	return "branch-description";
}

long b4_marker_offset(const char *msg, size_t len)
{
	size_t n = strlen(B4_MARKER);
	const char *end = msg + len;

	for (const char *p = msg; p < end; ) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l == n && !memcmp(p, B4_MARKER, n) &&
		    memchr(p + l, '{', (size_t)(end - p - l)))
			return (long)(p - msg);
		if (!nl)
			break;
		p = nl + 1;
	}
	return -1;
}

bool b4_is_cover_message(const char *msg, size_t len)
{
	return msg && b4_marker_offset(msg, len) >= 0;
}

bool b4_is_cover(struct repo *r, const struct commit_info *c)
{
	struct buf patch = BUF_INIT;
	bool empty;

	if (!b4_is_cover_message(c->message, c->message_len) ||
	    c->nr_parents > 1)
		return false;
	if (repo_commit_patch(&patch, r, c->id) < 0) {
		error_clear();
		buf_release(&patch);
		return false;
	}
	empty = patch.len == 0;
	buf_release(&patch);
	return empty;
}

static int copy_member(char **out, const cJSON *series, const char *key,
		       const char *origin)
{
	const char *v = NULL;

	if (json_string(&v, series, key, false, origin, "series") < 0)
		return -1;
	*out = v ? xstrdup(v) : NULL;
	return 0;
}

int b4_tracking_parse(char **base_branch, char **change_id,
		      const char *json, size_t len, const char *origin)
{
	const char *brace = memchr(json, '{', len);
	const cJSON *series;
	cJSON *root = NULL;
	int rc = -1;

	*base_branch = *change_id = NULL;
	if (!brace)
		return error_set("%s: no JSON object after the %s line",
				 origin, B4_MARKER);
	if (json_parse(&root, brace, len - (size_t)(brace - json),
		       origin) < 0)
		return -1;
	series = cJSON_GetObjectItemCaseSensitive(root, "series");
	if (!cJSON_IsObject(series)) {
		error_set("%s: the tracking data has no \"series\" object", origin);
		goto out;
	}
	if (copy_member(base_branch, series, "base-branch", origin) < 0 ||
	    copy_member(change_id, series, "change-id", origin) < 0)
		goto out;
	rc = 0;
out:
	cJSON_Delete(root);
	if (rc < 0) {
		free(*base_branch);
		*base_branch = NULL;
	}
	return rc;
}

/* branch.<branch>.<name>, NULL when unset. */
static int branch_config(char **out, struct repo *r, const char *branch,
			 const char *name)
{
	struct buf key = BUF_INIT;
	int rc;

	buf_addf(&key, "branch.%s.%s", branch, name);
	rc = repo_config_get(out, r, key.ptr);
	buf_release(&key);
	return rc;
}

/*
 * b4's strategy for the branch: 1 when the branch is b4's (the strategy
 * b4 prep stores with the branch, or tracking data in its config), 0
 * when it is not.
 */
static int find_strategy(enum b4_strategy *out, struct repo *r,
			 const char *branch)
{
	char *name = NULL, *track = NULL;
	int rc = 0;

	if (branch_config(&name, r, branch, "b4-prep-cover-strategy") < 0 ||
	    branch_config(&track, r, branch, "b4-tracking") < 0)
		return -1;
	if (!name && track) {
		*out = B4_BRANCH_DESCRIPTION;
		rc = 1;
	} else if (name) {
		rc = 1;
		if (!strcmp(name, "commit"))
			*out = B4_COMMIT;
		else if (!strcmp(name, "tip-commit"))
			*out = B4_TIP_COMMIT;
		else if (!strcmp(name, "branch-description"))
			*out = B4_BRANCH_DESCRIPTION;
		else
			rc = error_set("branch.%s.b4-prep-cover-strategy is '%s', which b4 does not know: b4 0.12 keeps the cover letter by commit, tip-commit or branch-description",
				       branch, name);
	}
	free(name);
	free(track);
	return rc;
}

/*
 * The newest commit from HEAD (first parents) with the marker, or NULL;
 * a parent that is not here (a shallow clone) ends the search.
 */
static int find_cover(struct commit_info **out, struct repo *r)
{
	struct commit_info *c = NULL;
	struct buf rev = BUF_INIT;

	*out = NULL;
	if (repo_lookup(&c, r, "HEAD") < 0)
		return -1;
	for (size_t n = 0; c && n < B4_MAX_WALK; n++) {
		struct commit_info *parent = NULL;

		if (b4_is_cover_message(c->message, c->message_len)) {
			*out = c;
			c = NULL;
			break;
		}
		if (!c->nr_parents)
			break;
		buf_reset(&rev);
		buf_addf(&rev, "%s^", c->id);
		if (repo_lookup(&parent, r, rev.ptr) < 0)
			error_clear();
		commit_info_free(c);
		c = parent;
	}
	if (c)
		commit_info_free(c);
	buf_release(&rev);
	return 0;
}

/* The tracking data of a cover commit (or a branch's b4-tracking). */
static int read_tracking(struct b4_series *s, const char *text, size_t len,
			 const char *origin)
{
	struct buf o = BUF_INIT;
	int rc;

	buf_adds(&o, origin);
	rc = b4_tracking_parse(&s->base_branch, &s->change_id, text, len,
			       o.ptr);
	if (rc < 0) {
		buf_reset(&o);
		buf_addf(&o, "%s; b4 prep cannot read it either: restore the branch from before the damage (git reflog %s, or refs/disclose/backup/%s) or reword that commit so its message ends with the JSON's closing brace",
			 error_last(), s->branch, s->branch);
		error_set("%s", o.ptr);
	}
	buf_release(&o);
	return rc;
}

static int cover_series(struct b4_series *s, struct repo *r)
{
	struct commit_info *c = NULL;
	struct buf origin = BUF_INIT;
	long at;
	int rc;

	if (find_cover(&c, r) < 0)
		return -1;
	if (!c)
		return 0;	/* b4 too says: not a prep-managed branch */
	memcpy(s->cover, c->id, sizeof(s->cover));
	at = b4_marker_offset(c->message, c->message_len);
	buf_addf(&origin, "b4's cover letter (commit %.12s)", c->id);
	rc = read_tracking(s, c->message + at, c->message_len - (size_t)at,
			   origin.ptr);
	buf_release(&origin);
	commit_info_free(c);
	return rc < 0 ? -1 : 1;
}

static int description_series(struct b4_series *s, struct repo *r)
{
	char *track = NULL;
	struct buf origin = BUF_INIT;
	int rc;

	if (branch_config(&track, r, s->branch, "b4-tracking") < 0)
		return -1;
	if (!track)
		return 0;
	buf_addf(&origin, "branch.%s.b4-tracking", s->branch);
	rc = read_tracking(s, track, strlen(track), origin.ptr);
	buf_release(&origin);
	free(track);
	return rc < 0 ? -1 : 1;
}

/* The patches as a range: after the cover, or after the base branch. */
static int series_range(struct b4_series *s, struct repo *r)
{
	struct commit_info *base = NULL;
	struct buf b = BUF_INIT;

	if (s->strategy == B4_COMMIT) {
		buf_addf(&b, "%s..HEAD", s->cover);
		s->range = buf_detach(&b, NULL);
		return 0;
	}
	if (!s->base_branch)
		return error_set("b4's tracking data for %s names no base-branch: b4 prep cannot find where the series starts either; give the range, e.g. git disclose check master..HEAD",
				 s->branch);
	if (repo_lookup(&base, r, s->base_branch) < 0) {
		error_clear();
		return error_set("b4's tracking data for %s names the base branch '%s', which is not here: give the range (e.g. git disclose check <base>..HEAD), or recreate that branch",
				 s->branch, s->base_branch);
	}
	commit_info_free(base);
	buf_addf(&b, "%s..HEAD", s->base_branch);
	s->range = buf_detach(&b, NULL);
	return 0;
}

int b4_series_find(struct b4_series *out, struct repo *r)
{
	int rc;

	memset(out, 0, sizeof(*out));
	if (repo_head_branch(&out->branch, r) < 0)
		return -1;
	if (!out->branch)
		return 0;
	rc = find_strategy(&out->strategy, r, out->branch);
	if (rc > 0)
		rc = out->strategy == B4_BRANCH_DESCRIPTION ?
		     description_series(out, r) : cover_series(out, r);
	if (rc > 0 && series_range(out, r) < 0)
		rc = -1;
	if (rc <= 0)
		b4_series_release(out);
	return rc;
}

int b4_default_range(char **out, struct repo *r)
{
	struct b4_series b4;
	int rc = b4_series_find(&b4, r);

	/* on a b4 prep branch: b4's series, never its cover commit */
	if (rc > 0)
		*out = xstrdup(b4.range);
	if (rc != 0)
		b4_series_release(&b4);
	return rc;
}

void b4_series_release(struct b4_series *s)
{
	free(s->branch);
	free(s->base_branch);
	free(s->change_id);
	free(s->range);
	memset(s, 0, sizeof(*s));
}

void b4_series_describe(struct buf *out, const struct b4_series *s)
{
	buf_addf(out, "b4 prep branch %s (", s->branch);
	if (s->cover[0])
		buf_addf(out, "cover letter in commit %.12s", s->cover);
	else
		buf_addf(out, "cover letter in branch.%s.description",
			 s->branch);
	buf_addf(out, ", strategy %s): series %s",
		 b4_strategy_name(s->strategy), s->range);
}

int b4_range_note(struct buf *out, struct repo *r)
{
	struct b4_series s;
	int rc = b4_series_find(&s, r);

	if (rc <= 0)
		return rc;
	buf_adds(out, "range from ");
	b4_series_describe(out, &s);
	b4_series_release(&s);
	return 1;
}

/* Is the line (l bytes) a trailer, "Key: value"? */
static bool trailer_line(const char *p, size_t l)
{
	size_t k = 0;

	while (k < l && (p[k] == '-' || (p[k] >= '0' && p[k] <= '9') ||
			 ((p[k] | 0x20) >= 'a' && (p[k] | 0x20) <= 'z')))
		k++;
	return k > 0 && k + 1 < l && p[k] == ':' && p[k + 1] == ' ';
}

/*
 * Where the letter's closing trailer paragraph starts in text (len
 * bytes, trailing blank lines excluded by the caller), or len: the last
 * paragraph counts when each of its lines that is not a # comment is a
 * trailer and there is at least one.
 */
static size_t trailer_start(const char *text, size_t len)
{
	size_t start = len, trailers = 0;

	while (start > 0) {
		size_t b = start - 1;	/* the newline ending that line */
		size_t a = b;

		while (a > 0 && text[a - 1] != '\n')
			a--;
		if (a == b)
			break;		/* an empty line: the top */
		if (text[a] != '#') {
			if (!trailer_line(text + a, b - a))
				return len;
			trailers++;
		}
		start = a;
	}
	return trailers && start > 0 ? start : len;
}

/* Does text hold a line that begins with "AI assistance:"? */
static bool has_disclosure(const char *text, size_t len)
{
	static const char key[] = "AI assistance:";
	size_t n = sizeof(key) - 1;

	for (size_t i = 0; i + n <= len; i++)
		if ((i == 0 || text[i - 1] == '\n') &&
		    !memcmp(text + i, key, n))
			return true;
	return false;
}

int b4_letter_add(struct buf *out, const char *letter, size_t len,
		  const char *para, const char *prev, bool has_marker)
{
	long marker = has_marker ? b4_marker_offset(letter, len) : -1;
	size_t top = marker >= 0 ? (size_t)marker : len, end, at;
	size_t plen = strlen(para);
	const char *was;

	if (has_marker && marker < 0)
		return error_set("the cover commit has no %s line followed by JSON: it is not b4's cover letter",
				 B4_MARKER);
	if (memmem(letter, top, para, plen))
		return 0;
	was = prev && *prev ? memmem(letter, top, prev, strlen(prev)) : NULL;
	if (was) {
		buf_add(out, letter, (size_t)(was - letter));
		buf_add(out, para, plen);
		at = (size_t)(was - letter) + strlen(prev);
		buf_add(out, letter + at, len - at);
		return 1;
	}
	if (has_disclosure(letter, top))
		return error_set("b4's cover letter already has an \"AI assistance:\" paragraph, different from the one git disclose cover writes now: your words are not replaced; edit it with b4 prep --edit-cover (or delete it there and run git disclose cover --b4 again)");
	end = top;
	while (end > 0 && letter[end - 1] == '\n')
		end--;
	if (end < top)
		end++;		/* the last line keeps its newline */
	at = end ? trailer_start(letter, end) : 0;
	buf_add(out, letter, at);
	if (at && at == end && letter[at - 1] != '\n')
		buf_addch(out, '\n');
	if (at && at == end)
		buf_addch(out, '\n');
	buf_add(out, para, plen);
	if (plen && para[plen - 1] != '\n')
		buf_addch(out, '\n');
	if (at < end)
		buf_addch(out, '\n');
	buf_add(out, letter + at, len - at);
	return 1;
}

/* <gitdir>/disclose and the file in it. */
static char *written_path(char **dir, const char *gitdir)
{
	*dir = path_join(gitdir, "disclose");
	return path_join(*dir, "cover-b4");
}

int b4_written_load(char **out, const char *gitdir)
{
	struct buf text = BUF_INIT;
	char *dir, *path = written_path(&dir, gitdir);
	int rc = check_state_dir(dir);

	*out = NULL;
	if (rc == 0 && access(path, F_OK) == 0)
		rc = read_regular_file(&text, path, B4_WRITTEN_LIMIT,
				       READ_NOFOLLOW | READ_OWNED);
	if (rc == 0 && text.len)
		*out = buf_detach(&text, NULL);
	buf_release(&text);
	free(dir);
	free(path);
	return rc < 0 ? -1 : 0;
}

int b4_written_save(const char *gitdir, const char *para)
{
	char *dir, *path = written_path(&dir, gitdir);
	int rc = check_state_dir(dir);

	if (rc > 0 && mkdir(dir, 0700) < 0 && errno != EEXIST)
		rc = error_set("cannot create %s: %s: check the permissions of the git directory",
			       dir, strerror(errno));
	else if (rc > 0)
		rc = check_state_dir(dir);
	if (rc == 0)
		rc = write_file_atomic(path, para, strlen(para), 0600);
	free(dir);
	free(path);
	return rc < 0 ? -1 : 0;
}
