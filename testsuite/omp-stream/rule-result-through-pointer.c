/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Results reach the control program through a pointer passed
   firstprivate: the pointer is copied, the memory it points to is the
   control program's, and a taskwait makes the writes visible
   (OMP-STREAM-SPEC.md 6.8: "Results go back to the control program by
   writing through a pointer that was passed firstprivate").  Sixteen
   tasks without stream clauses write sq[i] = i * i into main's array
   (sum 1240); a reader of eight elements 3k + 2 fills a struct through
   its pointer (sum 100, count 8, first 2); a task writes 77 into heap
   memory; a task hands its pointer on to a child it creates and waits
   for, and the child writes 5.  */
/* { dg-do run } */
/* { dg-output "rule-result-through-pointer: sq 1240, struct 100 8 2, heap 77, nested 5: ok" } */

#include "check.h"

struct result
{
  long sum;
  int count;
  int first;
};

int
main (void)
{
  int x __attribute__ ((stream));
  int w, v[8];
  int sq[16];
  struct result res = { -1, -1, -1 };
  struct result *rp = &res;
  int *sqp = sq;
  int *heap = (int *) malloc (sizeof *heap);
  int deep = -1;
  int *deepp = &deep;

  *heap = -1;
  for (int i = 0; i < 16; i++)
    {
      sq[i] = -1;
#pragma omp task firstprivate (sqp, i)
      sqp[i] = i * i;
    }

  for (int k = 0; k < 8; k++)
    {
#pragma omp task output (x << w) firstprivate (k)
      w = 3 * k + 2;
    }
#pragma omp task input (x >> v[8]) firstprivate (rp)
  {
    rp->sum = 0;
    for (int j = 0; j < 8; j++)
      rp->sum += v[j];
    rp->count = 8;
    rp->first = v[0];
  }

#pragma omp task firstprivate (heap)
  *heap = 77;

#pragma omp task firstprivate (deepp)
  {
#pragma omp task firstprivate (deepp)
    *deepp = 5;
#pragma omp taskwait
  }

#pragma omp taskwait

  int sqsum = 0;
  for (int i = 0; i < 16; i++)
    {
      CHECK_EQ (sq[i], i * i);
      sqsum += sq[i];
    }
  CHECK_EQ (res.sum, 100);
  CHECK_EQ (res.count, 8);
  CHECK_EQ (res.first, 2);
  CHECK_EQ (*heap, 77);
  CHECK_EQ (deep, 5);
  int rc = check_done ("rule-result-through-pointer",
		       "sq %d, struct %ld %d %d, heap %d, nested %d", sqsum,
		       res.sum, res.count, res.first, *heap, deep);
  free (heap);
  return rc;
}
