build2/obj/src/boot_util.o: src/boot_util.c src/boot_util.h src/util.h \
 src/error.h src/file.h src/run.h
src/boot_util.h:
src/util.h:
src/error.h:
src/file.h:
src/run.h:
