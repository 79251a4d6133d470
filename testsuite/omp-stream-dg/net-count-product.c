/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Instance counts multiply the trip counts of the loops around a
   creation: 1024 times 2^30 is 2^40, whichever loop is the outer one,
   and 2^30 times 2^30 is 2^60, counts the network gives; only a product
   above 2^60 is unknown.  The dump only is checked, nothing runs.  */
/* { dg-options "-O0 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
int
main (void)
{
  int x __attribute__ ((stream));
  int w, r;
  for (long i = 0; i < 1024; i++)
    for (long j = 0; j < (1L << 30); j++)
      {
#pragma omp task output (x << w) task_name (put)
	w = 1;
#pragma omp task input (x >> r) task_name (get)
	r += w;
      }
  for (long i = 0; i < (1L << 30); i++)
    for (long j = 0; j < 1024; j++)
      {
#pragma omp task output (x << w) task_name (put2)
	w = 1;
      }
  for (long i = 0; i < (1L << 30); i++)
    for (long j = 0; j < (1L << 30); j++)
      {
#pragma omp task input (x >> r) task_name (get2)
	r += 1;
      }
  for (long i = 0; i < (1L << 31); i++)
    for (long j = 0; j < (1L << 30); j++)
      {
#pragma omp task input (x >> r) task_name (get3)
	r += 1;
      }
#pragma omp taskwait
  return 0;
}
/* { dg-final { scan-plugin-dump "network node 0: site net-count-product.c:14 \\(put\\), \[^\\n\]*, instances 1099511627776\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 2: site net-count-product.c:22 \\(put2\\), \[^\\n\]*, instances 1099511627776\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: site net-count-product.c:28 \\(get2\\), \[^\\n\]*, instances 1152921504606846976\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 4: site net-count-product.c:34 \\(get3\\), \[^\\n\]*, instances unknown \\(more than 2\\^60\\)\n" erbium-tasks } } */
