/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gomp.c -- the FM receiver's benchmark peer "gomp-tasks": the
   block steps of examples/fmradio/blocks.h as OpenMP tasks whose depend
   clauses name the ring slots they read and write, run by libgomp with
   its default team (one thread per core).  One thread creates the tasks
   in stream order; the dependences let every step run as soon as its
   input blocks are written, the serial steps (reader, de-emphasis, sink)
   in order through a token each, and a writer of a slot wait for the
   readers of the block the slot held before (the write-after-read
   dependences bound the memory as the rings do).  The output is
   bit-identical to fmradio-seq's and the Erbium receiver's.

   Usage: fmradio-gomp [--block A] [--eq G0,G1,G2,G3] [--quiet] INPUT.wav
   OUTPUT.wav (fm_blk_main, blocks.h).  Exit status 0, 1 on bad input or
   an I/O error, 2 on bad usage.  */
#include "blocks.h"

/* Default audio block (samples): libgomp's cost per task with depend
   clauses wants big blocks (60 s input, 2 cores: 0.41 s at 1024, 0.22 s
   at 2048, 0.18 to 0.20 s at 4096 and 8192; bench/README.md).  */
#define FM_GOMP_BLOCK 8192
/* Slots per stream: how far (blocks) the steps of one stream may run
   ahead of the slowest step reading it.  */
#define FM_GOMP_SLOTS 16

/* The dependence sentinels: one per slot of each stream, and one token
   per serial step.  depend clauses need storage; the steps never touch
   it.  */
struct fm_gomp
{
  struct fm_blocks *p;
  char xs[FM_GOMP_SLOTS], cs[FM_GOMP_SLOTS], ds[FM_GOMP_SLOTS];
  char as[FM_GOMP_SLOTS], es[FM_GOMP_SLOTS];
  char bs[FM_EQ_BANDS][FM_GOMP_SLOTS];
  char rd, dst, sk;
};
_Static_assert (FM_EQ_BANDS == 4, "the sink's depend clause names four bands");

/* Create the task of step S for block I (band B) with the dependences of
   blocks.h: the slots it reads (a filter's block and the next), the slot
   it writes, and a serial step's token.  A writer of a slot waits for the
   readers of the block the slot held before (write after read).  */
static void
fm_gomp_visit (void *ctx, enum fm_step s, int b, long i)
{
  struct fm_gomp *g = ctx;
  struct fm_blocks *p = g->p;
  enum { S = FM_GOMP_SLOTS };
  long k = i % S, k1 = (i + 1) % S;
  switch (s)
    {
    case FM_STEP_READ:
#pragma omp task depend(inout: g->rd) depend(out: g->xs[k])
      fm_blk_read (p, i);
      break;
    case FM_STEP_CHANNEL:
#pragma omp task depend(in: g->xs[k], g->xs[k1]) depend(out: g->cs[k])
      fm_blk_channel (p, i);
      break;
    case FM_STEP_DEMOD:
#pragma omp task depend(in: g->cs[k], g->cs[k1]) depend(out: g->ds[k])
      fm_blk_demod (p, i);
      break;
    case FM_STEP_AUDIO:
#pragma omp task depend(in: g->ds[k], g->ds[k1]) depend(out: g->as[k])
      fm_blk_audio (p, i);
      break;
    case FM_STEP_DEEMPH:
#pragma omp task depend(inout: g->dst) depend(in: g->as[k]) \
		 depend(out: g->es[k])
      fm_blk_deemph (p, i);
      break;
    case FM_STEP_BAND:
#pragma omp task depend(in: g->es[k], g->es[k1]) depend(out: g->bs[b][k])
      fm_blk_band (p, b, i);
      break;
    case FM_STEP_SINK:
#pragma omp task depend(inout: g->sk) \
		 depend(in: g->bs[0][k], g->bs[1][k], g->bs[2][k], \
			    g->bs[3][k])
      fm_blk_sink (p, i);
      break;
    }
}

/* One thread creates the tasks in stream order (fm_blk_walk); the team
   runs them.  */
static int
fm_gomp_run (struct fm_blocks *p)
{
  struct fm_gomp g = { .p = p };
#pragma omp parallel
#pragma omp single
  fm_blk_walk (p, fm_gomp_visit, &g);
  return 0;
}

int
main (int argc, char **argv)
{
  return fm_blk_main (argc, argv, "fmradio-gomp", FM_GOMP_BLOCK,
		      FM_GOMP_SLOTS, fm_gomp_run);
}
