#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "strv.h"
#include "util.h"

#define JSON_MAX_DEPTH 64

static void position(const char *text, size_t off, size_t *line, size_t *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/* What a scan that skips strings sees of the brackets. */
struct nesting {
	size_t max;		/* deepest nesting */
	size_t where;		/* first bracket deeper than JSON_MAX_DEPTH */
	size_t open;		/* brackets still open at the end */
	bool in_string;		/* the text ends inside a string */
};

/* Deep input is refused before cJSON recurses into it; a text that
 * ends with brackets or a string open was cut short. */
static void scan_nesting(struct nesting *n, const char *s, size_t len)
{
	memset(n, 0, sizeof(*n));
	for (size_t i = 0; i < len; i++) {
		char c = s[i];

		if (n->in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				n->in_string = false;
			continue;
		}
		if (c == '"') {
			n->in_string = true;
		} else if (c == '{' || c == '[') {
			if (++n->open > n->max) {
				n->max = n->open;
				if (n->max == JSON_MAX_DEPTH + 1)
					n->where = i;
			}
		} else if ((c == '}' || c == ']') && n->open) {
			n->open--;
		}
	}
}

static bool is_json_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Does nothing but JSON whitespace follow off? */
static bool only_blanks_from(const char *text, size_t len, size_t off)
{
	for (size_t i = off; i < len; i++)
		if (!is_json_blank(text[i]))
			return false;
	return true;
}

static int check_duplicates(const cJSON *node, const char *origin)
{
	for (const cJSON *a = node ? node->child : NULL; a; a = a->next) {
		if (cJSON_IsObject(node) && a->string) {
			for (const cJSON *b = a->next; b; b = b->next)
				if (b->string && !strcmp(a->string, b->string))
					return error_set("%s: duplicate key '%s': keep one of them",
							 origin, a->string);
		}
		if (check_duplicates(a, origin) < 0)
			return -1;
	}
	return 0;
}

int json_parse(cJSON **out, const char *text, size_t len, const char *origin)
{
	const char *end = NULL;
	size_t line, col;
	struct nesting n;
	cJSON *root;

	*out = NULL;
	if (memchr(text, '\0', len))
		return error_set("%s: contains a NUL byte: it is not a JSON text file",
				 origin);
	if (only_blanks_from(text, len, 0))
		return error_set("%s: the file is empty: write a JSON object ({...}) or remove the file",
				 origin);
	scan_nesting(&n, text, len);
	if (n.max > JSON_MAX_DEPTH) {
		position(text, n.where, &line, &col);
		return error_set("%s: line %zu, column %zu: nested deeper than %d levels: flatten the file",
				 origin, line, col, JSON_MAX_DEPTH);
	}
	root = cJSON_ParseWithLengthOpts(text, len, &end, false);
	if (!root) {
		size_t off = end && end >= text ? (size_t)(end - text) : 0;

		if (off > len)
			off = len;
		position(text, off, &line, &col);
		return error_set("%s: line %zu, column %zu: %s: fix the JSON syntax there",
				 origin, line, col,
				 n.open || n.in_string ?
				 "the text ends too early (truncated?)" :
				 "invalid JSON");
	}
	/* cJSON stops after the first value: anything but blanks after it
	 * (a second object, a stray brace) is an error too */
	if (end && end >= text && (size_t)(end - text) < len &&
	    !only_blanks_from(text, len, (size_t)(end - text))) {
		size_t off = (size_t)(end - text);

		while (off < len && is_json_blank(text[off]))
			off++;
		cJSON_Delete(root);
		position(text, off, &line, &col);
		return error_set("%s: line %zu, column %zu: text after the end of the JSON object: remove it, or merge it into the object",
				 origin, line, col);
	}
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return error_set("%s: the top level must be a JSON object ({...})",
				 origin);
	}
	if (check_duplicates(root, origin) < 0) {
		cJSON_Delete(root);
		return -1;
	}
	*out = root;
	return 0;
}

static int wrong_type(const char *origin, const char *path, const char *key,
		      const char *want)
{
	return error_set("%s: '%s%s%s' must be %s", origin, path,
			 *path ? "." : "", key, want);
}

int json_string(const char **out, const cJSON *obj, const char *key,
		bool required, const char *origin, const char *path)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NULL;
	if (!v && !required)
		return 0;
	if (!cJSON_IsString(v) || !v->valuestring)
		return wrong_type(origin, path, key, "a string");
	*out = v->valuestring;
	return 0;
}

int json_array(const cJSON **out, const cJSON *obj, const char *key,
	       bool required, const char *origin, const char *path)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NULL;
	if (!v && !required)
		return 0;
	if (!cJSON_IsArray(v))
		return wrong_type(origin, path, key, "an array");
	*out = v;
	return 0;
}

int json_strv(char ***out, const cJSON *obj, const char *key,
	      const char *origin, const char *path)
{
	const cJSON *arr, *it;
	size_t n = 0;
	char **v;

	*out = NULL;
	if (json_array(&arr, obj, key, false, origin, path) < 0)
		return -1;
	v = xcalloc((size_t)(arr ? cJSON_GetArraySize(arr) : 0) + 1,
		    sizeof(*v));
	cJSON_ArrayForEach(it, arr) {
		if (!cJSON_IsString(it)) {
			json_strv_free(v);
			return wrong_type(origin, path, key,
					  "an array of strings");
		}
		v[n++] = xstrdup(it->valuestring);
	}
	*out = v;
	return 0;
}

void json_strv_free(char **v)
{
	strv_free(v);
}

cJSON *json_from_strv(char *const *v)
{
	cJSON *a = cJSON_CreateArray();

	for (; v && *v; v++)
		cJSON_AddItemToArray(a, cJSON_CreateString(*v));
	return a;
}
