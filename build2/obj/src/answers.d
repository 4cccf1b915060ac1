build2/obj/src/answers.o: src/answers.c src/answers.h src/assisted.h \
 src/catalogue.h src/message.h src/policy.h src/repo.h src/ident.h \
 src/util.h src/error.h src/file.h src/json.h src/lint.h src/spdx.h \
 src/strv.h
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
src/json.h:
src/lint.h:
src/spdx.h:
src/strv.h:
