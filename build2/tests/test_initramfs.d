build2/tests/test_initramfs: tests/unit/test_initramfs.c \
 tests/unit/unit.h src/initramfs.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/initramfs.h:
src/util.h:
src/error.h:
src/file.h:
