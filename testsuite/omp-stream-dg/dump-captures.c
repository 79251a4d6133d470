/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Captures (OMP-STREAM-SPEC.md 6.8; docs/omp-stream.md): a
   local the body uses is copied (firstprivate, OpenMP's default for
   tasks), or its address given (shared), or a new variable made
   (private); a stream handle copied into the task is retained at
   creation and released when the instance ends; a size of the control
   program that the body uses (a variable-length type) is copied; globals
   are used in place.  default(shared) shares every local.  */
/* { dg-options "-O0 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */

int global;

void
f (int n)
{
  int x __attribute__ ((stream));
  int y __attribute__ ((stream));
  int v, a = 1, b = 2, c = 3, arr[4] = { 0 };
  int (*p)[n] = 0;
#pragma omp task input (x >> v) shared (a) private (b)
  {
    b = v;
    a = b + c + arr[1] + global;
  }
#pragma omp task input (x >> v) firstprivate (y)
  {
    int w;
#pragma omp task output (y << w) firstprivate (v)
    w = v;
  }
#pragma omp task input (x >> v) default (shared)
  c = v + sizeof (*p);
}
/* { dg-final { scan-plugin-dump "capture b: private \\(new\\)\n  capture a: shared \\(address\\)\n  capture c: firstprivate \\(copied\\)\n  capture arr: firstprivate \\(copied\\)\n  process" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "capture y: firstprivate \\(copied\\), stream handle retained\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "capture v: firstprivate \\(copied\\)\n  process" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "capture c: shared \\(address\\)\n  capture \\(size\\): size of the control program \\(copied\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "capture global" erbium-tasks } } */
/* { dg-final { scan-assembler "er_stream_retain" } } */
/* { dg-final { scan-assembler "er_stream_release" } } */
