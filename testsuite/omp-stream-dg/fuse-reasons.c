/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Edges not fused, and why (docs/omp-stream.md, "The network"): the
   dump's "network fuse edge" line gives the eligibility reason, the
   decision of fuse=auto, or what the plugin's fusion does not support.
   A broadcast (one writer, two readers); an unknown burst; a creation
   of another site between the two creations; a heavy body under auto,
   and the same with #pragma erbium grain fuse (always).  Fused: a rate
   2:1 edge (in creation order), a serializer ring of two sites seeded
   before the loop (fused writer first, the stream back staying one of
   the process), and a stream also drained by a tick after the loop
   (the drain finds nothing left).  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#define N 16
int sink[64];

static void
rate (void)
{
  int x __attribute__ ((stream));
  int a[2], b[4];
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < 2; j++)
	{
#pragma omp task output (x << a[2]) firstprivate (j) task_name (twice)
	  a[0] = a[1] = j;
	}
#pragma omp task input (x >> b[4]) task_name (once)
      sink[0] += b[0];
    }
}

static void
broadcast (void)
{
  int x __attribute__ ((stream));
  int w, r1, r2;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (x << w) firstprivate (i) task_name (bsrc)
      w = i;
#pragma omp task peek (x >> r1) task_name (bpeek)
      sink[1] += r1;
#pragma omp task input (x >> r2) task_name (bin)
      sink[2] += r2;
    }
}

static void
ring (void)
{
  int p __attribute__ ((stream));
  int q __attribute__ ((stream));
  int s, pi, po, qi, qo;
#pragma omp task output (q << s)
  s = 1;
  for (int i = 0; i < N; i++)
    {
#pragma omp task input (q >> qi) output (p << po) task_name (ping)
      po = qi + 1;
#pragma omp task input (p >> pi) output (q << qo) task_name (pong)
      qo = pi * 2;
    }
}

static void
unknown (int n)
{
  int x __attribute__ ((stream));
  int w[64], r[64];
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (x << w[n]) task_name (usrc)
      w[0] = 1;
#pragma omp task input (x >> r[n]) task_name (usink)
      sink[3] += r[0];
    }
}

static void
between (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int w, r, v, u;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (x << w) firstprivate (i) task_name (xsrc)
      w = i;
#pragma omp task output (y << v) firstprivate (i) task_name (ysrc)
      v = i;
#pragma omp task input (x >> r) task_name (xsink)
      sink[4] += r;
#pragma omp task input (y >> u) task_name (ysink)
      sink[5] += u;
    }
}

static void
drained (void)
{
  int x __attribute__ ((stream));
  int w, r;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (x << w) firstprivate (i) task_name (dsrc)
      w = i;
#pragma omp task input (x >> r) task_name (dsink)
      sink[6] += r;
    }
#pragma omp tick (x >> 1)
}

static int
work (int v)
{
  for (int a = 0; a < 100; a++)
    for (int b = 0; b < 100; b++)
      v = v * 3 + a - b;
  return v;
}

static void
heavy (void)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int w, r, v, u;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (x << w) firstprivate (i) task_name (hsrc)
      w = work (i);
#pragma omp task input (x >> r) task_name (hsink)
      sink[7] += r;
#pragma erbium grain fuse (always)
#pragma omp task output (y << v) firstprivate (i) task_name (asrc)
      v = work (i);
#pragma omp task input (y >> u) task_name (asink)
      sink[8] += u;
    }
}

int
main (int argc, char **argv)
{
  rate ();
  broadcast ();
  ring ();
  unknown (argc);
  between ();
  drained ();
  heavy ();
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network fuse edge 0 \\(node 0 -> node 1\\): fused: process __erbium_site_fused_rate_0, body __erbium_fused_rate_0, rate 2:1 \\(writer:reader instances, run in creation order, the stream a buffer of 4 elements\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 1 \\(node 2 -> node 3\\): not fused: the reader's access is a peek: the plugin fuses an output read by an input only\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 2 \\(node 2 -> node 4\\): not fused: stream x in broadcast has another end \\(edge 1\\): the plugin fuses a stream with one writer and one reader only\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 4 \\(node 6 -> node 7\\): eligible: \[^\n\]*the schedule running the writer's instances first does not starve\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 4 \\(node 6 -> node 7\\): fused: process __erbium_site_fused_ring_1, body __erbium_fused_ring_1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 6 \\(node 8 -> node 9\\): not fused: not eligible: the writer's burst is unknown: n, evaluated at creation\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 7 \\(node 10 -> node 12\\): not fused: a call of er_task_create at fuse-reasons.c:89 stands between the creations: moving them would cross it\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 9 \\(node 14 -> node 15\\): fused: process __erbium_site_fused_drained_2, body __erbium_fused_drained_2\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 11 \\(node 16 -> node 17\\): not fused: auto: the body of node 16 is not cheap \\(\[0-9\]+ estimated operations per instance, more than 4096\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 12 \\(node 18 -> node 19\\): fused: process __erbium_site_fused_heavy_3, body __erbium_fused_heavy_3\n" erbium-tasks } } */
