build2/obj/src/assisted.o: src/assisted.c src/assisted.h src/catalogue.h \
 src/message.h src/json.h src/strv.h src/util.h src/error.h src/file.h
src/assisted.h:
src/catalogue.h:
src/message.h:
src/json.h:
src/strv.h:
src/util.h:
src/error.h:
src/file.h:
