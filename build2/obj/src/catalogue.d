build2/obj/src/catalogue.o: src/catalogue.c src/catalogue.h src/json.h \
 src/strv.h src/util.h src/error.h src/file.h
src/catalogue.h:
src/json.h:
src/strv.h:
src/util.h:
src/error.h:
src/file.h:
