build2/obj/src/report.o: src/report.c src/report.h src/lint.h \
 src/assisted.h src/catalogue.h src/message.h src/ident.h src/repo.h \
 src/util.h src/error.h src/file.h src/spdx.h src/sanitize.h
src/report.h:
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
