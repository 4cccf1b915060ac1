/*
 * git disclose config: the settings git-disclose reads, where each comes
 * from, and the user's trailer.* settings that would make git reorder or
 * duplicate the trailers it writes.
 *
 * The values come from git itself (git config --show-scope --show-origin
 * -z --get-regexp), so what is shown is exactly what git sees, includes
 * and -c options and all.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assisted.h"
#include "b4.h"
#include "catalogue.h"
#include "cli.h"
#include "policy.h"
#include "repo.h"
#include "sanitize.h"
#include "run.h"
#include "util.h"

static const char config_usage[] =
	"usage: git disclose config [--check]\n"
	"\n"
	"Shows the settings git disclose uses (disclose.agent, disclose.model,\n"
	"disclose.tools, disclose.policy, user.name, user.email,\n"
	"core.commentChar) with the file each value comes from, the catalogue\n"
	"files of $XDG_CONFIG_HOME/git-disclose/, and every trailer.* setting\n"
	"that would make git commit --trailer or git interpret-trailers\n"
	"reorder or duplicate Assisted-by: and Signed-off-by:, with the reason.\n"
	"It also shows the policy the commands use and where it comes from:\n"
	"--policy, disclose.policy, or the tree's own\n"
	"Documentation/process/coding-assistants.rst at the series base.\n"
	"\n"
	"  --check            exit 1 when a problem is found (default: 0)\n";

#define CONFIG_REGEX \
	"^(disclose\\.|user\\.(name|email)$|core\\.commentchar$|trailer\\.)"

struct entry {
	char *scope;		/* local, global, system, worktree, command */
	char *origin;		/* file:PATH, command line:, blob:... */
	char *key;		/* section and name lower case */
	char *value;		/* NULL: a key without '=' (boolean true) */
};

struct entries {
	struct entry *items;
	size_t nr;
};

static const char *const shown[] = {
	"disclose.agent", "disclose.model", "disclose.tools",
	"disclose.policy", "user.name", "user.email", "core.commentchar",
};

/* The records of git config -z: scope NUL origin NUL key LF value NUL. */
static void parse_entries(struct entries *out, const char *s, size_t len)
{
	const char *end = s + len;

	while (s < end) {
		const char *f[3];
		struct entry *e;
		const char *lf;

		for (int i = 0; i < 3; i++) {
			f[i] = s;
			s = memchr(s, '\0', (size_t)(end - s));
			if (!s)
				return;
			s++;
		}
		out->items = xrealloc(out->items,
				      (out->nr + 1) * sizeof(*out->items));
		e = &out->items[out->nr++];
		e->scope = xstrdup(f[0]);
		/* values and file names go to the terminal: keep them inert */
		e->origin = sanitize_dup(f[1], strlen(f[1]));
		lf = strchr(f[2], '\n');
		e->key = lf ? xstrndup(f[2], (size_t)(lf - f[2])) :
			      xstrdup(f[2]);
		e->value = lf ? sanitize_dup(lf + 1, strlen(lf + 1)) : NULL;
	}
}

static void entries_release(struct entries *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		free(l->items[i].scope);
		free(l->items[i].origin);
		free(l->items[i].key);
		free(l->items[i].value);
	}
	free(l->items);
}

static int read_config(struct entries *out)
{
	const char *argv[] = {
		"git", "config", "--show-scope", "--show-origin", "-z",
		"--get-regexp", CONFIG_REGEX, NULL
	};
	struct run_opts opts = RUN_OPTS_INIT;
	struct run_result res;
	struct buf b = BUF_INIT;

	memset(out, 0, sizeof(*out));
	if (run_capture(&res, &b, argv, &opts) < 0)
		return error_set("cannot run git config: is git installed?");
	/* 1: nothing matched */
	if (res.status > 1) {
		buf_release(&b);
		return error_set("git config failed (exit %d): fix the configuration file it names",
				 res.status);
	}
	parse_entries(out, b.ptr ? b.ptr : "", b.len);
	buf_release(&b);
	return 0;
}

/* The effective (last) entry for key, or NULL. */
static const struct entry *last(const struct entries *l, const char *key)
{
	const struct entry *e = NULL;

	for (size_t i = 0; i < l->nr; i++)
		if (str_ieq(l->items[i].key, key))
			e = &l->items[i];
	return e;
}

static const char *display_key(const char *key)
{
	return !strcmp(key, "core.commentchar") ? "core.commentChar" : key;
}

static const char *default_of(const char *key)
{
	if (!strcmp(key, "disclose.policy"))
		return "(unset: the tree's documents decide, else kernel)";
	if (!strcmp(key, "core.commentchar"))
		return "(unset: #)";
	if (!strcmp(key, "disclose.tools"))
		return "(unset: none)";
	return "(unset)";
}

static void print_settings(const struct entries *l)
{
	printf("settings (the last value wins; from git config --show-origin --get-all KEY):\n");
	for (size_t k = 0; k < sizeof(shown) / sizeof(shown[0]); k++) {
		const struct entry *eff = last(l, shown[k]);

		if (!eff) {
			printf("  %-17s %s\n", display_key(shown[k]),
			       default_of(shown[k]));
			continue;
		}
		for (size_t i = 0; i < l->nr; i++) {
			const struct entry *e = &l->items[i];

			if (strcmp(e->key, shown[k]))
				continue;
			printf("  %-17s %-24s %s %s%s\n",
			       e == eff ? display_key(shown[k]) : "",
			       e->value ? e->value : "(true)", e->scope,
			       e->origin, e == eff ? "" : " (overridden)");
		}
	}
}

static void print_catalogue_files(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	struct buf pattern = BUF_INIT;
	glob_t g;

	if (xdg && *xdg)
		buf_addf(&pattern, "%s/git-disclose/*.json", xdg);
	else
		buf_addf(&pattern, "%s/.config/git-disclose/*.json",
			 home ? home : "");
	printf("\ncatalogue and policy files (%s):\n", pattern.ptr);
	if (glob(pattern.ptr, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			printf("  %s\n", g.gl_pathv[i]);
		globfree(&g);
	} else {
		printf("  none (the built-in catalogue only)\n");
	}
	buf_release(&pattern);
}

/*
 * The range commands use when none is given, and where it comes from
 * (b4's series on a b4 prep branch). Nothing outside a repository.
 */
static void print_default_range(struct repo *r)
{
	struct buf note = BUF_INIT, b = BUF_INIT;
	char *def = NULL;
	int b4;

	if (!r)
		return;
	printf("\ndefault range (when a command is given none):\n");
	if (repo_default_range(&def, r) < 0 ||
	    (b4 = b4_range_note(&note, r)) < 0) {
		buf_addf(&b, "  none: %s\n", error_last());
		error_clear();
	} else if (b4) {
		buf_addf(&b, "  %s\n  %s\n", def, note.ptr);
	} else {
		buf_addf(&b, "  %s\n  from %s\n", def, strcmp(def, "HEAD") ?
			 "the branch's upstream" :
			 "HEAD alone (no upstream, no b4 prep series)");
	}
	sanitize_write_lines(stdout, b.ptr, b.len);
	free(def);
	buf_release(&note);
	buf_release(&b);
}

/* How to undo a setting where it was made. */
static void add_undo(struct buf *b, const struct entry *e)
{
	const char *opt = "";

	if (!strcmp(e->scope, "command")) {
		buf_addf(b, "drop -c %s from the command line",
			 display_key(e->key));
		return;
	}
	if (!strcmp(e->scope, "global"))
		opt = " --global";
	else if (!strcmp(e->scope, "system"))
		opt = " --system";
	else if (!strcmp(e->scope, "worktree"))
		opt = " --worktree";
	buf_addf(b, "git config%s --unset-all %s", opt, display_key(e->key));
}

struct report {
	size_t nr;
};

static const char *checkpatch_says(enum checkpatch_assisted c)
{
	switch (c) {
	case CHECKPATCH_ABSENT:
		return "none";
	case CHECKPATCH_NO_TAG:
		return "does not know Assisted-by:";
	case CHECKPATCH_COLON:
		return "accepts Assisted-by: AGENT_NAME:MODEL_VERSION only (warns BAD_SIGN_OFF on 'LLM ...')";
	case CHECKPATCH_ANY:
		return "accepts Assisted-by: without the AGENT:MODEL check";
	}
	return "?";
}

static void print_tools(const char *what, char **tools)
{
	if (!tools)
		return;
	printf("    %s:", what);
	for (char **t = tools; *t; t++)
		printf("%s %s", t == tools ? "" : ",", *t);
	printf("\n");
}

static void print_tree(const struct policy_choice *pc)
{
	const struct tree_docs *t = &pc->tree;

	if (!pc->have_tree) {
		printf("  tree:      no commit to read its documents from\n");
		return;
	}
	printf("  tree:      commit %s (the series base)\n", t->commit);
	if (t->has_document)
		printf("    %s: asks for '%s'\n", POLICY_DOC, t->form_line);
	else
		printf("    %s: none\n", POLICY_DOC);
	print_tools("basic tools it names (never listed)", t->basic_tools);
	print_tools("analysis tools it names", t->analysis_tools);
	printf("    bug-fix procedure: %s\n", t->bugfix_procedure ?
	       "yes (\"Procedure for finding and fixing bugs\")" : "no");
	printf("    %s: %s\n", GENERATED_DOC,
	       t->generated_content ? "yes" : "none");
	printf("    %s: %s\n", CHECKPATCH_PL, checkpatch_says(t->checkpatch));
}

/* The policy the commands use, where it came from, what the tree says. */
static void print_policy(const struct policy_choice *pc)
{
	const struct policy *p = &pc->policy;

	printf("\npolicy: %s (%s)\n", p->name, p->title ? p->title : "");
	printf("  from:      %s\n", pc->source);
	printf("  pack:      %s\n", p->origin ? p->origin : "");
	if (p->follows)
		printf("  follows:   %s\n", p->follows);
	if (p->rule)
		printf("  rule:      %s\n", p->rule);
	for (size_t i = 0; p->rules && p->rules[i]; i++)
		printf("  - %s\n    (%s)\n", p->rules[i], p->rule_sources[i]);
	if (p->url)
		printf("  read at:   %s\n", p->url);
	print_tree(pc);
	printf("  checklist:");
	for (size_t i = 0; i < p->nr_items; i++)
		printf(" %s", p->items[i].id);
	printf("\n");
}

static void problem(struct report *rep, const struct entry *e,
		    const char *why)
{
	struct buf undo = BUF_INIT;

	if (!rep->nr++)
		printf("\nproblems (git disclose commit, amend and fix place trailers themselves;\n"
		       "trailer.* settings act on git commit --trailer, which --format=args\n"
		       "feeds, on git interpret-trailers and on the tools built on them):\n");
	if (e) {
		add_undo(&undo, e);
		printf("  %s=%s (%s %s)\n    %s\n    to undo: %s\n",
		       display_key(e->key), e->value ? e->value : "true",
		       e->scope, e->origin, why, undo.ptr);
	} else {
		printf("  %s\n", why);
	}
	buf_release(&undo);
}

/* Is this trailer key Signed-off-by or Assisted-by (separator allowed)? */
static const char *watched_key(const char *key)
{
	size_t n = strlen(key);

	while (n && (key[n - 1] == ':' || key[n - 1] == ' '))
		n--;
	if (mem_ieq(key, n, "Signed-off-by", 13))
		return "Signed-off-by";
	if (mem_ieq(key, n, ASSISTED_KEY, strlen(ASSISTED_KEY)))
		return ASSISTED_KEY;
	return NULL;
}

/* "trailer.<token>.<name>": token into tok (caller frees), name back. */
static const char *split_trailer_key(char **tok, const char *key)
{
	const char *dot;

	*tok = NULL;
	if (strncmp(key, "trailer.", 8))
		return NULL;
	dot = strrchr(key + 8, '.');
	if (!dot)
		return key + 8;		/* trailer.where and friends */
	*tok = xstrndup(key + 8, (size_t)(dot - key - 8));
	return dot + 1;
}

/* The key a token stands for: trailer.<token>.key, else the token. */
static const char *token_key(const struct entries *l, const char *tok)
{
	struct buf k = BUF_INIT;
	const struct entry *e;

	buf_addf(&k, "trailer.%s.key", tok);
	e = last(l, k.ptr);
	buf_release(&k);
	return e && e->value ? e->value : tok;
}

/* The placement settings; what names the trailers they apply to. */
static void check_placement(struct report *rep, const struct entry *e,
			    const char *name, const char *what)
{
	const char *v = e->value ? e->value : "";
	struct buf why = BUF_INIT;

	if (!strcmp(name, "where") && !str_ieq(v, "end"))
		buf_addf(&why, "git commit --trailer and git interpret-trailers put new %s trailers %s, not at the end of the block, so your Signed-off-by: would not be the last line and Assisted-by: would not stand right before it",
			 what, str_ieq(v, "start") ? "at the start of the block" :
			 str_ieq(v, "after") ? "after the last trailer of the same key" :
			 "before the first trailer of the same key");
	else if (!strcmp(name, "ifexists") && str_ieq(v, "add"))
		buf_addf(&why, "a new %s trailer is added even when the same one is already there: a duplicate signature, which checkpatch warns about",
			 what);
	else if (!strcmp(name, "ifexists") && str_ieq(v, "replace"))
		buf_addf(&why, "a new %s trailer replaces the one already there: another person's Signed-off-by: in the chain would be deleted",
			 what);
	else if (!strcmp(name, "ifexists") && str_ieq(v, "doNothing"))
		buf_addf(&why, "a new %s trailer is dropped when one with that key exists: a stale Assisted-by: would stay and your Signed-off-by: would not be added after another person's",
			 what);
	else if (!strcmp(name, "ifmissing") && str_ieq(v, "doNothing"))
		buf_addf(&why, "a new %s trailer is not added when the message has none: the disclosure or your Signed-off-by: would silently be missing",
			 what);
	else if (!strcmp(name, "command") || !strcmp(name, "cmd"))
		buf_addf(&why, "git runs this command whenever trailers are added and uses its output as a %s value: it can add or change those lines behind git disclose's back",
			 what);
	if (why.len)
		problem(rep, e, why.ptr);
	buf_release(&why);
}

static void check_trailer_entry(struct report *rep, const struct entries *l,
				const struct entry *e)
{
	char *tok;
	const char *name = split_trailer_key(&tok, e->key), *key;
	struct buf what = BUF_INIT;

	if (!name)
		return;
	if (!tok) {
		if (!strcmp(name, "separators") && e->value &&
		    strspn(e->value, ":") != strlen(e->value)) {
			problem(rep, e, "git then also takes lines such as 'Key= value' for trailers, so it finds a different trailer block than the kernel's tools and git disclose, which use ':' only");
			return;
		}
		check_placement(rep, e, name, "Assisted-by: and Signed-off-by:");
		return;
	}
	key = watched_key(token_key(l, tok));
	if (key && !strcmp(name, "key") && e->value &&
	    strncmp(e->value, key, strlen(key))) {
		buf_addf(&what, "git writes the key as '%s' in --trailer %s=..., but checkpatch wants '%s:'",
			 e->value, tok, key);
		problem(rep, e, what.ptr);
	} else if (key) {
		buf_addf(&what, "%s:", key);
		check_placement(rep, e, name, what.ptr);
	}
	buf_release(&what);
	free(tok);
}

static void check_policy(struct report *rep, const struct entries *l,
			 const struct policy_choice *pc, const char *err)
{
	const struct entry *e = last(l, "disclose.policy");
	char *why;

	if (err) {
		problem(rep, e, err);
		return;
	}
	why = policy_checkpatch_warning(pc);
	if (why)
		problem(rep, NULL, why);
	free(why);
}

static void check_answers(struct report *rep, const struct entries *l)
{
	const struct entry *e;
	struct catalogue *cat = NULL;
	struct buf why = BUF_INIT;

	if (catalogue_load(&cat) < 0) {
		buf_addf(&why, "the catalogue does not load: %s", error_last());
		problem(rep, NULL, why.ptr);
		buf_reset(&why);
	}
	e = last(l, "disclose.agent");
	if (e && assisted_check_agent(e->value ? e->value : "") < 0)
		problem(rep, e, error_last());
	e = last(l, "disclose.model");
	if (e && assisted_check_model(e->value ? e->value : "") < 0)
		problem(rep, e, error_last());
	e = last(l, "disclose.tools");
	if (e && e->value && cat) {
		char *copy = xstrdup(e->value), *save = NULL;

		for (char *t = strtok_r(copy, " \t", &save); t;
		     t = strtok_r(NULL, " \t", &save))
			if (assisted_check_tool(cat, t) < 0)
				problem(rep, e, error_last());
		free(copy);
	}
	for (size_t i = 0; i < l->nr; i++) {
		const struct entry *x = &l->items[i];
		bool known = false;

		if (strncmp(x->key, "disclose.", 9))
			continue;
		for (size_t k = 0; k < 4; k++)
			known |= !strcmp(x->key, shown[k]);
		/* the hooks' modes (git lowercases the keys it lists) */
		known |= !strcmp(x->key, "disclose.hook") ||
			 !strcmp(x->key, "disclose.amhook");
		if (!known)
			problem(rep, x, "git disclose has no such setting: the keys are disclose.agent, disclose.model, disclose.tools, disclose.policy, disclose.hook and disclose.amHook");
	}
	catalogue_free(cat);
	buf_release(&why);
}

static void check_identity(struct report *rep, const struct entries *l)
{
	const struct entry *e = last(l, "core.commentchar");

	if (!last(l, "user.name"))
		problem(rep, NULL, "user.name is not set, so your Signed-off-by: cannot be written: git config --global user.name \"Your Name\"");
	if (!last(l, "user.email"))
		problem(rep, NULL, "user.email is not set, so your Signed-off-by: cannot be written: git config --global user.email you@example.org");
	if (e && e->value && strlen(e->value) == 1 &&
	    (git_isalnum(e->value[0]) || e->value[0] == '-'))
		problem(rep, e, "git commit drops the lines that begin with the comment character, and trailer lines begin with letters: Signed-off-by: or Assisted-by: lines could vanish from the message");
}

int cmd_config(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct report rep = { 0 };
	struct policy_choice pc;
	struct entries l;
	struct repo *r = NULL;
	char *policy_err = NULL;
	bool check = false;
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (opt == 'c') {
			check = true;
		} else if (opt == 'h') {
			fputs(config_usage, stdout);
			return 0;
		} else {
			return cli_bad_option(config_usage, "config", argv, opt);
		}
	}
	if (optind < argc)
		return cli_usage_error(config_usage, "config",
				       "unexpected argument '%s': use git config to change a setting",
				       argv[optind]);
	if (read_config(&l) < 0)
		return cli_fail(EXIT_USAGE);
	print_settings(&l);
	print_catalogue_files();
	/* a repository that cannot be opened is said, not taken for none */
	if (repo_open_optional(&r, NULL) < 0)
		policy_err = xstrdup(error_last());
	else if (policy_resolve(&pc, NULL, r, NULL) == 0)
		print_policy(&pc);
	else
		policy_err = xstrdup(error_last());
	print_default_range(r);
	check_identity(&rep, &l);
	check_answers(&rep, &l);
	check_policy(&rep, &l, &pc, policy_err);
	for (size_t i = 0; i < l.nr; i++) {
		const struct entry *e = &l.items[i];

		/* only the value that wins can reorder anything */
		if (!strncmp(e->key, "trailer.", 8) && last(&l, e->key) == e)
			check_trailer_entry(&rep, &l, e);
	}
	if (!rep.nr)
		printf("\nno problems: git's trailer settings leave Assisted-by: and Signed-off-by: where git disclose puts them\n");
	entries_release(&l);
	policy_choice_release(&pc);
	free(policy_err);
	repo_free(r);
	return check && rep.nr ? EXIT_POLICY : 0;
}
