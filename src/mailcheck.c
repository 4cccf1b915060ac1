#include "mailcheck.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "assisted.h"
#include "place.h"
#include "util.h"

#define SOB_KEY "Signed-off-by"
#define NO_ENTRY SIZE_MAX

/* --- the files a diff adds ----------------------------------------- */

struct diff_reader {
	const char *p, *end;
};

static bool next_line(struct diff_reader *d, const char **s, size_t *n)
{
	const char *nl;

	if (d->p >= d->end)
		return false;
	nl = memchr(d->p, '\n', (size_t)(d->end - d->p));
	*s = d->p;
	*n = nl ? (size_t)(nl - d->p) : (size_t)(d->end - d->p);
	d->p = nl ? nl + 1 : d->end;
	return true;
}

static bool line_starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

/* "b/path" of a "diff --git a/x b/y" line (quotes dropped). */
static char *diff_path(const char *s, size_t n)
{
	const char *b = NULL;

	for (size_t i = 11; i + 2 < n; i++)
		if (s[i] == ' ' && (s[i + 1] == 'b' || s[i + 1] == '"') &&
		    (s[i + 2] == '/' || s[i + 2] == 'b'))
			b = s + i + 1;
	if (!b)
		return NULL;
	n -= (size_t)(b - s);
	if (*b == '"' && n > 1 && b[n - 1] == '"') {
		b++;
		n -= 2;
	}
	if (n > 2 && !memcmp(b, "b/", 2))
		return xstrndup(b + 2, n - 2);
	return xstrndup(b, n);
}

static struct added_file *push_file(struct added_file **v, size_t *nr,
				    char *path)
{
	struct added_file *f;

	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	f = &(*v)[(*nr)++];
	memset(f, 0, sizeof(*f));
	f->path = path;
	f->head = xstrdup("");
	return f;
}

void mail_added_files(struct added_file **out, size_t *nr,
		      const struct mail *m)
{
	struct diff_reader d = { m->patch, m->patch + m->patch_len };
	struct added_file *f = NULL;
	struct buf head = BUF_INIT;
	bool added = false, in_hunk = false;
	char *path = NULL;
	size_t heads = 0;
	const char *s;
	size_t n;

	*out = NULL;
	*nr = 0;
	while (next_line(&d, &s, &n)) {
		if (line_starts(s, n, "diff --git ")) {
			free(path);
			path = diff_path(s, n);
			added = in_hunk = false;
			f = NULL;
			continue;
		}
		if (!path)
			continue;
		if (!in_hunk && line_starts(s, n, "new file mode")) {
			added = true;
			f = push_file(out, nr, xstrdup(path));
			buf_reset(&head);
			heads = 0;
		} else if (f && !in_hunk &&
			   (line_starts(s, n, "Binary files") ||
			    line_starts(s, n, "GIT binary patch"))) {
			f->binary = true;
		} else if (f && added && line_starts(s, n, "@@")) {
			in_hunk = true;
		} else if (f && in_hunk && heads < 2 && n && s[0] == '+') {
			buf_add(&head, s + 1, n - 1);
			buf_addch(&head, '\n');
			free(f->head);
			f->head = xstrndup(head.ptr, head.len);
			f->head_len = head.len;
			heads++;
		}
	}
	free(path);
	buf_release(&head);
}

/* --- a patch ------------------------------------------------------- */

static bool is_relay(const char *name)
{
	/* "Ada via B4 Relay", a list's DMARC rewrite "Ada via linux-foo" */
	return name && strstr(name, " via ");
}

/*
 * Who sent a relayed mail: B4 Relay keeps the sender in
 * X-Original-From: ("Grace via B4 Relay" may relay Linus's patch).
 * False when the mail is not relayed or does not say.
 */
static bool relay_sender(struct ident *out, const struct mail *m)
{
	const char *orig = mail_header(m, "X-Original-From");

	if (!is_relay(m->sender_name) || !orig)
		return false;
	ident_parse(out, orig);
	if (out->email && *out->email)
		return true;
	ident_release(out);
	return false;
}

