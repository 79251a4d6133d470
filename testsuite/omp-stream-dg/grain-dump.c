/* SPDX-License-Identifier: GPL-3.0-or-later */ /* #pragma erbium grain before a task pragma (docs/omp-stream.md,
   "Grain"): the settings of the grain pragmas right before a task pragma
   (one or several, comments between them) go to its site, and the
   erbium-tasks dump shows them on each site; a site without one has the
   defaults.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-fuse=all -fplugin-arg-erbium-split=off" } */
#define N 16
int out[N * 4];

int
main (void)
{
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
  int wa[4], ra[4], wb[4], rb[4];
  int *o = out;
  for (int i = 0; i < N; i++)
    {
#pragma erbium grain fuse (never) split (2)
#pragma omp task output (a << wa[4]) firstprivate (i) task_name (source)
      for (int k = 0; k < 4; k++)
	wa[k] = 4 * i + k;
#pragma erbium grain split (auto)
      /* Several grain pragmas for one task.  */
#pragma erbium grain fuse (always)
#pragma omp task input (a >> ra[4]) output (b << wb[4]) task_name (scale)
      for (int k = 0; k < 4; k++)
	wb[k] = 3 * ra[k];
#pragma erbium grain split (2 * 2 - 3), fuse (auto)
#pragma erbium task input (b >> rb[4]) firstprivate (o, i) task_name (sink)
      for (int k = 0; k < 4; k++)
	o[4 * i + k] = rb[k];
    }
  int c __attribute__ ((stream));
  int x, y;
#pragma omp task output (c << x)
  x = 1;
#pragma omp task input (c >> y)
  out[0] += y;
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "site \[^\\n\]*grain-dump.c:20 \[^\\n\]*\n(  \[^\\n\]*\n)*  grain: fuse never, split 2 \\(#pragma erbium grain at grain-dump.c:19\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "site \[^\\n\]*grain-dump.c:26 \[^\\n\]*\n(  \[^\\n\]*\n)*  grain: fuse always, split auto \\(#pragma erbium grain at grain-dump.c:23\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "site \[^\\n\]*grain-dump.c:30 \[^\\n\]*\n(  \[^\\n\]*\n)*  grain: fuse auto, split 1 \\(#pragma erbium grain at grain-dump.c:29\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "site \[^\\n\]*grain-dump.c:36 \[^\\n\]*\n(  \[^\\n\]*\n)*  grain: fuse auto, split auto \\(default\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "site \[^\\n\]*grain-dump.c:38 \[^\\n\]*\n(  \[^\\n\]*\n)*  grain: fuse auto, split auto \\(default\\)\n" erbium-tasks } } */
