/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-loopalign takes 0, 1 or all: another value is an
   error that names the argument and the values it takes, and the plugin
   does not start.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-erbium-loopalign=2" } */
/* { dg-error "argument .loopalign=2.: expected 0, 1 or all" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
