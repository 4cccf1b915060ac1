build2/tests/test_assisted: tests/unit/test_assisted.c tests/unit/unit.h \
 src/assisted.h src/catalogue.h src/message.h src/catalogue.h src/util.h \
 src/error.h src/file.h
tests/unit/unit.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/catalogue.h:
src/util.h:
src/error.h:
src/file.h:
