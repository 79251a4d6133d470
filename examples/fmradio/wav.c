/* wav.c -- reading the FM receiver's I/Q input and writing its PCM
   output (wav.h).  */
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

static int
fm_bad (const char *path, const char *what)
{
  fprintf (stderr, "fmradio: %s: %s\n", path, what);
  return -1;
}

int
fm_open_input (const char *path, struct fm_input *in)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    {
      fprintf (stderr, "fmradio: %s: %s\n", path, strerror (errno));
      return -1;
    }
  struct stat st;
  unsigned char h[12];
  if (fstat (fileno (f), &st) != 0 || fread (h, 1, 12, f) != 12
      || memcmp (h, "RIFF", 4) || memcmp (h + 8, "WAVE", 4))
    {
      fclose (f);
      return fm_bad (path, st.st_size == 0 ? "empty file, expected a WAV "
		     "of float32 I/Q samples" : "not a RIFF/WAVE file");
    }
  int fmt_ok = 0;
  for (;;)
    {
      unsigned char c[8];
      if (fread (c, 1, 8, f) != 8)
	{
	  fclose (f);
	  return fm_bad (path, fmt_ok ? "no data chunk (truncated file?)"
			 : "no fmt chunk (truncated file?)");
	}
      uint32_t size = fm_le32 (c + 4);
      if (!memcmp (c, "fmt ", 4))
	{
	  unsigned char fm[40];
	  if (size < 16 || size > sizeof fm || fread (fm, 1, size, f) != size)
	    {
	      fclose (f);
	      return fm_bad (path, "malformed fmt chunk");
	    }
	  unsigned tag = fm_le16 (fm), ch = fm_le16 (fm + 2);
	  uint32_t rate = fm_le32 (fm + 4);
	  unsigned bits = fm_le16 (fm + 14);
	  /* WAVE_FORMAT_EXTENSIBLE: the sub-format GUID starts with the
	     format tag.  */
	  if (tag == 0xfffe && size >= 26)
	    tag = fm_le16 (fm + 24);
	  char why[160];
	  if (tag != 3 || bits != 32 || ch != 2)
	    {
	      snprintf (why, sizeof why, "wrong sample format: %u channel(s) "
			"of %u-bit %s samples, expected 2 channels (I, Q) of "
			"32-bit float", ch, bits,
			tag == 1 ? "integer" : tag == 3 ? "float" : "unknown");
	      fclose (f);
	      return fm_bad (path, why);
	    }
	  if (rate != FM_RATE_IN)
	    {
	      snprintf (why, sizeof why, "sample rate %u, expected %d",
			(unsigned) rate, FM_RATE_IN);
	      fclose (f);
	      return fm_bad (path, why);
	    }
	  fmt_ok = 1;
	  if (size & 1)
	    fseek (f, 1, SEEK_CUR);
	}
      else if (!memcmp (c, "data", 4))
	{
	  if (!fmt_ok)
	    {
	      fclose (f);
	      return fm_bad (path, "data chunk before the fmt chunk");
	    }
	  long pos = ftell (f);
	  if (size == 0)
	    {
	      fclose (f);
	      return fm_bad (path, "empty input: no samples");
	    }
	  if (size % 8 || pos + (long) size > (long) st.st_size)
	    {
	      char why[160];
	      snprintf (why, sizeof why, "truncated: the data chunk announces "
			"%lu bytes, the file holds %ld", (unsigned long) size,
			(long) st.st_size - pos);
	      fclose (f);
	      return fm_bad (path, why);
	    }
	  if (fm_len_out (size / 8) <= 0)
	    {
	      char why[160];
	      snprintf (why, sizeof why, "%lu samples is too short to give "
			"any audio", (unsigned long) size / 8);
	      fclose (f);
	      return fm_bad (path, why);
	    }
	  in->f = f;
	  in->fd = fileno (f);
	  in->n = size / 8;
	  if (lseek (in->fd, pos, SEEK_SET) != pos)
	    {
	      fclose (f);
	      return fm_bad (path, "cannot seek to the samples");
	    }
	  return 0;
	}
      else if (fseek (f, size + (size & 1), SEEK_CUR) != 0)
	{
	  fclose (f);
	  return fm_bad (path, "truncated chunk");
	}
    }
}

int
fm_read_iq (struct fm_input *in, float *x, long n, const char *path)
{
  char *b = (char *) x;
  size_t left = (size_t) n * 8;
  while (left)
    {
      ssize_t got = read (in->fd, b, left);
      if (got < 0 && errno == EINTR)
	continue;
      if (got < 0)
	{
	  fprintf (stderr, "fmradio: %s: %s\n", path, strerror (errno));
	  return -1;
	}
      if (got == 0)
	return fm_bad (path, "file shrank while being read");
      b += got;
      left -= (size_t) got;
    }
  return 0;
}

int
fm_output_open (const char *path, struct fm_output *o)
{
  o->n = 0;
  o->path = strdup (path);
  o->tmp = malloc (strlen (path) + 32);
  if (!o->path || !o->tmp)
    return fm_bad (path, "out of memory");
  sprintf (o->tmp, "%s.part%ld", path, (long) getpid ());
  o->f = fopen (o->tmp, "wb");
  if (!o->f)
    {
      fprintf (stderr, "fmradio: %s: %s\n", o->tmp, strerror (errno));
      return -1;
    }
  /* Room for the 44-byte header, written at close with the sizes.  */
  static const unsigned char zero[44];
  if (fwrite (zero, 1, 44, o->f) != 44)
    return fm_bad (o->tmp, "write error");
  return 0;
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
    {
      fprintf (stderr, "fmradio: %s: %s\n", o->path, strerror (errno));
      r = -1;
    }
  if (!ok || r != 0)
    unlink (o->tmp);
  free (o->path);
  free (o->tmp);
  return r;
}
