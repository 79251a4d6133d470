/* SPDX-License-Identifier: MIT */ /* wav.c -- reading the FM receiver's I/Q input and writing its PCM
   output (wav.h) with libsndfile.  */
#define _GNU_SOURCE		/* program_invocation_short_name */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "dsp.h"
#include "wav.h"

/* Print "PROG: PATH: WHAT" on stderr, then ": DETAIL" when DETAIL is not
   NULL; returns -1.  */
static int
fm_bad2 (const char *path, const char *what, const char *detail)
{
  fprintf (stderr, "%s: %s: %s%s%s\n", program_invocation_short_name,
	   path, what, detail ? ": " : "", detail ? detail : "");
  return -1;
}

/* Print "PROG: PATH: WHAT" on stderr; returns -1.  */
static int
fm_bad (const char *path, const char *what)
{
  return fm_bad2 (path, what, NULL);
}

/* sf_open of PATH failed: say why, with libsndfile's message (a missing
   or unreadable file: the system's error; a format it does not know or
   a malformed file: what it found), or that the file is empty, which
   libsndfile calls a format it does not recognise.  Returns -1.  */
static int
fm_open_failed (const char *path)
{
  struct stat st;
  if (stat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_size == 0)
    return fm_bad (path, "empty file, expected a WAV of float32 I/Q "
		   "samples");
  if (sf_error (NULL) == SF_ERR_SYSTEM)
    return fm_bad (path, sf_strerror (NULL));
  return fm_bad2 (path, "not a sound file libsndfile reads",
		  sf_strerror (NULL));
}

/* Whether libsndfile's log of opening F says that the file holds less
   than its header announces: libsndfile then reads what there is and
   logs the chunk's size as "NAME : SIZE (should be HELD)".  Reading a
   cut recording as if it were whole would give audio that ends early
   without a word, so the receiver refuses it: writes into WHY (N bytes)
   the log's line and returns 1; 0 when the log has no such line.  */
static int
fm_truncated (SNDFILE *f, char *why, size_t n)
{
  char log[8192];
  if (sf_command (f, SFC_GET_LOG_INFO, log, sizeof log) <= 0)
    return 0;
  log[sizeof log - 1] = 0;
  char *save = NULL;
  for (char *l = strtok_r (log, "\n", &save); l;
       l = strtok_r (NULL, "\n", &save))
    if (!strncmp (l, "data", 4) && strstr (l, "(should be "))
      {
	snprintf (why, n, "truncated: the data chunk announces more bytes "
		  "than the file holds (libsndfile: %s)", l);
	return 1;
      }
  return 0;
}

/* Check the input F opened as INFO (fm_open_input's rules).  Returns 0,
   or writes why not into WHY (N bytes) and returns -1.  */
static int
fm_check_input (SNDFILE *f, const SF_INFO *info, char *why, size_t n)
{
  int sub = info->format & SF_FORMAT_SUBMASK;
  if (sub != SF_FORMAT_FLOAT || info->channels != 2)
    {
      SF_FORMAT_INFO fi = { .format = sub };
      if (sf_command (NULL, SFC_GET_FORMAT_INFO, &fi, sizeof fi) != 0)
	fi.name = "unknown";
      snprintf (why, n, "wrong sample format: %d channel(s) of %s samples, "
		"expected 2 channels (I, Q) of 32-bit float", info->channels,
		fi.name);
      return -1;
    }
  if (info->samplerate != FM_RATE_IN)
    {
      snprintf (why, n, "sample rate %d, expected %d", info->samplerate,
		FM_RATE_IN);
      return -1;
    }
  if (fm_truncated (f, why, n))
    return -1;
  if (info->frames <= 0)
    {
      snprintf (why, n, "empty input: no samples");
      return -1;
    }
  if (fm_len_out (info->frames) <= 0)
    {
      snprintf (why, n, "%lld samples is too short to give any audio",
		(long long) info->frames);
      return -1;
    }
  return 0;
}

int
fm_open_input (const char *path, struct fm_input *in)
{
  SF_INFO info;
  memset (&info, 0, sizeof info);
  SNDFILE *f = sf_open (path, SFM_READ, &info);
  if (!f)
    return fm_open_failed (path);
  char why[320];
  if (fm_check_input (f, &info, why, sizeof why))
    {
      sf_close (f);
      return fm_bad (path, why);
    }
  in->f = f;
  in->path = path;
  in->n = (long) info.frames;
  return 0;
}

int
fm_read_iq (struct fm_input *in, float *x, long n)
{
  /* Float samples on a little-endian machine: libsndfile reads them
     straight into X, no conversion.  */
  sf_count_t got = sf_readf_float (in->f, x, n);
  if (got == n)
    return 0;
  if (sf_error (in->f))
    return fm_bad2 (in->path, "read error", sf_strerror (in->f));
  return fm_bad (in->path, "file shrank while being read");
}

void
fm_close_input (struct fm_input *in)
{
  sf_close (in->f);
  in->f = NULL;
}

int
fm_output_open (const char *path, struct fm_output *o)
{
  o->n = 0;
  o->f = NULL;
  o->path = strdup (path);
  o->tmp = malloc (strlen (path) + 32);
  if (o->path && o->tmp)
    {
      sprintf (o->tmp, "%s.part%ld", path, (long) getpid ());
      SF_INFO info = { .samplerate = FM_RATE_OUT, .channels = 1,
		       .format = SF_FORMAT_WAV | SF_FORMAT_PCM_16 };
      o->f = sf_open (o->tmp, SFM_WRITE, &info);
      if (o->f)
	return 0;
      fm_bad (o->tmp, sf_strerror (NULL));
      /* It may have been created before the header failed.  */
      unlink (o->tmp);
    }
  else
    fm_bad (path, "out of memory");
  free (o->path);
  free (o->tmp);
  return -1;
}

int
fm_output_write (struct fm_output *o, const int16_t *s, long n)
{
  if (sf_write_short (o->f, s, n) != n)
    return fm_bad2 (o->tmp, "write error", sf_strerror (o->f));
  o->n += n;
  return 0;
}

int
fm_output_close (struct fm_output *o, int ok)
{
  int r = 0;
  /* The header with the sizes, written now rather than by sf_close,
     whose result does not say whether it could.  */
  if (ok && (sf_command (o->f, SFC_UPDATE_HEADER_NOW, NULL, 0),
	     sf_error (o->f)))
    r = fm_bad2 (o->tmp, "write error", sf_strerror (o->f));
  int e = sf_close (o->f);
  if (e && ok && r == 0)
    r = fm_bad2 (o->tmp, "write error", sf_error_number (e));
  if (ok && r == 0 && rename (o->tmp, o->path) != 0)
    r = fm_bad (o->path, strerror (errno));
  if (!ok || r != 0)
    unlink (o->tmp);
  free (o->path);
  free (o->tmp);
  return r;
}
