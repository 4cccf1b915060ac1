build2/obj/src/history.o: src/history.c src/history.h src/assisted.h \
 src/catalogue.h src/message.h src/ident.h src/lint.h src/repo.h \
 src/util.h src/error.h src/file.h src/spdx.h
src/history.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/ident.h:
src/lint.h:
src/repo.h:
src/util.h:
src/error.h:
src/file.h:
src/spdx.h:
