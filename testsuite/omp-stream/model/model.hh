/* SPDX-License-Identifier: GPL-3.0-or-later */ /* model.hh -- a reference model of the positions semantics of the OpenMP
   stream extension (OMP-STREAM-SPEC.md section 6, the table at the top of
   runtime/include/erbium/task.h), used only to check the expected values
   of the programs in testsuite/omp-stream before the compiler exists.  It
   is not the product: translate.py rewrites a test's pragmas into calls
   of these functions with C++ lambdas for the task bodies, and the result
   is compiled with g++ and run.

   Every instance is a thread of its own that waits until every position
   of its input and peek windows has been written, copies the windows in,
   runs the body and copies its output windows out.  Positions are
   assigned when the instance is created, under one global lock:
     output of burst B            [w, w + B), w += B
     input of horizon H, burst B  [r, r + H), r += B
     peek of horizon H            [r, r + H), r unchanged
     tick of N                    [r, r + N) discarded, r += N; N must
                                  equal the horizon of the last peek
                                  created since the last input or tick
   Stream data is never discarded (memory grows); no buffer is bounded.

   MODEL_SITE_ORDER=1 in the environment runs the instances of one site in
   creation order, one at a time, as a site's persistent process does
   (task.h: "runs the instances it is given in creation order"), except
   the sites translate.py marks per instance (their body creates tasks or
   waits, or their function is recursive through a task body).
   MODEL_SHUFFLE=1 makes every instance sleep a random 0-2 ms before it
   runs, to vary execution orders.

   A deadlock (every live thread waiting for 0.5 s with no progress) is
   reported as "model: deadlock: ..." naming the waiting instances' sites
   and streams, and the program exits with status 70.  */

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#define MODEL_INPUT 1
#define MODEL_OUTPUT 2
#define MODEL_PEEK 3

struct ref_stream
{
  std::string name;
  size_t esize;
  std::vector<unsigned char> data;
  std::vector<char> written;
  long long w = 0, r = 0;
  long long peek_h = -1;	/* horizon of the last pending peek */
};

struct ref_acc
{
  ref_stream *s;
  int kind;
  long long burst, horizon;
  int buf;			/* index of the body's buffer */
  long long off;		/* byte offset in that buffer */
  long long pos = 0;		/* first position, set at creation */
};

struct ref_node
{
  std::vector<ref_node *> children;	/* since the last taskwait */
  bool done = false;
  std::string site;
  std::string waiting;		/* what it waits for, for reports */
};

struct ref_site
{
  long long created = 0, next = 0;
};

static std::mutex ref_mu;
static std::condition_variable ref_cv;
static long long ref_live = 1;		/* threads alive (main included) */
static long long ref_blocked = 0;
static unsigned long long ref_progress = 0;
static std::vector<ref_node *> ref_all;
static std::map<std::string, ref_site> ref_sites;
static thread_local ref_node *ref_current;
static ref_node ref_root;
static bool ref_site_order, ref_shuffle;

/* MODEL_MUTATE=NAME breaks one rule on purpose, to show which tests
   notice (run.py -m default): exec-order (positions assigned when an
   instance starts, not when it is created), peek-advances (a peek moves
   the read counter), grandchildren (taskwait also waits for the
   children's children), no-undeferred (if (0) ignored), writer-waits-reader
   (OpenStream's DF runtime: a writer runs only once readers or ticks
   cover its positions), no-tick-check, sliding-as-burst (an input moves
   the read counter by its horizon).  */
static std::string ref_mutate;

static ref_node *
ref_self ()
{
  if (!ref_current)
    ref_current = &ref_root;
  return ref_current;
}

static void
ref_deadlock_report ()
{
  fprintf (stderr, "model: deadlock: every live thread waits\n");
  for (ref_node *n : ref_all)
    if (!n->done && !n->waiting.empty ())
      fprintf (stderr, "model:   instance of %s waits for %s\n",
	       n->site.c_str (), n->waiting.c_str ());
  if (!ref_root.waiting.empty ())
    fprintf (stderr, "model:   main waits for %s\n", ref_root.waiting.c_str ());
  fflush (stdout);
  fflush (stderr);
  _Exit (70);
}

static void
ref_watchdog ()
{
  unsigned long long last = ~0ull;
  int still = 0;
  for (;;)
    {
      std::this_thread::sleep_for (std::chrono::milliseconds (50));
      std::lock_guard<std::mutex> g (ref_mu);
      if (ref_live > 0 && ref_blocked == ref_live && ref_progress == last)
	{
	  if (++still >= 10)
	    ref_deadlock_report ();
	}
      else
	still = 0;
      last = ref_progress;
    }
}

/* Wait on ref_cv (lock held) until PRED, counting as blocked on WHAT.  */
template <class P>
static void
ref_wait (std::unique_lock<std::mutex> &l, ref_node *self,
	  const std::string &what, P pred)
{
  if (pred ())
    return;
  self->waiting = what;
  ref_blocked++;
  ref_cv.wait (l, pred);
  ref_blocked--;
  self->waiting.clear ();
}

static void ref_wait_all ();

static void
ref_init ()
{
  static bool done;
  if (done)
    return;
  done = true;
  ref_site_order = getenv ("MODEL_SITE_ORDER") && atoi (getenv ("MODEL_SITE_ORDER"));
  ref_shuffle = getenv ("MODEL_SHUFFLE") && atoi (getenv ("MODEL_SHUFFLE"));
  if (getenv ("MODEL_MUTATE"))
    ref_mutate = getenv ("MODEL_MUTATE");
  std::thread (ref_watchdog).detach ();
  atexit (ref_wait_all);
}

static std::string
ref_describe (const ref_acc &a)
{
  char buf[200];
  snprintf (buf, sizeof buf, "%s positions [%lld, %lld)", a.s->name.c_str (),
	    a.pos, a.pos + a.horizon);
  return buf;
}

static bool
ref_available (const ref_acc &a)
{
  if (a.kind == MODEL_OUTPUT)
    return ref_mutate != "writer-waits-reader" || a.s->r >= a.pos + a.burst;
  long long end = a.pos + a.horizon;
  if ((long long) a.s->written.size () < end)
    return false;
  for (long long p = a.pos; p < end; p++)
    if (!a.s->written[p])
      return false;
  return true;
}

static void
ref_grow (ref_stream *s, long long end)
{
  if ((long long) s->written.size () < end)
    {
      s->written.resize (end, 0);
      s->data.resize (end * s->esize, 0);
    }
}

ref_stream *
ref_stream_new (size_t esize, const char *name)
{
  ref_init ();
  ref_stream *s = new ref_stream;
  s->name = name;
  s->esize = esize;
  return s;
}

ref_stream **
ref_stream_array (long long n, size_t esize, const char *name)
{
  ref_stream **a = new ref_stream *[n > 0 ? n : 1];
  for (long long k = 0; k < n; k++)
    a[k] = ref_stream_new (esize, (std::string (name) + "[" + std::to_string (k)
				   + "]").c_str ());
  return a;
}

ref_stream **
ref_ref_array (long long n)
{
  return new ref_stream *[n > 0 ? n : 1] ();
}

void
ref_tick (ref_stream *s, long long n)
{
  ref_init ();
  std::lock_guard<std::mutex> g (ref_mu);
  if (s->peek_h >= 0 && n != s->peek_h && ref_mutate != "no-tick-check")
    {
      fprintf (stderr, "model: error: tick (%s >> %lld) does not match the "
	       "horizon %lld of the last peek of %s\n", s->name.c_str (), n,
	       s->peek_h, s->name.c_str ());
      fflush (stdout);
      abort ();
    }
  s->r += n;
  s->peek_h = -1;
  ref_progress++;
  ref_cv.notify_all ();		/* writer-waits-reader: r moved */
}

/* Give the accesses ACC their positions (lock held).  */
static void
ref_assign (std::vector<ref_acc> &acc)
{
  for (ref_acc &a : acc)
    {
      ref_stream *s = a.s;
      if (a.kind == MODEL_OUTPUT)
	{
	  a.pos = s->w;
	  s->w += a.burst;
	}
      else if (a.kind == MODEL_INPUT)
	{
	  a.pos = s->r;
	  s->r += ref_mutate == "sliding-as-burst" ? a.horizon : a.burst;
	  s->peek_h = -1;
	}
      else
	{
	  a.pos = s->r;
	  s->peek_h = a.horizon;
	  if (ref_mutate == "peek-advances")
	    s->r += a.horizon;
	}
    }
}

static void
ref_run (ref_node *node, const std::string &site, bool ordered, long long seq,
	 std::vector<long long> bufsizes, std::vector<ref_acc> acc,
	 std::function<void (unsigned char **)> body)
{
  ref_current = node;
  if (ref_shuffle)
    {
      thread_local std::minstd_rand rng (std::hash<std::thread::id> () (std::this_thread::get_id ()));
      std::this_thread::sleep_for (std::chrono::microseconds (rng () % 2000));
    }
  std::vector<std::vector<unsigned char>> bufs (bufsizes.size ());
  for (size_t k = 0; k < bufs.size (); k++)
    bufs[k].assign (bufsizes[k] + 1, 0);
  {
    std::unique_lock<std::mutex> l (ref_mu);
    if (ordered)
      ref_wait (l, node, "its turn at site " + site,
		[&] { return ref_sites[site].next == seq; });
    if (ref_mutate == "exec-order")
      ref_assign (acc);
    for (ref_acc &a : acc)
      ref_wait (l, node, ref_describe (a), [&] { return ref_available (a); });
    for (ref_acc &a : acc)
      if (a.kind != MODEL_OUTPUT)
	memcpy (&bufs[a.buf][a.off], &a.s->data[a.pos * a.s->esize],
		a.horizon * a.s->esize);
  }
  std::vector<unsigned char *> ptrs;
  for (auto &b : bufs)
    ptrs.push_back (b.data ());
  body (ptrs.data ());
  {
    std::lock_guard<std::mutex> g (ref_mu);
    for (ref_acc &a : acc)
      if (a.kind == MODEL_OUTPUT)
	{
	  ref_grow (a.s, a.pos + a.burst);
	  memcpy (&a.s->data[a.pos * a.s->esize], &bufs[a.buf][a.off],
		  a.burst * a.s->esize);
	  for (long long p = a.pos; p < a.pos + a.burst; p++)
	    a.s->written[p] = 1;
	}
    if (ordered)
      ref_sites[site].next++;
    node->done = true;
    ref_progress++;
  }
  ref_cv.notify_all ();
}

/* Create an instance of SITE (its flags: 1 per instance, 2 undeferred).  */
void
ref_task (const char *site, int flags, std::vector<long long> bufsizes,
	  std::vector<ref_acc> acc, std::function<void (unsigned char **)> body)
{
  ref_init ();
  ref_node *parent = ref_self ();
  ref_node *node = new ref_node;
  node->site = site;
  bool undeferred = (flags & 2) && ref_mutate != "no-undeferred";
  bool ordered = ref_site_order && !(flags & 1) && !undeferred;
  long long seq = 0;
  {
    std::lock_guard<std::mutex> g (ref_mu);
    if (ref_mutate != "exec-order")
      ref_assign (acc);
    if (ordered)
      seq = ref_sites[site].created++;
    parent->children.push_back (node);
    ref_all.push_back (node);
    ref_progress++;
    if (!undeferred)
      ref_live++;
  }
  ref_cv.notify_all ();		/* writer-waits-reader: r moved */
  if (undeferred)
    {
      ref_run (node, site, false, 0, bufsizes, acc, body);
      ref_current = parent;
      return;
    }
  std::thread ([=] {
    ref_run (node, site, ordered, seq, bufsizes, acc, body);
    std::lock_guard<std::mutex> g (ref_mu);
    ref_live--;
  }).detach ();
}

void
ref_taskwait ()
{
  ref_init ();
  ref_node *self = ref_self ();
  std::unique_lock<std::mutex> l (ref_mu);
  std::vector<ref_node *> kids;
  kids.swap (self->children);
  std::function<bool (ref_node *)> finished = [&] (ref_node *k) {
    if (!k->done)
      return false;
    if (ref_mutate == "grandchildren")
      for (ref_node *g : k->children)
	if (!finished (g))
	  return false;
    return true;
  };
  ref_wait (l, self, "its children (taskwait)", [&] {
    for (ref_node *k : kids)
      if (!finished (k))
	return false;
    return true;
  });
}

static void
ref_wait_all ()
{
  std::unique_lock<std::mutex> l (ref_mu);
  ref_wait (l, &ref_root, "every instance (end of the program)", [&] {
    for (ref_node *k : ref_all)
      if (!k->done)
	return false;
    return true;
  });
}
