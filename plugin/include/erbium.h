/* SPDX-License-Identifier: GPL-3.0-or-later */
/* erbium.h -- the Erbium language for C, as compiled by the Erbium GCC
   plugin (Miranda et al., "Erbium: a deterministic, concurrent
   intermediate representation to map data-flow tasks to scalable,
   persistent streaming processes", CASES 2010, section 3 and Figure 2).

   The paper's pseudo-C is spelled with the macros below; the README's
   "The language" table gives the paper -> C mapping.  Each macro expands
   to a GNU attribute the plugin registers (process, record(T), view(T)),
   to a marker call the plugin rewrites (new_record, new_read_view,
   new_write_view, run), or to a call of the runtime's C API
   (<erbium/runtime.h>, compiled in library mode so that every primitive
   is an extern function the plugin can see, keep transparent to the
   optimisers and expand inline late).  The plugin checks the uses it can
   decide statically and reports them as GCC errors and warnings.

   Include this header after the system headers: process and run are
   object-like macros, and record, view, alloc, stall, commit, update,
   receive, receive_range, release, valid_from, free_view, register_view,
   new_record, new_read_view, new_write_view are function-like macros.  */

#ifndef ERBIUM_H
#define ERBIUM_H

#ifndef __ERBIUM__
#error "<erbium.h> is the Erbium language and needs the Erbium GCC plugin: compile with -fplugin=/path/to/erbium.so (or with the erbium-gcc wrapper); plain C programs use <erbium/runtime.h> instead"
#endif

#if defined (ERBIUM_SYNC_H) && !defined (ER_LIBRARY_MODE)
#error "<erbium.h> must be included before <erbium/runtime.h> (it includes it in library mode)"
#endif

/* Every primitive is an extern declaration of liberbium's out-of-line copy;
   the plugin expands them inline after the vectoriser.  */
#ifndef ER_LIBRARY_MODE
#define ER_LIBRARY_MODE 1
#endif
#include <erbium/runtime.h>

#ifdef __cplusplus
#error "<erbium.h>: the Erbium language is implemented for C only (cc1); C++ programs use <erbium/runtime.h>"
#endif

/* Marker functions: the plugin replaces every call of them (front end,
   PLUGIN_PRE_GENERICIZE), so they have no definition.  A call that reaches
   the linker means the plugin did not run.  */
extern void *__erbium_new_record (int __wreg, int __rreg);
extern void *__erbium_new_read_view (const volatile void *__re);
extern void *__erbium_new_write_view (const volatile void *__re);
extern void __erbium_run_marker (void);

/* process p(params) { ... }: paper section 3, "Creation".  Declares (or
   defines) P as a process: a function run by `run p(args)' on a thread of
   its own, on a private copy of its arguments.  Expands to
   `__attribute__((erbium_process)) void', so a process has no return
   value.  Errors (plugin): calling a process without run, taking its
   address, returning a value from it, a variadic or unprototyped process
   with parameters, a process defined inside another function (a GNU C
   nested function: it may outlive that function's frame).  */
#define process __attribute__ ((erbium_process)) void

/* record(T) re: paper section 3, "Data streaming" (`record T re').  The
   type of a record of elements of type T; at run time the value is the
   runtime's er_record *.  Expands to `T *__attribute__((erbium_record))':
   one declarator per declaration (`record(int) a, b;' makes B an int).
   Errors (plugin): subscripting or dereferencing a record, pointer
   arithmetic on it, converting it to another pointer type (er_record *
   aside), to void *, to an integer or to a record or view of another
   element type; an element type T over 1 MiB (the runtime's limit).  */
#define record(T) T *__attribute__ ((erbium_record))

/* view(T) v: paper section 3, "Data streaming" (`view T v').  The type of
   a read or write view of elements of type T; v[i] is element I (the
   paper's v[[i]]), an lvalue of type T.  I is an index like the
   primitives' below, of any integer type, read as they read theirs (an
   int I wraps modulo 2^32, a long one is exact).  At run time the value is the
   runtime's er_view *.  Expands to `T *__attribute__((erbium_view))', one
   declarator per declaration.  Errors (plugin): *v, v + n, &v[i] and
   other pointer uses, converting a view to another pointer type (er_view *
   aside), to void *, to an integer or to a view or record of another
   element type; an element type T over 1 MiB (the runtime's limit).  */
#define view(T) T *__attribute__ ((erbium_view))

/* new_record(wreg, rreg): paper section 3, "Creation".  A fresh record
   whose update calls wait for write views with ids 1..WREG and whose stall
   calls wait for read views with ids 1..RREG to have registered (ints,
   >= 0).  The element type and size come from the record(T) the result is
   converted to (initialised or assigned variable, parameter, field).
   Result: record(T); never NULL.  Errors: the result not converted to a
   record(T) type (plugin error); negative counts (runtime abort,
   er_new_record).  */
#define new_record(wreg, rreg) __erbium_new_record ((wreg), (rreg))

/* new_read_view(re) / new_write_view(re): paper section 3, "Creation".  A
   read (write) view connected to record RE, owned by the calling process,
   indices 0, unregistered, no window until alloc.  Result: view(T), to be
   converted to a view(T) whose T is the record's T.  Errors (plugin): RE
   not a record(T); the result not converted to a view(T); element types
   of the view and the record differ.  At run time (the plugin calls
   er_new_read_view_of / er_new_write_view_of with sizeof (T)): a record
   whose element size is not sizeof (T), reached through an er_record *
   (message naming the record and both sizes, then abort).  */
#define new_read_view(re) __erbium_new_read_view ((re))
#define new_write_view(re) __erbium_new_write_view ((re))

/* register_view(v) / register_view(v, id), also spelled er_register(v)
   and er_register(v, id): paper section 3, "Creation" (`register' is a C
   keyword).  Makes view V a registered view of its record with label ID
   (consecutive positive ints, counted separately for read and write views;
   -1 unregisters).  The one-argument form (the paper's Figure 2
   `register(vi)') takes the lowest id not held by a live view of V's kind
   (er_register_next).  Result: the id (int).  Errors: duplicate id, id 0
   or < -1, hand-over after ER_TERMINATE (runtime abort with a message).  */
#define __ER_SEL2(_1, _2, __name, ...) __name
#define register_view(...) \
  __ER_SEL2 (__VA_ARGS__, __er_register2, __er_register1, ~) (__VA_ARGS__)
#define __er_register1(v) er_register_next ((er_view *) (v))
#define __er_register2(v, id) (er_register) ((er_view *) (v), (id))
#define er_register(...) register_view (__VA_ARGS__)

/* alloc(v, h): paper section 3, "Resource management".  Gives V a sliding
   window of H elements (int, >= 1; the view's horizon); may wait for the
   record's other views to reach a primitive when the buffer grows.  No
   result.  Errors: a constant H <= 0 (plugin error), H <= 0 at run time
   (runtime abort with a message).  */
#define alloc(v, h) er_alloc ((er_view *) (v), (h))

/* Indices.  Every primitive below takes er_index indices (int64_t: long
   on the LP64 targets the runtime supports), in elements from the
   stream's start.  An index that a 32-bit int or unsigned int holds is
   read modulo 2^32 relative to the view's own current index (so int
   counters may wrap past 2^31 and 2^32 forever); any other is exact (so
   long counters are exact for any stream length, and a long index far
   from the window is reported, not folded into it).  erbium/sync.h,
   "Indices", states the rule.  A negative constant index is a warning
   (plugin): indices count from 0.  */

/* stall(v, i): paper section 3, "Resource management".  Write view V may
   write indices below I (er_index) once every registered read view released
   I - h (h: V's horizon, in elements); waits until then.  Nothing when I
   is not above the current stall index.  No result.  Errors (plugin): V
   statically a read view (error); I not above an earlier stall's on
   every path (-Werbium-noop warning: the call does nothing).  At run time
   (er_misuse: a message on stderr, then abort): V a read view, or I more
   than h above V's commit index.  */
#define stall(v, i) er_stall ((er_view *) (v), (i))

/* commit(v, i): paper section 3, "Data streaming".  Write view V publishes
   the indices below I (er_index); nothing when I is not above the current
   commit index; never blocks.  No result.  Errors (plugin): V statically
   a read view (error); I not above an earlier commit's on every path
   (-Werbium-noop warning).  At run time
   (er_misuse, abort): V a read view.  */
#define commit(v, i) er_commit ((er_view *) (v), (i))

/* update(v, i): paper section 3, "Data streaming".  Read view V observes
   the indices below I (er_index); waits until every write view committed
   I.  Result (er_index): I, or on termination a smaller index once (I
   less the indices missing), then 0.  With long indices Figure 2's
   `hd = update (v, hd); if (!hd) break;' stops only at the end of the
   stream; an int hd wraps to 0 every 2^32 indices, and update (v, 0)
   returns 0 there.
   Errors (plugin): V statically a write view (error); I not above the
   result of an earlier update on every path (-Werbium-noop warning).  At
   run time (er_misuse, abort): V a write view, or I
   more than V's horizon above its release index.  */
#define update(v, i) er_update ((er_view *) (v), (i))

/* receive(v, i) / receive_range(v, tl, hd): paper section 3, split-phase
   communication.  Read view V starts fetching indices up to I (from TL to
   HD; er_index); a prefetch hint on shared memory, never blocks, no
   result.
   Errors (plugin): V statically a write view (error).  At run time
   (er_misuse, abort): V a write view.  */
#define receive(v, i) er_receive ((er_view *) (v), (i))
#define receive_range(v, tl, hd) \
  er_receive_range ((er_view *) (v), (tl), (hd))

/* release(v, i): paper section 3, "Resource management".  Read view V
   declares the indices below I (er_index) dead; nothing when I is not above
   the current release index; never blocks.  No result.  Errors (plugin):
   V statically a write view (error); I not above an earlier release's on
   every path (-Werbium-noop warning).  At run time (er_misuse, abort): V a
   write view.  */
#define release(v, i) er_release ((er_view *) (v), (i))

/* valid_from(v, i): the lowest index >= I (er_index) that read view V holds
   or may still obtain.  An unregistered V (an observer) misses the
   indices writers overwrote before it copied them (paper section 3,
   "Creation": non-registered views "may safely miss parts of the data
   stream"; erbium/record.h, er_valid_from, says which are missed).
   Result (er_index, in I's representation): I when V missed none; above
   the update index, where to resume.  Never blocks; no error.  */
#define valid_from(v, i) er_valid_from ((er_view *) (v), (i))

/* free_view(v) / free_view(v, flags): paper section 3, "Termination".  V's
   owner is done with it; FLAGS is ER_HANDOVER (0, the default: another
   view may register V's id and continue) or ER_TERMINATE (1: a write
   view's terminal commit index ends the stream for readers; other values
   count by their bit 0).  V must not be used afterwards.  No result.
   Errors: freeing a view twice (runtime abort with a message naming its
   record and view).  */
#define free_view(...) \
  __ER_SEL2 (__VA_ARGS__, __er_free_view2, __er_free_view1, ~) (__VA_ARGS__)
#define __er_free_view1(v) er_free_view ((er_view *) (v), ER_HANDOVER)
#define __er_free_view2(v, flags) er_free_view ((er_view *) (v), (flags))

/* run p(args): paper section 3, "Creation".  Starts a process running P on
   a private copy of ARGS (copied before run returns), on a thread of its
   own; processes may run processes.  The program waits for every process
   at exit (er_wait_all).  The plugin rewrites the call into er_run with a
   static entry function per process.  No result (a void expression).
   Errors (plugin): run of something that is not a call of a process by
   name (also `run (*&p)(x)'), of a process without a prototype or of a
   process defined as a nested function; an argument that is a record or
   view of another element type than its parameter's.  At run time: thread creation failure
   aborts with a message (er_run).  */
#define run __erbium_run_marker (),

#endif /* ERBIUM_H */
