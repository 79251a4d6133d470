/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A bad value of -fplugin-arg-erbium-fuse is an error naming the
   argument and the values allowed, and the plugin does not start.  */
/* { dg-options "-fplugin-arg-erbium-fuse=some" } */
/* { dg-error "argument .fuse=some.: expected auto, off or all" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
