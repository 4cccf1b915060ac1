build2/tests/test_report: tests/unit/test_report.c tests/unit/unit.h \
 src/report.h src/lint.h src/assisted.h src/catalogue.h src/message.h \
 src/ident.h src/repo.h src/util.h src/error.h src/file.h src/spdx.h \
 src/util.h
tests/unit/unit.h:
src/report.h:
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
src/util.h:
