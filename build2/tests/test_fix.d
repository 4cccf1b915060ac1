build2/tests/test_fix: tests/unit/test_fix.c tests/unit/unit.h \
 src/catalogue.h src/diff.h src/util.h src/error.h src/file.h src/fix.h \
 src/lint.h src/assisted.h src/catalogue.h src/message.h src/ident.h \
 src/repo.h src/spdx.h src/util.h
tests/unit/unit.h:
src/catalogue.h:
src/diff.h:
src/util.h:
src/error.h:
src/file.h:
src/fix.h:
src/lint.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/repo.h:
src/spdx.h:
src/util.h:
