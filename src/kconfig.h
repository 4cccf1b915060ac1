/*
 * Kconfig and kbuild Makefiles read as text: which symbols a touched file
 * needs to be compiled at all (so that a tiny configuration builds what
 * the series changed), the boot fragment with those symbols merged in,
 * and which of them a .config confirms after olddefconfig. No I/O but
 * reading a tree's Makefiles; no make.
 */
#ifndef DISCLOSE_KCONFIG_H
#define DISCLOSE_KCONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/*
 * The Kconfig symbols that the Makefile text of a directory needs for
 * object (the base name of a .o, or "dir/" for a subdirectory) to be
 * built: appended to *syms (a NULL-terminated list the caller frees),
 * each once. Returns 1 when the object is built unconditionally (obj-y),
 * 2 when a symbol was found, 0 when the Makefile does not mention it.
 */
int kconfig_makefile_symbols(char ***syms, size_t *nr, const char *makefile,
			     const char *object);
/*
 * The symbols for file (a .c or .S path relative to the tree) and for
 * each directory above it below the top (arch/ and the core directories
 * are built by the top Makefile itself), from the Kbuild or Makefile of
 * each directory in tree. Other files add nothing.
 */
void kconfig_file_symbols(char ***syms, size_t *nr, const char *tree,
			  const char *file);
/*
 * The Kbuild (else Makefile) text of directory dir (relative to tree;
 * "" for the top) into out; -1 when it has neither.
 */
int kconfig_read_makefile(struct buf *out, const char *tree, const char *dir);
/*
 * The test objects of a directory's Makefile text: each object of an
 * "obj-$(CONFIG_X) += a.o" line (or "ext4-$(CONFIG_X) += a.o", linked
 * into a module) whose symbol names a test (KUNIT or TEST in it),
 * pushed onto *objects with its symbol onto *syms, side by side (*nr
 * counts both).
 */
void kconfig_test_objects(char ***objects, char ***syms, size_t *nr,
			  const char *makefile);
/*
 * The parts of a composite object (object "foo.o" made of "foo-objs :=
 * a.o b.o", "foo-y += c.o" or "foo-$(CONFIG_X) += d.o" lines) in a
 * directory's Makefile text, pushed onto *parts.
 */
void kconfig_composite_parts(char ***parts, size_t *nr,
			     const char *makefile, const char *object);
/*
 * A KUnit test symbol is only settable with KUnit itself (and most sit
 * under the Runtime Testing menu): add those when syms holds one.
 */
void kconfig_need_kunit(char ***syms, size_t *nr);

/*
 * The boot fragment for ARCH= arch: a 32-bit kernel (i386) cannot keep
 * CONFIG_64BIT=y, so that line says it is not set there. The caller's.
 */
char *kconfig_arch_fragment(const char *fragment, const char *arch);
/* The fragment text followed by CONFIG_<sym>=y for each symbol. */
char *kconfig_fragment(const char *fragment, char *const *syms, size_t nr);
/* Does config (a .config) hold line ("CONFIG_X=y") as a whole line? */
bool kconfig_has(const char *config, const char *line);
/*
 * What a .config did not keep: each symbol of syms without its
 * CONFIG_<sym>=y pushed onto *missing, and each setting line of fragment
 * (not a comment) absent from config, space-separated, into *lost (NULL
 * when all survived). Returns true when the fragment survived whole.
 */
bool kconfig_confirm(char ***missing, size_t *nr_missing, char **lost,
		     const char *config, const char *fragment,
		     char *const *syms, size_t nr);
/*
 * Can a change to path (relative to the tree) change what Kconfig makes
 * of a fragment? Kconfig files, the programs and shell scripts of
 * scripts/ Kconfig runs, the top Makefile and the configuration presets
 * can; a saved .config survives other changes.
 */
bool kconfig_path_matters(const char *path);

#endif
