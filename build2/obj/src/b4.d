build2/obj/src/b4.o: src/b4.c src/b4.h src/repo.h src/ident.h src/util.h \
 src/error.h src/file.h src/json.h
src/b4.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/json.h:
