build2/obj/ui/cli/cli.o: ui/cli/cli.c ui/cli/cli.h src/answers.h \
 src/assisted.h src/catalogue.h src/message.h src/policy.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h src/util.h
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
src/util.h:
