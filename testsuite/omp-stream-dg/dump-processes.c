/* SPDX-License-Identifier: GPL-3.0-or-later */ /* One process per site, or one per instance (docs/omp-stream.md,
   tasksites.cc): a site whose body may wait for its children (a
   taskwait in the body, or in a function it calls) or that is created by
   a function reached again from its own calls and tasks (recursion) gets
   ER_SITE_PER_INSTANCE; the dump says which and why.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */

static void
wait_children (void)
{
#pragma omp taskwait
}

/* Recursion through tasks: the sum task of a level reads what the next
   level's sum task, created later, writes.  */
static void
fib (int n, int out __attribute__ ((stream)))
{
  if (n < 2)
    {
      int r;
#pragma omp task output (out << r) firstprivate (n)
      r = n;
      return;
    }
  int a __attribute__ ((stream));
  int b __attribute__ ((stream));
#pragma erbium task firstprivate (n, a)
  fib (n - 1, a);
#pragma erbium task firstprivate (n, b)
  fib (n - 2, b);
  int x, y, z;
#pragma omp task input (a >> x, b >> y) output (out << z)
  z = x + y;
}

/* Recursion through calls alone.  */
static void
down (int n, int s __attribute__ ((stream)))
{
  int v;
#pragma omp task output (s << v) firstprivate (n)
  v = n;
  if (n > 0)
    down (n - 1, s);
}

void
g (int n, int *res)
{
  int s __attribute__ ((stream));
  int v;
#pragma omp task output (s << v) firstprivate (n)
  {
    v = n;
#pragma omp taskwait
  }
#pragma omp task input (s >> v) firstprivate (res)
  {
    *res = v;
    wait_children ();
  }
#pragma omp task output (s << v)
  v = 1;
  fib (n, s);
  down (n, s);
}
/* { dg-final { scan-plugin-dump-times "in fib: stream task, body \[^\\n\]*\n(  \[^\\n\]*\n)*  process: one per instance: recursion: fib, which creates the site, is reached again from its calls and tasks" 4 erbium-tasks } } */
/* { dg-final { scan-plugin-dump "in down: stream task, body \[^\\n\]*\n(  \[^\\n\]*\n)*  process: one per instance: recursion: down, which creates the site" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "dump-processes.c:53 '#pragma omp task' in g: stream task, body \[^\\n\]*\n(  \[^\\n\]*\n)*  process: one per instance: its body may wait for its children \\(taskwait in __erbium_task_g_\[0-9\]*_body\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "dump-processes.c:58 '#pragma omp task' in g: stream task, body \[^\\n\]*\n(  \[^\\n\]*\n)*  process: one per instance: its body may wait for its children \\(taskwait in wait_children\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "dump-processes.c:63 '#pragma omp task' in g: stream task, body \[^\\n\]*\n(  \[^\\n\]*\n)*  process: one per site: its instances wait only for data of earlier instances" erbium-tasks } } */
