/* SPDX-License-Identifier: GPL-3.0-or-later */ /* What the lowering cannot capture, and default(none) (OMP-STREAM-SPEC.md
   6.8): a variable-length array whose inner dimensions vary copied into
   the task (firstprivate, OpenMP's default for a local; one that varies
   in its first dimension only is copied after the activation), a
   register variable shared (the task reaches shared data through its
   address), a variable that default(none) does not list, a view in a
   data-sharing clause.  */

void
f (int n)
{
  int x __attribute__ ((stream));
  int v;
  int vla[n], vla2[n][n];
  register int r = 1;
#pragma omp task input (x >> v) /* { dg-error "variable-length array .vla2. cannot be copied into the task \\(firstprivate\\): the lowering cannot capture an array whose inner dimensions vary" } */
  vla2[0][0] = v;
#pragma omp task input (x >> v)
  vla[0] = v;
#pragma omp task input (x >> v) shared (vla)
  vla[0] = v;
#pragma omp task input (x >> v) shared (r) /* { dg-error "register variable .r. cannot be shared with the task" } */
  r = v;
#pragma omp task input (x >> v) default (none) /* { dg-error ".n. not specified in enclosing .#pragma omp task. with .default\\(none\\)." } */
  n = v;
#pragma omp task input (x >> v) default (none) firstprivate (n)
  n = v;
#pragma omp task input (x >> v) firstprivate (v) /* { dg-error "view .v. in a data-sharing clause" } */
  ;
}
