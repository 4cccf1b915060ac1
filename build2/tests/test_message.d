build2/tests/test_message: tests/unit/test_message.c tests/unit/unit.h \
 src/message.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/message.h:
src/util.h:
src/error.h:
src/file.h:
