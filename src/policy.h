/*
 * Policy packs: which Assisted-by form a policy writes and the items of
 * its certification checklist. The packs are JSON, not C: the built-in
 * src/data/policy.json, extended by $XDG_CONFIG_HOME/git-disclose/
 * *policy*.json (a pack of the same name gets its items replaced by id
 * or appended).
 */
#ifndef DISCLOSE_POLICY_H
#define DISCLOSE_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "assisted.h"
#include "repo.h"

/* Where an automatic item gets its answer, or what a human item shows. */
enum item_source {
	SOURCE_NONE,
	SOURCE_REVIEW,		/* every commit reviewed in the UI */
	SOURCE_SPDX,		/* the checker's SPDX findings */
	SOURCE_DCO,		/* shows the DCO text */
	SOURCE_AI_SIGNOFF,	/* the checker's AI sign-off findings */
	SOURCE_BOOT,		/* the boot verdict of the series */
	/* the bug-fix procedure, for the commits that are bug fixes */
	SOURCE_FIXES,		/* their Fixes: tags name real commits */
	SOURCE_CHECKPATCH,	/* the tree's checkpatch is clean */
	SOURCE_WARNINGS,	/* the last boot found no new warnings */
	SOURCE_MAINTAINERS,	/* get_maintainer.pl names the recipients */
	SOURCE_STATEMENT,	/* human: the "could not be tested" words
				 * must be in a changelog or the cover */
};

/* What the tree's documents must hold for an item to apply. */
enum item_when {
	WHEN_ALWAYS,
	WHEN_BUGFIX_PROCEDURE,	/* the document has the procedure */
	WHEN_GENERATED_CONTENT,	/* the tree has generated-content.rst */
};

struct policy_item {
	char *id;
	bool automatic;		/* "auto": answered by the tool, else "human" */
	enum item_source source;
	bool optional;		/* shown, but does not block completion */
	enum item_when when;	/* "when": "bugfix-procedure", ... */
	char *text;
};

struct policy {
	char *name;
	enum policy_form form;
	char *title;
	char *document;
	char *follows;		/* the document text the pack follows */
	char *rule;		/* the project's rule, in short */
	char **rules;		/* each rule the pack follows ... */
	char **rule_sources;	/* ... and where it was read, one each */
	char *url;		/* where the rule was read */
	char **detect_paths;	/* a tree with one of these files ... */
	char *detect_phrase;	/* ... holding this phrase is the pack's */
	bool declines_ai;	/* "ai": "declined": any AI signal errs */
	char *reason;		/* the project's reasoning, in short */
	struct policy_item *items;
	size_t nr_items;
	char *origin;		/* the file that defined it first */
};

struct policy_set {
	struct policy *policies;
	size_t nr;
};

/* The built-in packs plus the user's *policy*.json files, in name order. */
int policy_load(struct policy_set **out);
int policy_load_builtin(struct policy_set **out);
/* Add the packs of one JSON text; origin names it in errors. */
int policy_add_json(struct policy_set *s, const char *text, size_t len,
		    const char *origin);
void policy_set_free(struct policy_set *s);

const struct policy *policy_find(const struct policy_set *s,
				 const char *name);
const char *item_source_name(enum item_source s);
const char *item_when_name(enum item_when w);

/* What a kernel tree's own documents say, read at the series base. */
enum checkpatch_assisted {
	CHECKPATCH_ABSENT,	/* no scripts/checkpatch.pl */
	CHECKPATCH_NO_TAG,	/* it does not know Assisted-by: */
	CHECKPATCH_COLON,	/* it wants AGENT:MODEL and warns on LLM */
	CHECKPATCH_ANY,		/* it knows the tag, no colon check */
};

#define POLICY_DOC "Documentation/process/coding-assistants.rst"
/* The session's mark (assistant, f): every commit fixes a bug. */
#define POLICY_BUGFIX_MARK "bugfix-series"
/* ... and one commit's (f on the series screen): this, then its change */
#define POLICY_BUGFIX_COMMIT "bugfix:"
#define GENERATED_DOC "Documentation/process/generated-content.rst"
#define CHECKPATCH_PL "scripts/checkpatch.pl"

struct tree_docs {
	char commit[OID_HEX + 1];	/* the commit read; "" for none */
	bool kernel_tree;		/* checkpatch.pl or the document */
	bool has_document;		/* POLICY_DOC is there */
	enum policy_form form;		/* the form it asks for */
	char *form_line;		/* the line that says so */
	bool bugfix_procedure;		/* "Procedure for finding and fixing bugs" */
	bool generated_content;		/* GENERATED_DOC is there */
	enum checkpatch_assisted checkpatch;
	char **basic_tools;		/* "Basic development tools (...)" */
	char **analysis_tools;		/* "analysis tools used (e.g., ...)" */
	char *pack;			/* a pack detected by its document */
	char *pack_path;		/* that document */
};

/*
 * Read coding-assistants.rst by content: the Assisted-by: lines it shows
 * decide the form ("LLM ..." or "AGENT:MODEL ..."); a document with
 * neither, or with both, is an error saying so (a new wording must be
 * looked at, not guessed).
 */
int policy_read_document(struct tree_docs *t, const char *text, size_t len);
enum checkpatch_assisted policy_read_checkpatch(const char *text, size_t len);
void tree_docs_release(struct tree_docs *t);

enum policy_origin {
	POLICY_FROM_OPTION,	/* --policy */
	POLICY_FROM_CONFIG,	/* disclose.policy */
	POLICY_FROM_TREE,	/* the tree's coding-assistants.rst, or a
				 * pack's document (detect) */
	POLICY_FROM_DEFAULT,	/* no document: the project's default */
};

/* The policy a command uses, where it came from, and the tree's facts. */
struct policy_choice {
	struct policy policy;	/* a copy: only the items that apply */
	enum policy_origin origin;
	char *source;		/* one line: where the policy came from */
	struct tree_docs tree;
	bool have_tree;		/* a commit's documents were read */
};

/*
 * The one resolver every command uses: name (--policy), else
 * disclose.policy, else what the tree's coding-assistants.rst asks for
 * at the base of range (NULL: the default range), else "kernel". Names
 * are looked up among the built-in and the user's packs. r may be NULL
 * outside a repository.
 */
int policy_resolve(struct policy_choice *out, const char *name,
		   struct repo *r, const char *range);
void policy_choice_release(struct policy_choice *c);
/*
 * Whether the tree's file (path, its text) is the document of pack p:
 * path is one of p's paths and the text holds p's phrase, compared
 * ignoring case and runs of blanks.
 */
bool policy_detects(const struct policy *p, const char *path,
		    const char *text, size_t len);

/*
 * Under a pack that declines AI content a writer writes no Assisted-by:
 * line (the pack's own check would reject it): -1 with the error saying
 * so, else 0.
 */
int policy_refuse_declined(const struct policy *p);

struct lint_result;
/*
 * What the pack itself says about a commit's findings: under a pack
 * that declines AI content, any AI signal (an Assisted-by: line, vendor
 * trailers or footers, an AI identity) is an AI_CONTENT_DECLINED error
 * quoting the project's reasoning and naming its document.
 */
void policy_check_result(struct lint_result *res, const struct policy *p);

struct catalogue;
/*
 * The basic development tools the tree's document names, added to the
 * catalogue as basic (never listed) where it does not know them.
 */
void policy_extend_catalogue(struct catalogue *c,
			     const struct policy_choice *pc);

/*
 * The kernel-llm form ('Assisted-by: LLM ...') where the tree's checkpatch
 * at the series base still wants AGENT_NAME:MODEL_VERSION: the warning to
 * give before anything is written (the caller frees it), else NULL.
 */
char *policy_checkpatch_warning(const struct policy_choice *c);

/* Whether the pack has the bug-fix procedure's items (the tree's). */
bool policy_has_procedure(const struct policy *p);

/* Whether the item applies to a tree with these documents. */
bool policy_item_applies(const struct policy_item *it,
			 const struct tree_docs *t);

#endif
