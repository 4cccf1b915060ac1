#include "dco.h"

#include <string.h>

#include "error.h"
#include "file.h"

static const char dco_title[] = "Developer's Certificate of Origin 1.1";
static const char dco_after[] = "then you just add a line saying";

static const char dco_summary[] =
	"Developer's Certificate of Origin 1.1 (summary; this is not a kernel tree)\n"
	"\n"
	"With your Signed-off-by: you state, for each commit, that you wrote the\n"
	"change or otherwise have the right to pass it on under the open source\n"
	"licence that the files carry; that where it builds on others' work, that\n"
	"work came to you under a compatible licence; and that you understand the\n"
	"contribution and your sign-off are public and kept for good.\n"
	"\n"
	"An AI agent cannot make this statement: only you can, after reviewing\n"
	"every change it helped with.\n"
	"\n"
	"The full text is in the Linux kernel's\n"
	DCO_DOCUMENT ", section\n"
	"\"Sign your work - the Developer's Certificate of Origin\".\n";

/* The next line of [p, end): its length without the newline. */
static size_t line_len(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return (size_t)((nl ? nl : end) - p);
}

int dco_extract(struct buf *out, const char *rst, size_t len)
{
	const char *end = rst + len, *p = rst, *start = NULL, *stop = NULL;
	size_t n;

	for (; p < end; p += n + 1) {
		n = line_len(p, end);
		if (!start && n == strlen(dco_title) &&
		    !memcmp(p, dco_title, n)) {
			start = p;
		} else if (start && n >= strlen(dco_after) &&
			   !memcmp(p, dco_after, strlen(dco_after))) {
			stop = p;
			break;
		}
	}
	if (!start || !stop)
		return -1;
	while (stop > start && (stop[-1] == '\n' || stop[-1] == ' '))
		stop--;
	buf_add(out, start, (size_t)(stop - start));
	buf_addch(out, '\n');
	return 0;
}

void dco_text(struct buf *out, bool *from_tree, const char *workdir)
{
	struct buf path = BUF_INIT, rst = BUF_INIT;

	*from_tree = false;
	if (workdir) {
		size_t n = strlen(workdir);

		buf_addf(&path, "%s%s%s", workdir,
			 n && workdir[n - 1] == '/' ? "" : "/", DCO_DOCUMENT);
		/* a regular file only: the tree may hold a link to a device */
		if (read_regular_file(&rst, path.ptr, CONFIG_FILE_LIMIT,
				      0) == 0 &&
		    dco_extract(out, rst.ptr, rst.len) == 0) {
			*from_tree = true;
			buf_addf(out, "\n(from %s of this tree)\n",
				 DCO_DOCUMENT);
		}
		error_clear();
	}
	if (!*from_tree)
		buf_adds(out, dco_summary);
	buf_release(&path);
	buf_release(&rst);
}
