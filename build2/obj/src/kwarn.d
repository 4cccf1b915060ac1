build2/obj/src/kwarn.o: src/kwarn.c src/kwarn.h src/util.h src/error.h \
 src/file.h
src/kwarn.h:
src/util.h:
src/error.h:
src/file.h:
