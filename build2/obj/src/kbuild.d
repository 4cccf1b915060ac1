build2/obj/src/kbuild.o: src/kbuild.c src/kbuild.h src/boot_util.h \
 src/util.h src/error.h src/file.h src/kconfig.h src/run.h
src/kbuild.h:
src/boot_util.h:
src/util.h:
src/error.h:
src/file.h:
src/kconfig.h:
src/run.h:
