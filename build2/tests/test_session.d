build2/tests/test_session: tests/unit/test_session.c tests/unit/unit.h \
 src/session.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/session.h:
src/util.h:
src/error.h:
src/file.h:
