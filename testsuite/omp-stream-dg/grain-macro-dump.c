/* SPDX-License-Identifier: GPL-3.0-or-later */ /* #pragma erbium grain written with _Pragma in a macro right before a
   task pragma: the site gets its settings.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#define NOFUSE _Pragma ("erbium grain fuse (never)")

void
h (void)
{
  int a __attribute__ ((stream));
  int w;
  NOFUSE
#pragma omp task output (a << w)
  w = 1;
}
/* { dg-final { scan-plugin-dump "  grain: fuse never, split auto \\(#pragma erbium grain at grain-macro-dump.c:11\\)\n" erbium-tasks } } */
