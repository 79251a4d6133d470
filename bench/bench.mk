# SPDX-License-Identifier: GPL-3.0-or-later
# bench/bench.mk -- GNU make fragment that builds the benchmarks under
# $(BUILD)/bench/.  The top-level Makefile includes it (after config.mk,
# which gives CC, CXX, CFLAGS, CXXFLAGS, HWLOC_CFLAGS and HWLOC_LIBS) and
# bench/Makefile includes it for a standalone build (make -f bench/Makefile
# from the repository root).  It adds each program to BENCH_PROGS.
#
# Programs:
#   $(BUILD)/bench/exploration  the paper's section 5.1 benchmark: Erbium
#                               against boost, Concurrency Kit, moodycamel,
#                               TBB queues and libgomp tasks
#   $(BUILD)/bench/plugin       the same kernel in Erbium C, plugin
#                               lowering against library calls
#   $(BUILD)/bench/stripmine    element-at-a-time kernels over a
#                               stream, strip-mined by the plugin against
#                               no strip-mining, library calls and a
#                               sequential loop
#   $(BUILD)/bench/fmradio-gomp the FM receiver's block steps as
#   $(BUILD)/bench/fmradio-tbb  OpenMP tasks and as a TBB flow graph,
#                               peers of examples/fmradio
#   $(BUILD)/bench/tasks-*      task-creation cost: a producer-consumer
#                               pipeline, one task instance per block,
#                               as stream pragmas (omp-stream), against
#                               <erbium/task.h> (task-api), libgomp tasks
#                               with depend (gomp-depend) and a TBB flow
#                               graph (tbb-flow)
#   $(BUILD)/bench/grain-*      the grain benchmark (bench/grain/grain.mk):
#                               OpenMP stream programs built with the
#                               plugin's fusion and splitting on (auto)
#                               and off, against a sequential build,
#                               libgomp tasks, FFTW and OpenBLAS
#
# bench/exploration/xbench.c (the drivers' shared chores, xbench.h) and
# erbium.c (the C-API kernel, bench/plugin's same-run reference) are
# compiled once here, into XBENCH_OBJ and XERBIUM_OBJ, and linked by every
# program that uses them.
#
# Inputs: TOP (repository root, default .), BUILD (default build),
# RUNTIME_LIB_A (default $(BUILD)/liberbium.a), PLUGIN_SO (default
# $(BUILD)/erbium.so; the including makefile has its rule), BENCH_OPT
# (optimisation added after CFLAGS/CXXFLAGS, default -O3).

TOP           ?= .
BUILD         ?= build
RUNTIME_LIB_A ?= $(BUILD)/liberbium.a
PLUGIN_SO     ?= $(BUILD)/erbium.so
BENCH_OPT     ?= -O3
# configure's fallback when pkg-config does not know hwloc.
HWLOC_LIBS    ?= -lhwloc
CC            ?= gcc
CXX           ?= g++

EXPL_DIR  := $(TOP)/bench/exploration
EXPL_OBJD := $(BUILD)/bench/obj/exploration
EXPL_PROG := $(BUILD)/bench/exploration
EXPL_CSRC := $(EXPL_DIR)/xbench.c $(EXPL_DIR)/erbium.c $(EXPL_DIR)/ckring.c
EXPL_XSRC := $(EXPL_DIR)/main.cc $(EXPL_DIR)/peers.cc $(EXPL_DIR)/gomp.cc
EXPL_OBJS := $(patsubst $(EXPL_DIR)/%.c,$(EXPL_OBJD)/%.o,$(EXPL_CSRC)) \
             $(patsubst $(EXPL_DIR)/%.cc,$(EXPL_OBJD)/%.o,$(EXPL_XSRC))
XBENCH_OBJ  := $(EXPL_OBJD)/xbench.o
XERBIUM_OBJ := $(EXPL_OBJD)/erbium.o
EXPL_CPPFLAGS := -I$(TOP)/runtime/include -I$(EXPL_DIR) $(HWLOC_CFLAGS) \
                 $(CPPFLAGS)
EXPL_CFLAGS   := -std=gnu11 $(CFLAGS) $(BENCH_OPT) -Wall -Wextra
EXPL_CXXFLAGS := -std=gnu++17 $(CXXFLAGS) $(BENCH_OPT) -Wall -Wextra \
                 -fopenmp
EXPL_LIBS     := $(RUNTIME_LIB_A) $(HWLOC_LIBS) -lck -ltbb \
                 -lpthread -fopenmp

BENCH_PROGS += $(EXPL_PROG)

$(EXPL_OBJD)/%.o: $(EXPL_DIR)/%.c
	@mkdir -p $(@D)
	$(CC) $(EXPL_CPPFLAGS) $(EXPL_CFLAGS) -MMD -MP -c $< -o $@

$(EXPL_OBJD)/%.o: $(EXPL_DIR)/%.cc
	@mkdir -p $(@D)
	$(CXX) $(EXPL_CPPFLAGS) $(EXPL_CXXFLAGS) -MMD -MP -c $< -o $@

$(EXPL_PROG): $(EXPL_OBJS) $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) -o $@ $(EXPL_OBJS) $(EXPL_LIBS)

-include $(EXPL_OBJS:.o=.d)
include $(TOP)/bench/plugin/plugin.mk
include $(TOP)/bench/stripmine/stripmine.mk
include $(TOP)/bench/fmradio/fmradio.mk
include $(TOP)/bench/tasks/tasks.mk
include $(TOP)/bench/grain/grain.mk
