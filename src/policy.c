#include "policy.h"

#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "json.h"
#include "lint.h"
#include "strv.h"
#include "util.h"

extern const char disclose_policy_json[];

static const char *const source_names[] = {
	[SOURCE_NONE] = "",
	[SOURCE_REVIEW] = "review",
	[SOURCE_SPDX] = "spdx",
	[SOURCE_DCO] = "dco",
	[SOURCE_AI_SIGNOFF] = "ai-signoff",
	[SOURCE_BOOT] = "boot",
	[SOURCE_FIXES] = "fixes",
	[SOURCE_CHECKPATCH] = "checkpatch",
	[SOURCE_WARNINGS] = "warnings",
	[SOURCE_MAINTAINERS] = "maintainers",
	[SOURCE_STATEMENT] = "statement",
};

const char *item_source_name(enum item_source s)
{
	return source_names[s];
}

static const char *const when_names[] = {
	[WHEN_ALWAYS] = "",
	[WHEN_BUGFIX_PROCEDURE] = "bugfix-procedure",
	[WHEN_GENERATED_CONTENT] = "generated-content",
};

const char *item_when_name(enum item_when w)
{
	return when_names[w];
}

static int when_from_name(enum item_when *out, const char *name)
{
	for (size_t i = 1; i < sizeof(when_names) / sizeof(*when_names);
	     i++) {
		if (!strcmp(when_names[i], name)) {
			*out = (enum item_when)i;
			return 0;
		}
	}
	return -1;
}

static int source_from_name(enum item_source *out, const char *name)
{
	for (size_t i = 1; i < sizeof(source_names) / sizeof(*source_names);
	     i++) {
		if (!strcmp(source_names[i], name)) {
			*out = (enum item_source)i;
			return 0;
		}
	}
	return -1;
}

static void item_release(struct policy_item *it)
{
	free(it->id);
	free(it->text);
}

static void policy_release(struct policy *p)
{
	for (size_t i = 0; i < p->nr_items; i++)
		item_release(&p->items[i]);
	free(p->items);
	free(p->name);
	free(p->title);
	free(p->document);
	free(p->follows);
	free(p->rule);
	strv_free(p->rules);
	strv_free(p->rule_sources);
	free(p->url);
	strv_free(p->detect_paths);
	free(p->detect_phrase);
	free(p->reason);
	free(p->origin);
}

void policy_set_free(struct policy_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nr; i++)
		policy_release(&s->policies[i]);
	free(s->policies);
	free(s);
}

const struct policy *policy_find(const struct policy_set *s,
				 const char *name)
{
	for (size_t i = 0; i < s->nr; i++)
		if (!strcmp(s->policies[i].name, name))
			return &s->policies[i];
	return NULL;
}

static int parse_item(struct policy_item *out, const cJSON *obj,
		      const char *origin, const char *path)
{
	const char *id, *kind, *text, *source = NULL, *when = NULL;
	const cJSON *opt;

	memset(out, 0, sizeof(*out));
	if (json_string(&id, obj, "id", true, origin, path) < 0 ||
	    json_string(&kind, obj, "kind", true, origin, path) < 0 ||
	    json_string(&text, obj, "text", true, origin, path) < 0 ||
	    json_string(&source, obj, "source", false, origin, path) < 0 ||
	    json_string(&when, obj, "when", false, origin, path) < 0)
		return -1;
	if (when && when_from_name(&out->when, when) < 0)
		return error_set("%s: %s.when '%s' is not known: use bugfix-procedure or generated-content",
				 origin, path, when);
	if (strcmp(kind, "auto") && strcmp(kind, "human"))
		return error_set("%s: %s.kind is '%s': use \"auto\" or \"human\"",
				 origin, path, kind);
	if (source && source_from_name(&out->source, source) < 0)
		return error_set("%s: %s.source '%s' is not known: use review, spdx, dco, ai-signoff, boot, fixes, checkpatch, warnings, maintainers or statement",
				 origin, path, source);
	opt = cJSON_GetObjectItemCaseSensitive(obj, "optional");
	if (opt && !cJSON_IsBool(opt))
		return error_set("%s: %s.optional must be true or false",
				 origin, path);
	out->optional = cJSON_IsTrue(opt);
	out->automatic = !strcmp(kind, "auto");
	if (out->automatic && (out->source == SOURCE_NONE ||
			       out->source == SOURCE_DCO ||
			       out->source == SOURCE_STATEMENT))
		return error_set("%s: %s is automatic but has no source the tool can check: give \"source\" review, spdx, ai-signoff, boot, fixes, checkpatch, warnings or maintainers, or make it \"human\"",
				 origin, path);
	out->id = xstrdup(id);
	out->text = xstrdup(text);
	return 0;
}

/* Replace the item of the same id, or append it. */
static void merge_item(struct policy *p, struct policy_item *it)
{
	for (size_t i = 0; i < p->nr_items; i++) {
		if (!strcmp(p->items[i].id, it->id)) {
			item_release(&p->items[i]);
			p->items[i] = *it;
			return;
		}
	}
	p->items = xrealloc(p->items, (p->nr_items + 1) * sizeof(*p->items));
	p->items[p->nr_items++] = *it;
}

static struct policy *get_policy(struct policy_set *s, const char *name,
				 const char *origin)
{
	struct policy *p;

	for (size_t i = 0; i < s->nr; i++)
		if (!strcmp(s->policies[i].name, name))
			return &s->policies[i];
	s->policies = xrealloc(s->policies,
			       (s->nr + 1) * sizeof(*s->policies));
	p = &s->policies[s->nr++];
	memset(p, 0, sizeof(*p));
	p->name = xstrdup(name);
	p->origin = xstrdup(origin);
	return p;
}

/* "path": a string, or an array of them (the layouts a project has had) */
static int parse_detect_paths(char ***out, const cJSON *d, const char *origin,
			      const char *where)
{
	const cJSON *path = cJSON_GetObjectItemCaseSensitive(d, "path"), *it;

	*out = NULL;
	if (cJSON_IsString(path) && *path->valuestring) {
		strv_push(out, path->valuestring);
		return 0;
	}
	if (!cJSON_IsArray(path) || !cJSON_GetArraySize(path))
		return error_set("%s: %s.path must be a path in the tree, or an array of them",
				 origin, where);
	cJSON_ArrayForEach(it, path) {
		if (!cJSON_IsString(it) || !*it->valuestring) {
			strv_free(*out);
			*out = NULL;
			return error_set("%s: %s.path[] holds something that is not a path: give strings",
					 origin, where);
		}
		strv_push(out, it->valuestring);
	}
	return 0;
}

/* "detect": {"path": ... (or [...]), "phrase": ...} */
static int parse_detect(struct policy *p, const cJSON *obj,
			const char *origin, const char *path)
{
	const cJSON *d = cJSON_GetObjectItemCaseSensitive(obj, "detect");
	const char *phrase;
	char **paths = NULL;
	struct buf where = BUF_INIT;
	int rc = 0;

	if (!d)
		return 0;
	buf_addf(&where, "%s.detect", path);
	if (!cJSON_IsObject(d))
		rc = error_set("%s: %s must be an object with \"path\" and \"phrase\"",
			       origin, where.ptr);
	else if (parse_detect_paths(&paths, d, origin, where.ptr) < 0 ||
		 json_string(&phrase, d, "phrase", true, origin,
			     where.ptr) < 0)
		rc = -1;
	else if (!*phrase)
		rc = error_set("%s: %s: the phrase must not be empty",
			       origin, where.ptr);
	if (rc == 0) {
		strv_free(p->detect_paths);
		p->detect_paths = paths;
		paths = NULL;
		str_set(&p->detect_phrase, phrase);
	}
	strv_free(paths);
	buf_release(&where);
	return rc;
}

static int parse_form(enum policy_form *out, const char *form,
		      const char *origin, const char *path)
{
	if (!form || !strcmp(form, "agent-model"))
		*out = FORM_AGENT_MODEL;
	else if (!strcmp(form, "llm"))
		*out = FORM_LLM;
	else if (!strcmp(form, "tool-name"))
		*out = FORM_TOOL_NAME;
	else
		return error_set("%s: %s.form is '%s': use \"agent-model\", \"llm\" or \"tool-name\"",
				 origin, path, form);
	return 0;
}

/* "rules": [{"text": ..., "source": ...}]: each rule with its source. */
static int parse_rules(struct policy *p, const cJSON *obj,
		       const char *origin, const char *path)
{
	const cJSON *list, *it;
	struct buf where = BUF_INIT;
	char **rules = NULL, **sources = NULL;
	int i = 0, rc = 0;

	if (json_array(&list, obj, "rules", false, origin, path) < 0)
		return -1;
	if (!list)
		return 0;
	cJSON_ArrayForEach(it, list) {
		const char *text, *source;

		buf_reset(&where);
		buf_addf(&where, "%s.rules[%d]", path, i++);
		if (!cJSON_IsObject(it)) {
			rc = error_set("%s: %s must be an object with \"text\" and \"source\" (where the rule was read)",
				       origin, where.ptr);
			break;
		}
		if (json_string(&text, it, "text", true, origin,
				where.ptr) < 0 ||
		    json_string(&source, it, "source", true, origin,
				where.ptr) < 0) {
			rc = -1;
			break;
		}
		strv_push(&rules, text);
		strv_push(&sources, source);
	}
	if (rc == 0) {
		strv_free(p->rules);
		strv_free(p->rule_sources);
		p->rules = rules;
		p->rule_sources = sources;
	} else {
		strv_free(rules);
		strv_free(sources);
	}
	buf_release(&where);
	return rc;
}

/* The pack's own words: rule, url, "ai" and its reason, detect. */
static int parse_words(struct policy *p, const cJSON *obj,
		       const char *origin, const char *path)
{
	const char *rule = NULL, *url = NULL, *ai = NULL, *reason = NULL;

	if (json_string(&rule, obj, "rule", false, origin, path) < 0 ||
	    json_string(&url, obj, "url", false, origin, path) < 0 ||
	    json_string(&ai, obj, "ai", false, origin, path) < 0 ||
	    json_string(&reason, obj, "reason", false, origin, path) < 0)
		return -1;
	if (ai && strcmp(ai, "declined") && strcmp(ai, "disclosed"))
		return error_set("%s: %s.ai is '%s': use \"declined\" (any AI signal is an error) or \"disclosed\"",
				 origin, path, ai);
	if (ai)
		p->declines_ai = !strcmp(ai, "declined");
	str_set(&p->rule, rule);
	str_set(&p->url, url);
	str_set(&p->reason, reason);
	if (p->declines_ai && !p->reason)
		return error_set("%s: %s declines AI content but gives no \"reason\": say why, the error quotes it",
				 origin, path);
	if (parse_rules(p, obj, origin, path) < 0)
		return -1;
	return parse_detect(p, obj, origin, path);
}

static int parse_policy(struct policy_set *s, const cJSON *obj,
			const char *origin, const char *path)
{
	const char *name, *form = NULL, *title = NULL, *doc = NULL;
	const char *follows = NULL;
	const cJSON *items = NULL, *it;
	struct buf ipath = BUF_INIT;
	enum policy_form f = FORM_AGENT_MODEL;
	struct policy *p;
	int i = 0, rc = -1;

	if (json_string(&name, obj, "name", true, origin, path) < 0 ||
	    json_string(&form, obj, "form", false, origin, path) < 0 ||
	    json_string(&title, obj, "title", false, origin, path) < 0 ||
	    json_string(&doc, obj, "document", false, origin, path) < 0 ||
	    json_string(&follows, obj, "follows", false, origin, path) < 0 ||
	    json_array(&items, obj, "checklist", false, origin, path) < 0)
		return -1;
	if (parse_form(&f, form, origin, path) < 0)
		return -1;
	p = get_policy(s, name, origin);
	if (form || !p->title)		/* a new pack, or one that says */
		p->form = f;
	str_set(&p->title, title ? title : (p->title ? NULL : name));
	str_set(&p->document, doc);
	str_set(&p->follows, follows);
	if (parse_words(p, obj, origin, path) < 0)
		return -1;
	cJSON_ArrayForEach(it, items) {
		struct policy_item item;

		buf_reset(&ipath);
		buf_addf(&ipath, "%s.checklist[%d]", path, i++);
		if (!cJSON_IsObject(it)) {
			error_set("%s: %s is not an object", origin, ipath.ptr);
			goto out;
		}
		if (parse_item(&item, it, origin, ipath.ptr) < 0) {
			item_release(&item);
			goto out;
		}
		merge_item(p, &item);
	}
	rc = 0;
out:
	buf_release(&ipath);
	return rc;
}

int policy_add_json(struct policy_set *s, const char *text, size_t len,
		    const char *origin)
{
	const cJSON *list, *p;
	struct buf path = BUF_INIT;
	cJSON *root;
	int i = 0, rc = -1;

	if (json_parse(&root, text, len, origin) < 0)
		return -1;
	if (json_array(&list, root, "policies", true, origin, "") < 0)
		goto out;
	cJSON_ArrayForEach(p, list) {
		buf_reset(&path);
		buf_addf(&path, "policies[%d]", i++);
		if (!cJSON_IsObject(p)) {
			error_set("%s: %s is not an object", origin, path.ptr);
			goto out;
		}
		if (parse_policy(s, p, origin, path.ptr) < 0)
			goto out;
	}
	rc = 0;
out:
	buf_release(&path);
	cJSON_Delete(root);
	return rc;
}

int policy_load_builtin(struct policy_set **out)
{
	struct policy_set *s = xcalloc(1, sizeof(*s));

	*out = NULL;
	if (policy_add_json(s, disclose_policy_json,
			    strlen(disclose_policy_json),
			    "built-in policy") < 0) {
		policy_set_free(s);
		return -1;
	}
	*out = s;
	return 0;
}

static int policy_file_filter(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 5 &&
	       !strcmp(d->d_name + n - 5, ".json") &&
	       strstr(d->d_name, "policy");
}

static int add_user_files(struct policy_set *s)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	struct buf dir = BUF_INIT;
	struct dirent **list = NULL;
	int n = 0, rc = 0;

	if (xdg && *xdg)
		buf_addf(&dir, "%s/git-disclose", xdg);
	else if (home && *home)
		buf_addf(&dir, "%s/.config/git-disclose", home);
	if (dir.len)
		n = scandir(dir.ptr, &list, policy_file_filter, alphasort);
	for (int i = 0; i < n; i++) {
		struct buf path = BUF_INIT, text = BUF_INIT;

		buf_addf(&path, "%s/%s", dir.ptr, list[i]->d_name);
		if (rc == 0 && (read_regular_file(&text, path.ptr,
						  CONFIG_FILE_LIMIT, 0) < 0 ||
				policy_add_json(s, text.ptr, text.len,
						path.ptr) < 0))
			rc = -1;
		buf_release(&path);
		buf_release(&text);
		free(list[i]);
	}
	free(list);
	buf_release(&dir);
	return rc;
}

int policy_load(struct policy_set **out)
{
	struct policy_set *s;

	if (policy_load_builtin(&s) < 0)
		return -1;
	if (add_user_files(s) < 0) {
		policy_set_free(s);
		*out = NULL;
		return -1;
	}
	*out = s;
	return 0;
}

/* The tree's documents ------------------------------------------------ */

void tree_docs_release(struct tree_docs *t)
{
	free(t->form_line);
	strv_free(t->basic_tools);
	strv_free(t->analysis_tools);
	free(t->pack);
	free(t->pack_path);
	memset(t, 0, sizeof(*t));
}

/* The first word of v (n bytes), without rst quoting around it. */
static void first_word(const char **w, size_t *wn, const char *v, size_t n)
{
	while (n && (*v == ' ' || *v == '\t' || *v == '`')) {
		v++;
		n--;
	}
	*w = v;
	for (*wn = 0; *wn < n && !isspace((unsigned char)v[*wn]); (*wn)++)
		;
	while (*wn && strchr("`'\".,;)", v[*wn - 1]))
		(*wn)--;
}

enum line_form { LINE_NONE, LINE_AGENT_MODEL, LINE_LLM };

/* What the value after "Assisted-by:" shows, if it is an example. */
static enum line_form classify(const char *v, size_t n)
{
	const char *w, *colon;
	size_t wn;

	first_word(&w, &wn, v, n);
	if (wn == 3 && !memcmp(w, "LLM", 3))
		return LINE_LLM;
	colon = memchr(w, ':', wn);
	if (colon && colon > w && colon < w + wn - 1)
		return LINE_AGENT_MODEL;
	return LINE_NONE;
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, f);
	buf_vaddf(&b, f, ap);
	va_end(ap);
	return buf_detach(&b, NULL);
}

static bool line_has(const char *line, size_t n, const char *what)
{
	size_t k = strlen(what);

	for (size_t i = 0; i + k <= n; i++)
		if (!strncasecmp(line + i, what, k))
			return true;
	return false;
}

