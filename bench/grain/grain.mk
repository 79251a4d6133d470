# SPDX-License-Identifier: GPL-3.0-or-later
# bench/grain/grain.mk -- GNU make fragment that builds the programs of
# the grain benchmark (bench/grain: does the compiler adapt the grain of
# an OpenMP stream program, by fusing and splitting its task sites?) and
# adds them to BENCH_PROGS.  bench/bench.mk includes it; the including
# makefile gives CC, CFLAGS, CPPFLAGS, LDFLAGS, HWLOC_LIBS (config.mk)
# and the rules for $(PLUGIN_SO) and $(RUNTIME_LIB_A); the FM receiver's
# variables (FM_*, FMO_DIR) come from examples/fmradio/fmradio.mk and
# examples/fmradio-omp/fmradio-omp.mk, included before it.
#
# For each benchmark B of chain8, heavy, seidel, fibo, fft and cholesky,
# under $(BUILD)/bench/:
#   grain-B-auto    the stream program (bench/grain/*-stream.c), the
#                   stream pragmas compiled by the plugin with -fopenmp
#                   and its defaults
#   grain-B-off     the same source with GRAIN_OFF_FLAGS (no fusion, no
#                   splitting)
#   grain-B-seq     the sequential program (bench/grain/*-seq.c), plain
#                   C, one thread
#   grain-B-gomp    libgomp tasks (bench/grain/*-gomp.c; not fft)
# and the library peers grain-fft-fftw (FFTW's plan, --threads 1 or 2)
# and grain-cholesky-openblas (LAPACK's dpotrf from OpenBLAS), and
# grain-fmradio-off, examples/fmradio-omp/fmradio-omp.c built as the
# receiver's omp-stream build is but with GRAIN_OFF_FLAGS (its "auto"
# is $(BUILD)/examples/fmradio-omp, its "sequential"
# $(BUILD)/examples/fmradio-seq).  All are built by `make bench-build';
# a compile that fails fails the build.
#
# GRAIN_OFF_FLAGS (default -fplugin-arg-erbium-fuse=off
# -fplugin-arg-erbium-split=off) are the plugin options of the "off"
# builds.  A plugin that does not know them rejects them: the rule of
# $(GR_OFF_FILE) compiles an empty unit with them once and writes them
# into that file when the plugin takes them, else writes nothing; the
# "off" builds get the file's contents, and bench/grain/run reads it to
# say whether "off" differs from "auto".
#
# Every program is compiled with -ffp-contract=off, so that no build
# fuses a multiply and an add that another does not: the benchmarks
# whose results must be bit-identical stay so whatever the target.
#
# Inputs: TOP (repository root, default .), BUILD (default build),
# PLUGIN_SO, RUNTIME_LIB_A, BENCH_OPT (default -O3), GRAIN_OFF_FLAGS.

TOP           ?= .
BUILD         ?= build
PLUGIN_SO     ?= $(BUILD)/erbium.so
RUNTIME_LIB_A ?= $(BUILD)/liberbium.a
BENCH_OPT     ?= -O3
CC            ?= gcc
GRAIN_OFF_FLAGS ?= -fplugin-arg-erbium-fuse=off -fplugin-arg-erbium-split=off

GR_DIR      := $(TOP)/bench/grain
GR_PRE      := $(BUILD)/bench/grain
GR_OFF_FILE := $(BUILD)/bench/grain-off-flags
GR_CFLAGS   := -std=gnu11 $(CPPFLAGS) $(CFLAGS) $(BENCH_OPT) \
               -ffp-contract=off -Wall -Wextra -I$(GR_DIR)
GR_PLUGIN   := -fopenmp -fplugin=$(abspath $(PLUGIN_SO)) \
               -I$(TOP)/runtime/include
GR_RT_LIBS  := $(RUNTIME_LIB_A) $(HWLOC_LIBS) -lpthread -lm
# The libraries of each benchmark's programs.
GR_LIBS_chain8   := -lm
GR_LIBS_heavy    :=
GR_LIBS_seidel   :=
GR_LIBS_fibo     :=
GR_LIBS_fft      := -lfftw3_threads -lfftw3 -lpthread -lm
GR_LIBS_cholesky := -lopenblas -lm

GR_STREAM_BENCHES := chain8 heavy seidel fibo fft cholesky
GR_GOMP_BENCHES   := chain8 heavy seidel fibo cholesky
GR_PROGS := $(foreach b,$(GR_STREAM_BENCHES),$(GR_PRE)-$(b)-auto \
              $(GR_PRE)-$(b)-off $(GR_PRE)-$(b)-seq) \
            $(foreach b,$(GR_GOMP_BENCHES),$(GR_PRE)-$(b)-gomp) \
            $(GR_PRE)-fft-fftw $(GR_PRE)-cholesky-openblas \
            $(GR_PRE)-fmradio-off

BENCH_PROGS += $(GR_PROGS)

.PHONY: grain-build
grain-build: $(GR_PROGS)

# What the off builds get: GRAIN_OFF_FLAGS when the plugin takes them,
# else nothing (probed at every make; the file changes only when its
# contents do, so that the builds are not redone).
.PHONY: grain-off-probe
$(GR_OFF_FILE): grain-off-probe $(PLUGIN_SO)
	@mkdir -p $(@D)
	@if echo 'int grain_probe;' | $(CC) -fplugin=$(abspath $(PLUGIN_SO)) \
	    $(GRAIN_OFF_FLAGS) -x c -S -o /dev/null - 2>/dev/null; then \
	  echo '$(strip $(GRAIN_OFF_FLAGS))' > $@.tmp; \
	else : > $@.tmp; fi
	@cmp -s $@.tmp $@ 2>/dev/null && rm -f $@.tmp || mv $@.tmp $@

$(GR_PRE)-%-seq: $(GR_DIR)/%-seq.c $(GR_DIR)/%.h $(GR_DIR)/grain.h
	@mkdir -p $(@D)
	$(CC) $(GR_CFLAGS) $(LDFLAGS) $< -o $@ $(GR_LIBS_$*)

$(GR_PRE)-%-gomp: $(GR_DIR)/%-gomp.c $(GR_DIR)/%.h $(GR_DIR)/grain.h
	@mkdir -p $(@D)
	$(CC) $(GR_CFLAGS) -fopenmp $(LDFLAGS) $< -o $@ $(GR_LIBS_$*)

$(GR_PRE)-%-auto: $(GR_DIR)/%-stream.c $(GR_DIR)/%.h $(GR_DIR)/grain.h \
  $(PLUGIN_SO) $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(GR_CFLAGS) $(GR_PLUGIN) -DGRAIN_IMPL='"auto"' $(LDFLAGS) $< \
	  -o $@ $(GR_LIBS_$*) $(GR_RT_LIBS)

$(GR_PRE)-%-off: $(GR_DIR)/%-stream.c $(GR_DIR)/%.h $(GR_DIR)/grain.h \
  $(GR_OFF_FILE) $(PLUGIN_SO) $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(GR_CFLAGS) $(GR_PLUGIN) $$(cat $(GR_OFF_FILE)) \
	  -DGRAIN_IMPL='"off"' $(LDFLAGS) $< -o $@ $(GR_LIBS_$*) $(GR_RT_LIBS)

# The library peers.
$(GR_PRE)-fft-fftw: $(GR_DIR)/fft-fftw.c $(GR_DIR)/fft.h $(GR_DIR)/grain.h
	@mkdir -p $(@D)
	$(CC) $(GR_CFLAGS) $(LDFLAGS) $< -o $@ $(GR_LIBS_fft)

$(GR_PRE)-cholesky-openblas: $(GR_DIR)/cholesky-openblas.c \
  $(GR_DIR)/cholesky.h $(GR_DIR)/grain.h
	@mkdir -p $(@D)
	$(CC) $(GR_CFLAGS) $(LDFLAGS) $< -o $@ $(GR_LIBS_cholesky)

# The FM receiver's omp-stream build with GRAIN_OFF_FLAGS: the flags of
# examples/fmradio-omp/fmradio-omp.mk's FMO_CMD, without the sanitizer.
$(GR_PRE)-fmradio-off: $(FMO_DIR)/fmradio-omp.c $(FM_OBJD)/dsp.o \
  $(FM_OBJD)/wav.o $(FM_HEADERS) $(GR_OFF_FILE) $(PLUGIN_SO) \
  $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(FM_CFLAGS) $(FM_PLACE) -fopenmp $$(cat $(GR_OFF_FILE)) \
	  -I$(TOP)/runtime/include $(LDFLAGS) $< $(FM_OBJD)/dsp.o \
	  $(FM_OBJD)/wav.o -o $@ $(RUNTIME_LIB_A) $(HWLOC_LIBS) \
	  $(FM_SNDFILE_LIBS) -lpthread -lm
