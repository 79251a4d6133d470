/* SPDX-License-Identifier: GPL-3.0-or-later */ /* A task body is a structured block run by another process: return,
   and break, continue or goto to a statement outside it are errors.
   Jumps inside the body are fine.  */

int
f (int n)
{
  int x __attribute__ ((stream));
  int v;
#pragma omp task input (x >> v)
  return v; /* { dg-error ".return. in the body of a task" } */
  while (n--)
    {
#pragma omp task input (x >> v)
      break; /* { dg-error ".break. out of the body of a task" } */
#pragma omp task input (x >> v)
      {
	if (v)
	  continue; /* { dg-error ".continue. out of the body of a task" } */
      }
#pragma omp task input (x >> v)
      goto out; /* { dg-error ".goto. out of the body of a task" } */
#pragma omp task input (x >> v)
      {
	for (int i = 0; i < v; i++)
	  if (i == 3)
	    break;
	  else
	    continue;
	switch (v)
	  {
	  case 1:
	    break;
	  }
	goto in;
      in:
	v++;
      }
    }
 out:
  return 0;
}
