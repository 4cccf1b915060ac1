build2/obj/src/initramfs.o: src/initramfs.c src/initramfs.h \
 src/boot_util.h src/util.h src/error.h src/file.h
src/initramfs.h:
src/boot_util.h:
src/util.h:
src/error.h:
src/file.h:
