build2/obj/ui/cli/cmd_trailer.o: ui/cli/cmd_trailer.c ui/cli/cli.h \
 src/answers.h src/assisted.h src/catalogue.h src/message.h src/policy.h \
 src/repo.h src/ident.h src/util.h src/error.h src/file.h src/message.h \
 src/place.h src/run.h src/repo.h src/sanitize.h src/util.h
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
src/message.h:
src/place.h:
src/run.h:
src/repo.h:
src/sanitize.h:
src/util.h:
