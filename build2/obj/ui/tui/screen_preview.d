build2/obj/ui/tui/screen_preview.o: ui/tui/screen_preview.c src/answers.h \
 src/assisted.h src/catalogue.h src/message.h src/policy.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h src/diff.h src/file.h \
 src/run.h src/place.h ui/tui/screen.h ui/tui/app.h src/util.h \
 ui/tui/widgets.h ui/tui/term.h ui/tui/model.h src/assisted.h \
 src/catalogue.h src/ident.h src/lint.h src/spdx.h src/message.h \
 src/policy.h src/repo.h src/session.h
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
src/diff.h:
src/file.h:
src/run.h:
src/place.h:
ui/tui/screen.h:
ui/tui/app.h:
src/util.h:
ui/tui/widgets.h:
ui/tui/term.h:
ui/tui/model.h:
src/assisted.h:
src/catalogue.h:
src/ident.h:
src/lint.h:
src/spdx.h:
src/message.h:
src/policy.h:
src/repo.h:
src/session.h:
