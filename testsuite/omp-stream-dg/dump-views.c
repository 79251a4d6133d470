/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The erbium-tasks dump says, for each site, its accesses (kind, stream,
   view, burst and horizon in view elements), how the body function binds
   each view, and the captures: a view is the window itself, or a local
   copy when declared larger than its output burst (OMP-STREAM-SPEC.md
   6.7) or written by the body (an input window is shared with peeks),
   the window or a copy decided at run time when the burst or the size is
   not constant, rows of the windows array for an array of windows, the
   output window filled from the input for inout_reuse.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */

extern void use (const int *, int);

void
f (int n, int *out)
{
  int x __attribute__ ((stream));
  int xs[3] __attribute__ ((stream));
  int v, w[4], big[8], var[n], rows[2][4], pair[2][2];
  for (int i = 0; i < n; i++)
    {
#pragma omp task output (x << w[4]) firstprivate (i)
      w[0] = w[1] = w[2] = w[3] = i;
#pragma omp task output (x << big[2])
      big[0] = big[1] = 1;
#pragma omp task input (x >> w[4])
      use (w, 4);
#pragma omp task input (x >> big[2]) firstprivate (out)
      {
	big[0] += big[1];
	*out = big[0];
      }
#pragma omp task output (x << var[n])
      var[0] = 0;
#pragma omp task peek (xs >> rows[2][4])
      use (rows[1], 4);
#pragma omp task output (xs << pair[2][2])
      pair[0][0] = pair[0][1] = pair[1][0] = pair[1][1] = 0;
#pragma omp task inout_reuse (xs[0] >> w[4] >> xs[1])
      w[0]++;
#pragma omp task input (x) output (xs[2] << v)
      v = x;
    }
}
/* { dg-final { scan-plugin-dump "site \[^\\n\]*dump-views.c:21 '#pragma omp task' in f: stream task, body __erbium_task_f_0" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: output x, view w, burst 4, horizon 4 \\(view elements\\)\n  view w: the window\n  capture i: firstprivate \\(copied\\)\n  process: one per site" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: output x, view big, burst 2, horizon 2 \\(view elements\\)\n  view big: a local copy, its burst copied to the window \\(view larger than its burst\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: input x, view w, burst 4, horizon 4 \\(view elements\\)\n  view w: the window\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: input x, view big, burst 2, horizon 8 \\(view elements\\)\n  view big: a local copy of the window \\(the body may write the view\\)\n  capture out: firstprivate" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: output x, view var, burst n, horizon n \\(view elements\\)\n  view var: the window when the burst equals the view's size at run time, else a local copy" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: peek xs, view rows, 2 windows, burst 0, horizon 4 \\(view elements\\)\n  view rows: rows of the windows array" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: output xs, view pair, 2 windows, burst 2, horizon 2 \\(view elements\\)\n  view pair: rows of the windows array" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: inout_reuse input xs, view w, burst 4, horizon 4 \\(view elements\\)\n  access 1: inout_reuse output xs, view w, burst 4, horizon 4 \\(view elements\\)\n  view w: the output window, filled from the input window \\(inout_reuse\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "access 0: input x, view implicit x, burst 1, horizon 1 \\(view elements\\)\n  access 1: output xs, view v, burst 1, horizon 1 \\(view elements\\)\n  view x: the window\n  view v: the window" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "process: one per site" 9 erbium-tasks } } */
