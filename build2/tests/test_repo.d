build2/tests/test_repo: tests/unit/test_repo.c tests/unit/unit.h \
 src/repo.h src/ident.h src/util.h src/error.h src/file.h src/util.h
tests/unit/unit.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/util.h:
