/* SPDX-License-Identifier: GPL-3.0-or-later */ /* Splitting under auto (docs/omp-stream.md, "The network"): in a
   pipeline of a source, a heavy stateless stage and a sink, the stage
   may be split and does nearly all the work (its estimated operations
   per instance: 64 elements times a loop of 300 rounds), so it is split
   into as many workers as its share gives it on the cores found at run
   time; the source is stateless but too cheap to split; the sink writes
   through a pointer every instance shares and may not be split.  The
   graph draws the split node as a 3-D box.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks -fplugin-arg-erbium-graph=split-auto.dot" } */
#include <stdint.h>
#define N 100
#define B 64
static uint32_t out[N * B];

static uint32_t
mix (uint32_t x)
{
  for (int r = 0; r < 300; r++)
    x = (x ^ (x >> 13)) * 2654435761u + (uint32_t) r;
  return x;
}

int
main (void)
{
  uint32_t a __attribute__ ((stream));
  uint32_t b __attribute__ ((stream));
  uint32_t wa[B], ra[B], wb[B], rb[B];
  uint32_t *o = out;
  for (int i = 0; i < N; i++)
    {
#pragma omp task output (a << wa[B]) firstprivate (i) task_name (source)
      for (int k = 0; k < B; k++)
	wa[k] = (uint32_t) (i * B + k);
#pragma omp task input (a >> ra[B]) output (b << wb[B]) task_name (heavy)
      for (int k = 0; k < B; k++)
	wb[k] = mix (ra[k]);
#pragma omp task input (b >> rb[B]) firstprivate (o, i) task_name (sink)
      for (int k = 0; k < B; k++)
	o[i * B + k] = rb[k];
    }
#pragma omp taskwait
  return out[1] != mix (1);
}
/* { dg-final { scan-plugin-dump "network splitting node 1: eligible: no state from one instance to the next" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 0: not split: auto: its estimated work, about \[0-9\]+ operations per instance, is below 1000: a worker's hand-over would cost more than it saves\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 1: split: auto \\(at most the cores found at run time: 99% of them, rounded, at least 1; its estimated work, about \[0-9\]+ operations per instance times its instances, is 99% of the unit's sites'\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network split node 2: not split: its body writes memory through o, a pointer copied at creation, which every instance shares \\(split-auto.c:40\\): state kept from one instance to the next\n" erbium-tasks } } */
/* { dg-final { network-dot "split-auto.dot" "n1 \\\[label=\"site split-auto.c:35 \\(heavy\\)\\\\n__erbium_task_main_1\\\\ninstances 100\\\\nsplit: auto\", shape=box3d\\\];" "n0 \\\[label=\"site split-auto.c:32 \\(source\\)\\\\n__erbium_task_main_0\\\\ninstances 100\\\\nsplittable\"\\\];" "3-D: split into workers" } } */
