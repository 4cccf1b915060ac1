build2/obj/src/kernel_tree.o: src/kernel_tree.c src/kernel_tree.h \
 src/boot_util.h src/util.h src/error.h src/file.h
src/kernel_tree.h:
src/boot_util.h:
src/util.h:
src/error.h:
src/file.h:
