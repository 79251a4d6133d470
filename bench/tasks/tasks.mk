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
# The last two are built only where scripts/omp-stream-probe finds that
# the plugin compiles the stream pragmas (omp-stream) and that the
# runtime has the stream tasks (both); elsewhere their rule prints why
# and writes the reason to PROG.unsupported, which bench/tasks/run
# reports instead of a row (the program is then left unbuilt, so that
# the rule runs again at the next make).  task-api.c is compiled in any
# case: only its link waits for the runtime.
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
TK_PROBE  := $(TOP)/scripts/omp-stream-probe
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

# $(call tk_guarded,PROBE-ARGS,COMMAND): run COMMAND (which makes $@)
# when scripts/omp-stream-probe PROBE-ARGS succeeds; otherwise print why
# and write it to $@.unsupported.
tk_guarded = @if why=$$($(TK_PROBE) $(1) $(CC) $(abspath $(PLUGIN_SO)) \
    $(RUNTIME_LIB_A) $(HWLOC_LIBS)); then \
    rm -f $@.unsupported; echo '$(2)'; $(2); \
  else \
    echo "$$why" > $@.unsupported; \
    echo "$(notdir $@): not built: $$why"; \
  fi

$(TK_API): $(TK_OBJD)/task-api.o $(RUNTIME_LIB_A) $(TK_PROBE)
	@mkdir -p $(@D)
	$(call tk_guarded,--api,$(CC) $(LDFLAGS) $< -o $@ $(TK_LIBS))

$(TK_OMP): $(TK_DIR)/omp-stream.c $(TK_DIR)/tasks.h $(PLUGIN_SO) \
  $(RUNTIME_LIB_A) $(TK_PROBE)
	@mkdir -p $(@D)
	$(call tk_guarded,,$(CC) $(TK_CFLAGS) -fopenmp \
	  -fplugin=$(abspath $(PLUGIN_SO)) $(LDFLAGS) $< -o $@ $(TK_LIBS))
