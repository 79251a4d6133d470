/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-ivmerge takes 0 or 1: another value is an error
   that names the argument and the values it takes, and the plugin does
   not start.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-erbium-ivmerge=2" } */
/* { dg-error "argument .ivmerge=2.: expected 0 or 1" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
