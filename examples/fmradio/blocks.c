/* SPDX-License-Identifier: MIT */ /* blocks.c -- the FM receiver's block steps over ring buffers (blocks.h)
   and the main program the builds on them share.  */
#include "blocks.h"
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Set R up: SLOTS blocks of BS elements of ESZ bytes for a stream of LEN
   samples whose consumer peeks MIRROR samples past a block's end.
   Returns 0 or -1 (out of memory).  */
static int
fm_ring_init (struct fm_ring *r, long len, long bs, int esz, int slots,
	      long mirror)
{
  r->len = len;
  r->bs = bs;
  r->nb = (len + bs - 1) / bs;
  r->esz = esz;
  r->slots = slots;
  r->mirror = mirror;
  /* 64-byte aligned, which the vectorised filters like; so are the other
     slots when BS * ESZ is a multiple of 64, i.e. when the audio block is
     a multiple of 16 samples, as every program's default is.  */
  size_t bytes = ((size_t) slots * bs + mirror) * esz;
  r->buf = aligned_alloc (64, (bytes + 63) & ~(size_t) 63);
  return r->buf ? 0 : -1;
}

/* Block I of R has just been written: if it is in slot 0, copy its head
   to the mirror after the ring.  */
static void
fm_ring_written (struct fm_ring *r, long i)
{
  if (i % r->slots == 0 && r->mirror)
    {
      long n = fm_min (r->mirror, fm_blk_count (r, i));
      memcpy (r->buf + (size_t) r->slots * r->bs * r->esz, r->buf,
	      (size_t) n * r->esz);
    }
}

int
fm_blk_init (struct fm_blocks *p, const char *prog, long a, int slots)
{
  long n = p->in.n, b = FM_DECIM * a, na = fm_len_audio (n);
  p->ds = p->dp = 0.0f;
  p->in_failed = p->out_failed = 0;
  int bad = fm_ring_init (&p->x, n, b, sizeof (struct fm_cf), slots,
			  FM_CH_TAPS - 1)
	    | fm_ring_init (&p->ch, fm_len_channel (n), b,
			    sizeof (struct fm_cf), slots, 1)
	    | fm_ring_init (&p->dm, fm_len_demod (n), b, sizeof (float),
			    slots, FM_AU_TAPS - FM_DECIM)
	    | fm_ring_init (&p->au, na, a, sizeof (float), slots, 0)
	    | fm_ring_init (&p->de, na, a, sizeof (float), slots,
			    FM_EQ_TAPS - 1);
  for (int k = 0; k < FM_EQ_BANDS; k++)
    bad |= fm_ring_init (&p->eq[k], fm_len_out (n), a, sizeof (float),
			 slots, 0);
  p->pcm = malloc (a * sizeof *p->pcm);
  if (bad || !p->pcm)
    {
      fprintf (stderr, "%s: out of memory for blocks of %ld samples\n",
	       prog, b);
      return -1;
    }
  return 0;
}

void
fm_blk_read (struct fm_blocks *p, long i)
{
  long n = fm_blk_count (&p->x, i);
  float *x = fm_blk_slot (&p->x, i);
  if (p->in_failed || fm_read_iq (&p->in, x, n))
    {
      p->in_failed = 1;
      memset (x, 0, n * sizeof (struct fm_cf));
    }
  fm_ring_written (&p->x, i);
}

void
fm_blk_channel (struct fm_blocks *p, long i)
{
  struct fm_cf *y = fm_blk_slot (&p->ch, i);
  const struct fm_cf *x = fm_blk_slot (&p->x, i);
  int j, k, n = fm_blk_count (&p->ch, i);
  FM_CFIR (y, x, p->taps.ch, FM_CH_TAPS, 0, n, j, k);
  fm_ring_written (&p->ch, i);
}

void
fm_blk_demod (struct fm_blocks *p, long i)
{
  float *y = fm_blk_slot (&p->dm, i);
  const struct fm_cf *x = fm_blk_slot (&p->ch, i);
  int j, n = fm_blk_count (&p->dm, i);
  FM_DEMOD (y, x, 0, n, j);
  fm_ring_written (&p->dm, i);
}

/* AU block I (A outputs) starts at DM sample FM_DECIM * A * I, the start
   of DM block I.  */
void
fm_blk_audio (struct fm_blocks *p, long i)
{
  float *y = fm_blk_slot (&p->au, i);
  const float *x = fm_blk_slot (&p->dm, i);
  int j, k, n = fm_blk_count (&p->au, i);
  FM_FIR (y, x, p->taps.au, FM_AU_TAPS, FM_DECIM, 0, n, j, k);
  fm_ring_written (&p->au, i);
}

void
fm_blk_deemph (struct fm_blocks *p, long i)
{
  float *y = fm_blk_slot (&p->de, i);
  const float *x = fm_blk_slot (&p->au, i);
  int j, n = fm_blk_count (&p->de, i);
  /* The state in locals: through P, every store to Y might change it, so
     GCC would store and reload it for each sample (three times slower;
     the Erbium build's process keeps it in registers).  */
  float s = p->ds, prev = p->dp;
  FM_DEEMPH (y, x, s, prev, 0, n, j);
  p->ds = s;
  p->dp = prev;
  fm_ring_written (&p->de, i);
}

void
fm_blk_band (struct fm_blocks *p, int b, long i)
{
  float *y = fm_blk_slot (&p->eq[b], i);
  const float *x = fm_blk_slot (&p->de, i);
  int j, k, n = fm_blk_count (&p->eq[b], i);
  FM_FIR (y, x, p->taps.eq[b], FM_EQ_TAPS, 1, 0, n, j, k);
  fm_ring_written (&p->eq[b], i);
}

void
fm_blk_sink (struct fm_blocks *p, long i)
{
  const float *e[FM_EQ_BANDS];
  for (int b = 0; b < FM_EQ_BANDS; b++)
    e[b] = fm_blk_slot (&p->eq[b], i);
  long n = fm_blk_count (&p->eq[0], i);
  for (long j = 0; j < n; j++)
    {
      float v[FM_EQ_BANDS];
      for (int b = 0; b < FM_EQ_BANDS; b++)
	v[b] = e[b][j];
      p->pcm[j] = fm_pcm (v);
    }
  if (!p->out_failed && fm_output_write (&p->out, p->pcm, n))
    p->out_failed = 1;
}

void
fm_blk_step (struct fm_blocks *p, enum fm_step s, int b, long i)
{
  switch (s)
    {
    case FM_STEP_READ: fm_blk_read (p, i); break;
    case FM_STEP_CHANNEL: fm_blk_channel (p, i); break;
    case FM_STEP_DEMOD: fm_blk_demod (p, i); break;
    case FM_STEP_AUDIO: fm_blk_audio (p, i); break;
    case FM_STEP_DEEMPH: fm_blk_deemph (p, i); break;
    case FM_STEP_BAND: fm_blk_band (p, b, i); break;
    case FM_STEP_SINK: fm_blk_sink (p, i); break;
    }
}

void
fm_blk_walk (struct fm_blocks *p,
	     void (*visit) (void *ctx, enum fm_step s, int b, long i),
	     void *ctx)
{
  long k, c, c1, d, d1, a, a1, e, e1;
  for (k = 0; k < p->x.nb; k++)
    {
      visit (ctx, FM_STEP_READ, 0, k);
      fm_blk_ready (&p->x, &p->ch, k, &c, &c1);
      for (; c < c1; c++)
	{
	  visit (ctx, FM_STEP_CHANNEL, 0, c);
	  fm_blk_ready (&p->ch, &p->dm, c, &d, &d1);
	  for (; d < d1; d++)
	    {
	      visit (ctx, FM_STEP_DEMOD, 0, d);
	      fm_blk_ready (&p->dm, &p->au, d, &a, &a1);
	      for (; a < a1; a++)
		{
		  visit (ctx, FM_STEP_AUDIO, 0, a);
		  visit (ctx, FM_STEP_DEEMPH, 0, a);
		  fm_blk_ready (&p->de, &p->eq[0], a, &e, &e1);
		  for (; e < e1; e++)
		    {
		      for (int b = 0; b < FM_EQ_BANDS; b++)
			visit (ctx, FM_STEP_BAND, b, e);
		      visit (ctx, FM_STEP_SINK, 0, e);
		    }
		}
	    }
	}
    }
}

int
fm_blk_main (int argc, char **argv, const char *prog, long block,
	     int slots, int (*run) (struct fm_blocks *p))
{
  static struct fm_blocks p;
  double gain[FM_EQ_BANDS];
  long a = block;
  int quiet;
  char help[48];
  snprintf (help, sizeof help, "the audio block (default %ld)", block);
  const struct fm_opt opts[] = {
    { "--block", &a, FM_BLK_MIN, FM_BLK_MAX, "audio samples", NULL, "A",
      help },
  };
  int i = fm_parse_args (argc, argv, prog, "[--block A] [--eq G0,G1,G2,G3] "
			 "[--quiet] INPUT.wav OUTPUT.wav", opts, 1, gain,
			 &quiet);
  if (i < 0)
    return 2;
  if (fm_open_input (argv[i], &p.in))
    return 1;
  fm_design (&p.taps, gain);
  if (fm_blk_init (&p, prog, a, slots) || fm_output_open (argv[i + 1],
							  &p.out))
    return 1;

  double t0 = fm_now ();
  int ok = run (&p) == 0 && !p.in_failed && !p.out_failed;
  char settings[64];
  snprintf (settings, sizeof settings, "audio block %ld", a);
  return fm_finish (prog, &p.in, &p.out, ok, t0, p.eq[0].len, quiet,
		    settings);
}
