build2/obj/src/sanitize.o: src/sanitize.c src/sanitize.h src/util.h \
 src/error.h src/file.h
src/sanitize.h:
src/util.h:
src/error.h:
src/file.h:
