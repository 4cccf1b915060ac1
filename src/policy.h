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

/* Where an automatic item gets its answer, or what a human item shows. */
enum item_source {
	SOURCE_NONE,
	SOURCE_REVIEW,		/* every commit reviewed in the UI */
	SOURCE_SPDX,		/* the checker's SPDX findings */
	SOURCE_DCO,		/* shows the DCO text */
	SOURCE_AI_SIGNOFF,	/* the checker's AI sign-off findings */
	SOURCE_BOOT,		/* the boot verdict of the series */
};

struct policy_item {
	char *id;
	bool automatic;		/* "auto": answered by the tool, else "human" */
	enum item_source source;
	bool optional;		/* shown, but does not block completion */
	char *text;
};

struct policy {
	char *name;
	enum policy_form form;
	char *title;
	char *document;
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

#endif
