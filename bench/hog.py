# SPDX-License-Identifier: GPL-3.0-or-later
"""The load beside a benchmark series (--hog N) for the Python drivers
(bench/fmradio/run, bench/tasks/run), and their CSV rows per load.

A series run with --hog N has N busy-loop processes beside it, as a
user's program has other work on its cores: each is a fork of the driver
that spins on a counter with no system call, named "bench-hog", not bound
to a core (it keeps the CPU affinity the driver started with), started
before the first warm-up run and stopped, by its process id, after the
last run (SIGKILL, then waitpid).  They are stopped too when the driver
leaves by an exception, at exit, and on SIGINT and SIGTERM (which then
stop the benchmark program that runs, if any, and end the driver with
status 128 + the signal's number; a signal the driver was started with
ignored stays ignored), and the kernel
kills them if the driver dies otherwise (PR_SET_PDEATHSIG).  The C
drivers (bench/exploration, bench/plugin, bench/stripmine) do the same
in bench/exploration/xbench.c, and print the same "hog: ..." line.

Every CSV has a `hog` column, the number of busy-loop processes of the
series that wrote the row (0 on a quiet machine): write_rows replaces
the rows of the series' hog value and keeps the others, so that quiet
rows and loaded rows live in one file; read_rows reads a file written
before the column existed as hog 0.  scripts/bench-load-report reads
them.  Not a script: the drivers import it from this directory.
"""

import argparse
import atexit
import os
import signal
import sys
import tempfile

NAME = b"bench-hog"     # the processes' name (ps, pgrep)
HOG_MAX = 64            # the largest --hog, as the C drivers'

_pids = []              # the running busy-loop processes


def hog_count(text):
    """argparse type of --hog: an integer from 0 to HOG_MAX."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 <= n <= HOG_MAX:
        raise argparse.ArgumentTypeError(
            f"expected an integer in 0..{HOG_MAX}, not {text!r}")
    return n


def add_argument(parser):
    """Add --hog N (default 0) to the argparse PARSER."""
    parser.add_argument("--hog", type=hog_count, default=0, metavar="N",
                        help="N busy-loop processes beside the whole "
                        "series (default 0); the CSV's rows of hog N are "
                        "replaced, the others kept")


def _libc_prctl(option, arg):
    """prctl(OPTION, ARG) through ctypes; nothing when it cannot."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(option, arg, 0, 0, 0)
    except (OSError, AttributeError, ImportError):
        pass


def _child(driver):
    """A busy-loop process of DRIVER (a pid): default SIGINT and SIGTERM
    unless the driver ignores them (not the driver's handler), dies with
    the driver (PR_SET_PDEATHSIG, checked after asking in case the driver
    died first), then spins until killed.  Never returns."""
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) != signal.SIG_IGN:
                signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        _libc_prctl(1, signal.SIGKILL)          # PR_SET_PDEATHSIG
        if os.getppid() != driver:
            os._exit(0)
        import ctypes
        _libc_prctl(15, ctypes.c_char_p(NAME))  # PR_SET_NAME
        n = 0
        while True:
            n += 1
    finally:
        os._exit(0)


def stop():
    """Stop the busy-loop processes of start: SIGKILL to each by its
    process id, then wait for each.  Nothing when none runs."""
    for pid in list(_pids):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    while _pids:
        pid = _pids[-1]
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        except InterruptedError:
            continue
        _pids.pop()


def _children():
    """The pids of this process's children (from /proc)."""
    me, out = os.getpid(), []
    for d in os.listdir("/proc"):
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
            if int(stat[stat.rindex(")") + 2:].split()[1]) == me:
                out.append(int(d))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _on_signal(signum, frame):
    """SIGINT, SIGTERM: stop the busy-loop processes and any benchmark
    program still running (subprocess.run kills and waits for its
    program when the exception below reaches it, but not one that the
    signal caught while it was being started), then leave with status
    128 + SIGNUM by SystemExit, so that the driver's finally clauses
    run."""
    stop()
    for pid in _children():
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    raise SystemExit(128 + signum)


def start(n):
    """Start N busy-loop processes (see the module's docstring) and print
    "hog: N busy-loop process(es) beside the benchmark, pid P ... (not
    bound to a core)" when N > 0.  Returns their pids.  OSError when a
    fork fails, after stopping those started."""
    if n <= 0:
        return []
    atexit.register(stop)
    # A signal the driver was started with ignored (the shell ignores
    # SIGINT for a command run in the background) stays ignored.
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) != signal.SIG_IGN:
            signal.signal(sig, _on_signal)
    sys.stdout.flush()
    sys.stderr.flush()
    driver = os.getpid()
    # Until a child has its own dispositions, SIGINT and SIGTERM wait:
    # the driver's handler must not run in a child.
    saved = signal.pthread_sigmask(signal.SIG_BLOCK,
                                   [signal.SIGINT, signal.SIGTERM])
    try:
        for _ in range(n):
            pid = os.fork()
            if pid == 0:
                _child(driver)
            _pids.append(pid)
    except OSError:
        stop()
        raise
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, saved)
    print(f"hog: {n} busy-loop process{'es' if n > 1 else ''} beside the "
          f"benchmark, pid {' '.join(map(str, _pids))} (not bound to a "
          "core)", flush=True)
    return list(_pids)


def read_rows(path):
    """(columns, rows) of the CSV at PATH: its header's names, and one
    dict per row (column name -> text), "hog" being "0" in a file
    without that column.  ([], []) when PATH does not exist.  ValueError
    naming PATH and the line when a row's field count differs from the
    header's; OSError when it cannot be read."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return [], []
    if not lines:
        return [], []
    cols = lines[0].split(",")
    rows = []
    for k, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        fields = line.split(",")
        if len(fields) != len(cols):
            raise ValueError(f"{path}:{k}: {len(fields)} fields, the "
                             f"header has {len(cols)}")
        row = dict(zip(cols, fields))
        row.setdefault("hog", "0")
        rows.append(row)
    return cols, rows


def _hog_of(row):
    """A row's hog value as an integer (0 when not a number)."""
    try:
        return int(row.get("hog", "0") or 0)
    except ValueError:
        return 0


def write_rows(path, columns, rows, hog):
    """Write the CSV at PATH with the header COLUMNS (names, "hog" among
    them): the rows of the existing file whose hog differs from HOG,
    each rewritten under COLUMNS by name (a column the old file lacks is
    empty), those of smaller hog first, then ROWS (lists of values in
    COLUMNS' order, their hog HOG), then the kept rows of larger hog.
    Written to a temporary file renamed into place, so that a failure
    leaves the old file whole.  ValueError or OSError (the old file is
    malformed or unreadable, or PATH cannot be written)."""
    _, old = read_rows(path)
    kept = [r for r in old if _hog_of(r) != hog]

    def line(values):
        return ",".join(str(v) for v in values) + "\n"

    text = line(columns)
    text += "".join(line(r.get(c, "") for c in columns)
                    for r in kept if _hog_of(r) < hog)
    text += "".join(line(r) for r in rows)
    text += "".join(line(r.get(c, "") for c in columns)
                    for r in kept if _hog_of(r) > hog)
    d = os.path.dirname(path) or "."
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + "-",
                               dir=d)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it 0600
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
