build2/obj/ui/cli/cmd_amend.o: ui/cli/cmd_amend.c src/b4.h src/repo.h \
 src/ident.h src/util.h src/error.h src/file.h ui/cli/cli.h src/answers.h \
 src/assisted.h src/catalogue.h src/message.h src/policy.h src/diff.h \
 src/fix.h src/lint.h src/spdx.h src/lint.h src/message.h src/place.h \
 src/repo.h src/sanitize.h src/util.h
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
src/diff.h:
src/fix.h:
src/lint.h:
src/spdx.h:
src/lint.h:
src/message.h:
src/place.h:
src/repo.h:
src/sanitize.h:
src/util.h:
