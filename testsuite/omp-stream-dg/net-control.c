/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The control program reads streams itself: ticks drop what no task
   reads, in main, in a function main calls (its control program runs 6
   times), and in a task's body (the control program of that body).
   Control programs are nodes of their own, never fused.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
static void
drop (int s __attribute__ ((stream)), int n)
{
#pragma omp tick (s >> n)
}

int
main (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int w[2], v;
  for (int i = 0; i < 6; i++)
    {
#pragma omp task output (x << w[2]) firstprivate (i) task_name (pairs)
      w[0] = w[1] = i;
      {
#pragma omp tick (x)
      }
      drop (x, 1);
    }
#pragma omp task output (y << v) task_name (one)
  v = 1;
#pragma omp task firstprivate (y) task_name (dropper)
  {
#pragma omp tick (y)
  }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network of the unit: 6 nodes, 3 edges, 0 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: control program of drop, instances 6\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 4: control program of main, instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 5: control program of the body of the site at net-control.c:29, instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 3, stream x \\(int\\), writer burst 2, reader burst unknown \\(n, evaluated at the tick\\) \\(tick\\), horizon unknown \\(n, evaluated at the tick\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 0 -> node 4, stream x \\(int\\), writer burst 2, reader burst 1 \\(tick\\), horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 2: node 1 -> node 5, stream y \\(int\\), writer burst 1, reader burst 1 \\(tick\\), horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 1 \\(node 0 -> node 4\\): not eligible: node 4 is a control program, not a task site\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 2: not eligible: its body ticks stream y" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "network splitting node 4" erbium-tasks } } */
