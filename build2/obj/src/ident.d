build2/obj/src/ident.o: src/ident.c src/ident.h src/util.h src/error.h \
 src/file.h
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
