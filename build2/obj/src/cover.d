build2/obj/src/cover.o: src/cover.c src/cover.h src/ident.h src/mail.h \
 src/repo.h src/util.h src/error.h src/file.h src/assisted.h \
 src/catalogue.h src/message.h src/b4.h src/strv.h
src/cover.h:
src/ident.h:
src/mail.h:
src/repo.h:
src/util.h:
src/error.h:
src/file.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/b4.h:
src/strv.h:
