/* SPDX-License-Identifier: GPL-3.0-or-later */ /* computed_goto.c -- transparency test: GNU labels as values and computed
   goto: a threaded-code stack-machine interpreter running a loop program
   (sum of squares, factorial, gcd), and a goto-based state machine.  */
#include <stdio.h>

enum op { PUSH, ADD, SUB, MUL, MOD, DUP, SWAP, OVER, DROP, JNZ, JMP, PRINT,
	  HALT };

static long
run (const long *code)
{
  static void *const dispatch[] = { &&push, &&add, &&sub, &&mul, &&mod,
				    &&dup, &&swap, &&over, &&drop, &&jnz,
				    &&jmp, &&print, &&halt };
  long stack[64];
  int sp = 0;
  const long *pc = code;
  long steps = 0;
#define NEXT do { steps++; goto *dispatch[*pc++]; } while (0)
  NEXT;
push:
  stack[sp++] = *pc++;
  NEXT;
add:
  sp--; stack[sp - 1] += stack[sp];
  NEXT;
sub:
  sp--; stack[sp - 1] -= stack[sp];
  NEXT;
mul:
  sp--; stack[sp - 1] *= stack[sp];
  NEXT;
mod:
  sp--; stack[sp - 1] %= stack[sp];
  NEXT;
dup:
  stack[sp] = stack[sp - 1]; sp++;
  NEXT;
swap:
  { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; }
  NEXT;
over:
  stack[sp] = stack[sp - 2]; sp++;
  NEXT;
drop:
  sp--;
  NEXT;
jnz:
  {
    long target = *pc++;
    if (stack[--sp])
      pc = code + target;
  }
  NEXT;
jmp:
  pc = code + *pc;
  NEXT;
print:
  printf ("  out %ld\n", stack[--sp]);
  NEXT;
halt:
#undef NEXT
  return steps;
}

int
main (void)
{
  const long prog1[] = {
    PUSH, 0, PUSH, 100,		/* acc n */
    /* 4 */ SWAP, OVER, DUP, MUL, ADD, SWAP,	/* acc' n */
    PUSH, 1, SUB, DUP, JNZ, 4,
    DROP, PRINT, HALT };
  const long fact[] = {
    PUSH, 1, PUSH, 20,		/* acc n */
    /* 4 */ SWAP, OVER, MUL, SWAP, PUSH, 1, SUB, DUP, JNZ, 4,
    DROP, PRINT, HALT };
  const long gcd[] = {
    PUSH, 1071, PUSH, 462,	/* a b */
    /* 4 */ DUP, JNZ, 10, DROP, JMP, 15,
    /* 10 */ SWAP, OVER, MOD, JMP, 4,
    /* 15 */ PRINT, HALT };
  printf ("sum of squares:\n");
  printf ("  steps %ld\n", run (prog1));
  printf ("factorial:\n");
  printf ("  steps %ld\n", run (fact));
  printf ("gcd:\n");
  printf ("  steps %ld\n", run (gcd));

  /* State machine over a string: count numbers and words.  */
  const char *s = "abc 123 de4 56 7x  89 ";
  int numbers = 0, words = 0;
  const char *p = s;
  static void *const st[] = { &&start, &&in_num, &&in_word };
  int state = 0;
  goto *st[state];
start:
  if (!*p)
    goto done;
  if (*p >= '0' && *p <= '9')
    {
      numbers++;
      p++;
      goto in_num;
    }
  if (*p != ' ')
    {
      words++;
      p++;
      goto in_word;
    }
  p++;
  goto start;
in_num:
  if (*p >= '0' && *p <= '9')
    {
      p++;
      goto in_num;
    }
  goto start;
in_word:
  if (*p && *p != ' ')
    {
      p++;
      goto in_word;
    }
  goto start;
done:
  printf ("numbers %d words %d\n", numbers, words);
  return 0;
}
