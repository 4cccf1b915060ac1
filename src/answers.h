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
	bool optional;		/* no agent or model known is no error */
	/* which answers came from git config, not from the options */
	bool agent_remembered, model_remembered, tools_remembered;
	/* the tree's checkpatch will warn on the form: say so (or NULL) */
	char *warning;
};

void answers_add_tool(struct answers *a, const char *tool);
void answers_release(struct answers *a);

/*
 * The policy by the one resolver (policy_resolve: --policy, else
 * disclose.policy, else the tree's coding-assistants.rst at the base of
 * a->range, else kernel); a->policy stays NULL when the tree or the
 * default chose it, so that nothing pins it in the configuration.
 * The tree's basic tools join the catalogue c (policy_extend_catalogue).
 * Fill what the options left unset from git config (r may be NULL), then
 * check and canonicalize: a known agent alias becomes the agent's name,
 * an agent is inferred from a known model or model family, every value
 * is validated. A missing agent or model is an error naming the option.
 */
int answers_resolve(struct assisted **out, enum policy_form *form,
		    struct answers *a, struct repo *r, struct catalogue *c);
/*
 * Remember the resolved answers in the repository's configuration;
 * policy (the pack name the user chose) is written to disclose.policy
 * unless NULL.
 */
int answers_save(const struct assisted *as, const char *policy,
		 struct repo *r);

/*
 * "git config disclose.agent, disclose.model" for the answers that came
 * from the configuration (empty when none did); the caller frees.
 */
char *answers_remembered(const struct answers *a);

/*
 * What one commit says of itself: the agent and model its own traces
 * name (an Assisted-by line first, then vendor trailers, footers, AI
 * sign-offs and AI identities, as the checker reads them).
 */
struct commit_facts {
	const struct cat_agent *agent;	/* NULL: the commit says nothing */
	char *model;			/* NULL: not told */
	char *source;			/* the line that told, or NULL */
	bool has_assisted;		/* it carries an Assisted-by line */
	bool signals;			/* vendor traces were found */
};

struct lint_facts;
struct message;

void commit_facts_read(struct commit_facts *out, const struct message *m,
		       const struct lint_facts *lf, enum policy_form form,
		       const struct catalogue *c);
void commit_facts_release(struct commit_facts *f);
/*
 * Does the answer (agent and/or model as given, either may be NULL)
 * contradict the commit's own facts? The kernel-llm form names no agent:
 * never.
 */
bool commit_facts_disagree(const struct commit_facts *f, const char *agent,
			   const char *model, enum policy_form form,
			   const struct catalogue *c);
/*
 * The Assisted-by value for a commit with facts f: its own agent and
 * model, the model from the answer as (may be NULL) when the commit
 * names its agent only and the answer is for that agent. NULL when the
 * commit has no facts or they are incomplete (error_last() says so).
 */
struct assisted *commit_facts_assisted(const struct commit_facts *f,
				       const struct assisted *as,
				       enum policy_form form);

/* A copy of a (NULL: NULL). */
struct assisted *answers_assisted_dup(const struct assisted *a);

#endif
