# SPDX-License-Identifier: GPL-3.0-or-later
# bench/plugin/plugin.mk -- GNU make fragment that builds the plugin
# benchmark as $(BUILD)/bench/plugin and adds it to BENCH_PROGS.
# bench/bench.mk includes it; the including makefile gives CC, CFLAGS,
# HWLOC_CFLAGS and HWLOC_LIBS (config.mk) and, from the top-level
# Makefile, the rule for $(PLUGIN_SO).
#
# kernel.c (Erbium C) is compiled twice with the plugin at $(BENCH_OPT):
# kernel-plugin.o with the plugin's full lowering and entry point
# plugin_run, kernel-library.o with the lowering off
# (-fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0: every
# primitive a library call) and entry point library_run.  main.c (plain C
# against <erbium/runtime.h>) drives both and links, for a same-run
# reference, bench/exploration's C-API kernel erbium.c and its helpers
# xbench.c, the objects bench.mk compiles (XERBIUM_OBJ, XBENCH_OBJ).
#
# Inputs: TOP (repository root, default .), BUILD (default build),
# PLUGIN_SO (default $(BUILD)/erbium.so), RUNTIME_LIB_A (default
# $(BUILD)/liberbium.a), BENCH_OPT (default -O3), XBENCH_OBJ and
# XERBIUM_OBJ (bench.mk).

TOP           ?= .
BUILD         ?= build
PLUGIN_SO     ?= $(BUILD)/erbium.so
RUNTIME_LIB_A ?= $(BUILD)/liberbium.a
BENCH_OPT     ?= -O3
CC            ?= gcc

PLG_DIR   := $(TOP)/bench/plugin
PLG_XDIR  := $(TOP)/bench/exploration
PLG_OBJD  := $(BUILD)/bench/obj/plugin
PLG_PROG  := $(BUILD)/bench/plugin
PLG_KOBJS := $(PLG_OBJD)/kernel-plugin.o $(PLG_OBJD)/kernel-library.o
PLG_OBJS  := $(PLG_KOBJS) $(PLG_OBJD)/main.o $(XERBIUM_OBJ) $(XBENCH_OBJ)

PLG_CPPFLAGS := -I$(TOP)/runtime/include -I$(PLG_XDIR) $(HWLOC_CFLAGS) \
                $(CPPFLAGS)
PLG_CFLAGS   := -std=gnu11 $(CFLAGS) $(BENCH_OPT) -Wall -Wextra
# The kernel: Erbium C, compiled with the plugin.
PLG_KFLAGS   := -fplugin=$(abspath $(PLUGIN_SO)) -I$(TOP)/plugin/include
PLG_LIBRARY  := -fplugin-arg-erbium-lower=0 -fplugin-arg-erbium-window=0
PLG_LIBS     := $(RUNTIME_LIB_A) $(HWLOC_LIBS) -lpthread

BENCH_PROGS += $(PLG_PROG)

$(PLG_OBJD)/kernel-plugin.o: $(PLG_DIR)/kernel.c $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(PLG_KFLAGS) $(PLG_CPPFLAGS) $(PLG_CFLAGS) \
	  -Dkernel_entry=plugin_run -MMD -MP -c $< -o $@

$(PLG_OBJD)/kernel-library.o: $(PLG_DIR)/kernel.c $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(PLG_KFLAGS) $(PLG_LIBRARY) $(PLG_CPPFLAGS) $(PLG_CFLAGS) \
	  -Dkernel_entry=library_run -MMD -MP -c $< -o $@

$(PLG_OBJD)/main.o: $(PLG_DIR)/main.c
	@mkdir -p $(@D)
	$(CC) $(PLG_CPPFLAGS) $(PLG_CFLAGS) -MMD -MP -c $< -o $@

$(PLG_PROG): $(PLG_OBJS) $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(PLG_OBJS) $(PLG_LIBS)

-include $(PLG_KOBJS:.o=.d) $(PLG_OBJD)/main.d
