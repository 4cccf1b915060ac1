build2/tests/test_kwarn: tests/unit/test_kwarn.c tests/unit/unit.h \
 src/kwarn.h
tests/unit/unit.h:
src/kwarn.h:
