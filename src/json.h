/* Loading JSON files with errors that name the file, line and problem. */
#ifndef DISCLOSE_JSON_H
#define DISCLOSE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <cjson/cJSON.h>

/*
 * Parse text (len bytes) that came from origin (a path, or a name such as
 * "built-in catalogue"). Refuses invalid JSON, duplicate keys, nesting
 * deeper than 64 and a top level that is not an object, each with an
 * error naming origin, line and column.
 */
int json_parse(cJSON **out, const char *text, size_t len, const char *origin);

/* Typed member access; a wrong type is an error naming origin and path. */
int json_string(const char **out, const cJSON *obj, const char *key,
		bool required, const char *origin, const char *path);
int json_array(const cJSON **out, const cJSON *obj, const char *key,
	       bool required, const char *origin, const char *path);
/* A member that is an array of strings, copied into a NULL-terminated
 * vector (never NULL itself; free with json_strv_free). */
int json_strv(char ***out, const cJSON *obj, const char *key,
	      const char *origin, const char *path);
void json_strv_free(char **v);
/* A JSON array of the strings of v. */
cJSON *json_from_strv(char *const *v);

#endif
