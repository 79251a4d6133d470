/* gomp.c -- the FM receiver's benchmark peer "gomp-tasks" (issue 5): the
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

/* Create the tasks of every step.  The sentinel arrays stand for the
   slots (depend clauses need storage; the steps never touch them, and
   GCC does not count a depend clause as a use, hence "unused").  */
static int
fm_gomp_run (struct fm_blocks *p)
{
  enum { S = FM_GOMP_SLOTS };
#define FM_SENTINEL __attribute__ ((unused)) char
  FM_SENTINEL xs[S], cs[S], ds[S], as[S], es[S], bs[FM_EQ_BANDS][S];
  FM_SENTINEL rd, dst, sk;
#pragma omp parallel
#pragma omp single
  {
    long k, c, c1, d, d1, a, a1, e, e1;
    for (k = 0; k < p->x.nb; k++)
      {
#pragma omp task depend(inout: rd) depend(out: xs[k % S])
	fm_blk_read (p, k);
	fm_blk_ready (&p->x, &p->ch, k, &c, &c1);
	for (; c < c1; c++)
	  {
#pragma omp task depend(in: xs[c % S], xs[(c + 1) % S]) \
		 depend(out: cs[c % S])
	    fm_blk_channel (p, c);
	    fm_blk_ready (&p->ch, &p->dm, c, &d, &d1);
	    for (; d < d1; d++)
	      {
#pragma omp task depend(in: cs[d % S], cs[(d + 1) % S]) \
		 depend(out: ds[d % S])
		fm_blk_demod (p, d);
		fm_blk_ready (&p->dm, &p->au, d, &a, &a1);
		for (; a < a1; a++)
		  {
#pragma omp task depend(in: ds[a % S], ds[(a + 1) % S]) \
		 depend(out: as[a % S])
		    fm_blk_audio (p, a);
#pragma omp task depend(inout: dst) depend(in: as[a % S]) \
		 depend(out: es[a % S])
		    fm_blk_deemph (p, a);
		    fm_blk_ready (&p->de, &p->eq[0], a, &e, &e1);
		    for (; e < e1; e++)
		      {
			for (int b = 0; b < FM_EQ_BANDS; b++)
			  {
#pragma omp task depend(in: es[e % S], es[(e + 1) % S]) \
		 depend(out: bs[b][e % S])
			    fm_blk_band (p, b, e);
			  }
#pragma omp task depend(inout: sk) \
		 depend(in: bs[0][e % S], bs[1][e % S], bs[2][e % S], \
			    bs[3][e % S])
			fm_blk_sink (p, e);
		      }
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
  return fm_blk_main (argc, argv, "fmradio-gomp", FM_GOMP_BLOCK,
		      FM_GOMP_SLOTS, fm_gomp_run);
}
