/* SPDX-License-Identifier: MIT */ /* producer-consumer.c -- the Erbium paper's Figure 2 (Miranda et al.,
   CASES 2010, section 3) in the C spelling of <erbium.h>.

   Changes from the figure, all mechanical (README.md here lists them):
   `record int' -> record(int), `view int' -> view(int), vi[[i]] -> vi[i],
   register(vi) -> register_view(vi); N, P_BURST, C_BURST, P_HORIZ and
   C_HORIZ are named constants (each may be given with -D); the
   consumer's sum is a long (N is large enough for an int to overflow) and
   is handed to main, which waits for both processes, prints it and checks
   it against the closed form.  Exit status 0 when the sum is right, 1
   otherwise.  */

#include <stdio.h>
#include <erbium.h>

/* Each constant may be given with -D (the testsuite runs this file with
   small N and bursts that do not divide each other).  Indices and sizes
   are in elements.  */
#ifndef N
#define N 200000001		/* about a second on the reference machine */
#endif
#ifndef P_BURST
#define P_BURST 64
#endif
#ifndef C_BURST
#define C_BURST 64
#endif
#ifndef P_HORIZ
#define P_HORIZ 1024
#endif
#ifndef C_HORIZ
#define C_HORIZ 1024
#endif

static int foo (int i) { return i; }

static long consumer_sum;

process producer (record(int) re) {
  int tl=0, hd, i;
  view(int) vi = new_write_view(re);
  register_view(vi);
  alloc(vi, P_HORIZ);
  while (1) {
    hd = tl + P_BURST;
    if (hd>=N) break;
    stall(vi, hd);
    for (i=tl; i<hd; i++)
      vi[i] = foo(i);
    commit(vi, hd);
    tl = hd;
  }
}

process consumer (record(int) re) {
  int tl=0, hd, i;
  long sum=0;
  view(int) vi = new_read_view(re);
  register_view(vi);
  alloc(vi, C_HORIZ);
  while(1) {
    hd = tl + C_BURST;
    receive(vi, hd);
    hd = update(vi, hd);
    if (!hd) break;
    for (i=tl; i<hd; i++)
      sum += vi[i];
    release(vi, hd);
    tl = hd;
  }
  consumer_sum = sum;
}

int main() {
  record(int) re = new_record(1, 1);
  run producer(re); run consumer(re);
  er_wait_all ();
  /* The producer stops before the first burst reaching N: it defines
     indices 0 .. M-1, M = ((N - 1) / P_BURST) * P_BURST, foo(i) = i.  */
  long m = (long) (N - 1) / P_BURST * P_BURST;
  long expect = m * (m - 1) / 2;
  printf ("consumer sum %ld over %ld elements, expected %ld: %s\n",
	  consumer_sum, m, expect, consumer_sum == expect ? "ok" : "WRONG");
  return consumer_sum == expect ? 0 : 1;
}
