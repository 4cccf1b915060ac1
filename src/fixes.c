#include "fixes.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "message.h"
#include "util.h"

int fixes_repo_lookup(char *id, char **subject, const char *hex, void *data)
{
	struct commit_info *ci;
	int rc = repo_commit_by_id(&ci, data, hex);

	if (rc != 0)
		return rc < 0 ? -1 : rc == 2 ? FIXES_AMBIGUOUS : FIXES_NONE;
	memcpy(id, ci->id, OID_HEX + 1);
	*subject = message_subject(ci->message, ci->message_len);
	commit_info_free(ci);
	return FIXES_FOUND;
}

/* One Fixes: line taken apart; pointers into the line. */
struct fixes_line {
	const char *hex;	/* the commit id as written */
	size_t hex_len;
	bool tag_ok;		/* exactly "Fixes: " at the start */
	const char *title;	/* inside the parentheses, or NULL */
	size_t title_len;
	bool quoted;		/* the title is in double quotes */
};

static bool is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * checkpatch's trigger: optional blanks, "fixes" (any case), an optional
 * ':', blanks, an optional "commit", then 5 or more hex digits ending a
 * word. Returns false for other lines.
 */
static bool parse_line(struct fixes_line *out, const char *s, size_t n)
{
	const char *p = s, *end = s + n, *close;
	bool colon;

	memset(out, 0, sizeof(*out));
	while (p < end && isspace((unsigned char)*p))
		p++;
	if ((size_t)(end - p) < 5 || strncasecmp(p, "fixes", 5))
		return false;
	out->tag_ok = p == s && !strncmp(p, "Fixes", 5);
	p += 5;
	colon = p < end && *p == ':';
	p += colon;
	out->tag_ok = out->tag_ok && colon && p < end && *p == ' ' &&
		      p + 1 < end && !isspace((unsigned char)p[1]);
	while (p < end && isspace((unsigned char)*p))
		p++;
	if ((size_t)(end - p) >= 6 && !strncasecmp(p, "commit", 6)) {
		out->tag_ok = false;
		for (p += 6; p < end && isspace((unsigned char)*p); p++)
			;
	}
	out->hex = p;
	while (p < end && isxdigit((unsigned char)*p))
		p++;
	out->hex_len = (size_t)(p - out->hex);
	if (out->hex_len < 5 || (p < end && is_word(*p)))
		return false;
	if (p < end && *p != ' ')
		out->tag_ok = false;
	while (p < end && isspace((unsigned char)*p))
		p++;
	while (end > p && isspace((unsigned char)end[-1]))
		end--;
	close = end - 1;
	if (p < end && *p == '(' && close > p && *close == ')') {
		out->title = p + 1;
		out->title_len = (size_t)(close - p - 1);
		if (out->title_len >= 2 && out->title[0] == '"' &&
		    out->title[out->title_len - 1] == '"') {
			out->quoted = true;
			out->title++;
			out->title_len -= 2;
		}
	}
	return true;
}

static bool id_ok(const struct fixes_line *f)
{
	if (f->hex_len < FIXES_ID_MIN)
		return false;
	for (size_t i = 0; i < f->hex_len; i++)
		if (isupper((unsigned char)f->hex[i]))
			return false;
	return true;
}

/*
 * The trailer entry holding byte off, or SIZE_MAX; *cursor moves on with
 * off (the lines are read in order), so a long block is read once.
 */
static size_t entry_at(const struct message *m, size_t off, size_t *cursor)
{
	while (*cursor < m->nr_trailers && m->trailers[*cursor].end <= off)
		(*cursor)++;
	if (*cursor < m->nr_trailers && off >= m->trailers[*cursor].start)
		return *cursor;
	return SIZE_MAX;
}

/* Where the line being read is: its number and its trailer entry. */
struct fixes_pos {
	size_t line;		/* 1-based */
	size_t cursor;		/* for entry_at() */
};

