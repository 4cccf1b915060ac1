build2/obj/src/fix.o: src/fix.c src/fix.h src/lint.h src/assisted.h \
 src/catalogue.h src/message.h src/ident.h src/repo.h src/util.h \
 src/error.h src/file.h src/spdx.h src/place.h
src/fix.h:
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
src/place.h:
