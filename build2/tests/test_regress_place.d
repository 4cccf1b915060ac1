build2/tests/test_regress_place: tests/unit/test_regress_place.c \
 tests/unit/unit.h src/message.h src/place.h src/assisted.h \
 src/catalogue.h src/message.h src/ident.h src/util.h src/error.h \
 src/file.h
tests/unit/unit.h:
src/message.h:
src/place.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
