build2/tests/test_console: tests/unit/test_console.c tests/unit/unit.h \
 src/console.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/console.h:
src/util.h:
src/error.h:
src/file.h:
