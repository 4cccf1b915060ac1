build2/tests/test_gitdate: tests/unit/test_gitdate.c tests/unit/unit.h \
 src/gitdate.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/gitdate.h:
src/util.h:
src/error.h:
src/file.h:
