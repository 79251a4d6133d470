# SPDX-License-Identifier: MIT
# examples/fmradio/fmradio.mk -- GNU make fragment that compiles, once, the
# FM receiver's plain-C objects that its sequential build and
# bench/fmradio's peers link, and builds the sequential build.  The
# top-level Makefile includes it; so does bench/fmradio/fmradio.mk when
# its includer has not (the standalone make -f bench/Makefile).  The
# Erbium build ($(BUILD)/examples/fmradio) is the top-level Makefile's, and
# links dsp.o and wav.o with fmradio.c; this fragment adds libsndfile to
# its flags and libraries (target-specific, below).
#
#   $(FM_OBJS)                     blocks.o (the block steps and the main
#                                  program built on them), dsp.o (filter
#                                  design), wav.o (the files, through
#                                  libsndfile: link $(FM_SNDFILE_LIBS)), under
#                                  $(BUILD)/examples/obj/fmradio
#   $(BUILD)/examples/fmradio-seq  fmradio-seq.c: the sequential baseline
#
# Plain C at -O3 without -ffast-math, like the Erbium build, so that every
# build computes the same floats; with the plugin's loop placement for
# every function (FM_PLACE: -fplugin-arg-erbium-loopalign=all,
# plugin/loopalign.cc), so that blocks.c's filter loops start where the
# Erbium build's do and no comparison is decided by where the linker puts
# them (docs/performance.md, "Code placement").
#
# Inputs: TOP (repository root, default .), BUILD (default build), CC,
# CFLAGS, CPPFLAGS, LDFLAGS (config.mk), PLUGIN_SO (default
# $(BUILD)/erbium.so; the including makefile has its rule), FM_PLACE
# (default above).  Defines FM_DIR (the sources), FM_HEADERS (the headers
# every build includes), FM_CFLAGS (the objects' flags but FM_PLACE),
# FM_PLACE, FM_OBJS, FM_SEQ and FM_SNDFILE_LIBS (what a program linking
# wav.o links after it: libsndfile, by pkg-config, -lsndfile without it;
# scripts/install-deps installs libsndfile1-dev).

TOP       ?= .
BUILD     ?= build
CC        ?= gcc
PLUGIN_SO ?= $(BUILD)/erbium.so
FM_PLACE  ?= -fplugin=$(abspath $(PLUGIN_SO)) \
             -fplugin-arg-erbium-loopalign=all

FM_DIR     := $(TOP)/examples/fmradio
FM_OBJD    := $(BUILD)/examples/obj/fmradio
# The headers every build includes.
FM_HEADERS := $(addprefix $(FM_DIR)/,dsp.h util.h wav.h)
FM_SNDFILE_CFLAGS := $(shell pkg-config --cflags sndfile 2>/dev/null)
FM_SNDFILE_LIBS   := $(shell pkg-config --libs sndfile 2>/dev/null \
                       || echo -lsndfile)
FM_CFLAGS  := -std=gnu11 $(CPPFLAGS) $(CFLAGS) -O3 -Wall -Wextra -I$(FM_DIR) \
              $(FM_SNDFILE_CFLAGS)
FM_OBJS    := $(FM_OBJD)/blocks.o $(FM_OBJD)/dsp.o $(FM_OBJD)/wav.o
FM_SEQ     := $(BUILD)/examples/fmradio-seq

# The plugin places the loops, so the objects follow it.
$(FM_OBJS): $(FM_OBJD)/%.o: $(FM_DIR)/%.c $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(FM_CFLAGS) $(FM_PLACE) -MMD -MP -c $< -o $@

$(FM_SEQ): $(FM_DIR)/fmradio-seq.c $(FM_OBJS) $(FM_DIR)/blocks.h \
  $(FM_HEADERS) $(PLUGIN_SO)
	@mkdir -p $(@D)
	$(CC) $(FM_CFLAGS) $(FM_PLACE) $(LDFLAGS) $< $(FM_OBJS) -o $@ \
	  $(FM_SNDFILE_LIBS) -lm

# The Erbium build: the top-level Makefile's example rule compiles with
# EXAMPLE_FLAGS and links HWLOC_LIBS after the objects; libsndfile joins
# them for this target alone (private: not its prerequisites).
$(BUILD)/examples/fmradio: private EXAMPLE_FLAGS += $(FM_SNDFILE_CFLAGS)
$(BUILD)/examples/fmradio: private HWLOC_LIBS += $(FM_SNDFILE_LIBS)

-include $(FM_OBJS:.o=.d)
