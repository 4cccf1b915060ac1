/*
 * The Assisted-by value: parse, format, parse again. The first byte
 * chooses the policy form; the rest, up to a NUL, is the value.
 *
 * Properties: what parses formats to a value that parses to the same
 * agent, model and tools, and formats to the same text again (a fixed
 * point); checking never crashes.
 */
#include <string.h>

#include "assisted.h"
#include "catalogue.h"
#include "fuzz.h"
#include "util.h"

static struct catalogue *cat;

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static void check_same(const struct assisted *a, const struct assisted *b)
{
	size_t i;

	FUZZ_CHECK(same_str(a->agent, b->agent));
	FUZZ_CHECK(same_str(a->model, b->model));
	for (i = 0; a->tools[i] && b->tools[i]; i++)
		FUZZ_CHECK(!strcmp(a->tools[i], b->tools[i]));
	FUZZ_CHECK(!a->tools[i] && !b->tools[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct assisted *a, *b;
	enum policy_form form;
	char *value, *text, *again;

	if (size < 1)
		return 0;
	if (!cat && catalogue_load_builtin(&cat) < 0)
		abort();
	form = data[0] & 1 ? FORM_LLM : FORM_AGENT_MODEL;
	value = xstrndup((const char *)data + 1, size - 1);
	if (assisted_parse(&a, value, form) < 0) {
		FUZZ_CHECK(a == NULL);
		FUZZ_CHECK(*error_last());
		free(value);
		return 0;
	}
	text = assisted_format(a, form);
	FUZZ_CHECK(!strchr(text, '\n'));
	FUZZ_CHECK(assisted_parse(&b, text, form) == 0);
	check_same(a, b);
	again = assisted_format(b, form);
	FUZZ_CHECK(!strcmp(text, again));
	(void)assisted_validate(a, form, cat);
	(void)assisted_check_agent(a->agent);
	(void)assisted_check_model(a->model);
	assisted_free(a);
	assisted_free(b);
	free(text);
	free(again);
	free(value);
	return 0;
}
