build2/tests/test_kconfig: tests/unit/test_kconfig.c tests/unit/unit.h \
 src/boot.h src/boot_verdict.h src/console.h src/kwarn.h src/util.h \
 src/error.h src/file.h src/kernel_tree.h src/boot_util.h src/kconfig.h \
 src/util.h
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
src/kconfig.h:
src/util.h:
