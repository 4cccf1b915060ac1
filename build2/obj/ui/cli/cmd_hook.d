build2/obj/ui/cli/cmd_hook.o: ui/cli/cmd_hook.c src/agent_env.h \
 src/catalogue.h ui/cli/cli.h src/answers.h src/assisted.h \
 src/catalogue.h src/message.h src/policy.h src/repo.h src/ident.h \
 src/util.h src/error.h src/file.h src/fix.h src/lint.h src/spdx.h \
 src/lint.h src/mailcheck.h src/mail.h src/message.h src/place.h \
 src/repo.h src/run.h src/spdx.h src/util.h
src/agent_env.h:
src/catalogue.h:
ui/cli/cli.h:
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
src/fix.h:
src/lint.h:
src/spdx.h:
src/lint.h:
src/mailcheck.h:
src/mail.h:
src/message.h:
src/place.h:
src/repo.h:
src/run.h:
src/spdx.h:
src/util.h:
