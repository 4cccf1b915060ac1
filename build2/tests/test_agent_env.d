build2/tests/test_agent_env: tests/unit/test_agent_env.c \
 tests/unit/unit.h src/agent_env.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/agent_env.h:
src/util.h:
src/error.h:
src/file.h:
