/* Link-time optimisation: a #pragma erbium burst that chooses no loop's
   burst is reported at the link, where the strip-miner runs (lto1), at
   the pragma's line; one under #pragma GCC diagnostic ignored
   "-Wpragmas" in the source is not (lto1 does not know -Wpragmas, a C
   option: the state at the pragma in cc1 decides).  */
/* { dg-do link } */
/* { dg-options "-O3 -flto" } */

#include <erbium.h>

int sum;

process consumer (record(int) re)
{
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 1024);
  int i, s = 0;
#pragma erbium burst(256) /* { dg-warning ".#pragma erbium burst. ignored: the loop at line 20 is not strip-mined \\(.*exit" } */
  for (i = 0; i < 50000; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpragmas"
#pragma erbium burst(128)
  for (; i < 100000; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
#pragma GCC diagnostic pop
  sum = s;
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  run consumer (re);
  return 0;
}
