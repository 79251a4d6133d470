/* SPDX-License-Identifier: GPL-3.0-or-later */
/* kernel.c -- the exploration benchmark's single-producer single-consumer
   kernel (Erbium paper, CASES 2010, section 5.1) written in Erbium C, the
   language of <erbium.h>, for the plugin benchmark (bench/plugin, issue
   3).  The producer and consumer processes are those of the paper's
   Figure 2 with the burst, the horizon and the number of indices as run
   time parameters: the producer stalls, stores each index once (vi[i] = i)
   and commits; the consumer receives, updates, loads each index once
   (sum += vi[i]) and releases.  A wrong count or sum aborts.

   The same source is compiled twice with the Erbium plugin (plugin.mk):
   once with the plugin's full lowering (window addressing and the
   primitives expanded inline) and once with -fplugin-arg-erbium-lower=0
   -fplugin-arg-erbium-window=0, where every primitive and every v[i] stays
   a call of liberbium's out-of-line copy.  Each object defines the entry
   point KERNEL_ENTRY under its own name (-Dkernel_entry=plugin_run or
   library_run); main.c calls both.

   Timing is that of bench/exploration: both processes pass the start gate
   of xbench.h after their set-up; the last one to arrive starts the clock,
   and the consumer stops it when it has received the last index (the
   termination handshake is not timed).  Placement is the runtime's
   automatic one for `run': the producer, created first, goes to core 0 and
   the consumer to core 1 (each process gets a core of its own while cores
   remain), which is where bench/exploration puts them with er_run_on.

   Differences from Figure 2: the producer stops after the burst ending at
   N (the figure stops before the burst reaching N), so that exactly N
   indices flow when the burst divides N; the sum is a 64-bit unsigned
   integer; the consumer checks what it received.  */

#include <stdio.h>
#include "xbench.h"
#include <erbium.h>

#ifndef kernel_entry
#error "compile with -Dkernel_entry=NAME (plugin.mk gives plugin_run or library_run)"
#endif

/* Name of this variant, for messages: the entry point's name.  */
#define KERNEL_STR2(x) #x
#define KERNEL_STR(x) KERNEL_STR2 (x)
#define KERNEL_NAME KERNEL_STR (kernel_entry)

double kernel_entry (int burst, int horizon, int n);

/* Producer process: N indices in bursts of BURST (N a multiple of BURST),
   through a write view of HORIZON elements of record RE; passes GATE
   after its set-up.  */
static process
producer (record(int) re, int burst, int horizon, int n, xb_gate *gate)
{
  int tl = 0, hd, i;
  view(int) vi = new_write_view(re);
  register_view(vi);
  alloc(vi, horizon);
  xb_gate_wait (gate);
  while (1)
    {
      hd = tl + burst;
      if (hd > n)
	break;
      stall(vi, hd);
      for (i = tl; i < hd; i++)
	vi[i] = i;
      commit(vi, hd);
      tl = hd;
    }
  /* Returning terminates the view: the consumer's update returns 0.  */
}

/* Consumer process: receive indices in bursts of BURST through a read
   view of HORIZON elements of record RE until the producer terminates;
   abort unless exactly N indices summing to N(N-1)/2 arrived.  Stops
   GATE's clock when the N-th index has arrived.  */
static process
consumer (record(int) re, int burst, int horizon, int n, xb_gate *gate)
{
  int tl = 0, hd, i;
  uint64_t sum = 0;
  view(int) vi = new_read_view(re);
  register_view(vi);
  alloc(vi, horizon);
  xb_gate_wait (gate);
  while (1)
    {
      hd = tl + burst;
      receive(vi, hd);
      hd = update(vi, hd);
      if (!hd)
	break;
      for (i = tl; i < hd; i++)
	sum += (uint64_t) vi[i];
      release(vi, hd);
      tl = hd;
      if (tl == n)
	xb_gate_done (gate);
    }
  if (tl != n || sum != xb_expected_sum (n))
    {
      char what[64];
      snprintf (what, sizeof what, "%s, burst %d", KERNEL_NAME, burst);
      xb_verify (what, 1, tl, sum, n);
    }
}

/* Run the kernel once: N indices (a positive multiple of BURST, below
   2^31 - BURST) in bursts of BURST through one record whose views have a
   horizon of HORIZON elements (>= BURST).  Returns the wall time of the
   transfer in seconds; aborts if the consumer's sum is wrong.  Call it
   from the main thread only (it waits for both processes).  */
double
kernel_entry (int burst, int horizon, int n)
{
  record(int) re = new_record(1, 1);
  /* Size the record's buffer (write plus read horizon) before the
     processes allocate, as bench/exploration does: otherwise the second
     alloc would reallocate the buffer while the first view's owner waits
     at the start gate, outside any primitive, and never parks for it.  */
  view(int) sizer = new_read_view(re);
  alloc(sizer, 2 * horizon);
  free_view(sizer, ER_TERMINATE);

  xb_gate gate;
  xb_gate_init (&gate, 2, 0);
  run producer(re, burst, horizon, n, &gate);
  run consumer(re, burst, horizon, n, &gate);
  er_wait_all ();
  return xb_gate_seconds (&gate);
}
