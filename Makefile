# SPDX-License-Identifier: GPL-3.0-or-later
# Makefile -- top-level build of Erbium for GCC (hand-written GNU make).
#
# On a fresh Debian bookworm machine (as root) any target that needs the
# configuration bootstraps it: config.mk is made by running
# `scripts/install-deps build', autoconf and ./configure, then make restarts
# with it; make check, make bench and make demo install the packages of
# their own tier first (scripts/install-deps check, bench, demo).
# Everything built goes under $(BUILD) (default build/): runtime objects in
# $(BUILD)/obj, the runtime libraries $(RUNTIME_LIB_SO) and $(RUNTIME_LIB_A),
# DejaGnu output in $(BUILD)/testsuite/<dir>/ (one directory per testsuite
# subdirectory, each with its own erbium.sum and erbium.log) and the run's
# merged $(BUILD)/testsuite/erbium.sum and erbium.log.
#
#   make [all]        build the runtime libraries
#   make check        run every testsuite/*/*.exp with DejaGnu and end with
#                     one line "N passed, M failed" (RUNTESTFLAGS is passed
#                     to runtest, e.g. RUNTESTFLAGS=-v; as in GCC,
#                     RUNTESTFLAGS=runtime.exp=PATTERN runs only the
#                     tests of the driver runtime.exp matching PATTERN,
#                     and only the directories holding a driver of that
#                     name; TESTDIRS=runtime,... runs only those
#                     testsuite directories; BUILD=dir builds and tests in
#                     another build directory)
#   make check-asan   the runtime suite with threads and with fibers and the
#                     FM receiver's tests, everything built with
#                     AddressSanitizer and UndefinedBehaviorSanitizer in
#                     build-asan/; any report fails its test
#   make check-tsan   the same with ThreadSanitizer, in build-tsan/
#   make demo         the FM radio receiver on recorded speech, and the
#                     network of its OpenMP stream version's task sites
#   make bench        run the benchmarks (QUICK=1 for a short run), their
#                     CSVs into $(BUILD)/bench/results/
#   make bench-record the full benchmark series, its CSVs into the tracked
#                     bench/results/
#   make install      headers, libraries, erbium.pc, the plugin, erbium-gcc
#                     and the manual pages into the directories configure
#                     chose (prefix=, libdir=, ..., DESTDIR= override them;
#                     see "Installation" below and docs/install.md)
#   make installcheck compile and run the producer-consumer example with
#                     the installed erbium-gcc and through pkg-config
#   make uninstall    remove what make install installed
#   make dist         erbium-gcc-VERSION.tar.gz of the tracked files and
#                     the generated configure
#   make distcheck    build, check, install, installcheck and uninstall
#                     that tarball in a scratch directory
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
RUNTIME_LIB_A  := $(BUILD)/liberbium.a
# The shared runtime as libtool names it: the file liberbium.so.MAJOR.MINOR.0
# (MAJOR.MINOR: AC_INIT's version, config.mk), its soname liberbium.so.MAJOR
# and the link-time name liberbium.so, both symbolic links to the file.
RUNTIME_SONAME  = liberbium.so.$(ERBIUM_VERSION_MAJOR)
RUNTIME_SO_FILE = $(RUNTIME_SONAME).$(ERBIUM_VERSION_MINOR).0
RUNTIME_LIB_SO  = $(BUILD)/liberbium.so
# The linker version script: liberbium.so exports the public API only.
RUNTIME_MAP    := runtime/liberbium.map
# The version header, written by configure from its template.
VERSION_H      := runtime/include/erbium/version.h

.DEFAULT_GOAL := all

# Targets that must work without (and must not trigger) configuration.
NOCONFIG_GOALS := clean distclean
# CONFIG_MK=FILE reads the config.mk of another configure run instead
# (testsuite/install checks configure's options with it); this Makefile
# remakes only its own config.mk.
CONFIG_MK ?= config.mk
ifneq ($(filter-out $(NOCONFIG_GOALS),$(or $(MAKECMDGOALS),all)),)
include $(CONFIG_MK)
endif

# (Re)generate the configuration.  install-deps is idempotent and quick when
# everything is present; it needs root only when a package is missing (and
# installs autoconf, hence its run before autoconf's).  Configuring and
# building need its build tier only.  A tree that was
# configured is configured again with the same options (config.status
# --recheck); a fresh one with configure's defaults.  The distributed
# tarball holds configure, newer than configure.ac: no autoconf there.
configure: configure.ac
	scripts/install-deps --quiet build
	autoconf

config.mk: configure config.mk.in $(VERSION_H).in
	scripts/install-deps --quiet build
	if [ -x config.status ]; then ./config.status --recheck && \
	  ./config.status; else ./configure; fi

$(VERSION_H): $(VERSION_H).in config.mk
	./config.status $@

DESTDIR ?=

# ---------------------------------------------------------------------------
# Runtime library: every runtime/src/*.c, picked up by wildcard.
# ---------------------------------------------------------------------------
RUNTIME_SRCS    := $(sort $(wildcard runtime/src/*.c))
RUNTIME_OBJS    := $(patsubst runtime/src/%.c,$(BUILD)/obj/%.o,$(RUNTIME_SRCS))
RUNTIME_HEADERS := $(sort $(wildcard runtime/include/erbium/*.h) $(VERSION_H))
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

$(BUILD)/obj/%.o: runtime/src/%.c config.mk $(VERSION_H) $(SAN_STAMP)
	@mkdir -p $(@D)
	$(CC) $(RUNTIME_CFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

-include $(RUNTIME_OBJS:.o=.d)

# The soname makes programs linked with -lerbium depend on
# liberbium.so.MAJOR; the version script (RUNTIME_MAP) hides everything
# but the public API.
$(BUILD)/$(RUNTIME_SO_FILE): $(RUNTIME_OBJS) $(RUNTIME_MAP)
	@test -n "$(RUNTIME_OBJS)" || \
	  { echo "error: no runtime sources (runtime/src/*.c)" >&2; exit 1; }
	$(CC) -shared -Wl,-soname,$(RUNTIME_SONAME) \
	  -Wl,--version-script,$(RUNTIME_MAP) $(CFLAGS) $(LDFLAGS) \
	  $(SANITIZE_FLAGS) -o $@ $(RUNTIME_OBJS) $(HWLOC_LIBS) -lpthread

$(RUNTIME_LIB_SO): $(BUILD)/$(RUNTIME_SO_FILE)
	ln -sf $(RUNTIME_SO_FILE) $(BUILD)/$(RUNTIME_SONAME)
	ln -sf $(RUNTIME_SO_FILE) $@

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

$(BUILD)/plugin/%.o: plugin/%.cc config.mk $(VERSION_H)
	@mkdir -p $(@D)
	$(CXX) $(PLUGIN_CXXFLAGS) $(CPPFLAGS) $(CXXFLAGS) -MMD -MP -c $< -o $@

-include $(PLUGIN_OBJS:.o=.d)

$(PLUGIN_SO): $(PLUGIN_OBJS)
	$(CXX) -shared $(CXXFLAGS) $(LDFLAGS) -o $@ $(PLUGIN_OBJS)

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
	$(CC) $(EXAMPLE_FLAGS) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) \
	  $(filter %.c %.o,$^) -o $@ $(RUNTIME_LIB_A) $(HWLOC_LIBS) -lpthread -lm

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
# run by one runtest invocation per <dir>, from $(TEST_OUT)/<dir>, so that
# each directory has its own erbium.sum/erbium.log and temporary files;
# scripts/sum-results then merges this run's into $(TEST_OUT)/erbium.sum
# and erbium.log and prints the summary line.  The variables the harness
# needs come from $(TEST_OUT)/site.exp.  TEST_OUT is $(BUILD)/testsuite
# (testsuite/tree/make.exp gives another, to run `make check' inside
# `make check').
# ---------------------------------------------------------------------------
TEST_OUT  ?= $(BUILD)/testsuite
TEST_EXPS := $(filter-out testsuite/lib/% testsuite/config/%,\
               $(sort $(wildcard testsuite/*/*.exp)))
RUNTESTFLAGS ?=
# The drivers RUNTESTFLAGS names, as GCC's `RUNTESTFLAGS=dg.exp=foo.c':
# the driver of every word such as runtime.exp or runtime.exp=PATTERN.
# When there is one, only those drivers run (runtest itself, through
# erbium_init of testsuite/lib/erbium.exp, runs only their tests matching
# PATTERN).
TEST_NAMED := $(sort $(foreach w,$(RUNTESTFLAGS),$(filter %.exp,\
                $(notdir $(firstword $(subst =, ,$(w)))))))
TEST_RUN_EXPS := $(if $(TEST_NAMED),\
                   $(filter $(addprefix %/,$(TEST_NAMED)),$(TEST_EXPS)),\
                   $(TEST_EXPS))
# TESTDIRS=a,b on the command line runs only those directories (of those
# holding a driver RUNTESTFLAGS names, when it names one).
TEST_DIRS := $(sort $(patsubst testsuite/%/,%,$(dir $(TEST_RUN_EXPS))))
TEST_DIRS := $(strip $(if $(TESTDIRS),$(if $(TEST_NAMED),\
               $(filter $(TEST_DIRS),$(subst $(comma), ,$(TESTDIRS))),\
               $(subst $(comma), ,$(TESTDIRS))),$(TEST_DIRS)))
TEST_SUMS := $(foreach d,$(TEST_DIRS),$(TEST_OUT)/$(d)/erbium.sum)

