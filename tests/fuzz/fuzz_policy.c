/*
 * The policy pack loader (src/policy.c), as it reads a user's
 * $XDG_CONFIG_HOME/git-disclose/NAME-policy.json: into an empty set, then
 * a second time on top (a pack of the same name is merged), then the
 * lookups the UI makes.
 *
 * Properties: no crash and no leak on any path; a refused file is named
 * in the error; loading the same text twice does not add packs.
 */
#include <string.h>

#include "fuzz.h"
#include "policy.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct policy_set *s = xcalloc(1, sizeof(*s));
	size_t nr;

	error_clear();
	if (policy_add_json(s, (const char *)data, size, "fuzz-policy.json") < 0) {
		FUZZ_CHECK(strstr(error_last(), "fuzz-policy.json"));
	} else {
		nr = s->nr;
		if (policy_add_json(s, (const char *)data, size,
				    "fuzz-policy.json") == 0)
			FUZZ_CHECK(s->nr == nr);
	}
	for (size_t i = 0; i < s->nr; i++) {
		const struct policy *p = &s->policies[i];

		FUZZ_CHECK(p->name && policy_find(s, p->name));
		for (size_t j = 0; j < p->nr_items; j++)
			FUZZ_CHECK(p->items[j].id &&
				   item_source_name(p->items[j].source));
	}
	(void)policy_find(s, "kernel");
	(void)policy_find(s, "kernel-llm");
	policy_set_free(s);
	return 0;
}
