/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Compile time of strip-mining: a function of 200 element-at-a-time
   loops like the example of docs/strip-mining.md (each one update, one
   element, one release), all strip-mined (the dump says so 200 times).
   Strip-mining cost cc1 2.8 times the instructions of compiling the
   same program with -fplugin-arg-erbium-stripmine=0, and 1.5 times now
   (docs/strip-mining.md has the figures and the command): the
   analysis of all the loops comes before their transforms and one SSA
   update, and the element paths and the copies for ERBIUM_CHECK, which
   are cold, keep their primitives and element accesses as calls.  The
   limit below is generous: timing decides nothing here.  The program
   runs too: a producer streams 200 * N indices, and the consumer's sum
   over the 200 loops must be right.  */
/* { dg-do run } */
/* { dg-timeout 60 } */
/* { dg-options "-O3 -fplugin-arg-erbium-dump=erbium-stripmine" } */
/* { dg-output "ok: stripmine-200-loops" } */
/* { dg-final { scan-plugin-dump-times {loop at line (5[4-9]|6[0-9]|7[0-3]): strip-mined, burst} 200 erbium-stripmine } } */

#include "er-run.h"

#define N 1000
#define LOOPS 200

/* One loop of the consumer: elements TL .. TL + N - 1, each plus K.  */
#define LOOP(k)					\
  for (int i = tl; i < tl + n; i++)		\
    {						\
      update (r, i + 1);			\
      s += (k) + r[i];				\
      release (r, i + 1);			\
    }						\
  tl += n;

process producer (record(int) re)
{
  view(int) w = new_write_view (re);
  register_view (w);
  alloc (w, 4096);
  for (int i = 0; i < LOOPS * N; i++)
    {
      stall (w, i + 1);
      w[i] = i % 7;
      commit (w, i + 1);
    }
}

process consumer (record(int) re, int n, long *sum)
{
  view(int) r = new_read_view (re);
  register_view (r);
  alloc (r, 4096);
  int tl = 0;
  long s = 0;
  LOOP (1) LOOP (2) LOOP (3) LOOP (4) LOOP (5) LOOP (6) LOOP (7) LOOP (8) LOOP (9) LOOP (10)
  LOOP (11) LOOP (12) LOOP (13) LOOP (14) LOOP (15) LOOP (16) LOOP (17) LOOP (18) LOOP (19) LOOP (20)
  LOOP (21) LOOP (22) LOOP (23) LOOP (24) LOOP (25) LOOP (26) LOOP (27) LOOP (28) LOOP (29) LOOP (30)
  LOOP (31) LOOP (32) LOOP (33) LOOP (34) LOOP (35) LOOP (36) LOOP (37) LOOP (38) LOOP (39) LOOP (40)
  LOOP (41) LOOP (42) LOOP (43) LOOP (44) LOOP (45) LOOP (46) LOOP (47) LOOP (48) LOOP (49) LOOP (50)
  LOOP (51) LOOP (52) LOOP (53) LOOP (54) LOOP (55) LOOP (56) LOOP (57) LOOP (58) LOOP (59) LOOP (60)
  LOOP (61) LOOP (62) LOOP (63) LOOP (64) LOOP (65) LOOP (66) LOOP (67) LOOP (68) LOOP (69) LOOP (70)
  LOOP (71) LOOP (72) LOOP (73) LOOP (74) LOOP (75) LOOP (76) LOOP (77) LOOP (78) LOOP (79) LOOP (80)
  LOOP (81) LOOP (82) LOOP (83) LOOP (84) LOOP (85) LOOP (86) LOOP (87) LOOP (88) LOOP (89) LOOP (90)
  LOOP (91) LOOP (92) LOOP (93) LOOP (94) LOOP (95) LOOP (96) LOOP (97) LOOP (98) LOOP (99) LOOP (100)
  LOOP (101) LOOP (102) LOOP (103) LOOP (104) LOOP (105) LOOP (106) LOOP (107) LOOP (108) LOOP (109) LOOP (110)
  LOOP (111) LOOP (112) LOOP (113) LOOP (114) LOOP (115) LOOP (116) LOOP (117) LOOP (118) LOOP (119) LOOP (120)
  LOOP (121) LOOP (122) LOOP (123) LOOP (124) LOOP (125) LOOP (126) LOOP (127) LOOP (128) LOOP (129) LOOP (130)
  LOOP (131) LOOP (132) LOOP (133) LOOP (134) LOOP (135) LOOP (136) LOOP (137) LOOP (138) LOOP (139) LOOP (140)
  LOOP (141) LOOP (142) LOOP (143) LOOP (144) LOOP (145) LOOP (146) LOOP (147) LOOP (148) LOOP (149) LOOP (150)
  LOOP (151) LOOP (152) LOOP (153) LOOP (154) LOOP (155) LOOP (156) LOOP (157) LOOP (158) LOOP (159) LOOP (160)
  LOOP (161) LOOP (162) LOOP (163) LOOP (164) LOOP (165) LOOP (166) LOOP (167) LOOP (168) LOOP (169) LOOP (170)
  LOOP (171) LOOP (172) LOOP (173) LOOP (174) LOOP (175) LOOP (176) LOOP (177) LOOP (178) LOOP (179) LOOP (180)
  LOOP (181) LOOP (182) LOOP (183) LOOP (184) LOOP (185) LOOP (186) LOOP (187) LOOP (188) LOOP (189) LOOP (190)
  LOOP (191) LOOP (192) LOOP (193) LOOP (194) LOOP (195) LOOP (196) LOOP (197) LOOP (198) LOOP (199) LOOP (200)
  *sum = s;
}

int
main (void)
{
  static long sum;
  long expect = 0;
  for (int k = 1; k <= LOOPS; k++)
    for (int i = (k - 1) * N; i < k * N; i++)
      expect += k + i % 7;
  record(int) re = new_record (1, 1);
  run producer (re);
  run consumer (re, N, &sum);
  er_wait_all ();
  RT_EQ (sum, expect);
  RT_OK ("stripmine-200-loops");
  return 0;
}
