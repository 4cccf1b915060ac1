build2/obj/src/fixes.o: src/fixes.c src/fixes.h src/lint.h src/assisted.h \
 src/catalogue.h src/message.h src/ident.h src/repo.h src/util.h \
 src/error.h src/file.h src/spdx.h src/mail.h
src/fixes.h:
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
