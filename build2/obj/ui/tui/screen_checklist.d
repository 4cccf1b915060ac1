build2/obj/ui/tui/screen_checklist.o: ui/tui/screen_checklist.c src/dco.h \
 src/util.h src/error.h src/file.h ui/tui/screen.h ui/tui/app.h \
 src/util.h ui/tui/widgets.h ui/tui/term.h ui/tui/model.h src/answers.h \
 src/assisted.h src/catalogue.h src/message.h src/policy.h src/repo.h \
 src/ident.h src/assisted.h src/catalogue.h src/ident.h src/lint.h \
 src/spdx.h src/message.h src/policy.h src/repo.h src/session.h
src/dco.h:
src/util.h:
src/error.h:
src/file.h:
ui/tui/screen.h:
ui/tui/app.h:
src/util.h:
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
src/assisted.h:
src/catalogue.h:
src/ident.h:
src/lint.h:
src/spdx.h:
src/message.h:
src/policy.h:
src/repo.h:
src/session.h:
