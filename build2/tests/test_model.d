build2/tests/test_model: tests/unit/test_model.c tests/unit/unit.h \
 src/boot.h src/boot_verdict.h src/console.h src/kwarn.h src/util.h \
 src/error.h src/file.h src/kernel_tree.h src/boot_util.h src/fix.h \
 src/lint.h src/assisted.h src/catalogue.h src/message.h src/ident.h \
 src/repo.h src/spdx.h ui/tui/model.h src/answers.h src/policy.h \
 src/assisted.h src/catalogue.h src/ident.h src/lint.h src/message.h \
 src/policy.h src/repo.h src/session.h src/util.h
tests/unit/unit.h:
src/boot.h:
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/util.h:
src/error.h:
src/file.h:
src/kernel_tree.h:
src/boot_util.h:
src/fix.h:
src/lint.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/repo.h:
src/spdx.h:
ui/tui/model.h:
src/answers.h:
src/policy.h:
src/assisted.h:
src/catalogue.h:
src/ident.h:
src/lint.h:
src/message.h:
src/policy.h:
src/repo.h:
src/session.h:
src/util.h:
