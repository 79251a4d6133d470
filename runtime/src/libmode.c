/* SPDX-License-Identifier: MIT */
/* Erbium runtime: library mode.

   Compiles the inline primitives of erbium/sync.h once more as exported
   out-of-line functions with the same names, so that programs built with
   -DER_LIBRARY_MODE (and code the plugin leaves as calls) link against
   liberbium.  This file must include nothing that pulls in the inline
   definitions first.  */

#define ER_DEFINE_OUT_OF_LINE 1
#include "erbium/sync.h"