/* Where phrase (any case) starts in text, or NULL. */
static const char *find_ci(const char *text, size_t len, const char *phrase)
{
	size_t k = strlen(phrase);

	for (size_t i = 0; i + k <= len; i++)
		if (!strncasecmp(text + i, phrase, k))
			return text + i;
	return NULL;
}

/* One name of a list: without "e.g.", "etc." and blanks; NULL if none. */
static char *list_word(const char *s, size_t n)
{
	static const char *const skip[] = { "e.g.", "eg.", "such as", NULL };
	char *w;

	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	for (const char *const *p = skip; *p; p++) {
		size_t k = strlen(*p);

		if (n >= k && !strncasecmp(s, *p, k)) {
			s += k;
			n -= k;
		}
	}
	w = xstrndup_trim(s, n);
	if (!*w || !strcasecmp(w, "etc.") || !strcasecmp(w, "etc") ||
	    strpbrk(w, " \t\n")) {
		free(w);
		return NULL;
	}
	return w;
}

/*
 * The names in the parentheses right after phrase, as "Basic development
 * tools (git, gcc, make, editors)" or "analysis tools used\n  (e.g.,
 * coccinelle, sparse)": a few words and blanks may come between.
 */
static char **tools_after(const char *text, size_t len, const char *phrase)
{
	const char *at = find_ci(text, len, phrase), *end = text + len, *close;
	char **out = NULL;

	if (!at)
		return NULL;
	at += strlen(phrase);
	for (size_t gap = 0; at < end && *at != '(' && gap < 16; at++, gap++) {
		unsigned char c = (unsigned char)*at;

		if (!isalpha(c) && !isspace(c))
			return NULL;
	}
	if (at >= end || *at != '(')
		return NULL;
	close = memchr(at, ')', (size_t)(end - at));
	for (const char *s = at + 1, *comma; close && s < close;
	     s = comma + 1) {
		char *w;

		comma = memchr(s, ',', (size_t)(close - s));
		if (!comma)
			comma = close;
		w = list_word(s, (size_t)(comma - s));
		if (w)
			strv_push(&out, w);
		free(w);
	}
	return out;
}

/*
 * Is the line after the newline at lf (up to end) a reStructuredText
 * section underline ("-----", "=====")? The procedure is a section of
 * the document; a sentence that only names it is not.
 */
static bool is_underline(const char *lf, const char *end)
{
	const char *s = lf < end ? lf + 1 : end, *p = s;

	if (p >= end || !strchr("=-~^*#", *p))
		return false;
	while (p < end && *p == *s)
		p++;
	return p - s >= 3 && (p == end || *p == '\n' || *p == '\r');
}

int policy_read_document(struct tree_docs *t, const char *text, size_t len)
{
	static const char key[] = "Assisted-by:";
	const char *end = text + len, *lf;
	size_t seen[3] = { 0 };
	char *line[3] = { NULL };

	for (const char *s = text; s < end; s = lf + 1) {
		const char *k;
		size_t n;
		enum line_form f;

		lf = memchr(s, '\n', (size_t)(end - s));
		if (!lf)
			lf = end;
		n = (size_t)(lf - s);
		if (line_has(s, n, "procedure for finding and fixing bugs") &&
		    is_underline(lf, end))
			t->bugfix_procedure = true;
		k = memmem(s, n, key, sizeof(key) - 1);
		if (!k)
			continue;
		k += sizeof(key) - 1;
		f = classify(k, (size_t)(lf - k));
		if (!seen[f]++)
			line[f] = xstrndup_trim(s, n);
	}
	t->has_document = true;
	t->basic_tools = tools_after(text, len, "basic development tools");
	t->analysis_tools = tools_after(text, len, "analysis tools used");
	if (seen[LINE_LLM] && seen[LINE_AGENT_MODEL]) {
		error_set("%s shows both '%s' and '%s': git disclose cannot tell which Assisted-by: form it asks for; pass --policy kernel or --policy kernel-llm",
			  POLICY_DOC, line[LINE_AGENT_MODEL], line[LINE_LLM]);
	} else if (!seen[LINE_LLM] && !seen[LINE_AGENT_MODEL]) {
		error_set("%s shows no Assisted-by: line that git disclose knows (neither 'Assisted-by: LLM ...' nor 'Assisted-by: AGENT:MODEL ...'): read it and pass --policy kernel or --policy kernel-llm, or set disclose.policy",
			  POLICY_DOC);
	} else {
		t->form = seen[LINE_LLM] ? FORM_LLM : FORM_AGENT_MODEL;
		t->form_line = line[seen[LINE_LLM] ? LINE_LLM :
				    LINE_AGENT_MODEL];
		line[seen[LINE_LLM] ? LINE_LLM : LINE_AGENT_MODEL] = NULL;
	}
	for (size_t i = 0; i < 3; i++)
		free(line[i]);
	return t->form_line ? 0 : -1;
}

enum checkpatch_assisted policy_read_checkpatch(const char *text, size_t len)
{
	static const char colon[] = "\\S+:\\S+";

	if (!memmem(text, len, "Assisted-by", 11))
		return CHECKPATCH_NO_TAG;
	return memmem(text, len, colon, sizeof(colon) - 1) ?
	       CHECKPATCH_COLON : CHECKPATCH_ANY;
}

/* Does text hold phrase, ignoring case and taking blank runs as one? */
static bool holds_phrase(const char *text, size_t len, const char *phrase)
{
	for (size_t i = 0; i < len; i++) {
		const char *p = phrase;
		size_t j = i;

		while (*p && j < len) {
			if (isspace((unsigned char)*p)) {
				if (!isspace((unsigned char)text[j]))
					break;
				while (j < len && isspace((unsigned char)text[j]))
					j++;
				while (isspace((unsigned char)*p))
					p++;
			} else if (tolower((unsigned char)*p) ==
				   tolower((unsigned char)text[j])) {
				p++;
				j++;
			} else {
				break;
			}
		}
		if (!*p)
			return true;
	}
	return false;
}

bool policy_detects(const struct policy *p, const char *path,
		    const char *text, size_t len)
{
	return strv_has(p->detect_paths, path) &&
	       holds_phrase(text, len, p->detect_phrase);
}

int policy_refuse_declined(const struct policy *p)
{
	if (!p->declines_ai)
		return 0;
	return error_set("the %s policy declines AI-generated contributions (%s): an Assisted-by: line would be rejected as AI_CONTENT_DECLINED, so none is written; if no AI tool helped, commit with plain git, or name another project's policy with --policy",
			 p->name, p->reason);
}

void policy_check_result(struct lint_result *res, const struct policy *p)
{
	if (!p->declines_ai || (!res->has_assisted && !res->guess.signals))
		return;
	lint_add_finding(res, "AI_CONTENT_DECLINED", SEV_ERROR, 0, SIZE_MAX,
			 NULL, NULL, ACT_NONE,
			 "%s: %s (%s%s%s). This commit shows AI assistance (an Assisted-by: line, a vendor trailer or footer, or an AI identity), and disclosing it does not make it acceptable: write the change without AI-generated content, or ask the maintainers for an exception",
			 p->title, p->reason,
			 p->document ? p->document : p->name,
			 p->url ? ", " : "", p->url ? p->url : "");
}

void policy_extend_catalogue(struct catalogue *c,
			     const struct policy_choice *pc)
{
	char *why;

	if (!pc->have_tree || !pc->tree.basic_tools)
		return;
	why = fmt("listed among the basic development tools of %s at %.12s",
		  POLICY_DOC, pc->tree.commit);
	for (char **t = pc->tree.basic_tools; *t; t++)
		catalogue_add_basic(c, *t, why);
	free(why);
}

char *policy_checkpatch_warning(const struct policy_choice *c)
{
	if (c->policy.form != FORM_LLM || !c->have_tree ||
	    c->tree.checkpatch != CHECKPATCH_COLON)
		return NULL;
	return fmt("%s at %.12s (the series base) still expects Assisted-by: AGENT_NAME:MODEL_VERSION and will warn (BAD_SIGN_OFF) on the %s policy's 'Assisted-by: LLM [TOOL...]': use --policy kernel for this tree",
		   CHECKPATCH_PL, c->tree.commit, c->policy.name);
}

bool policy_has_procedure(const struct policy *p)
{
	for (size_t i = 0; i < p->nr_items; i++)
		if (p->items[i].when == WHEN_BUGFIX_PROCEDURE)
			return true;
	return false;
}

bool policy_item_applies(const struct policy_item *it,
			 const struct tree_docs *t)
{
	switch (it->when) {
	case WHEN_ALWAYS:
		return true;
	case WHEN_BUGFIX_PROCEDURE:
		return t && t->bugfix_procedure;
	case WHEN_GENERATED_CONTENT:
		return t && t->generated_content;
	}
	return false;
}

