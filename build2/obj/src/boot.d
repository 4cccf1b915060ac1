build2/obj/src/boot.o: src/boot.c src/boot.h src/boot_verdict.h \
 src/console.h src/kwarn.h src/util.h src/error.h src/file.h \
 src/kernel_tree.h src/boot_util.h src/initramfs.h src/kcache.h \
 src/kbuild.h src/kconfig.h src/qemu.h src/repo.h src/ident.h src/run.h
src/boot.h:
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/util.h:
src/error.h:
src/file.h:
src/kernel_tree.h:
src/boot_util.h:
src/initramfs.h:
src/kcache.h:
src/kbuild.h:
src/kconfig.h:
src/qemu.h:
src/repo.h:
src/ident.h:
src/run.h:
