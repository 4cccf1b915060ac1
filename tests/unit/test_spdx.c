/* SPDX lines of added files: style per file type, position, identifiers. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "unit.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spdx.h"
#include "util.h"

struct spdx_case {
	const char *path;
	const char *head;
	enum spdx_verdict verdict;
	const char *expected;	/* corrected line, NULL: not checked */
	const char *bad_id;
	size_t line;		/* where the tag is, 0: not checked */
	size_t want_line;	/* where it belongs, 0: not checked */
	bool after_coding;
};

static const struct spdx_case cases[] = {
	{ "drivers/a.c", "// SPDX-License-Identifier: GPL-2.0-only\n#include <x.h>\n", SPDX_OK },
	{ "a.c", "/* SPDX-License-Identifier: GPL-2.0 */\n", SPDX_BAD_STYLE,
	  "// SPDX-License-Identifier: GPL-2.0" },
	{ "a.h", "/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n", SPDX_OK },
	{ "a.h", "// SPDX-License-Identifier: GPL-2.0\n", SPDX_BAD_STYLE,
	  "/* SPDX-License-Identifier: GPL-2.0 */" },
	{ "arch/x86/entry.S", "/* SPDX-License-Identifier: GPL-2.0 */\n", SPDX_OK },
	{ "a.dts", "// SPDX-License-Identifier: (GPL-2.0+ OR MIT)\n", SPDX_OK },
	{ "Makefile", "# SPDX-License-Identifier: GPL-2.0\nobj-y += a.o\n", SPDX_OK },
	{ "drivers/Kconfig", "// SPDX-License-Identifier: GPL-2.0\n", SPDX_BAD_STYLE,
	  "# SPDX-License-Identifier: GPL-2.0" },
	{ "scripts/x.sh", "#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\n", SPDX_OK },
	{ "scripts/x.py", "# SPDX-License-Identifier: GPL-2.0\n", SPDX_OK },
	{ "scripts/y.sh", "echo hi\n# SPDX-License-Identifier: GPL-2.0\n", SPDX_MISPLACED,
	  "# SPDX-License-Identifier: GPL-2.0", NULL, 2, 1 },
	/* checkpatch: after "#!/...", line 2; anywhere else is misplaced */
	{ "scripts/m.sh", "#!/bin/sh\n\n# SPDX-License-Identifier: GPL-2.0\n", SPDX_MISPLACED,
	  "# SPDX-License-Identifier: GPL-2.0", NULL, 3, 2 },
	{ "scripts/m.sh", "# SPDX-License-Identifier: GPL-2.0\n#!/bin/sh\n", SPDX_OK },
	{ "scripts/s.sh", "#! /bin/sh\n# SPDX-License-Identifier: GPL-2.0\n", SPDX_OK },
	{ "m.c", "/*\n * Copyright\n */\n// SPDX-License-Identifier: GPL-2.0\n", SPDX_MISPLACED,
	  "// SPDX-License-Identifier: GPL-2.0", NULL, 4, 1 },
	/* no exception for a coding line: the SPDX line goes above it */
	{ "tools/a.py", "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# SPDX-License-Identifier: GPL-2.0\n",
	  SPDX_MISPLACED, "# SPDX-License-Identifier: GPL-2.0", NULL, 3, 2, true },
	{ "tools/b.py", "#!/usr/bin/env python3\n# SPDX-License-Identifier: GPL-2.0\n# -*- coding: utf-8 -*-\n", SPDX_OK },
	{ "tools/c.py", "# -*- coding: utf-8 -*-\n", SPDX_IS_MISSING, NULL, NULL, 1, 1, true },
	{ "scripts/z.sh", "#!/bin/sh\necho hi\n", SPDX_IS_MISSING },
	{ "Documentation/a.rst", ".. SPDX-License-Identifier: GPL-2.0\n\nTitle\n", SPDX_OK },
	{ "Documentation/b.rst", "Title\n=====\n", SPDX_IS_MISSING },
	{ "b.c", "/*\n * SPDX-License-Identifier: GPL-2.0\n", SPDX_MISPLACED },
	{ "c.c", "int x;\n", SPDX_IS_MISSING },
	{ "d.c", "// SPDX-License-Identifier: WTFPL\n", SPDX_BAD_LICENSE, NULL, "WTFPL" },
	{ "e.c", "// SPDX-License-Identifier: Apache-2.0\n", SPDX_BAD_LICENSE },
	{ "f.c", "// SPDX-License-Identifier: GPL-2.0-only OR Apache-2.0\n", SPDX_OK },
	{ "g.c", "// SPDX-License-Identifier:\n", SPDX_BAD_LICENSE },
	{ "README", "hello\n", SPDX_NOT_NEEDED },
	{ "data.json", "{}\n", SPDX_NOT_NEEDED },
	{ "LICENSES/preferred/GPL-2.0", "Valid-License-Identifier: GPL-2.0\n", SPDX_NOT_NEEDED },
};

static void test_cases(void **state)
{
	struct spdx_ids *ids;

	spdx_ids_load(&ids, NULL);
	assert_false(spdx_ids_from_tree(ids));
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct spdx_case *c = &cases[i];
		struct spdx_result r;

		spdx_check(&r, ids, c->path, c->head, strlen(c->head), false);
		if (r.verdict != c->verdict) {
			print_error("%s: verdict %d, want %d\n", c->path,
				    r.verdict, c->verdict);
			fail();
		}
		if (c->expected)
			assert_string_equal(r.expected, c->expected);
		if (c->bad_id)
			assert_string_equal(r.bad_id, c->bad_id);
		if (c->line)
			assert_int_equal(r.line, c->line);
		if (c->want_line)
			assert_int_equal(r.want_line, c->want_line);
		assert_int_equal(r.after_coding, c->after_coding);
		spdx_result_release(&r);
	}
	spdx_ids_free(ids);
}

static void test_binary(void **state)
{
	struct spdx_ids *ids;
	struct spdx_result r;

	spdx_ids_load(&ids, NULL);
	spdx_check(&r, ids, "fw.c", "\0\1\2", 3, true);
	assert_int_equal(r.verdict, SPDX_NOT_NEEDED);
	spdx_ids_free(ids);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* A kernel-like tree: identifiers come from LICENSES/, not the list. */
static void test_tree(void **state)
{
	char dir[] = "/tmp/test_spdx.XXXXXX";
	struct buf p = BUF_INIT;
	struct spdx_ids *ids;
	struct spdx_result r;

	assert_non_null(mkdtemp(dir));
	buf_addf(&p, "%s/LICENSES", dir);
	mkdir(p.ptr, 0755);
	buf_adds(&p, "/preferred");
	mkdir(p.ptr, 0755);
	buf_adds(&p, "/GPL-2.0");
	write_text(p.ptr, "Valid-License-Identifier: GPL-2.0\n"
		   "Valid-License-Identifier: GPL-2.0-only\n"
		   "SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n");
	buf_reset(&p);
	buf_addf(&p, "%s/LICENSES/preferred/MIT", dir);
	write_text(p.ptr, "no identifier lines here\n");
	buf_reset(&p);
	buf_addf(&p, "%s/LICENSES/dual", dir);
	mkdir(p.ptr, 0755);
	buf_adds(&p, "/Apache-2.0");
	write_text(p.ptr, "Valid-License-Identifier: Apache-2.0\n");

	spdx_ids_load(&ids, dir);
	assert_true(spdx_ids_from_tree(ids));
	assert_true(spdx_ids_has(ids, "GPL-2.0-only"));
	assert_true(spdx_ids_has(ids, "MIT"));
	assert_true(spdx_ids_has(ids, "Apache-2.0"));
	assert_false(spdx_ids_has(ids, "GPL-2.0+"));
	assert_false(spdx_ids_has(ids, "BSD-2-Clause"));
	spdx_check(&r, ids, "a.c", "// SPDX-License-Identifier: BSD-2-Clause\n",
		   41, false);
	assert_int_equal(r.verdict, SPDX_BAD_LICENSE);
	spdx_result_release(&r);
	spdx_check(&r, ids, "a.c", "// SPDX-License-Identifier: GPL-2.0-only\n",
		   41, false);
	assert_int_equal(r.verdict, SPDX_OK);
	spdx_result_release(&r);
	spdx_ids_free(ids);

	buf_reset(&p);
	buf_addf(&p, "rm -rf '%s'", dir);
	assert_int_equal(system(p.ptr), 0);
	buf_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_binary),
		cmocka_unit_test(test_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
