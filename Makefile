# git-disclose: plain Makefile, dependencies found with pkg-config.
#
#   make            build build/git-disclose
#   make test       install missing packages, build, run every test
#   make check      unit + end-to-end + layering (no apt, no root, no kernel);
#                   make -j2 check runs the end-to-end scripts in parallel
#   make demo       run the demo on a throwaway repository
#   make bench      run the benchmarks and print one table
#   make SANITIZE=1 build with AddressSanitizer and UBSan (into build-san/)
#   make DEVELOPER=1 warnings are errors

PREFIX    ?= /usr/local
DESTDIR   ?=
CC        ?= cc
PKGS       = ncursesw libgit2 libcjson
DEB_PKGS   = libncurses-dev libgit2-dev libcjson-dev libcmocka-dev pkg-config \
             git tmux vim-tiny gcc libc6-dev b4 chromium
KERNEL_PKGS = linux-source-6.1 qemu-system-x86 busybox-static flex bison bc \
             libelf-dev libssl-dev cpio xz-utils python3-docutils python3-ply \
             python3-git gzip
# lava-run for boot --lava (tests/kernel/lava.sh), without its
# recommendations: those are about 100 more packages (a kernel image,
# lxc, an NFS server, qemu-system-arm) that lava-run's local QEMU jobs
# do not use.
LAVA_PKGS  = lava-dispatcher
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
ifeq ($(DEVELOPER),1)
DEVFLAGS   = -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
endif
# The flags every build of the sources shares (the fuzz build too).
BASE_CFLAGS = -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
             -D_GNU_SOURCE -Isrc -Iui $(PKG_CFLAGS)
ALL_CFLAGS = $(BASE_CFLAGS) -DDISCLOSE_VERSION='"$(VERSION)"' \
             $(SANFLAGS) $(DEVFLAGS) $(CFLAGS)
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
# Test tables name only the fields a case needs.
TEST_CFLAGS = $(ALL_CFLAGS) -Wno-missing-field-initializers -Itests/unit

.PHONY: all deps test check unit e2e kernel-test demo bench install uninstall \
	clean fuzz valgrind corpus layering

all: $(BIN)

# Each object depends on the headers it includes (-MMD -MP).
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The catalogue and policy JSON, the boot fragment and init script are
# compiled into the binary (src/data.S).
$(BUILD)/obj/src/data.o: src/data.S $(DATA) kernel/disclose.config kernel/init \
	kernel/init-i386.c
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -c -o $@ src/data.S

$(LIB): $(SRC_O)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(UI_O) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(UI_O) $(LIB) $(PKG_LIBS)

# The unit tests' shared setup (tests/unit/fixture.c) is linked into each.
FIXTURE_O := $(BUILD)/obj/tests/unit/fixture.o
$(FIXTURE_O): tests/unit/fixture.c
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Isrc -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(FIXTURE_O) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -MMD -MP -o $@ $< $(FIXTURE_O) $(LIB) \
		$(PKG_LIBS) $(CMOCKA_LIBS) $(ALL_LDFLAGS)

# The assistant's model is curses-free: its unit tests link its object.
TUI_MODEL_O := $(BUILD)/obj/ui/tui/model.o \
	       $(BUILD)/obj/ui/tui/model_procedure.o
$(BUILD)/tests/test_model: tests/unit/test_model.c $(TUI_MODEL_O) \
		$(FIXTURE_O) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -MMD -MP -o $@ $< $(TUI_MODEL_O) $(FIXTURE_O) \
		$(LIB) $(PKG_LIBS) $(CMOCKA_LIBS) $(ALL_LDFLAGS)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# Install the Debian packages the build and the tests need, when missing.
deps:
	@sh tests/deps.sh $(DEB_PKGS)

unit: $(UNIT)
	@sh tests/run-unit.sh $(UNIT)

e2e: $(BIN)
	@sh tests/run-e2e.sh $(abspath $(BIN))

# One make target per end-to-end script, so that make -j runs them side by
# side; each prints its own line and the target fails with the script.
E2E_NAMES := $(filter-out lib%,$(basename $(notdir $(wildcard tests/e2e/*.sh))))
E2E_ONE   := $(E2E_NAMES:%=e2e/%)
.PHONY: $(E2E_ONE)
$(E2E_ONE): e2e/%: $(BIN)
	@T=$* QUIET=1 sh tests/run-e2e.sh $(abspath $(BIN))

# The include rules and the cross-file call graph (tests/README).
layering: $(BIN) $(UNIT)
	@python3 tests/layering.py $(CURDIR) $(BUILD)

# Everything that needs no apt, no root and no kernel.
check: $(BIN) $(UNIT)
	@sh tests/run-unit.sh $(UNIT)
	@$(MAKE) --no-print-directory layering
	@$(MAKE) --no-print-directory $(E2E_ONE)

# The kernel series and the QEMU boot: slow (a kernel build), run once.
kernel-test: $(BIN)
	@sh tests/deps.sh $(KERNEL_PKGS)
	@DEPS_APT_OPTS=--no-install-recommends sh tests/deps.sh $(LAVA_PKGS)
	@sh tests/run-e2e.sh $(abspath $(BIN)) $(abspath tests/kernel)

# Sanitizer reports exit 86, which no test mistakes for a policy error (1).
SAN_ENV = ASAN_OPTIONS=exitcode=86:detect_leaks=1:fast_unwind_on_malloc=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86 \
	  LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp)

# The end-to-end scripts run side by side, one per core, as in make check.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

test: deps
	$(MAKE) all
	$(MAKE) unit
	$(MAKE) -j$(JOBS) -k --no-print-directory $(E2E_ONE)
	$(MAKE) SANITIZE=1 all
	$(SAN_ENV) $(MAKE) SANITIZE=1 unit
	$(SAN_ENV) $(MAKE) SANITIZE=1 -j$(JOBS) -k --no-print-directory $(E2E_ONE)
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
	@$(MAKE) -f tests/fuzz/fuzz.mk FUZZ_SECONDS=$(or $(FUZZ_SECONDS),10) \
		BASE_CFLAGS='$(BASE_CFLAGS)' VERSION=$(VERSION)

valgrind: $(UNIT)
	@sh tests/deps.sh valgrind
	@sh tests/run-unit.sh --valgrind $(UNIT)

clean:
	rm -rf build build-san build-fuzz
