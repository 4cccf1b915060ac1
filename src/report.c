#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "sanitize.h"
#include "util.h"

#define TOOL_NAME "git-disclose"
#define DOCS "https://docs.kernel.org/process/"

struct report {
	enum report_format format;
	bool color;
	FILE *out;
	size_t results, errors, warnings;
	bool mail;		/* some result was a mail */
	cJSON *review;		/* b4-review: the findings being collected */
	const char *review_url;	/* b4-review: the first finding's document */
	struct buf line;
};

int report_format_parse(enum report_format *out, const char *name)
{
	static const char *const names[] = { "text", "json", "b4",
					     "b4-review" };

	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		if (!strcmp(name, names[i])) {
			*out = (enum report_format)i;
			return 0;
		}
	}
	return error_set("unknown format '%s': give text, json, b4 (b4's per-patch check commands) or b4-review (b4's review interface)",
			 name);
}

struct report *report_new(enum report_format format, bool color, FILE *out)
{
	struct report *r = xcalloc(1, sizeof(*r));

	r->format = format;
	r->color = color && format == REPORT_TEXT;
	r->out = out;
	if (format == REPORT_B4_REVIEW)
		r->review = cJSON_CreateArray();
	return r;
}

void report_free(struct report *r)
{
	if (!r)
		return;
	cJSON_Delete(r->review);
	buf_release(&r->line);
	free(r);
}

size_t report_errors(const struct report *r)
{
	return r->errors;
}

static const char *sev_label(enum severity s)
{
	switch (s) {
	case SEV_ERROR: return "ERROR";
	case SEV_WARNING: return "WARNING";
	case SEV_INFO: break;
	}
	return "INFO";
}

static const char *sev_color(enum severity s)
{
	switch (s) {
	case SEV_ERROR: return "\033[1;31m";
	case SEV_WARNING: return "\033[1;33m";
	case SEV_INFO: break;
	}
	return "\033[36m";
}

/* Text from a commit or a mail, made safe for the terminal. */
static void add_safe(struct buf *b, const char *s)
{
	lint_sanitize(b, s, strlen(s));
}

/*
 * Who a result is about: 12 digits of a commit, "message", or for a
 * mail its [PATCH n/m] and Message-Id ("mail N" without one).
 */
static void add_who(struct buf *b, const struct report_key *k)
{
	if (!k->is_mail) {
		buf_addf(b, "%.12s", k->commit ? k->commit : "message");
		return;
	}
	if (k->file) {
		add_safe(b, k->file);
		buf_adds(b, ": ");
	}
	if (k->prefix && *k->prefix) {
		buf_addch(b, '[');
		add_safe(b, k->prefix);
		buf_adds(b, "] ");
	}
	if (k->message_id && *k->message_id)
		add_safe(b, k->message_id);
	else
		buf_addf(b, "mail %zu", k->msgno);
}

const struct finding_style report_hook_style = {
	.line_word = "message line", .fix_after_text = "  write instead: ",
	.fix_alone = "  add: ",
};

void report_finding_text(struct buf *b, const char *prefix,
			 const struct finding *f, enum severity sev,
			 const struct finding_style *st)
{
	const char *on = st->color ? sev_color(sev) : "";
	const char *off = st->color ? "\033[m" : "";

	buf_addf(b, "%s%s%s%s: %s: ", prefix, on, sev_label(sev), off, f->id);
	if (f->line)
		buf_addf(b, "%s %zu: ", st->line_word, f->line);
	add_safe(b, f->message);
	buf_addch(b, '\n');
	if (f->text) {
		buf_adds(b, "    ");
		add_safe(b, f->text);
		buf_addch(b, '\n');
	}
	if (f->fix) {
		if (st->fix_alone)
			buf_adds(b, f->text ? st->fix_after_text :
				 st->fix_alone);
		else
			buf_addf(b, "  %s%s%s ", st->color ? "\033[32m" : "",
				 st->fix_after_text, off);
		add_safe(b, f->fix);
		buf_addch(b, '\n');
	}
}

static void text_finding(struct report *r, const struct report_key *k,
			 const struct finding *f)
{
	const struct finding_style st = {
		.line_word = "line", .fix_after_text = "+",
		.color = r->color,
	};
	struct buf prefix = BUF_INIT;

	add_who(&prefix, k);
	buf_adds(&prefix, " (\"");
	add_safe(&prefix, k->subject ? k->subject : "");
	buf_adds(&prefix, "\"): ");
	buf_reset(&r->line);
	report_finding_text(&r->line, prefix.ptr, f, f->severity, &st);
	fwrite(r->line.ptr, 1, r->line.len, r->out);
	buf_release(&prefix);
}

/*
 * One line for b4: "ERROR: ID: line N: what (fix: line)". b4 shows a
 * line holding "ERROR:" as a failure and any other as a warning, so
 * an informational finding is not written (it would be a warning).
 */
static void b4_finding(struct report *r, const struct report_key *k,
		       const struct finding *f)
{
	struct buf *b = &r->line;

	if (f->severity == SEV_INFO)
		return;
	buf_reset(b);
	if (k->is_mail && k->many) {
		add_who(b, k);
		buf_adds(b, ": ");
	}
	buf_addf(b, "%s: %s: ", f->severity == SEV_ERROR ? "ERROR" : "WARNING",
		 f->id);
	if (f->line)
		buf_addf(b, "line %zu: ", f->line);
	add_safe(b, f->message);
	if (f->fix) {
		buf_adds(b, " (fix: ");
		add_safe(b, f->fix);
		buf_addch(b, ')');
	}
	buf_addch(b, '\n');
	fwrite(b->ptr, 1, b->len, r->out);
}

/* JSON text must be UTF-8: invalid bytes become U+FFFD. */
static cJSON *str_or_null(const char *s)
{
	struct buf b = BUF_INIT;
	size_t len, i = 0;
	cJSON *item;

	if (!s)
		return cJSON_CreateNull();
	len = strlen(s);
	buf_add(&b, "", 0);
	while (i < len) {
		unsigned cp;
		size_t k = utf8_decode(&cp, s + i, len - i);

		if (k == 0) {
			buf_adds(&b, "\xef\xbf\xbd");
			i++;
		} else {
			buf_add(&b, s + i, k);
			i += k;
		}
	}
	item = cJSON_CreateString(buf_cstr(&b));
	buf_release(&b);
	return item;
}

/* cJSON item printed without blanks, controls escaped; caller frees. */
static char *json_print(cJSON *item, bool newline)
{
	struct buf b = BUF_INIT;
	char *text = cJSON_PrintUnformatted(item);

	sanitize_json(&b, text ? text : "null");
	if (newline)
		buf_addch(&b, '\n');
	cJSON_free(text);
	return buf_detach(&b, NULL);
}

static void add_mail_fields(cJSON *root, const struct report_key *k)
{
	cJSON_AddItemToObject(root, "message_id",
			      str_or_null(*k->message_id ? k->message_id :
					  NULL));
	if (k->total) {
		cJSON *p = cJSON_CreateObject();

		cJSON_AddNumberToObject(p, "number", k->number);
		cJSON_AddNumberToObject(p, "total", k->total);
		cJSON_AddItemToObject(root, "patch", p);
	} else {
		cJSON_AddNullToObject(root, "patch");
	}
	cJSON_AddBoolToObject(root, "cover", k->is_cover);
	cJSON_AddItemToObject(root, "author", str_or_null(k->author));
	if (k->file)
		cJSON_AddStringToObject(root, "file", k->file);
}

char *report_json_line(const struct report_key *k,
		       const struct lint_result *res)
{
	cJSON *root = cJSON_CreateObject(), *arr = cJSON_CreateArray();
	char *text;

	cJSON_AddItemToObject(root, "commit", str_or_null(k->commit));
	if (k->is_mail)
		add_mail_fields(root, k);
	cJSON_AddItemToObject(root, "subject", str_or_null(k->subject));
	for (size_t i = 0; i < res->nr; i++) {
		const struct finding *f = &res->findings[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "id", f->id);
		cJSON_AddStringToObject(o, "severity",
					severity_name(f->severity));
		if (f->line)
			cJSON_AddNumberToObject(o, "line", (double)f->line);
		else
			cJSON_AddNullToObject(o, "line");
		cJSON_AddItemToObject(o, "text", str_or_null(f->text));
		cJSON_AddItemToObject(o, "message", str_or_null(f->message));
		cJSON_AddItemToObject(o, "fix", str_or_null(f->fix));
		cJSON_AddItemToArray(arr, o);
	}
	cJSON_AddItemToObject(root, "findings", arr);
	text = json_print(root, true);
	cJSON_Delete(root);
	return text;
}

char *lint_json_line(const char *commit, const char *subject,
		     const struct lint_result *res)
{
	struct report_key k = { .commit = commit, .subject = subject };

	return report_json_line(&k, res);
}

/* The document a finding rests on. */
static const char *finding_url(const struct finding *f)
{
	if (!strncmp(f->id, "AI_", 3))
		return DOCS "coding-assistants.html";
	if (!strncmp(f->id, "SPDX_", 5))
		return DOCS "license-rules.html";
	if (strstr(f->id, "SIGNOFF") || strstr(f->id, "SIGNATURE") ||
	    !strncmp(f->id, "CO_DEVELOPED", 12))
		return DOCS "submitting-patches.html";
	if (!strcmp(f->id, "TRAILERS_MISPLACED"))
		return DOCS "submitting-patches.html";
	if (!strncmp(f->id, "COVER_", 6))
		return DOCS "generated-content.html";
	return DOCS "coding-assistants.html";
}

/*
 * b4's review interface keeps one result per message and tool (its
 * cache's key), so all findings go into one object, as b4's own
 * checkpatch check writes it: the worst status, a count as the summary,
 * and the findings as a JSON list in details. Infos are left out.
 */
static void review_finding(struct report *r, const struct report_key *k,
			   const struct finding *f)
{
	cJSON *o;
	struct buf b = BUF_INIT;

	if (f->severity == SEV_INFO)
		return;
	if (!r->review_url)
		r->review_url = finding_url(f);
	if (k->is_mail && k->many) {
		add_who(&b, k);
		buf_adds(&b, ": ");
	}
	buf_addf(&b, "%s: %s: ", f->severity == SEV_ERROR ? "ERROR" : "WARNING",
		 f->id);
	if (f->line)
		buf_addf(&b, "line %zu: ", f->line);
	buf_adds(&b, f->message);
	if (f->text)
		buf_addf(&b, " (%s)", f->text);
	if (f->fix)
		buf_addf(&b, " (fix: %s)", f->fix);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "status", f->severity == SEV_ERROR ?
				"fail" : "warn");
	cJSON_AddItemToObject(o, "description", str_or_null(b.ptr));
	cJSON_AddStringToObject(o, "url", finding_url(f));
	cJSON_AddItemToArray(r->review, o);
	buf_release(&b);
}

/* The one object of the review: [] never, "pass" when nothing was found. */
static char *review_text(const struct report *r)
{
	cJSON *arr = cJSON_CreateArray(), *o = cJSON_CreateObject();
	struct buf b = BUF_INIT;
	char *details, *text;

	cJSON_AddStringToObject(o, "tool", TOOL_NAME);
	cJSON_AddStringToObject(o, "status", r->errors ? "fail" :
				r->warnings ? "warn" : "pass");
	if (r->errors)
		buf_addf(&b, "%zu error%s", r->errors,
			 r->errors == 1 ? "" : "s");
	if (r->warnings)
		buf_addf(&b, "%s%zu warning%s", b.len ? ", " : "",
			 r->warnings, r->warnings == 1 ? "" : "s");
	if (!b.len)
		buf_adds(&b, "passed all checks");
	cJSON_AddStringToObject(o, "summary", b.ptr);
	cJSON_AddStringToObject(o, "url", r->review_url ? r->review_url :
				DOCS "coding-assistants.html");
	details = cJSON_GetArraySize(r->review) ?
		  json_print(r->review, false) : xstrdup("");
	cJSON_AddStringToObject(o, "details", details);
	cJSON_AddItemToArray(arr, o);
	text = json_print(arr, true);
	cJSON_Delete(arr);
	free(details);
	buf_release(&b);
	return text;
}

void report_add(struct report *r, const struct report_key *key,
		const struct lint_result *res)
{
	char *line;

	r->results++;
	r->errors += res->errors;
	r->warnings += res->warnings;
	r->mail |= key->is_mail;
	switch (r->format) {
	case REPORT_JSON:
		line = report_json_line(key, res);
		fputs(line, r->out);
		free(line);
		return;
	case REPORT_TEXT:
		for (size_t i = 0; i < res->nr; i++)
			text_finding(r, key, &res->findings[i]);
		return;
	case REPORT_B4:
		for (size_t i = 0; i < res->nr; i++)
			b4_finding(r, key, &res->findings[i]);
		return;
	case REPORT_B4_REVIEW:
		for (size_t i = 0; i < res->nr; i++)
			review_finding(r, key, &res->findings[i]);
		return;
	}
}

int report_finish(struct report *r)
{
	char *text;

	if (r->format == REPORT_TEXT)
		fprintf(r->out, "%zu %s%s, %zu error%s, %zu warning%s\n",
			r->results, r->mail ? "mail" : "commit",
			r->results == 1 ? "" : "s", r->errors,
			r->errors == 1 ? "" : "s", r->warnings,
			r->warnings == 1 ? "" : "s");
	if (r->format == REPORT_B4_REVIEW) {
		text = review_text(r);
		fputs(text, r->out);
		free(text);
	}
	return fflush(r->out) != 0 || ferror(r->out) ? -1 : 0;
}
