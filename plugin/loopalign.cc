/* SPDX-License-Identifier: GPL-3.0-or-later */
/* loopalign.cc -- pass erbium-loopalign: place the innermost loops of
   process code so that no 64-byte block of code holds more instructions
   of a loop than the processor's op cache can keep.

   Why.  On AMD Zen 5 (family 1Ah, the machines this was measured on) a
   short loop runs at full speed only when each 64-byte aligned block of
   its code holds at most about 12 instructions (a compare and the
   conditional jump after it count as one), which fits an op cache that
   keeps at most that many per block: with more, the loop is about 25 %
   slower, as if decoded again on every iteration.  The burst loops of
   process functions are short vector loops of 3- to 5-byte SSE
   instructions, 17 to 18 of them in 68 to 74 bytes, so whether a block
   overflows depends only on where the loop starts modulo 64: measured on
   the FM receiver's channel filter loop (examples/fmradio, one core),
   starting it at 0 to 16 bytes past a 64-byte boundary (13 to 17
   instructions in the first block) made the run 7 % slower than at 20 to
   60 bytes, i.e. the loop about 25 % slower; the audio filter's loop is
   slow at 0 to 8 bytes (13 or more instructions), between at 12 (12) and
   fast from 16 on.  Where the linker put a program's code therefore decided
   up to 20 % of the receiver's speed (docs/performance.md, "Code placement"),
   and any change to the program or to the runtime moved it.  GCC's own
   -falign-loops cannot help: it aligns a loop's start to a power of two,
   and a start on a 64-byte boundary is the worst place for these loops.

   What.  Late (after "mach", when the order of the instructions is
   final), in each function that the plugin's passes changed
   (erbium_note_transformed), for each innermost loop laid out as a label
   followed by the loop's body and a conditional jump back to the label,
   with no call or asm inside, estimate every instruction's length
   (get_attr_length; the jump back as a short jump) and count the
   instructions of each 64-byte block for the loop starting 0, 16, 32 or
   48 bytes past a 64-byte boundary (multiples of 16 keep GCC's own loop
   alignment).  When some of these starts overflow a block
   (ERBIUM_LOOPALIGN_OPS) and another does not, put the loop at the best
   start: an asm before its label, ".p2align 6" and ".nops S" (multi-byte
   no-ops, run once each time the loop is entered from above, never on
   its iterations).  Loops that fit everywhere, or nowhere, are left
   alone.  x86 only (the op cache and the estimate are x86's); off with
   -fplugin-arg-erbium-loopalign=0; -fplugin-arg-erbium-loopalign=all
   places the loops of every function, so that plain C compared with
   Erbium code (the FM benchmark's sequential build and peers) gets the
   same placement.  GCC internals: "RTL passes",
   "Insns" (JUMP_LABEL, any_condjump_p), "Instruction Attributes"
   (get_attr_length); the op cache limit was measured (docs/performance.md,
   "Code placement"), not taken from a manual.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "rtl.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "insn-attr.h"
#include "insn-config.h"
#include "recog.h"
#include "hash-map.h"
#include "erbium-plugin.h"

/* Instructions (a fused compare and jump counting as one) that one
   64-byte block of a loop may hold and still run from the op cache.  */
#define ERBIUM_LOOPALIGN_OPS 12

/* The longest loop the pass places, in bytes: its jump back is then a
   short jump, and a longer loop gains too little from one block's worth
   of placement.  */
#define ERBIUM_LOOPALIGN_MAX_BYTES 120

/* The starts tried: 0, 16, 32 and 48 bytes past a 64-byte boundary
   (multiples of 16 keep GCC's own loop alignment).  Not a tunable: the
   dump line prints exactly these four, and the tests scan it.  */
#define ERBIUM_LOOPALIGN_STARTS 4

namespace {

/* One instruction of a loop: its estimated length in bytes and whether
   it starts an op (a conditional jump right after a compare or test
   does not: the two fuse).  */
struct erbium_la_insn
{
  int len;
  bool op;
};

/* Whether INSN sets the flags from a compare or test only, so that a
   conditional jump after it fuses with it.  */
static bool
erbium_la_compare_p (rtx_insn *insn)
{
  rtx set = single_set (insn);
  return set && GET_CODE (SET_SRC (set)) == COMPARE;
}

/* The largest number of ops in one 64-byte block when the loop INSNS
   starts START bytes past a 64-byte boundary (START below 64, the loop
   at most ERBIUM_LOOPALIGN_MAX_BYTES long, as erbium_la_collect accepts it).
   */
static int
erbium_la_max_ops (const vec<erbium_la_insn> &insns, int start)
{
  /* The blocks a loop can touch from the last start tried.  */
  int count[(16 * (ERBIUM_LOOPALIGN_STARTS - 1) + ERBIUM_LOOPALIGN_MAX_BYTES
	     + 63) / 64] = { 0 };
  int pos = start;
  for (const erbium_la_insn &i : insns)
    {
      unsigned b = pos / 64;
      gcc_assert (b < ARRAY_SIZE (count));
      if (i.op)
	count[b]++;
      pos += i.len;
    }
  int m = 0;
  for (int c : count)
    m = c > m ? c : m;
  return m;
}

/* Collect the instructions of the loop from LABEL to JUMP into OUT, their
   estimated length in bytes into *BYTES, and the source location of its
   first instruction that has one into *LOC (the vectoriser's loops have
   none on their jump).  Returns false when the loop is no candidate: a
   call, an asm, an unrecognised instruction or a barrier (an
   unconditional jump away) is inside, or it is longer than
   ERBIUM_LOOPALIGN_MAX_BYTES.  */
static bool
erbium_la_collect (rtx_insn *label, rtx_insn *jump, vec<erbium_la_insn> *out,
		   int *bytes, location_t *loc)
{
  *bytes = 0;
  *loc = UNKNOWN_LOCATION;
  rtx_insn *prev = NULL;
  for (rtx_insn *insn = NEXT_INSN (label); insn; insn = NEXT_INSN (insn))
    {
      /* A barrier: the body jumps away unconditionally, so it is not
	 one straight run of code.  */
      if (BARRIER_P (insn))
	return false;
      if (!NONDEBUG_INSN_P (insn))
	continue;
      rtx pat = PATTERN (insn);
      if (GET_CODE (pat) == USE || GET_CODE (pat) == CLOBBER)
	continue;
      if (CALL_P (insn) || GET_CODE (pat) == ASM_INPUT
	  || asm_noperands (pat) >= 0)
	return false;
      if (*loc == UNKNOWN_LOCATION
	  && LOCATION_LOCUS (INSN_LOCATION (insn)) != UNKNOWN_LOCATION)
	*loc = INSN_LOCATION (insn);
      erbium_la_insn li;
      if (JUMP_P (insn))
	{
	  /* Its length depends on addresses not known yet: the jump back
	     is short when the loop is (checked below), which is all this
	     pass acts on; a jump out of the loop may be long, and the
	     estimate then a few bytes short.  */
	  li.len = 2;
	  li.op = !(prev && erbium_la_compare_p (prev));
	}
      else
	{
	  if (recog_memoized (insn) < 0)
	    return false;
	  li.len = get_attr_length (insn);
	  li.op = true;
	}
      if (li.len <= 0)
	return false;
      *bytes += li.len;
      out->safe_push (li);
      prev = insn;
      if (insn == jump)
	break;
    }
  return *bytes <= ERBIUM_LOOPALIGN_MAX_BYTES;
}

/* The innermost loops of the current function, in LOOPS: each a label
   and the conditional jump back to it.  */
static void
erbium_la_innermost_loops (vec<std::pair<rtx_insn *, rtx_insn *> > *loops)
{
  /* Innermost loops: a conditional jump back to a label, with no other
     such pair inside.  Walk forward, remembering the labels seen and the
     latest label a backward jump went to.  */
  hash_map<rtx_insn *, int> seen;
  int n = 0;
  int last_inner = -1;		/* position of the last chosen loop's label */
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn), n++)
    {
      if (LABEL_P (insn))
	seen.put (insn, n);
      if (!JUMP_P (insn) || !any_condjump_p (insn) || !JUMP_LABEL (insn)
	  || !LABEL_P (JUMP_LABEL (insn)))
	continue;
      rtx_insn *label = as_a <rtx_insn *> (JUMP_LABEL (insn));
      int *at = seen.get (label);
      if (!at)
	continue;
      /* A loop around one already taken is not innermost.  */
      if (*at <= last_inner)
	continue;
      loops->safe_push (std::make_pair (label, insn));
      last_inner = *at;
    }
}

/* Place the innermost loop from LABEL to its jump back JUMP: when some
   of the starts tried overflow a 64-byte block and the best does not,
   an asm before LABEL moves it to the best start (see the file
   comment).  */
static void
erbium_la_place_loop (rtx_insn *label, rtx_insn *jump)
{
  auto_vec<erbium_la_insn> insns;
  int bytes;
  location_t loc;
  if (!erbium_la_collect (label, jump, &insns, &bytes, &loc))
    return;
  /* final prints an asm's source line and needs a file name.  */
  if (loc == UNKNOWN_LOCATION)
    loc = DECL_SOURCE_LOCATION (current_function_decl);
  int line = LOCATION_LINE (loc);
  int ops[ERBIUM_LOOPALIGN_STARTS], best = 0, worst = 0;
  for (int k = 0; k < ERBIUM_LOOPALIGN_STARTS; k++)
    {
      ops[k] = erbium_la_max_ops (insns, 16 * k);
      if (ops[k] < ops[best])
	best = k;
      if (ops[k] > ops[worst])
	worst = k;
    }
  bool place = (ops[best] <= ERBIUM_LOOPALIGN_OPS
		&& ops[worst] > ERBIUM_LOOPALIGN_OPS);
  if (dump_file)
    fprintf (dump_file, "erbium-loopalign: loop at line %d: %u "
	     "instructions, about %d bytes; most ops in a 64-byte block "
	     "when it starts 0, 16, 32, 48 bytes past one: %d, %d, %d, "
	     "%d; %s %d\n", line, insns.length (), bytes, ops[0], ops[1],
	     ops[2], ops[3], place ? "placed at" : "left alone, best at",
	     16 * best);
  if (!place)
    return;
  char text[64];
  if (best)
    snprintf (text, sizeof text, ".p2align 6\n\t.nops %d", 16 * best);
  else
    snprintf (text, sizeof text, ".p2align 6");
  rtx asm_rtx = gen_rtx_ASM_INPUT_loc (VOIDmode, ggc_strdup (text), loc);
  MEM_VOLATILE_P (asm_rtx) = 1;
  /* After the instruction before the label, so that it belongs to
     that instruction's block (the machine reorg of x86 keeps the CFG
     up to date, and final reads it).  */
  emit_insn_after (asm_rtx, PREV_INSN (label));
}

const pass_data erbium_loopalign_pass_data = {
  RTL_PASS,
  "erbium-loopalign",
  OPTGROUP_NONE,
  TV_NONE,
  0, 0, 0, 0, 0
};

class erbium_loopalign_pass : public rtl_opt_pass
{
public:
  erbium_loopalign_pass (gcc::context *ctxt)
    : rtl_opt_pass (erbium_loopalign_pass_data, ctxt)
  {}

  /* Optimising for speed, and loopalign=all, or loopalign=1 and FUN
     was changed by the plugin.  */
  bool gate (function *fun) final override
  {
    return (optimize > 0 && !optimize_size
	    && (erbium_opts.loopalign == ERBIUM_LOOPALIGN_ALL
		|| (erbium_opts.loopalign == ERBIUM_LOOPALIGN_CHANGED
		    && erbium_transformed_p (fun))));
  }

  unsigned int execute (function *fun) final override;
};

unsigned int
erbium_loopalign_pass::execute (function *)
{
  auto_vec<std::pair<rtx_insn *, rtx_insn *> > loops;
  erbium_la_innermost_loops (&loops);
  for (auto &l : loops)
    erbium_la_place_loop (l.first, l.second);
  return 0;
}

} // anon namespace

/* See erbium-plugin.h.  */
opt_pass *
erbium_make_loopalign_pass (gcc::context *ctxt)
{
  return new erbium_loopalign_pass (ctxt);
}
