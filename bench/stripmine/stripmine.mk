# SPDX-License-Identifier: GPL-3.0-or-later
# bench/stripmine/stripmine.mk -- GNU make fragment that builds the
# strip-mining benchmark as $(BUILD)/bench/stripmine and adds it
# to BENCH_PROGS.  bench/bench.mk includes it; the including makefile
# gives CC, CFLAGS, HWLOC_CFLAGS and HWLOC_LIBS (config.mk) and, from the
# top-level Makefile, the rule for $(PLUGIN_SO).
#
# kernel.c (Erbium C: element-at-a-time sum, scale, 16-tap FIR and
# complex multiply over a stream between two processes) is compiled three
# times with the plugin at $(BENCH_OPT), each with its own entry point:
#   kernel-plugin.o   the plugin's defaults                 plugin_run
#   kernel-nostrip.o  -fplugin-arg-erbium-stripmine=0       nostrip_run
#   kernel-library.o  -fplugin-arg-erbium-lower=0
#                     -fplugin-arg-erbium-window=0
#                     -fplugin-arg-erbium-stripmine=0       library_run
# seq.c (plain C, the same computation in one thread over an array) and
# main.c (plain C against <erbium/runtime.h>, the driver) are compiled
# without the plugin.  bench/exploration/xbench.h gives the start gate and
# the clock, and xbench.c (bench.mk's XBENCH_OBJ) the driver's chores
# (options, CSV file, interleaving, median).
#
# Inputs: TOP (repository root, default .), BUILD (default build),
# PLUGIN_SO (default $(BUILD)/erbium.so), RUNTIME_LIB_A (default
# $(BUILD)/liberbium.a), BENCH_OPT (default -O3), XBENCH_OBJ (bench.mk).

TOP           ?= .
BUILD         ?= build
PLUGIN_SO     ?= $(BUILD)/erbium.so
RUNTIME_LIB_A ?= $(BUILD)/liberbium.a
BENCH_OPT     ?= -O3
CC            ?= gcc

SM_DIR   := $(TOP)/bench/stripmine
SM_XDIR  := $(TOP)/bench/exploration
SM_OBJD  := $(BUILD)/bench/obj/stripmine
SM_PROG  := $(BUILD)/bench/stripmine
SM_KOBJS := $(SM_OBJD)/kernel-plugin.o $(SM_OBJD)/kernel-nostrip.o \
            $(SM_OBJD)/kernel-library.o
SM_COBJS := $(SM_OBJD)/main.o $(SM_OBJD)/seq.o
SM_OBJS  := $(SM_KOBJS) $(SM_COBJS) $(XBENCH_OBJ)

SM_CPPFLAGS := -I$(TOP)/runtime/include -I$(SM_XDIR) -I$(SM_DIR) \
               $(HWLOC_CFLAGS) $(CPPFLAGS)
SM_CFLAGS   := -std=gnu11 $(CFLAGS) $(BENCH_OPT) -Wall -Wextra
# The kernel: Erbium C, compiled with the plugin.
SM_KFLAGS   := -fplugin=$(abspath $(PLUGIN_SO)) -I$(TOP)/plugin/include
SM_NOSTRIP  := -fplugin-arg-erbium-stripmine=0
SM_LIBRARY  := -fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0 \
               -fplugin-arg-erbium-stripmine=0
SM_LIBS     := $(RUNTIME_LIB_A) $(HWLOC_LIBS) -lpthread

BENCH_PROGS += $(SM_PROG)

$(SM_OBJD)/kernel-plugin.o: $(SM_DIR)/kernel.c $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(SM_KFLAGS) $(SM_CPPFLAGS) $(SM_CFLAGS) \
	  -Dsm_entry=plugin_run -MMD -MP -c $< -o $@

$(SM_OBJD)/kernel-nostrip.o: $(SM_DIR)/kernel.c $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(SM_KFLAGS) $(SM_NOSTRIP) $(SM_CPPFLAGS) $(SM_CFLAGS) \
	  -Dsm_entry=nostrip_run -MMD -MP -c $< -o $@

$(SM_OBJD)/kernel-library.o: $(SM_DIR)/kernel.c $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(SM_KFLAGS) $(SM_LIBRARY) $(SM_CPPFLAGS) $(SM_CFLAGS) \
	  -Dsm_entry=library_run -MMD -MP -c $< -o $@

$(SM_OBJD)/%.o: $(SM_DIR)/%.c
	@mkdir -p $(@D)
	$(CC) $(SM_CPPFLAGS) $(SM_CFLAGS) -MMD -MP -c $< -o $@

$(SM_PROG): $(SM_OBJS) $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(SM_OBJS) $(SM_LIBS)

-include $(SM_KOBJS:.o=.d) $(SM_COBJS:.o=.d)
