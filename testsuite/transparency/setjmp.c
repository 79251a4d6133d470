/* SPDX-License-Identifier: GPL-3.0-or-later */ /* setjmp.c -- transparency test: setjmp/longjmp out of nested calls,
   volatile locals preserved across the jump, a jump buffer stack used as
   exception handling, and sigsetjmp/siglongjmp.  */
#include <stdio.h>
#include <setjmp.h>
#include <signal.h>

static jmp_buf *handler;
static int depth_reached;

static void
throw_at (int depth, int limit)
{
  depth_reached = depth;
  if (depth > 1000)
    return;
  if (depth == limit)
    longjmp (*handler, depth * 10 + 1);
  throw_at (depth + 1, limit);
}

static int
try_catch (int limit)
{
  jmp_buf env, *saved = handler;
  handler = &env;
  int r = setjmp (env);
  if (r == 0)
    {
      throw_at (0, limit);
      r = -1;
    }
  handler = saved;
  return r;
}

/* Nested handlers: the inner one rethrows to the outer one.  */
static int
nested (int x)
{
  jmp_buf outer;
  jmp_buf *saved = handler;
  handler = &outer;
  volatile int trace = 0;
  int r = setjmp (outer);
  if (r == 0)
    {
      trace = 1;
      int inner = try_catch (x);
      trace = trace * 10 + inner % 10;
      if (inner > 30)
	longjmp (outer, inner + 1000);
      r = trace;
    }
  handler = saved;
  return r * 100 + trace;
}

int
main (void)
{
  for (int i = 0; i < 6; i++)
    {
      int r = try_catch (i);
      printf ("try_catch(%d) = %d (depth %d)\n", i, r, depth_reached);
    }
  for (int i = 1; i < 6; i++)
    printf ("nested(%d) = %d\n", i, nested (i));

  jmp_buf env;
  volatile int counter = 0;
  volatile long acc = 1;
  int v = setjmp (env);
  acc = acc * 3 + v;
  if (++counter < 8)
    longjmp (env, counter * counter);
  printf ("loop by longjmp: counter %d acc %ld\n", counter, acc);

  sigjmp_buf senv;
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGUSR1);
  sigprocmask (SIG_BLOCK, &set, NULL);
  volatile int rounds = 0;
  if (sigsetjmp (senv, 1) < 3)
    {
      rounds++;
      /* Unblock, then jump back: the mask saved by sigsetjmp (SIGUSR1
	 blocked) is restored.  */
      sigprocmask (SIG_UNBLOCK, &set, NULL);
      siglongjmp (senv, rounds);
    }
  sigset_t now;
  sigprocmask (SIG_BLOCK, NULL, &now);
  printf ("siglongjmp rounds %d usr1 blocked again %d\n", rounds,
	  sigismember (&now, SIGUSR1));
  return 0;
}
