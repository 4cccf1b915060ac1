build2/tests/test_repo_env: tests/unit/test_repo_env.c tests/unit/unit.h \
 src/repo.h src/ident.h src/util.h src/error.h src/file.h src/util.h
tests/unit/unit.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/util.h:
