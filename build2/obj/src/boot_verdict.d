build2/obj/src/boot_verdict.o: src/boot_verdict.c src/boot_verdict.h \
 src/console.h src/kwarn.h src/util.h src/error.h src/file.h \
 src/boot_util.h src/json.h
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/util.h:
src/error.h:
src/file.h:
src/boot_util.h:
src/json.h:
