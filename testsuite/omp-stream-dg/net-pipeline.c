/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The network of a pipeline of three sites created in one counted loop
   (docs/omp-stream.md, "The network"): three nodes of 16 instances, two
   edges with bursts 4 -> 4, both fusable in the same loop at rate 1:1;
   the first two sites may be split, the sink writes through a pointer
   every instance shares.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
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
#pragma omp task output (a << wa[4]) firstprivate (i) task_name (source)
      for (int k = 0; k < 4; k++)
	wa[k] = 4 * i + k;
#pragma omp task input (a >> ra[4]) output (b << wb[4]) task_name (scale)
      for (int k = 0; k < 4; k++)
	wb[k] = 3 * ra[k];
#pragma omp task input (b >> rb[4]) firstprivate (o, i) task_name (sink)
      for (int k = 0; k < 4; k++)
	o[4 * i + k] = rb[k];
    }
#pragma omp taskwait
  return out[5] != 15;
}
/* { dg-final { scan-plugin-dump "network of the unit: 3 nodes, 2 edges, 0 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 0: site net-pipeline.c:19 \\(source\\), body __erbium_task_main_0, one process per site, instances 16\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: site net-pipeline.c:22 \\(scale\\), body __erbium_task_main_1, one process per site, instances 16\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 2: site net-pipeline.c:25 \\(sink\\), body __erbium_task_main_2, one process per site, instances 16\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 1, stream a \\(int\\), writer burst 4, reader burst 4, horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 1 -> node 2, stream b \\(int\\), writer burst 4, reader burst 4, horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "network cycle" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): eligible: the same loop \\(for at net-pipeline.c:17\\), rate 1:1 \\(writer:reader instances\\), bursts 4 -> 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 1 \\(node 1 -> node 2\\): eligible: the same loop \\(for at net-pipeline.c:17\\), rate 1:1" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 0: eligible: no state from one instance to the next" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: eligible: no state from one instance to the next" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 2: not eligible: its body writes memory through o, a pointer copied at creation, which every instance shares \\(net-pipeline.c:27\\)" erbium-tasks } } */
