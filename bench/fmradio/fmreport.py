# SPDX-License-Identifier: GPL-3.0-or-later
"""The summary line of the FM receiver's builds, its parser, and the
order of the alternating rounds that the benchmark tools share.

Every build of examples/fmradio (fmradio, fmradio-seq, fmradio-gomp,
fmradio-tbb) prints one line on standard output, util.h's fm_report:

  PROG: N I/Q samples (S s at 240000 S/s) -> M audio samples in T s: ...

parse_report reads N and T from it for bench/fmradio/run (and, through
run, scripts/demo), bench/fmradio/loop-offsets and bench/fmradio/ab, so
that the format is parsed in one place; rotated gives run, ab,
loop-offsets and stages, and bench/tasks/run and bench/grain/run, their
order of each round; make_input gives run and bench/grain/run the
receiver's input.  Not a script: they import it from this directory.
"""

import os
import re
import subprocess

DEMO_SECONDS = 60.0     # the input's length that `make demo` makes

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


def make_input(build, seconds):
    """(input, reference): the paths of SECONDS seconds of the receiver's
    input and its reference audio under BUILD/fmradio (the demo's
    input.wav and reference.wav for DEMO_SECONDS, which the benchmarks
    and `make demo` share; else input-<S>s.wav and reference-<S>s.wav),
    made with scripts/fm-modulate (run from the repository root) when
    either is missing or empty; prints a line saying which.
    RuntimeError naming the input when fm-modulate fails."""
    d = os.path.join(build, "fmradio")
    if seconds == DEMO_SECONDS:
        names = ("input.wav", "reference.wav")
    else:
        names = (f"input-{seconds:g}s.wav", f"reference-{seconds:g}s.wav")
    inp, ref = (os.path.join(d, n) for n in names)
    if all(os.path.isfile(f) and os.path.getsize(f) > 0 for f in (inp, ref)):
        print(f"input: {inp}, reference {ref} ({seconds:g} s, existing)")
        return inp, ref
    print(f"input: making {inp} and {ref} ({seconds:g} s, "
          "scripts/fm-modulate)", flush=True)
    # fm-modulate renames each file into place once complete: an
    # interrupted run leaves no partial file to be taken as the input.
    r = subprocess.run(["scripts/fm-modulate", "--seconds", f"{seconds:g}",
                        "--output", inp, "--reference", ref])
    if r.returncode != 0:
        raise RuntimeError(f"scripts/fm-modulate failed (exit status "
                           f"{r.returncode}) making {inp}")
    return inp, ref
