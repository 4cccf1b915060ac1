build2/obj/src/dco.o: src/dco.c src/dco.h src/util.h src/error.h \
 src/file.h
src/dco.h:
src/util.h:
src/error.h:
src/file.h:
