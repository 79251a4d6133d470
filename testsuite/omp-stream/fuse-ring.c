/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Fusion on a serializer ring (docs/omp-stream.md, "The network"): ping
   reads the token stream q and writes p, pong reads p and writes q back;
   two elements seeded on q before the loop let the writer-first schedule
   run (netgrain.cc simulates it).  ping and pong become one process; q
   stays a stream of that process, each instance reading what the
   previous one wrote, as a serializer token.  The values must be those
   of the sequential computation, fused (here) and not
   (fuse-ring-off.c).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
/* { dg-output "fuse-ring: 500 rounds: ok" } */

#include <stdio.h>

#define N 500
static int rec[2 * N];

int
main (void)
{
  int p __attribute__ ((stream));
  int q __attribute__ ((stream));
  int s[2], qi[2], po[2], pi[2], qo[2];
  int *r = rec;
#pragma omp task output (q << s[2])
  s[0] = 1, s[1] = 2;
  for (int i = 0; i < N; i++)
    {
#pragma omp task input (q >> qi[2]) output (p << po[2]) firstprivate (i) task_name (ping)
      for (int k = 0; k < 2; k++)
	po[k] = qi[k] + i;
#pragma omp task input (p >> pi[2]) output (q << qo[2]) firstprivate (r, i) task_name (pong)
      for (int k = 0; k < 2; k++)
	{
	  r[2 * i + k] = pi[k];
	  qo[k] = (pi[k] * 3) % 1009;
	}
    }
#pragma omp taskwait
  int bad = 0, v[2] = { 1, 2 };
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 2; k++)
      {
	int want = v[k] + i;
	if (rec[2 * i + k] != want && bad++ < 10)
	  printf ("rec[%d] = %d, want %d\n", 2 * i + k, rec[2 * i + k], want);
	v[k] = (want * 3) % 1009;
      }
  printf ("fuse-ring: %d rounds: %s\n", N, bad ? "FAILED" : "ok");
  return bad != 0;
}
/* { dg-final { scan-plugin-dump "network fusion edge 1 \\(node 1 -> node 2\\): eligible: \[^\n\]*the schedule running the writer's instances first does not starve\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fuse edge 1 \\(node 1 -> node 2\\): fused: process __erbium_site_fused_main_0" erbium-tasks } } */
