/*
 * The session file loader (src/session.c): <gitdir>/disclose/session.json
 * as session_load() reads it, for a fixed series of two commits.
 *
 * Properties: no crash and no leak, whatever the file holds; a file of
 * another series is not resumed (1), a broken one is an error (-1); a
 * session that loads prints as JSON that loads back to the same text.
 */
#include <string.h>

#include "fuzz.h"
#include "session.h"
#include "util.h"

static const char *const ids[] = {
	"1111111111111111111111111111111111111111",
	"2222222222222222222222222222222222222222",
};

/* What session_load() starts from for this series. */
static struct session *fresh(void)
{
	struct session *s = xcalloc(1, sizeof(*s));

	s->range = xstrdup("main..topic");
	s->nr = 2;
	s->ids = xcalloc(3, sizeof(*s->ids));
	s->ids[0] = xstrdup(ids[0]);
	s->ids[1] = xstrdup(ids[1]);
	s->review = xcalloc(2, sizeof(*s->review));
	s->certified = xcalloc(1, sizeof(*s->certified));
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session *s = fresh(), *t;
	char *json, *again;
	int rc;

	rc = session_from_json(s, (const char *)data, size, "session.json");
	FUZZ_CHECK(rc == -1 || rc == 0 || rc == 1);
	if (rc == 0) {
		json = session_to_json(s);
		t = fresh();
		FUZZ_CHECK(session_from_json(t, json, strlen(json),
					     "printed") == 0);
		again = session_to_json(t);
		FUZZ_CHECK(!strcmp(json, again));
		(void)session_certified(t, "dco");
		session_certify(t, "dco", true);
		session_certify(t, "dco", false);
		free(json);
		free(again);
		session_free(t);
	}
	session_free(s);
	return 0;
}
