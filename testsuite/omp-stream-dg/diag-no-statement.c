/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A task pragma must be followed by a statement, its body: not by the
   end of the block, a declaration or a label.  */

void
f (int n)
{
  int x __attribute__ ((stream));
  int v;
  {
#pragma omp task input (x >> v) /* { dg-error ".#pragma omp task. must be followed by a statement \\(the task body\\), not a declaration" } */
    int d = 0;
    (void) d;
  }
  {
#pragma erbium task input (x >> v) /* { dg-error ".#pragma erbium task. must be followed by a statement \\(the task body\\)" } */
  }
}
