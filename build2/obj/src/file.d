build2/obj/src/file.o: src/file.c src/file.h src/error.h src/util.h
src/file.h:
src/error.h:
src/util.h:
