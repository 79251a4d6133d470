# SPDX-License-Identifier: GPL-3.0-or-later
# bench/tasks/tasks.mk -- GNU make fragment that builds the task-creation
# benchmark's programs (bench/tasks) and adds them to BENCH_PROGS.
# bench/bench.mk includes it; the including makefile gives CC, CXX,
# CFLAGS, CXXFLAGS, CPPFLAGS, LDFLAGS, HWLOC_LIBS (config.mk), and the
# rules for $(PLUGIN_SO) and $(RUNTIME_LIB_A).
#
#   $(BUILD)/bench/tasks-gomp-depend  gomp-depend.c: libgomp tasks with
#                                     depend clauses over ring slots
#   $(BUILD)/bench/tasks-tbb-flow     tbb-flow.cc: a TBB flow graph
#   $(BUILD)/bench/tasks-omp-stream   omp-stream.c: the stream pragmas,
#                                     compiled by the plugin with -fopenmp
#   $(BUILD)/bench/tasks-task-api     task-api.c: the same against
#                                     <erbium/task.h>, no plugin
#
# All four are built by `make bench-build'; a compile that fails fails
# the build.
#
# Inputs: TOP (repository root, default .), BUILD (default build),
# PLUGIN_SO (default $(BUILD)/erbium.so), RUNTIME_LIB_A (default
# $(BUILD)/liberbium.a), BENCH_OPT (default -O3).

TOP           ?= .
BUILD         ?= build
PLUGIN_SO     ?= $(BUILD)/erbium.so
RUNTIME_LIB_A ?= $(BUILD)/liberbium.a
BENCH_OPT     ?= -O3
CC            ?= gcc
CXX           ?= g++

TK_DIR    := $(TOP)/bench/tasks
TK_OBJD   := $(BUILD)/bench/obj/tasks
TK_GOMP   := $(BUILD)/bench/tasks-gomp-depend
TK_TBB    := $(BUILD)/bench/tasks-tbb-flow
TK_OMP    := $(BUILD)/bench/tasks-omp-stream
TK_API    := $(BUILD)/bench/tasks-task-api
TK_CFLAGS := -std=gnu11 $(CPPFLAGS) $(CFLAGS) $(BENCH_OPT) -Wall -Wextra \
             -I$(TK_DIR)
TK_CXXFLAGS := -std=gnu++17 $(CPPFLAGS) $(CXXFLAGS) $(BENCH_OPT) -Wall \
               -Wextra -I$(TK_DIR)
TK_LIBS   := $(RUNTIME_LIB_A) $(HWLOC_LIBS) -lpthread

BENCH_PROGS += $(TK_GOMP) $(TK_TBB) $(TK_OMP) $(TK_API)

$(TK_GOMP): $(TK_DIR)/gomp-depend.c $(TK_DIR)/tasks.h
	@mkdir -p $(@D)
	$(CC) $(TK_CFLAGS) -fopenmp $(LDFLAGS) $< -o $@

$(TK_TBB): $(TK_DIR)/tbb-flow.cc $(TK_DIR)/tasks.h
	@mkdir -p $(@D)
	$(CXX) $(TK_CXXFLAGS) $(LDFLAGS) $< -o $@ -ltbb -lpthread

$(TK_OBJD)/task-api.o: $(TK_DIR)/task-api.c $(TK_DIR)/tasks.h \
  $(TOP)/runtime/include/erbium/task.h
	@mkdir -p $(@D)
	$(CC) $(TK_CFLAGS) -I$(TOP)/runtime/include -c $< -o $@

$(TK_API): $(TK_OBJD)/task-api.o $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $< -o $@ $(TK_LIBS)

$(TK_OMP): $(TK_DIR)/omp-stream.c $(TK_DIR)/tasks.h $(PLUGIN_SO) \
  $(RUNTIME_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(TK_CFLAGS) -fopenmp -fplugin=$(abspath $(PLUGIN_SO)) \
	  $(LDFLAGS) $< -o $@ $(TK_LIBS)
