/* The paper's Figure 2 (figure2.h) compiled at -O0.  */
/* { dg-do run } */
/* { dg-options "-O0" } */
/* { dg-output "consumer sum 599990000, expected 599990000\[^\n\]*\n.*ok: figure 2" } */

#include "figure2.h"
