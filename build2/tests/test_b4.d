build2/tests/test_b4: tests/unit/test_b4.c tests/unit/unit.h src/b4.h \
 src/repo.h src/ident.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/b4.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
