# libFuzzer targets, run by "make fuzz" as
#   make -f tests/fuzz/fuzz.mk FUZZ_SECONDS=N BASE_CFLAGS=... VERSION=...
# (the main Makefile's shared compiler flags, so the two builds agree)
# Each tests/fuzz/fuzz_<name>.c is linked with the core (src/*.c and the
# compiled-in JSON of src/data.S), built with clang, libFuzzer, ASan and
# UBSan into build-fuzz/, then run for FUZZ_SECONDS on a scratch copy of
# its seed corpus fixtures/fuzz/<name>/. A crash, a leak, a sanitizer
# report or a timeout fails the run; the input is kept in
# build-fuzz/artifacts/<name>/ and the command to replay it is printed.
# Executions per target are written to build-fuzz/stats.txt.

FUZZ_SECONDS ?= 10
FUZZ_CC      ?= clang
FUZZ_BUILD   ?= build-fuzz
FUZZ_MAX_LEN ?= 8192
PKGS          = ncursesw libgit2 libcjson
BASE_CFLAGS  ?= -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
                -D_GNU_SOURCE -Isrc -Iui \
                $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
VERSION      ?= fuzz

SAN          = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  = $(BASE_CFLAGS) -DDISCLOSE_VERSION='"$(VERSION)-fuzz"' \
               -g -O1 -fno-omit-frame-pointer $(SAN)
FUZZ_LIBS    = $(shell pkg-config --libs $(PKGS) 2>/dev/null)

CORE_C   := $(sort $(wildcard src/*.c))
CORE_O   := $(CORE_C:%.c=$(FUZZ_BUILD)/obj/%.o) $(FUZZ_BUILD)/obj/src/data.o
CORE_LIB := $(FUZZ_BUILD)/libdisclose-fuzz.a
TARGETS  := $(sort $(patsubst tests/fuzz/fuzz_%.c,%,\
              $(wildcard tests/fuzz/fuzz_*.c)))
BINS     := $(TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

.PHONY: all build run deps
all: run

deps:
	@sh tests/deps.sh clang libclang-rt-14-dev

build: deps
	@$(MAKE) -f tests/fuzz/fuzz.mk --no-print-directory $(BINS)

$(FUZZ_BUILD)/obj/%.o: %.c $(wildcard src/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/obj/src/data.o: src/data.S $(wildcard src/data/*.json) \
		kernel/disclose.config kernel/init
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -c -o $@ src/data.S

$(CORE_LIB): $(CORE_O)
	@rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(CORE_LIB)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(CORE_LIB) \
		$(FUZZ_LIBS)

# Each target on a fresh copy of its seeds, so that fixtures/ is never
# written; the stats line of each run goes to stats.txt.
run: build
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_BUILD=$(FUZZ_BUILD) \
		FUZZ_MAX_LEN=$(FUZZ_MAX_LEN) sh tests/fuzz/run.sh $(TARGETS)
