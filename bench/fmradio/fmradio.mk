# bench/fmradio/fmradio.mk -- GNU make fragment that builds the FM
# receiver benchmark's peers (issue 5) and adds them to BENCH_PROGS.
# bench/bench.mk includes it; the including makefile gives CC, CXX,
# CFLAGS and CXXFLAGS (config.mk).
#
#   $(BUILD)/bench/fmradio-gomp  gomp.c: the block steps as OpenMP tasks
#   $(BUILD)/bench/fmradio-tbb   tbb.cc: the block steps as a TBB flow graph
#
# Both link examples/fmradio's blocks.c, dsp.c and wav.c, compiled here
# with the flags of the sequential build (-O3, no -ffast-math), so that
# every build computes the same floats.  The other two implementations
# the driver (bench/fmradio/run) measures are the Makefile's
# $(BUILD)/examples/fmradio and fmradio-seq.
#
# Inputs: TOP (repository root, default .), BUILD (default build).

TOP   ?= .
BUILD ?= build
CC    ?= gcc
CXX   ?= g++

FMB_DIR   := $(TOP)/bench/fmradio
FMB_EX    := $(TOP)/examples/fmradio
FMB_OBJD  := $(BUILD)/bench/obj/fmradio
FMB_COBJS := $(FMB_OBJD)/blocks.o $(FMB_OBJD)/dsp.o $(FMB_OBJD)/wav.o
FMB_GOMP  := $(BUILD)/bench/fmradio-gomp
FMB_TBB   := $(BUILD)/bench/fmradio-tbb
FMB_CFLAGS   := -std=gnu11 $(CFLAGS) -O3 -Wall -Wextra -I$(FMB_EX)
# The block steps (blocks.c, with the filter loops) get the plugin's loop
# placement, as the sequential build does (FM_PLACE, Makefile).
FMB_CXXFLAGS := -std=gnu++17 $(CXXFLAGS) -O3 -Wall -Wextra -I$(FMB_EX)

BENCH_PROGS += $(FMB_GOMP) $(FMB_TBB)

$(FMB_OBJD)/%.o: $(FMB_EX)/%.c $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(FMB_CFLAGS) $(FM_PLACE) -MMD -MP -c $< -o $@

$(FMB_OBJD)/gomp.o: $(FMB_DIR)/gomp.c
	@mkdir -p $(@D)
	$(CC) $(FMB_CFLAGS) -fopenmp -MMD -MP -c $< -o $@

$(FMB_OBJD)/tbb.o: $(FMB_DIR)/tbb.cc
	@mkdir -p $(@D)
	$(CXX) $(FMB_CXXFLAGS) -MMD -MP -c $< -o $@

$(FMB_GOMP): $(FMB_OBJD)/gomp.o $(FMB_COBJS)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -fopenmp -o $@ $^ -lm

$(FMB_TBB): $(FMB_OBJD)/tbb.o $(FMB_COBJS)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) -o $@ $^ -ltbb -lpthread -lm

-include $(FMB_COBJS:.o=.d) $(FMB_OBJD)/gomp.d $(FMB_OBJD)/tbb.d
