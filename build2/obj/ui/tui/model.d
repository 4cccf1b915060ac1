build2/obj/ui/tui/model.o: ui/tui/model.c ui/tui/model.h src/answers.h \
 src/assisted.h src/catalogue.h src/message.h src/policy.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h src/assisted.h \
 src/catalogue.h src/ident.h src/lint.h src/spdx.h src/message.h \
 src/policy.h src/repo.h src/session.h src/util.h src/b4.h src/boot.h \
 src/boot_verdict.h src/console.h src/kwarn.h src/kernel_tree.h \
 src/boot_util.h src/fix.h src/lint.h src/json.h src/place.h src/spdx.h \
 src/strv.h
ui/tui/model.h:
src/answers.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/policy.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/assisted.h:
src/catalogue.h:
src/ident.h:
src/lint.h:
src/spdx.h:
src/message.h:
src/policy.h:
src/repo.h:
src/session.h:
src/util.h:
src/b4.h:
src/boot.h:
src/boot_verdict.h:
src/console.h:
src/kwarn.h:
src/kernel_tree.h:
src/boot_util.h:
src/fix.h:
src/lint.h:
src/json.h:
src/place.h:
src/spdx.h:
src/strv.h:
