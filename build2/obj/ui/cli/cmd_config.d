build2/obj/ui/cli/cmd_config.o: ui/cli/cmd_config.c src/assisted.h \
 src/catalogue.h src/message.h src/b4.h src/repo.h src/ident.h src/util.h \
 src/error.h src/file.h src/catalogue.h ui/cli/cli.h src/answers.h \
 src/assisted.h src/policy.h src/policy.h src/repo.h src/sanitize.h \
 src/run.h src/util.h
src/assisted.h:
src/catalogue.h:
src/message.h:
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
src/policy.h:
src/policy.h:
src/repo.h:
src/sanitize.h:
src/run.h:
src/util.h:
