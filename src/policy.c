#include "policy.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

extern const char disclose_policy_json[];

static const char *const source_names[] = {
	[SOURCE_NONE] = "",
	[SOURCE_REVIEW] = "review",
	[SOURCE_SPDX] = "spdx",
	[SOURCE_DCO] = "dco",
	[SOURCE_AI_SIGNOFF] = "ai-signoff",
	[SOURCE_BOOT] = "boot",
};

const char *item_source_name(enum item_source s)
{
	return source_names[s];
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
	const char *id, *kind, *text, *source = NULL;
	const cJSON *opt;

	memset(out, 0, sizeof(*out));
	if (json_string(&id, obj, "id", true, origin, path) < 0 ||
	    json_string(&kind, obj, "kind", true, origin, path) < 0 ||
	    json_string(&text, obj, "text", true, origin, path) < 0 ||
	    json_string(&source, obj, "source", false, origin, path) < 0)
		return -1;
	if (strcmp(kind, "auto") && strcmp(kind, "human"))
		return error_set("%s: %s.kind is '%s': use \"auto\" or \"human\"",
				 origin, path, kind);
	if (source && source_from_name(&out->source, source) < 0)
		return error_set("%s: %s.source '%s' is not known: use review, spdx, dco, ai-signoff or boot",
				 origin, path, source);
	opt = cJSON_GetObjectItemCaseSensitive(obj, "optional");
	if (opt && !cJSON_IsBool(opt))
		return error_set("%s: %s.optional must be true or false",
				 origin, path);
	out->optional = cJSON_IsTrue(opt);
	out->automatic = !strcmp(kind, "auto");
	if (out->automatic && (out->source == SOURCE_NONE ||
			       out->source == SOURCE_DCO))
		return error_set("%s: %s is automatic but has no source the tool can check: give \"source\" review, spdx, ai-signoff or boot, or make it \"human\"",
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

static void set_str(char **field, const char *v)
{
	if (!v)
		return;
	free(*field);
	*field = xstrdup(v);
}

static int parse_policy(struct policy_set *s, const cJSON *obj,
			const char *origin, const char *path)
{
	const char *name, *form = NULL, *title = NULL, *doc = NULL;
	const cJSON *items = NULL, *it;
	struct buf ipath = BUF_INIT;
	enum policy_form f = FORM_AGENT_MODEL;
	struct policy *p;
	int i = 0, rc = -1;

	if (json_string(&name, obj, "name", true, origin, path) < 0 ||
	    json_string(&form, obj, "form", false, origin, path) < 0 ||
	    json_string(&title, obj, "title", false, origin, path) < 0 ||
	    json_string(&doc, obj, "document", false, origin, path) < 0 ||
	    json_array(&items, obj, "checklist", false, origin, path) < 0)
		return -1;
	if (form && !strcmp(form, "llm"))
		f = FORM_LLM;
	else if (form && strcmp(form, "agent-model"))
		return error_set("%s: %s.form is '%s': use \"agent-model\" or \"llm\"",
				 origin, path, form);
	p = get_policy(s, name, origin);
	if (form || !p->title)		/* a new pack, or one that says */
		p->form = f;
	set_str(&p->title, title ? title : (p->title ? NULL : name));
	set_str(&p->document, doc);
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
