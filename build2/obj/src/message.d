build2/obj/src/message.o: src/message.c src/message.h src/util.h \
 src/error.h src/file.h
src/message.h:
src/util.h:
src/error.h:
src/file.h:
