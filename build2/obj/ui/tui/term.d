build2/obj/ui/tui/term.o: ui/tui/term.c ui/tui/term.h src/util.h \
 src/error.h src/file.h
ui/tui/term.h:
src/util.h:
src/error.h:
src/file.h:
