build2/tests/test_boot_verdict: tests/unit/test_boot_verdict.c \
 tests/unit/unit.h src/boot_verdict.h src/console.h src/kwarn.h \
 src/util.h src/error.h src/file.h src/console.h src/util.h
tests/unit/unit.h:
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/util.h:
src/error.h:
src/file.h:
src/console.h:
src/util.h:
