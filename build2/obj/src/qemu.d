build2/obj/src/qemu.o: src/qemu.c src/qemu.h src/util.h src/error.h \
 src/file.h src/boot_util.h src/run.h
src/qemu.h:
src/util.h:
src/error.h:
src/file.h:
src/boot_util.h:
src/run.h:
