/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A graph file that cannot be written is a GCC error naming it (not an
   internal compiler error).  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-graph=no-such-directory/net.dot" } */
int
main (void)
{
  int x __attribute__ ((stream));
  int v;
#pragma omp task output (x << v)
  v = 1;
#pragma omp task input (x >> v)
  v++;
#pragma omp taskwait
  return 0;
}
/* { dg-error "erbium plugin: cannot write the network graph .no-such-directory/net.dot.: No such file or directory" "" { target *-*-* } 0 } */
