// SPDX-License-Identifier: GPL-2.0
/*
 * The console classifier: decides from the serial log of a boot whether
 * the kernel reached userspace cleanly (the init's nonce marker, no panic
 * or oops), and reads the KUnit results (KTAP) when there are any.
 */
#include "console.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* What a line of the log says, from the classifier's point of view. */
struct trouble {
	const char *prefix;
	enum console_result result;
};

/* Matched at the start of a kernel message, after the timestamp. */
static const struct trouble troubles[] = {
	{ "Kernel panic", CONSOLE_PANIC },
	{ "Oops", CONSOLE_OOPS },
	{ "BUG:", CONSOLE_BUG },
	{ "WARNING:", CONSOLE_WARNING },
	{ "Call Trace", CONSOLE_CALL_TRACE },
};

struct scan {
	struct console_verdict *v;
	const struct console_expect *expect;
	enum console_result worst;	/* CONSOLE_PASS: nothing bad yet */
	int worst_line;
	char *worst_text;
	int wrong_nonce_line;
	char *wrong_nonce_text;
	bool in_ktap;
	struct console_suite *suite;	/* the suite whose cases we count */
	/*
	 * Why KUnit failed, as the log says it: each failed assertion or
	 * expectation ("# case: ASSERTION FAILED at file:line" and the
	 * "Expected ..." lines under it) and each "not ok" line.
	 */
	struct buf ktap_why;
	int ktap_why_line;	/* the first of them */
	int ktap_why_lines;
	int ktap_continued;	/* lines kept under the current FAILED */
	bool in_failure;	/* the lines after a FAILED are its own */
};

/* At most this many lines of KUnit failure in the detail. */
#define KTAP_WHY_MAX 24
/* And this many under one FAILED line (the values compared). */
#define KTAP_CONTINUED_MAX 6

/* Skip a printk timestamp "[    1.234567] " when there is one. */
static const char *skip_stamp(const char *s, const char *end)
{
	const char *p = s;

	if (p < end && *p == '[') {
		for (p++; p < end && (*p == ' ' || *p == '.' ||
				      git_isdigit(*p)); p++)
			;
		if (p < end && *p == ']') {
			p++;
			if (p < end && *p == ' ')
				p++;
			return p;
		}
	}
	return s;
}

static bool starts(const char *s, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - s) >= n && !memcmp(s, prefix, n);
}

static char *trimmed(const char *s, const char *end)
{
	return xstrndup_trim(s, (size_t)(end - s));
}

static void note_trouble(struct scan *sc, const char *msg, const char *end,
			 int lineno)
{
	const char *p = msg;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	for (size_t i = 0; i < sizeof(troubles) / sizeof(troubles[0]); i++) {
		if (!starts(p, end, troubles[i].prefix))
			continue;
		if (sc->worst == CONSOLE_PASS ||
		    troubles[i].result < sc->worst) {
			sc->worst = troubles[i].result;
			sc->worst_line = lineno;
			free(sc->worst_text);
			sc->worst_text = trimmed(p, end);
		}
		return;
	}
}

/* The value of "key=" in the marker line, up to the next blank. */
static char *marker_field(const char *s, const char *end, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = s; p + n <= end; p++) {
		const char *q;

		if (memcmp(p, key, n) || (p > s && !git_isspace(p[-1])))
			continue;
		p += n;
		for (q = p; q < end && !git_isspace(*q); q++)
			;
		return xstrndup(p, (size_t)(q - p));
	}
	return NULL;
}

static void note_marker(struct scan *sc, const char *msg, const char *end,
			int lineno)
{
	const char *at = memmem(msg, (size_t)(end - msg), CONSOLE_MARKER,
				strlen(CONSOLE_MARKER));
	char *nonce, *release;

	if (!at)
		return;
	nonce = marker_field(at, end, "nonce=");
	release = marker_field(at, end, "release=");
	if (nonce && sc->expect->nonce && !strcmp(nonce, sc->expect->nonce)) {
		if (!sc->v->marker) {
			sc->v->marker = true;
			sc->v->release = release;
			release = NULL;
			sc->v->line = lineno;
			sc->v->detail = trimmed(at, end);
		}
	} else if (!sc->wrong_nonce_line) {
		sc->wrong_nonce_line = lineno;
		sc->wrong_nonce_text = trimmed(at, end);
	}
	free(nonce);
	free(release);
}

static struct console_suite *add_suite(struct console_verdict *v,
				       const char *name, size_t len)
{
	struct console_suite *s;

	v->suites = xrealloc(v->suites, (v->nr_suites + 1) * sizeof(*s));
	s = &v->suites[v->nr_suites++];
	memset(s, 0, sizeof(*s));
	s->name = xstrndup(name, len);
	return s;
}

static struct console_suite *find_suite(struct console_verdict *v,
					const char *name, size_t len)
{
	for (size_t i = 0; i < v->nr_suites; i++)
		if (strlen(v->suites[i].name) == len &&
		    !memcmp(v->suites[i].name, name, len))
			return &v->suites[i];
	return NULL;
}

/*
 * A KTAP result line "ok N name [# directive]" or "not ok N name":
 * returns true when it is one, with the name and whether it says SKIP.
 */
static bool ktap_result(const char *p, const char *end, bool *ok,
			const char **name, size_t *name_len, bool *skip)
{
	const char *hash, *q;

	if (starts(p, end, "ok ")) {
		*ok = true;
		p += 3;
	} else if (starts(p, end, "not ok ")) {
		*ok = false;
		p += 7;
	} else {
		return false;
	}
	if (p >= end || !git_isdigit(*p))
		return false;
	while (p < end && git_isdigit(*p))
		p++;
	while (p < end && *p == ' ')
		p++;
	hash = memchr(p, '#', (size_t)(end - p));
	q = hash ? hash : end;
	while (q > p && git_isspace(q[-1]))
		q--;
	*name = p;
	*name_len = (size_t)(q - p);
	*skip = hash && memmem(hash, (size_t)(end - hash), "SKIP", 4);
	return true;
}

/* A line of the log kept as the reason KUnit failed, indent and all. */
static void keep_ktap_why(struct scan *sc, const char *msg, const char *end,
			  int lineno)
{
	if (sc->ktap_why_lines == KTAP_WHY_MAX)
		buf_adds(&sc->ktap_why, "\n...");
	if (sc->ktap_why_lines++ >= KTAP_WHY_MAX)
		return;
	if (!sc->ktap_why_line)
		sc->ktap_why_line = lineno;
	while (end > msg && git_isspace(end[-1]))
		end--;
	if (sc->ktap_why.len)
		buf_addch(&sc->ktap_why, '\n');
	buf_add(&sc->ktap_why, msg, (size_t)(end - msg));
}

/*
 * The failure lines of KTAP: "# <case>: ASSERTION FAILED at f:n" (or
 * EXPECTATION) starts one, the lines under it that are neither a
 * diagnostic ("#") nor a result are its comparison; "not ok" ends it.
 */
static void note_ktap_why(struct scan *sc, const char *msg, const char *p,
			  const char *end, int lineno)
{
	bool result = starts(p, end, "ok ") || starts(p, end, "not ok ");

	if (starts(p, end, "# ") &&
	    memmem(p, (size_t)(end - p), " FAILED at ", 11)) {
		sc->in_failure = true;
		sc->ktap_continued = 0;
		keep_ktap_why(sc, msg, end, lineno);
		return;
	}
	if (starts(p, end, "not ok ")) {
		keep_ktap_why(sc, msg, end, lineno);
	} else if (sc->in_failure && !result && !starts(p, end, "#") &&
		   p < end && sc->ktap_continued < KTAP_CONTINUED_MAX) {
		sc->ktap_continued++;
		keep_ktap_why(sc, msg, end, lineno);
		return;
	}
	if (result || starts(p, end, "#"))
		sc->in_failure = false;
}

static void note_ktap(struct scan *sc, const char *msg, const char *end,
		      int lineno)
{
	const char *p = msg;
	const char *name;
	size_t indent, name_len;
	bool ok, skip;

	while (p < end && *p == ' ')
		p++;
	indent = (size_t)(p - msg);
	if (starts(p, end, "KTAP version ") || starts(p, end, "TAP version ")) {
		sc->in_ktap = true;
		sc->v->ktap = true;
		return;
	}
	if (!sc->in_ktap)
		return;
	note_ktap_why(sc, msg, p, end, lineno);
	if (indent == 4 && starts(p, end, "# Subtest: ")) {
		p += strlen("# Subtest: ");
		name_len = (size_t)(end - p);
		while (name_len && git_isspace(p[name_len - 1]))
			name_len--;
		sc->suite = add_suite(sc->v, p, name_len);
		return;
	}
	if (!ktap_result(p, end, &ok, &name, &name_len, &skip))
		return;
	if (indent == 0) {
		struct console_suite *s = find_suite(sc->v, name, name_len);

		if (!s)
			s = add_suite(sc->v, name, name_len);
		s->seen = true;
		s->ok = ok;
		sc->suite = NULL;
	} else if (indent == 4 && sc->suite) {
		if (skip)
			sc->suite->skipped++;
		else if (ok)
			sc->suite->passed++;
		else
			sc->suite->failed++;
	}
}

static void scan_line(struct scan *sc, const char *s, const char *end,
		      int lineno)
{
	const char *msg;

	while (end > s && (end[-1] == '\r' || end[-1] == '\n'))
		end--;
	msg = skip_stamp(s, end);
	note_trouble(sc, msg, end, lineno);
	note_marker(sc, msg, end, lineno);
	note_ktap(sc, msg, end, lineno);
}

static bool ktap_failed(const struct console_verdict *v)
{
	for (size_t i = 0; i < v->nr_suites; i++)
		if (!v->suites[i].ok || v->suites[i].failed)
			return true;
	return false;
}

/* Decide, worst first: kernel trouble, hang, marker problems, KTAP. */
static void decide(struct scan *sc)
{
	struct console_verdict *v = sc->v;
	const char *want = sc->expect->release;

	if (sc->worst != CONSOLE_PASS) {
		v->result = sc->worst;
		v->line = sc->worst_line;
		free(v->detail);
		v->detail = sc->worst_text;
		sc->worst_text = NULL;
	} else if (!sc->expect->ended) {
		v->result = CONSOLE_HANG;
	} else if (!v->marker && sc->wrong_nonce_line) {
		v->result = CONSOLE_WRONG_NONCE;
		v->line = sc->wrong_nonce_line;
		v->detail = sc->wrong_nonce_text;
		sc->wrong_nonce_text = NULL;
	} else if (!v->marker) {
		v->result = CONSOLE_NO_MARKER;
	} else if (want && (!v->release || strcmp(v->release, want))) {
		v->result = CONSOLE_WRONG_RELEASE;
	} else if (ktap_failed(v)) {
		/* not the marker: the lines that say what failed */
		v->result = CONSOLE_KTAP_FAILED;
		free(v->detail);
		v->detail = sc->ktap_why.len ?
			    buf_detach(&sc->ktap_why, NULL) : NULL;
		v->line = sc->ktap_why_line;
	} else {
		v->result = CONSOLE_PASS;
	}
}

int console_classify(struct console_verdict **out, const char *text,
		     size_t len, const struct console_expect *expect)
{
	struct console_verdict *v = xcalloc(1, sizeof(*v));
	struct scan sc = { .v = v, .expect = expect, .worst = CONSOLE_PASS };
	const char *p = text, *end = text + len;
	int lineno = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;

		scan_line(&sc, p, stop, ++lineno);
		p = nl ? nl + 1 : end;
	}
	decide(&sc);
	buf_release(&sc.ktap_why);
	free(sc.worst_text);
	free(sc.wrong_nonce_text);
	*out = v;
	return 0;
}

void console_verdict_free(struct console_verdict *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->nr_suites; i++)
		free(v->suites[i].name);
	free(v->suites);
	free(v->detail);
	free(v->release);
	free(v);
}

static const char *const names[][2] = {
	[CONSOLE_PASS] = { "pass", "booted to userspace" },
	[CONSOLE_PANIC] = { "panic", "kernel panic" },
	[CONSOLE_OOPS] = { "oops", "kernel oops" },
	[CONSOLE_BUG] = { "bug", "kernel BUG" },
	[CONSOLE_WARNING] = { "warning", "kernel WARNING" },
	[CONSOLE_CALL_TRACE] = { "call-trace", "kernel call trace" },
	[CONSOLE_KTAP_FAILED] = { "ktap-failed", "KUnit tests failed" },
	[CONSOLE_HANG] = { "hang", "hang (no end before the timeout)" },
	[CONSOLE_WRONG_RELEASE] = { "wrong-release",
				    "a different kernel release booted" },
	[CONSOLE_WRONG_NONCE] = { "wrong-nonce",
				  "the marker is from another run" },
	[CONSOLE_NO_MARKER] = { "no-marker",
				"QEMU ended before init printed the marker" },
};

const char *console_result_name(enum console_result r)
{
	return (unsigned)r < sizeof(names) / sizeof(names[0]) ? names[r][0] :
								"unknown";
}

const char *console_result_text(enum console_result r)
{
	return (unsigned)r < sizeof(names) / sizeof(names[0]) ? names[r][1] :
								"unknown";
}
