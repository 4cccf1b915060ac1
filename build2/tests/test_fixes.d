build2/tests/test_fixes: tests/unit/test_fixes.c tests/unit/unit.h \
 src/fixes.h src/lint.h src/assisted.h src/catalogue.h src/message.h \
 src/ident.h src/repo.h src/util.h src/error.h src/file.h src/spdx.h \
 src/mail.h src/util.h
tests/unit/unit.h:
src/fixes.h:
src/lint.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/repo.h:
src/util.h:
src/error.h:
src/file.h:
src/spdx.h:
src/mail.h:
src/util.h:
