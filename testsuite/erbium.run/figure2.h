/* figure2.h -- the paper's Figure 2 producer-consumer program (Miranda et
   al., CASES 2010, section 3) in the language of <erbium.h>, with only the
   mechanical changes of the README's table: record(int), view(int), vi[i],
   register_view; P_BURST, C_BURST, P_HORIZ, C_HORIZ and N are constants.
   The consumer's sum is checked against the closed form: the producer
   stops at the last whole burst below N, so it writes 0 .. M-1 with
   M = ((N - 1) / P_BURST) * P_BURST.  Included by figure2-O*.c.  */

#include "er-run.h"

#define N 20001
#define P_HORIZ 64
#define P_BURST 8
#define C_HORIZ 32
#define C_BURST 6

static int foo (int i) { return 3 * i + 1; }

static long result;

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
  result = sum;
}

int main() {
  record(int) re = new_record(1, 1);
  run producer(re); run consumer(re);
  er_wait_all ();
  long m = (N - 1) / P_BURST * P_BURST;
  long expect = 3 * m * (m - 1) / 2 + m;
  printf ("consumer sum %ld, expected %ld\n", result, expect);
  RT_EQ (result, expect);
  RT_OK ("figure 2");
  return 0;
}
