build2/obj/src/util.o: src/util.c src/util.h src/error.h src/file.h
src/util.h:
src/error.h:
src/file.h:
