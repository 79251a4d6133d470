/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tbb.cc -- the FM receiver's benchmark peer "tbb-flow": the
   block steps of examples/fmradio/blocks.h as a TBB flow graph, run by
   oneTBB's default arena (one thread per core).  Messages are block
   numbers, the data stays in the rings:

     read (input_node, serial) -> limiter -> channel (parallel)
       -> sequencer -> demod (parallel) -> sequencer -> audio (parallel)
       -> sequencer -> deemph (serial) -> band 0..3 (parallel each)
       -> join by block -> sequencer -> sink (serial) -> limiter

   A filter step that peeks one block ahead computes block K - 1 when
   block K of its input arrives (fm_blk_ready), so its input must arrive
   in order: the sequencers restore the order that parallel nodes lose.
   The limiter keeps at most FM_TBB_TOKENS input blocks between the reader
   and the sink, which is what makes FM_TBB_SLOTS slots per ring enough
   (a block's slot is reused only once every step reading it is done).
   The output is bit-identical to fmradio-seq's and the Erbium
   receiver's.

   Usage: fmradio-tbb [--block A] [--eq G0,G1,G2,G3] [--quiet] INPUT.wav
   OUTPUT.wav (fm_blk_main, blocks.h).  Exit status 0, 1 on bad input or
   an I/O error (or a TBB exception, reported), 2 on bad usage.  */
#include <cstdio>
#include <exception>
#include <functional>
#include <tuple>
#include <tbb/flow_graph.h>
extern "C" {
#include "blocks.h"
}

/* Default audio block (samples): 512 to 8192 are within 3 % of each
   other (60 s input, 2 cores; bench/README.md); 2048 was the best.  */
#define FM_TBB_BLOCK 2048
/* Input blocks in flight between the reader and the sink: at least the
   pipeline's look-ahead (four filters, one block each) plus one, or the
   sink would wait for a block the limiter holds back.  */
#define FM_TBB_TOKENS 8
/* Slots per ring: the tokens, the look-ahead and a margin for the steps
   still reading a block whose sink is done.  */
#define FM_TBB_SLOTS (2 * FM_TBB_TOKENS)

using namespace tbb::flow;

typedef multifunction_node<long, std::tuple<long> > fm_filter_node;
typedef std::tuple<long, long, long, long> fm_bands;

/* The body of a filter node: step S (band B) for every block of OUT that
   block K of IN makes computable, passing each block number on.  */
static std::function<void (long, fm_filter_node::output_ports_type &)>
fm_filter (fm_blocks *p, const fm_ring *in, const fm_ring *out,
	   fm_step s, int b = 0)
{
  return [=] (long k, fm_filter_node::output_ports_type &op) {
    long lo, hi;
    fm_blk_ready (in, out, k, &lo, &hi);
    for (; lo < hi; lo++)
      {
	fm_blk_step (p, s, b, lo);
	std::get<0> (op).try_put (lo);
      }
  };
}

/* A sequencer's sequence number: the block number itself (of every
   band, once they are joined).  */
static auto fm_seqno = [] (long i) { return (size_t) i; };
static auto fm_bands_seqno = [] (const fm_bands &t) {
  return (size_t) std::get<0> (t);
};

static int
fm_tbb_run (fm_blocks *p)
{
  try
    {
      graph g;
      long next = 0;
      input_node<long> reader (g, [p, &next] (tbb::flow_control &fc) -> long {
	if (next == p->x.nb)
	  {
	    fc.stop ();
	    return 0;
	  }
	fm_blk_read (p, next);
	return next++;
      });
      limiter_node<long> limit (g, FM_TBB_TOKENS);
      fm_filter_node channel (g, unlimited,
			      fm_filter (p, &p->x, &p->ch, FM_STEP_CHANNEL));
      sequencer_node<long> s1 (g, fm_seqno), s2 (g, fm_seqno),
	s3 (g, fm_seqno);
      fm_filter_node demod (g, unlimited,
			    fm_filter (p, &p->ch, &p->dm, FM_STEP_DEMOD));
      fm_filter_node audio (g, unlimited,
			    fm_filter (p, &p->dm, &p->au, FM_STEP_AUDIO));
      function_node<long, long> deemph (g, serial, [p] (long i) {
	fm_blk_deemph (p, i);
	return i;
      });
      static_assert (FM_EQ_BANDS == 4, "the join below has four ports");
      fm_filter_node band0 (g, unlimited, fm_filter (p, &p->de, &p->eq[0],
						     FM_STEP_BAND, 0));
      fm_filter_node band1 (g, unlimited, fm_filter (p, &p->de, &p->eq[1],
						     FM_STEP_BAND, 1));
      fm_filter_node band2 (g, unlimited, fm_filter (p, &p->de, &p->eq[2],
						     FM_STEP_BAND, 2));
      fm_filter_node band3 (g, unlimited, fm_filter (p, &p->de, &p->eq[3],
						     FM_STEP_BAND, 3));
      auto key = [] (long i) { return i; };
      join_node<fm_bands, key_matching<long> > gather (g, key, key, key,
						       key);
      sequencer_node<fm_bands> s4 (g, fm_bands_seqno);
      function_node<fm_bands, continue_msg> sink (g, serial,
						  [p] (const fm_bands &t) {
	fm_blk_sink (p, std::get<0> (t));
	return continue_msg ();
      });

      make_edge (reader, limit);
      make_edge (limit, channel);
      make_edge (output_port<0> (channel), s1);
      make_edge (s1, demod);
      make_edge (output_port<0> (demod), s2);
      make_edge (s2, audio);
      make_edge (output_port<0> (audio), s3);
      make_edge (s3, deemph);
      make_edge (deemph, band0);
      make_edge (deemph, band1);
      make_edge (deemph, band2);
      make_edge (deemph, band3);
      make_edge (output_port<0> (band0), input_port<0> (gather));
      make_edge (output_port<0> (band1), input_port<1> (gather));
      make_edge (output_port<0> (band2), input_port<2> (gather));
      make_edge (output_port<0> (band3), input_port<3> (gather));
      make_edge (gather, s4);
      make_edge (s4, sink);
      make_edge (sink, limit.decrementer ());
      reader.activate ();
      g.wait_for_all ();
    }
  catch (const std::exception &e)
    {
      fprintf (stderr, "fmradio-tbb: %s\n", e.what ());
      return -1;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  return fm_blk_main (argc, argv, "fmradio-tbb", FM_TBB_BLOCK, FM_TBB_SLOTS,
		      fm_tbb_run);
}
