build2/obj/src/session.o: src/session.c src/session.h src/json.h \
 src/strv.h src/util.h src/error.h src/file.h
src/session.h:
src/json.h:
src/strv.h:
src/util.h:
src/error.h:
src/file.h:
