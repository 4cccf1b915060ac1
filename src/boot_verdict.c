// SPDX-License-Identifier: GPL-2.0
/* The verdict of a boot: JSON out and in, and its record in boot.json. */
#include "boot_verdict.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "boot_util.h"
#include "json.h"

struct boot_verdict *boot_verdict_new(void)
{
	struct boot_verdict *v = xcalloc(1, sizeof(*v));

	v->failed_commit = -1;
	return v;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void boot_verdict_add_commit(struct boot_verdict *v,
			     const struct boot_commit *c)
{
	struct boot_commit *n;

	v->commits = xrealloc(v->commits, (v->nr_commits + 1) *
			      sizeof(*v->commits));
	n = &v->commits[v->nr_commits++];
	n->id = dup_or_null(c->id);
	n->subject = dup_or_null(c->subject);
	n->status = dup_or_null(c->status);
	n->build_s = c->build_s;
	n->boot_s = c->boot_s;
	n->detail = dup_or_null(c->detail);
	n->error_file = dup_or_null(c->error_file);
	n->build_log = dup_or_null(c->build_log);
}

static void copy_str(char **to, const char *from)
{
	free(*to);
	*to = dup_or_null(from);
}

static void copy_strv(char ***to, size_t *nr, char *const *from,
		      size_t nr_from)
{
	boot_strv_free(*to, *nr);
	*to = NULL;
	*nr = 0;
	for (size_t i = 0; i < nr_from; i++)
		boot_strv_push(to, nr, xstrdup(from[i]));
}

void boot_verdict_fill_from(struct boot_verdict *v,
			    const struct boot_verdict *from)
{
	copy_str(&v->tip, from->tip);
	copy_str(&v->status, from->status);
	v->pass = from->pass;
	copy_str(&v->summary, from->summary);
	copy_str(&v->detail, from->detail);
	copy_str(&v->error_file, from->error_file);
	copy_str(&v->release, from->release);
	copy_str(&v->accel, from->accel);
	copy_str(&v->source, from->source);
	copy_str(&v->runner, from->runner);
	copy_str(&v->build_log, from->build_log);
	copy_str(&v->console_log, from->console_log);
	copy_strv(&v->enabled, &v->nr_enabled, from->enabled,
		  from->nr_enabled);
	copy_strv(&v->missing, &v->nr_missing, from->missing,
		  from->nr_missing);
	copy_strv(&v->kunit, &v->nr_kunit, from->kunit, from->nr_kunit);
}

static void lava_free(struct boot_lava *l)
{
	if (!l)
		return;
	free(l->job);
	free(l->device);
	free(l->log);
	free(l->result);
	free(l->error);
	boot_strv_free(l->cases, l->nr_cases);
	boot_strv_free(l->results, l->nr_cases);
	free(l);
}

struct boot_lava *boot_verdict_new_lava(struct boot_verdict *v)
{
	lava_free(v->lava);
	v->lava = xcalloc(1, sizeof(*v->lava));
	return v->lava;
}

void boot_lava_add_case(struct boot_lava *l, const char *name,
			const char *result)
{
	size_t n = l->nr_cases;

	boot_strv_push(&l->cases, &n, xstrdup(name));
	boot_strv_push(&l->results, &l->nr_cases, xstrdup(result));
}

void boot_verdict_add_cell(struct boot_verdict *v, struct boot_verdict *cell)
{
	v->cells = xrealloc(v->cells, (v->nr_cells + 1) * sizeof(*v->cells));
	v->cells[v->nr_cells++] = cell;
}

/* cell's KUnit suites into v's: ok only when ok in every cell, summed. */
static void merge_suites(struct boot_verdict *v,
			 const struct boot_verdict *cell)
{
	for (size_t i = 0; i < cell->nr_suites; i++) {
		const struct boot_suite *from = &cell->suites[i];
		struct boot_suite *s = NULL;

		for (size_t k = 0; k < v->nr_suites && !s; k++)
			if (!strcmp(v->suites[k].name, from->name))
				s = &v->suites[k];
		if (!s) {
			v->suites = xrealloc(v->suites, (v->nr_suites + 1) *
					     sizeof(*v->suites));
			s = &v->suites[v->nr_suites++];
			*s = *from;
			s->name = xstrdup(from->name);
			continue;
		}
		s->ok &= from->ok;
		s->passed += from->passed;
		s->failed += from->failed;
		s->skipped += from->skipped;
	}
}

static bool same_warning(const struct kwarn *a, const struct kwarn *b)
{
	return !strcmp(a->file, b->file) && a->line == b->line &&
	       !strcmp(a->message, b->message);
}

/* cell's W=1 results into v's: checked by any, each warning once. */
static void merge_warnings(struct boot_verdict *v,
			   const struct boot_verdict *cell)
{
	v->warnings_checked |= cell->warnings_checked;
	v->warnings_accepted |= cell->warnings_accepted;
	v->base_warnings += cell->base_warnings;
	v->tip_warnings += cell->tip_warnings;
	for (size_t i = 0; i < cell->nr_new_warnings; i++) {
		bool seen = false;

		for (size_t k = 0; k < v->nr_new_warnings; k++)
			seen |= same_warning(&v->new_warnings[k],
					     &cell->new_warnings[i]);
		if (!seen)
			kwarn_push(&v->new_warnings, &v->nr_new_warnings,
				   &cell->new_warnings[i]);
	}
	for (size_t i = 0; i < cell->nr_w1_checked; i++)
		if (!boot_strv_has(v->w1_checked, v->nr_w1_checked,
				   cell->w1_checked[i]))
			boot_strv_push(&v->w1_checked, &v->nr_w1_checked,
				       xstrdup(cell->w1_checked[i]));
	for (size_t i = 0; i < cell->nr_unchecked; i++)
		if (!boot_strv_has(v->unchecked, v->nr_unchecked,
				   cell->unchecked[i]))
			boot_strv_push(&v->unchecked, &v->nr_unchecked,
				       xstrdup(cell->unchecked[i]));
}

void boot_verdict_aggregate(struct boot_verdict *top,
			    struct boot_verdict **cells, size_t nr,
			    double boot_wall)
{
	struct boot_verdict *decide = cells[0];
	struct buf s = BUF_INIT;

	for (size_t i = 0; i < nr; i++) {
		struct boot_verdict *v = cells[i];

		if (!v->pass && decide->pass)
			decide = v;
		top->configure_s += v->configure_s;
		top->build_s += v->build_s;
		top->warnings_s += v->warnings_s;
		top->pristine_s += v->pristine_s;
		top->checkout_s += v->checkout_s;
		top->configured |= v->configured;
		top->kvm_failed |= v->kvm_failed;
		merge_suites(top, v);
		merge_warnings(top, v);
	}
	top->boot_s = boot_wall;
	if (decide->pass) {
		buf_addf(&s, "%zu cells pass:", nr);
		for (size_t i = 0; i < nr; i++)
			buf_addf(&s, " %s/%s", cells[i]->arch,
				 cells[i]->config);
	} else {
		buf_addf(&s, "%s/%s: ", decide->arch, decide->config);
		buf_adds(&s, decide->summary ? decide->summary :
			 decide->status);
	}
	boot_verdict_fill_from(top, decide);
	free(top->summary);
	top->summary = buf_detach(&s, NULL);
	for (size_t i = 0; i < nr; i++)
		boot_verdict_add_cell(top, cells[i]);
}

void boot_verdict_fail(struct boot_verdict *v, const char *status,
		       const char *summary, char *detail)
{
	free(v->status);
	free(v->summary);
	free(v->detail);
	v->status = xstrdup(status);
	v->summary = xstrdup(summary);
	v->detail = detail;
	v->pass = false;
}

void boot_verdict_take_console(struct boot_verdict *v,
			       const struct console_verdict *cv)
{
	v->status = xstrdup(console_result_name(cv->result));
	v->summary = xstrdup(console_result_text(cv->result));
	v->pass = cv->result == CONSOLE_PASS;
	if (cv->detail && cv->result != CONSOLE_PASS)
		v->detail = xstrdup(cv->detail);
	v->suites = xcalloc(cv->nr_suites + 1, sizeof(*v->suites));
	for (size_t i = 0; i < cv->nr_suites; i++) {
		const struct console_suite *s = &cv->suites[i];

		v->suites[i] = (struct boot_suite){ xstrdup(s->name),
			s->ok && !s->failed, s->passed, s->failed, s->skipped };
	}
	v->nr_suites = cv->nr_suites;
}

static void json_add_str(cJSON *o, const char *key, const char *s)
{
	if (s)
		cJSON_AddStringToObject(o, key, s);
	else
		cJSON_AddNullToObject(o, key);
}

static void json_add_strv(cJSON *o, const char *key, char *const *v,
			  size_t nr)
{
	cJSON *a = cJSON_AddArrayToObject(o, key);

	for (size_t i = 0; i < nr; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
}

/* Seconds to the millisecond: more digits only look precise. */
static double ms(double s)
{
	return (double)(long long)(s * 1000 + 0.5) / 1000;
}

static void json_add_commits(cJSON *o, const struct boot_verdict *v)
{
	cJSON *a = cJSON_AddArrayToObject(o, "commits");

	for (size_t i = 0; i < v->nr_commits; i++) {
		const struct boot_commit *c = &v->commits[i];
		cJSON *e = cJSON_CreateObject();

		json_add_str(e, "commit", c->id);
		json_add_str(e, "subject", c->subject);
		json_add_str(e, "status", c->status);
		cJSON_AddNumberToObject(e, "build", ms(c->build_s));
		cJSON_AddNumberToObject(e, "boot", ms(c->boot_s));
		json_add_str(e, "detail", c->detail);
		json_add_str(e, "error_file", c->error_file);
		json_add_str(e, "build_log", c->build_log);
		cJSON_AddItemToArray(a, e);
	}
	if (v->failed_commit >= 0 && (size_t)v->failed_commit < v->nr_commits)
		cJSON_AddNumberToObject(o, "failed_commit", v->failed_commit);
	else
		cJSON_AddNullToObject(o, "failed_commit");
}

static void json_add_warnings(cJSON *o, const struct boot_verdict *v)
{
	cJSON *a;

	cJSON_AddBoolToObject(o, "warnings_checked", v->warnings_checked);
	cJSON_AddBoolToObject(o, "warnings_accepted", v->warnings_accepted);
	a = cJSON_AddArrayToObject(o, "new_warnings");
	for (size_t i = 0; i < v->nr_new_warnings; i++) {
		const struct kwarn *w = &v->new_warnings[i];
		cJSON *e = cJSON_CreateObject();

		json_add_str(e, "file", w->file);
		cJSON_AddNumberToObject(e, "line", w->line);
		json_add_str(e, "function", w->function);
		json_add_str(e, "message", w->message);
		json_add_str(e, "text", w->text);
		cJSON_AddItemToArray(a, e);
	}
	json_add_strv(o, "warnings_unchecked", v->unchecked, v->nr_unchecked);
	json_add_strv(o, "warnings_checked_files", v->w1_checked,
		      v->nr_w1_checked);
	json_add_strv(o, "series", v->series, v->nr_series);
	json_add_strv(o, "lava_job_files", v->lava_files, v->nr_lava_files);
	a = cJSON_AddObjectToObject(o, "warnings_seen");
	cJSON_AddNumberToObject(a, "base", (double)v->base_warnings);
	cJSON_AddNumberToObject(a, "tip", (double)v->tip_warnings);
}

static void json_add_lava(cJSON *o, const struct boot_lava *l)
{
	cJSON *t, *a;

	if (!l) {
		cJSON_AddNullToObject(o, "lava");
		return;
	}
	t = cJSON_AddObjectToObject(o, "lava");
	json_add_str(t, "job", l->job);
	json_add_str(t, "device", l->device);
	json_add_str(t, "log", l->log);
	json_add_str(t, "result", l->result);
	json_add_str(t, "error", l->error);
	a = cJSON_AddArrayToObject(t, "cases");
	for (size_t i = 0; i < l->nr_cases; i++) {
		cJSON *e = cJSON_CreateObject();

		json_add_str(e, "case", l->cases[i]);
		json_add_str(e, "result", l->results[i]);
		cJSON_AddItemToArray(a, e);
	}
}

static cJSON *verdict_to_json(const struct boot_verdict *v)
{
	cJSON *o = cJSON_CreateObject();
	cJSON *t, *suites;

	if (!o)
		die_fatal("out of memory");
	json_add_str(o, "tip", v->tip);
	json_add_str(o, "status", v->status);
	cJSON_AddBoolToObject(o, "pass", v->pass);
	json_add_str(o, "summary", v->summary);
	json_add_str(o, "detail", v->detail);
	json_add_str(o, "error_file", v->error_file);
	json_add_str(o, "release", v->release);
	json_add_str(o, "accel", v->accel);
	json_add_str(o, "source", v->source);
	json_add_str(o, "runner", v->runner);
	json_add_str(o, "arch", v->arch);
	json_add_str(o, "config", v->config);
	t = cJSON_AddObjectToObject(o, "seconds");
	cJSON_AddNumberToObject(t, "configure", ms(v->configure_s));
	cJSON_AddNumberToObject(t, "build", ms(v->build_s));
	cJSON_AddNumberToObject(t, "boot", ms(v->boot_s));
	cJSON_AddNumberToObject(t, "warnings", ms(v->warnings_s));
	cJSON_AddNumberToObject(t, "checkout", ms(v->checkout_s));
	cJSON_AddNumberToObject(t, "pristine", ms(v->pristine_s));
	json_add_str(o, "pristine", v->pristine);
	cJSON_AddBoolToObject(o, "configured", v->configured);
	cJSON_AddBoolToObject(o, "kvm_failed", v->kvm_failed);
	t = cJSON_AddObjectToObject(o, "logs");
	json_add_str(t, "build", v->build_log);
	json_add_str(t, "console", v->console_log);
	json_add_strv(o, "enabled", v->enabled, v->nr_enabled);
	json_add_strv(o, "not_enabled", v->missing, v->nr_missing);
	suites = cJSON_AddArrayToObject(o, "suites");
	for (size_t i = 0; i < v->nr_suites; i++) {
		cJSON *s = cJSON_CreateObject();

		cJSON_AddStringToObject(s, "name", v->suites[i].name);
		cJSON_AddBoolToObject(s, "ok", v->suites[i].ok);
		cJSON_AddNumberToObject(s, "passed", v->suites[i].passed);
		cJSON_AddNumberToObject(s, "failed", v->suites[i].failed);
		cJSON_AddNumberToObject(s, "skipped", v->suites[i].skipped);
		cJSON_AddItemToArray(suites, s);
	}
	json_add_strv(o, "kunit_suites", v->kunit, v->nr_kunit);
	json_add_lava(o, v->lava);
	json_add_commits(o, v);
	json_add_warnings(o, v);
	if (v->nr_cells) {
		t = cJSON_AddArrayToObject(o, "cells");
		for (size_t i = 0; i < v->nr_cells; i++)
			cJSON_AddItemToArray(t, verdict_to_json(v->cells[i]));
	}
	cJSON_AddNumberToObject(o, "finished", (double)v->finished);
	return o;
}

int boot_verdict_json(struct buf *out, const struct boot_verdict *v)
{
	cJSON *o = verdict_to_json(v);
	char *text = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	if (!text)
		die_fatal("out of memory");
	buf_adds(out, text);
	buf_addch(out, '\n');
	free(text);
	return 0;
}

static char *jstr(const cJSON *o, const char *key)
{
	const cJSON *i = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(i) ? xstrdup(i->valuestring) : NULL;
}

static double jnum(const cJSON *o, const char *key)
{
	const cJSON *i = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(i) ? i->valuedouble : 0;
}

static void jstrv(char ***v, size_t *nr, const cJSON *o, const char *key)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key), *i;

	cJSON_ArrayForEach(i, a)
		if (cJSON_IsString(i))
			boot_strv_push(v, nr, xstrdup(i->valuestring));
}

static void commits_from_json(struct boot_verdict *v, const cJSON *o)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "commits"), *e;
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "failed_commit");

	cJSON_ArrayForEach(e, a) {
		struct boot_commit c = { jstr(e, "commit"), jstr(e, "subject"),
					 jstr(e, "status"), jnum(e, "build"),
					 jnum(e, "boot"), jstr(e, "detail"),
					 jstr(e, "error_file"),
					 jstr(e, "build_log") };

		if (c.id && c.status)
			boot_verdict_add_commit(v, &c);
		free(c.id);
		free(c.subject);
		free(c.status);
		free(c.detail);
		free(c.error_file);
		free(c.build_log);
	}
	if (cJSON_IsNumber(f) && f->valuedouble >= 0 &&
	    f->valuedouble < (double)v->nr_commits)
		v->failed_commit = (int)f->valuedouble;
}

static void warnings_from_json(struct boot_verdict *v, const cJSON *o)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "new_warnings");
	const cJSON *e;

	v->warnings_checked = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
						"warnings_checked"));
	v->warnings_accepted = cJSON_IsTrue(
		cJSON_GetObjectItemCaseSensitive(o, "warnings_accepted"));
	cJSON_ArrayForEach(e, a) {
		struct kwarn w = { jstr(e, "file"), (int)jnum(e, "line"),
				   jstr(e, "function"), jstr(e, "message"),
				   jstr(e, "text") };

		if (w.file && w.message)
			kwarn_push(&v->new_warnings, &v->nr_new_warnings, &w);
		free(w.file);
		free(w.function);
		free(w.message);
		free(w.text);
	}
	jstrv(&v->unchecked, &v->nr_unchecked, o, "warnings_unchecked");
	jstrv(&v->w1_checked, &v->nr_w1_checked, o,
	      "warnings_checked_files");
	jstrv(&v->series, &v->nr_series, o, "series");
	jstrv(&v->lava_files, &v->nr_lava_files, o, "lava_job_files");
	a = cJSON_GetObjectItemCaseSensitive(o, "warnings_seen");
	v->base_warnings = (size_t)jnum(a, "base");
	v->tip_warnings = (size_t)jnum(a, "tip");
}

static void lava_from_json(struct boot_verdict *v, const cJSON *o)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "lava"), *e;
	struct boot_lava *l;

	if (!cJSON_IsObject(t))
		return;
	l = boot_verdict_new_lava(v);
	l->job = jstr(t, "job");
	l->device = jstr(t, "device");
	l->log = jstr(t, "log");
	l->result = jstr(t, "result");
	l->error = jstr(t, "error");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(t, "cases")) {
		char *name = jstr(e, "case"), *result = jstr(e, "result");

		if (name && result)
			boot_lava_add_case(l, name, result);
		free(name);
		free(result);
	}
}

static struct boot_verdict *verdict_from_json(const cJSON *o)
{
	struct boot_verdict *v = boot_verdict_new();
	const cJSON *t, *s;
	size_t n = 0;

	v->tip = jstr(o, "tip");
	v->status = jstr(o, "status");
	v->pass = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "pass"));
	v->summary = jstr(o, "summary");
	v->detail = jstr(o, "detail");
	v->error_file = jstr(o, "error_file");
	v->release = jstr(o, "release");
	v->accel = jstr(o, "accel");
	v->source = jstr(o, "source");
	v->runner = jstr(o, "runner");
	v->arch = jstr(o, "arch");
	v->config = jstr(o, "config");
	t = cJSON_GetObjectItemCaseSensitive(o, "seconds");
	v->configure_s = jnum(t, "configure");
	v->build_s = jnum(t, "build");
	v->boot_s = jnum(t, "boot");
	v->warnings_s = jnum(t, "warnings");
	v->checkout_s = jnum(t, "checkout");
	v->pristine_s = jnum(t, "pristine");
	v->pristine = jstr(o, "pristine");
	v->configured = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
							"configured"));
	v->kvm_failed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
							"kvm_failed"));
	t = cJSON_GetObjectItemCaseSensitive(o, "logs");
	v->build_log = jstr(t, "build");
	v->console_log = jstr(t, "console");
	jstrv(&v->enabled, &v->nr_enabled, o, "enabled");
	jstrv(&v->missing, &v->nr_missing, o, "not_enabled");
	t = cJSON_GetObjectItemCaseSensitive(o, "suites");
	v->suites = xcalloc((size_t)cJSON_GetArraySize(t) + 1,
			    sizeof(*v->suites));
	cJSON_ArrayForEach(s, t) {
		struct boot_suite *bs = &v->suites[n++];

		bs->name = jstr(s, "name");
		bs->ok = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s,
								       "ok"));
		bs->passed = (int)jnum(s, "passed");
		bs->failed = (int)jnum(s, "failed");
		bs->skipped = (int)jnum(s, "skipped");
	}
	v->nr_suites = n;
	jstrv(&v->kunit, &v->nr_kunit, o, "kunit_suites");
	lava_from_json(v, o);
	commits_from_json(v, o);
	warnings_from_json(v, o);
	t = cJSON_GetObjectItemCaseSensitive(o, "cells");
	cJSON_ArrayForEach(s, t)
		if (cJSON_IsObject(s))
			boot_verdict_add_cell(v, verdict_from_json(s));
	v->finished = (long long)jnum(o, "finished");
	return v;
}

static char *verdict_path(const char *gitdir)
{
	return path_join(gitdir, "disclose/boot.json");
}

/* <gitdir>/disclose is a real directory of the user's (or absent). */
static int check_verdict_dir(const char *gitdir)
{
	char *dir = path_join(gitdir, "disclose");
	int ret = check_state_dir(dir);

	free(dir);
	return ret;
}

int boot_verdict_parse(struct boot_verdict **out, const char *text,
		       size_t len, const char *origin)
{
	cJSON *o = NULL;

	*out = NULL;
	if (json_parse(&o, text, len, origin) < 0)
		return -1;
	*out = verdict_from_json(o);
	cJSON_Delete(o);
	return 0;
}

int boot_verdict_save(struct boot_verdict *v, const char *gitdir)
{
	char *path = verdict_path(gitdir);
	struct buf json = BUF_INIT;
	int ret;

	v->finished = (long long)time(NULL);
	boot_verdict_json(&json, v);
	/* never through a <gitdir>/disclose that is a link */
	ret = check_verdict_dir(gitdir);
	if (ret >= 0)
		ret = write_file_atomic(path, json.ptr, json.len, 0600);
	buf_release(&json);
	free(path);
	return ret;
}

int boot_last_verdict(struct boot_verdict **out, const char *gitdir,
		      const char *tip_hex)
{
	char *path = verdict_path(gitdir);
	struct buf text = BUF_INIT;
	struct boot_verdict *v = NULL;
	int ret = 0;

	*out = NULL;
	if (access(path, F_OK) < 0)
		goto out;
	/* a regular file of the user's, not a link: never a FIFO's wait */
	ret = check_verdict_dir(gitdir);
	if (ret > 0) {
		ret = 0;
		goto out;
	}
	if (ret == 0)
		ret = read_regular_file(&text, path, (size_t)32 << 20,
					READ_NOFOLLOW | READ_OWNED);
	if (ret == 0)
		ret = boot_verdict_parse(&v, text.ptr, text.len, path);
	if (ret < 0)
		goto out;
	if (v->tip && v->status && tip_hex && !strcmp(v->tip, tip_hex))
		*out = v;
	else
		boot_verdict_free(v);
out:
	buf_release(&text);
	free(path);
	return ret;
}

void boot_verdict_free(struct boot_verdict *v)
{
	if (!v)
		return;
	free(v->tip);
	free(v->status);
	free(v->summary);
	free(v->detail);
	free(v->error_file);
	free(v->release);
	free(v->accel);
	free(v->source);
	free(v->runner);
	lava_free(v->lava);
	boot_strv_free(v->kunit, v->nr_kunit);
	free(v->build_log);
	free(v->console_log);
	boot_strv_free(v->enabled, v->nr_enabled);
	boot_strv_free(v->missing, v->nr_missing);
	for (size_t i = 0; i < v->nr_suites; i++)
		free(v->suites[i].name);
	free(v->suites);
	for (size_t i = 0; i < v->nr_commits; i++) {
		struct boot_commit *c = &v->commits[i];

		free(c->id);
		free(c->subject);
		free(c->status);
		free(c->detail);
		free(c->error_file);
		free(c->build_log);
	}
	free(v->commits);
	kwarn_free(v->new_warnings, v->nr_new_warnings);
	boot_strv_free(v->unchecked, v->nr_unchecked);
	boot_strv_free(v->w1_checked, v->nr_w1_checked);
	boot_strv_free(v->series, v->nr_series);
	boot_strv_free(v->lava_files, v->nr_lava_files);
	free(v->arch);
	free(v->config);
	free(v->pristine);
	for (size_t i = 0; i < v->nr_cells; i++)
		boot_verdict_free(v->cells[i]);
	free(v->cells);
	free(v);
}

