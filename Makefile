# Makefile -- top-level build of Erbium for GCC (hand-written GNU make).
#
# On a fresh Debian bookworm machine (as root) any target that needs the
# configuration bootstraps it: config.mk is made by running
# scripts/install-deps, autoconf and ./configure, then make restarts with it.
# Everything built goes under $(BUILD) (default build/): runtime objects in
# $(BUILD)/obj, the runtime libraries $(RUNTIME_LIB_SO) and $(RUNTIME_LIB_A),
# DejaGnu output in $(BUILD)/testsuite/<dir>/ (one directory per testsuite
# subdirectory, each with its own erbium.sum and erbium.log).
#
#   make [all]        build the runtime libraries
#   make check        run every testsuite/*/*.exp with DejaGnu and end with
#                     one line "N passed, M failed" (RUNTESTFLAGS is passed
#                     to runtest, e.g. RUNTESTFLAGS=-v; TESTDIRS=runtime,...
#                     runs only those testsuite directories; BUILD=dir
#                     builds and tests in another build directory)
#   make check-asan   the runtime suite with threads and with fibers and the
#                     FM receiver's tests, everything built with
#                     AddressSanitizer and UndefinedBehaviorSanitizer in
#                     build-asan/; any report fails its test
#   make check-tsan   the same with ThreadSanitizer, in build-tsan/
#   make demo         the FM radio receiver on recorded speech, and the
#                     network of its OpenMP stream version's task sites
#   make bench        run the benchmarks (QUICK=1 for a short run)
#   make install      headers, libraries, the plugin and erbium-gcc into
#                     $(DESTDIR)$(PREFIX) and the compiler's plugin directory
#   make uninstall    remove what make install installed
#   make clean        remove $(BUILD)
#   make distclean    also remove everything configure generated

BUILD          := build
comma          := ,
# SANITIZE=LIST (e.g. address,undefined, or thread) compiles the runtime,
# the examples and the testsuite's programs with -fsanitize=LIST (the
# plugin is not: it runs inside GCC); give such a build a BUILD of its own
# (make check-asan and check-tsan do, below).
SANITIZE       ?=
SANITIZE_FLAGS := $(if $(SANITIZE),-fsanitize=$(SANITIZE) -fno-omit-frame-pointer)
# The SANITIZE value $(BUILD) was compiled with: rewritten when it
# changes, so that what depends on it is compiled again.
SAN_STAMP      := $(BUILD)/sanitize.stamp
RUNTIME_LIB_SO := $(BUILD)/liberbium.so
RUNTIME_LIB_A  := $(BUILD)/liberbium.a

.DEFAULT_GOAL := all

# Targets that must work without (and must not trigger) configuration.
NOCONFIG_GOALS := clean distclean
ifneq ($(filter-out $(NOCONFIG_GOALS),$(or $(MAKECMDGOALS),all)),)
include config.mk
endif

# (Re)generate the configuration.  install-deps is idempotent and quick when
# everything is present; it needs root only when a package is missing.
config.mk: configure.ac config.mk.in
	scripts/install-deps
	autoconf
	./configure

PREFIX ?= $(if $(prefix),$(prefix),/usr/local)
DESTDIR ?=

# ---------------------------------------------------------------------------
# Runtime library: every runtime/src/*.c, picked up by wildcard.
# ---------------------------------------------------------------------------
RUNTIME_SRCS    := $(sort $(wildcard runtime/src/*.c))
RUNTIME_OBJS    := $(patsubst runtime/src/%.c,$(BUILD)/obj/%.o,$(RUNTIME_SRCS))
RUNTIME_HEADERS := $(sort $(wildcard runtime/include/erbium/*.h))
# -fno-plt: the runtime calls libc and hwloc through the GOT, so a static
# link adds no PLT entry per function the runtime imports, and a runtime
# change that imports one more function does not shift the program's own
# code.  It was added when such a shift made the FM receiver 20 % slower;
# the plugin's loop placement (erbium-loopalign, docs/performance.md, "Code
# placement") now keeps the receiver's filter loops where they belong
# whatever the shift, so -fno-plt is no longer what protects them.  It
# stays: it costs nothing (a call through the GOT instead of a call to a
# PLT stub that jumps through it), and dropping it would change every
# runtime object the benchmarks measured.
RUNTIME_CFLAGS  := -std=gnu11 -O2 -g -fPIC -fno-plt -Wall -Wextra \
                   -Iruntime/include $(HWLOC_CFLAGS) $(SANITIZE_FLAGS)

.PHONY: all
all: $(RUNTIME_LIB_SO) $(RUNTIME_LIB_A)

$(BUILD)/obj/%.o: runtime/src/%.c config.mk $(SAN_STAMP)
	@mkdir -p $(@D)
	$(CC) $(RUNTIME_CFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

-include $(RUNTIME_OBJS:.o=.d)

$(RUNTIME_LIB_SO): $(RUNTIME_OBJS)
	@test -n "$(RUNTIME_OBJS)" || \
	  { echo "error: no runtime sources (runtime/src/*.c)" >&2; exit 1; }
	$(CC) -shared -Wl,-soname,$(@F) $(LDFLAGS) $(SANITIZE_FLAGS) -o $@ \
	  $(RUNTIME_OBJS) $(HWLOC_LIBS) -lpthread

.PHONY: FORCE
FORCE:
$(SAN_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(SANITIZE)' | cmp -s - $@ || echo '$(SANITIZE)' > $@

$(RUNTIME_LIB_A): $(RUNTIME_OBJS)
	@test -n "$(RUNTIME_OBJS)" || \
	  { echo "error: no runtime sources (runtime/src/*.c)" >&2; exit 1; }
	@rm -f $@
	$(AR) rcs $@ $(RUNTIME_OBJS)

# ---------------------------------------------------------------------------
# GCC plugin: every plugin/*.cc -> $(PLUGIN_SO), built against the plugin
# headers of the compiler that configure found ($(PLUGIN_DIR)/include).
# GCC internals, "Plugins": -fno-rtti because cc1 is built without RTTI.
# -Iruntime/include: lower.cc takes the fast path's constants from
# erbium/fastpath.h, as erbium/sync.h does.
# ---------------------------------------------------------------------------
PLUGIN_SO       := $(BUILD)/erbium.so
PLUGIN_SRCS     := $(sort $(wildcard plugin/*.cc))
PLUGIN_OBJS     := $(patsubst plugin/%.cc,$(BUILD)/plugin/%.o,$(PLUGIN_SRCS))
PLUGIN_CXXFLAGS := -std=gnu++14 -O2 -g -fPIC -fno-rtti -fno-exceptions \
                   -Wall -Wno-literal-suffix -I$(PLUGIN_DIR)/include -Iplugin \
                   -Iruntime/include

all: $(PLUGIN_SO)

$(BUILD)/plugin/%.o: plugin/%.cc config.mk
	@mkdir -p $(@D)
	$(CXX) $(PLUGIN_CXXFLAGS) -MMD -MP -c $< -o $@

-include $(PLUGIN_OBJS:.o=.d)

$(PLUGIN_SO): $(PLUGIN_OBJS)
	$(CXX) -shared $(LDFLAGS) -o $@ $(PLUGIN_OBJS)

# ---------------------------------------------------------------------------
# Examples written in the Erbium language (<erbium.h>), compiled with the
# plugin at -O3: $(BUILD)/examples/NAME from examples/NAME/NAME.c.
# ---------------------------------------------------------------------------
EXAMPLE_NAMES := producer-consumer fmradio
EXAMPLES      := $(patsubst %,$(BUILD)/examples/%,$(EXAMPLE_NAMES))
EXAMPLE_FLAGS := -std=gnu11 -O3 -pthread -fplugin=$(abspath $(PLUGIN_SO)) \
                 -Iplugin/include -Iruntime/include $(HWLOC_CFLAGS) \
                 $(SANITIZE_FLAGS)

.PHONY: examples
all: examples
examples: $(EXAMPLES)

$(foreach e,$(EXAMPLE_NAMES),$(eval $(BUILD)/examples/$(e): examples/$(e)/$(e).c))
$(EXAMPLES): plugin/include/erbium.h $(PLUGIN_SO) $(RUNTIME_LIB_A) $(SAN_STAMP)
	@mkdir -p $(@D)
	$(CC) $(EXAMPLE_FLAGS) $(filter %.c %.o,$^) -o $@ $(RUNTIME_LIB_A) \
	  $(HWLOC_LIBS) -lpthread -lm

# The FM receiver: examples/fmradio/fmradio.mk compiles the
# objects of dsp.c (filter design) and wav.c (the files), which the
# Erbium build above links too, with blocks.o for its sequential build and
# bench/fmradio's peers, and builds the sequential build, FM_SEQ.
include examples/fmradio/fmradio.mk
$(BUILD)/examples/fmradio: $(FM_OBJD)/dsp.o $(FM_OBJD)/wav.o $(FM_HEADERS)
all: $(FM_SEQ)
# The same receiver as an OpenMP stream program, compiled by the plugin
# with -fopenmp (examples/fmradio-omp/fmradio-omp.mk).
include examples/fmradio-omp/fmradio-omp.mk
all: $(FMO_PROG)
# --------------------------- end of examples -------------------------------

# ---------------------------------------------------------------------------
# DejaGnu testsuite.  Every testsuite/<dir>/*.exp (lib/ and config/ aside) is
# run by one runtest invocation per <dir>, from $(BUILD)/testsuite/<dir>, so
# that each directory has its own erbium.sum/erbium.log and temporary files.
# The variables the harness needs come from $(BUILD)/testsuite/site.exp.
# ---------------------------------------------------------------------------
TEST_EXPS := $(filter-out testsuite/lib/% testsuite/config/%,\
               $(sort $(wildcard testsuite/*/*.exp)))
# TESTDIRS=a,b on the command line runs only those directories.
TEST_DIRS := $(if $(TESTDIRS),$(subst $(comma), ,$(TESTDIRS)),\
               $(sort $(patsubst testsuite/%/,%,$(dir $(TEST_EXPS)))))
TEST_SUMS := $(foreach d,$(TEST_DIRS),$(BUILD)/testsuite/$(d)/erbium.sum)
RUNTESTFLAGS ?=

$(BUILD)/testsuite/site.exp: config.mk Makefile $(SAN_STAMP)
	@mkdir -p $(@D)
	@{ echo '# Generated by the top-level Makefile from config.mk; do not edit.'; \
	   echo 'set tool erbium'; \
	   echo 'set srcdir {$(CURDIR)/testsuite}'; \
	   echo 'set objdir {$(abspath $(BUILD))/testsuite}'; \
	   echo 'set ERBIUM_TOP {$(CURDIR)}'; \
	   echo 'set ERBIUM_BUILD {$(abspath $(BUILD))}'; \
	   echo 'set ERBIUM_LIB {$(abspath $(RUNTIME_LIB_A))}'; \
	   echo 'set HWLOC_CFLAGS {$(strip $(HWLOC_CFLAGS))}'; \
	   echo 'set HWLOC_LIBS {$(strip $(HWLOC_LIBS))}'; \
	   echo 'set CC {$(CC)}'; \
	   echo 'set CXX {$(CXX)}'; \
	   echo 'set PLUGIN_DIR {$(PLUGIN_DIR)}'; \
	   echo 'set ERBIUM_PLUGIN {$(abspath $(PLUGIN_SO))}'; \
	   echo 'set ERBIUM_INCLUDE {$(CURDIR)/plugin/include}'; \
	   echo 'set ERBIUM_SANITIZE {$(SANITIZE_FLAGS)}'; \
	 } > $@.tmp && mv $@.tmp $@

# No function of the plugin over 80 lines but the listed exceptions, each
# no longer than it was (scripts/function-lengths).
.PHONY: check-function-lengths
check-function-lengths:
	@scripts/function-lengths --check

.PHONY: check
check: all $(BUILD)/testsuite/site.exp check-function-lengths
	@for d in $(TEST_DIRS); do \
	  rm -rf $(BUILD)/testsuite/$$d && mkdir -p $(BUILD)/testsuite/$$d || exit 1; \
	  exps=$$(cd testsuite && ls $$d/*.exp); \
	  echo "=== runtest $$exps"; \
	  ( cd $(BUILD)/testsuite/$$d && \
	    $(RUNTEST) --tool erbium --srcdir $(CURDIR)/testsuite \
	      --objdir $(abspath $(BUILD))/testsuite $(RUNTESTFLAGS) $$exps ) \
	    || echo "(runtest reported failures in $$d)"; \
	done
	@scripts/sum-results $(TEST_SUMS)

# Sanitizer runs: the runtime suite with threads and with fibers
# (testsuite/runtime, runtime-fibers) and the FM receiver's tests
# (testsuite/fmradio: the sanitized receiver's outputs against the plain
# sequential build's), in a build of their own; `make check' there ends
# with its "N passed, M failed" line and fails on any failure.  Every
# sanitizer stops the program at its first report with exit status 99
# (halt_on_error, exitcode), which fails the test, and erbium_load
# (testsuite/lib/erbium.exp) also fails a test whose output holds a
# report, even one expected to fail.  UBSan runs with ASan; leaks are
# reported (LeakSanitizer) for the programs that exit normally.
# TESTDIRS=... on the command line runs those directories instead.
SAN_TESTDIRS := $(if $(TESTDIRS),$(TESTDIRS),runtime$(comma)runtime-fibers$(comma)fmradio$(comma)task-runtime$(comma)omp-stream)
SAN_OPTIONS  := halt_on_error=1:exitcode=99:print_stacktrace=1
SAN_ENV      := ASAN_OPTIONS=$(SAN_OPTIONS):detect_leaks=1 \
                UBSAN_OPTIONS=$(SAN_OPTIONS) \
                TSAN_OPTIONS=$(SAN_OPTIONS):second_deadlock_stack=1

.PHONY: check-asan check-tsan
check-asan:
	+$(SAN_ENV) $(MAKE) check BUILD=build-asan SANITIZE=address,undefined \
	  TESTDIRS=$(SAN_TESTDIRS)
check-tsan:
	+$(SAN_ENV) $(MAKE) check BUILD=build-tsan SANITIZE=thread \
	  TESTDIRS=$(SAN_TESTDIRS)

# ---------------------------------------------------------------------------
# Benchmarks.  bench/bench.mk, when present, adds its programs (built under
# $(BUILD)/bench/) to BENCH_PROGS together with their rules.
# ---------------------------------------------------------------------------
BENCH_PROGS :=
-include bench/bench.mk

.PHONY: bench-build demo bench
bench-build: all $(BENCH_PROGS)

demo: all $(FMO_NET_PNG)
	BUILD='$(BUILD)' scripts/demo

bench: all
	$(MAKE) bench-build
	@test -x scripts/bench || \
	  { echo "error: scripts/bench does not exist yet" >&2; exit 1; }
	QUICK='$(QUICK)' BUILD='$(BUILD)' scripts/bench

# ---------------------------------------------------------------------------
# erbium-gcc wrapper (begin).  scripts/erbium-gcc.in with its @...@ values
# substituted: $(BUILD)/erbium-gcc uses the build tree (plugin, headers of
# plugin/include and runtime/include, $(RUNTIME_LIB_A)); `make install'
# writes the installed copy with the installed paths.
# $(call erbium_wrapper,PLUGIN,CPPFLAGS,STATIC_LIB,LIBDIR) is the sed
# command that fills the template (stdin to stdout).
# ---------------------------------------------------------------------------
WRAPPER_IN  := scripts/erbium-gcc.in
WRAPPER     := $(BUILD)/erbium-gcc
erbium_wrapper = sed -e 's|@ERBIUM_CC@|$(CC)|g' \
  -e 's|@ERBIUM_PLUGIN@|$(strip $(1))|g' \
  -e 's|@ERBIUM_CPPFLAGS@|$(strip $(2))|g' \
  -e 's|@ERBIUM_STATIC_LIB@|$(strip $(3))|g' \
  -e 's|@ERBIUM_LIBDIR@|$(strip $(4))|g' \
  -e 's|@ERBIUM_LIBS@|$(strip $(HWLOC_LIBS) -lpthread)|g'

all: $(WRAPPER)

$(WRAPPER): $(WRAPPER_IN) config.mk Makefile
	@mkdir -p $(@D)
	$(call erbium_wrapper,$(abspath $(PLUGIN_SO)),\
	  -I$(CURDIR)/plugin/include -I$(CURDIR)/runtime/include $(HWLOC_CFLAGS),\
	  $(abspath $(RUNTIME_LIB_A)),$(abspath $(BUILD))) < $< > $@.tmp
	chmod 755 $@.tmp && mv $@.tmp $@
# erbium-gcc wrapper (end).

# ---------------------------------------------------------------------------
# Installation and cleaning.
#
#   make install [PREFIX=dir] [DESTDIR=dir] [PLUGIN_INSTALL_DIR=dir]
#     $(PREFIX)/include/erbium.h (plugin/include/*.h, the language header),
#     $(PREFIX)/include/erbium/*.h (runtime API), $(PREFIX)/lib/liberbium.a
#     and .so, $(PREFIX)/bin/erbium-gcc, and the plugin as
#     $(PLUGIN_INSTALL_DIR)/erbium.so (default: the compiler's plugin
#     directory, so that `gcc -fplugin=erbium' finds it by its short name),
#     each under $(DESTDIR).  Writing to the compiler's directory needs root.
#   make uninstall [PREFIX=dir] [DESTDIR=dir] [PLUGIN_INSTALL_DIR=dir]
#     removes exactly those files (the header list is the tree's), then
#     $(PREFIX)/include/erbium if it is empty.
#   Both run ldconfig when DESTDIR is empty and the user is root.
# ---------------------------------------------------------------------------
PLUGIN_INSTALL_DIR ?= $(PLUGIN_DIR)
# Refresh the dynamic linker's cache (for -lerbium without an rpath) when
# installing for real as root; never under DESTDIR.
ERBIUM_LDCONFIG = @if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
  ldconfig || true; fi
PLUGIN_HEADERS     := $(sort $(wildcard plugin/include/*.h))
I_PREFIX           := $(DESTDIR)$(PREFIX)

.PHONY: install uninstall clean distclean
install: all
	@test -n "$(PREFIX)" || { echo "error: PREFIX is empty" >&2; exit 1; }
	install -d $(I_PREFIX)/include/erbium $(I_PREFIX)/lib $(I_PREFIX)/bin \
	  $(DESTDIR)$(PLUGIN_INSTALL_DIR)
	install -m 644 $(RUNTIME_HEADERS) $(I_PREFIX)/include/erbium/
	$(if $(PLUGIN_HEADERS),install -m 644 $(PLUGIN_HEADERS) $(I_PREFIX)/include/)
	install -m 755 $(RUNTIME_LIB_SO) $(I_PREFIX)/lib/
	install -m 644 $(RUNTIME_LIB_A) $(I_PREFIX)/lib/
	install -m 755 $(PLUGIN_SO) $(DESTDIR)$(PLUGIN_INSTALL_DIR)/erbium.so
	$(call erbium_wrapper,$(PLUGIN_INSTALL_DIR)/erbium.so,\
	  -I$(PREFIX)/include $(HWLOC_CFLAGS),\
	  $(PREFIX)/lib/$(notdir $(RUNTIME_LIB_A)),$(PREFIX)/lib) \
	  < $(WRAPPER_IN) > $(BUILD)/erbium-gcc.installed
	install -m 755 $(BUILD)/erbium-gcc.installed $(I_PREFIX)/bin/erbium-gcc
	$(ERBIUM_LDCONFIG)

uninstall:
	@test -n "$(PREFIX)" || { echo "error: PREFIX is empty" >&2; exit 1; }
	rm -f $(addprefix $(I_PREFIX)/include/erbium/,$(notdir $(RUNTIME_HEADERS))) \
	  $(addprefix $(I_PREFIX)/include/,$(notdir $(PLUGIN_HEADERS))) \
	  $(I_PREFIX)/lib/$(notdir $(RUNTIME_LIB_SO)) \
	  $(I_PREFIX)/lib/$(notdir $(RUNTIME_LIB_A)) \
	  $(I_PREFIX)/bin/erbium-gcc $(DESTDIR)$(PLUGIN_INSTALL_DIR)/erbium.so
	rmdir $(I_PREFIX)/include/erbium 2>/dev/null || true
	$(ERBIUM_LDCONFIG)

clean:
	rm -rf $(BUILD)

distclean: clean
	rm -rf configure configure~ config.mk config.log config.status \
	  autom4te.cache
