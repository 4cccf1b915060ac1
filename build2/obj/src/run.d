build2/obj/src/run.o: src/run.c src/run.h src/util.h src/error.h \
 src/file.h
src/run.h:
src/util.h:
src/error.h:
src/file.h:
