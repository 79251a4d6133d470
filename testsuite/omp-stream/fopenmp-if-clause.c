/* SPDX-License-Identifier: GPL-3.0-or-later */ /* form-if-clause.c compiled with -fopenmp: the if clause of a stream
   task keeps its meaning (undeferred when false) with GCC's OpenMP on.
   Same results; that file's first comment says what they prove.  */
/* { dg-do run } */
/* { dg-options "-fopenmp" } */
/* { dg-output "form-if-clause: at once 10, deferred 7, mixed 55: ok" } */

#include "form-if-clause.c"
