/* SPDX-License-Identifier: GPL-3.0-or-later */ /* #pragma erbium grain split (N) before a task site (docs/omp-stream.md,
   "Grain" and "The network"): a stateless site with split (3) is split
   into 3 workers however little work it does; split (1) keeps a
   stateless site on one process; a site that keeps state (it counts its
   instances in a static variable) with split (2) is warned about at the
   grain pragma, with the reason, and runs on one process; so does a
   site with a self-loop (a serializer token).  The seed, stateless and
   cheap, is not split under auto.  The graph draws the node
   split into 3 as a 3-D box with its workers.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-graph=split-forced.dot" } */
#define N 16
int out[N];
static int count;

int
main (void)
{
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
  int c __attribute__ ((stream));
  int t __attribute__ ((stream));
  int wa, ra, wb, rb, wc, rc, tin, tout, t0;
  int *o = out;
#pragma omp task output (t << t0) task_name (seed)
  t0 = 0;
  for (int i = 0; i < N; i++)
    {
#pragma erbium grain split (1)
#pragma omp task output (a << wa) firstprivate (i) task_name (source)
      wa = i;
#pragma erbium grain split (3)
#pragma omp task input (a >> ra) output (b << wb) task_name (triple)
      wb = 3 * ra;
#pragma erbium grain split (2) /* { dg-warning "the task site at split-forced.c:35 cannot be split into 2 workers: its body writes global count \\(split-forced.c:36\\): state kept from one instance to the next; it runs on one process \\\[-Werbium-split\\\]" } */
#pragma omp task input (b >> rb) output (c << wc) task_name (counted)
      wc = rb + count++;
#pragma erbium grain split (2) /* { dg-warning "the task site at split-forced.c:38 cannot be split into 2 workers: a self-loop on stream t" } */
#pragma omp task input (c >> rc) input (t >> tin) output (t << tout) firstprivate (o, i) task_name (serial)
      {
	tout = tin + rc;
	o[i] = tout;
      }
    }
  {
#pragma omp tick (t)
  }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network split node 0: not split: auto: its estimated work, about 1 operations per instance, is below 1000" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 1: not split: #pragma erbium grain split \\(1\\) at split-forced.c:28\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 2: split into 3 workers \\(#pragma erbium grain split \\(3\\) at split-forced.c:31\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 3: not split: its body writes global count" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 4: not split: a self-loop on stream t" erbium-tasks } } */
/* { dg-final { network-dot "split-forced.dot" "n2 \\\[label=\"site split-forced.c:32 \\(triple\\)\\\\n__erbium_task_main_2\\\\ninstances 16\\\\nsplit into 3 workers\", shape=box3d\\\];" } } */
