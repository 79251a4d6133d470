/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A stream lives until its declaring block has exited and every
   instance that holds it has finished: a stream local to a block
   outlives the block while tasks hold it, and a stream handed to a task
   through firstprivate can be used in that task's body after the block
   has ended (OMP-STREAM-SPEC.md 6.9, 6.8; task.h, er_stream_release).
   Each of four rounds declares tmp in a block and creates there a reader
   of three elements and a writer that first reads the stream gate; main
   writes gate only after every block has exited, so every writer writes
   its tmp after the end of tmp's block.  Gate writer k writes
   10 * (k + 1); round i's writer gets gate position i and writes g,
   g + 1, g + 2, whose sum is 3g + 3: 33 63 93 123.  Then a block hands
   tmp2 to a task firstprivate; that task waits for gate2 (written at the
   end, 21), then creates a writer of 2 * 21 and a reader on tmp2: 42.  */
/* { dg-do run } */
/* { dg-output "rule-stream-lifetime: 33 63 93 123 42: ok" } */

#include "check.h"

int
main (void)
{
  int gate __attribute__ ((stream));
  int gate2 __attribute__ ((stream));
  int g, gg;
  int res[5] = { -1, -1, -1, -1, -1 };
  int want[5] = { 33, 63, 93, 123, 42 };
  int *out = res;

  for (int round = 0; round < 4; round++)
    {
      int tmp __attribute__ ((stream));
      int v[3], w[3];

#pragma omp task input (tmp >> v[3]) firstprivate (out, round)
      out[round] = v[0] + v[1] + v[2];

#pragma omp task input (gate >> g) output (tmp << w[3])
      {
	w[0] = g;
	w[1] = g + 1;
	w[2] = g + 2;
      }
    }

  {
    int tmp2 __attribute__ ((stream));

#pragma omp task input (gate2 >> gg) firstprivate (tmp2, out)
    {
      int a, b;

#pragma omp task output (tmp2 << a) firstprivate (gg)
      a = 2 * gg;
#pragma omp task input (tmp2 >> b) firstprivate (out)
      out[4] = b;
#pragma omp taskwait
    }
  }

  for (int k = 0; k < 4; k++)
    {
#pragma omp task output (gate << g) firstprivate (k)
      g = 10 * (k + 1);
    }
#pragma omp task output (gate2 << gg)
  gg = 21;

#pragma omp taskwait

  CHECK_INTS (res, want, 5);
  return check_done ("rule-stream-lifetime", "%s", check_text (res, 5));
}
