/* wav.c -- reading the FM receiver's I/Q input and writing its PCM
   output (wav.h).  */
#define _GNU_SOURCE		/* program_invocation_short_name */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "dsp.h"
#include "wav.h"

static uint32_t
fm_le32 (const unsigned char *p)
{
  return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t) p[3] << 24;
}

static uint16_t
fm_le16 (const unsigned char *p)
{
  return p[0] | p[1] << 8;
}

/* Print "PROG: PATH: WHAT" on stderr; returns -1.  */
static int
fm_bad (const char *path, const char *what)
{
  fprintf (stderr, "%s: %s: %s\n", program_invocation_short_name, path,
	   what);
  return -1;
}

/* fm_open_input's failure: close F, print "PROG: PATH: WHAT"; returns
   -1.  */
static int
fm_reject (FILE *f, const char *path, const char *what)
{
  fclose (f);
  return fm_bad (path, what);
}

int
fm_open_input (const char *path, struct fm_input *in)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    return fm_bad (path, strerror (errno));
  struct stat st;
  if (fstat (fileno (f), &st) != 0)
    return fm_reject (f, path, strerror (errno));
  unsigned char h[12];
  if (fread (h, 1, 12, f) != 12 || memcmp (h, "RIFF", 4)
      || memcmp (h + 8, "WAVE", 4))
    return fm_reject (f, path, st.st_size == 0 ? "empty file, expected a "
		      "WAV of float32 I/Q samples" : "not a RIFF/WAVE file");
  int fmt_ok = 0;
  char why[160];
  for (;;)
    {
      unsigned char c[8];
      if (fread (c, 1, 8, f) != 8)
	return fm_reject (f, path, fmt_ok ? "no data chunk (truncated file?)"
			  : "no fmt chunk (truncated file?)");
      uint32_t size = fm_le32 (c + 4);
      if (!memcmp (c, "fmt ", 4))
	{
	  unsigned char fm[40];
	  if (size < 16 || size > sizeof fm || fread (fm, 1, size, f) != size)
	    return fm_reject (f, path, "malformed fmt chunk");
	  unsigned tag = fm_le16 (fm), ch = fm_le16 (fm + 2);
	  uint32_t rate = fm_le32 (fm + 4);
	  unsigned bits = fm_le16 (fm + 14);
	  /* WAVE_FORMAT_EXTENSIBLE: the sub-format GUID starts with the
	     format tag.  */
	  if (tag == 0xfffe && size >= 26)
	    tag = fm_le16 (fm + 24);
	  if (tag != 3 || bits != 32 || ch != 2)
	    {
	      snprintf (why, sizeof why, "wrong sample format: %u channel(s) "
			"of %u-bit %s samples, expected 2 channels (I, Q) of "
			"32-bit float", ch, bits,
			tag == 1 ? "integer" : tag == 3 ? "float" : "unknown");
	      return fm_reject (f, path, why);
	    }
	  if (rate != FM_RATE_IN)
	    {
	      snprintf (why, sizeof why, "sample rate %u, expected %d",
			(unsigned) rate, FM_RATE_IN);
	      return fm_reject (f, path, why);
	    }
	  fmt_ok = 1;
	  if (size & 1)
	    fseek (f, 1, SEEK_CUR);
	}
      else if (!memcmp (c, "data", 4))
	{
	  if (!fmt_ok)
	    return fm_reject (f, path, "data chunk before the fmt chunk");
	  long pos = ftell (f);
	  if (size == 0)
	    return fm_reject (f, path, "empty input: no samples");
	  if (size % 8 || pos + (long) size > (long) st.st_size)
	    {
	      snprintf (why, sizeof why, "truncated: the data chunk announces "
			"%lu bytes, the file holds %ld", (unsigned long) size,
			(long) st.st_size - pos);
	      return fm_reject (f, path, why);
	    }
	  if (fm_len_out (size / 8) <= 0)
	    {
	      snprintf (why, sizeof why, "%lu samples is too short to give "
			"any audio", (unsigned long) size / 8);
	      return fm_reject (f, path, why);
	    }
	  /* fm_read_iq reads the descriptor, not the stream.  */
	  if (lseek (fileno (f), pos, SEEK_SET) != pos)
	    return fm_reject (f, path, "cannot seek to the samples");
	  in->f = f;
	  in->path = path;
	  in->n = size / 8;
	  return 0;
	}
      else if (fseek (f, size + (size & 1), SEEK_CUR) != 0)
	return fm_reject (f, path, "truncated chunk");
    }
}

int
fm_read_iq (struct fm_input *in, float *x, long n)
{
  char *b = (char *) x;
  size_t left = (size_t) n * 8;
  while (left)
    {
      ssize_t got = read (fileno (in->f), b, left);
      if (got < 0 && errno == EINTR)
	continue;
      if (got < 0)
	return fm_bad (in->path, strerror (errno));
      if (got == 0)
	return fm_bad (in->path, "file shrank while being read");
      b += got;
      left -= (size_t) got;
    }
  return 0;
}

void
fm_close_input (struct fm_input *in)
{
  fclose (in->f);
  in->f = NULL;
}

int
fm_output_open (const char *path, struct fm_output *o)
{
  /* Room for the 44-byte header, written at close with the sizes.  */
  static const unsigned char zero[44];
  o->n = 0;
  o->f = NULL;
  o->path = strdup (path);
  o->tmp = malloc (strlen (path) + 32);
  if (o->path && o->tmp)
    {
      sprintf (o->tmp, "%s.part%ld", path, (long) getpid ());
      o->f = fopen (o->tmp, "wb");
      if (!o->f)
	fm_bad (o->tmp, strerror (errno));
      else if (fwrite (zero, 1, 44, o->f) == 44)
	return 0;
      else
	{
	  fm_bad (o->tmp, "write error");
	  fclose (o->f);
	  unlink (o->tmp);
	}
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
  /* WAV is little-endian; so is every machine this runs on (x86-64,
     aarch64), checked at compile time.  */
  _Static_assert (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
		  "wav.c writes host-order samples");
  if ((long) fwrite (s, 2, n, o->f) != n)
    return fm_bad (o->tmp, "write error");
  o->n += n;
  return 0;
}

static void
fm_put32 (unsigned char *p, uint32_t v)
{
  p[0] = v;
  p[1] = v >> 8;
  p[2] = v >> 16;
  p[3] = v >> 24;
}

int
fm_output_close (struct fm_output *o, int ok)
{
  int r = 0;
  if (ok)
    {
      unsigned char h[44];
      uint32_t data = (uint32_t) (o->n * 2);
      memcpy (h, "RIFF", 4);
      fm_put32 (h + 4, 36 + data);
      memcpy (h + 8, "WAVEfmt ", 8);
      fm_put32 (h + 16, 16);
      h[20] = 1, h[21] = 0;	/* PCM */
      h[22] = 1, h[23] = 0;	/* mono */
      fm_put32 (h + 24, FM_RATE_OUT);
      fm_put32 (h + 28, FM_RATE_OUT * 2);
      h[32] = 2, h[33] = 0;
      h[34] = 16, h[35] = 0;
      memcpy (h + 36, "data", 4);
      fm_put32 (h + 40, data);
      if (fseek (o->f, 0, SEEK_SET) != 0 || fwrite (h, 1, 44, o->f) != 44)
	r = fm_bad (o->tmp, "write error");
    }
  if (fclose (o->f) != 0 && ok && r == 0)
    r = fm_bad (o->tmp, "write error");
  if (ok && r == 0 && rename (o->tmp, o->path) != 0)
    r = fm_bad (o->path, strerror (errno));
  if (!ok || r != 0)
    unlink (o->tmp);
  free (o->path);
  free (o->tmp);
  return r;
}
