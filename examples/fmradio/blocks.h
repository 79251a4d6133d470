/* SPDX-License-Identifier: MIT */ /* blocks.h -- the FM receiver cut into block steps over bounded ring
   buffers, for the builds that schedule the stages themselves: the
   streaming sequential baseline (fmradio-seq.c) and the benchmark's
   OpenMP-task and TBB flow-graph peers (bench/fmradio).  Each step computes
   one block of one stage's output with dsp.h's macros, so every build's
   output is bit-identical to the Erbium receiver's (fmradio.c).

   Streams and their blocks (samples): the input X, channel CH and demod DM
   at 240 kS/s in blocks of FM_BLK_B = 5 * A; the audio AU, de-emphasised
   DE and the equaliser bands EQ[b] at 48 kHz in blocks of A, the audio
   block (--block).  Block I of a stream is its samples I * bs ..
   I * bs + bs - 1 (the last block may be shorter).  Block I of CH, DM, AU
   and EQ[b] needs blocks I and I + 1 of the stream it filters (its peek
   window runs past the block's end); DE block I needs AU block I and DE
   block I - 1 (the de-emphasis is recursive); the sink's block I needs
   block I of every band and the sink's block I - 1 (the file is written in
   order).  The reader's block I needs the reader's block I - 1.

   Every stream lives in a ring of SLOTS blocks; block I is in slot
   I % SLOTS.  The ring is followed by a copy of the head of slot 0 (as
   long as the stream's consumer peeks past a block's end), kept by
   whoever writes slot 0, so that a block and its look-ahead are always
   contiguous.  A scheduler may start a step once its inputs are complete
   and the slot it writes is no longer read: block I - SLOTS of the output
   stream has been read by every step that reads it (the steps for blocks
   I - SLOTS - 1 and I - SLOTS of the consumer).  */
#ifndef FM_BLOCKS_H
#define FM_BLOCKS_H

#include "dsp.h"
#include "wav.h"

/* The range of the audio block (samples at 48 kHz) --block accepts.  The
   lower bound keeps every peek window (at most FM_EQ_TAPS - 1 samples)
   within the next block.  */
#define FM_BLK_MIN 128
#define FM_BLK_MAX 65536

/* One stream's ring: SLOTS blocks of BS elements of ESZ bytes, then
   MIRROR elements copying the head of slot 0.  LEN: the stream's length
   (samples); NB: its number of blocks.  */
struct fm_ring
{
  char *buf;
  long bs, len, nb, mirror;
  int slots, esz;
};

/* The receiver's streams and the state of its serial steps.  Filled by
   fm_blk_init, read-only while steps run except for each step's own output
   slot and serial state.  */
struct fm_blocks
{
  struct fm_taps taps;
  struct fm_ring x, ch, dm, au, de, eq[FM_EQ_BANDS];
  /* Serial state: the reader's file (IN.N: the input's length, samples;
     the rings hold the other streams' lengths), the de-emphasis filter,
     the sink's output and PCM buffer.  */
  struct fm_input in;
  float ds, dp;			/* de-emphasis: last output, last input */
  struct fm_output out;
  int16_t *pcm;
  /* A read or a write failed: drop the output.  Two flags, as the reader
     and the sink may run at once.  */
  int in_failed, out_failed;
};

/* Allocate P's rings: audio block A (samples, FM_BLK_MIN .. FM_BLK_MAX),
   SLOTS (at least 2) blocks per stream, lengths from the input's P->IN.N
   samples.  Returns 0, or prints an error naming PROG and returns -1 (out
   of memory).  */
int fm_blk_init (struct fm_blocks *p, const char *prog, long a, int slots);

/* The steps, each computing block I of its output stream.  Read-only on
   other blocks, so any two steps with no dependence between them (see the
   header) may run at once.  They cannot fail but for the reader's and the
   sink's I/O: fm_blk_read then prints the error, sets P->in_failed and
   fills the block and every later one with zeros, so that the steps run
   to the end; fm_blk_sink prints the error, sets P->out_failed and writes
   nothing more.  fm_blk_main drops the output after either.  */
void fm_blk_read (struct fm_blocks *p, long i);
void fm_blk_channel (struct fm_blocks *p, long i);
void fm_blk_demod (struct fm_blocks *p, long i);
void fm_blk_audio (struct fm_blocks *p, long i);
void fm_blk_deemph (struct fm_blocks *p, long i);
void fm_blk_band (struct fm_blocks *p, int b, long i);
void fm_blk_sink (struct fm_blocks *p, long i);

/* The steps, as the schedulers name them.  */
enum fm_step
{
  FM_STEP_READ, FM_STEP_CHANNEL, FM_STEP_DEMOD, FM_STEP_AUDIO,
  FM_STEP_DEEMPH, FM_STEP_BAND, FM_STEP_SINK
};

/* Run step S for block I (band B for FM_STEP_BAND, ignored otherwise).  */
void fm_blk_step (struct fm_blocks *p, enum fm_step s, int b, long i);

/* Call VISIT (CTX, S, B, I) once for every step of every block, in an
   order a single thread may run them in: each block of the input, then,
   depth first, every block of each later stage that it makes computable
   (fm_blk_ready); the de-emphasis and the sink in block order.  Run
   directly (fmradio-seq), two slots per stream suffice: when a step
   writes block I of a stream, the blocks before I - 1 have been
   consumed.  A scheduler that defers the steps (bench/fmradio/gomp.c)
   must add the dependences of the header itself.  */
void fm_blk_walk (struct fm_blocks *p,
		  void (*visit) (void *ctx, enum fm_step s, int b, long i),
		  void *ctx);

/* The blocks of OUT a step may compute once block K of IN (which it peeks
   one block ahead in) is complete, all of IN's earlier blocks being
   complete too: *LO .. *HI - 1 (empty when *LO == *HI).  Normally block
   K - 1; at IN's last block, every block of OUT left.  */
static inline void
fm_blk_ready (const struct fm_ring *in, const struct fm_ring *out, long k,
	      long *lo, long *hi)
{
  long l = k > 0 ? k - 1 : 0, h = k + 1 == in->nb ? out->nb : k;
  *hi = h < out->nb ? h : out->nb;
  *lo = l < *hi ? l : *hi;
}

/* Slot of block I of R (the first of its BS elements).  */
static inline void *
fm_blk_slot (const struct fm_ring *r, long i)
{
  return r->buf + (size_t) (i % r->slots) * r->bs * r->esz;
}

/* Samples in block I of R.  */
static inline long
fm_blk_count (const struct fm_ring *r, long i)
{
  long n = r->len - i * r->bs;
  return n < r->bs ? n : r->bs;
}

/* A whole program built on the steps: parses
     PROG [--block A] [--eq G0,G1,G2,G3] [--quiet] INPUT.wav OUTPUT.wav
   (A: the audio block in samples, default BLOCK: each program's best on
   the 2-core test machines, bench/README.md), opens the files
   (fm_open_input, fm_output_open), sets P up with SLOTS slots per stream
   and times RUN (P), which must run every step of every block in a valid
   order and return 0 (or -1 after printing why not, e.g. a thread
   library's error).  The time covers the steps, reading and writing, as
   the Erbium receiver's does.  Prints "PROG: N I/Q samples ... in T s:
   ..." unless --quiet.  Returns the exit status: 0, 1 on bad input or an
   I/O error (message on stderr, no OUTPUT left behind), 2 on bad
   usage.  */
int fm_blk_main (int argc, char **argv, const char *prog, long block,
		 int slots, int (*run) (struct fm_blocks *p));

#endif /* FM_BLOCKS_H */
