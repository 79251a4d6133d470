/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Stream declarations (OMP-STREAM-SPEC.md 2): a stream is an automatic
   variable of a block or a parameter, created empty where it is
   declared; its elements are of a complete type of at most 1 MiB.
   Stream fields in structures are not supported (2.5).  */

int g __attribute__ ((stream)); /* { dg-error "stream .g. is not an automatic variable of a block" } */
int *gr __attribute__ ((stream_ref));

struct s
{
  int f __attribute__ ((stream)); /* { dg-error ".stream. attribute applies to variables and parameters \\(a stream field in a structure is not supported\\)" } */
};

struct big
{
  char c[2 << 20];
};

void
f (void v __attribute__ ((stream))) /* { dg-error "" } */
{
}

void
h (int n)
{
  static int st __attribute__ ((stream)); /* { dg-error "stream .st. is not an automatic variable of a block" } */
  int x __attribute__ ((stream)) = 0; /* { dg-error "stream .x. has an initialiser" } */
  struct big b __attribute__ ((stream)); /* { dg-error "stream .b. has elements of .struct big., larger than the limit of the runtime" } */
  struct incomplete i __attribute__ ((stream)); /* { dg-error "" } */
  int ok[n] __attribute__ ((stream));
  int ref __attribute__ ((stream_ref)) = ok[0];
  (void) ref;
}
