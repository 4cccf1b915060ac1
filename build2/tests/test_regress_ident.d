build2/tests/test_regress_ident: tests/unit/test_regress_ident.c \
 tests/unit/unit.h src/ident.h
tests/unit/unit.h:
src/ident.h:
