/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cholesky-gomp.c -- the "gomp-depend" implementation of the grain
   benchmark cholesky (cholesky.h): one libgomp task per tile kernel,
   created in the sequential loop nest's order, with depend(inout) on
   the tile it updates and depend(in) on the tiles it reads (one
   sentinel per tile), libgomp's default team (one thread per core),
   OpenBLAS's kernels on one thread each.

   Usage: grain-cholesky-gomp [--log2 L] [--block-log2 B] [--verify].
   Prints the summary line (grain.h); exit status 0, 1 on a wrong
   result, 2 on bad usage.  */
#include "cholesky.h"

int
main (int argc, char **argv)
{
  static const char prog[] = "grain-cholesky-gomp";
  struct chol_run r;
  if (chol_setup (argc, argv, prog, &r, 1))
    return 2;
  long nt = r.nt;
  char *dep = grain_alloc (prog, nt * nt, 1);
  struct chol_run *rp = &r;
  int info = 0, *ip = &info;

  double t0 = grain_now ();
#pragma omp parallel
#pragma omp single
  for (long k = 0; k < nt; k++)
    {
#pragma omp task depend(inout: dep[k * nt + k]) firstprivate(rp, k, ip)
      {
	int e = chol_potrf (rp, k);
	if (e)
	  __atomic_store_n (ip, e, __ATOMIC_RELAXED);
      }
      for (long i = k + 1; i < nt; i++)
	{
#pragma omp task depend(inout: dep[i * nt + k]) depend(in: dep[k * nt + k]) firstprivate(rp, k, i)
	  chol_trsm (rp, k, i);
	}
      for (long i = k + 1; i < nt; i++)
	{
#pragma omp task depend(inout: dep[i * nt + i]) depend(in: dep[i * nt + k]) firstprivate(rp, k, i)
	  chol_syrk (rp, k, i);
	  for (long j = k + 1; j < i; j++)
	    {
#pragma omp task depend(inout: dep[i * nt + j]) depend(in: dep[i * nt + k], dep[j * nt + k]) firstprivate(rp, k, i, j)
	      chol_gemm (rp, k, i, j);
	    }
	}
    }
  /* The parallel region's end waits for every task.  */
  double secs = grain_now () - t0;
  free (dep);
  return chol_finish (prog, "gomp-depend", &r, info, secs);
}
