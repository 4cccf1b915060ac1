build2/obj/ui/cli/cmd_check.o: ui/cli/cmd_check.c src/b4.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h src/catalogue.h \
 src/checkpatch.h ui/cli/cli.h src/answers.h src/assisted.h \
 src/catalogue.h src/message.h src/policy.h src/fixes.h src/lint.h \
 src/spdx.h src/mail.h src/lint.h src/mail.h src/mailcheck.h \
 src/message.h src/policy.h src/repo.h src/report.h src/spdx.h src/util.h
src/b4.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/catalogue.h:
src/checkpatch.h:
ui/cli/cli.h:
src/answers.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/policy.h:
src/fixes.h:
src/lint.h:
src/spdx.h:
src/mail.h:
src/lint.h:
src/mail.h:
src/mailcheck.h:
src/message.h:
src/policy.h:
src/repo.h:
src/report.h:
src/spdx.h:
src/util.h:
