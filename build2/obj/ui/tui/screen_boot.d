build2/obj/ui/tui/screen_boot.o: ui/tui/screen_boot.c src/boot.h \
 src/boot_verdict.h src/console.h src/kwarn.h src/util.h src/error.h \
 src/file.h src/kernel_tree.h src/boot_util.h ui/tui/screen.h \
 ui/tui/app.h src/util.h ui/tui/widgets.h ui/tui/term.h ui/tui/model.h \
 src/answers.h src/assisted.h src/catalogue.h src/message.h src/policy.h \
 src/repo.h src/ident.h src/assisted.h src/catalogue.h src/ident.h \
 src/lint.h src/spdx.h src/message.h src/policy.h src/repo.h \
 src/session.h
src/boot.h:
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/util.h:
src/error.h:
src/file.h:
src/kernel_tree.h:
src/boot_util.h:
ui/tui/screen.h:
ui/tui/app.h:
src/util.h:
ui/tui/widgets.h:
ui/tui/term.h:
ui/tui/model.h:
src/answers.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/policy.h:
src/repo.h:
src/ident.h:
src/assisted.h:
src/catalogue.h:
src/ident.h:
src/lint.h:
src/spdx.h:
src/message.h:
src/policy.h:
src/repo.h:
src/session.h:
