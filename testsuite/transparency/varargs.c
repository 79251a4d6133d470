/* SPDX-License-Identifier: GPL-3.0-or-later */ /* varargs.c -- transparency test: variadic functions with va_list,
   va_copy, mixed argument types (int, long, double, pointers, promoted
   char and float), vsnprintf, and a variadic function forwarding its
   list to another.  */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static long
sum_ints (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  long s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg (ap, int);
  va_end (ap);
  return s;
}

/* Format: i int, l long, d double, s string, c char (promoted).  */
static double
mixed (const char *fmt, ...)
{
  va_list ap, again;
  va_start (ap, fmt);
  va_copy (again, ap);
  double total = 0;
  for (const char *f = fmt; *f; f++)
    switch (*f)
      {
      case 'i': total += va_arg (ap, int); break;
      case 'l': total += (double) va_arg (ap, long); break;
      case 'd': total += va_arg (ap, double); break;
      case 's': total += strlen (va_arg (ap, const char *)); break;
      case 'c': total += va_arg (ap, int) * 0.5; break;
      }
  va_end (ap);
  /* Second pass over the copy: count the doubles only.  */
  double dsum = 0;
  for (const char *f = fmt; *f; f++)
    switch (*f)
      {
      case 'i': case 'c': (void) va_arg (again, int); break;
      case 'l': (void) va_arg (again, long); break;
      case 'd': dsum += va_arg (again, double); break;
      case 's': (void) va_arg (again, const char *); break;
      }
  va_end (again);
  return total * 1000 + dsum;
}

static int
vformat (char *buf, size_t n, const char *fmt, va_list ap)
{
  return vsnprintf (buf, n, fmt, ap);
}

static int __attribute__ ((format (printf, 3, 4)))
format (char *buf, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = vformat (buf, n, fmt, ap);
  va_end (ap);
  return r;
}

static double
many_doubles (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s = s * 1.5 + va_arg (ap, double);
  va_end (ap);
  return s;
}

int
main (void)
{
  printf ("%ld %ld %ld\n", sum_ints (0), sum_ints (3, 1, 2, 3),
	  sum_ints (12, 1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, 1000));
  char c = 'x';
  float f = 2.25f;
  printf ("mixed %.3f\n", mixed ("ildsc", 5, 123456789012L, 0.75,
				 "hello", c));
  printf ("mixed %.3f\n", mixed ("ddddddddddi", 1.0, 2.0, 3.0, 4.0, 5.0,
				 6.0, 7.0, 8.0, 9.0, (double) f, 99));
  char buf[64];
  int r = format (buf, sizeof buf, "%d-%s-%05.1f-%c-%lx", 42, "abc", 3.14159,
		  'Z', 0xdeadbeefUL);
  printf ("format %d '%s'\n", r, buf);
  r = format (buf, 8, "%s", "truncated string");
  printf ("truncated %d '%s'\n", r, buf);
  printf ("doubles %.6f\n", many_doubles (14, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0,
					  7.0, 8.0, 9.0, 10.0, 11.0, 12.0,
					  13.0, 14.0));
  return 0;
}
