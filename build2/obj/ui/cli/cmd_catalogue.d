build2/obj/ui/cli/cmd_catalogue.o: ui/cli/cmd_catalogue.c src/catalogue.h \
 ui/cli/cli.h src/answers.h src/assisted.h src/catalogue.h src/message.h \
 src/policy.h src/repo.h src/ident.h src/util.h src/error.h src/file.h \
 src/run.h
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
src/run.h:
