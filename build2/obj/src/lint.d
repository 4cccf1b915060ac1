build2/obj/src/lint.o: src/lint.c src/lint.h src/assisted.h \
 src/catalogue.h src/message.h src/ident.h src/repo.h src/util.h \
 src/error.h src/file.h src/spdx.h src/sanitize.h src/place.h
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
src/sanitize.h:
src/place.h:
