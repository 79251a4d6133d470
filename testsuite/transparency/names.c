/* SPDX-License-Identifier: GPL-3.0-or-later */ /* names.c -- transparency test: an ordinary program that uses the words
   of the Erbium language as its own identifiers (record, view, process,
   run, commit, update, stall, release, receive, alloc, horizon, burst):
   without <erbium.h> they are plain C names and the plugin must not touch
   them.  (names-er.c does the same with the runtime's er_ names.)  */
#include <stdio.h>
#include <string.h>

struct record { int id; char name[16]; double value; };
typedef struct record record;
typedef int view;

static int horizon = 4;
static int burst[8];

static int process (int x) { return x * 3 + 1; }
static int run (int (*p) (int), int x) { return p (p (x)); }
static long commit (long *log, int n, long v) { log[n] = v; return n + 1; }
static int update (view v, int i) { return v + i; }
static int stall (int i) { return i > horizon ? horizon : i; }
static void release (record *r) { r->value = 0; r->name[0] = 0; }
static int receive (const int *b, int i) { return b[i & 7]; }
static int receive_range (const int *b, int lo, int hi)
{
  int s = 0;
  for (int i = lo; i < hi; i++)
    s += b[i & 7];
  return s;
}
static void *alloc (size_t n) { static char pool[256]; return n <= 256 ? pool : 0; }

int
main (void)
{
  record r[3];
  for (int i = 0; i < 3; i++)
    {
      r[i].id = i;
      snprintf (r[i].name, sizeof r[i].name, "record%d", i);
      r[i].value = i * 1.5;
    }
  release (&r[1]);
  for (int i = 0; i < 3; i++)
    printf ("%d '%s' %.1f\n", r[i].id, r[i].name, r[i].value);

  view v = 10;
  long log[16];
  int n = 0;
  for (int i = 0; i < 10; i++)
    {
      burst[i & 7] += run (process, i);
      n = commit (log, n % 16, update (v, i) * stall (i));
    }
  long s = 0;
  for (int i = 0; i < n; i++)
    s += log[i];
  printf ("commit log %d sum %ld\n", n, s);
  printf ("receive %d range %d\n", receive (burst, 13),
	  receive_range (burst, 2, 11));
  char *mem = alloc (32);
  strcpy (mem, "not a record");
  printf ("alloc '%s'\n", mem);
  return 0;
}
