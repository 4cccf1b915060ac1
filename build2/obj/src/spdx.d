build2/obj/src/spdx.o: src/spdx.c src/spdx.h src/util.h src/error.h \
 src/file.h
src/spdx.h:
src/util.h:
src/error.h:
src/file.h:
