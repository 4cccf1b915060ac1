/*
 * The cover letter's disclosure paragraph. Everything it states comes
 * from the commits (Assisted-by:, Tested-by:, Reviewed-by: and
 * Signed-off-by: trailers), from what the human says (opts) or from the
 * recorded boot verdict; what is not known is left as a bracketed
 * prompt for the human to fill in, never invented.
 */
#include "cover.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assisted.h"
#include "b4.h"
#include "catalogue.h"
#include "fixes.h"
#include "lint.h"
#include "message.h"
#include "sanitize.h"
#include "strv.h"

#define COVER_WIDTH 72

struct collect {
	struct repo *r;
	struct cover *c;
	const struct ident *human;
	const struct catalogue *cat;
	struct message *m;
};

/* The title paragraph on one line, as git format-patch's Subject:. */
static char *subject_of(const struct message *m)
{
	char *s = message_subject(m->text, m->title_end);

	if (*s)
		return s;
	free(s);
	return xstrdup("(no subject)");
}

static bool script_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || strchr("_./-", ch);
}

/* Every word of text ending in ".cocci": the scripts a message names. */
static void named_scripts(char ***out, const char *text, size_t len)
{
	for (size_t i = 0; i + 6 <= len; i++) {
		size_t start = i, end = i + 6;

		if (memcmp(text + i, ".cocci", 6) ||
		    (end < len && script_char(text[end]) && text[end] != '.'))
			continue;
		while (start && script_char(text[start - 1]))
			start--;
		if (start < i) {
			char *name = xstrndup(text + start, end - start);

			if (!strv_has(*out, name))
				strv_push(out, name);
			free(name);
		}
	}
}

/* The paths of a diff ("diff --git a/X b/Y": Y) into *files. */
static void diff_files(char ***files, char ***scripts, const char *diff)
{
	for (const char *s = diff; s && *s; s = strchr(s, '\n'),
	     s = s ? s + 1 : NULL) {
		const char *e = strchrnul(s, '\n'), *b;
		char *path;

		if (strncmp(s, "diff --git a/", 13))
			continue;
		for (b = e - 3; b > s && strncmp(b, " b/", 3); b--)
			;
		if (b <= s)
			continue;
		path = xstrndup(b + 3, (size_t)(e - b - 3));
		if (!strv_has(*files, path))
			strv_push(files, path);
		if (strlen(path) > 6 && !strcmp(path + strlen(path) - 6,
						 ".cocci") &&
		    !strv_has(*scripts, path))
			strv_push(scripts, path);
		free(path);
	}
}

/*
 * What the checker reads as an AI tool's traces in m and its author and
 * committer (lf, or NULL), when m has no Assisted-by: the patch is
 * AI-involved, though nothing discloses it.
 */
static void read_traces(struct cover_patch *p, const struct message *m,
			const struct lint_facts *lf,
			const struct catalogue *cat)
{
	struct lint_opts o = { .form = FORM_AGENT_MODEL, .cat = cat };
	struct lint_result res;

	if (!cat)
		return;
	lint_message(&res, m, lf, &o);
	p->traces = res.guess.signals && !res.has_assisted;
	if (p->traces && res.guess.agent)
		p->traces_agent = xstrdup(res.guess.agent->name);
	lint_result_release(&res);
}

/* A patch of id ("" unknown) with message m, at the end of c. */
static void add_patch(struct cover *c, const char *id,
		      const struct message *m, const struct ident *human,
		      const struct lint_facts *lf, const struct catalogue *cat)
{
	struct cover_patch *p;

	c->patches = xrealloc(c->patches,
			      (c->nr_patches + 1) * sizeof(*c->patches));
	p = &c->patches[c->nr_patches++];
	memset(p, 0, sizeof(*p));
	snprintf(p->id, sizeof(p->id), "%s", id);
	p->subject = subject_of(m);
	p->fixes = fixes_count(m) > 0;
	named_scripts(&p->scripts, m->text, m->patch_start);
	read_traces(p, m, lf, cat);
	for (size_t i = 0; i < m->nr_trailers; i++) {
		const struct trailer *t = &m->trailers[i];

		if (!t->key || t->comment)
			continue;
		if (trailer_is(t, ASSISTED_KEY))
			strv_push(&p->assisted, t->value);
		else if (trailer_is(t, "Tested-by"))
			strv_push(&p->tested_by, t->value);
		else if (trailer_is(t, "Reviewed-by"))
			strv_push(&p->reviewed_by, t->value);
		else if (trailer_is(t, SOB_KEY) && human) {
			struct ident who;

			ident_parse(&who, t->value);
			if (ident_same(&who, human))
				p->human_signoff = true;
			ident_release(&who);
		}
	}
}

/* The files the commit changes, and the scripts among them. */
static int patch_files(struct cover_patch *p, struct repo *r)
{
	struct buf diff = BUF_INIT;
	char **scripts = NULL;

	if (repo_commit_patch(&diff, r, p->id) < 0) {
		buf_release(&diff);
		return -1;
	}
	p->files = xcalloc(1, sizeof(*p->files));
	diff_files(&p->files, &scripts, buf_cstr(&diff));
	/* the ones it changes first, then the ones only named */
	for (char **n = p->scripts; n && *n; n++)
		if (!strv_has(scripts, *n))
			strv_push(&scripts, *n);
	strv_free(p->scripts);
	p->scripts = scripts;
	buf_release(&diff);
	return 0;
}

/*
 * Each script of the series once, read at the tip: a name without a
 * directory is looked for among the files the series changes.
 */
static void read_scripts(struct cover *c, struct repo *r)
{
	for (size_t i = 0; i < c->nr_patches; i++) {
		for (char **n = c->patches[i].scripts; n && *n; n++) {
			struct cover_script *sc;
			struct buf b = BUF_INIT;
			bool seen = false;

			for (size_t j = 0; j < c->nr_scripts; j++)
				seen |= !strcmp(c->scripts[j].path, *n);
			if (seen)
				continue;
			c->scripts = xrealloc(c->scripts, (c->nr_scripts + 1) *
					      sizeof(*c->scripts));
			sc = &c->scripts[c->nr_scripts++];
			sc->path = xstrdup(*n);
			sc->added = strv_has(c->patches[i].files, *n);
			sc->text = NULL;
			if (repo_read_blob_at(r, c->tip, *n, &b) == 1)
				sc->text = buf_detach(&b, NULL);
			error_clear();
			buf_release(&b);
		}
	}
}

static int collect_one(const struct commit_info *ci, void *data)
{
	struct collect *st = data;
	struct cover *c = st->c;
	/* an AI author (Claude <noreply@anthropic.com>) is a trace too */
	struct ident author = { ci->author_name, ci->author_email };
	struct ident committer = { ci->committer_name, ci->committer_email };
	struct lint_facts lf = { &author, &committer, NULL, 0, NULL, false };

	if (ci->nr_parents > 1)
		return 0;
	if (b4_is_cover(st->r, ci)) {
		memcpy(c->b4_cover, ci->id, sizeof(c->b4_cover));
		return 0;
	}
	/* the trailer block is read as git reads it: core.commentChar */
	if (message_parse_commit(&st->m, ci->message, ci->message_len,
				 repo_comment_char(st->r)) < 0)
		return -1;
	add_patch(c, ci->id, st->m, st->human, &lf, st->cat);
	message_free(st->m);
	st->m = NULL;
	return patch_files(&c->patches[c->nr_patches - 1], st->r);
}

int cover_collect(struct cover **out, struct repo *r, const char *range,
		  const struct ident *human, const struct catalogue *cat)
{
	struct cover *c = xcalloc(1, sizeof(*c));
	struct collect st = { r, c, human, cat, NULL };

	*out = NULL;
	if (repo_walk(r, range, collect_one, &st) < 0) {
		message_free(st.m);
		cover_free(c);
		return -1;
	}
	/* repo_walk gives the newest first; a series is numbered oldest first */
	for (size_t i = 0; i < c->nr_patches / 2; i++) {
		struct cover_patch tmp = c->patches[i];

		c->patches[i] = c->patches[c->nr_patches - 1 - i];
		c->patches[c->nr_patches - 1 - i] = tmp;
	}
	if (c->nr_patches) {
		c->tip = xstrdup(c->patches[c->nr_patches - 1].id);
		read_scripts(c, r);
	}
	*out = c;
	return 0;
}

/* Is s a full commit id, as format-patch's "From <id> Mon Sep 17" has? */
static bool is_commit_id(const char *s)
{
	size_t n = 0;

	while (s[n] && strchr("0123456789abcdef", s[n]))
		n++;
	return n == OID_HEX && !s[n];
}

/* The patches of set by their [PATCH n/m] numbers, else in mbox order. */
static size_t *mail_order(const struct mail_set *set, size_t *nr)
{
	size_t *at = xcalloc(set->nr + 1, sizeof(*at));
	bool numbered = true;

	*nr = 0;
	for (size_t i = 0; i < set->nr; i++) {
		const struct mail *m = &set->mails[i];

		if (m->is_cover || !m->has_patch)
			continue;
		numbered = numbered && m->number;
		at[(*nr)++] = i;
	}
	for (size_t i = 1; numbered && i < *nr; i++) {
		size_t v = at[i], j = i;

		for (; j && set->mails[at[j - 1]].number >
			    set->mails[v].number; j--)
			at[j] = at[j - 1];
		at[j] = v;
	}
	return at;
}

int cover_collect_mail(struct cover **out, const struct mail_set *set,
		       const struct ident *human, const struct catalogue *cat)
{
	struct cover *c = xcalloc(1, sizeof(*c));
	size_t nr, *at = mail_order(set, &nr);
	struct ident author, sender;
	struct lint_facts lf = { &author, &sender, NULL, 0, NULL, false };

	*out = NULL;
	for (size_t i = 0; i < nr; i++) {
		const struct mail *m = &set->mails[at[i]];
		struct message *msg;

		if (message_parse_commit(&msg, m->message, m->message_len,
					 '#') < 0) {
			free(at);
			cover_free(c);
			return -1;
		}
		author = (struct ident){ m->author_name, m->author_email };
		sender = (struct ident){ m->sender_name, m->sender_email };
		add_patch(c, is_commit_id(m->commit_id) ? m->commit_id : "",
			  msg, human, &lf, cat);
		message_free(msg);
	}
	if (c->nr_patches && c->patches[c->nr_patches - 1].id[0])
		c->tip = xstrdup(c->patches[c->nr_patches - 1].id);
	free(at);
	*out = c;
	return 0;
}

void cover_free(struct cover *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nr_patches; i++) {
		free(c->patches[i].subject);
		free(c->patches[i].traces_agent);
		strv_free(c->patches[i].assisted);
		strv_free(c->patches[i].tested_by);
		strv_free(c->patches[i].reviewed_by);
		strv_free(c->patches[i].files);
		strv_free(c->patches[i].scripts);
	}
	for (size_t i = 0; i < c->nr_scripts; i++) {
		free(c->scripts[i].path);
		free(c->scripts[i].text);
	}
	free(c->scripts);
	free(c->patches);
	free(c->tip);
	free(c);
}

size_t cover_nr_assisted(const struct cover *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nr_patches; i++)
		n += c->patches[i].assisted != NULL;
	return n;
}

/*
 * Append text to out as lines of at most COVER_WIDTH columns (display
 * columns: a name with accents is as wide as it looks). Unlike the
 * terminal's rows (wrap_row), mail text never cuts a word: a URL, a
 * commit id or a path longer than a line stays whole.
 */
static void wrap(struct buf *out, const char *text)
{
	size_t col = 0;

	while (*text) {
		size_t n, w;

		while (*text == ' ')
			text++;
		n = strcspn(text, " ");
		if (!n)
			break;
		w = sanitize_width(text, n);
		if (col && col + 1 + w > COVER_WIDTH) {
			buf_addch(out, '\n');
			col = 0;
		} else if (col) {
			buf_addch(out, ' ');
			col++;
		}
		buf_add(out, text, n);
		col += w;
		text += n;
	}
	buf_adds(out, "\n");
}

/* "patch 2", "patches 1 and 3", "patches 1, 3 and 4" from marks. */
static void add_numbers(struct buf *b, const bool *marks, size_t nr)
{
	size_t count = 0, seen = 0;

	for (size_t i = 0; i < nr; i++)
		count += marks[i];
	buf_adds(b, count == 1 ? "patch " : "patches ");
	for (size_t i = 0; i < nr; i++) {
		if (!marks[i])
			continue;
		seen++;
		if (seen > 1)
			buf_adds(b, seen == count ? " and " : ", ");
		buf_addf(b, "%zu", i + 1);
	}
}

/* "a", "a and b", "a, b and c" */
static void add_list(struct buf *b, char *const *items)
{
	size_t n = strv_len(items);

	for (size_t i = 0; i < n; i++) {
		if (i)
			buf_adds(b, i == n - 1 ? " and " : ", ");
		buf_adds(b, items[i]);
	}
}

/* One agent and model, with the patches and tools that named it. */
struct group {
	char *label;		/* "Claude with the model claude-opus-4-5" */
	char **tools;
	bool *marks;
};

static char *label_of(const char *value, char ***tools)
{
	struct assisted *a = NULL;
	struct buf b = BUF_INIT;

	if (assisted_parse(&a, value, FORM_AGENT_MODEL) == 0) {
		buf_addf(&b, "%s with the model %s", a->agent, a->model);
	} else if (assisted_parse(&a, value, FORM_LLM) == 0) {
		buf_adds(&b, "an LLM whose agent and model are not named");
	} else {
		error_clear();
		buf_addf(&b, "an assistant given as \"%s\"", value);
		return buf_detach(&b, NULL);
	}
	for (char **t = a->tools; *t; t++)
		if (!strv_has(*tools, *t))
			strv_push(tools, *t);
	assisted_free(a);
	return buf_detach(&b, NULL);
}

static size_t make_groups(struct group **out, const struct cover *c)
{
	struct group *g = NULL;
	size_t nr = 0;

	for (size_t i = 0; i < c->nr_patches; i++) {
		for (char **v = c->patches[i].assisted; v && *v; v++) {
			char **tools = NULL;
			char *label = label_of(*v, &tools);
			size_t j;

			for (j = 0; j < nr && strcmp(g[j].label, label); j++)
				;
			if (j == nr) {
				g = xrealloc(g, (nr + 1) * sizeof(*g));
				g[nr].label = label;
				g[nr].tools = NULL;
				g[nr].marks = xcalloc(c->nr_patches, 1);
				nr++;
			} else {
				free(label);
			}
			g[j].marks[i] = true;
			for (char **t = tools; t && *t; t++)
				if (!strv_has(g[j].tools, *t))
					strv_push(&g[j].tools, *t);
			strv_free(tools);
		}
	}
	*out = g;
	return nr;
}

static void free_groups(struct group *g, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(g[i].label);
		strv_free(g[i].tools);
		free(g[i].marks);
	}
	free(g);
}

static void add_which(struct buf *b, const struct cover *c, size_t nr)
{
	bool *marks = xcalloc(c->nr_patches, 1);

	if (c->nr_patches == 1) {
		buf_adds(b, "This patch was");
	} else if (nr == c->nr_patches) {
		buf_addf(b, "All %zu patches of this series were", nr);
	} else {
		for (size_t i = 0; i < c->nr_patches; i++)
			marks[i] = c->patches[i].assisted != NULL;
		buf_adds(b, "In this series of ");
		buf_addf(b, "%zu, ", c->nr_patches);
		add_numbers(b, marks, c->nr_patches);
		buf_adds(b, nr == 1 ? " was" : " were");
	}
	free(marks);
}

/* " Patch 2 ...": b at its end gets the capitalized patch numbers. */
static void add_sentence_numbers(struct buf *b, const bool *marks,
				 size_t nr)
{
	size_t at;

	buf_addch(b, ' ');
	at = b->len;
	add_numbers(b, marks, nr);
	b->ptr[at] = 'P';
}

static size_t count_marks(const bool *marks, size_t nr)
{
	size_t n = 0;

	for (size_t i = 0; i < nr; i++)
		n += marks[i];
	return n;
}

/*
 * The patches without an Assisted-by:, said only as far as it is known:
 * "without AI assistance" is the human's statement (the assistant's a),
 * an AI tool's traces are AI involvement that nothing discloses yet,
 * and of the rest only the missing tag is a fact.
 */
static void add_others(struct buf *b, const struct cover *c,
		       const struct cover_opts *o)
{
	size_t n = c->nr_patches;
	bool *traced = xcalloc(n, 1), *no_ai = xcalloc(n, 1);
	bool *unknown = xcalloc(n, 1);
	char **agents = NULL;

	for (size_t i = 0; i < n; i++) {
		const struct cover_patch *p = &c->patches[i];

		if (p->assisted)
			continue;
		if (p->traces) {
			traced[i] = true;
			if (p->traces_agent && !strv_has(agents, p->traces_agent))
				strv_push(&agents, p->traces_agent);
		} else if (o->no_ai && o->no_ai[i]) {
			no_ai[i] = true;
		} else {
			unknown[i] = true;
		}
	}
	if (count_marks(traced, n)) {
		add_sentence_numbers(b, traced, n);
		buf_adds(b, count_marks(traced, n) == 1 ? " carries" : " carry");
		buf_adds(b, " traces of an AI tool");
		if (agents) {
			buf_adds(b, " (");
			add_list(b, agents);
			buf_adds(b, ")");
		}
		buf_adds(b, " but no Assisted-by: tag [disclose that help first: git disclose fix, or say what the AI did].");
	}
	if (count_marks(no_ai, n)) {
		add_sentence_numbers(b, no_ai, n);
		buf_adds(b, count_marks(no_ai, n) == 1 ? " was" : " were");
		buf_adds(b, " written without AI assistance.");
	}
	if (count_marks(unknown, n)) {
		add_sentence_numbers(b, unknown, n);
		buf_adds(b, count_marks(unknown, n) == 1 ? " carries" :
			 " carry");
		buf_adds(b, " no Assisted-by: tag [say whether an AI helped with ");
		buf_adds(b, count_marks(unknown, n) == 1 ? "it]." : "them].");
	}
	strv_free(agents);
	free(traced);
	free(no_ai);
	free(unknown);
}

static void disclosure(struct buf *out, const struct cover *c,
		       const struct cover_opts *o)
{
	struct buf b = BUF_INIT;
	struct group *g;
	size_t nr = cover_nr_assisted(c), ng;

	if (!nr) {
		buf_adds(&b, "AI assistance: no patch of this series carries an Assisted-by: tag.");
		add_others(&b, c, o);
		wrap(out, b.ptr);
		buf_release(&b);
		return;
	}
	ng = make_groups(&g, c);
	buf_adds(&b, "AI assistance: ");
	add_which(&b, c, nr);
	buf_adds(&b, " written with the help of an AI coding assistant: ");
	for (size_t i = 0; i < ng; i++) {
		if (i)
			buf_adds(&b, "; ");
		buf_adds(&b, g[i].label);
		if (ng > 1) {
			buf_adds(&b, " (");
			add_numbers(&b, g[i].marks, c->nr_patches);
			buf_adds(&b, ")");
		}
		if (g[i].tools) {
			buf_adds(&b, strv_len(g[i].tools) > 1 ?
				 ", using the analysis tools " :
				 ", using the analysis tool ");
			add_list(&b, g[i].tools);
		}
	}
	buf_adds(&b, nr == 1 ? ". It carries an Assisted-by: tag saying so." :
		 ". Each of them carries an Assisted-by: tag saying so.");
	if (nr < c->nr_patches)
		add_others(&b, c, o);
	wrap(out, b.ptr);
	free_groups(g, ng);
	buf_release(&b);
}

static void patch_list(struct buf *out, const struct cover *c)
{
	int w = c->nr_patches >= 10 ? 2 : 1;

	buf_addch(out, '\n');
	for (size_t i = 0; i < c->nr_patches; i++) {
		const struct cover_patch *p = &c->patches[i];

		buf_addf(out, "  %*zu/%zu %s %s\n", w, i + 1, c->nr_patches,
			 p->assisted ? "[AI]" : p->traces ? "[AI?]" : "    ",
			 p->subject);
	}
}

static bool all_signed(const struct cover *c)
{
	for (size_t i = 0; i < c->nr_patches; i++)
		if (c->patches[i].assisted && !c->patches[i].human_signoff)
			return false;
	return true;
}

/* "Reviewed-by: A (patches 1 and 2)" for each distinct value. */
static void add_people(struct buf *b, const struct cover *c, bool tested)
{
	char **seen = NULL;

	for (size_t i = 0; i < c->nr_patches; i++) {
		char **v = tested ? c->patches[i].tested_by :
				    c->patches[i].reviewed_by;

		for (; v && *v; v++) {
			bool *marks;

			if (strv_has(seen, *v))
				continue;
			strv_push(&seen, *v);
			marks = xcalloc(c->nr_patches, 1);
			for (size_t j = 0; j < c->nr_patches; j++)
				marks[j] = strv_has(tested ?
						    c->patches[j].tested_by :
						    c->patches[j].reviewed_by, *v);
			buf_addf(b, " %s %s (", tested ? "Tested by" :
				 "Reviewed by", *v);
			add_numbers(b, marks, c->nr_patches);
			buf_adds(b, ").");
			free(marks);
		}
	}
	strv_free(seen);
}

static void review(struct buf *out, const struct cover *c,
		   const struct cover_opts *o)
{
	struct buf b = BUF_INIT;

	buf_adds(&b, "Review:");
	/* the human's own statement, only when the assistant recorded it */
	if (cover_nr_assisted(c) && o->certified &&
	    (!o->human || all_signed(c)))
		buf_adds(&b, " I reviewed all of the AI-generated code, made sure it is compatible with GPL-2.0-only, and take full responsibility for it; my Signed-off-by: on each patch certifies the Developer's Certificate of Origin, which only a human can do.");
	if (o->reviewed)
		buf_addf(&b, " %s", o->reviewed);
	add_people(&b, c, false);
	if (b.len == strlen("Review:"))
		buf_adds(&b, " [say how you reviewed the series]");
	wrap(out, b.ptr);
	buf_release(&b);
}

/* KUnit's suites from the boot: "KUnit: 3 suites, 2 passed (a, b) ..." */
static void add_kunit(struct buf *b, const struct cover_opts *o)
{
	size_t ok = 0;

	for (size_t i = 0; i < o->nr_suites; i++)
		ok += o->suites[i].ok;
	buf_addf(b, " KUnit on that boot: %zu of %zu suite%s passed", ok,
		 o->nr_suites, o->nr_suites == 1 ? "" : "s");
	for (size_t i = 0; i < o->nr_suites; i++) {
		const struct boot_suite *st = &o->suites[i];

		buf_addf(b, "%s %s %s (%d passed, %d failed, %d skipped)",
			 i ? ";" : ":", st->name, st->ok ? "ok" : "FAILED",
			 st->passed, st->failed, st->skipped);
	}
	buf_adds(b, ".");
}

/* What the boot's build said beyond booting: --each and W=1. */
static void add_builds(struct buf *b, const struct cover_opts *o)
{
	size_t n = o->nr_w1_files, w = o->nr_new_warnings;

	if (o->nr_built_each > 1 && o->booted_each)
		buf_addf(b, " Each of its %zu commits was built and booted in turn (git disclose boot --boot-each).",
			 o->nr_built_each);
	else if (o->nr_built_each > 1)
		buf_addf(b, " Each of its %zu commits was built in turn (git disclose boot --each).",
			 o->nr_built_each);
	if (!n)
		return;
	if (n == 1)
		buf_adds(b, " Built with W=1 at its base and at its tip, the .c file it touches ");
	else
		buf_addf(b, " Built with W=1 at its base and at its tip, the %zu .c files it touches ",
			 n);
	if (!w)
		buf_addf(b, "gain%s no compiler warning.", n == 1 ? "s" : "");
	else
		buf_addf(b, "gain%s %zu compiler warning%s%s.",
			 n == 1 ? "s" : "", w, w == 1 ? "" : "s",
			 o->warnings_accepted ? ", accepted as they are" : "");
}

/* The user's words as a sentence: a full stop when they end without one. */
static void add_sentence(struct buf *b, const char *text)
{
	size_t len = strlen(text);

	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	if (!len)
		return;
	buf_addf(b, " %.*s", (int)len, text);
	if (!strchr(".!?", text[len - 1]))
		buf_addch(b, '.');
}

static void testing(struct buf *out, const struct cover *c,
		    const struct cover_opts *o)
{
	struct buf b = BUF_INIT;

	buf_adds(&b, "Testing:");
	if (o->tested)
		add_sentence(&b, o->tested);
	add_people(&b, c, true);
	if (o->have_boot && o->boot_pass)
		buf_addf(&b, " The tip of the series was built (tinyconfig plus a boot fragment) and booted in QEMU (%s): kernel %s reached userspace with no panic, Oops, BUG or WARNING (git disclose boot).",
			 o->boot_accel ? o->boot_accel : "tcg",
			 o->boot_release ? o->boot_release : "(unknown)");
	else if (o->have_boot)
		buf_addf(&b, " The boot validation of the tip of the series failed (git disclose boot): %s.",
			 o->boot_summary ? o->boot_summary : "no summary");
	if (o->have_boot)
		add_builds(&b, o);
	if (o->have_boot && o->nr_suites)
		add_kunit(&b, o);
	else if (o->have_boot && o->generated_content)
		buf_adds(&b, " [KUnit: none ran on that boot; say which tests ran]");
	if (b.len == strlen("Testing:"))
		buf_adds(&b, " [say how you tested the series]");
	wrap(out, b.ptr);
	buf_release(&b);
}

/* generated-content.rst's "which tools": the Assisted-by: groups. */
static void gc_tools(struct buf *out, const struct cover *c)
{
	struct buf b = BUF_INIT;
	struct group *g;
	size_t ng = make_groups(&g, c);

	buf_adds(&b, "Tools:");
	for (size_t i = 0; i < ng; i++) {
		buf_addf(&b, "%s %s", i ? ";" : "", g[i].label);
		if (g[i].tools) {
			buf_adds(&b, ", with ");
			add_list(&b, g[i].tools);
		}
		buf_adds(&b, " (");
		add_numbers(&b, g[i].marks, c->nr_patches);
		buf_adds(&b, ")");
	}
	buf_adds(&b, ng ? "." : " [name the tools that generated content]");
	wrap(out, b.ptr);
	free_groups(g, ng);
	buf_release(&b);
}

/* Does any Assisted-by: of the series name the coccinelle tool? */
static bool uses_coccinelle(const struct cover *c)
{
	for (size_t i = 0; i < c->nr_patches; i++)
		for (char **v = c->patches[i].assisted; v && *v; v++)
			if (strstr(*v, "coccinelle"))
				return true;
	return false;
}

#define SCRIPT_QUOTE_LINES 60

/* The script's text, indented, at most SCRIPT_QUOTE_LINES lines. */
static void quote_script(struct buf *out, const struct cover_script *sc)
{
	const char *s = sc->text;
	size_t n = 0, more = 0;

	for (; *s; s = *s ? s + 1 : s) {
		const char *e = strchrnul(s, '\n');

		if (n++ < SCRIPT_QUOTE_LINES)
			buf_addf(out, "    %.*s\n", (int)(e - s), s);
		else
			more++;
		s = e;
	}
	if (more)
		buf_addf(out, "    [... %zu more lines: attach %s]\n", more,
			 sc->path);
}

/* "the input of tools": the Coccinelle scripts, quoted. */
static void gc_input(struct buf *out, const struct cover *c)
{
	struct buf b = BUF_INIT;

	if (!c->nr_scripts) {
		wrap(out, uses_coccinelle(c) ?
		     "Input of the tools: [quote or attach the Coccinelle script that was run]" :
		     "Input of the tools: [what the tools were given: a script, a file, or nothing beyond the prompts]");
		return;
	}
	for (size_t i = 0; i < c->nr_scripts; i++) {
		const struct cover_script *sc = &c->scripts[i];

		buf_reset(&b);
		if (!sc->text) {
			buf_addf(&b, "Input of the tools: the Coccinelle script %s [attach or quote it: the tree at the tip has no such file]",
				 sc->path);
			wrap(out, b.ptr);
			continue;
		}
		buf_addf(&b, "Input of the tools: the Coccinelle script %s%s:",
			 sc->path, sc->added ? ", which the series adds" :
			 ", as the tree has it");
		wrap(out, b.ptr);
		quote_script(out, sc);
	}
	buf_release(&b);
}

/* "which portions are affected": the files of each assisted patch. */
static void gc_portions(struct buf *out, const struct cover *c)
{
	struct buf b = BUF_INIT;
	bool any = false;

	buf_adds(&b, "Affected portions:");
	for (size_t i = 0; i < c->nr_patches; i++) {
		const struct cover_patch *p = &c->patches[i];

		if (!p->assisted)
			continue;
		buf_addf(&b, "%s patch %zu/%zu", any ? ";" : "", i + 1,
			 c->nr_patches);
		if (p->id[0])
			buf_addf(&b, " (%.12s)", p->id);
		if (!p->files)
			buf_adds(&b, " [the files it changes]");
		else if (!*p->files)
			buf_adds(&b, " (no files)");
		for (char **f = p->files; f && *f; f++)
			buf_addf(&b, "%s %s", f == p->files ? ":" : ",", *f);
		any = true;
	}
	buf_adds(&b, any ? "." :
		 " [which parts of the series are tool-generated]");
	wrap(out, b.ptr);
	buf_release(&b);
}

/* Documentation/process/generated-content.rst's transparency items. */
static void generated(struct buf *out, const struct cover *c,
		      const struct cover_opts *o)
{
	struct buf b = BUF_INIT;

	wrap(out, "Tool-generated content (Documentation/process/generated-content.rst):");
	gc_tools(out, c);
	gc_input(out, c);
	buf_addf(&b, "Prompts: %s",
		 o->prompts ? o->prompts :
		 "[summarize the prompts given to the assistant]");
	wrap(out, b.ptr);
	gc_portions(out, c);
	buf_release(&b);
}

void cover_format(struct buf *out, const struct cover *c,
		  const struct cover_opts *opts)
{
	struct cover_opts none;

	if (!opts) {
		memset(&none, 0, sizeof(none));
		opts = &none;
	}
	disclosure(out, c, opts);
	patch_list(out, c);
	buf_addch(out, '\n');
	if (opts->generated_content) {
		generated(out, c, opts);
		buf_addch(out, '\n');
	}
	review(out, c, opts);
	buf_addch(out, '\n');
	testing(out, c, opts);
}

/* "patch 2/3 (1234abcd5678)", or its subject when its commit is unknown */
static void add_where(struct buf *out, const struct cover *c, size_t i)
{
	const struct cover_patch *p = &c->patches[i];

	if (p->id[0])
		buf_addf(out, "patch %zu/%zu (%.12s)", i + 1, c->nr_patches,
			 p->id);
	else
		buf_addf(out, "patch %zu/%zu (\"%s\")", i + 1, c->nr_patches,
			 p->subject);
}

void cover_warnings(struct buf *out, const struct cover *c,
		    const struct cover_opts *opts)
{
	for (size_t i = 0; i < c->nr_patches; i++) {
		const struct cover_patch *p = &c->patches[i];

		if (opts && opts->human && p->assisted && !p->human_signoff) {
			add_where(out, c, i);
			buf_adds(out, " is AI-assisted but has no Signed-off-by: of yours: run git disclose amend on it before sending\n");
		}
		if (p->traces) {
			add_where(out, c, i);
			buf_addf(out, " carries traces of %s but no Assisted-by: the paragraph cannot say how AI helped: run git disclose fix (or check) on it first\n",
				 p->traces_agent ? p->traces_agent :
				 "an AI tool");
		}
		for (char **v = p->assisted; v && *v; v++) {
			struct assisted *a = NULL;

			if (assisted_parse(&a, *v, FORM_AGENT_MODEL) == 0 ||
			    assisted_parse(&a, *v, FORM_LLM) == 0) {
				assisted_free(a);
				continue;
			}
			error_clear();
			add_where(out, c, i);
			buf_addf(out, " has a malformed Assisted-by: %s: run git disclose check\n",
				 *v);
		}
	}
}
