build2/tests/test_range: tests/unit/test_range.c tests/unit/unit.h \
 src/repo.h src/ident.h src/util.h src/error.h src/file.h src/run.h \
 src/util.h
tests/unit/unit.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/run.h:
src/util.h:
