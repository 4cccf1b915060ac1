build2/obj/ui/cli/cmd_boot.o: ui/cli/cmd_boot.c src/boot.h \
 src/boot_verdict.h src/console.h src/kwarn.h src/util.h src/error.h \
 src/file.h src/kernel_tree.h src/boot_util.h src/kcache.h ui/cli/cli.h \
 src/answers.h src/assisted.h src/catalogue.h src/message.h src/policy.h \
 src/repo.h src/ident.h
src/boot.h:
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/util.h:
src/error.h:
src/file.h:
src/kernel_tree.h:
src/boot_util.h:
src/kcache.h:
ui/cli/cli.h:
src/answers.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/policy.h:
src/repo.h:
src/ident.h:
