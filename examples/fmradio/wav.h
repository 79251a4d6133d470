/* wav.h -- the FM receiver's files: the input (a WAV of interleaved
   float32 I/Q, 2 channels, FM_RATE_IN) checked before anything runs, and
   the output (16-bit PCM mono WAV at FM_RATE_OUT) written under a
   temporary name and renamed only when complete, so that a failed run
   leaves no WAV behind that looks whole.  Shared by every build of the
   receiver.  Errors are reported on stderr as "fmradio: PATH: what".  */
#ifndef FM_WAV_H
#define FM_WAV_H

#include <stdint.h>
#include <stdio.h>

/* An opened input: F's descriptor FD positioned at the first sample.
   The samples are read with read(2) on FD, one call per request, straight
   into the caller's buffer (through F's stdio buffer, a request that does
   not start on a buffer boundary took two calls and a copy).  */
struct fm_input
{
  FILE *f;
  int fd;
  long n;			/* complex samples (I/Q pairs) */
};

/* Open PATH and check that it is a RIFF/WAVE file with an IEEE float
   (format 3, or extensible with the float sub-format) fmt chunk of 2
   channels, 32 bits, FM_RATE_IN samples per second, and a data chunk of a
   whole number of I/Q pairs, all present in the file, enough for at least
   one output sample (dsp.h's fm_len_out).  Returns 0 and fills IN, or
   prints why not (missing file, not a WAV, wrong sample format or rate,
   truncated, empty, too short) and returns -1.  */
int fm_open_input (const char *path, struct fm_input *in);

/* Read N complex samples (N <= what is left) into X (interleaved I, Q
   floats).  Returns 0, or prints an error and returns -1 (a read error,
   or the file changed under us).  */
int fm_read_iq (struct fm_input *in, float *x, long n, const char *path);

/* An output being written: PATH's temporary sibling, renamed at
   fm_output_close.  */
struct fm_output
{
  FILE *f;
  char *path, *tmp;
  long n;			/* samples written so far */
};

/* Start the output PATH.  Returns 0, or prints why not and returns -1.  */
int fm_output_open (const char *path, struct fm_output *o);
/* Append N samples.  Returns 0, or prints why not and returns -1.  */
int fm_output_write (struct fm_output *o, const int16_t *s, long n);
/* OK nonzero: write the header, close and rename to the final path;
   zero: close and remove the temporary file.  Returns 0, or prints why
   not and returns -1 (nothing left behind then).  */
int fm_output_close (struct fm_output *o, int ok);

#endif /* FM_WAV_H */
