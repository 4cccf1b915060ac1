build2/obj/ui/cli/cmd_cover.o: ui/cli/cmd_cover.c src/b4.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h src/boot.h \
 src/boot_verdict.h src/console.h src/kwarn.h src/kernel_tree.h \
 src/boot_util.h ui/cli/cli.h src/answers.h src/assisted.h \
 src/catalogue.h src/message.h src/policy.h src/cover.h src/mail.h \
 src/mail.h src/repo.h src/sanitize.h src/session.h src/strv.h
src/b4.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/boot.h:
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/kernel_tree.h:
src/boot_util.h:
ui/cli/cli.h:
src/answers.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/policy.h:
src/cover.h:
src/mail.h:
src/mail.h:
src/repo.h:
src/sanitize.h:
src/session.h:
src/strv.h:
