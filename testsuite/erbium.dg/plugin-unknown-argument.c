/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An unknown plugin argument is an error that names it and every valid
   argument (plugin.cc's erbium_args), and the plugin does not start.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-erbium-bogus" } */
/* { dg-error "unknown argument .-fplugin-arg-erbium-bogus.; valid arguments are: lower, window, check, stripmine, burst, loopalign, ivmerge, dump, graph, fuse, split, Werror, Wno-error, version, help" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
