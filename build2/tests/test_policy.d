build2/tests/test_policy: tests/unit/test_policy.c tests/unit/unit.h \
 src/catalogue.h src/dco.h src/util.h src/error.h src/file.h src/lint.h \
 src/assisted.h src/catalogue.h src/message.h src/ident.h src/repo.h \
 src/spdx.h src/policy.h src/util.h
tests/unit/unit.h:
src/catalogue.h:
src/dco.h:
src/util.h:
src/error.h:
src/file.h:
src/lint.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/repo.h:
src/spdx.h:
src/policy.h:
src/util.h:
