/* SPDX-License-Identifier: MIT */
/* Erbium runtime: OpenMP stream tasks on persistent processes (the
   OpenMP stream extension of Pop and Cohen, in the syntax OpenStream
   kept; the Erbium paper's title: "map data-flow tasks to scalable,
   persistent streaming processes").

   A stream (er_stream) is an unbounded sequence of elements of one size.
   Tasks never see it directly: each instance of a task gets *windows*,
   contiguous runs of stream elements, for its accesses.  Which positions
   an access gets is decided when the instance is *created*, in the
   creating control program's order, whatever the task site:
     output of burst B      positions [w, w + B), the write counter w += B
     input of horizon H,    positions [r, r + H), the read counter r += B
       burst B <= H           (B == H is the usual input; B < H a sliding
                               window)
     peek of horizon H      positions [r, r + H), r unchanged
     tick of N              positions [r, r + N) discarded, r += N
   An instance runs once every position of its input and peek windows has
   been written; the data of a position is kept until every access that
   reads it has finished (an input, the peeks before it, a tick).  So the
   result does not depend on when instances run: a program whose writers
   of each stream are created by one sequential control flow, and whose
   readers too, is deterministic.  A reader may be created before the
   writers that fill its window, a writer burst may straddle two reader
   windows, and an input window may be larger than its burst: positions
   make all of these well defined (OMP-STREAM-SPEC.md, section 6).

   Task *sites* (one per task pragma in the source) run as persistent
   processes (er_run): fibers of one worker thread per core, unless the
   program asked for threads (er_use_fibers (0) before its first task) or
   ERBIUM_FIBERS=0 says so.  A site's process waits for its windows at
   every instance, and a fiber gives its core to another in user space,
   where a thread goes through the kernel; a body runs without a switch
   (it gives its core away only in a taskwait or an undeferred task), so
   it must not wait for another task by other means than streams (a lock
   another task holds across a taskwait, polling shared memory).  A
   site's
   process is started at its first instance and runs the instances it is
   given in creation order, waiting for each one's input windows and for
   room for its output windows, then calling the site's body with the
   windows.  The control program never waits for data when it creates an
   instance (the activations queue up, memory may grow); stream buffers
   are bounded and grown when every process waits (below), so no program
   that finishes with unbounded buffers deadlocks here.

   Errors (misuse, a tick that does not match the peeks before it, a
   deadlock) print a message naming the stream (by the name given at
   creation), the positions and the task site, and stop the program
   (abort, or exit status ER_EXIT_DEADLOCK for a deadlock).  */

#ifndef ERBIUM_TASK_H
#define ERBIUM_TASK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A stream of the OpenMP stream extension.  */
typedef struct er_stream er_stream;

/* Create a stream of elements of ESIZE bytes (1 .. 2^20), named NAME in
   messages (the source's spelling, "x" or "xs[3]"; copied; NULL names it
   by its serial number).  Its reference count is 1: the declaring block
   holds it.  Bad ESIZE is a misuse (message, abort).  OMP-STREAM-SPEC.md
   section 2.1: `T x __attribute__((stream))' in a block.  */
er_stream *er_stream_new (size_t esize, const char *name);

/* Create N streams of ESIZE bytes into HANDLES[0 .. N-1] (an array of
   streams, N may be a run-time value: a VLA of streams), named
   "NAME[k]".  Each has reference count 1.  N < 0 is a misuse.  */
void er_stream_new_array (er_stream **handles, int64_t n, size_t esize,
			  const char *name);

/* Take (er_stream_retain) or drop (er_stream_release) a reference to S.
   The declaring block holds one until it exits; every task instance
   holds one on each stream it accesses from its creation until it has
   finished, and the plugin takes one for a stream handle copied into a
   task (firstprivate), dropped when that instance ends.  When the last
   reference goes, S is destroyed: unread data is discarded (writers whose
   data nobody reads do not hold it up: OMP-STREAM-SPEC.md 6.9).  A
   release below 0 is a misuse.  */
void er_stream_retain (er_stream *s);
void er_stream_release (er_stream *s);

/* The element size of S, in bytes.  */
size_t er_stream_esize (const er_stream *s);

/* Access kinds (er_task_access.kind).  */
#define ER_ACCESS_INPUT 1
#define ER_ACCESS_OUTPUT 2
#define ER_ACCESS_PEEK 3

/* One stream access of a task instance, as the task's clauses give it:
   STREAM, KIND, and BURST and HORIZON in elements.  An output has
   HORIZON == BURST >= 1 (its window is its burst); an input has
   1 <= BURST <= HORIZON; a peek has BURST == 0 and HORIZON >= 1.
   Anything else is a misuse naming the stream and the site.  */
struct er_task_access
{
  er_stream *stream;
  int kind;
  int64_t burst;
  int64_t horizon;
};

/* A task site: one task pragma of the source.  The plugin emits one
   static, zero-initialised except for the fields below, per site; the
   runtime keeps its state in RT.  BODY runs one instance: ARGS is the
   instance's copy of the ARGS_SIZE bytes given to er_task_create (its
   firstprivate values), and WINDOWS[k] the address of the window of its
   access k: HORIZON contiguous elements for an input or a peek (written
   data, read-only), BURST for an output (to be written, every element:
   the stream's positions are the instance's whatever it leaves in them).
   The windows are valid until BODY returns.  */
typedef struct er_site
{
  void (*body) (void *args, void *const *windows);
  const char *where;		/* "file.c:LINE" of the pragma */
  int flags;			/* ER_SITE_* */
  void *rt;			/* runtime state; NULL until the first
				   instance */
} er_site;

/* er_site.flags.  ER_SITE_PER_INSTANCE: each instance runs on a process
   of its own, started when it is created, instead of in creation order
   on the site's one process: for a site whose instances may wait for
   later instances of the same site (recursion through the site, a
   taskwait in its body), which one process would deadlock on.  */
#define ER_SITE_PER_INSTANCE 1

/* er_site.flags: splitting a site into workers.  ER_SITE_SPLIT says
   that the site's instances keep no state from one to the next (no
   serializer token, no stream both written and read by the site, no
   memory of their own kept between instances: the plugin proves it,
   docs/omp-stream.md, "The network"), so that they may run on W
   persistent processes, the site's *workers*, instead of one: instance
   K of the site (K counts its deferred instances in creation order,
   those of er_task_create_range too) runs on worker K mod W, and each
   worker runs its instances in creation order.  Positions are still
   those assigned at creation, and a stream's frontiers move over an
   instance only once it and every instance before it are done, so what
   every reader sees, and the results, are those of W = 1 (bit for bit).
   W is ER_SITE_WORKERS_OF (flags), 1 .. 1024 (1: not split); 0 lets the
   runtime choose (auto) from the cores it finds (hwloc) and the site's
   share of the program's work, ER_SITE_SHARE_OF (flags), a percentage
   1 .. 100 (0: not known; the plugin's static estimate: docs/omp-stream.md,
   "The network"): W = share x cores / 100, rounded to the nearest, at
   least 1 and at most the cores; an unknown share takes every core.
   ERBIUM_SPLIT=N in the environment makes W = N for every site flagged
   ER_SITE_SPLIT (1: none is split).  ER_SITE_PER_INSTANCE wins over
   ER_SITE_SPLIT.  Sites compiled before these flags existed (flags 0 or
   1) run on one process, as they did: the er_site layout is unchanged.
   More than 1024 workers or a share above 100 is reported at the site's
   first instance (message, abort).  */
#define ER_SITE_SPLIT 2
#define ER_SITE_WORKERS(w) (((w) & 0xfff) << 8)
#define ER_SITE_SHARE(p) (((p) & 0xff) << 20)
#define ER_SITE_WORKERS_OF(flags) (((flags) >> 8) & 0xfff)
#define ER_SITE_SHARE_OF(flags) (((flags) >> 20) & 0xff)

/* The choice between the two schedules the plugin compiled for a group
   of task sites it could fuse (docs/omp-stream.md, "Grain": fuse=auto):
   whether the group's instances go to FUSED, the site of the process
   that runs them in creation order (returns 1), or to the sites'
   own processes (returns 0).  PROCESSES is the number of processes of
   the unit without this fusion (one per task site).  Decided at the
   first call and kept in *CHOICE (0: not yet, 1: fused, 2: not), a
   static of the creating code that only its control program uses: fused
   when ERBIUM_FUSE=1, not when ERBIUM_FUSE=0, else (auto, or unset) when
   PROCESSES exceed the cores found (hwloc, er_ncores): each process
   could not have a core of its own.  ERBIUM_PLACEMENT_REPORT=1 prints
   the choice.  Another value of ERBIUM_FUSE warns once on stderr, naming
   the variable and the value, and keeps auto (docs/environment.md).  */
int er_task_fuse_choice (const er_site *fused, int processes, int *choice);

/* er_task_create's FLAGS.  ER_TASK_UNDEFERRED: the task's `if' clause
   was false: the creating control program runs the instance itself,
   after its positions are assigned, waiting for its windows (OpenMP's
   undeferred task).  */
#define ER_TASK_UNDEFERRED 1

/* Create an instance of SITE: copy the ARGS_SIZE bytes at ARGS (the
   firstprivate values; may be 0), assign the positions of its NACC
   accesses ACC[0 .. NACC-1] in that order (as the table at the top of
   this file says; ACC is copied), take a reference on each access's
   stream, count the instance as a child of the calling task (the
   control program: main, or the body of the instance running in the
   calling process) for er_taskwait, and give it to SITE's process,
   starting that process at SITE's first instance.  Never waits for
   data (with ER_TASK_UNDEFERRED, runs the instance in the caller).
   Positions on one stream are assigned under the stream's lock, so
   instances created concurrently by several tasks get disjoint positions,
   in an order that depends on timing (OMP-STREAM-SPEC.md 6.2).  Misuse
   (a bad access, or a window past what a stream's buffer holds: 2^29
   elements and 2^38 bytes, a quarter of its bounds) is reported naming
   the stream, the access and SITE.  */
void er_task_create (er_site *site, const void *args, size_t args_size,
		     const struct er_task_access *acc, int nacc, int flags);

/* One firstprivate field of the activation that varies from instance
   to instance of a range (er_task_create_range): the WIDTH bytes (1, 2,
   4 or 8) at byte OFFSET of ARGS hold, in instance K, their value in
   ARGS plus K * STEP, computed modulo 2^(8 * WIDTH) (an integer or a
   pointer, STEP in its units: bytes for a pointer).  */
struct er_task_step
{
  uint32_t offset;
  uint32_t width;
  int64_t step;
};

/* Create N instances of SITE at once, as N calls of er_task_create in a
   row would (the static conversion of a site in a counted loop: the
   plugin's erbium-taskloop pass, docs/omp-stream.md, "Static conversion"): instance
   K (0 <= K < N) gets the ARGS_SIZE bytes at ARGS with the NSTEPS
   fields STEPS[0 .. NSTEPS-1] advanced K times (er_task_step), and the
   accesses ACC[0 .. NACC-1] (the same streams, kinds, bursts and
   horizons for every instance) at the positions the table at the top
   of this file gives them, instance after instance: an access of burst
   B starts K * B after instance 0's.  The positions of all N are
   reserved now, each stream side once; SITE's process then runs the
   instances in order from one activation, and the frontiers move
   after each instance (a reader of instance 0 runs while the writer's
   process is at instance 1).  Each instance counts as a child of the
   calling task (er_taskwait) and in the end of the program's wait.
   N == 0 creates nothing.  A SITE split into W workers (ER_SITE_SPLIT)
   gets one activation per worker, which runs every W-th instance of
   the range (the site's instance K on worker K mod W); the frontiers
   then move over the first instances of the range that are all done.
   With ER_TASK_UNDEFERRED in FLAGS, or a SITE flagged
   ER_SITE_PER_INSTANCE, the N instances are created by N calls of
   er_task_create (the same positions).  Misuse (N < 0, a step of a
   bad width or outside ARGS_SIZE, and what er_task_create reports) is
   reported naming SITE.  The caller must not create other instances or
   ticks that move the same stream side between the N instances, which
   is what makes one reservation equal to N (the plugin proves it).  */
void er_task_create_range (er_site *site, const void *args,
			   size_t args_size,
			   const struct er_task_access *acc, int nacc,
			   int flags, int64_t n,
			   const struct er_task_step *steps, int nsteps);

/* #pragma omp tick (S >> N): at this point of the control program, a
   reader of N elements with no body: positions [r, r + N) of S are
   discarded and the read counter moves on by N.  When peeks of S were
   created since the last input or tick of S, N must equal the horizon
   of the last of them (OMP-STREAM-SPEC.md 6.4), or the program stops
   with a message naming S, N and that horizon.  N < 0 is a misuse;
   N == 0 does nothing.  Never waits.  */
void er_stream_tick (er_stream *s, int64_t n);

/* #pragma omp taskwait: wait until every instance the calling task
   (main, or the body of the instance the calling process runs) created
   since its previous taskwait has finished; not their children
   (OMP-STREAM-SPEC.md 6.10).  A deadlock while waiting is reported like
   any other.  The end of the program waits for every instance.  */
void er_taskwait (void);

#ifdef __cplusplus
}
#endif

#endif /* ERBIUM_TASK_H */
