"""The summary line of the FM receiver's builds, its parser, and the
order of the alternating rounds that the benchmark tools share.

Every build of examples/fmradio (fmradio, fmradio-seq, fmradio-gomp,
fmradio-tbb) prints one line on standard output, util.h's fm_report:

  PROG: N I/Q samples (S s at 240000 S/s) -> M audio samples in T s: ...

parse_report reads N and T from it for bench/fmradio/run (and, through
run, scripts/demo), bench/fmradio/loop-offsets and bench/fmradio/ab, so
that the format is parsed in one place; rotated gives run, ab,
loop-offsets and stages, and bench/tasks/run and bench/grain/run, their
order of each round.  Not a script: they import it from this directory.
"""

import re

REPORT_RE = re.compile(r"^[^:\s]+: ([0-9]+) I/Q samples .*? in "
                       r"([0-9]+(?:\.[0-9]*)?) s:", re.M)


def parse_report(text):
    """(N, T) from a program's standard output TEXT: N input I/Q samples
    (int) and T wall seconds (float, reading and writing included).  None
    when no line has the format."""
    m = REPORT_RE.search(text)
    return (int(m.group(1)), float(m.group(2))) if m else None


def rotated(items, r):
    """ITEMS (a list) in the order of round R (0, 1, ...): rotated by R
    places, so that over len(ITEMS) rounds each item runs once in every
    position and a slow phase of the machine hits every item alike."""
    k = r % len(items)
    return items[k:] + items[:k]