static int check_line(struct lint_result *res, const struct message *m,
		      size_t off, size_t n, struct fixes_pos *pos,
		      fixes_lookup_fn lookup, void *data)
{
	const char *s = m->text + off;
	struct fixes_line f;
	char id[OID_HEX + 1], *hex, *subject = NULL, *text;
	struct buf fix = BUF_INIT;
	size_t line, entry;
	bool format_ok, title_ok;
	int rc;

	if (!parse_line(&f, s, n))
		return 0;
	line = pos->line;
	entry = entry_at(m, off, &pos->cursor);
	hex = xstrndup(f.hex, f.hex_len);
	for (char *c = hex; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	text = xstrndup(s, n);
	rc = lookup(id, &subject, hex, data);
	if (rc < 0)
		goto out;
	if (rc == FIXES_NONE) {
		lint_add_finding(res, "FIXES_UNKNOWN_COMMIT", SEV_ERROR, line,
				 entry, text, NULL, ACT_NONE,
				 "Fixes: names %s, which is no commit of this repository: give the id of the commit this one fixes (git log --oneline shows them), as 'Fixes: <12+ chars of its id> (\"<its subject>\")'",
				 hex);
		goto out;
	}
	if (rc == FIXES_AMBIGUOUS) {
		lint_add_finding(res, "FIXES_FORMAT", SEV_WARNING, line, entry,
				 text, NULL, ACT_NONE,
				 "Fixes: id %s starts more than one object of this repository: give at least %d characters of the id, as 'Fixes: <id> (\"<subject>\")'",
				 hex, FIXES_ID_MIN);
		goto out;
	}
	/* keep a longer id as written, cut a short one's to the minimum */
	buf_addf(&fix, "Fixes: %.*s (\"%s\")",
		 f.hex_len > FIXES_ID_MIN ? (int)f.hex_len : FIXES_ID_MIN, id,
		 subject);
	format_ok = f.tag_ok && id_ok(&f) && f.title && f.quoted;
	title_ok = f.title && f.title_len == strlen(subject) &&
		   !memcmp(f.title, subject, f.title_len);
	if (!format_ok)
		lint_add_finding(res, "FIXES_FORMAT", SEV_WARNING, line, entry,
				 text, fix.ptr, ACT_REPLACE,
				 "Fixes: is written 'Fixes: <12+ chars of the commit id> (\"<its subject>\")' (checkpatch's BAD_FIXES_TAG)%s",
				 title_ok || !f.title ? "" :
				 "; the subject is not the commit's either");
	else if (!title_ok)
		lint_add_finding(res, "FIXES_SUBJECT_MISMATCH", SEV_WARNING,
				 line, entry, text, fix.ptr, ACT_REPLACE,
				 "Fixes: quotes a subject that is not the subject of commit %.12s: quote it as the commit has it",
				 id);
	rc = 0;
out:
	buf_release(&fix);
	free(subject);
	free(text);
	free(hex);
	return rc < 0 ? -1 : 0;
}

int fixes_check(struct lint_result *res, const struct message *m,
		fixes_lookup_fn lookup, void *data)
{
	const char *lf;
	size_t end = m->patch_start;
	struct fixes_pos pos = { message_line_number(m, m->title_end), 0 };

	for (size_t off = m->title_end, n; off < end;
	     off += n + 1, pos.line++) {
		lf = memchr(m->text + off, '\n', end - off);
		n = (lf ? (size_t)(lf - m->text) : end) - off;
		if (n && m->text[off] == m->comment_char)
			continue;
		if (check_line(res, m, off, n, &pos, lookup, data) < 0)
			return -1;
	}
	return 0;
}

int fixes_check_mail(struct lint_result *res, const struct mail *mail,
		     char comment_char, fixes_lookup_fn lookup, void *data)
{
	struct lint_result own = { 0 };
	struct message *m = NULL;
	int rc;

	if (mail->is_cover)
		return 0;
	message_parse_commit(&m, mail->message, mail->message_len,
			     comment_char);
	rc = fixes_check(&own, m, lookup, data);
	for (size_t i = 0; i < own.nr; i++) {
		const struct finding *f = &own.findings[i];
		size_t line = f->line && f->line <= mail->nr_lines ?
			      mail->line_map[f->line - 1] : 0;

		/* the mail's entries are not the message's: no entry */
		lint_add_finding(res, f->id, f->severity, line, SIZE_MAX,
				 f->text, f->fix, f->action, "%s", f->message);
	}
	lint_result_release(&own);
	message_free(m);
	return rc;
}

size_t fixes_count(const struct message *m)
{
	struct fixes_line f;
	size_t nr = 0, end = m->patch_start;

	for (size_t off = m->title_end, n; off < end; off += n + 1) {
		const char *lf = memchr(m->text + off, '\n', end - off);

		n = (lf ? (size_t)(lf - m->text) : end) - off;
		if (n && m->text[off] == m->comment_char)
			continue;
		nr += parse_line(&f, m->text + off, n);
	}
	return nr;
}
