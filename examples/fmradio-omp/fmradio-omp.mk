# examples/fmradio-omp/fmradio-omp.mk -- GNU make fragment that builds
# the FM receiver written as an OpenMP stream program,
# $(BUILD)/examples/fmradio-omp (fmradio-omp.c: the stream pragmas,
# compiled by the plugin with -fopenmp, linked with the runtime and with
# examples/fmradio's dsp.o and wav.o).  The top-level Makefile includes
# it after examples/fmradio/fmradio.mk, whose FM_* variables it uses;
# bench/fmradio/fmradio.mk adds the program to BENCH_PROGS (`make
# bench-build'), and `make fmradio-omp' builds it alone.  Neither `make'
# nor `make check' builds it: testsuite/fmradio/omp-stream.exp compiles
# its own copy.
#
# It is built only where scripts/omp-stream-probe finds that the plugin
# compiles the stream pragmas and the runtime links what it makes;
# elsewhere the rule prints why and writes the reason to
# $(FMO_PROG).unsupported (which bench/fmradio/run reports instead of the
# omp-stream row), and leaves the program unbuilt, so that the rule runs
# again at the next make.  Where the probe succeeds, a failing compile is
# an error like any other.
#
# Flags: FM_CFLAGS and the loop placement FM_PLACE of the other builds
# (every build's filter loops placed alike: bench/README.md, "Code
# placement"), -fopenmp, the plugin.
#
# Inputs: TOP (repository root, default .), BUILD (default build), CC,
# LDFLAGS, HWLOC_LIBS (config.mk), PLUGIN_SO and RUNTIME_LIB_A (the
# including makefile has their rules), and FM_DIR, FM_OBJD, FM_HEADERS,
# FM_CFLAGS, FM_PLACE (examples/fmradio/fmradio.mk).  Defines FMO_DIR
# and FMO_PROG.

TOP           ?= .
BUILD         ?= build
CC            ?= gcc
PLUGIN_SO     ?= $(BUILD)/erbium.so
RUNTIME_LIB_A ?= $(BUILD)/liberbium.a

FMO_DIR   := $(TOP)/examples/fmradio-omp
FMO_PROG  := $(BUILD)/examples/fmradio-omp
FMO_PROBE := $(TOP)/scripts/omp-stream-probe
FMO_CMD    = $(CC) $(FM_CFLAGS) $(FM_PLACE) -fopenmp \
             -I$(TOP)/runtime/include $(LDFLAGS) $< $(FM_OBJD)/dsp.o \
             $(FM_OBJD)/wav.o -o $@ $(RUNTIME_LIB_A) $(HWLOC_LIBS) \
             -lpthread -lm

.PHONY: fmradio-omp
fmradio-omp: $(FMO_PROG)

$(FMO_PROG): $(FMO_DIR)/fmradio-omp.c $(FM_OBJD)/dsp.o $(FM_OBJD)/wav.o \
  $(FM_HEADERS) $(PLUGIN_SO) $(RUNTIME_LIB_A) $(FMO_PROBE)
	@mkdir -p $(@D)
	@if why=$$($(FMO_PROBE) $(CC) $(abspath $(PLUGIN_SO)) \
	    $(RUNTIME_LIB_A) $(HWLOC_LIBS)); then \
	  rm -f $@.unsupported; \
	  echo '$(FMO_CMD)'; $(FMO_CMD); \
	else \
	  echo "$$why" > $@.unsupported; \
	  echo "fmradio-omp: not built: $$why"; \
	fi
