#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The FM receiver of examples/fmradio as a headless GNU Radio flowgraph.

The peer an SDR user would run instead of the C builds: GNU Radio's own
blocks, the same chain, the same taps and constants, run by GNU Radio's
default scheduler (a thread per block):

  wavfile_source -> float_to_complex           the I/Q input, bit for bit
  fir_filter_ccf (64 taps)                     channel low-pass
  quadrature_demod_cf                          FM demodulator
  skiphead                                     start-up samples (below)
  fir_filter_fff (96 taps, decimating by 5)    audio low-pass
  skiphead
  iir_filter_ffd                               de-emphasis
  4 x fir_filter_fff (127 taps) -> add_ff      the equaliser's bands
  skiphead
  float_to_short (scale 29000)                 16-bit PCM, rounded, clipped
  file_sink                                    after a WAV header

The taps and constants are those of dsp.h and dsp.c's fm_design, printed
by the helper bench/fmradio/taps.c ($BUILD/bench/fmradio-taps, `make
bench-build`) as exact hexadecimal floats, so no number is copied by
hand.  dsp.h's filters are correlations, Y[j] = sum over k of H[k] X[j +
k], GNU Radio's convolutions: each FIR gets its taps reversed.  A GNU
Radio block starts from zeros before its first input sample (its
history) where the C builds start at their first full window: skipping
those start-up outputs (taps - 1 after each FIR, one after the
demodulator; before the decimating filter as many as put its windows on
the C builds' decimation phase) makes output sample j the C builds'
sample j, from the same input samples.  The sums run in another order
(VOLK's dot products) and the demodulator's arctangent is GNU Radio's,
so the output is not byte-identical to theirs: bench/fmradio/run checks
it with scripts/fm-check.

Usage: gnuradio.py [--eq G0,G1,G2,G3] [--quiet] [--taps PROG] INPUT.wav
OUTPUT.wav, INPUT a WAV of float32 I/Q at 240000 S/s (scripts/fm-modulate),
OUTPUT 16-bit PCM mono at 48000 S/s, written under a temporary name
(OUTPUT.partPID) and renamed when complete.  Unless --quiet, prints the
C builds' summary line (util.h's fm_report, parsed by fmreport.py), its
time from the flowgraph's construction to the output's rename.  Exit
status 0; 1 on bad input, an I/O error, a missing helper or no GNU Radio
(the message names what to install); 2 on bad usage.  Messages go to
stderr as "gnuradio: PATH: what".  Run by an interpreter that cannot
import gnuradio (a pyenv or venv python3), it runs itself again with
/usr/bin/python3, which sees Debian's package (once: the environment
variable FM_GNURADIO_REEXEC, which it sets, marks the second run).
"""

import argparse
import os
import struct
import subprocess
import sys
import time

PROG = "gnuradio"
HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SYSTEM_PYTHON = "/usr/bin/python3"
HEADER = 44  # bytes of the output's WAV header (wav.c's)

# This file is gnuradio.py: with its directory first on sys.path (as a
# script's is), "import gnuradio" would import it, not GNU Radio.
sys.path = [p for p in sys.path
            if os.path.realpath(p or os.getcwd()) != HERE]


class RxError(Exception):
    """A failure that ends the run with exit status 1; the message names
    the file when there is one."""


def parse_args():
    """The command line (argparse: --help on stdout and exit status 0,
    usage errors on stderr and exit status 2)."""
    default_taps = os.path.join(os.environ.get("BUILD") or "build",
                                "bench", "fmradio-taps")
    p = argparse.ArgumentParser(
        prog=PROG, description=__doc__.split("\n\n")[0],
        epilog="The taps helper's default path is relative to the "
        "repository root.")
    p.add_argument("--eq", metavar="G0,G1,G2,G3",
                   help="the equaliser's 4 gains, 0 to 16 (default 1,1,1,1)")
    p.add_argument("--quiet", action="store_true",
                   help="no summary line")
    p.add_argument("--taps", metavar="PROG",
                   default=os.path.join(ROOT, default_taps),
                   help=f"the taps helper (default $BUILD/bench/fmradio-taps,"
                   f" BUILD defaulting to build: {default_taps})")
    p.add_argument("input", metavar="INPUT.wav")
    p.add_argument("output", metavar="OUTPUT.wav")
    return p.parse_args()


def import_gnuradio():
    """GNU Radio's modules (gr, blocks, filter, analog).  Without them,
    runs this script again under /usr/bin/python3 when that is another
    interpreter, or raises RxError naming the package to install."""
    try:
        from gnuradio import analog, blocks, filter, gr
        return gr, blocks, filter, analog
    except ImportError as e:
        if (os.path.realpath(sys.executable)
                != os.path.realpath(SYSTEM_PYTHON)
                and os.access(SYSTEM_PYTHON, os.X_OK)
                and not os.environ.get("FM_GNURADIO_REEXEC")):
            os.environ["FM_GNURADIO_REEXEC"] = "1"
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.realpath(
                __file__)] + sys.argv[1:])
        raise RxError(f"cannot import gnuradio ({e}) with {sys.executable}:"
                      " install the Debian package gnuradio "
                      "(scripts/install-deps)") from None


def read_taps(helper, eq):
    """The constants and taps (dict: NAME -> list of numbers: ints and
    floats, as the helper prints them) that HELPER (taps.c) prints, with
    the equaliser gains EQ (a string, or None).  RxError when it cannot
    run or fails; exit status 2 (and its message) for bad gains."""
    cmd = [helper] + (["--eq", eq] if eq is not None else [])
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    except OSError as e:
        raise RxError(f"{helper}: {e.strerror} (the taps helper: run make "
                      "bench-build, or give --taps)") from None
    if r.returncode == 2 and eq is not None:
        sys.stderr.write(r.stderr.replace("fmradio-taps:", f"{PROG}:"))
        sys.exit(2)
    if r.returncode != 0:
        raise RxError(f"{helper}: exit status {r.returncode}: "
                      f"{r.stderr.strip()}")
    t = {}
    for line in r.stdout.splitlines():
        name, *values = line.split()
        # Integers in decimal, floats in hexadecimal (%a).
        t[name] = [float.fromhex(v) if "x" in v else int(v) for v in values]
    return t


def le16(b, o):
    return struct.unpack_from("<H", b, o)[0]


def le32(b, o):
    return struct.unpack_from("<I", b, o)[0]


def input_samples(path, rate):
    """I/Q samples of the input PATH, after checking it as wav.c's
    fm_open_input does: a RIFF/WAVE file whose fmt chunk says IEEE float
    (format 3, or extensible with that sub-format), 2 channels, 32 bits,
    RATE samples per second, and whose data chunk holds a whole number of
    I/Q pairs, all in the file.  RxError naming what is wrong."""
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            h = f.read(12)
            if len(h) < 12 or h[:4] != b"RIFF" or h[8:12] != b"WAVE":
                raise RxError(f"{path}: " + (
                    "empty file, expected a WAV of float32 I/Q samples"
                    if size == 0 else "not a RIFF/WAVE file"))
            fmt_ok = False
            while True:
                c = f.read(8)
                if len(c) < 8:
                    raise RxError(f"{path}: no {'data' if fmt_ok else 'fmt'}"
                                  " chunk (truncated file?)")
                n = le32(c, 4)
                if c[:4] == b"fmt ":
                    fm = f.read(n + (n & 1))
                    if n < 16 or len(fm) < n:
                        raise RxError(f"{path}: malformed fmt chunk")
                    tag, ch = le16(fm, 0), le16(fm, 2)
                    bits = le16(fm, 14)
                    if tag == 0xfffe and n >= 26:
                        tag = le16(fm, 24)
                    if tag != 3 or bits != 32 or ch != 2:
                        kind = {1: "integer", 3: "float"}.get(tag, "unknown")
                        raise RxError(
                            f"{path}: wrong sample format: {ch} channel(s) "
                            f"of {bits}-bit {kind} samples, expected 2 "
                            "channels (I, Q) of 32-bit float")
                    if le32(fm, 4) != rate:
                        raise RxError(f"{path}: sample rate {le32(fm, 4)}, "
                                      f"expected {rate}")
                    fmt_ok = True
                elif c[:4] == b"data":
                    if not fmt_ok:
                        raise RxError(f"{path}: data chunk before the fmt "
                                      "chunk")
                    if n == 0:
                        raise RxError(f"{path}: empty input: no samples")
                    if n % 8 or f.tell() + n > size:
                        raise RxError(
                            f"{path}: truncated: the data chunk announces "
                            f"{n} bytes, the file holds {size - f.tell()}")
                    return n // 8
                else:
                    f.seek(n + (n & 1), os.SEEK_CUR)
    except OSError as e:
        raise RxError(f"{path}: {e.strerror}") from None


def output_length(n, t):
    """Audio samples out of N input samples (dsp.h's fm_len_out, from the
    tap counts of T)."""
    d = n - (len(t["ch"]) - 1) - 1
    na, ne = len(t["au"]), len(t["eq0"])
    a = 0 if d < na else (d - na) // int(t["decim"][0]) + 1
    return 0 if a < ne else a - (ne - 1)


def flowgraph(gr, blocks, filter, analog, t, inp, tmp):
    """The receiver's top block (the chain of the module's docstring)
    from INP to TMP, which already holds the WAV header's room, and its
    file sink."""
    nch, nau = len(t["ch"]), len(t["au"])
    neq, d = len(t["eq0"]), int(t["decim"][0])
    tb = gr.top_block("fmradio")
    src = blocks.wavfile_source(inp, False)
    iq = blocks.float_to_complex(1)
    # dsp.h correlates; GNU Radio's FIRs convolve: taps reversed.
    ch = filter.fir_filter_ccf(1, t["ch"][::-1])
    demod = analog.quadrature_demod_cf(t["demod_gain"][0])
    # The demodulator's output j is the C builds' j - nch (its own and
    # the channel filter's start-up outputs); (nau - 1) % d more put the
    # decimating windows on the C builds' phase: its output j then ends
    # where the C builds' j - (nau - 1) // d does.
    skip_demod = blocks.skiphead(gr.sizeof_float, nch + (nau - 1) % d)
    au = filter.fir_filter_fff(d, t["au"][::-1])
    skip_au = blocks.skiphead(gr.sizeof_float, (nau - 1) // d)
    # y[n] = B (x[n] + x[n-1]) - A y[n-1]: the feedback taps (1, A) in
    # the usual sign convention (oldstyle False).
    b, a = t["deemph_b"][0], t["deemph_a"][0]
    deemph = filter.iir_filter_ffd([b, b], [1.0, a], False)
    bands = [filter.fir_filter_fff(1, t[f"eq{k}"][::-1])
             for k in range(sum(1 for n in t if n.startswith("eq")))]
    # add_ff sums its inputs in order, as dsp.h's fm_pcm does.
    add = blocks.add_ff(1)
    skip_eq = blocks.skiphead(gr.sizeof_float, neq - 1)
    pcm = blocks.float_to_short(1, t["pcm_scale"][0])
    sink = blocks.file_sink(gr.sizeof_short, tmp, True)
    tb.connect((src, 0), (iq, 0))
    tb.connect((src, 1), (iq, 1))
    tb.connect(iq, ch, demod, skip_demod, au, skip_au, deemph)
    for k, band in enumerate(bands):
        tb.connect(deemph, band, (add, k))
    tb.connect(add, skip_eq, pcm, sink)
    return tb, sink


def wav_header(samples, rate):
    """wav.c's output header: 16-bit PCM mono at RATE, SAMPLES long."""
    data = 2 * samples
    return (b"RIFF" + struct.pack("<I", 36 + data) + b"WAVEfmt "
            + struct.pack("<IHHIIHH", 16, 1, 1, rate, 2 * rate, 2, 16)
            + b"data" + struct.pack("<I", data))


def receive(args, tmp):
    """Run the receiver from ARGS.input into TMP; (input samples, audio
    samples, seconds from the flowgraph's construction to the output's
    completion, input rate in samples per second, GNU Radio's
    version).  RxError on failure (TMP is then
    the caller's to remove)."""
    gr, blocks, filter, analog = import_gnuradio()
    t = read_taps(args.taps, args.eq)
    n = input_samples(args.input, int(t["rate_in"][0]))
    if output_length(n, t) <= 0:
        raise RxError(f"{args.input}: {n} samples is too short to give "
                      "any audio")
    try:
        with open(tmp, "wb") as f:
            f.write(bytes(HEADER))
    except OSError as e:
        raise RxError(f"{tmp}: {e.strerror}") from None

    t0 = time.monotonic()
    tb, sink = flowgraph(gr, blocks, filter, analog, t, args.input, tmp)
    tb.run()
    sink.close()
    ne = sink.nitems_read(0)
    try:
        if os.path.getsize(tmp) != HEADER + 2 * ne:
            raise RxError(f"{tmp}: write error")
        with open(tmp, "r+b") as f:
            f.write(wav_header(ne, int(t["rate_out"][0])))
        os.replace(tmp, args.output)
    except OSError as e:
        raise RxError(f"{tmp}: {e.strerror}") from None
    return (n, ne, time.monotonic() - t0, int(t["rate_in"][0]),
            gr.version())


def main():
    args = parse_args()
    tmp = f"{args.output}.part{os.getpid()}"
    try:
        n, ne, secs, rate, version = receive(args, tmp)
    except RxError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        print(f"{PROG}: {e}", file=sys.stderr)
        return 1
    if not args.quiet:
        print("%s: %d I/Q samples (%.2f s at %d S/s) -> %d audio samples in "
              "%.4f s: %.3g samples/s, %.1fx real time (%s)"
              % (PROG, n, n / rate, rate, ne, secs, n / secs,
                 n / rate / secs, f"GNU Radio {version}, a thread per "
                 "block"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
