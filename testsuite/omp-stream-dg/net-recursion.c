/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Recursion: each call of fib creates the sum task of its level, which
   reads what the tasks of the deeper calls write (the stream parameter
   out stands for top, a and b).  Counts are unknown, the sites have a
   process per instance, and nothing may be fused or split.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
static void
fib (int n, int out __attribute__ ((stream)))
{
  if (n < 2)
    {
      int r;
#pragma omp task output (out << r) firstprivate (n) task_name (leaf)
      r = n;
      return;
    }
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
  fib (n - 1, a);
  fib (n - 2, b);
  int x, y, z;
#pragma omp task input (a >> x, b >> y) output (out << z) task_name (add)
  z = x + y;
}

int
main (void)
{
  int top __attribute__ ((stream));
  int v, res = 0, *rp = &res;
  fib (10, top);
#pragma omp task input (top >> v) firstprivate (rp) task_name (result)
  *rp = v;
#pragma omp taskwait
  return res != 55;
}
/* { dg-final { scan-plugin-dump "network of the unit: 3 nodes, 6 edges, 1 cycles" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 1: site net-recursion.c:21 \\(add\\), body __erbium_task_fib_1, one process per instance \\(recursion: fib, which creates the site, is reached again from its calls and tasks, so an instance may depend on a later one\\), instances unknown \\(recursion: fib is reached again from its own calls and tasks\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 0: site net-recursion.c:12 \\(leaf\\), \[^\\n\]*, instances unknown \\(created under a condition: if at net-recursion.c:9\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 0: node 0 -> node 1, stream a \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 1: node 0 -> node 1, stream b \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 2: node 0 -> node 2, stream top \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 3: node 1 -> node 1, stream a \\(int\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 5: node 1 -> node 2, stream top \\(int\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 0: node 1 \\(self-loop\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 5 \\(node 1 -> node 2\\): not eligible: node 1 has one process per instance \\(recursion" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 1: not eligible: one process per instance \\(recursion" erbium-tasks } } */
