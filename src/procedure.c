#include "procedure.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "boot_verdict.h"
#include "checkpatch.h"
#include "fixes.h"
#include "lint.h"

void proc_result_release(struct proc_result *r)
{
	buf_release(&r->why);
	memset(r, 0, sizeof(*r));
}

static void set(struct proc_result *out, enum proc_state st)
{
	memset(out, 0, sizeof(*out));
	out->state = st;
}

static size_t nr_fixes(const struct proc_commit *c, size_t nr)
{
	size_t n = 0;

	for (size_t i = 0; i < nr; i++)
		n += c[i].fix;
	return n;
}

void procedure_fixes(struct proc_result *out, struct repo *r,
		     const struct proc_commit *c, size_t nr)
{
	set(out, PROC_OK);
	for (size_t i = 0; i < nr; i++) {
		struct lint_result res = { 0 };

		if (!c[i].fix)
			continue;
		if (!fixes_count(c[i].msg)) {
			out->state = PROC_FAILED;
			buf_addf(&out->why, "%.12s %s: no Fixes: tag: add 'Fixes: <12+ chars of the id> (\"<subject>\")' of the commit it fixes\n",
				 c[i].id, c[i].subject);
			continue;
		}
		if (fixes_check(&res, c[i].msg, fixes_repo_lookup, r) < 0) {
			out->state = PROC_FAILED;
			buf_addf(&out->why, "%.12s: %s\n", c[i].id,
				 error_last());
			error_clear();
		}
		for (size_t j = 0; j < res.nr; j++) {
			out->state = PROC_FAILED;
			buf_addf(&out->why, "%.12s %s: %s: %s\n", c[i].id,
				 c[i].subject, res.findings[j].id,
				 res.findings[j].message);
		}
		if (!res.nr)
			buf_addf(&out->why, "%.12s %s: Fixes: names a commit of this repository with its subject\n",
				 c[i].id, c[i].subject);
		lint_result_release(&res);
	}
	if (!nr_fixes(c, nr))
		set(out, PROC_NA);
}

/* Phrases of a statement that something was not done. */
static const char *const statement_phrases[] = {
	"not tested", "untested", "not been tested", "not build-tested",
	"not built", "not been built", "could not build", "could not test",
	"could not reproduce", "could not be built", "could not be tested",
	"could not be reproduced", "not reproduced", "unable to build",
	"unable to test", "unable to reproduce", "compile-tested only",
	"compile tested only", "build-tested only", "build tested only",
	"only compile-tested", "only compile tested", "only build-tested",
	"only build tested", "not runtime-tested", "not runtime tested",
	"not run-tested", "not boot-tested", "no reproducer",
	"without a reproducer", "could not be produced",
	NULL
};

bool procedure_find_statement(const char *text, size_t len, char **line)
{
	const char *end = text + len, *lf;

	for (const char *s = text; s < end; s = lf + 1) {
		lf = memchr(s, '\n', (size_t)(end - s));
		if (!lf)
			lf = end;
		for (const char *const *p = statement_phrases; *p; p++) {
			size_t k = strlen(*p), n = (size_t)(lf - s);

			for (size_t i = 0; i + k <= n; i++) {
				if (strncasecmp(s + i, *p, k))
					continue;
				if (line)
					*line = xstrndup_trim(s, n);
				return true;
			}
		}
	}
	return false;
}

void procedure_statement(struct proc_result *out,
			 const struct proc_commit *c, size_t nr,
			 const char *cover)
{
	char *line = NULL;

	set(out, PROC_OK);
	if (!nr_fixes(c, nr)) {
		out->state = PROC_NA;
		return;
	}
	if (cover && procedure_find_statement(cover, strlen(cover), &line)) {
		buf_addf(&out->why, "the cover letter says: %s\n", line);
		free(line);
		return;
	}
	for (size_t i = 0; i < nr; i++) {
		if (!c[i].fix)
			continue;
		if (procedure_find_statement(c[i].msg->text, c[i].msg->len,
					     &line)) {
			buf_addf(&out->why, "%.12s says: %s\n", c[i].id, line);
			free(line);
			line = NULL;
			continue;
		}
		out->state = PROC_FAILED;
		buf_addf(&out->why, "%.12s %s: no statement of what could not be built, tested or reproduced: write one in the changelog (or below its --- line, or in the cover letter), e.g. 'Not tested on hardware: ...'\n",
			 c[i].id, c[i].subject);
	}
}

void procedure_checkpatch(struct proc_result *out, struct repo *r,
			  const char *range)
{
	struct checkpatch_report rep;
	size_t bad = 0;

	set(out, PROC_OK);
	if (checkpatch_run_all(&rep, r, range) < 0) {
		out->state = strstr(error_last(), "no scripts/checkpatch.pl") ?
			     PROC_NA : PROC_FAILED;
		buf_addf(&out->why, "%s\n", error_last());
		error_clear();
		return;
	}
	for (size_t i = 0; i < rep.nr_msgs; i++) {
		const struct checkpatch_msg *m = &rep.msgs[i];

		if (!strcmp(m->level, "CHECK"))
			continue;
		bad++;
		buf_addf(&out->why, "%.12s %s:%s: %s\n", m->commit, m->level,
			 m->type, m->message);
	}
	if (bad)
		out->state = PROC_FAILED;
	else
		buf_addf(&out->why, "%s: no errors or warnings on %zu patch%s\n",
			 rep.script, rep.nr_patches,
			 rep.nr_patches == 1 ? "" : "es");
	checkpatch_report_release(&rep);
}

void procedure_warnings(struct proc_result *out, struct repo *r,
			const char *tip)
{
	struct boot_verdict *v = NULL;

	set(out, PROC_NOT_RUN);
	if (boot_last_verdict(&v, repo_git_dir(r), tip) < 0 || !v) {
		error_clear();
		buf_adds(&out->why, "not run: git disclose boot (b) builds the files the series touches with W=1 at its base and tip\n");
		return;
	}
	if (!v->warnings_checked) {
		buf_addf(&out->why, "not run: the last boot of %.12s (%s) did not compare the W=1 warnings\n",
			 tip, v->status);
	} else if (!v->nr_new_warnings) {
		out->state = PROC_OK;
		buf_addf(&out->why, "no new build warnings (W=1: %zu at the base, %zu at the tip)\n",
			 v->base_warnings, v->tip_warnings);
	} else {
		out->state = PROC_FAILED;
		buf_addf(&out->why, "%zu new build warning%s%s:\n",
			 v->nr_new_warnings, v->nr_new_warnings == 1 ? "" : "s",
			 v->warnings_accepted ? " (accepted with --accept-warnings)" : "");
		for (size_t i = 0; i < v->nr_new_warnings; i++)
			buf_addf(&out->why, "%s:%d: %s\n",
				 v->new_warnings[i].file,
				 v->new_warnings[i].line,
				 v->new_warnings[i].message);
	}
	boot_verdict_free(v);
}

void procedure_maintainers(struct proc_result *out, struct maintainers *found,
			   struct repo *r, const char *range)
{
	int rc = maintainers_run(found, r, range, MAINTAINERS_TIMEOUT_MS);

	set(out, PROC_OK);
	if (rc < 0) {
		out->state = PROC_FAILED;
		buf_addf(&out->why, "%s\n", error_last());
		error_clear();
	} else if (rc == 0) {
		out->state = PROC_NA;
		buf_addf(&out->why, "no %s in the work tree: find the maintainers and lists in MAINTAINERS yourself\n",
			 GET_MAINTAINER_PL);
	} else if (!found->nr) {
		out->state = PROC_FAILED;
		buf_addf(&out->why, "%s names nobody for these patches: look in MAINTAINERS\n",
			 found->script);
	} else {
		buf_addf(&out->why, "%s (--no-git) names:\n", found->script);
		maintainers_format(&out->why, found, "  ");
	}
}
