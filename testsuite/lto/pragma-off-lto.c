/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Link-time optimisation: -Wno-erbium-burst-pragma at the compile keeps
   the #pragma erbium burst warnings of pragma-ignored-lto.c (the same
   program, included) from the link, where the strip-miner runs (lto1):
   cc1 records the warning's state with each pragma, since lto1 does not
   see the compile's options.  No warning (dg's excess-errors check).  */
/* { dg-do link } */
/* { dg-options "-O3 -flto -Wno-erbium-burst-pragma" } */

#include "pragma-ignored-lto.c"
