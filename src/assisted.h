/*
 * The value of an Assisted-by: trailer. The kernel policy writes
 * "AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]"; the kernel-llm policy, a
 * later form, writes "LLM [TOOL1] [TOOL2]".
 */
#ifndef DISCLOSE_ASSISTED_H
#define DISCLOSE_ASSISTED_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue.h"
#include "message.h"

enum policy_form {
	FORM_AGENT_MODEL,	/* policy "kernel" */
	FORM_LLM,		/* policy "kernel-llm" */
	FORM_TOOL_NAME,		/* "Assisted-by: <name of the tool>" (fedora,
				 * llvm): agent is the whole value */
};

struct assisted {
	char *agent;		/* FORM_LLM: "LLM" */
	char *model;		/* FORM_LLM: NULL */
	char **tools;		/* NULL-terminated, never NULL */
};

/* Map a policy name to its form; unknown names are an error. */
int policy_form_from_name(enum policy_form *out, const char *name);
const char *policy_form_name(enum policy_form form);

/*
 * Split value into agent, model and tools. Fails (with a reason) when it
 * is not of the form; *out is then NULL.
 */
int assisted_parse(struct assisted **out, const char *value,
		   enum policy_form form);
struct assisted *assisted_new(const char *agent, const char *model);
void assisted_add_tool(struct assisted *a, const char *tool);
void assisted_free(struct assisted *a);
/* The trailer value (without "Assisted-by: "). The caller frees. */
char *assisted_format(const struct assisted *a, enum policy_form form);

/*
 * Check one answer as typed. Each returns 0, or -1 with error_last()
 * saying what is wrong and why.
 */
int assisted_check_agent(const char *agent);
int assisted_check_model(const char *model);
/* Basic tools are refused with the reason; unknown tools are allowed. */
int assisted_check_tool(const struct catalogue *c, const char *tool);
/*
 * The agent and model against the catalogue: a model of another
 * vendor's family is refused with the reason, a misspelt word of the
 * agent's family gets "did you mean". Unknown agents and models of no
 * catalogued family are allowed.
 */
int assisted_check_pair(const struct catalogue *c, const char *agent,
			const char *model);
/* A placeholder instead of a model ("unspecified", "unknown")? */
bool assisted_placeholder_model(const char *model);
/* All of the above for a whole value. */
int assisted_validate(const struct assisted *a, enum policy_form form,
		      const struct catalogue *c);

/* How bad an issue is; the same order as the checker's severities. */
enum assisted_level { LEVEL_INFO, LEVEL_WARNING, LEVEL_ERROR };

struct assisted_issue {
	const char *id;		/* "ASSISTED_BY_MODEL" */
	enum assisted_level level;
	char *message;		/* what is wrong and what to do */
};

/* What is wrong with one Assisted-by value, and its correction. */
struct assisted_verdict {
	struct assisted_issue *issues;
	size_t nr;
	bool well_formed;	/* of the policy's form (checkpatch's shape) */
	char *fixed;		/* the corrected value (clean), or NULL */
	const struct cat_agent *agent;	/* the agent it names, if known */
	char *model;		/* the model it names, when usable */
	bool guessed;		/* fixed rests on a guess at a misspelling
				 * ("did you mean"): never written unasked */
	bool agent_guessed;	/* the agent is such a guess (else only
				 * the model is) */
};

/*
 * Judge value (without "Assisted-by: ") under form: errors for what the
 * policy forbids or what leaves the disclosure unusable (no model that
 * can be told, another vendor's model), warnings for slips checkpatch
 * accepts (brackets, a harness name as a tool, a display name for the
 * model id, a misspelling), infos for tools the catalogue does not
 * know. A correction is proposed only when it passes this judge clean;
 * never one built from a name, a placeholder or stray bytes.
 */
void assisted_judge(struct assisted_verdict *out, const struct catalogue *c,
		    const char *value, enum policy_form form);
void assisted_verdict_release(struct assisted_verdict *v);

/*
 * The answers as typed made canonical, for the command line and the
 * assistant alike: an agent alias becomes the agent's name ("Claude
 * Code" -> Claude), a display name the model id ("Claude Opus 4.8" ->
 * claude-opus-4-8); then the whole value is validated.
 */
int assisted_resolve(struct assisted *a, const struct catalogue *c);
/* The canonical name of an agent as typed (an alias), else agent. */
const char *assisted_agent_name(const struct catalogue *c, const char *agent);

#endif
