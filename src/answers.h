/*
 * The answers a human gives (agent, model, tools, policy): from options,
 * else remembered in the repository's git config (disclose.agent,
 * disclose.model, disclose.tools, disclose.policy).
 */
#ifndef DISCLOSE_ANSWERS_H
#define DISCLOSE_ANSWERS_H

#include <stdbool.h>

#include "assisted.h"
#include "catalogue.h"
#include "repo.h"

struct answers {
	char *agent;
	char *model;
	char **tools;		/* NULL-terminated; NULL when not given */
	char *policy;
	bool no_signoff;
	bool no_tools;		/* --no-tool: an explicit empty tool list */
};

void answers_add_tool(struct answers *a, const char *tool);
void answers_release(struct answers *a);

/*
 * Fill what the options left unset from git config (r may be NULL), then
 * check and canonicalize: a known agent alias becomes the agent's name,
 * an agent is inferred from a known model or model family, every value
 * is validated. A missing agent or model is an error naming the option.
 */
int answers_resolve(struct assisted **out, enum policy_form *form,
		    struct answers *a, struct repo *r,
		    const struct catalogue *c);
/* Remember the resolved answers in the repository's configuration. */
int answers_save(const struct assisted *as, enum policy_form form,
		 struct repo *r);

#endif
