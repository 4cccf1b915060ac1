build2/obj/ui/tui/widgets.o: ui/tui/widgets.c ui/tui/widgets.h \
 ui/tui/term.h src/util.h src/error.h src/file.h src/sanitize.h \
 src/util.h
ui/tui/widgets.h:
ui/tui/term.h:
src/util.h:
src/error.h:
src/file.h:
src/sanitize.h:
src/util.h:
