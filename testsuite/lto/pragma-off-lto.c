/* Link-time optimisation: -Wno-erbium-burst-pragma at the compile keeps
   the #pragma erbium burst warnings of pragma-ignored-lto.c (the same
   program) from the link, where the strip-miner runs (lto1): cc1 records
   the warning's state with each pragma, since lto1 does not see the
   compile's options.  No warning (dg's excess-errors check).  */
/* { dg-do link } */
/* { dg-options "-O3 -flto -Wno-erbium-burst-pragma" } */

#include <erbium.h>

int sum;

process consumer (record(int) re)
{
  view(int) r = new_read_view(re);
  register_view(r);
  alloc(r, 1024);
  int i, s = 0;
#pragma erbium burst(256)
  for (i = 0; i < 50000; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
#pragma erbium burst(128)
  for (; i < 100000; i++)
    {
      update (r, i + 1);
      if (r[i] < 0)
	break;
      s += r[i];
      release (r, i + 1);
    }
  sum = s;
}

int
main (void)
{
  record(int) re = new_record (1, 1);
  run consumer (re);
  return 0;
}
