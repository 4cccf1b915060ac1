// SPDX-License-Identifier: GPL-2.0
/*
 * The warnings a series adds: gcc's output of W=1 builds at the base and
 * at the tip, parsed and compared by file, function, message and the
 * quoted source line, never by line number alone.
 */
#include "unit.h"

#include "kwarn.h"

#define SRC "/home/u/linux/.git/disclose/boot/src"

/* What make W=1 init/main.o prints at the base. */
static const char base_log[] =
	"  CALL    " SRC "/scripts/checksyscalls.sh\n"
	"  CC      init/main.o\n"
	SRC "/init/main.c: In function 'start_kernel':\n"
	SRC "/init/main.c:940:13: warning: variable 'after_dashes' set but "
	"not used [-Wunused-but-set-variable]\n"
	"  940 |         char *after_dashes;\n"
	"      |               ^~~~~~~~~~~~\n"
	SRC "/include/linux/list.h:12:5: warning: no previous prototype "
	"for 'list_x' [-Wmissing-prototypes]\n"
	"   12 | int list_x(void)\n"
	"      |     ^~~~~~\n";

/* The tip: 3 lines added above, one old warning moved, one new. */
static const char tip_log[] =
	"  CC      init/main.o\n"
	SRC "/init/main.c: In function 'start_kernel':\n"
	SRC "/init/main.c:943:13: warning: variable 'after_dashes' set but "
	"not used [-Wunused-but-set-variable]\n"
	"  943 |         char *after_dashes;\n"
	"      |               ^~~~~~~~~~~~\n"
	SRC "/init/main.c:944:13: warning: unused variable 'disclose' "
	"[-Wunused-variable]\n"
	"  944 |         int disclose;\n"
	"      |             ^~~~~~~~\n"
	SRC "/include/linux/list.h:12:5: warning: no previous prototype "
	"for 'list_x' [-Wmissing-prototypes]\n"
	"   12 | int list_x(void)\n"
	"      |     ^~~~~~\n";

static void test_parse(void **state)
{
	struct kwarn *v = NULL;
	size_t nr = 0;

	kwarn_parse(&v, &nr, tip_log, strlen(tip_log), SRC);
	assert_int_equal(nr, 3);
	assert_string_equal(v[0].file, "init/main.c");
	assert_int_equal(v[0].line, 943);
	assert_string_equal(v[0].function, "'start_kernel'");
	assert_string_equal(v[0].message, "variable 'after_dashes' set but "
			    "not used [-Wunused-but-set-variable]");
	assert_string_equal(v[0].text, "char *after_dashes;");
	assert_string_equal(v[1].message,
			    "unused variable 'disclose' [-Wunused-variable]");
	assert_string_equal(v[1].text, "int disclose;");
	/* another file: the function context is not its own */
	assert_string_equal(v[2].file, "include/linux/list.h");
	assert_null(v[2].function);
	assert_string_equal(v[2].text, "int list_x(void)");
	kwarn_free(v, nr);
}

static void added(struct kwarn **out, size_t *nr_out, const char *base,
		  const char *tip)
{
	struct kwarn *b = NULL, *t = NULL;
	size_t nb = 0, nt = 0;

	kwarn_parse(&b, &nb, base, strlen(base), SRC);
	kwarn_parse(&t, &nt, tip, strlen(tip), SRC);
	*out = NULL;
	*nr_out = 0;
	kwarn_added(out, nr_out, b, nb, t, nt);
	kwarn_free(b, nb);
	kwarn_free(t, nt);
}

/* A warning that only moved is not new; the added variable is. */
static void test_moved_is_old(void **state)
{
	struct kwarn *n;
	size_t nr;

	added(&n, &nr, base_log, tip_log);
	assert_int_equal(nr, 1);
	assert_string_equal(n[0].file, "init/main.c");
	assert_int_equal(n[0].line, 944);
	assert_string_equal(n[0].text, "int disclose;");
	kwarn_free(n, nr);
	/* nothing new against itself; all new against nothing */
	added(&n, &nr, tip_log, tip_log);
	assert_int_equal(nr, 0);
	kwarn_free(n, nr);
	added(&n, &nr, "", tip_log);
	assert_int_equal(nr, 3);
	kwarn_free(n, nr);
}

/*
 * The same line number is no match when the text changed, and a
 * warning that now appears twice is new once.
 */
static void test_text_and_count(void **state)
{
	static const char base[] =
		"a.c:5:9: warning: unused variable 'x' [-Wunused-variable]\n"
		"    5 |     int x;\n"
		"      |         ^\n";
	static const char other_text[] =
		"a.c:5:9: warning: unused variable 'x' [-Wunused-variable]\n"
		"    5 |     int x = 0;\n"
		"      |         ^\n";
	static const char twice[] =
		"a.c:5:9: warning: unused variable 'x' [-Wunused-variable]\n"
		"    5 |     int x;\n"
		"      |         ^\n"
		"a.c:9:9: warning: unused variable 'x' [-Wunused-variable]\n"
		"    9 |     int x;\n"
		"      |         ^\n";
	static const char other_file[] =
		"b.c:5:9: warning: unused variable 'x' [-Wunused-variable]\n"
		"    5 |     int x;\n"
		"      |         ^\n";
	struct kwarn *n;
	size_t nr;

	added(&n, &nr, base, other_text);
	assert_int_equal(nr, 1);
	assert_string_equal(n[0].text, "int x = 0;");
	kwarn_free(n, nr);
	added(&n, &nr, base, twice);
	assert_int_equal(nr, 1);
	assert_int_equal(n[0].line, 9);
	kwarn_free(n, nr);
	added(&n, &nr, base, other_file);
	assert_int_equal(nr, 1);
	assert_string_equal(n[0].file, "b.c");
	kwarn_free(n, nr);
}

/*
 * Older gcc quotes the bare line over a caret; a warning without a
 * column or quote still counts; errors and notes are no warnings.
 */
static void test_other_forms(void **state)
{
	static const char log[] =
		"../drivers/x.c:7:2: warning: 'y' may be used uninitialized\n"
		"  return y;\n"
		"  ^\n"
		"drivers/y.c:3: warning: ignoring #pragma foo\n"
		"drivers/z.c:4:1: error: expected ';' before '}' token\n"
		"drivers/z.c:2:5: note: declared here\n"
		"ld: warning: creating DT_TEXTREL in a PIE\n";
	struct kwarn *v = NULL;
	size_t nr = 0;

	kwarn_parse(&v, &nr, log, strlen(log), NULL);
	assert_int_equal(nr, 2);
	assert_string_equal(v[0].file, "drivers/x.c");
	assert_string_equal(v[0].text, "return y;");
	assert_string_equal(v[1].file, "drivers/y.c");
	assert_int_equal(v[1].line, 3);
	assert_string_equal(v[1].message, "ignoring #pragma foo");
	assert_string_equal(v[1].text, "");
	kwarn_free(v, nr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_moved_is_old),
		cmocka_unit_test(test_text_and_count),
		cmocka_unit_test(test_other_forms),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
