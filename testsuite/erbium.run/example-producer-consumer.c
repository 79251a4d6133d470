/* SPDX-License-Identifier: GPL-3.0-or-later */ /* examples/producer-consumer (the paper's Figure 2 with only mechanical
   changes) with a small N: it prints the consumer's sum and exits non-zero
   when the sum differs from the closed form.  */
/* { dg-do run } */
/* { dg-options "-O3" } */
/* { dg-output "consumer sum 5118400 over 3200 elements, expected 5118400: ok" } */

#define N 3201
#include "../../examples/producer-consumer/producer-consumer.c"
