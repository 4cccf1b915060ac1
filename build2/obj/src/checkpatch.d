build2/obj/src/checkpatch.o: src/checkpatch.c src/checkpatch.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h src/message.h src/run.h
src/checkpatch.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/message.h:
src/run.h:
