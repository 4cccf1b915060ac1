build2/obj/src/mailcheck.o: src/mailcheck.c src/mailcheck.h src/lint.h \
 src/assisted.h src/catalogue.h src/message.h src/ident.h src/repo.h \
 src/util.h src/error.h src/file.h src/spdx.h src/mail.h src/place.h
src/mailcheck.h:
src/lint.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/repo.h:
src/util.h:
src/error.h:
src/file.h:
src/spdx.h:
src/mail.h:
src/place.h:
