build2/obj/src/console.o: src/console.c src/console.h src/util.h \
 src/error.h src/file.h
src/console.h:
src/util.h:
src/error.h:
src/file.h:
