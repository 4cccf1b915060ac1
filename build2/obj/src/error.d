build2/obj/src/error.o: src/error.c src/error.h src/sanitize.h src/util.h \
 src/file.h
src/error.h:
src/sanitize.h:
src/util.h:
src/file.h:
