/* SPDX-License-Identifier: MIT */ /* fmradio.c -- the FM radio receiver in Erbium C (the paper's
   fmradio, section 5 and Figure 7): complex baseband I/Q at 240 kS/s in,
   16-bit audio at 48 kHz out, every stage a process, the stages talking
   through records and views.  Compiled by the Erbium plugin at -O3, with
   dsp.c and wav.c (the top-level Makefile's examples).

     source --IQ--> channel[0..W-1] --CH--> demod[0..W-1] --DM-->
       audio[0..W-1] --AU--> deemph --DE (broadcast)--> band[0..3]
       --B0..B3--> sink

   source reads the input file; channel is the 64-tap channel low-pass
   and audio the 96-tap low-pass decimating to 48 kHz, each
   data-parallelised into W workers over disjoint blocks of its outputs
   (the paper's FFD: the filter's history is the record, read through a
   peek window); demod takes the phase step between consecutive samples,
   split the same way (it is stateless; a fifth of the CPU before its
   loop vectorised, about 8 % since: docs/performance.md);
   deemph is the 75 µs de-emphasis; the equaliser is a split-join, the
   de-emphasised audio a record every band process reads, one 127-tap
   band-pass each; sink gathers the bands, sums them in band order and
   writes the WAV.  The arithmetic is dsp.h's, shared with the sequential
   build (fmradio-seq.c): the output is bit-identical to it, for every
   worker count, burst and horizon.

   Worker w of W (channel, demod, audio) computes output blocks w, w + W,
   w + 2W, ... of BURST outputs.  Its read view peeks the block's inputs
   and releases up to the first input of its next block; its write view
   commits up to the first output of its next block (the blocks in
   between belong to the other workers, which publish them through their
   own views; a reader sees the minimum over the writers, paper section
   3).  How many workers pay
   depends on the cores: on these 2-core machines the pipeline alone
   keeps both busy, and the default is one worker per stage, 9 processes
   (fm_default_workers).

   The processes talk only through records and views, in bursts, so the
   receiver runs them as fibers (er_use_fibers): a process that waits
   gives its core to another without a trip through the kernel, and any
   core that is free runs whichever process can go on (docs/performance.md).
   --threads gives each process a thread of its own instead.

   Usage: fmradio [--workers W] [--burst B] [--horizon H] [--threads]
                  [--eq G0,G1,G2,G3] [--quiet] INPUT.wav OUTPUT.wav
   W: workers per data-parallel stage (1..16, default a third of the
   cores, rounded up: fm_default_workers); B: burst in input samples
   (16..65536, default 2048; the audio filter's block is
   B / 5); H: horizon of the views at the input rate (IQ, CH, DM), in
   elements, at least NEED = max (W, 2) * B + FM_EQ_TAPS + FM_AU_TAPS =
   max (W, 2) * B + 223 (default the larger of 32768 and twice the
   smallest power of two at least NEED: 32768); the views at the audio
   rate (AU, DE, B0..B3) get AH, the smallest power of two at least
   H / FM_DECIM + 223, and the equaliser
   (deemph, band, sink) works in bursts of the smaller of (AH - 126) / 2
   and AH - B / 5.  Prints the input length, wall time and throughput
   unless --quiet.  Exit status 0, 1 on bad input or an I/O error
   (message on stderr, no OUTPUT left behind), 2 on bad usage.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dsp.h"
#include "util.h"
#include "wav.h"
#include <erbium.h>

/* Workers per data-parallel stage when --workers is not given, on a
   machine of CORES cores (er_ncores): a third of them, rounded up, at
   most 16.  The channel filter, the heaviest stage, is 31 % of the work
   (bench/fmradio/stages), so one worker keeps up with the others as long
   as a core's share of the work is at least that: on up to 3 cores the
   pipeline's 9 processes keep every core busy without splitting, and
   each further 3 cores need one more worker.  On these 2-core machines,
   2 workers ran 2 to 3.7 % slower than 1 (three series paired by
   round, docs/performance.md).  On one core both spend
   the same time per stage; on two, the split channel filter took 10 %
   more, most likely as its workers read blocks written on the other
   core.  */
static long
fm_default_workers (int cores)
{
  long w = (cores + 2) / 3;
  return w < 1 ? 1 : w > 16 ? 16 : w;
}

/* A channel worker's block of 2048 samples is 16 KiB of input and 16 KiB
   of output, which stay in a 48 KiB first-level data cache through the
   filter's 16 passes over the block; at 4096 (64 KiB) every pass streamed
   them from the second level, and the channel filter took 3.6 % more CPU
   time.  Paired by round against the TBB build, 2048 ran 1 to 2.5 % ahead
   of it, 4096 1 % (docs/performance.md); 1536 to 2560 are
   within 0.5 % of each other.  */
#define FM_DEFAULT_BURST 2048
/* The default horizon (elements) unless the blocks in flight need more:
   with bursts of 2048 and 4096 alike, 16384 made the fibers sleep twice
   as often and 65536 let the windows outgrow the caches (1.5 % and 1.8 %
   slower, paired).  */
#define FM_DEFAULT_HORIZON_MIN 32768
/* Bursts per read of the source: a read(2) costs the same fixed part
   whatever its size, and at one burst of 4096 (32 KiB) the kernel's part
   of the reads was a fifth more than the peers' (80 KiB reads).  At the
   default burst, 64 KiB reads; 128 KiB ones ran no faster.  */
#define FM_SOURCE_BURSTS 4

/* What every stage needs to know: lengths (samples) of the streams,
   blocking, the taps.  Read-only once the processes run.  */
struct fm_plan
{
  long n, nc, nd, na, ne;	/* input, channel, demod, audio, output */
  int workers;
  int burst;			/* input-rate block, samples */
  int aburst;			/* audio filter's block, samples */
  int eburst;			/* equaliser's burst (deemph, bands, sink) */
  int sburst;			/* source's read, samples */
  int horizon;			/* elements, the input-rate views */
  int ahorizon;			/* elements, the audio-rate views */
  struct fm_taps taps;
  struct fm_input in;
  struct fm_output out;
  int in_failed;		/* source: reading the input failed */
  int out_failed;		/* sink: writing the output failed */
};


/* Read the input into IQ, P->SBURST samples per stall, read and commit,
   straight into the record's window: struct fm_cf is the file's
   interleaved I, Q pair, and er_burst gives the address of the burst's
   elements, which are contiguous (runtime/include/erbium/sync.h).  On a
   read error it publishes zeros to the end, so that every stage
   finishes, and sets P->in_failed, so that main drops the output.  */
static process
source (record(struct fm_cf) iq, struct fm_plan *p)
{
  view(struct fm_cf) w = new_write_view(iq);
  register_view(w);
  alloc(w, p->horizon);
  int lo, hi;
  for (lo = 0; lo < p->n; lo = hi)
    {
      hi = fm_min (lo + p->sburst, p->n);
      stall(w, hi);
      struct fm_cf *x = er_burst ((er_view *) w, lo, hi - lo);
      if (p->in_failed
	  || fm_read_iq (&p->in, (float *) x, hi - lo))
	{
	  p->in_failed = 1;
	  memset (x, 0, (size_t) (hi - lo) * sizeof *x);
	}
      commit(w, hi);
    }
}

/* The first block of data-parallel worker R, W starts at input index
   IN0 and output index OUT0 (samples); everything before them belongs to
   the other workers.  Release and commit up to there before the first
   block, or the worker's views would hold the writer upstream at index 0
   (its window must reach from the lowest release to its stall) and the
   readers downstream at 0 until its first block is done: with a horizon
   near the minimum the receiver then deadlocked (the runtime reported
   it).  */
#define fm_skip_to_first(R, W, IN0, OUT0)				\
  do {									\
    release(R, IN0);							\
    commit(W, OUT0);							\
  } while (0)

/* Channel filter worker WK: outputs of CH in blocks WK, WK + W, ...  */
static process
channel (record(struct fm_cf) iq, record(struct fm_cf) ch, int wk,
	 const struct fm_plan *p)
{
  view(struct fm_cf) r = new_read_view(iq);
  view(struct fm_cf) w = new_write_view(ch);
  register_view(r);
  register_view(w);
  alloc(r, p->horizon);
  alloc(w, p->horizon);
  int j, k, lo, hi, step = p->workers * p->burst;
  fm_skip_to_first (r, w, fm_min (wk * p->burst, p->n),
		    fm_min (wk * p->burst, p->nc));
  for (lo = wk * p->burst; lo < p->nc; lo += step)
    {
      hi = fm_min (lo + p->burst, p->nc);
      update(r, hi + FM_CH_TAPS - 1);
      stall(w, hi);
      FM_CFIR (w, r, p->taps.ch, FM_CH_TAPS, lo, hi - lo, j, k);
      release(r, fm_min (lo + step, p->n));
      commit(w, fm_min (lo + step, p->nc));
    }
  commit(w, p->nc);
}

/* FM demodulator worker WK: outputs of DM in blocks WK, WK + W, ...
   (stateless, so it splits like the filters).  */
static process
demod (record(struct fm_cf) ch, record(float) dm, int wk,
       const struct fm_plan *p)
{
  view(struct fm_cf) r = new_read_view(ch);
  view(float) w = new_write_view(dm);
  register_view(r);
  register_view(w);
  alloc(r, p->horizon);
  alloc(w, p->horizon);
  int j, lo, hi, step = p->workers * p->burst;
  fm_skip_to_first (r, w, fm_min (wk * p->burst, p->nc),
		    fm_min (wk * p->burst, p->nd));
  for (lo = wk * p->burst; lo < p->nd; lo += step)
    {
      hi = fm_min (lo + p->burst, p->nd);
      update(r, hi + 1);
      stall(w, hi);
      FM_DEMOD (w, r, lo, hi - lo, j);
      release(r, fm_min (lo + step, p->nc));
      commit(w, fm_min (lo + step, p->nd));
    }
  commit(w, p->nd);
}

/* Audio filter worker WK: decimating low-pass, outputs of AU in blocks
   WK, WK + W, ... of ABURST.  */
static process
audio (record(float) dm, record(float) au, int wk, const struct fm_plan *p)
{
  view(float) r = new_read_view(dm);
  view(float) w = new_write_view(au);
  register_view(r);
  register_view(w);
  alloc(r, p->horizon);
  alloc(w, p->ahorizon);
  int j, k, lo, hi, step = p->workers * p->aburst;
  fm_skip_to_first (r, w, fm_min (FM_DECIM * wk * p->aburst, p->nd),
		    fm_min (wk * p->aburst, p->na));
  for (lo = wk * p->aburst; lo < p->na; lo += step)
    {
      hi = fm_min (lo + p->aburst, p->na);
      update(r, FM_DECIM * (hi - 1) + FM_AU_TAPS);
      stall(w, hi);
      FM_FIR (w, r, p->taps.au, FM_AU_TAPS, FM_DECIM, lo, hi - lo, j, k);
      release(r, fm_min (FM_DECIM * (lo + step), p->nd));
      commit(w, fm_min (lo + step, p->na));
    }
  commit(w, p->na);
}

/* De-emphasis, into the equaliser's broadcast record DE.  */
static process
deemph (record(float) au, record(float) de, const struct fm_plan *p)
{
  view(float) r = new_read_view(au);
  view(float) w = new_write_view(de);
  register_view(r);
  register_view(w);
  alloc(r, p->ahorizon);
  alloc(w, p->ahorizon);
  float s = 0.0f, prev = 0.0f;
  int j, lo, hi;
  for (lo = 0; lo < p->na; lo = hi)
    {
      hi = fm_min (lo + p->eburst, p->na);
      update(r, hi);
      stall(w, hi);
      FM_DEEMPH (w, r, s, prev, lo, hi - lo, j);
      release(r, hi);
      commit(w, hi);
    }
}

/* Equaliser band B: its band-pass over DE into BAND.  */
static process
band (record(float) de, record(float) bd, int b, const struct fm_plan *p)
{
  view(float) r = new_read_view(de);
  view(float) w = new_write_view(bd);
  register_view(r, b + 1);
  register_view(w);
  alloc(r, p->ahorizon);
  alloc(w, p->ahorizon);
  int j, k, lo, hi;
  for (lo = 0; lo < p->ne; lo = hi)
    {
      hi = fm_min (lo + p->eburst, p->ne);
      update(r, hi + FM_EQ_TAPS - 1);
      stall(w, hi);
      FM_FIR (w, r, p->taps.eq[b], FM_EQ_TAPS, 1, lo, hi - lo, j, k);
      release(r, hi);
      commit(w, hi);
    }
}

/* sink and main name the bands one by one.  */
_Static_assert (FM_EQ_BANDS == 4, "sink and main have four bands");

/* Gather the bands, sum them in band order, write the PCM.  */
static process
sink (record(float) b0, record(float) b1, record(float) b2,
      record(float) b3, struct fm_plan *p)
{
  view(float) r0 = new_read_view(b0);
  view(float) r1 = new_read_view(b1);
  view(float) r2 = new_read_view(b2);
  view(float) r3 = new_read_view(b3);
  register_view(r0);
  register_view(r1);
  register_view(r2);
  register_view(r3);
  alloc(r0, p->ahorizon);
  alloc(r1, p->ahorizon);
  alloc(r2, p->ahorizon);
  alloc(r3, p->ahorizon);
  int16_t pcm[p->eburst];
  int ok = 1;
  int j, lo, hi;
  for (lo = 0; lo < p->ne; lo = hi)
    {
      hi = fm_min (lo + p->eburst, p->ne);
      update(r0, hi);
      update(r1, hi);
      update(r2, hi);
      update(r3, hi);
      for (j = lo; ok && j < hi; j++)
	{
	  float v[FM_EQ_BANDS] = { r0[j], r1[j], r2[j], r3[j] };
	  pcm[j - lo] = fm_pcm (v);
	}
      release(r0, hi);
      release(r1, hi);
      release(r2, hi);
      release(r3, hi);
      if (ok && fm_output_write (&p->out, pcm, hi - lo))
	ok = 0;
    }
  p->out_failed = !ok;
}


/* The smallest power of two at least N (N >= 1, at most 2^30 here).  */
static long
fm_pow2_at_least (long n)
{
  long p = 1;
  while (p < n)
    p *= 2;
  return p;
}

int
main (int argc, char **argv)
{
  static struct fm_plan p;
  double gain[FM_EQ_BANDS];
  long workers = 0, burst = FM_DEFAULT_BURST, horizon = 0;
  int quiet, threads = 0;
  const struct fm_opt opts[] = {
    { "--workers", &workers, 1, 16, "workers", NULL, "W",
      "workers per data-parallel stage (default a third of the cores)" },
    { "--burst", &burst, 16, 65536, "samples", NULL, "B",
      "burst in input samples (default 2048)" },
    { "--horizon", &horizon, 1, 1L << 24, "elements", NULL, "H",
      "views' horizon, at least max (W, 2) * B + 223 (default 32768 "
      "or more)" },
    { "--threads", NULL, 0, 0, NULL, &threads, NULL,
      "a thread for each process instead of fibers" },
  };
  int a = fm_parse_args (argc, argv, "fmradio", "[--workers W] [--burst B] "
			 "[--horizon H] [--threads] [--eq G0,G1,G2,G3] "
			 "[--quiet] INPUT.wav OUTPUT.wav", opts,
			 sizeof opts / sizeof *opts, gain, &quiet);
  if (a < 0)
    return 2;

  /* The clock starts before the default worker count asks the runtime
     for the cores, which starts it (the topology's discovery, 1 to 2
     ms): the receiver's time includes its runtime's start, as the peers'
     include theirs, and also opening the files, which theirs do not.  */
  double t0 = fm_now ();
  if (!workers)
    workers = fm_default_workers (er_ncores ());
  p.workers = workers;
  p.burst = burst;
  p.aburst = burst / FM_DECIM;
  /* The horizon must hold the W blocks in flight between the slowest and
     the fastest worker, plus a peek window: FM_EQ_TAPS + FM_AU_TAPS bounds
     the longest (a band's FM_EQ_TAPS - 1, audio's FM_AU_TAPS - FM_DECIM
     past its block).  At least two blocks even for one worker: a block's
     peek window reaches into the next block, which its writer stalls for
     whole, while the reader still holds the block (with one block, every
     W = 1 run deadlocked at the minimum).  Checked near the minimum by
     testsuite/fmradio.  */
  long need = (workers > 2 ? workers : 2) * burst + FM_EQ_TAPS + FM_AU_TAPS;
  /* The runtime gives a record a window of the writers' plus the
     readers' horizon, rounded up to a power of two (runtime/src/record.c,
     er_needed_slots): a power of two fills it.  At least twice the
     smallest one that holds NEED, so that each process runs two bursts or
     more per turn on its core, and at least FM_DEFAULT_HORIZON_MIN: at
     32768 the fibers sleep 11 000 times per run with bursts of 4096,
     22 000 at 16384 (`perf probe' on er_fiber_sleep; docs/performance.md
     has the method), and the windows, the working set cycled through
     once per window's worth of samples, are 1.6 MB, within the two cores'
     L2 caches.  */
  if (!horizon)
    horizon = fm_max (FM_DEFAULT_HORIZON_MIN, 2 * fm_pow2_at_least (need));
  if (horizon < need)
    {
      fprintf (stderr, "fmradio: --horizon %ld is too small for %ld workers "
	       "and burst %ld: at least %ld elements\n", horizon, workers,
	       burst, need);
      return 2;
    }
  p.horizon = horizon;
  /* The audio-rate records carry a fifth of the samples: their views need
     max (W, 2) * ABURST + FM_EQ_TAPS - 1 (the blocks in flight and a
     band's peek window), which HORIZON / FM_DECIM + 223 exceeds whenever
     HORIZON >= NEED; rounded up to a power of two, which the window has
     anyway.  A window of the input-rate size there held 80 bursts, and
     1.8 MB of the working set.  */
  p.ahorizon = fm_pow2_at_least (horizon / FM_DECIM + FM_EQ_TAPS
				 + FM_AU_TAPS);
  /* The equaliser's processes are not split into workers, so their burst
     need not be the audio filter's block.  With it (819 samples at a
     burst of 4096), each of a band's 34 passes over a burst paid its
     set-up, epilogue and mispredicted exit on 205 vector iterations, and
     the bands took 8 % longer than TBB's on its 2048 (bench/fmradio/stages;
     docs/performance.md).  The longest burst the views allow: a writer may
     run at most its horizon ahead of its slowest reader, and a band's
     burst peeks FM_EQ_TAPS - 1 samples into deemph's next burst, so two
     bursts and the peek must fit in AHORIZON; deemph's burst must fit
     with the audio worker's block that completes it.  4033 by default;
     at least ABURST whenever HORIZON >= NEED (checked at the minimum
     horizons by testsuite/fmradio).  */
  p.eburst = fm_min ((p.ahorizon - (FM_EQ_TAPS - 1)) / 2,
		     p.ahorizon - p.aburst);
  /* The source reads FM_SOURCE_BURSTS bursts per call, fewer when the
     horizon is too small for it: the source's window must reach from the
     slowest channel worker's block to the end of the read that completes
     that block's peek window, SBURST + BURST + FM_CH_TAPS - 1 elements.  */
  p.sburst = burst;
  for (int k = FM_SOURCE_BURSTS; k > 1; k--)
    if ((long) k * burst + burst + FM_CH_TAPS - 1 <= horizon)
      {
	p.sburst = k * burst;
	break;
      }
  if (fm_open_input (argv[a], &p.in))
    return 1;
  p.n = p.in.n;
  p.nc = fm_len_channel (p.n);
  p.nd = fm_len_demod (p.n);
  p.na = fm_len_audio (p.n);
  p.ne = fm_len_out (p.n);
  fm_design (&p.taps, gain);
  if (fm_output_open (argv[a + 1], &p.out))
    return 1;

  /* Fibers where the runtime has them (x86-64; elsewhere, or when
     ERBIUM_FIBERS says otherwise, threads).  */
  er_use_fibers (!threads);
  record(struct fm_cf) iq = new_record(1, workers);
  record(struct fm_cf) ch = new_record(workers, workers);
  record(float) dm = new_record(workers, workers);
  record(float) au = new_record(workers, 1);
  record(float) de = new_record(1, FM_EQ_BANDS);
  record(float) b0 = new_record(1, 1);
  record(float) b1 = new_record(1, 1);
  record(float) b2 = new_record(1, 1);
  record(float) b3 = new_record(1, 1);
  run source(iq, &p);
  for (int w = 0; w < workers; w++)
    run channel(iq, ch, w, &p);
  for (int w = 0; w < workers; w++)
    run demod(ch, dm, w, &p);
  for (int w = 0; w < workers; w++)
    run audio(dm, au, w, &p);
  run deemph(au, de, &p);
  run band(de, b0, 0, &p);
  run band(de, b1, 1, &p);
  run band(de, b2, 2, &p);
  run band(de, b3, 3, &p);
  run sink(b0, b1, b2, b3, &p);
  er_wait_all ();
  char settings[96];
  snprintf (settings, sizeof settings, "%ld worker%s, burst %ld, horizon "
	    "%ld%s", workers, workers == 1 ? "" : "s", burst, horizon,
	    threads ? ", threads" : "");
  return fm_finish ("fmradio", &p.in, &p.out,
		    !p.in_failed && !p.out_failed, t0, p.ne, quiet, settings);
}
