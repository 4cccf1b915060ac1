build2/obj/src/repo.o: src/repo.c src/repo.h src/ident.h src/util.h \
 src/error.h src/file.h src/gitdate.h src/spdx.h
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/gitdate.h:
src/spdx.h:
