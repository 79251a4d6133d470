/* SPDX-License-Identifier: MIT */
/* Erbium runtime: the public C API in one include.  See erbium/version.h
   (the version, written by configure), erbium/record.h (records, views,
   registration, windows, termination), erbium/sync.h (the inline
   synchronisation primitives), erbium/process.h (processes and placement)
   and erbium/task.h (OpenMP stream tasks on persistent processes).
   Semantics: Miranda et al., "Erbium", CASES 2010, section 3.  */

#ifndef ERBIUM_RUNTIME_H
#define ERBIUM_RUNTIME_H

#include "erbium/version.h"
#include "erbium/layout.h"
#include "erbium/record.h"
#include "erbium/sync.h"
#include "erbium/process.h"
#include "erbium/task.h"

#endif /* ERBIUM_RUNTIME_H */
