build2/obj/src/place.o: src/place.c src/place.h src/assisted.h \
 src/catalogue.h src/message.h src/ident.h src/util.h src/error.h \
 src/file.h
src/place.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
