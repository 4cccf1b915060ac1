/*
 * The mail reader against the real git. Every fixture of fixtures/mail/
 * and every series made here with git format-patch goes through git
 * mailsplit, git mailinfo and git stripspace (what git am does), and
 * mail_split() must give the same commit message, author and subject.
 * Then what git does not print: numbering, cover letters, the line map
 * into the input, input detection and errors.
 */
#include "unit.h"

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catalogue.h"
#include "mail.h"
#include "mailcheck.h"
#include "util.h"

extern char **environ;

static char dir[256];

/* Run argv (NULL-terminated) with stdin from in, stdout to out. */
static int run(const char **argv, const char *in, const char *out)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int st;

	posix_spawn_file_actions_init(&fa);
	if (in)
		posix_spawn_file_actions_addopen(&fa, 0, in, O_RDONLY, 0);
	if (out)
		posix_spawn_file_actions_addopen(&fa, 1, out,
						 O_WRONLY | O_CREAT | O_TRUNC,
						 0644);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	assert_int_equal(posix_spawnp(&pid, argv[0], &fa, NULL,
				      (char **)argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#define RUN(in, out, ...) \
	run((const char *[]){ __VA_ARGS__, NULL }, in, out)

static char *path(const char *name)
{
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/%s", dir, name);
	return buf_detach(&p, NULL);
}

static char *fixture(const char *name)
{
	const char *top = getenv("TOP");
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/fixtures/mail/%s", top ? top : ".", name);
	return buf_detach(&p, NULL);
}

static void slurp(struct buf *out, const char *file)
{
	buf_reset(out);
	assert_int_equal(read_file(out, file), 0);
	buf_add(out, "", 0);
}

static void spew(const char *file, const char *data, size_t len)
{
	FILE *f = fopen(file, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static int setup(void **state)
{
	char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/test_mail.XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return -1;
	/* no user or system configuration (mailinfo.scissors) */
	setenv("HOME", dir, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("LC_ALL", "C", 1);
	return 0;
}

static int teardown(void **state)
{
	RUN(NULL, NULL, "rm", "-rf", dir);
	return 0;
}

/* What git am takes from one message. */
struct want {
	struct buf author, email, subject, message;
};

struct oracle {
	struct want w[16];
	size_t nr;
};

static void oracle_release(struct oracle *o)
{
	for (size_t i = 0; i < o->nr; i++) {
		buf_release(&o->w[i].author);
		buf_release(&o->w[i].email);
		buf_release(&o->w[i].subject);
		buf_release(&o->w[i].message);
	}
	o->nr = 0;
}

/* git mailsplit reads mboxrd or verbatim only: undo mboxo escapes. */
static void unescape_mboxo(const char *file)
{
	struct buf in = BUF_INIT, out = BUF_INIT;
	size_t off = 0;

	slurp(&in, file);
	while (off < in.len) {
		const char *nl = memchr(in.ptr + off, '\n', in.len - off);
		size_t end = nl ? (size_t)(nl - in.ptr) + 1 : in.len;

		if (off && !strncmp(in.ptr + off, ">From ", 6))
			off++;
		buf_add(&out, in.ptr + off, end - off);
		off = end;
	}
	spew(file, out.ptr, out.len);
	buf_release(&in);
	buf_release(&out);
}

static void want_field(struct buf *out, const char *info, const char *key)
{
	size_t n = strlen(key);
	const char *p = info;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len >= n && !memcmp(p, key, n)) {
			if (out->len)
				buf_addch(out, '\n');
			buf_add(out, p + n, len - n);
		}
		p = nl ? nl + 1 : NULL;
	}
	buf_add(out, "", 0);
}

/*
 * git mailsplit (split: "--mboxrd" or NULL; mboxo: unescape after),
 * git mailinfo (opt or NULL), git stripspace of "subject, blank, body"
 * (whole: the patch text too, as kept for a cover letter).
 */
static void oracle_run(struct oracle *o, const char *file, const char *split,
		       bool mboxo, const char *opt, const bool *whole)
{
	char *sd = path("split"), *msg = path("msg"), *patch = path("patch");
	char *info = path("info"), *raw = path("raw"), *out = path("out");
	struct buf o_arg = BUF_INIT, b = BUF_INIT, text = BUF_INIT;
	const char *argv[8];
	int n = 0;

	RUN(NULL, NULL, "rm", "-rf", sd);
	assert_int_equal(mkdir(sd, 0700), 0);
	buf_addf(&o_arg, "-o%s", sd);
	argv[n++] = "git";
	argv[n++] = "mailsplit";
	argv[n++] = "-b";
	if (split)
		argv[n++] = split;
	argv[n++] = o_arg.ptr;
	argv[n++] = file;
	argv[n] = NULL;
	assert_int_equal(run(argv, NULL, "/dev/null"), 0);	/* the count */
	for (o->nr = 0;; o->nr++) {
		struct want *w = &o->w[o->nr];
		struct buf one = BUF_INIT;

		buf_addf(&one, "%s/%04zu", sd, o->nr + 1);
		if (access(one.ptr, F_OK)) {
			buf_release(&one);
			break;
		}
		assert_true(o->nr < ARRAY_SIZE(o->w));
		if (mboxo)
			unescape_mboxo(one.ptr);
		if (opt)
			assert_int_equal(RUN(one.ptr, info, "git", "mailinfo",
					     opt, msg, patch), 0);
		else
			assert_int_equal(RUN(one.ptr, info, "git", "mailinfo",
					     msg, patch), 0);
		buf_release(&one);
		memset(w, 0, sizeof(*w));
		slurp(&b, info);
		want_field(&w->author, b.ptr, "Author: ");
		want_field(&w->email, b.ptr, "Email: ");
		want_field(&w->subject, b.ptr, "Subject: ");
		buf_reset(&text);
		buf_addf(&text, "%s\n\n", w->subject.ptr);
		slurp(&b, msg);
		buf_add(&text, b.ptr, b.len);
		if (whole && whole[o->nr]) {
			slurp(&b, patch);
			buf_add(&text, b.ptr, b.len);
		}
		spew(raw, text.ptr, text.len);
		assert_int_equal(RUN(raw, out, "git", "stripspace"), 0);
		slurp(&w->message, out);
	}
	free(sd);
	free(msg);
	free(patch);
	free(info);
	free(raw);
	free(out);
	buf_release(&o_arg);
	buf_release(&b);
	buf_release(&text);
}

static void assert_same_as_git(const struct mail_set *set,
			       const struct oracle *o)
{
	assert_int_equal(set->nr, o->nr);
	for (size_t i = 0; i < set->nr; i++) {
		const struct mail *m = &set->mails[i];

		print_message("message %zu\n", i + 1);
		assert_string_equal(m->author_name, o->w[i].author.ptr);
		assert_string_equal(m->author_email, o->w[i].email.ptr);
		assert_string_equal(m->clean_subject, o->w[i].subject.ptr);
		assert_int_equal(m->message_len, o->w[i].message.len);
		assert_memory_equal(m->message, o->w[i].message.ptr,
				    m->message_len);
	}
}

/* Split a file, and the same file through git. */
static struct mail_set *split_like_git(const char *file, unsigned flags,
				       const char *split, const char *opt)
{
	struct mail_set *set;
	struct oracle o = { .nr = 0 };
	struct buf data = BUF_INIT;
	bool whole[16] = { false };

	slurp(&data, file);
	if (mail_split(&set, data.ptr, data.len, flags))
		fail_msg("%s: %s", file, error_last());
	for (size_t i = 0; i < set->nr && i < ARRAY_SIZE(whole); i++)
		whole[i] = set->mails[i].is_cover;
	oracle_run(&o, file, split, flags & MAIL_MBOXO, opt, whole);
	assert_same_as_git(set, &o);
	oracle_release(&o);
	buf_release(&data);
	return set;
}

/* The input line n (1-based) of data, without CR and newline. */
static void input_line(struct buf *out, const char *data, size_t n)
{
	const char *p = data;

	while (--n && p)
		p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
	assert_non_null(p);
	buf_reset(out);
	buf_add(out, p, strcspn(p, "\n"));
	if (out->len && out->ptr[out->len - 1] == '\r')
		out->ptr[--out->len] = '\0';
}

/*
 * Each line of the message points into its own message of the input:
 * the subject at a Subject: line; with exact, every other non-empty
 * line at an input line with the same text (an mbox escape aside).
 */
static void assert_line_map(const struct mail_set *set, const char *data,
			    size_t data_len, bool exact)
{
	struct buf line = BUF_INIT;

	for (size_t i = 0; i < set->nr; i++) {
		const struct mail *m = &set->mails[i];
		size_t last = m->first_line;
		const char *p = m->message;

		for (size_t k = m->start; k < m->end; k++)
			if (data[k] == '\n' && k + 1 < m->end)
				last++;
		for (size_t n = 1; n <= m->nr_lines; n++) {
			size_t len = strcspn(p, "\n"), at = mail_line(m, n);
			const char *l;

			assert_in_range(at, m->first_line, last);
			input_line(&line, data, at);
			l = line.ptr;
			if (n == 1)
				assert_true(str_istarts(l, "Subject:") ||
					    str_istarts(l, "[PATCH]"));
			else if (exact && len) {
				if (strlen(l) == len + 1 && *l == '>')
					l++;	/* an mbox escape */
				assert_int_equal(strlen(l), len);
				assert_memory_equal(l, p, len);
			}
			p += len + 1;
		}
	}
	buf_release(&line);
	(void)data_len;
}

struct fixture_case {
	const char *file;
	unsigned flags;
	const char *split;	/* git mailsplit's option for the variant */
	enum mail_kind kind;
	const char *numbers;	/* "n/m vV" of each message, joined by ',' */
	const char *holds;	/* text a message must hold once decoded */
	bool exact_map;		/* lines appear in the input as they are */
};

static const struct fixture_case fixture_cases[] = {
	{ "plain.eml", 0, NULL, MAIL_SINGLE, "0/0 v1",
	  "Assisted-by: Claude:claude-opus-4-5 coccinelle", true },
	{ "qp.eml", 0, NULL, MAIL_SINGLE, "0/0 v2",
	  "\"if (x == 1)\" was meant; this line is long enough", false },
	{ "base64.eml", 0, NULL, MAIL_SINGLE, "1/1 v1",
	  "holds N \u00d7 22.2 ms", false },
	{ "headers-utf8.eml", 0, NULL, MAIL_SINGLE, "2/7 v3",
	  "net: r\u00e9seau: fix the \u201cquote\u201d check\n", true },
	{ "headers-latin1.eml", 0, NULL, MAIL_SINGLE, "0/0 v1",
	  "fs: caf\u00e9 au lait\n\nLe caf\u00e9 \u00e9tait froid", false },
	{ "inbody-from.eml", 0, NULL, MAIL_SINGLE, "2/4 v1",
	  "mm: the author's own subject folded onto a second line\n", true },
	{ "cover.eml", 0, NULL, MAIL_SINGLE, "0/3 v2",
	  "Ada Lovelace (3):", true },
	{ "changelog.eml", 0, NULL, MAIL_SINGLE, "3/3 v2",
	  "Signed-off-by: Ada Lovelace <ada@example.org>\n\nv2: rebased",
	  true },
	{ "multipart.eml", 0, NULL, MAIL_SINGLE, "0/0 v1",
	  "mangles inline patches.\n\nSigned-off-by:", true },
	{ "alternative.eml", 0, NULL, MAIL_SINGLE, "0/0 v1",
	  "adds an HTML part.\n\nSigned-off-by:", true },
	{ "crlf.eml", 0, NULL, MAIL_SINGLE, "0/0 v1",
	  "ends in CR LF.\n\nSigned-off-by", true },
	{ "series-mboxrd.mbox", 0, "--mboxrd", MAIL_FORMAT_PATCH,
	  "1/3 v1,2/3 v1,3/3 v1",
	  "\n>>From twice quoted.\nFrom here on", true },
	{ "series-mboxrd.mbox", MAIL_MBOXRD, "--mboxrd", MAIL_FORMAT_PATCH,
	  "1/3 v1,2/3 v1,3/3 v1", "\nFrom the datasheet", true },
	{ "series-mboxo.mbox", MAIL_MBOXO, NULL, MAIL_FORMAT_PATCH,
	  "1/3 v1,2/3 v1,3/3 v1",
	  "\nFrom the datasheet: zero means skip.\nFrom a reply", true },
	{ "series-mboxo.mbox", MAIL_MBOX_VERBATIM, NULL, MAIL_FORMAT_PATCH,
	  "1/3 v1,2/3 v1,3/3 v1", "\n>From the datasheet", true },
};

static void test_fixtures(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(fixture_cases); i++) {
		const struct fixture_case *c = &fixture_cases[i];
		char *file = fixture(c->file);
		struct buf data = BUF_INIT, nums = BUF_INIT, all = BUF_INIT;
		struct mail_set *set;

		buf_add(&all, "", 0);
		print_message("fixture %s (flags %#x)\n", c->file, c->flags);
		set = split_like_git(file, c->flags, c->split, NULL);
		assert_int_equal(set->kind, c->kind);
		slurp(&data, file);
		for (size_t j = 0; j < set->nr; j++) {
			const struct mail *m = &set->mails[j];

			buf_addf(&nums, "%s%u/%u v%u", j ? "," : "",
				 m->number, m->total, m->version);
			buf_add(&all, m->message, m->message_len);
			assert_int_equal(m->is_cover, m->total && !m->number);
			assert_true(m->has_patch || m->is_cover);
			if (!m->inbody_from) {
				assert_string_equal(m->sender_name,
						    m->author_name);
				assert_string_equal(m->sender_email,
						    m->author_email);
			}
			assert_non_null(strstr(m->message_id, "@example.org>"));
		}
		assert_string_equal(nums.ptr, c->numbers);
		assert_non_null(strstr(all.ptr, c->holds));
		assert_line_map(set, data.ptr, data.len, c->exact_map);
		mail_set_free(set);
		buf_release(&data);
		buf_release(&nums);
		buf_release(&all);
		free(file);
	}
}

/* Lines counted by hand in the fixtures; base64 has 57 bytes a line. */
static const struct map_case {
	const char *file;
	size_t mail, line, input;
} map_cases[] = {
	{ "qp.eml", 1, 1, 2 },		/* the Subject: header */
	{ "qp.eml", 1, 3, 9 },		/* three lines joined by soft breaks */
	{ "qp.eml", 1, 4, 12 },
	{ "qp.eml", 1, 7, 15 },		/* the sign-off */
	{ "base64.eml", 1, 3, 9 },
	{ "base64.eml", 1, 5, 9 },	/* Assisted-by starts at the end of 9 */
	{ "base64.eml", 1, 6, 10 },
	{ "inbody-from.eml", 1, 1, 8 },	/* the in-body Subject: */
	{ "inbody-from.eml", 1, 3, 11 },
	{ "crlf.eml", 1, 5, 8 },
	{ "series-mboxrd.mbox", 1, 3, 7 },
	{ "series-mboxrd.mbox", 3, 1, 57 },	/* lines of the whole mbox */
	{ "series-mboxrd.mbox", 3, 3, 60 },
	{ "series-mboxrd.mbox", 3, 6, 63 },
	{ "cover.eml", 1, 2, 2 },	/* the blank after the subject */
};

static void test_line_map(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(map_cases); i++) {
		const struct map_case *c = &map_cases[i];
		char *file = fixture(c->file);
		struct buf data = BUF_INIT;
		struct mail_set *set;

		print_message("%s: message %zu line %zu\n", c->file, c->mail,
			      c->line);
		slurp(&data, file);
		assert_int_equal(mail_split(&set, data.ptr, data.len, 0), 0);
		assert_true(c->mail <= set->nr);
		assert_int_equal(mail_line(&set->mails[c->mail - 1], c->line),
				 c->input);
		mail_set_free(set);
		buf_release(&data);
		free(file);
	}
}

/* Write text to a file of the test directory and split it like git. */
static struct mail_set *text_like_git(const char *text, unsigned flags,
				      const char *split, const char *opt)
{
	char *file = path("mail.eml");
	struct mail_set *set;

	spew(file, text, strlen(text));
	set = split_like_git(file, flags, split, opt);
	free(file);
	return set;
}

static const struct subject_case {
	const char *subject;
	unsigned number, total, version;
	bool reply;
} subject_cases[] = {
	{ "Re: [PATCH v3 2/7] net: foo", 2, 7, 3, true },
	{ "[RFC PATCH net-next v2 03/10] bar", 3, 10, 2, false },
	{ "[PATCHv4 0/5] baz", 0, 5, 4, false },
	{ "[PATCH] [net] qux", 0, 0, 1, false },
	{ "[RFC] [PATCH] [foo] bar", 0, 0, 1, false },
	{ "re: Re: RE: x", 0, 0, 1, true },
	{ "[patch 1/2]lower case", 1, 2, 1, false },
	{ "  [PATCH 1/2]   spaced \t  out  ", 1, 2, 1, false },
	{ "Subject with [brackets] inside", 0, 0, 1, false },
	{ "[foo]bar [PATCH] baz", 0, 0, 1, false },
	{ "Re:", 0, 0, 1, false },
	{ "[PATCH 2/1] backwards", 0, 0, 1, false },
	{ "[PATCH 1/2 v2] order", 1, 2, 2, false },
	{ "[PATCH v2 1/3] =?UTF-8?q?caf=C3=A9?= au lait", 1, 3, 2, false },
	{ "[PATCH] Revert \"[PATCH] foo\"", 0, 0, 1, false },
	{ "[PATCH] unclosed [bracket", 0, 0, 1, false },
	{ ":[PATCH]: colons", 0, 0, 1, false },
};

static void test_subjects(void **state)
{
	static const struct { unsigned flags; const char *opt; } modes[] = {
		{ 0, NULL },
		{ MAIL_KEEP_SUBJECT, "-k" },
		{ MAIL_KEEP_BRACKETS, "-b" },
	};
	struct buf text = BUF_INIT;

	for (size_t i = 0; i < ARRAY_SIZE(subject_cases); i++) {
		const struct subject_case *c = &subject_cases[i];

		for (size_t j = 0; j < ARRAY_SIZE(modes); j++) {
			struct mail_set *set;
			const struct mail *m;

			print_message("subject '%s' %s\n", c->subject,
				      modes[j].opt ? modes[j].opt : "");
			buf_reset(&text);
			buf_addf(&text, "From: A U Thor <a@example.org>\n"
				 "Subject: %s\nDate: today\n\nBody.\n---\n"
				 " f | 1 +\n", c->subject);
			set = text_like_git(text.ptr, modes[j].flags, NULL,
					    modes[j].opt);
			m = &set->mails[0];
			assert_int_equal(m->number, c->number);
			assert_int_equal(m->total, c->total);
			assert_int_equal(m->version, c->version);
			assert_int_equal(m->is_reply, c->reply);
			assert_int_equal(m->is_cover, !c->number && c->total);
			mail_set_free(set);
		}
	}
	buf_release(&text);
}

static const char *const from_cases[] = {
	"John Doe <john@example.org>",
	"\"Doe, John (Jr.)\" <john@example.org>",
	"john@example.org (John Doe)",
	"John (the) Doe <john@example.org> (Comment)",
	"<only@example.org>",
	"only@example.org",
	"Al <al@example.org>",
	"No Address At All",
	"Bogus Name <bogus>",
	"\"Quoted \\\"Nick\\\" Name\" <q@example.org>",
	"=?UTF-8?B?SsO2cmc=?= =?UTF-8?Q?_M=C3=BCller?= <j@example.org>",
	"=?iso-8859-1?q?Fran=E7ois?= <f@example.org>",
	("A Name That Is Far Too Long To Be A Name By Any Sane Measure At All "
	 "<long@example.org>"),
	"user@example.org <user@example.org>",
	"  Spaced   Out   Name   <spaced@example.org>  ",
};

static void test_from(void **state)
{
	struct buf text = BUF_INIT;

	for (size_t i = 0; i < ARRAY_SIZE(from_cases); i++) {
		struct mail_set *set;

		print_message("From: %s\n", from_cases[i]);
		buf_reset(&text);
		buf_addf(&text, "From: %s\nSubject: s\nDate: today\n\n"
			 "Body.\n---\n f | 1 +\n", from_cases[i]);
		set = text_like_git(text.ptr, 0, NULL, NULL);
		assert_int_equal(set->mails[0].author_line, 1);
		mail_set_free(set);
	}
	buf_release(&text);
}

/* Odd corners of git mailinfo, each against git itself. */
static const struct inline_case {
	const char *name;
	unsigned flags;
	const char *opt;
	const char *text;
} inline_cases[] = {
	{ "format=flowed, delsp", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\nContent-Type: text/plain; "
	  "format=flowed; delsp=yes\n\nA flowed para \ngraph that goes on "
	  "\nand ends.\n \n  stuffed line\n\nSigned-off-by: A <a@x.org>\n"
	  "-- \nsig\n---\n f | 1 +\n" },
	{ "format=flowed", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\nContent-Type: text/plain; "
	  "format=\"flowed\"\n\nA flowed para \ngraph.\n---\n f | 1 +\n" },
	{ "nested multipart", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\nContent-Type: multipart/mixed; "
	  "boundary=outer\n\npreamble\n--outer\nContent-Type: multipart/"
	  "alternative; boundary=\"inner\"\n\n--inner\nContent-Type: text/"
	  "plain; charset=iso-8859-15\nContent-Transfer-Encoding: "
	  "quoted-printable\n\nL'=A4uro.\n\nSigned-off-by: A <a@x.org>\n"
	  "--inner\nContent-Type: text/html\n\n<p>html</p>\n--inner--\n"
	  "--outer\nContent-Type: text/x-diff\n\n---\n f | 1 +\n"
	  "--outer--\nepilogue\n" },
	{ "in-body [PATCH] subject", 0, NULL,
	  "From: A <a@x.org>\nSubject: mail subject\n\n[PATCH] in-body "
	  "subject\nbody\n---\n f | 1 +\n" },
	{ "in-body headers without a patch", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\nFrom: B <b@x.org>\nSubject: t\n"
	  "\nbody only\n" },
	{ "in-body From: folded", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\n\n\nFrom: Folded\n  Name "
	  "<f@x.org>\nDate: then\n\n\nbody\n---\n f | 1 +\n" },
	{ "in-body From: not first", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\nbody\nFrom: B <b@x.org>\n---\n" },
	{ "no in-body headers", MAIL_NO_INBODY, "--no-inbody-headers",
	  "From: A <a@x.org>\nSubject: s\n\nFrom: B <b@x.org>\n\nbody\n---\n"
	  " f | 1 +\n" },
	{ "leading blank lines", 0, NULL,
	  "\n\n  \nFrom: A <a@x.org>\nSubject: s\n\nbody\n---\n" },
	{ "folding and a later Subject:", 0, NULL,
	  "From: A\n\t<a@x.org>\nSubject: first\nSubject: second\n\tfolded"
	  "   \n \t more\n\nbody\n---\n" },
	{ "body right after the headers", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\nno colon here   \nbody\n---\n" },
	{ "Index: break", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\nbody\nIndex: f\n=====\n" },
	{ "diff break", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\nbody\ndiff --git a/f b/f\n" },
	{ "--- file break", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\nbody\n----\n--- a/f\n+++ b/f\n" },
	{ "--- at the end", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\nbody\n---" },
	{ "windows-1252 body", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\nContent-Type: text/plain; "
	  "charset=windows-1252\n\nIt\x92s \x93quoted\x94.\n---\n" },
	{ "latin-1 spelled latin-1", 0, NULL,
	  "From: A <a@x.org>\nSubject: =?latin-1?q?caf=E9?=\n\nx\n---\n" },
	{ "scissors", MAIL_SCISSORS, "--scissors",
	  "From: A <a@x.org>\nSubject: s\n\nchatter\n-- >8 --\nFrom: B "
	  "<b@x.org>\nSubject: real\n\nbody\n---\n f | 1 +\n" },
	{ "no scissors", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\n\nchatter\n-- >8 --\nbody\n---\n" },
	{ "Message-ID in the message", MAIL_MESSAGE_ID, "-m",
	  "From: A <a@x.org>\nSubject: s\nMessage-ID: <id@x.org>\n\nbody\n"
	  "\nSigned-off-by: A <a@x.org>\n---\n" },
	{ "empty subject, body only", 0, NULL,
	  "From: A <a@x.org>\nDate: today\n\nfirst line\n\nsecond\n---\n" },
	{ "base64 split mid-line", 0, NULL,
	  "From: A <a@x.org>\nSubject: s\nContent-Transfer-Encoding: base64"
	  "\n\nYm9keSBs\naW5lCi0t\nLQo=\n" },
	{ "bare From line, no date", 0, NULL,
	  "From someone\nFrom: A <a@x.org>\nSubject: s\n\nbody\n---\n" },
	{ "quoted-printable CRLF", 0, NULL,
	  "From: A <a@x.org>\r\nSubject: s\r\nContent-Transfer-Encoding: "
	  "quoted-printable\r\n\r\nsoft=\r\nbreak =3D\r\n---\r\n" },
};

static void test_inline(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(inline_cases); i++) {
		const struct inline_case *c = &inline_cases[i];

		print_message("case: %s\n", c->name);
		mail_set_free(text_like_git(c->text, c->flags, NULL, c->opt));
	}
}

static const struct detect_case {
	const char *text;
	enum mail_kind kind;
} detect_cases[] = {
	{ "", MAIL_PLAIN },
	{ "net: fix the frobnicator\n\nBody.\n\nSigned-off-by: A <a@x>\n",
	  MAIL_PLAIN },
	{ "Subject: alone\n\nBody.\n", MAIL_PLAIN },
	{ "From: A <a@x>\n\nan in-body From: first\n", MAIL_PLAIN },
	{ "Fixes: abc (\"x\")\nSubject: y\n\nz\n", MAIL_PLAIN },
	{ "From: A <a@x>\nSubject: s\n\nbody\n", MAIL_SINGLE },
	{ "Return-Path: <a@x>\nReceived: from x\n\tby y\nSubject: s\n\nb\n",
	  MAIL_SINGLE },
	{ "\n\nFrom: A <a@x>\r\nDate: today\r\n\r\nb\r\n", MAIL_SINGLE },
	{ "From a@x Sat Jan  3 01:05:34 1996\nFrom: A <a@x>\n\nb\n",
	  MAIL_MBOX },
	{ "From git@z Thu Jan  1 00:00:00 1970\nSubject: s\n\nb\n",
	  MAIL_MBOX },
	{ "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 "
	  "00:00:00 2001\nFrom: A <a@x>\n\nb\n", MAIL_FORMAT_PATCH },
	{ "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 "
	  "00:00:00 2001\r\nFrom: A <a@x>\r\n\r\nb\r\n", MAIL_FORMAT_PATCH },
	{ "From x Mon Sep 17 00:00:00 85\nFrom: A <a@x>\n\nb\n",
	  MAIL_PLAIN },
};

static void test_detect(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(detect_cases); i++) {
		const struct detect_case *c = &detect_cases[i];
		struct mail_set *set;

		print_message("detect: %s\n", c->text);
		assert_int_equal(mail_detect(c->text, strlen(c->text)),
				 c->kind);
		assert_int_equal(mail_split(&set, c->text, strlen(c->text), 0),
				 0);
		assert_int_equal(set->kind, c->kind);
		if (c->kind == MAIL_PLAIN)
			assert_int_equal(set->nr, 0);
		else
			assert_int_equal(set->nr, 1);
		mail_set_free(set);
	}
}

static const struct error_case {
	const char *text;
	const char *error;	/* what error_last() must hold */
} error_cases[] = {
	{ "From: A <a@x>\nSubject: s\nDate: today",
	  "line 3: the message ends inside its headers" },
	{ "From abc Sat Jan  3 01:05:34 1996\nFrom: A <a@x>\nSubject: s\n\n"
	  "b\nFrom abc Sat Jan  3 01:05:35 1996\nFrom: B <b@x>\nSubject: t\n",
	  "message 2, line 8: the message ends inside its headers" },
	{ "From: A <a@x>\nSubject: s\nContent-Type: text/plain; "
	  "charset=x-no-such-charset\n\nbody\n",
	  "line 5: unknown charset \"x-no-such-charset\" in the body" },
	{ "From: =?x-no-such?q?A?= <a@x>\nSubject: s\n\nbody\n",
	  "line 1: unknown charset \"x-no-such\" in an encoded word" },
	{ "From: A <a@x>\nSubject: s\nContent-Type: text/plain; "
	  "charset=us-ascii\n\n8-bit \xc3\xa9 text\n",
	  "line 5: the body is not valid us-ascii text" },
	{ "From: A <a@x>\nSubject: [PATCH] a=?b\n\nbody\n",
	  "line 2: the Subject: header has a malformed encoded word" },
	{ "From: A <a@x>\nSubject: =?utf-8?q?open\n\nbody\n",
	  "line 2: the Subject: header has a malformed encoded word" },
	{ "From: A <a@x>\nSubject: =?utf-8?x?text?=\n\nbody\n",
	  "line 2: the Subject: header has a malformed encoded word" },
	{ "From: A <a@x>\nSubject: s\nContent-Transfer-Encoding: base64\n\n"
	  "Ym9k\neSBs!W5l\n",
	  "line 6: bad base64: a character outside the alphabet at column 5" },
	{ "From: A <a@x>\nSubject: s\nContent-Transfer-Encoding: base64\n\n"
	  "Ym9keQ==eSBs\n",
	  "line 5: bad base64: text after the '=' padding at column 9" },
	{ "From: A <a@x>\nSubject: s\nContent-Transfer-Encoding: base64\n\n"
	  "Ym9keSBsaW5\n",
	  "line 5: bad base64: 11 characters, not a multiple of four" },
};

static void test_errors(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(error_cases); i++) {
		const struct error_case *c = &error_cases[i];
		struct mail_set *set = (struct mail_set *)1;

		print_message("error: %s\n", c->error);
		error_clear();
		assert_int_equal(mail_split(&set, c->text, strlen(c->text), 0),
				 -1);
		assert_null(set);
		print_message("got: %s\n", error_last());
		assert_non_null(strstr(error_last(), c->error));
	}
}

/* Headers as the caller sees them: every one, decoded, with its line. */
static void test_headers(void **state)
{
	static const char text[] =
		"Return-Path: <a@x>\n"
		"To: =?UTF-8?Q?B=C3=A9a?= <bea@x>,\n"
		"  Other <o@x>\n"
		"Subject: [PATCH v2 1/2] s\n"
		"Message-Id:\n <id@x>\n"
		"X-Odd: =?utf-8?q?unterminated\n"
		"\n"
		"body\n";
	struct mail_set *set;
	const struct mail *m;

	assert_int_equal(mail_split(&set, text, strlen(text), 0), 0);
	m = &set->mails[0];
	assert_int_equal(m->nr_headers, 5);
	/* unfolded as git does: the first blank becomes a space */
	assert_string_equal(mail_header(m, "to"),
			    "B\u00e9a <bea@x>,  Other <o@x>");
	assert_int_equal(m->headers[1].line, 2);
	assert_string_equal(m->headers[3].name, "Message-Id");
	assert_int_equal(m->headers[3].line, 5);
	assert_string_equal(m->message_id, "<id@x>");
	/* a header git does not read keeps a malformed word as it is */
	assert_string_equal(mail_header(m, "X-Odd"), "=?utf-8?q?unterminated");
	assert_null(mail_header(m, "Cc"));
	assert_string_equal(m->prefix, "PATCH v2 1/2");
	assert_string_equal(m->subject, "[PATCH v2 1/2] s");
	assert_false(m->has_patch);
	assert_int_equal(m->patch_len, 0);
	mail_set_free(set);
}

/* An in-body From: names the author; the mail's From: the sender. */
static void test_sender(void **state)
{
	static const char no_from[] =
		"Subject: [PATCH] s\nDate: today\n\nFrom: In Body <ib@x>\n\nb\n"
		"---\n";
	char *file = fixture("inbody-from.eml");
	struct buf data = BUF_INIT;
	struct mail_set *set;
	const struct mail *m;

	slurp(&data, file);
	assert_int_equal(mail_split(&set, data.ptr, data.len, 0), 0);
	m = &set->mails[0];
	assert_true(m->inbody_from);
	assert_string_equal(m->author_name, "Linus Author");
	assert_int_equal(m->author_line, 6);
	assert_string_equal(m->sender_name, "Grace Sender");
	assert_string_equal(m->sender_email, "grace@example.org");
	assert_string_equal(m->date, "Sat, 1 Jan 2000 00:00:00 +0000");
	mail_set_free(set);
	assert_int_equal(mail_split(&set, no_from, strlen(no_from), 0), 0);
	assert_string_equal(set->mails[0].author_email, "ib@x");
	assert_string_equal(set->mails[0].sender_email, "");
	mail_set_free(set);
	buf_release(&data);
	free(file);
}

/* The notes under "---" and the patch, kept apart from the message. */
static void test_patch_part(void **state)
{
	char *file = fixture("plain.eml");
	struct buf data = BUF_INIT;
	struct mail_set *set;
	const struct mail *m;

	slurp(&data, file);
	assert_int_equal(mail_split(&set, data.ptr, data.len, 0), 0);
	m = &set->mails[0];
	assert_true(m->has_patch);
	assert_int_equal(m->patch_line, 12);
	assert_true(!strncmp(m->patch, "---\n drivers/misc/frob.c", 24));
	assert_true(!strncmp(m->patch + m->notes_len, "diff --git a/", 13));
	assert_non_null(strstr(m->patch, "+\treturn 1;\n"));
	assert_null(strstr(m->message, "diff --git"));
	mail_set_free(set);
	buf_release(&data);
	free(file);
}

/* git -C dir/repo args..., stdout to out (or NULL). */
static void git_repo(const char *out, const char **args)
{
	const char *argv[24] = { "git", "-C", NULL };
	char *repo = path("repo");
	int i;

	argv[2] = repo;
	for (i = 0; args[i]; i++)
		argv[3 + i] = args[i];
	argv[3 + i] = NULL;
	assert_int_equal(run(argv, NULL, out), 0);
	free(repo);
}

#define GIT(out, ...) git_repo(out, (const char *[]){ __VA_ARGS__, NULL })

static const struct series_commit {
	const char *author;
	const char *message;
} series_commits[] = {
	{ "Zo\u00eb \u00dcnicode <zoe@example.org>",
	  "misc: frob: return one\n\nFrom the start, frob() returned zero.\n"
	  ">From a reply: \"zero is wrong\".\n\n"
	  "Assisted-by: Claude:claude-opus-4-5 coccinelle\n"
	  "Signed-off-by: Zo\u00eb \u00dcnicode <zoe@example.org>\n" },
	{ "Hu Man <hu@example.org>",
	  "misc: frob: a subject long enough that git format-patch has to "
	  "fold the Subject: header of its mail\n\nBody.\n\n"
	  "Signed-off-by: Hu Man <hu@example.org>\n" },
	{ "Other Author <other@example.org>",
	  "misc: frob: drop the dead code\n\nNothing calls it.\n\n"
	  "Signed-off-by: Other Author <other@example.org>\n"
	  "Signed-off-by: Hu Man <hu@example.org>\n" },
};

static void make_series(void)
{
	char *msg = path("commit-msg"), *f = path("repo/f");
	char *repo = path("repo");
	struct buf content = BUF_INIT;

	assert_int_equal(mkdir(repo, 0700), 0);
	free(repo);
	GIT(NULL, "init", "-q", "-b", "main");
	GIT(NULL, "config", "user.name", "Hu Man");
	GIT(NULL, "config", "user.email", "hu@example.org");
	spew(f, "0\n", 2);
	GIT(NULL, "add", "f");
	GIT(NULL, "commit", "-q", "-m", "base");
	GIT(NULL, "tag", "base");
	for (size_t i = 0; i < ARRAY_SIZE(series_commits); i++) {
		const struct series_commit *c = &series_commits[i];

		buf_reset(&content);
		buf_addf(&content, "%zu\n", i + 1);
		spew(f, content.ptr, content.len);
		spew(msg, c->message, strlen(c->message));
		GIT(NULL, "commit", "-q", "-a", "--cleanup=verbatim", "-F", msg,
		    "--author", c->author);
	}
	buf_release(&content);
	free(msg);
	free(f);
}

/* The commit message git has for the i-th commit of the series. */
static void commit_message(struct buf *out, struct buf *id, size_t i)
{
	char *raw = path("raw"), *clean = path("clean");
	struct buf rev = BUF_INIT;

	buf_addf(&rev, "HEAD~%zu", ARRAY_SIZE(series_commits) - 1 - i);
	GIT(raw, "log", "-1", "--format=%B", rev.ptr);
	assert_int_equal(RUN(raw, clean, "git", "stripspace"), 0);
	slurp(out, clean);
	GIT(raw, "rev-parse", rev.ptr);
	slurp(id, raw);
	if (id->len && id->ptr[id->len - 1] == '\n')
		id->ptr[--id->len] = '\0';
	buf_release(&rev);
	free(raw);
	free(clean);
}

static void check_export(const char *pretty, const char *split)
{
	char *file = path("series.mbox");
	struct buf want = BUF_INIT, id = BUF_INIT, author = BUF_INIT;
	struct mail_set *set;

	GIT(file, "format-patch", "--cover-letter", "--thread", pretty,
	    "--from=Hu Man <hu@example.org>", "--stdout", "base..HEAD");
	set = split_like_git(file, 0, split, NULL);
	assert_int_equal(set->kind, MAIL_FORMAT_PATCH);
	assert_int_equal(set->nr, ARRAY_SIZE(series_commits) + 1);
	assert_true(set->mails[0].is_cover);
	assert_int_equal(set->mails[0].total, ARRAY_SIZE(series_commits));
	assert_non_null(strstr(set->mails[0].message, "*** BLURB HERE ***"));
	for (size_t i = 0; i < ARRAY_SIZE(series_commits); i++) {
		const struct mail *m = &set->mails[i + 1];

		print_message("%s: patch %zu\n", pretty, i + 1);
		commit_message(&want, &id, i);
		assert_int_equal(m->number, i + 1);
		assert_false(m->is_cover);
		assert_string_equal(m->commit_id, id.ptr);
		assert_true(m->message_id[0] == '<');
		assert_int_equal(m->message_len, want.len);
		assert_memory_equal(m->message, want.ptr, want.len);
		buf_reset(&author);
		buf_addf(&author, "%s <%s>", m->author_name, m->author_email);
		assert_string_equal(author.ptr, series_commits[i].author);
		assert_int_equal(m->inbody_from, i != 1);
		/* format-patch --from: the sender is the mail's From: */
		assert_string_equal(m->sender_name, "Hu Man");
		assert_string_equal(m->sender_email, "hu@example.org");
	}
	mail_set_free(set);
	buf_release(&author);
	buf_release(&want);
	buf_release(&id);
	free(file);
}

static void test_format_patch(void **state)
{
	make_series();
	/* git writes "From " body lines as they are, or mboxrd-escaped */
	check_export("--pretty=email", NULL);
	check_export("--pretty=mboxrd", "--mboxrd");
}

/* "ID@LINE ID@LINE" of mail i of text checked by mail_check(). */
static char *verdict(const char *text, size_t i)
{
	struct mail_set *set;
	struct catalogue *cat;
	struct spdx_ids *ids;
	struct lint_result res;
	struct lint_opts o = { FORM_AGENT_MODEL, NULL, NULL };
	struct buf b = BUF_INIT;

	assert_int_equal(catalogue_load_builtin(&cat), 0);
	spdx_ids_load(&ids, NULL);
	o.cat = cat;
	assert_int_equal(mail_split(&set, text, strlen(text), 0), 0);
	assert_true(i < set->nr);
	mail_check(&res, set, i, &o, ids);
	buf_add(&b, "", 0);
	for (size_t k = 0; k < res.nr; k++)
		buf_addf(&b, "%s%s@%zu", k ? " " : "", res.findings[k].id,
			 res.findings[k].line);
	lint_result_release(&res);
	mail_set_free(set);
	spdx_ids_free(ids);
	catalogue_free(cat);
	return buf_detach(&b, NULL);
}

#define HDRS(subject, id) \
	"From: Ada Lovelace <ada@example.org>\n" \
	"Subject: " subject "\n" \
	"Message-ID: <" id "@example.org>\n"
#define MBOX_FROM "From ada@example.org Mon May  4 10:00:00 2026\n"
#define DIFF_NEW(path, first) \
	"---\n" \
	"diff --git a/" path " b/" path "\n" \
	"new file mode 100644\n" \
	"--- /dev/null\n" \
	"+++ b/" path "\n" \
	"@@ -0,0 +1,2 @@\n" \
	"+" first "\n" \
	"+int x;\n"

static void test_check(void **state)
{
	static const struct {
		const char *name, *text;
		size_t mail;
		const char *want;
	} t[] = {
		{ "a clean patch",
		  HDRS("[PATCH] a: b", "c1") "\nBody.\n\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  DIFF_NEW("a.c", "// SPDX-License-Identifier: GPL-2.0-only"),
		  0, "" },
		{ "the file the diff adds lacks its SPDX line",
		  HDRS("[PATCH] a: b", "c2") "\nBody.\n\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  DIFF_NEW("a.c", "int y;"),
		  0, "SPDX_MISSING@0" },
		{ "an empty new file needs no SPDX line (checkpatch: no line)",
		  HDRS("[PATCH] a: b", "c2e") "\nBody.\n\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  "---\n"
		  "diff --git a/t/__init__.py b/t/__init__.py\n"
		  "new file mode 100644\n"
		  "index 0000000..e69de29\n",
		  0, "" },
		{ "a header's SPDX line in the wrong comment style",
		  HDRS("[PATCH] a: b", "c3") "\nBody.\n\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  DIFF_NEW("a.h", "// SPDX-License-Identifier: GPL-2.0"),
		  0, "SPDX_STYLE@0" },
		{ "no sign-off: at the --- line, the sender's proposed",
		  HDRS("[PATCH] a: b", "c4") "\nBody.\n"
		  "---\n diff stat\n",
		  0, "MISSING_SIGNOFF@6" },
		{ "a changelog of two paragraphs above ---",
		  HDRS("[PATCH] a: b", "c5") "\nBody.\n\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n\n"
		  "Changes in v3:\n- this\n\nChanges in v2:\n- that\n"
		  "---\n diff stat\n",
		  0, "TRAILERS_MISPLACED@7" },
		{ "a sender who passes a patch on signs it off",
		  "From: Grace <grace@example.org>\n"
		  "Subject: [PATCH] a: b\n\n"
		  "From: Linus <linus@example.org>\n\nBody.\n\n"
		  "Signed-off-by: Linus <linus@example.org>\n"
		  "---\n diff stat\n",
		  0, "SENDER_SIGNOFF_MISSING@1" },
		{ "a B4 Relay sender is the author's own",
		  "From: Linus via B4 Relay <devnull+linus@kernel.org>\n"
		  "Subject: [PATCH] a: b\n\n"
		  "From: Linus <linus@example.org>\n\nBody.\n\n"
		  "Signed-off-by: Linus <linus@example.org>\n"
		  "---\n diff stat\n",
		  0, "" },
		{ "a B4 Relay mail of another's patch: X-Original-From sends",
		  "From: Grace via B4 Relay <devnull+grace.example.org@kernel.org>\n"
		  "X-Original-From: Grace <grace@example.org>\n"
		  "Subject: [PATCH] a: b\n\n"
		  "From: Linus <linus@example.org>\n\nBody.\n\n"
		  "Signed-off-by: Linus <linus@example.org>\n"
		  "Signed-off-by: Grace <grace@example.org>\n"
		  "---\n diff stat\n",
		  0, "" },
		{ "a B4 Relay sender who did not sign off another's patch",
		  "From: Grace via B4 Relay <devnull+grace.example.org@kernel.org>\n"
		  "X-Original-From: Grace <grace@example.org>\n"
		  "Subject: [PATCH] a: b\n\n"
		  "From: Linus <linus@example.org>\n\nBody.\n\n"
		  "Signed-off-by: Linus <linus@example.org>\n"
		  "---\n diff stat\n",
		  0, "SENDER_SIGNOFF_MISSING@1" },
		{ "a cover letter that says so",
		  MBOX_FROM HDRS("[PATCH 0/1] a", "c6") "\nAI assistance: patch 1 "
		  "was written with Claude.\n\n"
		  MBOX_FROM
		  HDRS("[PATCH 1/1] a: b", "c7") "\nBody.\n\n"
		  "Assisted-by: Claude:claude-opus-4-5\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  "---\n diff stat\n",
		  0, "" },
		{ "a cover letter silent about the AI patch",
		  MBOX_FROM HDRS("[PATCH 0/1] a", "c8") "\nTwo fixes.\n\n"
		  MBOX_FROM
		  HDRS("[PATCH 1/1] a: b", "c9") "\nBody.\n\n"
		  "Assisted-by: Claude:claude-opus-4-5\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  "---\n diff stat\n",
		  0, "COVER_MISSING_DISCLOSURE@3" },
		{ "a cover letter of another version's patches",
		  MBOX_FROM HDRS("[PATCH v2 0/1] a", "c10") "\nTwo fixes.\n\n"
		  MBOX_FROM
		  HDRS("[PATCH 1/1] a: b", "c11") "\nBody.\n\n"
		  "Assisted-by: Claude:claude-opus-4-5\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  "---\n diff stat\n",
		  0, "" },
		{ "a cover letter naming an agent no patch tags",
		  MBOX_FROM HDRS("[PATCH 0/1] a", "c12") "\nHelped by\n"
		  "Claude:claude-opus-4-5.\n\n"
		  MBOX_FROM
		  HDRS("[PATCH 1/1] a: b", "c13") "\nBody.\n\n"
		  "Signed-off-by: Ada Lovelace <ada@example.org>\n"
		  "---\n diff stat\n",
		  0, "COVER_UNTAGGED_PATCHES@7" },
		{ "a vendor footer in a cover letter",
		  HDRS("[PATCH 0/2] a", "c14") "\nAI helped.\n\n"
		  "Generated with [Claude Code](https://claude.com/"
		  "claude-code)\n",
		  0, "VENDOR_FOOTER@7" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		char *got = verdict(t[i].text, t[i].mail);

		print_message("%s\n", t[i].name);
		assert_string_equal(got, t[i].want);
		free(got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_line_map),
		cmocka_unit_test(test_subjects),
		cmocka_unit_test(test_from),
		cmocka_unit_test(test_inline),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_headers),
		cmocka_unit_test(test_sender),
		cmocka_unit_test(test_patch_part),
		cmocka_unit_test(test_format_patch),
		cmocka_unit_test(test_check),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
