/* Erbium runtime: the public C API in one include.  See erbium/record.h
   (records, views, registration, windows, termination), erbium/sync.h (the
   inline synchronisation primitives) and erbium/process.h (processes and
   placement).  Semantics: Miranda et al., "Erbium", CASES 2010, section 3.  */

#ifndef ERBIUM_RUNTIME_H
#define ERBIUM_RUNTIME_H

#include "erbium/layout.h"
#include "erbium/record.h"
#include "erbium/sync.h"
#include "erbium/process.h"

#endif /* ERBIUM_RUNTIME_H */
