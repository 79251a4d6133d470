/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Broadcast: one writer, two readers of each window.  Two sites peek
   each window of stream a and a tick after them drops it; on stream b
   one site peeks and the other's input advances the window.  A peek's
   edge may be fused: its window advances with the stream's one
   advancing reader (the tick, or the input), created with it.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#define N 8
float res[2 * N];

int
main (void)
{
  float a __attribute__ ((stream));
  float b __attribute__ ((stream));
  float w[4], p[4], q[4];
  float *r = res;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (a << w[4], b << q[4]) firstprivate (i) task_name (source)
      for (int k = 0; k < 4; k++)
	w[k] = q[k] = i + k;
#pragma omp task peek (a >> p) firstprivate (r, i) task_name (left)
      r[2 * i] = p[0];
#pragma omp task peek (a >> p) task_name (right)
      p[1] = p[0];
      {
#pragma omp tick (a >> 4)
      }
#pragma omp task peek (b >> p) task_name (look)
      p[2] = p[1];
#pragma omp task input (b >> q[4]) task_name (take)
      q[3] = q[0];
    }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network of the unit: 6 nodes, 5 edges, 0 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 5: control program of main, instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 1, stream a \\(float\\), writer burst 4, reader burst 0 \\(peek\\), horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 0 -> node 2, stream a \\(float\\), writer burst 4, reader burst 0 \\(peek\\), horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 2: node 0 -> node 5, stream a \\(float\\), writer burst 4, reader burst 4 \\(tick\\), horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 3: node 0 -> node 3, stream b \\(float\\), writer burst 4, reader burst 0 \\(peek\\), horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 4: node 0 -> node 4, stream b \\(float\\), writer burst 4, reader burst 4, horizon 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): eligible: the same loop \\(for at net-broadcast.c:17\\), rate 1:1 \\(writer:reader instances\\), bursts 4 -> 0 \\(a peek; its window advances by 4\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 2 \\(node 0 -> node 5\\): not eligible: node 5 is a control program, not a task site\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 3 \\(node 0 -> node 3\\): eligible: .* \\(a peek; its window advances by 4\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 4 \\(node 0 -> node 4\\): eligible: the same loop \\(for at net-broadcast.c:17\\), rate 1:1 \\(writer:reader instances\\), bursts 4 -> 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: not eligible: its body writes memory through r" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 2: eligible" erbium-tasks } } */
