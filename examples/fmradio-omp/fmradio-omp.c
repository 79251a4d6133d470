/* SPDX-License-Identifier: MIT */ /* fmradio-omp.c -- the FM radio receiver of examples/fmradio written as
   an OpenMP stream program (the OpenStream syntax: streams, task
   pragmas with input, output and peek clauses, tick, taskwait), compiled
   by the Erbium plugin with -fopenmp into persistent processes, one per
   task pragma.  Same stages, same taps, same dsp.h arithmetic as the
   sequential build (fmradio-seq.c): the output is bit-identical to it.

   The control program loops over the blocks of the input and creates,
   for block I, one task instance per stage:

     read --X--> channel --CH--> demod --DM--> audio --AU--> deemph
       --DE (peeked by the four bands)--> band[0..3] --EQ[0..3]--> sink

   X, CH and DM are at 240 kS/s in blocks of B = FM_DECIM * A samples, AU,
   DE and EQ[b] at 48 kHz in blocks of A, the audio block (--block).  The
   instance for block I of a stage writes samples I * bs .. I * bs + n - 1
   of its output stream (n = bs, or what is left at the last block), so
   the streams are exactly the sequential build's.  Which positions of a
   stream a task reads is decided when the control program creates it,
   in program order, whatever runs when (OMP-STREAM-SPEC.md, section
   6.1); so the positions below give every task exactly the inputs the
   sequential build gives the same block:

   * dsp.h's filters look forward: output J of a filter of T taps and
     decimation D reads inputs D * J .. D * J + T - 1.  So the window of
     block I of a filter is its input's positions from D * I * bs, the
     block's inputs followed by the T - D samples after them, which the
     next block reads again (its history, seen from that block).  The
     first block needs no history before it: its window starts at 0, as
     the sequential build's first output does.
   * The window advances by D * bs at every block but the last: channel
     and demod (D = 1) by B, audio (D = FM_DECIM) by FM_DECIM * A = B, so
     that audio block I starts at DM position FM_DECIM * A * I, a
     multiple of FM_DECIM: the decimation's phase is the sequential
     build's at every block.  The last block's window ends where its last
     output's inputs end, and it consumes everything up to there; what
     is left of a stream (the 0 to FM_DECIM - 1 samples of DM after the
     last audio output's inputs, or a whole stream when the input is too
     short for the next stage) is dropped by a tick after the loop, so
     that every stream is balanced.
   * A filter whose stream has one reader (channel, demod, audio) reads
     it with an input whose window (the view's declared size) is the
     block plus the samples after it and whose burst is the block: the
     read position advances by the block, the window slides (section
     6.7, runtime/include/erbium/task.h).  The equaliser's four bands
     read one broadcast stream, DE: bands 0 to 2 peek the window (section
     6.4), and band 3's input of the same window with the burst of the
     block advances the read position for all four.  (A tick cannot
     advance it: after a peek, a tick must take the peek's whole
     horizon.)
   * The stateful stages run their instances in order through serializer
     tokens (section 6.12), each a stream the stage reads one element of
     and writes one element to per block, seeded by a task before the
     loop and dropped by a tick after it: the reader's (the file is read
     in order; the token says whether a read failed), the de-emphasis's
     (the token is its filter state, which block I hands to block I + 1,
     so the recursion runs over the samples in order, as in the
     sequential build), and the sink's (the file is written in order; the
     token says whether the output is still good).

   Usage: fmradio-omp [--block A] [--eq G0,G1,G2,G3] [--quiet] INPUT.wav
   OUTPUT.wav: A is the audio block in samples (FM_OMP_BLOCK_MIN ..
   FM_OMP_BLOCK_MAX, default FM_OMP_BLOCK); the rest as the other builds
   (util.h's fm_parse_args).  Prints the input length, wall time and
   throughput unless --quiet.  Exit status 0, 1 on bad input or an I/O
   error (message on stderr, no OUTPUT left behind), 2 on bad usage.  */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dsp.h"
#include "util.h"
#include "wav.h"

/* The audio block (samples at 48 kHz) --block accepts, as the block
   builds' (blocks.h): 10 task instances per block of FM_DECIM * A input
   samples.  */
#define FM_OMP_BLOCK_MIN 128
#define FM_OMP_BLOCK_MAX 65536
/* Default audio block: 2048, 10 240 input samples; 1407 blocks, 14 070
   task instances for 60 s of input.  The filters work through a block
   in cache-sized chunks (FM_OMP_CH_CHUNK and the like), so a block's
   size only sets how many instances there are and how far the stages
   run apart.  Paired round by round against the Erbium build on the 60 s
   input (bench/fmradio/ab, 13 to 15 rounds, docs/performance.md, "The
   omp-stream row"), 1024 took 5 to 8 % longer than 2048 to 8192, which
   were within the noise of each other and of the Erbium build; at
   16384 the pipeline's start and end (a few blocks in all) cost 5 %.  */
#define FM_OMP_BLOCK 2048

/* What the tasks share: the taps (read-only), the files, and the
   failures the control program reads after the taskwait.  The reader's
   instances alone touch IN, the sink's alone OUT and PCM, each in order
   (their serializers).  */
struct fm_omp
{
  struct fm_taps taps;
  struct fm_input in;
  struct fm_output out;
  int16_t *pcm;			/* the sink's block of PCM, A samples */
  int in_failed, out_failed;
};

/* The de-emphasis filter's state between two blocks: last output and
   last input (FM_DEEMPH's S and P), the element of its serializer.  */
struct fm_deemph_state
{
  float s, p;
};

/* Blocks of BS samples in a stream of LEN samples (LEN <= 0: none).  */
static long
fm_omp_blocks (long len, long bs)
{
  return len > 0 ? (len + bs - 1) / bs : 0;
}

/* Samples in block I of a stream of LEN samples in blocks of BS.  */
static long
fm_omp_count (long len, long bs, long i)
{
  return fm_min (bs, len - i * bs);
}

/* The stages' bodies, one block each, over the task's windows (as
   blocks.c's steps over ring slots, with the same macros).  N: the
   block's output samples.  */

/* Read N I/Q samples into X, or zeros once a read has failed (FAILED, or
   this read): returns whether one has.  */
static int
fm_omp_read (struct fm_omp *p, int failed, struct fm_cf *x, long n)
{
  if (failed || fm_read_iq (&p->in, (float *) x, n))
    {
      p->in_failed = failed = 1;
      memset (x, 0, n * sizeof *x);
    }
  return failed;
}

/* Channel filter: Y[0 .. N-1] from X[0 .. N + FM_CH_TAPS - 2], in
   chunks of at most FM_OMP_CH_CHUNK outputs: FM_CFIR passes over its
   outputs and their inputs once per four taps, and a chunk's 16 KiB of
   outputs and 16.5 KiB of inputs stay in a 48 KiB first-level data cache
   through those 16 passes, where a whole block of FM_DECIM * 1024
   samples (80 KiB) or more came from the second level at every pass
   (the Erbium build's channel blocks are as long as a chunk, fmradio.c's
   FM_DEFAULT_BURST).
   Each output is the same sum in the same order, whatever the chunk.  */
#define FM_OMP_CH_CHUNK 2048

static void
fm_omp_channel (const struct fm_omp *p, struct fm_cf *y,
		const struct fm_cf *x, long n)
{
  int j, k;
  for (long j0 = 0; j0 < n; j0 += FM_OMP_CH_CHUNK)
    FM_CFIR (y, x, p->taps.ch, FM_CH_TAPS, (int) j0,
	     (int) fm_min (FM_OMP_CH_CHUNK, n - j0), j, k);
}

/* Demodulator: Y[0 .. N-1] from X[0 .. N].  */
static void
fm_omp_demod (float *y, const struct fm_cf *x, long n)
{
  int j;
  FM_DEMOD (y, x, 0, (int) n, j);
}

/* Audio filter, decimating: Y[0 .. N-1] from X[0 .. FM_DECIM * (N - 1)
   + FM_AU_TAPS - 1], in chunks of at most FM_OMP_AU_CHUNK outputs, for
   the same reason as the channel filter's (20 KiB of inputs and 4 KiB
   of outputs per chunk, through 24 passes).  */
#define FM_OMP_AU_CHUNK 1024

static void
fm_omp_audio (const struct fm_omp *p, float *y, const float *x, long n)
{
  int j, k;
  for (long j0 = 0; j0 < n; j0 += FM_OMP_AU_CHUNK)
    FM_FIR (y, x, p->taps.au, FM_AU_TAPS, FM_DECIM, (int) j0,
	    (int) fm_min (FM_OMP_AU_CHUNK, n - j0), j, k);
}

/* De-emphasis of X[0 .. N-1] into Y from state ST; returns the state
   after them.  The state in locals, as blocks.c's step keeps it.  */
static struct fm_deemph_state
fm_omp_deemph (struct fm_deemph_state st, float *y, const float *x, long n)
{
  int j;
  float s = st.s, prev = st.p;
  FM_DEEMPH (y, x, s, prev, 0, (int) n, j);
  st.s = s;
  st.p = prev;
  return st;
}

/* Equaliser band with taps H: Y[0 .. N-1] from X[0 .. N + FM_EQ_TAPS -
   2], in chunks of at most FM_OMP_EQ_CHUNK outputs (16 KiB of inputs
   and outputs, through 32 passes), as the filters above.  */
#define FM_OMP_EQ_CHUNK 2048

static void
fm_omp_band (const float *h, float *y, const float *x, long n)
{
  int j, k;
  for (long j0 = 0; j0 < n; j0 += FM_OMP_EQ_CHUNK)
    FM_FIR (y, x, h, FM_EQ_TAPS, 1, (int) j0,
	    (int) fm_min (FM_OMP_EQ_CHUNK, n - j0), j, k);
}

_Static_assert (FM_EQ_BANDS == 4, "the sink's task reads four bands");

/* Sum the four bands' N samples in band order into PCM and append them
   to the output while it is good (OK); returns whether it still is.  */
static int
fm_omp_sink (struct fm_omp *p, int ok, const float *e0, const float *e1,
	     const float *e2, const float *e3, long n)
{
  for (long j = 0; j < n; j++)
    {
      float v[FM_EQ_BANDS] = { e0[j], e1[j], e2[j], e3[j] };
      p->pcm[j] = fm_pcm (v);
    }
  if (ok && fm_output_write (&p->out, p->pcm, n))
    {
      p->out_failed = 1;
      ok = 0;
    }
  return ok;
}

/* Create every task of the receiver for P, audio block A, and wait for
   them.  The views (the arrays named in the clauses) are placeholders in
   the control program: their declared size is the window (horizon) of
   an input or a peek, the bracket in the clause the burst.  */
static void
fm_omp_run (struct fm_omp *p, long a)
{
  struct fm_omp *pp = p;
  long b = FM_DECIM * a;
  long n = p->in.n, nc = fm_max (fm_len_channel (n), 0);
  long nd = fm_max (fm_len_demod (n), 0), na = fm_len_audio (n);
  long ne = fm_len_out (n);
  long nbx = fm_omp_blocks (n, b), nbc = fm_omp_blocks (nc, b);
  long nbd = fm_omp_blocks (nd, b), nba = fm_omp_blocks (na, a);
  long nbe = fm_omp_blocks (ne, a);

  struct fm_cf x __attribute__ ((stream));	/* input I/Q */
  struct fm_cf ch __attribute__ ((stream));	/* channel-filtered */
  float dm __attribute__ ((stream));		/* demodulated */
  float au __attribute__ ((stream));		/* audio, 48 kHz */
  float de __attribute__ ((stream));		/* de-emphasised */
  float eq[FM_EQ_BANDS] __attribute__ ((stream));	/* the bands */
  int rtok __attribute__ ((stream));		/* reader: a read failed */
  struct fm_deemph_state dtok __attribute__ ((stream));
  int stok __attribute__ ((stream));		/* sink: output still good */
  int tin, tout;
  struct fm_deemph_state din, dout;

#pragma omp task output (rtok << tout) task_name (read_seed)
  tout = 0;
#pragma omp task output (dtok << dout) task_name (deemph_seed)
  {
    dout.s = 0.0f;
    dout.p = 0.0f;
  }
#pragma omp task output (stok << tout) task_name (sink_seed)
  tout = 1;

  for (long i = 0; i < nbx; i++)
    {
      /* X block I, from the file in order.  */
      long cx = fm_omp_count (n, b, i);
      struct fm_cf xo[cx];
#pragma omp task input (rtok >> tin) output (rtok << tout) \
		 output (x << xo[cx]) firstprivate (pp, cx) task_name (read)
      tout = fm_omp_read (pp, tin, xo, cx);

      /* CH block I: X from I * B, the block and FM_CH_TAPS - 1 after.  */
      if (i < nbc)
	{
	  long cc = fm_omp_count (nc, b, i);
	  long win = cc + FM_CH_TAPS - 1;
	  long adv = i + 1 < nbc ? b : win;
	  struct fm_cf xw[win], co[cc];
#pragma omp task input (x >> xw[adv]) output (ch << co[cc]) \
		 firstprivate (pp, cc) task_name (channel)
	  fm_omp_channel (pp, co, xw, cc);
	}

      /* DM block I: CH from I * B, the block and 1 after.  */
      if (i < nbd)
	{
	  long cd = fm_omp_count (nd, b, i);
	  long win = cd + 1;
	  long adv = i + 1 < nbd ? b : win;
	  struct fm_cf cw[win];
	  float dmo[cd];
#pragma omp task input (ch >> cw[adv]) output (dm << dmo[cd]) \
		 firstprivate (cd) task_name (demod)
	  fm_omp_demod (dmo, cw, cd);
	}

      /* AU block I: DM from FM_DECIM * A * I, the block's FM_DECIM * (ca
	 - 1) + FM_AU_TAPS inputs; then DE block I from AU block I, the
	 state from block I - 1.  */
      if (i < nba)
	{
	  long ca = fm_omp_count (na, a, i);
	  long win = FM_DECIM * (ca - 1) + FM_AU_TAPS;
	  long adv = i + 1 < nba ? b : win;
	  float dw[win], ao[ca], ai[ca], deo[ca];
#pragma omp task input (dm >> dw[adv]) output (au << ao[ca]) \
		 firstprivate (pp, ca) task_name (audio)
	  fm_omp_audio (pp, ao, dw, ca);
#pragma omp task input (dtok >> din) output (dtok << dout) \
		 input (au >> ai[ca]) output (de << deo[ca]) firstprivate (ca) \
		 task_name (deemph)
	  dout = fm_omp_deemph (din, deo, ai, ca);
	}

      /* EQ[b] block I: DE from I * A, the block and FM_EQ_TAPS - 1 after,
	 peeked by bands 0 to 2 and input by band 3, which advances by the
	 block; then the sink's block I.  */
      if (i < nbe)
	{
	  long ce = fm_omp_count (ne, a, i);
	  long win = ce + FM_EQ_TAPS - 1;
	  long adv = i + 1 < nbe ? a : win;
	  float ew[win], bo[ce], s0[ce], s1[ce], s2[ce], s3[ce];
	  for (int bd = 0; bd < FM_EQ_BANDS - 1; bd++)
	    {
#pragma omp task peek (de >> ew[win]) output (eq[bd] << bo[ce]) \
		 firstprivate (pp, bd, ce) task_name (band)
	      fm_omp_band (pp->taps.eq[bd], bo, ew, ce);
	    }
	  {
	    int bd = FM_EQ_BANDS - 1;
#pragma omp task input (de >> ew[adv]) output (eq[bd] << bo[ce]) \
		 firstprivate (pp, bd, ce) task_name (last_band)
	    fm_omp_band (pp->taps.eq[bd], bo, ew, ce);
	  }
#pragma omp task input (stok >> tin) output (stok << tout) \
		 input (eq[0] >> s0[ce], eq[1] >> s1[ce], eq[2] >> s2[ce], \
			eq[3] >> s3[ce]) firstprivate (pp, ce) \
		 task_name (sink)
	  tout = fm_omp_sink (pp, tin, s0, s1, s2, s3, ce);
	}
    }

  /* What no task consumed: whole streams the next stage is too short to
     read, and DM's samples after the last audio output's inputs.  */
  long xleft = nbc ? 0 : n, cleft = nbd ? 0 : nc;
  long dleft = nba ? nd - (FM_DECIM * (na - 1) + FM_AU_TAPS) : nd;
  long eleft = nbe ? 0 : na;
  {
#pragma omp tick (x >> xleft) (ch >> cleft) (dm >> dleft) (de >> eleft)
#pragma omp tick (rtok) (dtok) (stok)
  }
#pragma omp taskwait
}

int
main (int argc, char **argv)
{
  static struct fm_omp p;
  double gain[FM_EQ_BANDS];
  long a = FM_OMP_BLOCK;
  int quiet;
  char help[72];
  snprintf (help, sizeof help, "the audio block, one task instance per "
	    "stage (default %d)", FM_OMP_BLOCK);
  const struct fm_opt opts[] = {
    { "--block", &a, FM_OMP_BLOCK_MIN, FM_OMP_BLOCK_MAX, "audio samples",
      NULL, "A", help },
  };
  int i = fm_parse_args (argc, argv, "fmradio-omp", "[--block A] [--eq "
			 "G0,G1,G2,G3] [--quiet] INPUT.wav OUTPUT.wav", opts,
			 1, gain, &quiet);
  if (i < 0)
    return 2;
  if (fm_open_input (argv[i], &p.in))
    return 1;
  fm_design (&p.taps, gain);
  p.pcm = malloc (a * sizeof *p.pcm);
  if (!p.pcm)
    {
      fprintf (stderr, "fmradio-omp: out of memory for blocks of %ld "
	       "samples\n", a);
      fm_close_input (&p.in);
      return 1;
    }
  if (fm_output_open (argv[i + 1], &p.out))
    return 1;

  /* As the block builds' (fm_blk_main): the time covers the tasks,
     reading and writing, and the runtime's start.  */
  double t0 = fm_now ();
  fm_omp_run (&p, a);
  char settings[64];
  snprintf (settings, sizeof settings, "audio block %ld", a);
  int status = fm_finish ("fmradio-omp", &p.in, &p.out,
			  !p.in_failed && !p.out_failed, t0,
			  fm_len_out (p.in.n), quiet, settings);
  free (p.pcm);
  return status;
}
