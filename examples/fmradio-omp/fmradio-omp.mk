# SPDX-License-Identifier: MIT
# examples/fmradio-omp/fmradio-omp.mk -- GNU make fragment that builds
# the FM receiver written as an OpenMP stream program,
# $(BUILD)/examples/fmradio-omp (fmradio-omp.c: the stream pragmas,
# compiled by the plugin with -fopenmp, linked with the runtime and with
# examples/fmradio's dsp.o and wav.o).  The top-level Makefile includes
# it after examples/fmradio/fmradio.mk, whose FM_* variables it uses, and
# `make' builds it with the other examples; bench/fmradio/fmradio.mk adds
# it to BENCH_PROGS (`make bench-build', the omp-stream row of
# bench/fmradio/run), and `make fmradio-omp' builds it alone.  A compile
# that fails fails the build.  testsuite/fmradio/omp-stream.exp compiles
# its own copy (with the build's sanitizer flags) and checks its output.
#
# Flags: FM_CFLAGS and the loop placement FM_PLACE of the other builds
# (every build's filter loops placed alike: bench/README.md, "Code
# placement"), -fopenmp, the plugin, and SANITIZE_FLAGS (the top-level
# Makefile's: the runtime library it links is compiled with them).
#
# Inputs: TOP (repository root, default .), BUILD (default build), CC,
# LDFLAGS, HWLOC_LIBS (config.mk), PLUGIN_SO and RUNTIME_LIB_A (the
# including makefile has their rules), SANITIZE_FLAGS and SAN_STAMP
# (optional), and FM_DIR, FM_OBJD, FM_HEADERS,
# FM_CFLAGS, FM_PLACE, FM_SNDFILE_LIBS (examples/fmradio/fmradio.mk).  Defines FMO_DIR,
# FMO_PROG and FMO_NET_PNG.

TOP           ?= .
BUILD         ?= build
CC            ?= gcc
PLUGIN_SO     ?= $(BUILD)/erbium.so
RUNTIME_LIB_A ?= $(BUILD)/liberbium.a

FMO_DIR   := $(TOP)/examples/fmradio-omp
FMO_PROG  := $(BUILD)/examples/fmradio-omp
FMO_CMD    = $(CC) $(FM_CFLAGS) $(FM_PLACE) -fopenmp $(SANITIZE_FLAGS) \
             -I$(TOP)/runtime/include $(LDFLAGS) $< $(FM_OBJD)/dsp.o \
             $(FM_OBJD)/wav.o -o $@ $(RUNTIME_LIB_A) $(HWLOC_LIBS) \
             $(FM_SNDFILE_LIBS) -lpthread -lm

.PHONY: fmradio-omp
fmradio-omp: $(FMO_PROG)

$(FMO_PROG): $(FMO_DIR)/fmradio-omp.c $(FM_OBJD)/dsp.o $(FM_OBJD)/wav.o \
  $(FM_HEADERS) $(PLUGIN_SO) $(RUNTIME_LIB_A) $(SAN_STAMP)
	@mkdir -p $(@D)
	$(FMO_CMD)

# The receiver's network of task sites and streams (docs/omp-stream.md,
# "The network"): the plugin writes it as Graphviz while it compiles
# fmradio-omp.c (-fplugin-arg-erbium-graph; the assembly is discarded),
# and Graphviz's dot (scripts/install-deps) draws it; `make demo' shows
# it next to the receiver's audio picture.
FMO_NET_DOT := $(BUILD)/fmradio/network.dot
FMO_NET_PNG := $(BUILD)/fmradio/network.png

$(FMO_NET_PNG): $(FMO_DIR)/fmradio-omp.c $(FM_HEADERS) $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(FM_CFLAGS) -fopenmp -fplugin=$(abspath $(PLUGIN_SO)) \
	  -fplugin-arg-erbium-graph=$(FMO_NET_DOT) -I$(TOP)/runtime/include \
	  -S $< -o /dev/null
	$(TOP)/scripts/install-deps --quiet demo
	dot -Tpng $(FMO_NET_DOT) -o $@
