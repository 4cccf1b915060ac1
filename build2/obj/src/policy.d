build2/obj/src/policy.o: src/policy.c src/policy.h src/assisted.h \
 src/catalogue.h src/message.h src/repo.h src/ident.h src/util.h \
 src/error.h src/file.h src/json.h src/lint.h src/spdx.h
src/policy.h:
src/assisted.h:
src/catalogue.h:
src/message.h:
src/repo.h:
src/ident.h:
src/util.h:
src/error.h:
src/file.h:
src/json.h:
src/lint.h:
src/spdx.h:
