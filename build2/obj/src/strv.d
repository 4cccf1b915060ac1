build2/obj/src/strv.o: src/strv.c src/strv.h src/util.h src/error.h \
 src/file.h
src/strv.h:
src/util.h:
src/error.h:
src/file.h:
