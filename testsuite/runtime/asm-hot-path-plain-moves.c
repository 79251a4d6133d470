/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The inline hot path is lock-free and fence-free on x86 (erbium/sync.h:
   "C11 acquire loads and release stores only: on x86-TSO that is plain MOVs,
   with no locked instruction and no fence"; docs/runtime.md).  Functions
   that only use er_commit, er_update, er_stall, er_release, er_receive,
   er_receive_range, er_elem and er_burst must compile at -O2 to code with no
   lock prefix, no xchg (an implicitly locked seq_cst store), no fence, and
   no call or tail call to anything but the out-of-line slow paths
   er_update_slow, er_stall_slow, er_wake_view, er_misuse and
   er_check_access. The positive scans make sure the functions were not
   optimised away.  */
/* { dg-do assemble { target x86_64-*-* i?86-*-* } } */
/* { dg-options "-O2 -save-temps" } */
/* { dg-final { scan-assembler-not {\mlock\M} } } */
/* { dg-final { scan-assembler-not {xchg} } } */
/* { dg-final { scan-assembler-not {[lsm]fence} } } */
/* { dg-final { scan-assembler-not {\m(call|jmp)[a-z]*\s+(?!\.L|er_update_slow\M|er_stall_slow\M|er_wake_view\M|er_misuse\M|er_check_access\M)} } } */
/* { dg-final { scan-assembler {\mcall\s+er_update_slow\M} } } */
/* { dg-final { scan-assembler {\mer_stall_slow\M} } } */
/* { dg-final { scan-assembler {\mer_wake_view\M} } } */
/* { dg-final { scan-assembler {\mhot_consume\M} } } */

#include <erbium/runtime.h>

void
hot_commit (er_view *v, int i)
{
  er_commit (v, i);
}

int
hot_update (er_view *v, int i)
{
  return er_update (v, i);
}

void
hot_stall (er_view *v, int i)
{
  er_stall (v, i);
}

void
hot_release (er_view *v, int i)
{
  er_release (v, i);
}

void
hot_receive (er_view *v, int i, int j)
{
  er_receive (v, i);
  er_receive_range (v, i, j);
}

int
hot_elem (er_view *v, int i)
{
  return ER_AT (v, int, i);
}

/* A whole producer burst and a whole consumer burst, as a compiler would
   emit them.  */
void
hot_produce (er_view *v, int tl, int hd)
{
  er_stall (v, hd);
  int *p = er_burst (v, tl, hd - tl);
  for (int i = 0; i < hd - tl; i++)
    p[i] = tl + i;
  er_commit (v, hd);
}

long
hot_consume (er_view *v, int tl, int hd)
{
  long s = 0;
  hd = er_update (v, hd);
  const int *p = er_burst (v, tl, hd - tl);
  for (int i = 0; i < hd - tl; i++)
    s += p[i];
  er_release (v, hd);
  return s;
}
