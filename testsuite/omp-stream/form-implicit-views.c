/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Implicit views: input (x), output (x) and peek (x) on an unsubscripted
   stream declare, inside the body only, a variable named x of the
   stream's element type: burst 1, horizon 1 (peek: burst 0); several
   implicit views may share one clause (OMP-STREAM-SPEC.md 3.2, first
   row; 3.1).  Element types double, char and a struct.  Round i
   (0 .. 3) writes d = 1.5 i, which a peek and then an input read (the
   line shows 2d = 3i and 4d = 6i), and c = 'a' + i with
   s = { 100 i, 'A' + i } in one clause output (c, s), read back by
   input (c, s): the string "abcd" and s.a + s.b = 100 i + 65 + i.  */
/* { dg-do run } */
/* { dg-output "form-implicit-views: peek 0 3 6 9, input 0 6 12 18, abcd, 65 166 267 368: ok" } */

#include "check.h"

struct pt
{
  short a;
  char b;
};

int
main (void)
{
  double d __attribute__ ((stream));
  char c __attribute__ ((stream));
  struct pt s __attribute__ ((stream));
  int pk[4], in[4], sa[4];
  char str[5] = "????";
  int want_pk[4] = { 0, 3, 6, 9 };
  int want_in[4] = { 0, 6, 12, 18 };
  int want_sa[4] = { 65, 166, 267, 368 };
  int *pp = pk, *ip = in, *sp = sa;
  char *cp = str;

  for (int i = 0; i < 4; i++)
    {
      pk[i] = in[i] = sa[i] = -1;
#pragma omp task output (d) firstprivate (i)
      d = 1.5 * i;
#pragma omp task peek (d) firstprivate (pp, i)
      pp[i] = (int) (2 * d);
#pragma omp task input (d) firstprivate (ip, i)
      ip[i] = (int) (4 * d);

#pragma omp task output (c, s) firstprivate (i)
      {
	c = 'a' + i;
	s.a = 100 * i;
	s.b = 'A' + i;
      }
#pragma omp task input (c, s) firstprivate (cp, sp, i)
      {
	cp[i] = c;
	sp[i] = s.a + s.b;
      }
    }

#pragma omp taskwait

  CHECK_INTS (pk, want_pk, 4);
  CHECK_INTS (in, want_in, 4);
  CHECK_INTS (sa, want_sa, 4);
  CHECK_EQ (strcmp (str, "abcd"), 0);
  return check_done ("form-implicit-views", "peek %s, input %s, %s, %s",
		     check_text (pk, 4), check_text (in, 4), str,
		     check_text (sa, 4));
}
