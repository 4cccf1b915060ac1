build2/obj/ui/tui/app.o: ui/tui/app.c ui/tui/app.h src/util.h src/error.h \
 src/file.h ui/tui/widgets.h ui/tui/term.h src/sanitize.h src/util.h
ui/tui/app.h:
src/util.h:
src/error.h:
src/file.h:
ui/tui/widgets.h:
ui/tui/term.h:
src/sanitize.h:
src/util.h:
