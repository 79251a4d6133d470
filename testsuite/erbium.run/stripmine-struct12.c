/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Strip-mining: an element size that is not a power of two
   (a struct of three floats, 12 bytes).  The producer streams an array
   of such structs, plus one in each field (GCC 12 does not loop-vectorise stores
   of three fields computed from the index itself: "no vectype"); the
   consumer maps each element to a float.  No basic-block SLP: its
   "optimized" notes on the element path the pass keeps would be noise.  */
/* { dg-do run } */
/* { dg-options "-O3 -fno-tree-slp-vectorize -fplugin-arg-erbium-dump -fopt-info-vec" } */
/* { dg-output "ok: stripmine-struct12" } */
/* { dg-final { scan-plugin-dump {loop at line 50: strip-mined, burst [0-9]+} erbium-stripmine } } */
/* { dg-final { scan-plugin-dump {loop at line 63: strip-mined, burst [0-9]+} erbium-stripmine } } */

#include "stripmine.h"

#define N 20000

struct vec3 { float x, y, z; };

static float combine (struct vec3 v) { return v.x + v.y * v.z; }

struct vec3 src[N];
float out[N];

static SM_REFERENCE void
init (void)
{
  _Static_assert (sizeof (struct vec3) == 12, "12-byte elements");
  for (int i = 0; i < N; i++)
    {
      src[i].x = (float) i;
      src[i].y = (float) i * 0.5f;
      src[i].z = (float) (2 * i + 1);
    }
}

static SM_REFERENCE void
check (void)
{
  for (int i = 0; i < N; i++)
    {
      struct vec3 v = { src[i].x + 1.0f, src[i].y + 1.0f, src[i].z + 1.0f };
      RT_CHECK (out[i] == combine (v), "out[%d] = %g, expected %g", i,
		out[i], combine (v));
    }
}

process producer (record(struct vec3) re)
{
  SM_WRITER (struct vec3, w, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      stall (w, i + 1);
      w[i].x = src[i].x + 1.0f;
      w[i].y = src[i].y + 1.0f;
      w[i].z = src[i].z + 1.0f;
      commit (w, i + 1);
    }
}

process consumer (record(struct vec3) re)
{
  SM_READER (struct vec3, r, re, SM_HORIZON);
  for (int i = 0; i < N; i++)	/* { dg-optimized "loop vectorized|versioned for vectorization" } */
    {
      update (r, i + 1);
      out[i] = combine (r[i]);
      release (r, i + 1);
    }
}

int
main (void)
{
  init ();
  record(struct vec3) re = new_record (1, 1);
  run producer (re);
  run consumer (re);
  er_wait_all ();
  check ();
  RT_OK ("stripmine-struct12");
  return 0;
}
