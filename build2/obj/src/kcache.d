build2/obj/src/kcache.o: src/kcache.c src/kcache.h src/util.h src/error.h \
 src/file.h src/boot_util.h src/kernel_tree.h
src/kcache.h:
src/util.h:
src/error.h:
src/file.h:
src/boot_util.h:
src/kernel_tree.h:
