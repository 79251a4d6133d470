/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Where the static conversion does not apply (docs/omp-stream.md, "Static
   conversion", taskloop.cc), the erbium-tasks dump names the reason for
   each creation: one function per reason, none inlined.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */

struct node { struct node *next; int v; };
extern void ext (int);
extern int printf (const char *, ...);

#define F __attribute__ ((noinline, noclone)) void

F if_clause (int n, int c)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (x << e) if (c) firstprivate (k)
      e = k;
    }
#pragma omp tick (x >> n)
}

F two_exits (int n, int *a)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
      if (a[k] < 0)
	break;
#pragma omp task output (x << e) firstprivate (k)
      e = k;
    }
#pragma omp taskwait
}

F list (struct node *p)
{
  int x __attribute__ ((stream));
  int e;
  for (; p; p = p->next)
    {
#pragma omp task output (x << e) firstprivate (p)
      e = p->v;
    }
#pragma omp taskwait
}

F conditional (int n)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    if (k & 1)
      {
#pragma omp task output (x << e) firstprivate (k)
	e = k;
      }
#pragma omp taskwait
}

F not_affine (int n)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
      int sq = k * k;
#pragma omp task output (x << e) firstprivate (sq)
      e = sq;
    }
#pragma omp taskwait
}

F stream_varies (int n)
{
  int xs[4] __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (xs[k & 3] << e) firstprivate (k)
      e = k;
    }
#pragma omp taskwait
}

F interleaved (int n)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (x << e) firstprivate (k)
      e = k;
#pragma omp task output (x << e) firstprivate (k)
      e = -k;
    }
#pragma omp taskwait
}

F tick_in_loop (int n, int *out)
{
  int x __attribute__ ((stream));
  int r;
  for (int k = 0; k < n; k++)
    {
#pragma omp task input (x >> r) firstprivate (k, out)
      out[k] = r;
#pragma omp tick (x >> 1)
    }
}

F taskwait_in_loop (int n)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (x << e) firstprivate (k)
      e = k;
#pragma omp taskwait
    }
}

F external_call (int n)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (x << e) firstprivate (k)
      e = k;
      ext (k);
    }
#pragma omp taskwait
}

F writes_memory (int n, int *flags)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
      flags[k] = 0;
#pragma omp task output (x << e) firstprivate (k, flags)
      flags[k] = e = k;
    }
#pragma omp taskwait
}

F prints (int n)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
      printf ("%d\n", k);
#pragma omp task output (x << e) firstprivate (k)
      e = k;
    }
#pragma omp taskwait
}

F creates (int y __attribute__ ((stream)))
{
  int e;
#pragma omp task output (y << e)
  e = 1;
}

F calls_creator (int n)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (x << e) firstprivate (k)
      e = k;
      creates (y);
    }
#pragma omp taskwait
}

F recursive (int n)
{
  int x __attribute__ ((stream));
  int e;
  for (int k = 0; k < n; k++)
    {
#pragma omp task output (x << e) firstprivate (k)
      e = k;
    }
  if (n > 0)
    recursive (n - 1);
#pragma omp taskwait
}

/* { dg-final { scan-plugin-dump "conversion: none in if_clause: its `if' clause may make an instance undeferred \\(run by the control program\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in two_exits: the loop has more than one exit\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in list: the loop's trip count is not known when it is entered\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in conditional: it is not created once in every iteration of the loop \\(it is under a condition\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in not_affine: firstprivate sq varies in the loop in a way the process cannot compute \\(not affine in the iteration\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in stream_varies: the stream, burst or horizon of access 0 varies in the loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "conversion: none in interleaved: the task site at static-reasons.c:\[0-9\]+ is also created in the loop and writes a stream that may be access 0's: the positions of both interleave\n" 2 erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in tick_in_loop: a tick in the loop reads a stream that may be access 0's: the positions of both interleave\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in taskwait_in_loop: a taskwait in the loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in external_call: a call of ext, a function of another unit that may create tasks, tick or wait for tasks, is in the loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in writes_memory: the loop writes memory at static-reasons.c:\[0-9\]+, which would come after instances created before the loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in prints: a call of printf in the loop may write memory, which would come after instances created before the loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in calls_creator: a call of creates, which creates tasks, is in the loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in creates: it is not created in a loop\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "conversion: none in recursive: one process per instance \\(its instances may wait for later ones\\): each instance needs its own process\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "conversion: static" erbium-tasks } } */
