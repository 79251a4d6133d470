/* Deadlock while the main thread waits at exit (erbium/process.h: at exit
   the main thread waits for every process; "a global deadlock while
   waiting is reported like any other").  A process waits in update for a
   writer id that never registers (wreg = 1), and main returns: the
   program must not hang but exit with status 70, naming both the process
   blocked in update (registration missing) and the main thread.  */
/* { dg-do run } */
/* { dg-shouldfail "deadlock at exit, exit status 70" } */
/* { dg-output "main returns\[^\n\]*\n(?=.*blocked in update on record \[0-9\]+ read view \[0-9\]+ \\(id 1\\): index 1, .*not all registered)(?=.*main thread blocked in exit).*child exit status 70" } */

#include <sys/wait.h>
#include "rt-test.h"

static _Atomic long connected;

struct args { er_record *r; };

static void
consumer (void *p)
{
  struct args *a = p;
  er_view *rd = er_new_read_view (a->r);
  er_register (rd, 1);
  er_alloc (rd, 4);
  atomic_store (&connected, 1);
  er_update (rd, 1);
  printf ("error: update returned\n");
}

static int
scenario (void)
{
  er_record *r = er_new_record (1, 1, sizeof (int32_t));
  struct args a = { r };
  er_run (consumer, &a, sizeof a);
  rt_wait_at_least (&connected, 1, "the consumer to connect");
  printf ("main returns\n");
  fflush (stdout);
  return 0;
}

/* Run the scenario in a child (forked before the runtime starts any
   thread) so that the exact exit status can be checked: the parent
   reports it and exits with it, keeping dg-shouldfail meaningful.  */
int
main (void)
{
  fflush (stdout);
  pid_t pid = fork ();
  RT_CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    exit (scenario ());
  int st;
  RT_CHECK (waitpid (pid, &st, 0) == pid, "waitpid failed");
  if (WIFEXITED (st))
    printf ("child exit status %d\n", WEXITSTATUS (st));
  else
    printf ("child killed by signal %d\n", WTERMSIG (st));
  fflush (stdout);
  RT_CHECK (WIFEXITED (st) && WEXITSTATUS (st) == ER_EXIT_DEADLOCK,
	    "expected exit status %d (ER_EXIT_DEADLOCK)", ER_EXIT_DEADLOCK);
  return ER_EXIT_DEADLOCK;
}
