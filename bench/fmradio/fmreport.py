"""The summary line of the FM receiver's builds, and its parser.

Every build of examples/fmradio (fmradio, fmradio-seq, fmradio-gomp,
fmradio-tbb) prints one line on standard output, util.h's fm_report:

  PROG: N I/Q samples (S s at 240000 S/s) -> M audio samples in T s: ...

parse_report reads N and T from it for bench/fmradio/run (and, through
run, scripts/demo), bench/fmradio/loop-offsets and bench/fmradio/ab, so
that the format is parsed in one place.  Not a script: they import it
from this directory.
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
