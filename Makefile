# git-disclose: plain Makefile, dependencies found with pkg-config.
#
#   make            build build/git-disclose
#   make test       install missing packages, build, run every test
#   make demo       run the demo on a throwaway repository
#   make bench      run the benchmarks and print one table
#   make SANITIZE=1 build with AddressSanitizer and UBSan (into build-san/)

PREFIX    ?= /usr/local
DESTDIR   ?=
CC        ?= cc
PKGS       = ncursesw libgit2 libcjson
DEB_PKGS   = libncurses-dev libgit2-dev libcjson-dev libcmocka-dev pkg-config \
             git tmux gcc libc6-dev b4
KERNEL_PKGS = linux-source-6.1 qemu-system-x86 busybox-static flex bison bc \
             libelf-dev libssl-dev cpio xz-utils python3-docutils python3-ply \
             python3-git gzip
VERSION    = 0.1.0

ifeq ($(SANITIZE),1)
BUILD     ?= build-san
SANFLAGS   = -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all
else
BUILD     ?= build
SANFLAGS   =
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null)

CFLAGS    ?= -O2 -g
ALL_CFLAGS = -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
             -D_GNU_SOURCE -DDISCLOSE_VERSION='"$(VERSION)"' \
             -Isrc -Iui $(PKG_CFLAGS) $(SANFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)

SRC_C   := $(sort $(wildcard src/*.c))
UI_C    := $(sort $(wildcard ui/*.c ui/*/*.c))
DATA    := $(sort $(wildcard src/data/*.json))
SRC_O   := $(SRC_C:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/src/data.o
UI_O    := $(UI_C:%.c=$(BUILD)/obj/%.o)
LIB     := $(BUILD)/libdisclose.a
BIN     := $(BUILD)/git-disclose
UNIT_C  := $(sort $(wildcard tests/unit/test_*.c))
UNIT    := $(UNIT_C:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps test unit e2e kernel-test demo bench install uninstall clean fuzz valgrind corpus

all: $(BIN)

# Each object depends on the headers it includes (-MMD -MP).
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The default catalogue and policy JSON are compiled into the binary.
$(BUILD)/obj/src/data.o: src/data.S $(DATA)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -c -o $@ src/data.S

# The boot fragment and init script are compiled into the binary.
$(BUILD)/obj/src/boot_data.o: kernel/disclose.config kernel/init

$(LIB): $(SRC_O)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(UI_O) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(UI_O) $(LIB) $(PKG_LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -Itests/unit -o $@ $< $(LIB) $(PKG_LIBS) \
		$(CMOCKA_LIBS) $(ALL_LDFLAGS)

# The assistant's model is curses-free: its unit tests link its object.
TUI_MODEL_O := $(BUILD)/obj/ui/tui/model.o
$(BUILD)/tests/test_model: tests/unit/test_model.c $(TUI_MODEL_O) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -Itests/unit -o $@ $< $(TUI_MODEL_O) \
		$(LIB) $(PKG_LIBS) $(CMOCKA_LIBS) $(ALL_LDFLAGS)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# Install the Debian packages the build and the tests need, when missing.
deps:
	@sh tests/deps.sh $(DEB_PKGS)

unit: $(UNIT)
	@sh tests/run-unit.sh $(UNIT)

e2e: $(BIN)
	@sh tests/run-e2e.sh $(abspath $(BIN))

# The kernel series and the QEMU boot: slow (a kernel build), run once.
kernel-test: $(BIN)
	@sh tests/deps.sh $(KERNEL_PKGS)
	@sh tests/run-e2e.sh $(abspath $(BIN)) $(abspath tests/kernel)

# Sanitizer reports exit 86, which no test mistakes for a policy error (1).
SAN_ENV = ASAN_OPTIONS=exitcode=86:detect_leaks=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86 \
	  LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp)

test: deps
	$(MAKE) all
	$(MAKE) unit
	$(MAKE) e2e
	$(MAKE) SANITIZE=1 all
	$(SAN_ENV) $(MAKE) SANITIZE=1 unit
	$(SAN_ENV) $(MAKE) SANITIZE=1 e2e
	$(MAKE) kernel-test

demo: deps
	$(MAKE) all
	@sh tests/demo.sh $(abspath $(BIN))

bench: deps
	$(MAKE) all
	@sh tests/bench/run.sh $(abspath $(BIN))

# The catalogue and policy JSON are compiled in: the binary, its man page
# and the bash completion are all there is to install.
MANDIR  ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/git-disclose
	install -m 644 ui/git-disclose.1 $(DESTDIR)$(MANDIR)/git-disclose.1
	install -m 644 ui/git-disclose.bash \
		$(DESTDIR)$(BASHCOMPDIR)/git-disclose

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/git-disclose \
		$(DESTDIR)$(MANDIR)/git-disclose.1 \
		$(DESTDIR)$(BASHCOMPDIR)/git-disclose

# The parser against git on git.git's 81,966 messages (../shared/corpus).
corpus: $(BIN)
	@DISCLOSE=$(abspath $(BIN)) sh tests/corpus/compare.sh

# libFuzzer targets (clang) and the valgrind run of the unit tests.
fuzz:
	@$(MAKE) -f tests/fuzz/fuzz.mk FUZZ_SECONDS=$(or $(FUZZ_SECONDS),10)

valgrind: $(UNIT)
	@sh tests/deps.sh valgrind
	@sh tests/run-unit.sh --valgrind $(UNIT)

clean:
	rm -rf build build-san build-fuzz
