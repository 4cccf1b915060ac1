/*
 * What is known about AI agents, their models, the traces their tools
 * leave in commits, and analysis versus basic development tools. The
 * default catalogue is compiled in; each .json file of
 * $XDG_CONFIG_HOME/git-disclose extends it (an agent of the same name
 * gains models and identities).
 */
#ifndef DISCLOSE_CATALOGUE_H
#define DISCLOSE_CATALOGUE_H

#include <stdbool.h>
#include <stddef.h>

enum model_from_name {
	MODEL_FROM_NONE,	/* the vendor name carries no model */
	MODEL_FROM_SLUG,	/* "Claude Opus 4.5" -> "claude-opus-4-5" */
	MODEL_FROM_LOWER,	/* "Gemini 2.5 Pro" -> "gemini-2.5-pro" */
	MODEL_FROM_PARENS,	/* "aider (gpt-4o)" -> "gpt-4o" */
};

struct cat_model {
	char *id;
	char **names;		/* display names, NULL-terminated */
};

struct cat_agent {
	char *name;		/* canonical AGENT_NAME */
	char *description;
	char **aliases;
	char **families;	/* model id prefixes: "claude-" */
	char **hosted;		/* others' families it can run (Copilot) */
	enum model_from_name model_from;
	char **emails;		/* vendor identities, exact (case-folded) */
	char **email_suffixes;
	char **names;		/* identity names, exact (case-folded) */
	char **name_suffixes;	/* "(aider)" appended to a human's name */
	struct cat_model *models;
	size_t nr_models;
	char *origin;		/* file that defined it first */
};

/* A trailer a tool adds instead of a disclosure, e.g. Made-with: Cursor. */
struct cat_vendor_trailer {
	char *key;
	char *value;		/* NULL: any value */
	char *agent;
};

struct cat_footer {
	char *prefix;		/* body line prefix */
	char *agent;		/* NULL: an AI, which one not said */
};

struct cat_tool {
	char *name;
	char *description;	/* analysis tools */
	char *why;		/* basic tools: what kind of tool it is */
	char **programs;	/* executables that show it is installed */
	char **aliases;
	bool basic;
};

struct catalogue {
	struct cat_agent *agents;
	size_t nr_agents;
	struct cat_vendor_trailer *vendor_trailers;
	size_t nr_vendor_trailers;
	struct cat_footer *footers;
	size_t nr_footers;
	struct cat_tool *tools;	/* analysis and basic */
	size_t nr_tools;
};

/*
 * The built-in catalogue plus every *.json in the user's configuration
 * directory ($XDG_CONFIG_HOME/git-disclose, else ~/.config/git-disclose),
 * in name order. An unreadable or broken file is an error naming it.
 */
int catalogue_load(struct catalogue **out);
/* Only the built-in catalogue (never fails on a correct build). */
int catalogue_load_builtin(struct catalogue **out);
/* Add the definitions of one JSON text; origin names it in errors. */
int catalogue_add_json(struct catalogue *c, const char *text, size_t len,
		       const char *origin);
void catalogue_free(struct catalogue *c);

/* Agent by canonical name or alias, case-insensitive. */
const struct cat_agent *catalogue_agent(const struct catalogue *c,
					const char *name);
/*
 * The agent a model id belongs to: a known model first, then the model
 * families. prefer breaks ties ("gpt-" is Codex, or Copilot by context).
 */
const struct cat_agent *catalogue_agent_for_model(const struct catalogue *c,
						  const char *model,
						  const struct cat_agent *prefer);
/* A known model id of agent matching id or display name; NULL if none. */
const struct cat_model *catalogue_model(const struct cat_agent *a,
					const char *id_or_name);
/*
 * The agent whose vendor identity this is (name and/or e-mail; either may
 * be NULL). When the name carries the model ("Claude Opus 4.5",
 * "aider (gpt-4o)"), *model gets it (the caller frees); else NULL.
 */
const struct cat_agent *catalogue_identity(const struct catalogue *c,
					   const char *name, const char *email,
					   char **model);
/*
 * Add name as a basic development tool (why: where it is called one),
 * unless the catalogue knows a tool of that name already.
 */
void catalogue_add_basic(struct catalogue *c, const char *name,
			 const char *why);
/* Analysis or basic tool by name, program or alias, case-insensitive. */
const struct cat_tool *catalogue_tool(const struct catalogue *c,
				      const char *name);

/*
 * The agent whose own model family (or known model) this id is, never
 * one that only hosts it: "gpt-5" is Codex's, whoever runs it.
 */
const struct cat_agent *catalogue_family_agent(const struct catalogue *c,
					       const char *model);
/* Is model known to run under agent a: its own model or family, a hosted
 * family, or any model for an agent without families of its own. */
bool catalogue_agent_runs(const struct cat_agent *a, const char *model);
/*
 * The model id that text names for agent a (NULL: infer the agent from
 * the text): a known id or display name, or a display name of the
 * agent's family newer than the catalogue ("Claude Opus 4.8" ->
 * "claude-opus-4-8", "Gemini 1.5 Pro" -> "gemini-1.5-pro"). Notes in
 * parentheses and addresses are left out. NULL when no model can be
 * told: a person's name, a vendor note, a placeholder, bytes that are
 * not plain ASCII. The caller frees.
 */
char *catalogue_model_id(const struct catalogue *c, const struct cat_agent *a,
			 const char *text);
/* A misspelt word of a model id of a's family corrected
 * ("claude-opsu-4-5" -> "claude-opus-4-5"); NULL if none. Caller frees. */
char *catalogue_suggest_model(const struct catalogue *c,
			      const struct cat_agent *a, const char *model);
/* The agent an unknown name is a misspelling of ("Cladue"), or NULL. */
const struct cat_agent *catalogue_suggest_agent(const struct catalogue *c,
						const char *name);
/* Is word one of the words model ids of a's family are made of? */
bool catalogue_model_word(const struct cat_agent *a, const char *word,
			  size_t len);

/* "Claude Opus 4.5" -> "claude-opus-4-5": lower case, runs of blanks
 * become '-', and dots too unless keep_dots. The caller frees. */
char *model_slug(const char *display, bool keep_dots);

/* The whole catalogue as one JSON object; installed (may be NULL) tells
 * whether an analysis tool is on this machine. The caller frees. */
char *catalogue_to_json(const struct catalogue *c,
			bool (*installed)(const struct cat_tool *t));

#endif
