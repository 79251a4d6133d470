/* language.c -- used by install.exp: the paper's Figure 2
   producer-consumer in the language of <erbium.h>, which compiles only
   with the plugin loaded (<erbium.h> stops with #error otherwise), so it
   checks that erbium-gcc passes -fplugin, the include path and the
   libraries.  Prints "language sum S" and exits 0 when S is the
   expected sum, 1 otherwise.  */
#include <stdio.h>
#include <erbium.h>

#define N 4001
#define P_HORIZ 16
#define P_BURST 8
#define C_HORIZ 8
#define C_BURST 6

static long result;

process producer (record(int) re) {
  int tl = 0, hd, i;
  view(int) vi = new_write_view(re);
  register_view(vi);
  alloc(vi, P_HORIZ);
  while (1) {
    hd = tl + P_BURST;
    if (hd >= N) break;
    stall(vi, hd);
    for (i = tl; i < hd; i++)
      vi[i] = 2 * i + 1;
    commit(vi, hd);
    tl = hd;
  }
}

process consumer (record(int) re) {
  int tl = 0, hd, i;
  long sum = 0;
  view(int) vi = new_read_view(re);
  register_view(vi);
  alloc(vi, C_HORIZ);
  while (1) {
    hd = tl + C_BURST;
    receive(vi, hd);
    hd = update(vi, hd);
    if (!hd) break;
    for (i = tl; i < hd; i++)
      sum += vi[i];
    release(vi, hd);
    tl = hd;
  }
  result = sum;
}

int main (void) {
  record(int) re = new_record(1, 1);
  run producer(re);
  run consumer(re);
  er_wait_all ();
  long m = (N - 1) / P_BURST * P_BURST;	/* elements written: 0 .. m-1 */
  printf ("language sum %ld\n", result);
  return result == m * m ? 0 : 1;
}
