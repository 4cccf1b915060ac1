build2/obj/src/gitdate.o: src/gitdate.c src/gitdate.h src/util.h \
 src/error.h src/file.h
src/gitdate.h:
src/util.h:
src/error.h:
src/file.h:
