/* fmradio-seq.c -- the FM receiver as a plain sequential C program (no
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

/* Run every step in stream order: each block of the input, then every
   block of each later stage it makes computable (fm_blk_ready), depth
   first.  Two slots per stream suffice: when a step writes block I of a
   stream, the blocks before I - 1 have been consumed.  */
static int
fm_seq_run (struct fm_blocks *p)
{
  long k, c, c1, d, d1, a, a1, e, e1;
  for (k = 0; k < p->x.nb; k++)
    {
      fm_blk_read (p, k);
      fm_blk_ready (&p->x, &p->ch, k, &c, &c1);
      for (; c < c1; c++)
	{
	  fm_blk_channel (p, c);
	  fm_blk_ready (&p->ch, &p->dm, c, &d, &d1);
	  for (; d < d1; d++)
	    {
	      fm_blk_demod (p, d);
	      fm_blk_ready (&p->dm, &p->au, d, &a, &a1);
	      for (; a < a1; a++)
		{
		  fm_blk_audio (p, a);
		  fm_blk_deemph (p, a);
		  fm_blk_ready (&p->de, &p->eq[0], a, &e, &e1);
		  for (; e < e1; e++)
		    {
		      for (int b = 0; b < FM_EQ_BANDS; b++)
			fm_blk_band (p, b, e);
		      fm_blk_sink (p, e);
		    }
		}
	    }
	}
    }
  return 0;
}

int
main (int argc, char **argv)
{
  /* 1024 to 4096 samples are within 2 % of each other (bench/README.md).  */
  return fm_blk_main (argc, argv, "fmradio-seq", 1024, 2, fm_seq_run);
}
