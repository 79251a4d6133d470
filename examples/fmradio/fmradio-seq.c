/* SPDX-License-Identifier: MIT */ /* fmradio-seq.c -- the FM receiver as a plain sequential C program (no
   processes, one thread): the validation reference and the speedup
   baseline of the Erbium receiver (fmradio.c).  Same stages, same taps,
   same dsp.h arithmetic, so the output is bit-identical.  It streams: the
   steps of blocks.h run block by block, each stage as soon as its input
   blocks are there, through rings of two blocks per stream, so the working
   set (a few hundred KiB at the default block) stays in cache whatever
   the input's length, as the Erbium receiver's does.

   Usage: fmradio-seq [--block A] [--eq G0,G1,G2,G3] [--quiet] INPUT.wav
   OUTPUT.wav (fm_blk_main in blocks.h: A is the audio block in samples,
   default 1024).  Exit status 0, 1 on bad input or an I/O error (message
   on stderr, no OUTPUT left behind), 2 on bad usage.  */
#include "blocks.h"

/* Run each step as fm_blk_walk visits it.  */
static void
fm_seq_visit (void *p, enum fm_step s, int b, long i)
{
  fm_blk_step (p, s, b, i);
}

/* Every step in stream order, in this thread.  */
static int
fm_seq_run (struct fm_blocks *p)
{
  fm_blk_walk (p, fm_seq_visit, p);
  return 0;
}

int
main (int argc, char **argv)
{
  /* 1024 to 4096 samples are within 2 % of each other (bench/README.md).  */
  return fm_blk_main (argc, argv, "fmradio-seq", 1024, 2, fm_seq_run);
}
