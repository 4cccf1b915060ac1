build2/obj/ui/cli/cmd_report.o: ui/cli/cmd_report.c src/catalogue.h \
 ui/cli/cli.h src/answers.h src/assisted.h src/catalogue.h src/message.h \
 src/policy.h src/repo.h src/ident.h src/util.h src/error.h src/file.h \
 src/policy.h src/repo.h src/history.h src/lint.h src/spdx.h src/util.h
src/catalogue.h:
ui/cli/cli.h:
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
src/policy.h:
src/repo.h:
src/history.h:
src/lint.h:
src/spdx.h:
src/util.h:
