build2/tests/test_spdx: tests/unit/test_spdx.c tests/unit/unit.h \
 src/spdx.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/spdx.h:
src/util.h:
src/error.h:
src/file.h:
