build2/tests/test_ident_git: tests/unit/test_ident_git.c \
 tests/unit/unit.h src/ident.h
tests/unit/unit.h:
src/ident.h:
