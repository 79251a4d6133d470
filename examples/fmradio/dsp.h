/* SPDX-License-Identifier: MIT */ /* dsp.h -- the FM receiver's signal processing, shared by every build of
   it: the Erbium-C receiver (fmradio.c), the sequential program
   (fmradio-seq.c) and the benchmark's peers (bench/fmradio).  Sharing it
   is what makes their outputs bit-identical: each output sample is the
   same sequence of float operations whichever build, worker count or
   burst computed it.

   The filters are macros over "subscriptables": X and Y may be arrays
   (the sequential build) or Erbium views (v[i] is element I), so the same
   source text is the inner loop everywhere.  Indices are in samples.  Sums
   run in increasing tap order; loops over outputs are innermost, so the
   vectoriser works across outputs and never reassociates a sum.  Plain C11
   (no -ffast-math anywhere: it would break the determinism).  */
#ifndef FM_DSP_H
#define FM_DSP_H

#include <math.h>
#include <stdint.h>

/* Signal parameters: complex baseband at 240 kS/s, 75 kHz peak
   deviation, audio out at 48 kHz, de-emphasis 75 µs.  */
#define FM_RATE_IN 240000	/* input samples per second */
#define FM_DECIM 5		/* audio decimation: 240 kHz -> 48 kHz */
#define FM_RATE_OUT (FM_RATE_IN / FM_DECIM)
#define FM_DEVIATION 75000.0	/* Hz */
#define FM_TAU 75e-6		/* de-emphasis time constant, seconds */

/* Filters: taps (odd counts keep a centre tap for the equaliser's
   complementary top band) and cut-offs in Hz.  */
#define FM_CH_TAPS 64		/* channel low-pass at FM_RATE_IN */
#define FM_CH_CUTOFF 100000.0
#define FM_AU_TAPS 96		/* audio low-pass, decimating by FM_DECIM */
#define FM_AU_CUTOFF 15000.0
#define FM_EQ_BANDS 4		/* equaliser bands (split-join) */
#define FM_EQ_TAPS 127		/* each band's band-pass at FM_RATE_OUT */
/* Band edges (Hz): band 0 is below the first, band FM_EQ_BANDS - 1 above
   the last.  */
#define FM_EQ_EDGES { 400.0, 1600.0, 5000.0 }

/* One complex baseband sample: I and Q.  */
struct fm_cf
{
  float re, im;
};

/* Stream lengths (samples) after each stage, for N input samples; a
   stage's output sample j depends on its input samples j .. j + taps - 1
   (decimating: FM_DECIM * j .. FM_DECIM * j + taps - 1).  Zero or less
   means the input is too short to give any audio.  */
static inline long fm_len_channel (long n) { return n - (FM_CH_TAPS - 1); }
static inline long fm_len_demod (long n) { return fm_len_channel (n) - 1; }
static inline long
fm_len_audio (long n)
{
  long d = fm_len_demod (n);
  return d < FM_AU_TAPS ? 0 : (d - FM_AU_TAPS) / FM_DECIM + 1;
}
static inline long fm_len_out (long n)
{
  long a = fm_len_audio (n);
  return a < FM_EQ_TAPS ? 0 : a - (FM_EQ_TAPS - 1);
}

/* The taps of every filter, designed once (fm_design).  */
struct fm_taps
{
  float ch[FM_CH_TAPS];
  float au[FM_AU_TAPS];
  float eq[FM_EQ_BANDS][FM_EQ_TAPS];
};

/* Fill T: windowed-sinc low-passes (Blackman window, unit DC gain) for
   the channel and audio filters; equaliser band B is the difference of
   the low-passes at its two edges (band 0: the first low-pass; the top
   band: a centred impulse minus the last low-pass), scaled by GAIN[B]
   (1.0 = flat; with every gain 1 the bands sum to a delayed impulse).
   Designed in double, rounded to float once.  GAIN: FM_EQ_BANDS
   factors.  */
void fm_design (struct fm_taps *t, const double *gain);

/* Parse S, FM_EQ_BANDS comma-separated gains from 0 to 16 (the
   equaliser setting, "1,1,1,1" = flat), into GAIN.  Returns 0, or -1 when
   S is malformed.  */
int fm_parse_gains (const char *s, double *gain);

/* C ? A : B for floats, by their bits: both A and B are computed
   whatever C.  Written as a conditional, GCC sinks each alternative into
   a branch of its own, and under -ftrapping-math (its default) the loop's
   if-conversion does not speculate a floating-point subtraction back out
   of it: the demodulator's loop kept three branches per sample and did
   not vectorise.  Same operations, so the same results.  */
static inline float
fm_select (int c, float a, float b)
{
  union { float f; uint32_t u; } x = { a }, y = { b }, r;
  uint32_t m = -(uint32_t) (c != 0);
  r.u = (x.u & m) | (y.u & ~m);
  return r.f;
}

/* atan2 (Y, X) in radians, to about 1e-5, branch-free so that loops over
   samples vectorise (the library's atan2f does not); the same function
   in every build keeps them bit-identical.  */
static inline float
fm_atan2 (float y, float x)
{
  float ax = fabsf (x), ay = fabsf (y);
  float mx = ax > ay ? ax : ay;
  float mn = ax > ay ? ay : ax;
  float a = mn / (mx + 1e-30f);
  float s = a * a;
  float r = ((((0.0208351f * s - 0.0851330f) * s + 0.1801410f) * s
	      - 0.3302995f) * s + 0.9998660f) * a;
  r = fm_select (ay > ax, 1.57079637f - r, r);
  r = fm_select (x < 0.0f, 3.14159274f - r, r);
  return fm_select (y < 0.0f, -r, r);
}

/* Gain from phase step (radians per sample) to audio: 1.0 at the peak
   deviation.  */
#define FM_DEMOD_GAIN ((float) (FM_RATE_IN / (2.0 * M_PI * FM_DEVIATION)))

/* De-emphasis: the 75 µs low-pass 1 / (1 + s tau) through the bilinear
   transform at FM_RATE_OUT, y[n] = B (x[n] + x[n-1]) - A y[n-1] (closer
   to the analog curve at 15 kHz than the one-pole impulse-invariant
   form, which costs the speech about 15 dB of SNR).  */
#define FM_DEEMPH_K (2.0 * FM_RATE_OUT * FM_TAU)
#define FM_DEEMPH_B ((float) (1.0 / (1.0 + FM_DEEMPH_K)))
#define FM_DEEMPH_A ((float) ((1.0 - FM_DEEMPH_K) / (1.0 + FM_DEEMPH_K)))

/* Output scale: audio sample 1.0 -> FM_PCM_SCALE, then rounded and
   clipped to 16 bits.  */
#define FM_PCM_SCALE 29000.0f

/* Channel filter (complex input, real taps) over outputs J0 .. J0+N-1:
   Y[J] = sum over k of H[k] * X[J + k], for re and im.  Four taps per
   pass over the outputs, in order.  Y, X: subscriptables of struct fm_cf
   (X read at J0 .. J0+N+NT-2); H: NT float taps; NT: the tap count; J0,
   N: first output and output count (samples); J, K: int variables of the
   caller, the loop indices (clobbered).  */
#define FM_CFIR(Y, X, H, NT, J0, N, J, K)				\
  do {									\
    for (J = (J0); J < (J0) + (N); J++)					\
      {									\
	Y[J].re = 0.0f;							\
	Y[J].im = 0.0f;							\
      }									\
    for (K = 0; K + 4 <= (NT); K += 4)					\
      {									\
	float h0_ = (H)[K], h1_ = (H)[K + 1], h2_ = (H)[K + 2],		\
	      h3_ = (H)[K + 3];						\
	for (J = (J0); J < (J0) + (N); J++)				\
	  {								\
	    Y[J].re = (((Y[J].re + h0_ * X[J + K].re)			\
			+ h1_ * X[J + K + 1].re) + h2_ * X[J + K + 2].re)	\
		      + h3_ * X[J + K + 3].re;				\
	    Y[J].im = (((Y[J].im + h0_ * X[J + K].im)			\
			+ h1_ * X[J + K + 1].im) + h2_ * X[J + K + 2].im)	\
		      + h3_ * X[J + K + 3].im;				\
	  }								\
      }									\
    for (; K < (NT); K++)						\
      for (J = (J0); J < (J0) + (N); J++)				\
	{								\
	  Y[J].re = Y[J].re + (H)[K] * X[J + K].re;			\
	  Y[J].im = Y[J].im + (H)[K] * X[J + K].im;			\
	}								\
  } while (0)

/* Real filter with decimation by D over outputs J0 .. J0+N-1:
   Y[J] = sum over k of H[k] * X[D * J + k] (D = 1: no decimation), four
   taps per pass over the outputs as FM_CFIR.  Y, X: subscriptables of
   float (X read at D*J0 .. D*(J0+N-1)+NT-1); H: NT float taps; NT: the
   tap count; D: the decimation factor; J0, N: first output and output
   count (output samples); J, K: int variables of the caller, the loop
   indices (clobbered).  */
#define FM_FIR(Y, X, H, NT, D, J0, N, J, K)				\
  do {									\
    for (J = (J0); J < (J0) + (N); J++)					\
      Y[J] = 0.0f;							\
    for (K = 0; K + 4 <= (NT); K += 4)					\
      {									\
	float h0_ = (H)[K], h1_ = (H)[K + 1], h2_ = (H)[K + 2],		\
	      h3_ = (H)[K + 3];						\
	for (J = (J0); J < (J0) + (N); J++)				\
	  Y[J] = (((Y[J] + h0_ * X[(D) * J + K])			\
		   + h1_ * X[(D) * J + K + 1]) + h2_ * X[(D) * J + K + 2])	\
		 + h3_ * X[(D) * J + K + 3];				\
      }									\
    for (; K < (NT); K++)						\
      for (J = (J0); J < (J0) + (N); J++)				\
	Y[J] = Y[J] + (H)[K] * X[(D) * J + K];				\
  } while (0)

/* FM demodulator over outputs J0 .. J0+N-1: the phase step from X[J] to
   X[J + 1], i.e. the angle of X[J + 1] * conj (X[J]), times
   FM_DEMOD_GAIN.  Y: subscriptable of float; X: of struct fm_cf (read at
   J0 .. J0+N); J: an int variable of the caller (clobbered).  */
#define FM_DEMOD(Y, X, J0, N, J)					\
  do {									\
    for (J = (J0); J < (J0) + (N); J++)					\
      {									\
	float ar_ = X[J + 1].re, ai_ = X[J + 1].im;			\
	float br_ = X[J].re, bi_ = X[J].im;				\
	Y[J] = fm_atan2 (ai_ * br_ - ar_ * bi_, ar_ * br_ + ai_ * bi_)	\
	       * FM_DEMOD_GAIN;						\
      }									\
  } while (0)

/* De-emphasis over samples J0 .. J0+N-1, carrying the filter state in
   the float lvalues S (last output) and P (last input), both 0 before the
   first sample.  Y, X: subscriptables of float; J: an int variable of the
   caller (clobbered).  */
#define FM_DEEMPH(Y, X, S, P, J0, N, J)					\
  do {									\
    for (J = (J0); J < (J0) + (N); J++)					\
      {									\
	float x_ = X[J];						\
	S = FM_DEEMPH_B * (x_ + P) - FM_DEEMPH_A * S;			\
	P = x_;								\
	Y[J] = S;							\
      }									\
  } while (0)

/* One output sample: the sum of the equaliser's band outputs (B: the
   FM_EQ_BANDS values in band order, summed in that order) as 16-bit
   PCM, rounded to nearest and clipped.  */
static inline int16_t
fm_pcm (const float *b)
{
  float v = b[0];
  for (int k = 1; k < FM_EQ_BANDS; k++)
    v = v + b[k];
  v = v * FM_PCM_SCALE;
  v = v > 32767.0f ? 32767.0f : v < -32768.0f ? -32768.0f : v;
  return (int16_t) lrintf (v);
}

#endif /* FM_DSP_H */
