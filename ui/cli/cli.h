/* What the command-line commands share: dispatch, usage errors, answers. */
#ifndef DISCLOSE_CLI_H
#define DISCLOSE_CLI_H

#include <getopt.h>
#include <stdbool.h>

#include "answers.h"

#define EXIT_POLICY 1		/* policy errors found, failure verdict */
#define EXIT_USAGE 2		/* usage or environment error */
#define CLI_HELP (-1)		/* option parsers: --help was printed */

/* Each command: argv[0] is its name. Returns the exit status. */
int cmd_trailer(int argc, char **argv);
int cmd_commit(int argc, char **argv);
int cmd_amend(int argc, char **argv);
int cmd_catalogue(int argc, char **argv);
int cmd_editor(int argc, char **argv);
/* Commands built in files of their own; weak so main links without them. */
int cmd_check(int argc, char **argv) __attribute__((weak));
int cmd_fix(int argc, char **argv) __attribute__((weak));
int cmd_hook(int argc, char **argv) __attribute__((weak));
int cmd_boot(int argc, char **argv) __attribute__((weak));
int cmd_cover(int argc, char **argv) __attribute__((weak));
int cmd_config(int argc, char **argv) __attribute__((weak));
int cmd_report(int argc, char **argv) __attribute__((weak));
int cmd_tui(int argc, char **argv) __attribute__((weak));

/* The terminal view of report (ui/tui), set by ui/main.c when built;
 * it shows h, whose commits are in r. Returns 0 or negative. */
struct history;
struct repo;
extern int (*cli_report_view)(struct history *h, struct repo *r);

/* Print "git disclose CMD: <message>" and the usage; returns EXIT_USAGE. */
int cli_usage_error(const char *usage, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Print "git disclose: <error_last()>" on stderr; returns status. */
int cli_fail(int status);
/* Report a getopt_long failure (unknown option, missing value). */
int cli_bad_option(const char *usage, const char *cmd, char **argv,
		   int optopt_seen);

/*
 * The answer options every writing command takes; ANSWER_OPTIONS goes
 * into a struct option table, cli_answer_option() handles one of them
 * (returns 1 when it was one, 0 when not, negative on a bad value).
 */
enum {
	OPT_AGENT = 1000, OPT_MODEL, OPT_TOOL, OPT_NO_TOOL, OPT_POLICY,
	OPT_NO_SIGNOFF, OPT_REMEMBERED, OPT_CLI_LAST
};
#define ANSWER_OPTIONS \
	{ "agent", required_argument, NULL, OPT_AGENT }, \
	{ "model", required_argument, NULL, OPT_MODEL }, \
	{ "tool", required_argument, NULL, OPT_TOOL }, \
	{ "no-tool", no_argument, NULL, OPT_NO_TOOL }, \
	{ "remembered", no_argument, NULL, OPT_REMEMBERED }, \
	{ "policy", required_argument, NULL, OPT_POLICY }, \
	{ "no-signoff", no_argument, NULL, OPT_NO_SIGNOFF }
#define ANSWER_USAGE \
	"  --agent NAME       the AI agent (AGENT_NAME), e.g. Claude\n" \
	"  --model VERSION    the model (MODEL_VERSION), e.g. claude-opus-4-5\n" \
	"                     (another spelling or a display name is written as\n" \
	"                     the id check asks for, and said so)\n" \
	"  --tool TOOL        a specialized analysis tool used (repeatable)\n" \
	"  --no-tool          no analysis tools\n" \
	"  --remembered       use the answers a write remembered in git config\n" \
	"                     (disclose.agent, disclose.model, disclose.tools)\n" \
	"                     where no option gives them; never without it\n" \
	"  --policy P         kernel (AGENT:MODEL), kernel-llm (LLM) or your pack;\n" \
	"                     default: what the tree's coding-assistants.rst asks\n" \
	"  --no-signoff       do not add your Signed-off-by:\n"

int cli_answer_option(struct answers *a, int opt, const char *arg);

/*
 * Everything a writing command needs, resolved from the answers: the
 * repository (NULL outside one when allowed), the catalogue, the
 * Assisted-by value and the human.
 */
struct cli_ctx {
	struct repo *repo;
	struct catalogue *cat;
	struct assisted *assisted;
	enum policy_form form;
	char *policy;		/* to remember; NULL: the tree chose it */
	struct ident human;
	bool have_human;
};

int cli_ctx_init(struct cli_ctx *ctx, struct answers *a, bool need_repo);
void cli_ctx_release(struct cli_ctx *ctx);
/*
 * --only: the commits the answers are for. Each of the *nr names is a
 * commit or a range (A..B); *only becomes their full ids, NULL-terminated.
 */
int cli_resolve_only(char ***only, size_t *nr, struct repo *r);
/* What the hints that suggest --only say of the other commits. */
#define ONLY_KEEPS " (the other commits of the range are then left as they are)"
/*
 * An identity from two of git's environment variables (GIT_AUTHOR_NAME
 * and GIT_AUTHOR_EMAIL), when both are set.
 */
bool cli_env_ident(struct ident *out, const char *name, const char *email);
/* Save the answers in the repository config (a warning on failure). */
void cli_remember(struct cli_ctx *ctx);
/* The lines of notes ("note: ..."), on stderr, after "commit ID: " when
 * id is given; notes is emptied. */
void cli_print_notes(struct buf *notes, const char *id);
/* Say on stderr that --model typed is written as the id written. */
void cli_note_model(const char *typed, const char *written);

/*
 * What one message gets, by the rule amend and commit share: the facts
 * of the human's own part first; the answer only for a message without
 * them; another person's disclosure is never answered for the human.
 */
enum cli_plan {
	CLI_PLAN_OWN,		/* its own facts (the answer may give a
				 * model they lack) */
	CLI_PLAN_ANSWER,	/* no facts of its own: the answer */
	CLI_PLAN_OTHERS,	/* another person's disclosure only: none */
	CLI_PLAN_SIGNOFF,	/* no facts, no answer: the sign-off alone */
	CLI_PLAN_DISAGREE,	/* the answer typed contradicts its facts */
};
struct lint_facts;
struct message;
/*
 * Read the facts of m into f (released by the caller) and decide *out
 * (NULL: no Assisted-by) and *plan. id names the commit for --only in
 * the error messages (NULL: a new commit's message). Fails, naming the
 * option to pass, when the facts do not tell the agent or the model.
 */
int cli_plan_message(struct assisted **out, enum cli_plan *plan,
		     struct commit_facts *f, const struct message *m,
		     const struct lint_facts *lf, const struct cli_ctx *ctx,
		     const struct answers *a, const char *id);
/* "Claude:claude-opus-4-5 (from <line>)": what f says, to name it. */
void cli_facts_name(struct buf *out, const struct commit_facts *f);
/*
 * The message text (len bytes) with the human's part given as (NULL:
 * none) and the sign-off, and the AI traces converted, in one pass of
 * fix (fix.h, place); what was left to others is said on stderr after
 * "commit ID: " when id is given, unless quiet (a second pass).
 */
int cli_write_message(struct buf *out, const struct cli_ctx *ctx,
		      const char *text, size_t len,
		      const struct lint_facts *lf, char comment_char,
		      const struct assisted *as, const char *id, bool quiet);

#endif
