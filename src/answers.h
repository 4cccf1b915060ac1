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
	bool remembered;	/* --remembered: git config fills what the
				 * options leave unset */
	/* which answers came from git config, not from the options */
	bool agent_remembered, model_remembered, tools_remembered;
	/* no agent was given: the catalogue's agent for the model stands */
	bool agent_inferred;
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
 * A remembered answer is never used unless asked for: with a->remembered
 * (--remembered) git config fills what the options left unset (r may be
 * NULL). Then check and canonicalize: a known agent alias becomes the
 * agent's name, an agent is inferred from a known model or model family,
 * every value is validated. A missing agent or model is an error naming
 * the option; with a->optional, no answer at all is none (*out NULL:
 * the sign-off alone, or each commit's own facts), and tools alone are
 * an answer with an empty agent (for the commits that name theirs).
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
 * " (or --remembered for git config's Claude:claude-opus-4-5)" when git
 * config remembers an answer, else ""; for the messages that ask for
 * one. The caller frees.
 */
char *answers_remembered_hint(struct repo *r);

/*
 * What one commit says of itself, for the human who writes: the agent
 * and model the human's own part names (an Assisted-by line first, then
 * vendor trailers, footers, AI sign-offs and AI identities, as the
 * checker reads them). The human's part is the trailers after the last
 * sign-off of another person, and the traces outside the block; what
 * another person's part says is theirs, never the human's: it is only
 * named (others, others_source), so that no answer for the series is
 * written over it.
 */
struct commit_facts {
	const struct cat_agent *agent;	/* NULL: the commit says nothing */
	char *model;			/* NULL: not told */
	char *source;			/* the line that told, or NULL */
	bool has_assisted;		/* it carries an Assisted-by line */
	bool signals;			/* vendor traces were found */
	char *others;			/* who disclosed above, or NULL */
	char *others_source;		/* their line that told */
	bool others_human;		/* "others" is the human's own earlier
					 * part: it ends in their sign-off */
};

struct lint_facts;
struct message;

/* human NULL (no sign-off of the human's): every sign-off is another
 * person's, as for the placement. */
void commit_facts_read(struct commit_facts *out, const struct message *m,
		       const struct lint_facts *lf, const struct ident *human,
		       enum policy_form form, const struct catalogue *c);
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
