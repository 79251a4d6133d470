/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The paper's Figure 2 (figure2.h) compiled with -save-temps: the compile
   half reads preprocessed input, where the plugin must not define
   __ERBIUM__ again (it used to be read as a malformed line directive).  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps" } */
/* { dg-output "consumer sum 199990000 over 20000 elements, expected 199990000: ok" } */

#include "figure2.h"
