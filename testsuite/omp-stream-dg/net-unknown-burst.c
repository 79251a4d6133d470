/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Unknown bursts: the writer's burst is a variable of the control
   program, the reader's view is variable-length; neither is guessed, and
   an unknown burst never fuses.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
static void
stage (int n, int m, float *out)
{
  float x __attribute__ ((stream));
  float w[64], r[m];
  for (int i = 0; i < 16; i++)
    {
#pragma omp task output (x << w[n]) firstprivate (i, n) task_name (put)
      for (int k = 0; k < n; k++)
	w[k] = i;
#pragma omp task input (x >> r[m]) firstprivate (out, m) task_name (get)
      out[0] += r[m - 1];
    }
}

float result;

int
main (void)
{
  stage (4, 4, &result);
  return 0;
}
/* { dg-final { scan-plugin-dump "network node 0: site net-unknown-burst.c:12 \\(put\\), body __erbium_task_stage_0, one process per site, instances 16\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 1, stream x \\(float\\), writer burst unknown \\(n, evaluated at creation\\), reader burst unknown \\(m, evaluated at creation\\), horizon unknown \\(view r is variable-length\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): not eligible: the writer's burst is unknown: n, evaluated at creation\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 0: eligible" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: not eligible: its body writes memory through out" erbium-tasks } } */
