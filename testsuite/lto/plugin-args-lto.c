/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Plugin arguments reach lto1: with -fplugin-arg-erbium-lower=0 on the
   command line that links -flto objects, erbium-lower does not run at
   the link, and the primitives stay calls into liberbium; the program
   is right either way.  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -fplugin-arg-erbium-lower=0" } */
/* { dg-output "consumer sum 199990000 over 20000 elements, expected 199990000: ok" } */
/* { dg-final { scan-executable-calls {er_commit} } } */
/* { dg-final { scan-executable-calls {er_update} } } */

#include "../erbium.run/figure2.h"
