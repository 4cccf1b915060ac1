build2/tests/test_sanitize: tests/unit/test_sanitize.c tests/unit/unit.h \
 src/sanitize.h src/util.h src/error.h src/file.h src/util.h
tests/unit/unit.h:
src/sanitize.h:
src/util.h:
src/error.h:
src/file.h:
src/util.h:
