/* SPDX-License-Identifier: GPL-3.0-or-later */
// peers.h -- the exploration benchmark's peers: the same kernel (N indices
// of int, one store and one load each, bursts of K) over third-party
// queues and OpenMP tasks, run by the same harness as the Erbium variant.
// Each function runs one configuration once, verifies every consumer's
// checksum (a wrong result aborts) and returns the wall time in seconds of
// the whole transfer (start gate to the last index received).

#ifndef XBENCH_PEERS_H
#define XBENCH_PEERS_H

#include "xbench.h"

// peers.cc: lock-free and concurrent queues (the ck_ring peers, written
// in C, are declared in xbench.h).
double xb_run_boost_spsc (const xb_run *x);
double xb_run_moodycamel_rwq (const xb_run *x);
double xb_run_moodycamel_cq (const xb_run *x);
double xb_run_tbb_bounded (const xb_run *x);

// gomp.cc: producer and consumer tasks chained by OpenMP dependences.
double xb_run_gomp_tasks (const xb_run *x);

#endif // XBENCH_PEERS_H
