/* SPDX-License-Identifier: MIT */ /* dsp.c -- the out-of-line part of the FM receiver's signal processing
   (dsp.h), shared by every build: the filter design (fm_design), so that
   every build uses the same taps, and the parser of the equaliser's gains
   (fm_parse_gains).  */
#include <stdlib.h>
#include "dsp.h"

/* Windowed-sinc low-pass of N taps, cut-off FC Hz at RATE samples per
   second, Blackman window, unit DC gain, into H (double).  */
static void
fm_lowpass (double *h, int n, double fc, double rate)
{
  double f = fc / rate, sum = 0.0, mid = (n - 1) / 2.0;
  for (int k = 0; k < n; k++)
    {
      double t = k - mid;
      double s = t == 0.0 ? 2.0 * f : sin (2.0 * M_PI * f * t) / (M_PI * t);
      double w = 0.42 - 0.5 * cos (2.0 * M_PI * k / (n - 1))
		 + 0.08 * cos (4.0 * M_PI * k / (n - 1));
      h[k] = s * w;
      sum += h[k];
    }
  for (int k = 0; k < n; k++)
    h[k] /= sum;
}

void
fm_design (struct fm_taps *t, const double *gain)
{
  double ch[FM_CH_TAPS], au[FM_AU_TAPS];
  fm_lowpass (ch, FM_CH_TAPS, FM_CH_CUTOFF, FM_RATE_IN);
  fm_lowpass (au, FM_AU_TAPS, FM_AU_CUTOFF, FM_RATE_IN);
  for (int k = 0; k < FM_CH_TAPS; k++)
    t->ch[k] = (float) ch[k];
  for (int k = 0; k < FM_AU_TAPS; k++)
    t->au[k] = (float) au[k];

  /* Band b = lowpass(edge b) - lowpass(edge b - 1), with lowpass below
     the first edge = 0 and above the last = the centred impulse.  */
  static const double edges[FM_EQ_BANDS - 1] = FM_EQ_EDGES;
  double lo[FM_EQ_TAPS], hi[FM_EQ_TAPS];
  for (int k = 0; k < FM_EQ_TAPS; k++)
    lo[k] = 0.0;
  for (int b = 0; b < FM_EQ_BANDS; b++)
    {
      if (b < FM_EQ_BANDS - 1)
	fm_lowpass (hi, FM_EQ_TAPS, edges[b], FM_RATE_OUT);
      else
	for (int k = 0; k < FM_EQ_TAPS; k++)
	  hi[k] = k == (FM_EQ_TAPS - 1) / 2 ? 1.0 : 0.0;
      for (int k = 0; k < FM_EQ_TAPS; k++)
	{
	  t->eq[b][k] = (float) (gain[b] * (hi[k] - lo[k]));
	  lo[k] = hi[k];
	}
    }
}

int
fm_parse_gains (const char *s, double *gain)
{
  char *end;
  for (int b = 0; b < FM_EQ_BANDS; b++)
    {
      gain[b] = strtod (s, &end);
      /* Written so that a NaN ("nan" parses) fails too.  */
      if (end == s || !(gain[b] >= 0.0 && gain[b] <= 16.0)
	  || *end != (b < FM_EQ_BANDS - 1 ? ',' : '\0'))
	return -1;
      s = end + 1;
    }
  return 0;
}