/* The sender signs off too when the patch is someone else's. */
static void check_sender(struct lint_result *res, const struct message *m,
			 const struct ident *author, const struct ident *sender,
			 const struct lint_opts *o)
{
	char *fix;

	if (!sender->email || !*sender->email ||
	    (author->email && str_ieq(author->email, sender->email)) ||
	    lint_is_ai_ident(o->cat, sender, NULL, NULL))
		return;
	for (size_t i = 0; i < m->nr_trailers; i++) {
		struct ident id;
		bool same;

		if (!trailer_is(&m->trailers[i], SOB_KEY))
			continue;
		/* the same person may send from another address */
		ident_parse(&id, m->trailers[i].value);
		same = (id.email && str_ieq(id.email, sender->email)) ||
		       (sender->name && *sender->name &&
			str_fold_eq(id.name, sender->name));
		ident_release(&id);
		if (same)
			return;
	}
	fix = signoff_line(sender);
	lint_add_finding(res, "SENDER_SIGNOFF_MISSING", SEV_WARNING, 0,
			 NO_ENTRY, NULL, fix, ACT_PLACE,
			 "the mail is sent by %s <%s>, who did not sign it off: whoever passes a patch on adds a Signed-off-by: (submitting-patches.rst)",
			 sender->name, sender->email);
	free(fix);
}

static size_t header_line(const struct mail *m, const char *name)
{
	for (size_t i = 0; i < m->nr_headers; i++)
		if (str_ieq(m->headers[i].name, name))
			return m->headers[i].line;
	return 0;
}

/* Message lines to input lines; lines about no line point at a header. */
static void map_lines(struct lint_result *res, const struct mail *m)
{
	for (size_t i = 0; i < res->nr; i++) {
		struct finding *f = &res->findings[i];

		if (f->line)
			f->line = mail_line(m, f->line);
		else if (!strcmp(f->id, "AUTHOR_SIGNOFF_MISSING"))
			f->line = m->author_line;
		else if (!strcmp(f->id, "SENDER_SIGNOFF_MISSING"))
			f->line = header_line(m, "From");
		else if (!strcmp(f->id, "MISSING_SIGNOFF") && m->patch_line)
			f->line = m->patch_line;
	}
}

void mail_check_as(struct lint_result *out, const struct mail *m,
		   const char *message, size_t len,
		   const struct lint_opts *o, const struct spdx_ids *licenses)
{
	struct ident author = { m->author_name, m->author_email };
	struct ident sender = { m->sender_name, m->sender_email };
	struct ident relayed = { NULL, NULL };
	struct lint_facts facts = { &author, &sender, NULL,
				    0, licenses, false };
	struct message *msg, *trimmed = NULL;
	struct added_file *files = NULL;
	size_t nr = 0, cut = 0;

	if (!*m->author_email)
		facts.author = NULL;
	if (relay_sender(&relayed, m))
		sender = relayed;
	else if (!*m->sender_email || is_relay(m->sender_name))
		facts.committer = facts.author;
	if (licenses) {
		mail_added_files(&files, &nr, m);
		facts.files = files;
		facts.nr_files = nr;
	}
	message_parse_commit(&msg, message, len, '#');
	lint_check_message(out, msg, &facts, o);
	if (!lint_changelog_cut(&trimmed, &cut, msg))
		trimmed = NULL;
	if (facts.committer == &sender)
		check_sender(out, trimmed ? trimmed : msg, &author, &sender, o);
	message_free(trimmed);
	message_free(msg);
	added_files_free(files, nr);
	ident_release(&relayed);
}

static void check_patch(struct lint_result *out, const struct mail *m,
			const struct lint_opts *o,
			const struct spdx_ids *licenses)
{
	mail_check_as(out, m, m->message, m->message_len, o, licenses);
	map_lines(out, m);
}

/* --- a cover letter ------------------------------------------------ */

static bool word_char(int c)
{
	return git_isalnum(c) || c == '-' || c == '_' || c == '.' || c == ':';
}

/* Does word w (n bytes) name an agent or a model of the catalogue? */
static bool names_agent(const struct catalogue *c, const char *w, size_t n)
{
	char *s = xstrndup(w, n);
	char *colon = strchr(s, ':');
	bool yes;

	if (colon)
		*colon = '\0';	/* "Claude:claude-opus-4-5" */
	while (*s && s[strlen(s) - 1] == '.')
		s[strlen(s) - 1] = '\0';
	yes = *s && (catalogue_agent(c, s) ||
		     catalogue_agent_for_model(c, s, NULL));
	free(s);
	return yes;
}

struct mentions {
	size_t ai_line;		/* first line with AI, LLM, Assisted-by */
	size_t agent_line;	/* first line naming an agent or a model */
};

/* What the text of a cover letter says about AI help, by line. */
static void scan_cover(struct mentions *out, const struct message *m,
		       const struct catalogue *c)
{
	const char *p = m->text, *end = m->text + m->len;

	memset(out, 0, sizeof(*out));
	while (p < end) {
		const char *w = p;
		size_t n;

		while (w < end && !word_char((unsigned char)*w))
			w++;
		for (p = w; p < end && word_char((unsigned char)*p); p++)
			;
		n = (size_t)(p - w);
		if (!n)
			continue;
		if (!out->ai_line &&
		    ((n == 2 && !memcmp(w, "AI", 2)) ||
		     (n >= 3 && !memcmp(w, "LLM", 3)) ||
		     (n >= 11 && !strncasecmp(w, "Assisted-by", 11))))
			out->ai_line = message_line_number(m,
						(size_t)(w - m->text));
		if (!out->agent_line && names_agent(c, w, n))
			out->agent_line = message_line_number(m,
						(size_t)(w - m->text));
	}
	if (!out->ai_line)
		out->ai_line = out->agent_line;
}

/* "1, 2 and 5" of the patches marked. */
static void add_numbers(struct buf *b, const unsigned *nums, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		if (i)
			buf_adds(b, i + 1 == nr ? " and " : ", ");
		buf_addf(b, "%u", nums[i]);
	}
}

static bool same_series(const struct mail *cover, const struct mail *p)
{
	return !p->is_cover && p->total == cover->total &&
	       p->version == cover->version;
}

static void vendor_footers(struct lint_result *out, const struct message *m,
			   const struct catalogue *c)
{
	size_t off = 0;

	while (off < m->len) {
		const char *nl = memchr(m->text + off, '\n', m->len - off);
		size_t n = nl ? (size_t)(nl - (m->text + off)) : m->len - off;
		char *text;

		if (lint_footer(c, m->text + off, n)) {
			text = xstrndup(m->text + off, n);
			lint_add_finding(out, "VENDOR_FOOTER", SEV_WARNING,
					 message_line_number(m, off), NO_ENTRY,
					 text, NULL, ACT_REMOVE,
					 "a footer an AI tool writes: say in your own words which patches an AI coding assistant helped with");
			free(text);
		}
		off += n + 1;
	}
}

/* Patches of cover's series in set (NULL: none) marked AI-assisted. */
static size_t series_ai(unsigned *ai, size_t *nr_patches, size_t *nr_tagged,
			const struct mail_set *set, size_t at,
			const struct lint_opts *o)
{
	const struct mail *cover = set ? &set->mails[at] : NULL;
	size_t nr_ai = 0;

	*nr_patches = *nr_tagged = 0;
	for (size_t i = 0; set && i < set->nr; i++) {
		const struct mail *p = &set->mails[i];
		struct lint_result r;
		struct message *pm;

		if (i == at || !same_series(cover, p))
			continue;
		(*nr_patches)++;
		message_parse_commit(&pm, p->message, p->message_len, '#');
		lint_message(&r, pm, NULL, o);
		if (r.has_assisted || r.guess.signals)
			ai[nr_ai++] = p->number;
		*nr_tagged += r.has_assisted;
		lint_result_release(&r);
		message_free(pm);
	}
	return nr_ai;
}

/*
 * An Assisted-by: line in a cover letter is judged as in a patch: the
 * letter is where a maintainer reads the series' disclosure first.
 */
