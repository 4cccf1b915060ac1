/*
 * The console classifier: the serial log of a QEMU boot in, a verdict out.
 * Pure (no I/O): the boot driver and the unit tests feed it text.
 */
#ifndef DISCLOSE_CONSOLE_H
#define DISCLOSE_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

/* The line init prints: "DISCLOSE-BOOT-OK nonce=<nonce> release=<uname -r>". */
#define CONSOLE_MARKER "DISCLOSE-BOOT-OK"

/* Worst first among the failures; CONSOLE_PASS is the only good result. */
enum console_result {
	CONSOLE_PASS,
	CONSOLE_PANIC,		/* "Kernel panic" */
	CONSOLE_OOPS,		/* "Oops" */
	CONSOLE_BUG,		/* "BUG:" */
	CONSOLE_WARNING,	/* "WARNING:" */
	CONSOLE_CALL_TRACE,	/* "Call Trace" without any of the above */
	CONSOLE_KTAP_FAILED,	/* a KUnit suite said "not ok" */
	CONSOLE_HANG,		/* no end: the timeout stopped QEMU */
	CONSOLE_WRONG_RELEASE,	/* marker with our nonce, other kernel */
	CONSOLE_WRONG_NONCE,	/* marker from another run */
	CONSOLE_NO_MARKER,	/* QEMU ended without the marker */
};

/* One KUnit suite: the top-level "ok N name" / "not ok N name" line. */
struct console_suite {
	char *name;
	bool ok;		/* the suite line said ok (or was not seen: false) */
	bool seen;		/* the suite's result line was seen */
	int passed, failed, skipped;	/* its test cases */
};

struct console_verdict {
	enum console_result result;
	int line;		/* 1-based line that decided it, 0 if none */
	char *detail;		/* that line (trimmed), or NULL; for
				 * ktap-failed the failure lines */
	char *release;		/* the release the marker named, or NULL */
	bool marker;		/* our marker (right nonce) was seen */
	bool ktap;		/* KTAP output was seen */
	struct console_suite *suites;
	size_t nr_suites;
};

/* What the run expected, and whether QEMU ended by itself. */
struct console_expect {
	const char *nonce;
	const char *release;	/* from "make -s kernelrelease" */
	bool ended;		/* false: the timeout stopped it */
};

/*
 * Classify the console text. Returns 0 and sets *out (free with
 * console_verdict_free()).
 */
int console_classify(struct console_verdict **out, const char *text,
		     size_t len, const struct console_expect *expect);
void console_verdict_free(struct console_verdict *v);

/* Short names: "pass", "panic", "oops", ..., for text and JSON. */
const char *console_result_name(enum console_result r);
/* One line for people: "kernel panic", "hang (timeout)", ... */
const char *console_result_text(enum console_result r);

#endif
