build2/tests/test_regress_util: tests/unit/test_regress_util.c \
 tests/unit/unit.h src/assisted.h src/catalogue.h src/message.h \
 src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/util.h:
src/error.h:
src/file.h:
