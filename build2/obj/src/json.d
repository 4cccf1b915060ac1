build2/obj/src/json.o: src/json.c src/json.h src/strv.h src/util.h \
 src/error.h src/file.h
src/json.h:
src/strv.h:
src/util.h:
src/error.h:
src/file.h:
