/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Writers created in one task and readers in a sibling task, through
   stream_ref parameters (OMP-STREAM-SPEC.md section 8, row
   t015_nested_streaming, whose checker OpenStream copied from t001 and
   which is not built there; 6.11, 2.3).  x is a VLA of 12 float streams
   handed to two tasks firstprivate (the handles are copied, 6.8).  The
   first task loops i = 0 .. 9: sref = x[i], a stream_ref, is handed to a
   task that calls produce (sref, i), whose task writes 42 + i on it; the
   second task loops i = 0 .. 9 calling consume (x, i, ...), whose task
   reads one element of x[i].  Each x[i] has one writer and one reader,
   so reader i sees 42 + i.  Both tasks wait for their children, so
   main's taskwait covers everything.  */
/* { dg-do run } */
/* { dg-output "row-t015-nested: 42 43 44 45 46 47 48 49 50 51: ok" } */

#include "check.h"

static void
produce (float sout __attribute__ ((stream_ref)), int i)
{
  float v[1];
#pragma omp task output (sout << v[1]) firstprivate (i)
  v[0] = 42 + i;
}

static void
consume (float sin[] __attribute__ ((stream_ref)), int i, float *out)
{
  float v[1];
#pragma omp task input (sin[i] >> v[1]) firstprivate (out, i)
  out[i] = v[0];
}

int
main (int argc, char **argv)
{
  int n = 12 + (argc > 100);
  float x[n] __attribute__ ((stream));
  float got[10];
  float *out = got;
  int seen[10], want[10];

  (void) argv;
  for (int i = 0; i < 10; i++)
    got[i] = -1;

#pragma omp task firstprivate (x)
  {
    for (int i = 0; i < 10; i++)
      {
	float sref __attribute__ ((stream_ref));
	sref = x[i];
#pragma omp task firstprivate (sref, i)
	produce (sref, i);
      }
#pragma omp taskwait
  }

#pragma omp task firstprivate (x, out)
  {
    for (int i = 0; i < 10; i++)
      consume (x, i, out);
#pragma omp taskwait
  }

#pragma omp taskwait

  for (int i = 0; i < 10; i++)
    {
      seen[i] = (int) got[i];
      want[i] = 42 + i;
      CHECK_EQ (got[i] == (float) (42 + i), 1);
    }
  CHECK_INTS (seen, want, 10);
  return check_done ("row-t015-nested", "%s", check_text (seen, 10));
}