$(TEST_OUT)/site.exp: config.mk Makefile $(SAN_STAMP)
	@mkdir -p $(@D)
	@{ echo '# Generated by the top-level Makefile from config.mk; do not edit.'; \
	   echo 'set tool erbium'; \
	   echo 'set srcdir {$(CURDIR)/testsuite}'; \
	   echo 'set objdir {$(abspath $(TEST_OUT))}'; \
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
check-function-lengths: check-deps
	@scripts/function-lengths --check

# The packages `make check' uses (scripts/install-deps check): DejaGnu,
# valgrind, groff, Graphviz, the FM receiver's tools, the peers
# testsuite/bench builds.
.PHONY: check-deps
check-deps:
	@scripts/install-deps --quiet check

# Each directory's output is removed before it runs, and the merged
# erbium.sum before anything runs: nothing of an earlier run is counted.
.PHONY: check
check: all $(TEST_OUT)/site.exp check-function-lengths check-deps
	@test -n "$(TEST_DIRS)" || { echo "error: no testsuite directory holds \
	$(TEST_NAMED) (RUNTESTFLAGS) among TESTDIRS=$(TESTDIRS)" >&2; exit 1; }
	@rm -f $(TEST_OUT)/erbium.sum $(TEST_OUT)/erbium.log
	@for d in $(TEST_DIRS); do \
	  rm -rf $(TEST_OUT)/$$d && mkdir -p $(TEST_OUT)/$$d || exit 1; \
	  exps=$$(cd testsuite && ls $(if $(TEST_NAMED),\
	    $(addprefix $$d/,$(TEST_NAMED)) 2>/dev/null,$$d/*.exp)); \
	  echo "=== runtest $$exps"; \
	  ( cd $(TEST_OUT)/$$d && \
	    $(RUNTEST) --tool erbium --srcdir $(CURDIR)/testsuite \
	      --objdir $(abspath $(TEST_OUT)) $(RUNTESTFLAGS) $$exps ) \
	    || echo "(runtest reported failures in $$d)"; \
	done
	@scripts/sum-results --merge $(TEST_OUT) $(TEST_SUMS)

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
#
#   make bench [QUICK=1]  the series (scripts/bench), its CSVs into
#                         $(BENCH_RESULTS) = $(BUILD)/bench/results/, which
#                         it empties first: the tracked bench/results/
#                         stay as they are
#   make bench-record     the full series as make bench does, then its
#                         CSVs copied into the tracked bench/results/ (the
#                         figures docs/performance.md quotes)
# Both install the bench tier of scripts/install-deps first (the peers),
# make demo its demo tier.
# ---------------------------------------------------------------------------
BENCH_PROGS :=
-include bench/bench.mk
BENCH_RESULTS := $(BUILD)/bench/results

.PHONY: bench-build demo bench bench-record
bench-build: all $(BENCH_PROGS)

demo: all $(FMO_NET_PNG)
	scripts/install-deps --quiet demo
	BUILD='$(BUILD)' scripts/demo

bench: all
	scripts/install-deps --quiet bench
	$(MAKE) bench-build
	rm -rf $(BENCH_RESULTS) && mkdir -p $(BENCH_RESULTS)
	QUICK='$(QUICK)' BUILD='$(BUILD)' scripts/bench --results $(BENCH_RESULTS)

bench-record: all
	@test -z "$(QUICK)" || test "$(QUICK)" = 0 || { echo "error: make \
	bench-record records the full series; QUICK=$(QUICK) is for make bench" >&2; \
	exit 1; }
	scripts/install-deps --quiet bench
	$(MAKE) bench-build
	rm -rf $(BENCH_RESULTS) && mkdir -p $(BENCH_RESULTS)
	QUICK= BUILD='$(BUILD)' scripts/bench --results $(BENCH_RESULTS)
	cp $(BENCH_RESULTS)/*.csv bench/results/
	@echo "bench-record: bench/results/*.csv updated from $(BENCH_RESULTS)"

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
  -e 's|@ERBIUM_LIBS@|$(strip $(HWLOC_LIBS) -lpthread)|g' \
  -e 's|@ERBIUM_VERSION@|$(PACKAGE_VERSION)|g'

all: $(WRAPPER)

$(WRAPPER): $(WRAPPER_IN) config.mk Makefile
	@mkdir -p $(@D)
	$(call erbium_wrapper,$(abspath $(PLUGIN_SO)),\
	  -I$(CURDIR)/plugin/include -I$(CURDIR)/runtime/include $(HWLOC_CFLAGS),\
	  $(abspath $(RUNTIME_LIB_A)),$(abspath $(BUILD))) < $< > $@.tmp
	chmod 755 $@.tmp && mv $@.tmp $@
# erbium-gcc wrapper (end).

# ---------------------------------------------------------------------------
# Installation (GNU Coding Standards, "Directory Variables").
#
#   make install [prefix=dir] [libdir=dir] [includedir=dir] [bindir=dir]
#                [mandir=dir] [plugindir=dir] [DESTDIR=dir]
#     $(includedir)/erbium.h (plugin/include/*.h, the language header) and
#     $(includedir)/erbium/*.h (runtime API, erbium/version.h included),
#     $(libdir)/liberbium.a, liberbium.so.MAJOR.MINOR.0 with its links
#     liberbium.so.MAJOR and liberbium.so, $(libdir)/pkgconfig/erbium.pc,
#     $(bindir)/erbium-gcc, the plugin as $(plugindir)/erbium.so, and
#     docs/man/*.1 and *.7 (when there are any) into $(mandir)/man1 and
#     man7, each under $(DESTDIR).  The directories come from configure
#     (--prefix, --libdir, ...; config.mk); a variable given to make
#     overrides it, and those derived from it follow (make install
#     prefix=$HOME/x puts everything under $HOME/x).  PREFIX= and
#     PLUGIN_INSTALL_DIR= on the command line are old spellings of
#     prefix= and plugindir=.
#   plugindir: configure's --with-gcc-plugin-dir, else GCC's plugin
#     directory (where `gcc -fplugin=erbium' finds the plugin by its short
#     name) when prefix is GCC's own prefix (/usr on Debian), else
#     $(libdir)/erbium/plugin; the installed erbium-gcc and erbium.pc name
#     the one used.
#   make uninstall [the same variables]
#     removes exactly those files (the header and manual lists are the
#     tree's), then the directories of the project's own that are left
#     empty (erbium/ under includedir and libdir, plugindir).
#   Both run ldconfig when DESTDIR is empty and the user is root.
#   make installcheck [the same variables]: the producer-consumer example
#     compiled with $(bindir)/erbium-gcc, and with $(CC) and the flags
#     and plugin that pkg-config reads from erbium.pc, run and checked
#     (not under DESTDIR: the installed files name their final place).
# ---------------------------------------------------------------------------
ifeq ($(origin PREFIX),command line)
prefix := $(PREFIX)
endif
ifeq ($(origin PLUGIN_INSTALL_DIR),command line)
plugindir := $(PLUGIN_INSTALL_DIR)
endif
# GCC's plugin directory when prefix is GCC's prefix, else nothing.
prefix_dir    = $(patsubst %/,%,$(prefix))
gcc_plugindir = $(if $(GCC_PREFIX),$(if $(filter $(GCC_PREFIX),$(prefix_dir)),$(PLUGIN_DIR)))
plugindir ?= $(or $(ERBIUM_PLUGINDIR),$(gcc_plugindir),$(libdir)/erbium/plugin)
pkgconfigdir ?= $(libdir)/pkgconfig
man1dir      ?= $(mandir)/man1
man7dir      ?= $(mandir)/man7
PKG_CONFIG   ?= pkg-config

# Refresh the dynamic linker's cache (for -lerbium without an rpath) when
# installing for real as root; never under DESTDIR.
ERBIUM_LDCONFIG = @if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
  ldconfig || true; fi
PLUGIN_HEADERS     := $(sort $(wildcard plugin/include/*.h))
MAN1_PAGES         := $(sort $(wildcard docs/man/*.1))
MAN7_PAGES         := $(sort $(wildcard docs/man/*.7))
PC_IN              := erbium.pc.in
# erbium.pc.in with the installation's values.
erbium_pc = sed -e 's|@prefix@|$(prefix)|g' -e 's|@libdir@|$(libdir)|g' \
  -e 's|@includedir@|$(includedir)|g' -e 's|@plugindir@|$(plugindir)|g' \
  -e 's|@VERSION@|$(PACKAGE_VERSION)|g' \
  -e 's|@HWLOC_CFLAGS@|$(strip $(HWLOC_CFLAGS))|g' \
  -e 's|@HWLOC_LIBS@|$(strip $(HWLOC_LIBS))|g'
# $(call install_dir_files,MODE,FILES,DIR): FILES into DIR (nothing
# when FILES is empty).
install_dir_files = $(if $(2),install -d $(3) && install -m $(1) $(2) $(3)/)

.PHONY: install uninstall installcheck clean distclean
install: all
	@test -n "$(prefix)" || { echo "error: prefix is empty" >&2; exit 1; }
	install -d $(DESTDIR)$(includedir)/erbium $(DESTDIR)$(libdir) \
	  $(DESTDIR)$(bindir) $(DESTDIR)$(pkgconfigdir) $(DESTDIR)$(plugindir)
	install -m 644 $(RUNTIME_HEADERS) $(DESTDIR)$(includedir)/erbium/
	$(if $(PLUGIN_HEADERS),install -m 644 $(PLUGIN_HEADERS) $(DESTDIR)$(includedir)/)
	install -m 755 $(BUILD)/$(RUNTIME_SO_FILE) $(DESTDIR)$(libdir)/
	ln -sf $(RUNTIME_SO_FILE) $(DESTDIR)$(libdir)/$(RUNTIME_SONAME)
	ln -sf $(RUNTIME_SO_FILE) $(DESTDIR)$(libdir)/liberbium.so
	install -m 644 $(RUNTIME_LIB_A) $(DESTDIR)$(libdir)/
	install -m 755 $(PLUGIN_SO) $(DESTDIR)$(plugindir)/erbium.so
	$(call erbium_wrapper,$(plugindir)/erbium.so,\
	  -I$(includedir) $(HWLOC_CFLAGS),\
	  $(libdir)/$(notdir $(RUNTIME_LIB_A)),$(libdir)) \
	  < $(WRAPPER_IN) > $(BUILD)/erbium-gcc.installed
	install -m 755 $(BUILD)/erbium-gcc.installed $(DESTDIR)$(bindir)/erbium-gcc
	$(erbium_pc) < $(PC_IN) > $(BUILD)/erbium.pc
	install -m 644 $(BUILD)/erbium.pc $(DESTDIR)$(pkgconfigdir)/erbium.pc
	$(call install_dir_files,644,$(MAN1_PAGES),$(DESTDIR)$(man1dir))
	$(call install_dir_files,644,$(MAN7_PAGES),$(DESTDIR)$(man7dir))
	$(ERBIUM_LDCONFIG)

uninstall:
	@test -n "$(prefix)" || { echo "error: prefix is empty" >&2; exit 1; }
	rm -f $(addprefix $(DESTDIR)$(includedir)/erbium/,$(notdir $(RUNTIME_HEADERS))) \
	  $(addprefix $(DESTDIR)$(includedir)/,$(notdir $(PLUGIN_HEADERS))) \
	  $(addprefix $(DESTDIR)$(libdir)/,$(RUNTIME_SO_FILE) $(RUNTIME_SONAME) \
	    liberbium.so $(notdir $(RUNTIME_LIB_A))) \
	  $(DESTDIR)$(pkgconfigdir)/erbium.pc $(DESTDIR)$(bindir)/erbium-gcc \
	  $(DESTDIR)$(plugindir)/erbium.so \
	  $(addprefix $(DESTDIR)$(man1dir)/,$(notdir $(MAN1_PAGES))) \
	  $(addprefix $(DESTDIR)$(man7dir)/,$(notdir $(MAN7_PAGES)))
	rmdir $(DESTDIR)$(includedir)/erbium $(DESTDIR)$(plugindir) \
	  $(DESTDIR)$(libdir)/erbium 2>/dev/null || true
	$(ERBIUM_LDCONFIG)

# The example with small constants (the sizes testsuite/install uses), so
# that it runs in well under a second.
INSTALLCHECK_DIR  = $(BUILD)/installcheck
INSTALLCHECK_SRC := -DN=4001 -DP_HORIZ=16 -DP_BURST=8 -DC_HORIZ=8 -DC_BURST=6 \
  $(CURDIR)/examples/producer-consumer/producer-consumer.c
INSTALLCHECK_OK  := consumer sum 7998000 over 4000 elements, expected 7998000: ok

installcheck:
	@test -z "$(DESTDIR)" || { echo "error: installcheck checks the \
	installed files in place, not under DESTDIR" >&2; exit 1; }
	rm -rf $(INSTALLCHECK_DIR) && mkdir -p $(INSTALLCHECK_DIR)
	$(bindir)/erbium-gcc -O2 $(INSTALLCHECK_SRC) \
	  -o $(INSTALLCHECK_DIR)/pc-erbium-gcc
	$(INSTALLCHECK_DIR)/pc-erbium-gcc | grep -F '$(INSTALLCHECK_OK)'
	PKG_CONFIG_PATH=$(pkgconfigdir) && export PKG_CONFIG_PATH && \
	$(CC) -O2 $$($(PKG_CONFIG) --cflags erbium) \
	  -fplugin=$$($(PKG_CONFIG) --variable=plugin erbium) \
	  $(INSTALLCHECK_SRC) -o $(INSTALLCHECK_DIR)/pc-pkg-config \
	  $$($(PKG_CONFIG) --libs erbium)
	LD_LIBRARY_PATH=$(libdir) $(INSTALLCHECK_DIR)/pc-pkg-config \
	  | grep -F '$(INSTALLCHECK_OK)'
	@echo "installcheck: the installed Erbium $(PACKAGE_VERSION) in $(prefix) works"

# ---------------------------------------------------------------------------
# Distribution.
#
#   make dist       $(DIST_NAME).tar.gz in the top directory: every file git
#                   tracks (as it is in the working tree) and the configure
#                   that autoconf generates, under $(DIST_NAME)/, so that the
#                   tarball builds without autoconf.  Needs the git checkout.
#   make distcheck  unpacks it under $(BUILD)/distcheck, configures it with
#                   --prefix in that scratch directory (so the plugin goes
#                   to $(libdir)/erbium/plugin: no root needed), builds it,
#                   runs make check there (every testsuite directory but
#                   tree/ and licences/, whose checks read the files git
#                   tracks, and an unpacked tarball is no git checkout;
#                   DISTCHECK_TESTDIRS=a,b narrows it further), installs,
#                   runs installcheck, uninstalls and fails when a file is
#                   left in the prefix, then removes the scratch directory.
# ---------------------------------------------------------------------------
DIST_NAME          = $(PACKAGE_TARNAME)-$(PACKAGE_VERSION)
DIST_TARBALL       = $(DIST_NAME).tar.gz
DISTCHECK_DIR      = $(BUILD)/distcheck
DISTCHECK_TESTDIRS ?= $(subst $(space),$(comma),$(filter-out tree licences,\
  $(sort $(patsubst testsuite/%/,%,$(dir $(TEST_EXPS))))))
empty :=
space := $(empty) $(empty)
# make in the unpacked tree, with its own build directory whatever BUILD
# this make was given.
DISTCHECK_MAKE     = $(MAKE) --no-print-directory -C $(DISTCHECK_DIR)/$(DIST_NAME) \
  BUILD=build

.PHONY: dist distcheck
dist: configure
	@git rev-parse --show-toplevel >/dev/null 2>&1 || { echo "error: make \
	dist lists the files with git ls-files: run it in the git checkout" >&2; \
	exit 1; }
	rm -rf $(BUILD)/dist && mkdir -p $(BUILD)/dist/$(DIST_NAME)
	git ls-files | while read -r f; do [ ! -e "$$f" ] || echo "$$f"; done \
	  > $(BUILD)/dist/files
	echo configure >> $(BUILD)/dist/files
	tar -cf - -T $(BUILD)/dist/files | tar -xpf - -C $(BUILD)/dist/$(DIST_NAME)
	tar -C $(BUILD)/dist --sort=name --owner=0 --group=0 --numeric-owner \
	  -czf $(DIST_TARBALL).tmp $(DIST_NAME)
	mv $(DIST_TARBALL).tmp $(DIST_TARBALL)
	rm -rf $(BUILD)/dist
	@echo "dist: $(DIST_TARBALL)"

distcheck: dist
	rm -rf $(DISTCHECK_DIR) && mkdir -p $(DISTCHECK_DIR)
	tar -xzf $(DIST_TARBALL) -C $(DISTCHECK_DIR)
	cd $(DISTCHECK_DIR)/$(DIST_NAME) && \
	  ./configure --prefix=$(abspath $(DISTCHECK_DIR))/prefix > configure.out
	$(DISTCHECK_MAKE) all
	$(DISTCHECK_MAKE) check TESTDIRS=$(DISTCHECK_TESTDIRS)
	$(DISTCHECK_MAKE) install
	$(DISTCHECK_MAKE) installcheck
	$(DISTCHECK_MAKE) uninstall
	@left=$$(find $(DISTCHECK_DIR)/prefix ! -type d); \
	test -z "$$left" || { echo "error: make uninstall left files in \
	$(DISTCHECK_DIR)/prefix:" $$left >&2; exit 1; }
	rm -rf $(DISTCHECK_DIR)
	@echo "distcheck: $(DIST_TARBALL) is ready for distribution"

# ---------------------------------------------------------------------------
# Cleaning.
# ---------------------------------------------------------------------------
clean:
	rm -rf $(BUILD)

distclean: clean
	rm -rf configure configure~ config.mk config.log config.status \
	  autom4te.cache $(VERSION_H)