/* The commit whose tree tells the policy: the base of the series. */
static int series_base(char *id, struct repo *r, const char *range)
{
	struct commit_info *ci = NULL;
	struct buf rev = BUF_INIT;
	char **ends = NULL;
	size_t nr = 0;
	int rc;

	if (repo_range_ends(&ends, &nr, r, range) < 0)
		return -1;
	for (size_t i = 0; i < nr && !rev.len; i++)
		if (ends[i][0] == '^')
			buf_adds(&rev, ends[i] + 1);
	if (!rev.len && nr)
		buf_addf(&rev, "%s^", ends[0]);
	rc = repo_lookup(&ci, r, buf_cstr(&rev));
	if (rc < 0 && nr && ends[0][0] != '^') {
		/* a root commit is its own base */
		error_clear();
		rc = repo_lookup(&ci, r, ends[0]);
	}
	if (rc == 0) {
		memcpy(id, ci->id, OID_HEX + 1);
		commit_info_free(ci);
	}
	for (size_t i = 0; i < nr; i++)
		free(ends[i]);
	free(ends);
	buf_release(&rev);
	return rc;
}

/* The first pack whose document the tree at t->commit holds. */
static int detect_pack(struct tree_docs *t, struct repo *r,
		       const struct policy_set *s)
{
	struct buf b = BUF_INIT;
	int rc = 0;

	for (size_t i = 0; i < s->nr && rc >= 0 && !t->pack; i++) {
		const struct policy *p = &s->policies[i];

		for (char **path = p->detect_paths; path && *path &&
		     rc >= 0 && !t->pack; path++) {
			rc = repo_read_blob_at(r, t->commit, *path, &b);
			if (rc == 1 && policy_detects(p, *path, b.ptr, b.len)) {
				t->pack = xstrdup(p->name);
				t->pack_path = xstrdup(*path);
			}
			buf_reset(&b);
		}
	}
	buf_release(&b);
	return rc < 0 ? -1 : 0;
}

/*
 * Read the tree's documents at the series base: 1 read, 0 no commit to
 * read them from (error cleared), -1 a document that cannot be read or
 * recognized.
 */
static int read_tree(struct tree_docs *t, struct repo *r, const char *range,
		     const struct policy_set *s)
{
	struct buf b = BUF_INIT;
	int rc;

	memset(t, 0, sizeof(*t));
	if (series_base(t->commit, r, range) < 0) {
		if (range)
			return -1;
		error_clear();		/* an unborn branch: none to read */
		return 0;
	}
	rc = repo_read_blob_at(r, t->commit, CHECKPATCH_PL, &b);
	if (rc == 1)
		t->checkpatch = policy_read_checkpatch(b.ptr, b.len);
	if (rc >= 0)
		rc = repo_read_blob_at(r, t->commit, GENERATED_DOC, &b);
	t->generated_content = rc == 1;
	if (rc >= 0)
		rc = repo_read_blob_at(r, t->commit, POLICY_DOC, &b);
	if (rc == 1 && policy_read_document(t, buf_cstr(&b), b.len) < 0)
		error_set("%s (at %s)", error_last(), t->commit);
	t->kernel_tree = t->has_document || t->checkpatch != CHECKPATCH_ABSENT;
	if (rc >= 0 && !t->has_document && detect_pack(t, r, s) < 0)
		rc = -1;
	buf_release(&b);
	if (rc < 0 || (t->has_document && !t->form_line))
		return -1;
	return 1;
}

/* A copy of p with only the items that apply to the tree. */
static void copy_policy(struct policy *out, const struct policy *p,
			const struct tree_docs *t)
{
	memset(out, 0, sizeof(*out));
	out->name = xstrdup(p->name);
	out->form = p->form;
	out->title = p->title ? xstrdup(p->title) : NULL;
	out->document = p->document ? xstrdup(p->document) : NULL;
	out->follows = p->follows ? xstrdup(p->follows) : NULL;
	out->rule = p->rule ? xstrdup(p->rule) : NULL;
	if (p->rules) {
		out->rules = strv_copy(p->rules, strv_len(p->rules));
		out->rule_sources = strv_copy(p->rule_sources,
					      strv_len(p->rule_sources));
	}
	out->url = p->url ? xstrdup(p->url) : NULL;
	out->detect_paths = p->detect_paths ?
			    strv_copy(p->detect_paths,
				      strv_len(p->detect_paths)) : NULL;
	out->detect_phrase = p->detect_phrase ?
			     xstrdup(p->detect_phrase) : NULL;
	out->declines_ai = p->declines_ai;
	out->reason = p->reason ? xstrdup(p->reason) : NULL;
	out->origin = p->origin ? xstrdup(p->origin) : NULL;
	out->items = xcalloc(p->nr_items + 1, sizeof(*out->items));
	for (size_t i = 0; i < p->nr_items; i++) {
		const struct policy_item *it = &p->items[i];
		struct policy_item *o;

		if (!policy_item_applies(it, t))
			continue;
		o = &out->items[out->nr_items++];
		*o = *it;
		o->id = xstrdup(it->id);
		o->text = xstrdup(it->text);
	}
}

static int unknown_policy(const struct policy_set *s, const char *name,
			  const char *where)
{
	struct buf names = BUF_INIT;

	for (size_t i = 0; i < s->nr; i++)
		buf_addf(&names, "%s%s", i ? ", " : "", s->policies[i].name);
	error_set("unknown policy '%s' (%s): the policy packs are %s; a pack of your own goes in $XDG_CONFIG_HOME/git-disclose/<name>-policy.json",
		  name, where, buf_cstr(&names));
	buf_release(&names);
	return -1;
}

/* From the tree, or the default: the pack and the line saying why. */
static const char *tree_choice(struct policy_choice *out)
{
	const struct tree_docs *t = &out->tree;

	if (out->have_tree && t->has_document) {
		out->origin = POLICY_FROM_TREE;
		out->source = fmt("%s at %s (the series base) asks for '%s'",
				      POLICY_DOC, t->commit, t->form_line);
		return t->form == FORM_LLM ? "kernel-llm" : "kernel";
	}
	if (out->have_tree && t->pack) {
		out->origin = POLICY_FROM_TREE;
		out->source = fmt("%s at %s (the series base) is the %s pack's document",
				  t->pack_path, t->commit, t->pack);
		return t->pack;
	}
	out->origin = POLICY_FROM_DEFAULT;
	if (!out->have_tree)
		out->source = xstrdup("the project's default (no commit to read the tree's documents from)");
	else if (t->kernel_tree)
		out->source = fmt("the project's default: this kernel tree has no %s at %s (the series base) yet",
				      POLICY_DOC, t->commit);
	else
		out->source = fmt("the project's default: no %s at %s (the series base); not a kernel tree",
				      POLICY_DOC, t->commit);
	return "kernel";
}

int policy_resolve(struct policy_choice *out, const char *name,
		   struct repo *r, const char *range)
{
	struct policy_set *s = NULL;
	const struct policy *p;
	char *conf = NULL;
	int rc = -1, tree = 0;

	memset(out, 0, sizeof(*out));
	out->origin = POLICY_FROM_OPTION;
	if (!name) {
		if (repo_config_get(&conf, r, "disclose.policy") < 0)
			return -1;
		name = conf;
		out->origin = POLICY_FROM_CONFIG;
	}
	if (policy_load(&s) < 0)
		goto out;
	if (r)
		tree = read_tree(&out->tree, r, range, s);
	if (tree < 0 && !name)
		goto out;
	if (tree < 0)
		error_clear();	/* the user chose; the tree adds items */
	out->have_tree = tree > 0;
	if (name)
		out->source = out->origin == POLICY_FROM_OPTION ?
			      fmt("--policy %s", name) :
			      fmt("disclose.policy = %s (git config)",
				      name);
	else
		name = tree_choice(out);
	p = policy_find(s, name);
	if (!p) {
		unknown_policy(s, name, out->origin == POLICY_FROM_OPTION ?
			       "--policy" : out->origin == POLICY_FROM_CONFIG ?
			       "git config disclose.policy" : "built in");
		goto out;
	}
	copy_policy(&out->policy, p, out->have_tree ? &out->tree : NULL);
	rc = 0;
out:
	if (rc < 0)
		policy_choice_release(out);
	policy_set_free(s);
	free(conf);
	return rc;
}

void policy_choice_release(struct policy_choice *c)
{
	policy_release(&c->policy);
	free(c->source);
	tree_docs_release(&c->tree);
	memset(c, 0, sizeof(*c));
}
