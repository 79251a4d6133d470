# SPDX-License-Identifier: GPL-3.0-or-later
# bench/fmradio/fmradio.mk -- GNU make fragment that builds the FM
# receiver benchmark's peers and adds them to BENCH_PROGS.
# bench/bench.mk includes it; the including makefile gives CC, CXX,
# CFLAGS, CXXFLAGS, CPPFLAGS and LDFLAGS (config.mk) and the rule for
# $(PLUGIN_SO).
#
#   $(BUILD)/bench/fmradio-gomp  gomp.c: the block steps as OpenMP tasks
#   $(BUILD)/bench/fmradio-tbb   tbb.cc: the block steps as a TBB flow graph
#   $(BUILD)/bench/fmradio-taps  taps.c: prints dsp.c's taps and dsp.h's
#                                constants for gnuradio.py (the gnuradio row)
#
# Both link the objects of examples/fmradio/fmradio.mk, FM_OBJS (the block
# steps of blocks.c, dsp.c and wav.c, with the plugin's loop placement,
# and libsndfile, FM_SNDFILE_LIBS, which wav.c reads and writes with),
# the ones the sequential build links, so that every build computes the
# same floats and places its filter loops alike.  The other
# implementations the driver (bench/fmradio/run) measures are
# $(BUILD)/examples/fmradio and fmradio-seq, which the top-level Makefile
# builds, and $(BUILD)/examples/fmradio-omp (the omp-stream row), which
# examples/fmradio-omp/fmradio-omp.mk builds; this fragment adds it to
# BENCH_PROGS.
#
# Inputs: TOP (repository root, default .), BUILD (default build),
# PLUGIN_SO (default $(BUILD)/erbium.so), FM_PLACE
# (examples/fmradio/fmradio.mk).

TOP   ?= .
BUILD ?= build
CC    ?= gcc
CXX   ?= g++

# The top-level Makefile has included them already; the standalone
# bench/Makefile has not.
ifndef FM_OBJS
include $(TOP)/examples/fmradio/fmradio.mk
endif
ifndef FMO_PROG
include $(TOP)/examples/fmradio-omp/fmradio-omp.mk
endif

FMB_DIR      := $(TOP)/bench/fmradio
FMB_OBJD     := $(BUILD)/bench/obj/fmradio
FMB_GOMP     := $(BUILD)/bench/fmradio-gomp
FMB_TBB      := $(BUILD)/bench/fmradio-tbb
FMB_TAPS     := $(BUILD)/bench/fmradio-taps
# The peers' own code has no filter loop: no placement.
FMB_CXXFLAGS := -std=gnu++17 $(CPPFLAGS) $(CXXFLAGS) -O3 -Wall -Wextra \
                -I$(FM_DIR) $(FM_SNDFILE_CFLAGS)

# The omp-stream row's program (examples/fmradio-omp/fmradio-omp.mk).
BENCH_PROGS += $(FMB_GOMP) $(FMB_TBB) $(FMB_TAPS) $(FMO_PROG)

$(FMB_OBJD)/gomp.o: $(FMB_DIR)/gomp.c
	@mkdir -p $(@D)
	$(CC) $(FM_CFLAGS) -fopenmp -MMD -MP -c $< -o $@

$(FMB_OBJD)/tbb.o: $(FMB_DIR)/tbb.cc
	@mkdir -p $(@D)
	$(CXX) $(FMB_CXXFLAGS) -MMD -MP -c $< -o $@

$(FMB_GOMP): $(FMB_OBJD)/gomp.o $(FM_OBJS)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -fopenmp -o $@ $^ $(FM_SNDFILE_LIBS) -lm

$(FMB_TBB): $(FMB_OBJD)/tbb.o $(FM_OBJS)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) -o $@ $^ -ltbb $(FM_SNDFILE_LIBS) -lpthread -lm

# The taps helper links the very dsp.o the C builds link: the same taps
# to the bit.
$(FMB_TAPS): $(FMB_DIR)/taps.c $(FM_OBJD)/dsp.o $(FM_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(FM_CFLAGS) $(LDFLAGS) $< $(FM_OBJD)/dsp.o -o $@ -lm

-include $(FMB_OBJD)/gomp.d $(FMB_OBJD)/tbb.d
