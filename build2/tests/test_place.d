build2/tests/test_place: tests/unit/test_place.c tests/unit/unit.h \
 src/assisted.h src/catalogue.h src/message.h src/ident.h src/message.h \
 src/place.h src/assisted.h src/ident.h src/util.h src/error.h src/file.h \
 src/util.h
tests/unit/unit.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/message.h:
src/place.h:
src/assisted.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/util.h:
