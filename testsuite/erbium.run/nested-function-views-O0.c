/* SPDX-License-Identifier: GPL-3.0-or-later */ /* GNU C nested functions using views (nested-function-views.h) at -O0.  */
/* { dg-do run } */
/* { dg-options "-O0" } */
/* { dg-output "sum 4999950000, expected 4999950000: ok" } */

#include "nested-function-views.h"
