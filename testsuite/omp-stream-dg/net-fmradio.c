/* SPDX-License-Identifier: GPL-3.0-or-later */ /* The network of the FM receiver written with OpenMP stream pragmas
   (examples/fmradio-omp): 11 sites and the control program that ticks
   what is left; the reader, de-emphasis and sink carry serializer tokens
   (self-loops); block sizes are variables, so every burst of the signal
   streams is unknown and no edge of them may be fused; the filters'
   sites may be split.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-dump=erbium-tasks" } */
#include "../../examples/fmradio-omp/fmradio-omp.c"
/* { dg-final { scan-plugin-dump "network of the unit: 12 nodes, 26 edges, 3 cycles\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 0: site fmradio-omp.c:\[0-9\]+ \\(read_seed\\), body \[^\\n\]*, one process per site, instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 3: site fmradio-omp.c:\[0-9\]+ \\(read\\), body \[^\\n\]*, one process per site, instances loop-counted nbx \\(for at fmradio-omp.c:\[0-9\]+\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 4: site fmradio-omp.c:\[0-9\]+ \\(channel\\), body \[^\\n\]*, one process per site, instances unknown \\(created under a condition: if at fmradio-omp.c:\[0-9\]+\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 9: site fmradio-omp.c:\[0-9\]+ \\(last_band\\), " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 10: site fmradio-omp.c:\[0-9\]+ \\(sink\\), " erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network node 11: control program of fm_omp_run, instances 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 6: node 3 -> node 3, stream rtok \\(int\\), writer burst 1, reader burst 1, horizon 1\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 8: node 3 -> node 4, stream x \\(struct fm_cf\\), writer burst unknown \\(cx, evaluated at creation\\), reader burst unknown \\(adv, evaluated at creation\\), horizon unknown \\(view xw is variable-length\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 9: node 3 -> node 11, stream x \\(struct fm_cf\\), writer burst unknown \\(cx, evaluated at creation\\), reader burst unknown \\(xleft, evaluated at the tick\\) \\(tick\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 17: node 7 -> node 8, stream de \\(float\\), writer burst unknown \\(ca, evaluated at creation\\), reader burst 0 \\(peek\\), horizon unknown \\(view ew is variable-length\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 18: node 7 -> node 9, stream de \\(float\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 20: node 8 -> node 10, stream eq.0. \\(float\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 22: node 8 -> node 10, stream eq.2. \\(float\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network edge 23: node 9 -> node 10, stream eq.3. \\(float\\)" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-not "node 9 -> node 10, stream eq.\[012\]" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network cycle 0: node 3 \\(self-loop\\)\nnetwork cycle 1: node 7 \\(self-loop\\)\nnetwork cycle 2: node 10 \\(self-loop\\)\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 0 \\(node 0 -> node 3\\): not eligible: stream rtok is also written by node 3 after the writer: the reader takes the elements of both\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 8 \\(node 3 -> node 4\\): not eligible: the writer's burst is unknown: cx, evaluated at creation\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network fusion edge 14 \\(node 6 -> node 7\\): not eligible: the writer's burst is unknown: ca, evaluated at creation\n" erbium-tasks } } */
/* { dg-final { scan-plugin-dump-times "network fusion edge \[0-9\]+ \[^\\n\]*: eligible" 0 erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 3: not eligible: a self-loop on stream rtok" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 4: eligible" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 8: eligible" erbium-tasks } } */
/* { dg-final { scan-plugin-dump "network splitting node 10: not eligible: a self-loop on stream stok" erbium-tasks } } */
