/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion of edges of a rate other than 1:1 (docs/omp-stream.md, "The
   network"): the process fused runs the sites' instances in creation
   order, the stream a buffer of the writer's instances of one iteration
   of their loop.  Two writers of 2 per reader of 4 (rate 2:1), a writer
   of 4 per two readers of 2 (1:2), three writers of 1 per reader of 3
   (3:1): fused.  Three writers of 2 per two readers of 3 (3:2, no
   integer), and two readers of 2 created before their writer of 4 in
   the loop (the process would read before writing): not fused, with
   the reason.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#define N 16
int sink[8];

static void
two_one (void)
{
  int x __attribute__ ((stream));
  int a[2], b[4];
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < 2; j++)
	{
#pragma omp task output (x << a[2]) firstprivate (i, j) task_name (w21)
	  a[0] = a[1] = i + j;
	}
#pragma omp task input (x >> b[4]) task_name (r21)
      sink[0] += b[0] + b[3];
    }
}

static void
one_two (void)
{
  int x __attribute__ ((stream));
  int a[4], b[2];
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (x << a[4]) firstprivate (i) task_name (w12)
      a[0] = a[1] = a[2] = a[3] = i;
      for (int j = 0; j < 2; j++)
	{
#pragma omp task input (x >> b[2]) task_name (r12)
	  sink[1] += b[0] + b[1];
	}
    }
}

static void
three_one (void)
{
  int x __attribute__ ((stream));
  int a, b[3];
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < 3; j++)
	{
#pragma omp task output (x << a) firstprivate (i, j) task_name (w31)
	  a = i * j;
	}
#pragma omp task input (x >> b[3]) task_name (r31)
      sink[2] += b[0] + b[1] + b[2];
    }
}

static void
three_two (void)
{
  int x __attribute__ ((stream));
  int a[2], b[3];
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < 3; j++)
	{
#pragma omp task output (x << a[2]) firstprivate (j) task_name (w32)
	  a[0] = a[1] = j;
	}
      for (int j = 0; j < 2; j++)
	{
#pragma omp task input (x >> b[3]) task_name (r32)
	  sink[3] += b[0];
	}
    }
}

static void
reader_first (void)
{
  int x __attribute__ ((stream));
  int a[4], b[2];
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < 2; j++)
	{
#pragma omp task input (x >> b[2]) task_name (rfirst)
	  sink[4] += b[0];
	}
#pragma omp task output (x << a[4]) firstprivate (i) task_name (wlast)
      a[0] = a[1] = a[2] = a[3] = i;
    }
}

int
main (void)
{
  two_one ();
  one_two ();
  three_one ();
  three_two ();
  reader_first ();
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 1\\): eligible: the same loop \\(for at fuse-rate.c:19\\), rate 2:1 \\(writer:reader instances\\), bursts 2 -> 4\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): fused: process __erbium_site_fused_two_one_0, body __erbium_fused_two_one_0, rate 2:1 \\(writer:reader instances, run in creation order, the stream a buffer of 4 elements\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 1 \\(node 2 -> node 3\\): fused: process __erbium_site_fused_one_two_1, body __erbium_fused_one_two_1, rate 1:2 \\(writer:reader instances, run in creation order, the stream a buffer of 4 elements\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 2 \\(node 4 -> node 5\\): fused: process __erbium_site_fused_three_one_2, body __erbium_fused_three_one_2, rate 3:1 \\(writer:reader instances, run in creation order, the stream a buffer of 3 elements\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 3 \\(node 6 -> node 7\\): not fused: not eligible: the rate ratio 3:2 is not an integer\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 4 \\(node 9 -> node 8\\): not fused: rate 1:2: the reader is created before the writer in each run of their loop: a process fused in creation order would read before writing\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "process fuse-rate.c:23 in two_one: fused sites, body __erbium_fused_two_one_0, nodes 0 \\(fuse-rate.c:23\\), 1 \\(fuse-rate.c:26\\), each instance one of them, run in creation order" erbium-tasks } } */
