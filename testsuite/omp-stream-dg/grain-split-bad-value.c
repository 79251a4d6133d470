/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A bad value of -fplugin-arg-erbium-split (here none) is an error
   naming the argument and the values allowed, and the plugin does not
   start.  */
/* { dg-options "-fplugin-arg-erbium-split" } */
/* { dg-error "argument .split=.: expected auto or off" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
