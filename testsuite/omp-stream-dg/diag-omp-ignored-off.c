/* -Wno-erbium-omp-ignored turns the warning off.  */
/* { dg-options "-O2 -Wno-erbium-omp-ignored" } */

void
f (int k)
{
  int x __attribute__ ((stream));
  int v = 0;
#pragma omp task input (x >> v)
  k = v;
}
