/* SPDX-License-Identifier: GPL-3.0-or-later */ /* signals.c -- transparency test: signal handling: sigaction handlers
   counting raised signals, a handler with SA_SIGINFO reading si_signo
   and si_code, blocked signals staying pending until unblocked, signal
   ignored with SIG_IGN, and the installed handler read back.  The
   output is fully determined by the order of raise() calls.  */
#include <stdio.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t usr1_count, usr2_count, last_code;
static volatile sig_atomic_t order[16];
static volatile sig_atomic_t norder;

static void
on_usr1 (int sig)
{
  (void) sig;
  usr1_count++;
  if (norder < 16)
    order[norder++] = 1;
}

static void
on_usr2 (int sig, siginfo_t *info, void *ctx)
{
  (void) ctx;
  usr2_count += sig == info->si_signo;
  last_code = info->si_code == SI_USER || info->si_code == SI_TKILL;
  if (norder < 16)
    order[norder++] = 2;
}

int
main (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);

  struct sigaction si;
  memset (&si, 0, sizeof si);
  si.sa_sigaction = on_usr2;
  si.sa_flags = SA_SIGINFO;
  sigemptyset (&si.sa_mask);
  sigaction (SIGUSR2, &si, NULL);

  for (int i = 0; i < 5; i++)
    raise (i % 2 ? SIGUSR2 : SIGUSR1);
  printf ("usr1 %d usr2 %d code-user %d\n", (int) usr1_count,
	  (int) usr2_count, (int) last_code);

  sigset_t block, pending;
  sigemptyset (&block);
  sigaddset (&block, SIGUSR1);
  sigprocmask (SIG_BLOCK, &block, NULL);
  raise (SIGUSR1);
  raise (SIGUSR1);		/* standard signals do not queue */
  raise (SIGUSR2);
  sigpending (&pending);
  printf ("while blocked: usr1 %d pending %d\n", (int) usr1_count,
	  sigismember (&pending, SIGUSR1));
  sigprocmask (SIG_UNBLOCK, &block, NULL);
  printf ("after unblock: usr1 %d usr2 %d\n", (int) usr1_count,
	  (int) usr2_count);

  signal (SIGUSR2, SIG_IGN);
  raise (SIGUSR2);
  printf ("ignored: usr2 %d\n", (int) usr2_count);

  struct sigaction old;
  sigaction (SIGUSR1, NULL, &old);
  printf ("handler kept %d\n", old.sa_handler == on_usr1);

  printf ("order:");
  for (int i = 0; i < norder; i++)
    printf (" %d", (int) order[i]);
  printf ("\n");
  return 0;
}
