/* SPDX-License-Identifier: GPL-3.0-or-later */ /* An implicit view (`input (x)') is a variable named as the stream, of
   its element type, in the task body; it exists only for a whole stream,
   not for an element of an array of streams (OpenStream stops with an
   internal error there; OMP-STREAM-SPEC.md 3.2 and 7).  After the pragma,
   the name stands for the view until the end of the block: using it as
   the stream in the control program is an error.  */

extern void use_stream (int s __attribute__ ((stream)));

void
f (int i)
{
  int x __attribute__ ((stream));
  int xs[4] __attribute__ ((stream));
#pragma omp task input (xs[i]) /* { dg-error "an element of an array of streams needs an explicit view: write .xs\\\[...\\\] >> v." } */
  ;
#pragma omp task input (xs) /* { dg-error ".xs. is an array of streams: name one of them" } */
  ;
  for (int k = 0; k < 4; k++)
    {
#pragma omp task output (x) firstprivate (k)
      x = k;
      use_stream (x); /* { dg-error ".x. here names the implicit view of a task" } */
      /* { dg-warning "makes pointer from integer" "" { target *-*-* } 23 } */
    }
  /* The stream again, outside the block: no error.  */
  use_stream (x);
  for (int k = 0; k < 4; k++)
    {
#pragma omp task input (x)
      i += x;
    }
}
