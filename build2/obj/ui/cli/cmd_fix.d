build2/obj/ui/cli/cmd_fix.o: ui/cli/cmd_fix.c src/b4.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h src/catalogue.h \
 ui/cli/cli.h src/answers.h src/assisted.h src/catalogue.h src/message.h \
 src/policy.h src/diff.h src/fix.h src/lint.h src/spdx.h src/mail.h \
 src/message.h src/policy.h src/repo.h src/sanitize.h src/util.h
src/b4.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/catalogue.h:
ui/cli/cli.h:
src/answers.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/policy.h:
src/diff.h:
src/fix.h:
src/lint.h:
src/spdx.h:
src/mail.h:
src/message.h:
src/policy.h:
src/repo.h:
src/sanitize.h:
src/util.h:
