build2/obj/src/diff.o: src/diff.c src/diff.h src/util.h src/error.h \
 src/file.h
src/diff.h:
src/util.h:
src/error.h:
src/file.h:
