build2/tests/test_history: tests/unit/test_history.c tests/unit/unit.h \
 src/catalogue.h src/history.h src/assisted.h src/catalogue.h \
 src/message.h src/ident.h src/lint.h src/repo.h src/util.h src/error.h \
 src/file.h src/spdx.h src/util.h
tests/unit/unit.h:
src/catalogue.h:
src/history.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/lint.h:
src/repo.h:
src/util.h:
src/error.h:
src/file.h:
src/spdx.h:
src/util.h:
