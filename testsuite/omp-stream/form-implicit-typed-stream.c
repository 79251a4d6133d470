/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An identifier not declared with the stream attribute, used in the
   stream position of a clause, is taken as a stream anyway, with a
   warning: this is how streams of streams work, a void * element read
   from one stream being used as a stream (OMP-STREAM-SPEC.md 2.4, after
   examples/syntax/019_streams_of_streams.c; 7: "Stream ... is
   implicitely typed").  data[i] holds 10 i + 1; the stream of streams
   sos receives the handles data[3], data[2], data[1], data[0] (writer i
   sends data[3 - i]); reader i takes handle i from sos and creates a
   task reading one int from it: 31 21 11 1.  The warning is expected on
   the inner task's pragma (its wording is matched loosely: "implicit").  */
/* { dg-do run } */
/* { dg-output "form-implicit-typed-stream: 31 21 11 1: ok" } */

#include "check.h"

int
main (void)
{
  int data[4] __attribute__ ((stream));
  void *sos __attribute__ ((stream));
  int v;
  void *hs;
  int got[4] = { -1, -1, -1, -1 };
  int want[4] = { 31, 21, 11, 1 };
  int *out = got;

  for (int i = 0; i < 4; i++)
    {
#pragma omp task output (data[i] << v) firstprivate (i)
      v = 10 * i + 1;
#pragma omp task output (sos) firstprivate (i, data)
      sos = data[3 - i];
    }

  for (int i = 0; i < 4; i++)
    {
#pragma omp task input (sos >> hs) firstprivate (i, out)
      {
	int d;
#pragma omp task input (hs >> d) firstprivate (i, out) /* { dg-warning "implicit" } */
	out[i] = d;
#pragma omp taskwait
      }
    }

#pragma omp taskwait

  CHECK_INTS (got, want, 4);
  return check_done ("form-implicit-typed-stream", "%s", check_text (got, 4));
}
