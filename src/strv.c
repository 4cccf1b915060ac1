#include "strv.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

size_t strv_len(char *const *v)
{
	size_t n = 0;

	while (v && v[n])
		n++;
	return n;
}

void strv_push(char ***v, const char *s)
{
	size_t n = strv_len(*v);

	*v = xrealloc(*v, (n + 2) * sizeof(**v));
	(*v)[n] = xstrdup(s);
	(*v)[n + 1] = NULL;
}

char **strv_copy(char *const *v, size_t n)
{
	char **c = xcalloc(n + 1, sizeof(*c));

	for (size_t i = 0; i < n; i++)
		c[i] = xstrdup(v[i]);
	return c;
}

bool strv_has(char *const *v, const char *s)
{
	for (; v && *v; v++)
		if (!strcmp(*v, s))
			return true;
	return false;
}

bool strv_has_ci(char *const *v, const char *s)
{
	for (; v && *v; v++)
		if (str_ieq(*v, s))
			return true;
	return false;
}

void strv_free(char **v)
{
	for (char **p = v; p && *p; p++)
		free(*p);
	free(v);
}
