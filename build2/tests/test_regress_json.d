build2/tests/test_regress_json: tests/unit/test_regress_json.c \
 tests/unit/unit.h src/json.h src/util.h src/error.h src/file.h
tests/unit/unit.h:
src/json.h:
src/util.h:
src/error.h:
src/file.h:
