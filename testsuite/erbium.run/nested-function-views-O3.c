/* SPDX-License-Identifier: GPL-3.0-or-later */ /* GNU C nested functions using views (nested-function-views.h) at -O3.  */
/* { dg-do run } */
/* { dg-options "-O3" } */
/* { dg-output "sum 4999950000, expected 4999950000: ok" } */

#include "nested-function-views.h"