static void cover_assisted(struct lint_result *out, const struct message *m,
			   const struct lint_opts *o)
{
	for (size_t i = 0; i < m->nr_trailers; i++) {
		const struct trailer *t = &m->trailers[i];
		struct assisted_verdict v;
		size_t line = 1;

		if (!trailer_is(t, ASSISTED_KEY))
			continue;
		for (size_t k = 0; k < t->start && k < m->len; k++)
			line += m->text[k] == '\n';
		assisted_judge(&v, o->cat, t->value, o->form);
		for (size_t k = 0; k < v.nr; k++) {
			const struct assisted_issue *is = &v.issues[k];

			if (is->level == LEVEL_INFO)
				continue;
			lint_add_finding(out, is->id, is->level == LEVEL_ERROR ?
					 SEV_ERROR : SEV_WARNING, line,
					 NO_ENTRY, NULL, NULL, ACT_NONE, "%s",
					 is->message);
		}
		assisted_verdict_release(&v);
	}
}

/*
 * The cover letter text (len bytes) of mail at of set; set NULL: a
 * cover letter given alone, as a message. Lines of text.
 */
static void check_cover_text(struct lint_result *out, const char *text,
			     size_t len, const struct mail_set *set,
			     size_t at, const struct lint_opts *o)
{
	struct message *msg;
	struct mentions says;
	unsigned *ai = xcalloc((set ? set->nr : 0) + 1, sizeof(*ai));
	size_t nr_ai, nr_patches, nr_tagged;
	struct buf b = BUF_INIT;

	memset(out, 0, sizeof(*out));
	nr_ai = series_ai(ai, &nr_patches, &nr_tagged, set, at, o);
	message_parse_commit(&msg, text, len, '#');
	scan_cover(&says, msg, o->cat);
	vendor_footers(out, msg, o->cat);
	cover_assisted(out, msg, o);
	if (nr_ai && !says.ai_line) {
		buf_add(&b, "", 0);
		add_numbers(&b, ai, nr_ai);
		lint_add_finding(out, "COVER_MISSING_DISCLOSURE", SEV_ERROR,
				 1, NO_ENTRY, NULL, NULL, ACT_NONE,
				 "%s %s of this series %s AI-assisted, but the cover letter does not say so: add the disclosure paragraph (git disclose cover writes one), which tools helped with which patches and how you reviewed and tested them (generated-content.rst)",
				 nr_ai == 1 ? "patch" : "patches", b.ptr,
				 nr_ai == 1 ? "is" : "are");
	} else if (nr_patches && !nr_tagged && says.agent_line) {
		lint_add_finding(out, "COVER_UNTAGGED_PATCHES", SEV_WARNING,
				 says.agent_line, NO_ENTRY, NULL, NULL,
				 ACT_NONE,
				 "the cover letter names an AI coding assistant, but no patch of the series here carries an Assisted-by: tag: the tag goes in each patch it helped with (coding-assistants.rst)");
	}
	buf_release(&b);
	message_free(msg);
	free(ai);
}

static void check_cover(struct lint_result *out, const struct mail_set *set,
			size_t at, const struct lint_opts *o)
{
	const struct mail *cover = &set->mails[at];

	check_cover_text(out, cover->message, cover->message_len, set, at, o);
	map_lines(out, cover);
}

bool mail_message_is_cover(const char *text, size_t len)
{
	const char *nl = memchr(text, '\n', len);
	char *subject = xstrndup(text, nl ? (size_t)(nl - text) : len);
	bool yes = mail_subject_is_cover(subject) &&
		   !mail_text_has_diff(text, len);

	free(subject);
	return yes;
}

void mail_check_cover_message(struct lint_result *out, const char *text,
			      size_t len, const struct lint_opts *o)
{
	check_cover_text(out, text, len, NULL, 0, o);
}

void mail_check(struct lint_result *out, const struct mail_set *set,
		size_t i, const struct lint_opts *o,
		const struct spdx_ids *licenses)
{
	if (set->mails[i].is_cover)
		check_cover(out, set, i, o);
	else
		check_patch(out, &set->mails[i], o, licenses);
}
