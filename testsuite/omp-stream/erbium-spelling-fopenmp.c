/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The erbium spelling of the pragmas in a unit compiled with -fopenmp:
   erbium-spelling.c again, unchanged, with the same results (its first
   comment says what they prove).  */
/* { dg-do run } */
/* { dg-options "-fopenmp" } */
/* { dg-output "erbium-spelling: 22 102 5: ok" } */

#include "erbium-spelling.c"
