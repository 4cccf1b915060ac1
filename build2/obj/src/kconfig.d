build2/obj/src/kconfig.o: src/kconfig.c src/kconfig.h src/boot_util.h \
 src/util.h src/error.h src/file.h
src/kconfig.h:
src/boot_util.h:
src/util.h:
src/error.h:
src/file.h:
