/* SPDX-License-Identifier: MIT */ /* wav.h -- the FM receiver's files, read and written with libsndfile:
   the input (interleaved float32 I/Q, 2 channels, FM_RATE_IN, in a WAV
   or any other container libsndfile reads, e.g. RF64 past 4 GiB)
   checked before anything runs, and the output (16-bit PCM mono WAV at
   FM_RATE_OUT, its 44-byte header the canonical one) written under a
   temporary name and renamed only when complete, so that a failed run
   leaves no WAV behind that looks whole.  Shared by every build of the
   receiver.  Errors are reported on stderr as "PROG: PATH: what", PROG
   being the running program's name (program_invocation_short_name:
   fmradio, fmradio-seq, fmradio-gomp, fmradio-tbb or fmradio-omp), what
   libsndfile's message where it has one.  */
#ifndef FM_WAV_H
#define FM_WAV_H

#include <stdint.h>
#include <stdio.h>
#include <sndfile.h>

/* An opened input, positioned at its first sample.  */
struct fm_input
{
  SNDFILE *f;
  const char *path;		/* fm_open_input's PATH, for messages */
  long n;			/* complex samples (I/Q pairs) */
};

/* Open PATH with libsndfile and check that it holds 2 channels of
   32-bit float samples at FM_RATE_IN samples per second, all present in
   the file (libsndfile reads a file whose data chunk announces more than
   it holds, logging "(should be ...)": that is refused as truncated),
   enough for at least one output sample (dsp.h's fm_len_out).  Returns 0
   and fills IN (which keeps PATH: it must outlive IN), or prints why not
   (libsndfile's message for a missing or unreadable file; empty file,
   wrong sample format or rate, truncated, no samples, too short) and
   returns -1 with nothing left open.  */
int fm_open_input (const char *path, struct fm_input *in);

/* Read the next N complex samples (N <= what is left) of IN into X (2 * N
   floats: I, Q interleaved).  Returns 0, or prints an error and returns
   -1 (a read error, or the file shrank under us).  */
int fm_read_iq (struct fm_input *in, float *x, long n);

/* Close IN.  Nothing to report: the file was only read.  */
void fm_close_input (struct fm_input *in);

/* An output being written: PATH's temporary sibling, renamed at
   fm_output_close.  */
struct fm_output
{
  SNDFILE *f;
  char *path, *tmp;
  long n;			/* samples written so far */
};

/* Start the output PATH: create its temporary sibling PATH.partPID, a
   16-bit PCM mono WAV at FM_RATE_OUT (libsndfile writes the header now
   and its sizes at the end).  Returns 0, or prints why not and returns
   -1 (nothing left behind then).  */
int fm_output_open (const char *path, struct fm_output *o);
/* Append the N samples S (N >= 0).  Returns 0, or prints "write
   error" and libsndfile's message and returns -1 (the output must then
   be closed with OK zero).  */
int fm_output_write (struct fm_output *o, const int16_t *s, long n);
/* OK nonzero: write the header, close and rename to the final path;
   zero: close and remove the temporary file.  Returns 0, or prints why
   not and returns -1 (nothing left behind then).  Either way O's memory
   is freed.  */
int fm_output_close (struct fm_output *o, int ok);

#endif /* FM_WAV_H */
