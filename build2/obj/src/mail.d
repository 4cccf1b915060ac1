build2/obj/src/mail.o: src/mail.c src/mail.h src/util.h src/error.h \
 src/file.h
src/mail.h:
src/util.h:
src/error.h:
src/file.h:
