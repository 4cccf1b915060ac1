build2/obj/ui/main.o: ui/main.c src/b4.h src/repo.h src/ident.h \
 src/util.h src/error.h src/file.h ui/cli/cli.h src/answers.h \
 src/assisted.h src/catalogue.h src/message.h src/policy.h ui/tui/tui.h
src/b4.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
ui/cli/cli.h:
src/answers.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/policy.h:
ui/tui/tui.h:
