build2/tests/test_catalogue: tests/unit/test_catalogue.c \
 tests/unit/unit.h src/catalogue.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/catalogue.h:
src/util.h:
src/error.h:
src/file.h:
