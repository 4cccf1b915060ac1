/*
 * git disclose hook install | uninstall | run: a commit-msg hook that
 * checks each new commit message (and the files the index adds) against
 * the policy and rejects the commit when there are errors. The hook
 * directory is the one git uses (core.hooksPath respected). The hook is
 * ours only while it is byte for byte what we wrote: its last line
 * records a checksum of the rest; anything else is never touched.
 *
 * hook run FILE is what the hook runs: silent on success, like git's own
 * hooks; fixup!/squash!/amend! and merge commits are not held to the
 * sign-off rules; WIP commits follow disclose.hook (warn, the default:
 * reported and let through; strict: held like any other). When an AI
 * agent makes the commit (agent_env.h), a Signed-off-by it adds is
 * refused and its vendor trailers become Assisted-by: in FILE.
 *
 * With --am the hook is applypatch-msg: git am runs it on the message
 * of each patch it applies. hook run --am judges that message as a
 * maintainer would, with the mail's author and sender (git am gives the
 * hook neither: they are read from the mail git am split into its
 * rebase-apply directory). disclose.amHook warn (the default) reports
 * and lets the patch through; strict stops git am on errors.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent_env.h"
#include "catalogue.h"
#include "cli.h"
#include "fix.h"
#include "lint.h"
#include "mailcheck.h"
#include "message.h"
#include "place.h"
#include "policy.h"
#include "repo.h"
#include "report.h"
#include "run.h"
#include "spdx.h"
#include "util.h"

/* The checksum line that marks a hook as ours, unchanged. */
#define SUM_MARK "# git-disclose checksum: "

/* The two hooks: what git calls them, and what the script says. */
struct hook_kind {
	const char *name;	/* the file in the hooks directory */
	const char *mark;	/* its second line: ours, maybe edited */
	const char *run;	/* the arguments of hook run before "$1" */
	const char *what;	/* what it does, for its comment */
};

static const struct hook_kind commit_msg_hook = {
	"commit-msg", "# git-disclose commit-msg hook", "run",
	"# against the kernel's policy on AI coding assistants and\n"
	"# rejects the commit when there are errors.",
};

static const struct hook_kind am_hook = {
	"applypatch-msg", "# git-disclose applypatch-msg hook", "run --am",
	"# of each patch git am applies against the kernel's policy on\n"
	"# AI coding assistants (disclose.amHook strict: stops git am).",
};

static const char hook_usage[] =
	"usage: git disclose hook install [--am] | uninstall [--am]\n"
	"       git disclose hook run [--am] FILE\n"
	"\n"
	"  install     add a commit-msg hook that checks each commit message\n"
	"              and rejects commits with errors\n"
	"  uninstall   remove that hook (only ours, as installed; any other\n"
	"              or changed hook is left)\n"
	"  run FILE    what the hook runs on git's message file\n"
	"  --am        the applypatch-msg hook instead: git am runs it on\n"
	"              each patch it applies, judged as a maintainer would\n"
	"\n"
	"git config disclose.hook strict|warn: whether WIP commits are held to\n"
	"the policy (strict) or only warned about (warn, the default).\n"
	"git config disclose.amHook strict|warn: whether git am stops at a\n"
	"patch with errors (strict) or reports them (warn, the default).\n"
	"GIT_DISCLOSE_AGENT=none: a human commits inside an AI agent's terminal.\n";

/* Where git looks for hooks (core.hooksPath respected), absolute. */
static int hooks_dir(struct buf *out)
{
	const char *argv[] = { "git", "rev-parse", "--path-format=absolute",
			       "--git-path", "hooks", NULL };
	struct run_opts opts = RUN_OPTS_INIT;
	struct run_result res;

	if (run_capture(&res, out, argv, &opts) < 0)
		return error_set("cannot run git: is it installed and on PATH?");
	if (res.status != 0)
		return error_set("not in a git repository: run git disclose hook in the repository the hook is for");
	while (out->len && (out->ptr[out->len - 1] == '\n' ||
			    out->ptr[out->len - 1] == '\r'))
		out->ptr[--out->len] = '\0';
	if (!out->len)
		return error_set("git rev-parse --git-path hooks printed nothing: check the repository");
	return 0;
}

/* FNV-1a, 64 bits: enough to tell an edited hook from the one we wrote. */
static unsigned long long checksum(const char *s, size_t len)
{
	unsigned long long h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void self_path(struct buf *out)
{
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (n > 0) {
		path[n] = '\0';
		buf_adds(out, path);
	}
}

/* The hook opens the repository: where git disclose cannot (a SHA-256
 * repository, an extension libgit2 lacks), it would block every commit. */
static int hook_can_work(void)
{
	struct repo *r = NULL;

	if (repo_open(&r, NULL) < 0)
		return error_set("the hook cannot work in this repository, so it was not installed: %s",
				 error_last());
	repo_free(r);
	return 0;
}

/* The hook install writes: the script, then the checksum of the script. */
static void hook_script(struct buf *out, const struct hook_kind *k)
{
	const char *opt = k == &am_hook ? " --am" : "";
	struct buf self = BUF_INIT;

	self_path(&self);
	buf_addf(out, "#!/bin/sh\n%s\n", k->mark);
	buf_addf(out,
		 "# Installed by 'git disclose hook install%s'; remove it with\n"
		 "# 'git disclose hook uninstall%s'. It checks the message\n"
		 "%s Edit it and it is\n"
		 "# yours: git disclose no longer updates or removes it.\n",
		 opt, opt, k->what);
	buf_adds(out, "disclose=");
	shell_quote(out, self.len ? self.ptr : "git-disclose");
	buf_addf(out,
		 "\n"
		 "if [ ! -x \"$disclose\" ]; then\n"
		 "\tdisclose=$(command -v git-disclose) || {\n"
		 "\t\techo '%s: git-disclose is not installed: install it, or remove this hook with git disclose hook uninstall%s' >&2\n"
		 "\t\texit 1\n"
		 "\t}\n"
		 "fi\n"
		 "exec \"$disclose\" hook %s \"$1\"\n",
		 k->name, opt, k->run);
	buf_addf(out, SUM_MARK "%016llx\n", checksum(out->ptr, out->len));
	buf_release(&self);
}

enum hook_state { HOOK_NONE, HOOK_OURS, HOOK_CHANGED, HOOK_FOREIGN };

/* Is text a hook we wrote, unchanged: its checksum line matches the rest? */
static bool is_ours(const char *text, size_t len)
{
	size_t mark = strlen(SUM_MARK), sum_len = mark + 17;
	const char *last = text + len - sum_len;
	unsigned long long want;
	char *end;

	if (len <= sum_len || last[-1] != '\n' || strncmp(last, SUM_MARK, mark))
		return false;
	want = strtoull(last + mark, &end, 16);
	if (end != text + len - 1 || *end != '\n')
		return false;
	return checksum(text, len - sum_len) == want;
}

static int hook_state(enum hook_state *out, const char *path,
		      const struct hook_kind *k)
{
	struct buf text = BUF_INIT;
	struct stat st;

	*out = HOOK_FOREIGN;
	if (lstat(path, &st) < 0) {
		if (errno != ENOENT)
			return error_set("cannot read %s: %s", path,
					 strerror(errno));
		*out = HOOK_NONE;
		return 0;
	}
	if (!S_ISREG(st.st_mode))
		return 0;
	if (read_file(&text, path) < 0)
		return -1;
	if (text.ptr && is_ours(text.ptr, text.len))
		*out = HOOK_OURS;
	else if (text.ptr && strstr(text.ptr, k->mark))
		*out = HOOK_CHANGED;
	buf_release(&text);
	return 0;
}

static void foreign_hint(const char *path, enum hook_state state,
			 bool installing, const struct hook_kind *k)
{
	if (state == HOOK_CHANGED)
		fprintf(stderr, "git disclose: %s was installed by git disclose but has changed since (or comes from an older version): it is yours now and left as it is.\n",
			path);
	else
		fprintf(stderr, "git disclose: %s is another hook: it is left as it is.\n",
			path);
	if (installing)
		fprintf(stderr, "To chain the check, add this line to it:\n"
				"  git disclose hook %s \"$1\" || exit 1\n"
				"or move it away (mv %s %s.old) and install again.\n",
			k->run, path, path);
	else
		fprintf(stderr, "Remove it yourself (rm %s) if you no longer want it.\n",
			path);
}

static int install(const char *dir, const char *path,
		   const struct hook_kind *k)
{
	struct buf script = BUF_INIT;
	enum hook_state state;
	int rc;

	if (hook_state(&state, path, k) < 0)
		return -1;
	if (state == HOOK_CHANGED || state == HOOK_FOREIGN) {
		foreign_hint(path, state, true, k);
		return EXIT_POLICY;
	}
	if (mkdir_p(dir, 0777) < 0)
		return -1;
	hook_script(&script, k);
	rc = write_file_atomic(path, script.ptr, script.len, 0755);
	buf_release(&script);
	if (rc < 0)
		return -1;
	printf("%s the %s hook: %s\n",
	       state == HOOK_OURS ? "updated" : "installed", k->name, path);
	return 0;
}

static int uninstall(const char *path, const struct hook_kind *k)
{
	enum hook_state state;

	if (hook_state(&state, path, k) < 0)
		return -1;
	if (state == HOOK_NONE) {
		printf("no %s hook at %s: nothing to remove\n", k->name,
		       path);
		return 0;
	}
	if (state != HOOK_OURS) {
		foreign_hint(path, state, false, k);
		return EXIT_POLICY;
	}
	if (unlink(path) < 0)
		return error_set("cannot remove %s: %s", path, strerror(errno));
	printf("removed the %s hook: %s\n", k->name, path);
	return 0;
}

/* The sign-off rules that fixup!/squash!/amend!, merge and agent
 * commits are not held to. */
static const char *const signoff_rules[] = {
	"MISSING_SIGNOFF", "AUTHOR_SIGNOFF_MISSING",
	"SUBMITTER_SIGNOFF_NOT_LAST", NULL
};

struct hook_run {
	const char *path;		/* git's message file */
	struct repo *repo;
	struct catalogue *cat;
	struct policy_choice pc;	/* the one resolver's choice */
	enum policy_form form;
	char comment_char;
	struct buf text;
	struct message *m;
	bool merge, fixup, wip, strict;
	bool agent;
	struct agent_hit hit;
	char *fix_error;		/* why the conversion failed, or NULL */
	struct ident author, committer;
	bool have_author, have_committer;
	struct added_file *files;
	size_t nr_files;
	struct spdx_ids *licenses;
	size_t errors, warnings;
	bool message_errors, file_errors;
	struct buf line;
};

static bool in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (!strcmp(*list, s))
			return true;
	return false;
}

static bool file_exists(const char *dir, const char *name)
{
	struct buf p = BUF_INIT;
	struct stat st;
	bool ok;

	buf_addf(&p, "%s/%s", dir, name);
	ok = lstat(p.ptr, &st) == 0;
	buf_release(&p);
	return ok;
}

/* WIP, wip: ..., [WIP] ...: a commit its author is not done with. */
static bool is_wip(const char *subject)
{
	if (str_istarts(subject, "[wip]"))
		return true;
	return str_istarts(subject, "wip") && !git_isalnum(subject[3]);
}

/* What kind of commit this is, from its subject and git's state. */
static void classify(struct hook_run *h)
{
	const char *base = strrchr(h->path, '/');
	char *subject = lint_subject(h->m);

	base = base ? base + 1 : h->path;
	h->fixup = str_istarts(subject, "fixup! ") ||
		   str_istarts(subject, "squash! ") ||
		   str_istarts(subject, "amend! ");
	h->merge = !strcmp(base, "MERGE_MSG") ||
		   file_exists(repo_git_dir(h->repo), "MERGE_HEAD");
	h->wip = is_wip(subject);
	free(subject);
}

/* disclose.hook: strict or warn (the default). */
static int read_mode(struct hook_run *h)
{
	char *v = NULL;
	int rc = 0;

	if (repo_config_get(&v, h->repo, "disclose.hook") < 0)
		return -1;
	if (v && !strcmp(v, "strict"))
		h->strict = true;
	else if (v && strcmp(v, "warn"))
		rc = error_set("disclose.hook is '%s': set it to strict or warn (git config disclose.hook warn)",
			       v);
	free(v);
	return rc;
}

static int parse_message(struct hook_run *h)
{
	message_free(h->m);
	h->m = NULL;
	return message_parse(&h->m, h->text.ptr ? h->text.ptr : "",
			     h->text.len, h->comment_char);
}

static void detect_agent(struct hook_run *h)
{
	struct agent_markers *markers;
	struct agent_env_opts o = { NULL, NULL, 0, NULL };

	if (agent_markers_load(&markers) < 0) {
		error_clear();
		return;
	}
	o.committer_email = h->have_committer ? h->committer.email : NULL;
	h->agent = agent_env_detect(&h->hit, markers, &o);
	agent_markers_free(markers);
}

/* 1-based line of byte offset at in text. */
static size_t line_of(const char *text, size_t at)
{
	size_t line = 1;

	for (size_t i = 0; i < at; i++)
		line += text[i] == '\n';
	return line;
}

/* Does the message hold a Signed-off-by of who? */
static bool signed_by(const struct message *m, const struct ident *who)
{
	bool yes = false;

	for (size_t i = 0; m && i < m->nr_trailers && !yes; i++) {
		struct ident sob;

		if (!trailer_is(&m->trailers[i], SOB_KEY))
			continue;
		ident_parse(&sob, m->trailers[i].value);
		yes = ident_same(&sob, who);
		ident_release(&sob);
	}
	return yes;
}

/*
 * An agent's commit: its vendor trailers and footers become Assisted-by:
 * in git's message file, without a sign-off (the human adds that). A
 * sign-off of the human's already there stays the last line, the
 * Assisted-by immediately before it (the placement rule); none is added.
 */
static int convert(struct hook_run *h)
{
	struct lint_facts facts = { 0 };
	struct fix_opts fo = { 0 };
	struct buf out = BUF_INIT;
	bool changed = false;
	int rc = 0;

	facts.author = h->have_author ? &h->author : NULL;
	facts.committer = h->have_committer ? &h->committer : NULL;
	fo.form = h->form;
	fo.cat = h->cat;
	fo.facts = &facts;
	if (h->have_committer && signed_by(h->m, &h->committer))
		fo.human = &h->committer;
	fo.divider = true;
	fo.comment_char = h->comment_char;
	if (fix_message(&out, &changed, h->text.ptr ? h->text.ptr : "",
			h->text.len, &fo) < 0) {
		h->fix_error = xstrdup(error_last());
		error_clear();
		goto out;
	}
	if (!changed)
		goto out;
	rc = write_file_atomic(h->path, out.ptr, out.len, 0644);
	if (rc == 0) {
		buf_release(&h->text);
		h->text = out;
		out = (struct buf)BUF_INIT;
		rc = parse_message(h);
		fprintf(stderr, "commit-msg: an AI agent makes this commit (%s): its vendor trailers are now the disclosure:\n",
			h->hit.why);
		for (size_t i = 0; i < h->m->nr_trailers; i++)
			if (trailer_is(&h->m->trailers[i], ASSISTED_KEY))
				fprintf(stderr, "  Assisted-by: %s\n",
					h->m->trailers[i].value);
	}
out:
	buf_release(&out);
	return rc;
}

/* Is "git commit --amend" making this commit? Then HEAD is replaced. */
static bool amending(void)
{
	char *cmd = agent_env_ancestor_cmdline(NULL, 0, "git");
	bool amend = cmd && strstr(cmd, " --amend");

	free(cmd);
	return amend;
}

/* Does HEAD's message (when amending) already hold this exact line? */
static bool had_line(const char *old, const char *line, size_t len)
{
	const char *p = old;

	while (p && *p) {
		if (!strncmp(p, line, len) && (p[len] == '\n' || !p[len]))
			return true;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return false;
}

/* Each Signed-off-by: an agent's commit adds is an error of its own. */
static void agent_signoffs(struct hook_run *h, struct lint_result *res)
{
	struct commit_info *head = NULL;
	const char *old = NULL;

	if (amending() && repo_head(&head, h->repo) == 0)
		old = head->message;
	error_clear();
	for (size_t i = 0; i < h->m->nr_trailers; i++) {
		const struct trailer *t = &h->m->trailers[i];
		const char *line = h->m->text + t->start;
		size_t len = strcspn(line, "\n");

		char *text;

		if (!trailer_is(t, SOB_KEY) || had_line(old, line, len))
			continue;
		text = xstrndup(line, len);
		lint_add_finding(res, "AGENT_SIGNOFF", SEV_ERROR,
				 line_of(h->m->text, t->start), i, text, NULL,
				 ACT_REMOVE,
				 "an AI agent makes this commit (%s): AI agents must not add Signed-off-by, not even with the human's identity (Documentation/process/coding-assistants.rst): remove the line; the human reviews the commit and signs off themselves, with git disclose or git disclose amend",
				 h->hit.why);
		free(text);
	}
	commit_info_free(head);
}


/* One finding: what is wrong, where, and what to write instead. */
static void print_finding(struct hook_run *h, const struct finding *f,
			  enum severity sev)
{
	buf_reset(&h->line);
	report_finding_text(&h->line, "commit-msg: ", f, sev,
			    &report_hook_style);
	fwrite(h->line.ptr, 1, h->line.len, stderr);
}

/* Which findings count here, and as what. */
static void report(struct hook_run *h, const struct lint_result *res)
{
	bool lenient = h->fixup || h->merge || h->agent;

	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];
		enum severity sev = f->severity;

		if (sev == SEV_INFO ||
		    (lenient && in_list(signoff_rules, f->id)))
			continue;
		if (sev == SEV_ERROR && h->wip && !h->strict)
			sev = SEV_WARNING;
		print_finding(h, f, sev);
		if (sev == SEV_WARNING) {
			h->warnings++;
			continue;
		}
		h->errors++;
		if (!strncmp(f->id, "SPDX_", 5))
			h->file_errors = true;
		else
			h->message_errors = true;
	}
}

/* After the findings: what happens to the commit, and the next step. */
static void report_end(struct hook_run *h)
{
	if (h->fix_error && h->agent)
		fprintf(stderr, "commit-msg: the agent's vendor trailers could not be converted (%s): write the Assisted-by: line in their place\n",
			h->fix_error);
	if (!h->errors) {
		if (h->wip && h->warnings && !h->strict)
			fprintf(stderr, "commit-msg: a WIP commit is let through (disclose.hook = warn; strict holds it): settle the above before you send it\n");
		return;
	}
	fprintf(stderr, "commit-msg: not committed:");
	if (h->file_errors)
		fprintf(stderr, " fix the files named above and git add them;");
	if (h->message_errors)
		fprintf(stderr, " edit the message (git keeps it in %s) and commit again: git commit -e -F %s",
			h->path, h->path);
	else
		fprintf(stderr, " then commit again");
	fputs("\n", stderr);
}

/* Who writes the commit: git sets GIT_AUTHOR_* and GIT_COMMITTER_*. */
static void identities(struct hook_run *h)
{
	h->have_author = cli_env_ident(&h->author, "GIT_AUTHOR_NAME",
				   "GIT_AUTHOR_EMAIL");
	h->have_committer = cli_env_ident(&h->committer, "GIT_COMMITTER_NAME",
				      "GIT_COMMITTER_EMAIL");
	if (!h->have_committer) {
		h->have_committer = repo_identity(&h->committer, h->repo) == 0;
		error_clear();
	}
}

static int load(struct hook_run *h)
{
	/* the policy as check finds it: disclose.policy, else the tree */
	if (repo_open(&h->repo, NULL) < 0 || read_mode(h) < 0 ||
	    policy_resolve(&h->pc, NULL, h->repo, NULL) < 0)
		return -1;
	h->form = h->pc.policy.form;
	if (catalogue_load(&h->cat) < 0 ||
	    read_file(&h->text, h->path) < 0)
		return -1;
	policy_extend_catalogue(h->cat, &h->pc);
	h->comment_char = repo_comment_char(h->repo);
	identities(h);
	return parse_message(h);
}

static int check(struct hook_run *h)
{
	struct lint_facts facts = { 0 };
	struct lint_opts lo = { .form = h->form, .cat = h->cat };
	struct lint_result res;

	facts.author = h->have_author ? &h->author : NULL;
	facts.committer = h->have_committer ? &h->committer : NULL;
	/* a merge is checked for its message only, as check does */
	if (!h->merge) {
		if (repo_staged_added_files(&h->files, &h->nr_files,
					    h->repo) < 0)
			return -1;
		spdx_ids_load(&h->licenses, repo_workdir(h->repo));
	}
	facts.files = h->files;
	facts.nr_files = h->nr_files;
	facts.licenses = h->licenses;
	lint_message(&res, h->m, &facts, &lo);
	policy_check_result(&res, &h->pc.policy);
	if (h->agent)
		agent_signoffs(h, &res);
	report(h, &res);
	lint_result_release(&res);
	report_end(h);
	return 0;
}

static void hook_run_release(struct hook_run *h)
{
	added_files_free(h->files, h->nr_files);
	spdx_ids_free(h->licenses);
	if (h->have_author)
		ident_release(&h->author);
	if (h->have_committer)
		ident_release(&h->committer);
	agent_hit_release(&h->hit);
	free(h->fix_error);
	message_free(h->m);
	buf_release(&h->text);
	buf_release(&h->line);
	catalogue_free(h->cat);
	policy_choice_release(&h->pc);
	repo_free(h->repo);
}

/* git disclose hook run FILE: 0 commit, 1 policy errors, 2 trouble. */
static int run_hook(const char *path)
{
	struct hook_run h = { .path = path };
	int rc = -1;

	if (load(&h) < 0)
		goto out;
	classify(&h);
	detect_agent(&h);
	if (h.agent && convert(&h) < 0)
		goto out;
	if (check(&h) < 0)
		goto out;
	rc = h.errors ? EXIT_POLICY : 0;
out:
	if (rc < 0) {
		fprintf(stderr, "commit-msg: %s\n", error_last());
		rc = EXIT_USAGE;
	}
	hook_run_release(&h);
	return rc;
}

/* --- the applypatch-msg hook ------------------------------------- */

struct am_run {
	const char *path;		/* git am's final-commit file */
	struct repo *repo;
	struct catalogue *cat;
	struct policy_choice pc;	/* the one resolver's choice */
	enum policy_form form;
	bool strict;
	struct buf text;		/* the message git am commits */
	struct buf raw;			/* the patch's mail */
	struct mail_set *set;		/* raw taken apart; NULL: none */
	struct spdx_ids *licenses;
	char *subject;			/* the patch's, made safe */
	size_t errors;
	struct buf line;
};

/* disclose.amHook: warn (the default) or strict. */
static int am_read_mode(struct am_run *a)
{
	char *v = NULL;
	int rc = 0;

	if (repo_config_get(&v, a->repo, "disclose.amHook") < 0)
		return -1;
	if (v && !strcmp(v, "strict"))
		a->strict = true;
	else if (v && strcmp(v, "warn"))
		rc = error_set("disclose.amHook is '%s': set it to strict or warn (git config disclose.amHook warn)",
			       v);
	free(v);
	return rc;
}

/* An integer from a state file of git am, or fallback. */
static long am_state_number(const char *dir, const char *name, long fallback)
{
	struct buf p = BUF_INIT, text = BUF_INIT;
	long n = fallback;

	buf_addf(&p, "%s/%s", dir, name);
	if (access(p.ptr, R_OK) == 0 && read_file(&text, p.ptr) == 0 &&
	    text.ptr)
		n = strtol(text.ptr, NULL, 10);
	error_clear();
	buf_release(&p);
	buf_release(&text);
	return n;
}

/*
 * The mail of the patch being applied: git am splits the mbox into
 * rebase-apply/0001, 0002, ... and keeps the current number in "next".
 * No mail (an unusual git am) leaves the author unknown.
 */
static void am_load_mail(struct am_run *a)
{
	struct buf dir = BUF_INIT, p = BUF_INIT;
	long next, prec;

	buf_addf(&dir, "%s/rebase-apply", repo_git_dir(a->repo));
	next = am_state_number(dir.ptr, "next", 0);
	prec = am_state_number(dir.ptr, "prec", 4);
	if (next > 0 && prec > 0 && prec < 10) {
		buf_addf(&p, "%s/%0*ld", dir.ptr, (int)prec, next);
		if (access(p.ptr, R_OK) == 0 && read_file(&a->raw, p.ptr) == 0)
			buf_add(&a->raw, "", 0);
	}
	if (a->raw.len &&
	    mail_split(&a->set, a->raw.ptr, a->raw.len, 0) == 0 &&
	    !a->set->nr) {
		mail_set_free(a->set);
		a->set = NULL;
	}
	if (!a->set)
		fprintf(stderr, "applypatch-msg: the patch's mail is not in %s: its message is checked without its author and sender\n",
			dir.ptr);
	error_clear();
	buf_release(&dir);
	buf_release(&p);
}

/*
 * git am -s adds the maintainer's own Signed-off-by: before the hook
 * runs. It is right where it is (last), but it would make the
 * sender's look misplaced: the patch is judged without that line.
 */
static void am_drop_own_signoff(struct am_run *a)
{
	const struct mail *m = &a->set->mails[0];
	struct ident me;
	char *line;
	size_t n, len = a->text.len;

	if (repo_identity(&me, a->repo) < 0) {
		error_clear();
		return;
	}
	line = signoff_line(&me);
	n = strlen(line);
	while (len && a->text.ptr[len - 1] == '\n')
		len--;
	if (len > n && a->text.ptr[len - n - 1] == '\n' &&
	    !memcmp(a->text.ptr + len - n, line, n) &&
	    !strstr(m->message, line)) {
		a->text.len = len - n;
		a->text.ptr[a->text.len] = '\0';
	}
	free(line);
	ident_release(&me);
}

static int am_load(struct am_run *a)
{
	struct message *m;
	char *subject;

	if (repo_open(&a->repo, NULL) < 0 || am_read_mode(a) < 0 ||
	    policy_resolve(&a->pc, NULL, a->repo, NULL) < 0)
		return -1;
	a->form = a->pc.policy.form;
	if (catalogue_load(&a->cat) < 0 ||
	    read_file(&a->text, a->path) < 0)
		return -1;
	policy_extend_catalogue(a->cat, &a->pc);
	buf_add(&a->text, "", 0);
	spdx_ids_load(&a->licenses, repo_workdir(a->repo));
	am_load_mail(a);
	if (a->set)
		am_drop_own_signoff(a);
	if (message_parse_commit(&m, a->text.ptr, a->text.len, '#') < 0)
		return -1;
	subject = lint_subject(m);
	lint_sanitize(&a->line, subject, strlen(subject));
	a->subject = buf_detach(&a->line, NULL);
	free(subject);
	message_free(m);
	return 0;
}

/* One finding, on one line, then the line it is about and the fix. */
static void am_print(struct am_run *a, const struct finding *f)
{
	struct buf prefix = BUF_INIT;

	buf_addf(&prefix, "applypatch-msg: \"%s\": ", a->subject);
	buf_reset(&a->line);
	report_finding_text(&a->line, prefix.ptr, f, f->severity,
			    &report_hook_style);
	buf_release(&prefix);
	fwrite(a->line.ptr, 1, a->line.len, stderr);
}

/* What happens to the patch, and what to do next. */
static void am_report_end(struct am_run *a)
{
	if (!a->errors)
		return;
	if (a->strict)
		fprintf(stderr, "applypatch-msg: \"%s\" is not applied (disclose.amHook = strict): ask its sender for a fixed patch and git am --skip it, or git am --abort to go back to where git am started (to apply it anyway and fix it yourself: git am --abort, then git -c disclose.amHook=warn am ...)\n",
			a->subject);
	else
		fprintf(stderr, "applypatch-msg: \"%s\" is applied all the same (disclose.amHook = warn; strict stops git am here): fix the commit before you pass it on, or ask its sender for a fixed patch\n",
			a->subject);
}

static void am_check(struct am_run *a)
{
	struct lint_opts lo = { .form = a->form, .cat = a->cat, .mail = true };
	struct lint_result res;
	struct message *m;

	if (a->set) {
		mail_check_as(&res, &a->set->mails[0], a->text.ptr,
			      a->text.len, &lo, a->licenses);
	} else {
		message_parse_commit(&m, a->text.ptr, a->text.len, '#');
		lint_message(&res, m, NULL, &lo);
		message_free(m);
	}
	policy_check_result(&res, &a->pc.policy);
	for (size_t i = 0; i < res.nr; i++) {
		if (res.findings[i].severity == SEV_INFO)
			continue;
		am_print(a, &res.findings[i]);
		a->errors += res.findings[i].severity == SEV_ERROR;
	}
	lint_result_release(&res);
	am_report_end(a);
}

/* git disclose hook run --am FILE: 0 apply, 1 stop (strict), 2 trouble. */
static int run_am_hook(const char *path)
{
	struct am_run a = { .path = path };
	int rc = -1;

	if (am_load(&a) == 0) {
		am_check(&a);
		rc = a.errors && a.strict ? EXIT_POLICY : 0;
	}
	if (rc < 0) {
		fprintf(stderr, "applypatch-msg: %s\n", error_last());
		rc = EXIT_USAGE;
	}
	mail_set_free(a.set);
	spdx_ids_free(a.licenses);
	free(a.subject);
	buf_release(&a.text);
	buf_release(&a.raw);
	buf_release(&a.line);
	catalogue_free(a.cat);
	policy_choice_release(&a.pc);
	repo_free(a.repo);
	return rc;
}

int cmd_hook(int argc, char **argv)
{
	struct buf dir = BUF_INIT, path = BUF_INIT;
	const char *what = argc > 1 ? argv[1] : NULL;
	const struct hook_kind *k = &commit_msg_hook;
	int rc, at = 2;

	if (what && (!strcmp(what, "--help") || !strcmp(what, "-h"))) {
		fputs(hook_usage, stdout);
		return 0;
	}
	if (!what)
		return cli_usage_error(hook_usage, "hook",
				       "give an action: install, uninstall or run");
	if (at < argc && !strcmp(argv[at], "--am")) {
		k = &am_hook;
		at++;
	}
	if (!strcmp(what, "run")) {
		if (argc != at + 1)
			return cli_usage_error(hook_usage, "hook",
					       "run takes the message file git gives the hook");
		return k == &am_hook ? run_am_hook(argv[at])
				     : run_hook(argv[at]);
	}
	if (strcmp(what, "install") && strcmp(what, "uninstall"))
		return cli_usage_error(hook_usage, "hook",
				       "unknown action '%s': use install or uninstall",
				       what);
	if (argc > at)
		return cli_usage_error(hook_usage, "hook",
				       "unexpected argument '%s'", argv[at]);
	if (hooks_dir(&dir) < 0 ||
	    (!strcmp(what, "install") && hook_can_work() < 0)) {
		rc = cli_fail(EXIT_USAGE);
		goto out;
	}
	buf_addf(&path, "%s/%s", dir.ptr, k->name);
	rc = !strcmp(what, "install") ? install(dir.ptr, path.ptr, k)
				      : uninstall(path.ptr, k);
	if (rc < 0)
		rc = cli_fail(EXIT_USAGE);
out:
	buf_release(&dir);
	buf_release(&path);
	return rc;
}
