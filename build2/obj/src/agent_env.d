build2/obj/src/agent_env.o: src/agent_env.c src/agent_env.h src/json.h \
 src/util.h src/error.h src/file.h
src/agent_env.h:
src/json.h:
src/util.h:
src/error.h:
src/file.h:
