/* SPDX-License-Identifier: GPL-3.0-or-later */ /* -fplugin-arg-erbium-graph=FILE writes the network as Graphviz (the
   DOT language): a node per site (its place and name, body, instance
   count; "splittable" when it may be split; dashed with one process per
   instance), an ellipse per control program, an edge per stream labelled
   with its name, type, bursts and horizon; a fusable edge is bold, the
   nodes and edges of a cycle red.  dot -Tsvg must accept it.  */
/* { dg-options "-O2 -fopenmp -fplugin-arg-erbium-graph=net-graph.dot" } */
int out[64];

int
main (void)
{
  int a __attribute__ ((stream));
  int p __attribute__ ((stream));
  int q __attribute__ ((stream));
  int w[4], r[4], u, v, s0;
  int *o = out;
#pragma omp task output (q << s0) task_name (seed)
  s0 = 1;
  for (int i = 0; i < 16; i++)
    {
#pragma omp task output (a << w[4]) firstprivate (i) task_name (source)
      for (int k = 0; k < 4; k++)
	w[k] = i + k;
#pragma omp task input (a >> r[4]) firstprivate (o, i) task_name (sink)
      {
	o[i] = r[0];
#pragma omp taskwait
      }
#pragma omp task input (q >> u) output (p << v) task_name (ping)
      v = u + 1;
#pragma omp task input (p >> u) output (q << v) task_name (pong)
      v = 2 * u;
    }
  {
#pragma omp tick (q)
  }
#pragma omp taskwait
  return 0;
}
/* { dg-final { network-dot "net-graph.dot" "^digraph network \\\{\n" "\n\\\}\n$" "n0 \\\[label=\"site net-graph.c:18 \\(seed\\)\\\\n__erbium_task_main_0\\\\ninstances 1\\\\nsplittable\"\\\];" "n1 \\\[label=\"site net-graph.c:22 \\(source\\)\\\\n__erbium_task_main_1\\\\ninstances 16\\\\nsplittable\"\\\];" "n2 \\\[label=\"site net-graph.c:25 \\(sink\\)\\\\n__erbium_task_main_2\\\\ninstances 16\", style=\"rounded,dashed\"\\\];" "n3 \\\[label=\"site net-graph.c:30 \\(ping\\)\[^\n\]*, color=red\\\];" "n5 \\\[label=\"control program of main\", shape=ellipse\\\];" "n1 -> n2 \\\[label=\"a \\(int\\)\\\\nburst 4 -> 4, horizon 4\"\\\];" "n3 -> n4 \\\[label=\"p \\(int\\)\\\\nburst 1 -> 1, horizon 1\", color=red, fontcolor=red, style=bold\\\];" "n4 -> n3 \\\[label=\"q \\(int\\)\\\\nburst 1 -> 1, horizon 1\", color=red, fontcolor=red\\\];" "n4 -> n5 \\\[label=\"q \\(int\\)\\\\nburst 1 -> 1 \\(tick\\), horizon 1\"\\\];" } } */
