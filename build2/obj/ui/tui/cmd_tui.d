build2/obj/ui/tui/cmd_tui.o: ui/tui/cmd_tui.c ui/tui/tui.h \
 ui/tui/screen.h ui/tui/app.h src/util.h src/error.h src/file.h \
 ui/tui/widgets.h ui/tui/term.h ui/tui/model.h src/answers.h \
 src/assisted.h src/catalogue.h src/message.h src/policy.h src/repo.h \
 src/ident.h src/util.h src/assisted.h src/catalogue.h src/ident.h \
 src/lint.h src/spdx.h src/message.h src/policy.h src/repo.h \
 src/session.h
ui/tui/tui.h:
ui/tui/screen.h:
ui/tui/app.h:
src/util.h:
src/error.h:
src/file.h:
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
src/util.h:
src/assisted.h:
src/catalogue.h:
src/ident.h:
src/lint.h:
src/spdx.h:
src/message.h:
src/policy.h:
src/repo.h:
src/session.h:
