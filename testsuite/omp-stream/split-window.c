/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A site split into 3 workers by `#pragma erbium grain split (3)'
   (docs/omp-stream.md, "Grain" and "The network"; erbium/task.h,
   ER_SITE_SPLIT) with a sliding input window and a peek: each instance
   reads 6 elements of x moving by 2 (the windows of consecutive
   instances overlap, whichever worker runs them) and peeks at the 4
   coefficients of c (every instance the same positions; a tick drops
   them at the end), and writes 2 elements of y; the instances cost
   unevenly, so the workers finish out of order.  A second stage, split
   into 2, doubles y into z.  The sink must read, in creation order,
   bit for bit what the sequential computation gives;
   ERBIUM_PLACEMENT_REPORT=1 shows the workers.  */
/* { dg-do run } */
/* { dg-set-target-env-var ERBIUM_PLACEMENT_REPORT "1" } */
/* { dg-output "task site \[^ \]*split-window.c:\[0-9\]+: 3 workers \\(the site's flags.*task site \[^ \]*split-window.c:\[0-9\]+: 2 workers \\(the site's flags.*split-window: 400 instances on 3 then 2 workers, bit for bit: ok" } */

#include <math.h>
#include "check.h"

#define N 400

static double out[2 * N], want[2 * N];

static double
xval (int j)
{
  return j * 0.25 - 3.0;
}

static double
cval (int e)
{
  return 1.0 / (e + 1.5);
}

/* Output O of instance I, from positions [2I, 2I + 6) of x.  */
static double
stage (const double *v, const double *cf, int o, int i)
{
  double s = 0;
  for (int e = 0; e < 4; e++)
    s += v[o + e] * cf[e];
  for (int r = 0; r < (i % 7) * 40; r++)
    s = s * 0.999 + sin (s) * 1e-3;
  return s;
}

int
main (void)
{
  double x __attribute__ ((stream));
  double c __attribute__ ((stream));
  double y __attribute__ ((stream));
  double z __attribute__ ((stream));
  double wx[2], v[6], cf[4], wc[4], wy[2], ry[2], wz[2], rz[2];
  double *o = out;
#pragma omp task output (c << wc[4])
  for (int e = 0; e < 4; e++)
    wc[e] = cval (e);
  for (int i = 0; i < N + 2; i++)
    {
#pragma omp task output (x << wx[2]) firstprivate (i)
      {
	wx[0] = xval (2 * i);
	wx[1] = xval (2 * i + 1);
      }
    }
  for (int i = 0; i < N; i++)
    {
#pragma erbium grain split (3)
#pragma omp task input (x >> v[2]) peek (c >> cf[4]) output (y << wy[2]) firstprivate (i)
      {
	wy[0] = stage (v, cf, 0, i);
	wy[1] = stage (v, cf, 1, i);
      }
#pragma erbium grain split (2)
#pragma omp task input (y >> ry[2]) output (z << wz[2])
      {
	wz[0] = 2 * ry[0];
	wz[1] = 2 * ry[1];
      }
#pragma omp task input (z >> rz[2]) firstprivate (o, i)
      {
	o[2 * i] = rz[0];
	o[2 * i + 1] = rz[1];
      }
    }
#pragma omp tick (c >> 4)
#pragma omp taskwait
  double cs[4];
  for (int e = 0; e < 4; e++)
    cs[e] = cval (e);
  for (int i = 0; i < N; i++)
    {
      double vs[6];
      for (int e = 0; e < 6; e++)
	vs[e] = xval (2 * i + e);
      want[2 * i] = 2 * stage (vs, cs, 0, i);
      want[2 * i + 1] = 2 * stage (vs, cs, 1, i);
    }
  for (int p = 0; p < 2 * N; p++)
    if (memcmp (&out[p], &want[p], sizeof out[p]))
      {
	printf ("position %d: %a, expected %a\n", p, out[p], want[p]);
	check_errors++;
      }
  return check_done ("split-window", "%d instances on 3 then 2 workers, bit "
		     "for bit", N);
}
