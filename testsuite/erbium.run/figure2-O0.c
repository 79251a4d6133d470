/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The paper's Figure 2 (figure2.h) compiled at -O0.  */
/* { dg-do run } */
/* { dg-options "-O0" } */
/* { dg-output "consumer sum 199990000 over 20000 elements, expected 199990000: ok" } */

#include "figure2.h"
