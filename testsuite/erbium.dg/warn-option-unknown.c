/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A -Wno-erbium-NAME that names no warning of the plugin gets a warning
   listing them (GCC would ignore it silently); an unknown name in the
   plugin arguments Werror= and Wno-error= is an error, and the plugin
   does not start.  */
/* { dg-do compile } */
/* { dg-options "-Wno-erbium-nop -fplugin-arg-erbium-Wno-error=erbium-noop,erbium-bogus" } */
/* { dg-warning ".-Wno-erbium-nop. names no warning of the plugin; its warnings are erbium-noop, erbium-burst-pragma" "" { target *-*-* } 0 } */
/* { dg-error "argument .Wno-error=erbium-noop,erbium-bogus.: unknown warning .erbium-bogus.; the warnings are erbium-noop, erbium-burst-pragma" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int x;
