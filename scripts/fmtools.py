# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared constants and helpers of fm-modulate, fm-check and fm-plot.

The FM radio example's signal conventions (rates in Hz, times in seconds),
a WAV reader that checks the format and reports bad input as BadInput, and
the delay search, alignment and SNR used to compare two audio signals.
Not a script: imported by the three scripts from their own directory.
"""

import os
import sys

try:
    import matplotlib  # noqa: F401 (fm-plot's: all three need the same)
    import numpy as np
    import scipy.io.wavfile
    import scipy.signal
except ImportError as e:
    # A pyenv or venv python3 ahead of /usr/bin on PATH does not see Debian's
    # python3-numpy/scipy/matplotlib (scripts/install-deps): run the script
    # again with the system interpreter.
    system = "/usr/bin/python3"
    if sys.executable != system and os.access(system, os.X_OK):
        os.execv(system, [system] + sys.argv)
    sys.exit(f"{os.path.basename(sys.argv[0])}: {e}; install python3-numpy "
             "python3-scipy python3-matplotlib (scripts/install-deps)")

AUDIO_RATE = 48000      # receiver output and reference audio, Hz
IQ_RATE = 240000        # complex baseband input, Hz
DEVIATION = 75000       # peak frequency deviation, Hz
AUDIO_BW = 15000        # broadcast audio bandwidth, Hz
TAU = 75e-6             # pre-/de-emphasis time constant, s
MAX_LAG = 0.1           # delay search range, +-s
EDGE = 0.05             # trimmed from each end of an aligned overlap, s


class BadInput(Exception):
    """A missing, unreadable or wrongly formatted input file."""


def read_wav(path, what, rate, channels, dtype):
    """Samples of the WAV file `path` as float64, shape (n,) or (n, channels).

    `what` names the file in messages.  The file must have exactly the given
    sample rate, channel count and sample type (np.float32 for IEEE float,
    np.int16 for 16-bit PCM); integer samples are scaled to [-1, 1).
    """
    try:
        fs, data = scipy.io.wavfile.read(path)
    except (OSError, ValueError, EOFError) as e:
        raise BadInput(f"cannot read {what} {path}: {e}") from None
    nch = 1 if data.ndim == 1 else data.shape[1]
    if (fs, nch, data.dtype) != (rate, channels, np.dtype(dtype)):
        raise BadInput(f"{what} {path}: expected {channels} channel(s) of "
                       f"{np.dtype(dtype).name} at {rate} Hz, got {nch} "
                       f"channel(s) of {data.dtype.name} at {fs} Hz")
    if len(data) < 2 * (MAX_LAG + EDGE) * rate:
        raise BadInput(f"{what} {path}: too short ({len(data) / fs:.3f} s)")
    if data.dtype.kind == "i":
        return data / float(-np.iinfo(data.dtype).min)
    return data.astype(np.float64)


def align(a, b, rate=AUDIO_RATE):
    """Delay d (samples) with b[n + d] ~ a[n], and the aligned overlaps.

    d maximises |cross-correlation| within +-MAX_LAG; EDGE seconds are cut
    from both ends of the overlap, where filters start up and end.
    """
    lags = scipy.signal.correlation_lags(len(a), len(b))
    xc = scipy.signal.correlate(a, b, method="fft")
    window = np.abs(lags) <= int(MAX_LAG * rate)
    d = -int(lags[window][np.argmax(np.abs(xc[window]))])
    a0, b0 = max(0, -d), max(0, d)
    n = min(len(a) - a0, len(b) - b0)
    edge = int(EDGE * rate)
    if n <= 2 * edge:
        raise BadInput("the two signals hardly overlap once aligned")
    return d, a[a0 + edge:a0 + n - edge], b[b0 + edge:b0 + n - edge]


def gain(ref, out):
    """Least-squares gain g minimising sum((ref - g*out)^2); 0 for silence."""
    power = np.dot(out, out)
    return np.dot(ref, out) / power if power else 0.0


def snr_db(ref, out):
    """SNR (dB) of `out` against `ref` after least-squares gain matching."""
    err = ref - gain(ref, out) * out
    return 10 * np.log10(np.dot(ref, ref) / np.dot(err, err))
