/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The finalizer idiom: every task of an iteration writes one token to a
   stream, and one last task reads as many tokens as there were tasks,
   finalizer >> view[count], so that it runs after all of them and sees
   what they stored (OMP-STREAM-SPEC.md 6.12, after examples/fmradio).
   Three iterations of five workers: worker w of iteration it stores
   10 * it + w * w in part[] through its pointer and writes the token w;
   the iteration's finalizer reads its five tokens (a window whose size,
   count, is a run-time value) and sums the iteration's parts:
   0+1+4+9+16 = 30, 80, 130.  The tokens reach it in creation order,
   0 1 2 3 4.  */
/* { dg-do run } */
/* { dg-output "idiom-finalizer: totals 30 80 130, tokens in order: ok" } */

#include "check.h"

int
main (int argc, char **argv)
{
  int fin __attribute__ ((stream));
  int count = argc > 100 ? 1 : 5;
  int tk;
  int toks[count];
  int part[15], total[3] = { -1, -1, -1 }, inorder[3] = { -1, -1, -1 };
  int want[3] = { 30, 80, 130 };
  int ones[3] = { 1, 1, 1 };
  int *pp = part, *tp = total, *op = inorder;

  (void) argv;
  for (int it = 0; it < 3; it++)
    {
      for (int w = 0; w < count; w++)
	{
	  part[it * 5 + w] = -1;
#pragma omp task output (fin << tk) firstprivate (pp, it, w)
	  {
	    pp[it * 5 + w] = 10 * it + w * w;
	    tk = w;
	  }
	}
#pragma omp task input (fin >> toks[count]) firstprivate (pp, tp, op, it, count)
      {
	int sum = 0, ok = 1;
	for (int j = 0; j < count; j++)
	  {
	    sum += pp[it * 5 + j];
	    ok &= toks[j] == j;
	  }
	tp[it] = sum;
	op[it] = ok;
      }
    }

#pragma omp taskwait

  CHECK_INTS (total, want, 3);
  CHECK_INTS (inorder, ones, 3);
  return check_done ("idiom-finalizer", "totals %s, tokens %s",
		     check_text (total, 3),
		     inorder[0] && inorder[1] && inorder[2] ? "in order"
		     : "out of order");
}
