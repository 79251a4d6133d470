/* SPDX-License-Identifier: GPL-3.0-or-later */
/* taps.c -- prints the FM receiver's constants and filter taps, those of
   examples/fmradio/dsp.h and dsp.c's fm_design, so that a receiver built
   with another toolkit (bench/fmradio/gnuradio.py, the GNU Radio
   flowgraph) filters with exactly the numbers every C build uses, from
   the same code, rather than with copies that could drift.

   Usage: fmradio-taps [--eq G0,G1,G2,G3] [--help]   (the equaliser's
   gains, as the receivers take them: util.h's fm_eq_opt, --eq=G or --eq
   G; all 1 without it).

   Output, one item per line, "NAME VALUE...", values separated by
   single spaces, floats as C99 hexadecimal literals (%a: exact, read
   back bit for bit by Python's float.fromhex):
     rate_in N      input rate, samples per second (FM_RATE_IN)
     rate_out N     audio rate, samples per second (FM_RATE_OUT)
     decim N        audio decimation (FM_DECIM)
     demod_gain F   phase step (radians per sample) to audio
     deemph_b F     de-emphasis: y[n] = B (x[n] + x[n-1]) - A y[n-1]
     deemph_a F
     pcm_scale F    audio 1.0 -> this, then rounded and clipped to 16 bits
     ch F...        channel low-pass, FM_CH_TAPS taps, in dsp.h's order
                    (Y[j] = sum over k of H[k] X[j + k])
     au F...        audio low-pass, FM_AU_TAPS taps, same order
     eq0 F... .. eqN F...  equaliser band 0 .. FM_EQ_BANDS - 1, FM_EQ_TAPS
                    taps each, same order, the gains applied
   Exit status 0; 1 when the output cannot be written; 2 on bad usage
   (a message and the pointer to --help on stderr, util.h's
   fm_opt_error).  */
#include "util.h"

/* Print NAME and the N floats H on one line.  */
static void
fm_print_taps (const char *name, const float *h, int n)
{
  printf ("%s", name);
  for (int k = 0; k < n; k++)
    printf (" %a", (double) h[k]);
  putchar ('\n');
}

int
main (int argc, char **argv)
{
  const char *prog = "fmradio-taps";
  double gain[FM_EQ_BANDS];
  for (int b = 0; b < FM_EQ_BANDS; b++)
    gain[b] = 1.0;
  static const struct option lo[] = {
    { "eq", required_argument, NULL, FM_OPT_EQ },
    { "help", no_argument, NULL, FM_OPT_HELP },
    { NULL, 0, NULL, 0 },
  };
  opterr = 0;
  int c;
  while ((c = getopt_long (argc, argv, ":", lo, NULL)) != -1)
    if (c == FM_OPT_HELP)
      {
	printf ("usage: %s [--eq=G0,G1,G2,G3]\nPrints the FM receiver's "
		"constants and filter taps, one \"NAME VALUE...\" a line;\n"
		"--eq: the equaliser's %d band gains, 0 to 16 each (default "
		"all 1).\n", prog, FM_EQ_BANDS);
	return fflush (stdout) == 0 ? 0 : 1;
      }
    else if (c != FM_OPT_EQ)
      return fm_opt_error (prog, argv, c), 2;
    else if (fm_eq_opt (prog, optarg, gain))
      return fm_try_help (prog), 2;
  if (optind < argc)
    {
      fprintf (stderr, "%s: unexpected operand '%s'\n", prog, argv[optind]);
      return fm_try_help (prog), 2;
    }

  struct fm_taps t;
  fm_design (&t, gain);
  printf ("rate_in %d\nrate_out %d\ndecim %d\n", FM_RATE_IN, FM_RATE_OUT,
	  FM_DECIM);
  printf ("demod_gain %a\n", (double) FM_DEMOD_GAIN);
  printf ("deemph_b %a\ndeemph_a %a\n", (double) FM_DEEMPH_B,
	  (double) FM_DEEMPH_A);
  printf ("pcm_scale %a\n", (double) FM_PCM_SCALE);
  fm_print_taps ("ch", t.ch, FM_CH_TAPS);
  fm_print_taps ("au", t.au, FM_AU_TAPS);
  for (int b = 0; b < FM_EQ_BANDS; b++)
    {
      char name[16];
      snprintf (name, sizeof name, "eq%d", b);
      fm_print_taps (name, t.eq[b], FM_EQ_TAPS);
    }
  return fflush (stdout) == 0 ? 0 : 1;
}
