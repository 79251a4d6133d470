/* fmradio-seq.c -- the FM receiver as a plain sequential C program (no
   processes, one thread): the validation reference and the speedup
   baseline of the Erbium receiver (fmradio.c).  Same stages, same taps,
   same dsp.h code; each stage runs over the whole signal in blocks of
   FM_SEQ_BLOCK outputs so that its working set stays in cache.

   Usage: fmradio-seq [--eq G0,G1,G2,G3] [--quiet] INPUT.wav OUTPUT.wav
   INPUT: interleaved float32 I/Q at 240 kS/s (wav.h); OUTPUT: 16-bit
   mono 48 kHz.  Prints the input length, wall time (reading, processing and
   writing) and throughput unless --quiet.  Exit status 0, 1 on bad input or an I/O error (message on
   stderr, no OUTPUT left behind), 2 on bad usage.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dsp.h"
#include "util.h"
#include "wav.h"

#define FM_SEQ_BLOCK 2048	/* outputs per block of a stage */



int
main (int argc, char **argv)
{
  double gain[FM_EQ_BANDS];
  for (int b = 0; b < FM_EQ_BANDS; b++)
    gain[b] = 1.0;
  int quiet = 0, a = 1;
  for (; a < argc && argv[a][0] == '-'; a++)
    if (!strcmp (argv[a], "--quiet"))
      quiet = 1;
    else if (!strcmp (argv[a], "--eq") && a + 1 < argc)
      {
	if (fm_parse_gains (argv[++a], gain))
	  {
	    fprintf (stderr, "fmradio-seq: --eq: expected %d gains from 0 "
		     "to 16 separated by commas\n", FM_EQ_BANDS);
	    return 2;
	  }
      }
    else
      break;
  if (argc - a != 2)
    {
      fprintf (stderr, "usage: fmradio-seq [--eq G0,G1,G2,G3] [--quiet] "
	       "INPUT.wav OUTPUT.wav\n");
      return 2;
    }
  const char *ipath = argv[a], *opath = argv[a + 1];

  struct fm_input in;
  if (fm_open_input (ipath, &in))
    return 1;
  long n = in.n, nc = fm_len_channel (n), nd = fm_len_demod (n);
  long na = fm_len_audio (n), ne = fm_len_out (n);
  if (ne <= 0)
    {
      fprintf (stderr, "fmradio-seq: %s: %ld samples is too short to give "
	       "any audio\n", ipath, n);
      return 1;
    }
  struct fm_taps t;
  fm_design (&t, gain);
  struct fm_cf *x = malloc (n * sizeof *x), *ch = malloc (nc * sizeof *ch);
  float *dm = malloc (nd * sizeof *dm), *au = malloc (na * sizeof *au);
  float *de = malloc (na * sizeof *de), *eq[FM_EQ_BANDS];
  int16_t *pcm = malloc (ne * sizeof *pcm);
  for (int b = 0; b < FM_EQ_BANDS; b++)
    eq[b] = malloc (ne * sizeof *eq[b]);
  if (!x || !ch || !dm || !au || !de || !pcm || !eq[FM_EQ_BANDS - 1])
    {
      fprintf (stderr, "fmradio-seq: out of memory for %ld samples\n", n);
      return 1;
    }
  /* Timed: reading, processing and writing, as the Erbium receiver's
     wall time is.  */
  double t0 = fm_now ();
  if (fm_read_iq (&in, (float *) x, n, ipath))
    return 1;
  fclose (in.f);
  long j, k, j0;
  for (j0 = 0; j0 < nc; j0 += FM_SEQ_BLOCK)
    FM_CFIR (ch, x, t.ch, FM_CH_TAPS, j0, fm_min (FM_SEQ_BLOCK, nc - j0),
	     j, k);
  for (j0 = 0; j0 < nd; j0 += FM_SEQ_BLOCK)
    FM_DEMOD (dm, ch, j0, fm_min (FM_SEQ_BLOCK, nd - j0), j);
  for (j0 = 0; j0 < na; j0 += FM_SEQ_BLOCK)
    FM_FIR (au, dm, t.au, FM_AU_TAPS, FM_DECIM, j0,
	    fm_min (FM_SEQ_BLOCK, na - j0), j, k);
  float s = 0.0f, prev = 0.0f;
  FM_DEEMPH (de, au, s, prev, 0, na, j);
  for (int b = 0; b < FM_EQ_BANDS; b++)
    for (j0 = 0; j0 < ne; j0 += FM_SEQ_BLOCK)
      FM_FIR (eq[b], de, t.eq[b], FM_EQ_TAPS, 1, j0,
	      fm_min (FM_SEQ_BLOCK, ne - j0), j, k);
  for (j = 0; j < ne; j++)
    {
      float v[FM_EQ_BANDS];
      for (int b = 0; b < FM_EQ_BANDS; b++)
	v[b] = eq[b][j];
      pcm[j] = fm_pcm (v);
    }
  struct fm_output o;
  if (fm_output_open (opath, &o))
    return 1;
  int ok = fm_output_write (&o, pcm, ne) == 0;
  if (fm_output_close (&o, ok) || !ok)
    return 1;
  double secs = fm_now () - t0;
  if (!quiet)
    printf ("fmradio-seq: %ld I/Q samples (%.2f s at %d S/s) -> %ld audio "
	    "samples in %.3f s: %.3g samples/s, %.1fx real time\n", n,
	    (double) n / FM_RATE_IN, FM_RATE_IN, ne, secs, n / secs,
	    (double) n / FM_RATE_IN / secs);
  return 0;
}
