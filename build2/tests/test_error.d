build2/tests/test_error: tests/unit/test_error.c tests/unit/unit.h \
 src/error.h
tests/unit/unit.h:
src/error.h:
