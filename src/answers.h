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
#include "policy.h"
#include "repo.h"

struct answers {
	char *agent;
	char *model;
	char **tools;		/* NULL-terminated; NULL when not given */
	char *policy;		/* --policy, or disclose.policy, resolved */
	const char *range;	/* the series: its base's documents decide */
	bool no_signoff;
	bool no_tools;		/* --no-tool: an explicit empty tool list */
};

void answers_add_tool(struct answers *a, const char *tool);
void answers_release(struct answers *a);

/*
 * The policy by the one resolver (policy_resolve: --policy, else
 * disclose.policy, else the tree's coding-assistants.rst at the base of
 * a->range, else kernel); a->policy stays NULL when the tree or the
 * default chose it, so that nothing pins it in the configuration.
 * Fill what the options left unset from git config (r may be NULL), then
 * check and canonicalize: a known agent alias becomes the agent's name,
 * an agent is inferred from a known model or model family, every value
 * is validated. A missing agent or model is an error naming the option.
 */
int answers_resolve(struct assisted **out, enum policy_form *form,
		    struct answers *a, struct repo *r,
		    const struct catalogue *c);
/*
 * Remember the resolved answers in the repository's configuration;
 * policy (the pack name the user chose) is written to disclose.policy
 * unless NULL.
 */
int answers_save(const struct assisted *as, const char *policy,
		 struct repo *r);

#endif
