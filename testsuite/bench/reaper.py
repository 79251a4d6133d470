#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""reaper.py -- run a benchmark driver as a child subreaper would, and
say whether it left processes behind (hog.exp's witness).

Usage: reaper.py OUT SIG COMMAND [ARGS...]

Becomes a child subreaper (PR_SET_CHILD_SUBREAPER: a process orphaned
under it is reparented to it, not to init), runs COMMAND with its
standard output and error in the file OUT and the default action on
SIGINT, and, when SIG is a signal name (TERM, INT, KILL; "-" for none),
sends it SIG once OUT holds a line starting with "hog: " (or COMMAND has
ended).  After COMMAND has ended, every process it left (its busy-loop
processes that it did not wait for itself) is now a child of this one:
they are waited for, up to 10 s; those still running then are killed.
Prints one line, "status S left L running R hogs H (NAMES)": S the
command's exit status (128 + the signal's number when a signal ended
it), L the processes it left that had ended by themselves (a process the
kernel killed at the driver's death, PR_SET_PDEATHSIG), R those still
running after 10 s, H how many of them were busy-loop processes (named
bench-hog), NAMES the names of all.  A driver that stops its busy-loop
processes and waits for them leaves none: H = 0.
"""

import ctypes
import os
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


class Late(Exception):
    """The wait for the processes left behind took 10 s."""


def children():
    """The pids of this process's children, from /proc."""
    me, out = os.getpid(), []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == me:
            out.append(int(d))
    return out


def on_alarm(signum, frame):
    raise Late()


def name(pid):
    """The name of process PID (its comm, as ps shows it), "" when none."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return ""
    return stat[stat.index("(") + 1:stat.rindex(")")]


def reap_left():
    """(ended, running, names): the processes left behind that ended and
    those still running, and their names."""
    ended = running = 0
    names = []
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(10)
    try:
        while True:
            # Its name before it is reaped (WNOWAIT leaves the zombie).
            pid = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOWAIT).si_pid
            names.append(name(pid))
            os.waitpid(pid, 0)
            ended += 1
    except ChildProcessError:
        pass
    except Late:
        for pid in children():
            names.append(name(pid))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            running += 1
    signal.alarm(0)
    return ended, running, names


def main():
    out, sig, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1,
                                             0, 0, 0)
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    pid = os.fork()
    if pid == 0:
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execvp(cmd[0], cmd)
    os.close(fd)
    done = 0
    while sig != "-":
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        with open(out) as f:
            if any(line.startswith("hog: ") for line in f):
                os.kill(pid, getattr(signal, "SIG" + sig))
                break
        time.sleep(0.05)
    if not done:
        _, status = os.waitpid(pid, 0)
    code = (128 + os.WTERMSIG(status) if os.WIFSIGNALED(status)
            else os.WEXITSTATUS(status))
    ended, running, names = reap_left()
    print(f"status {code} left {ended} running {running} hogs "
          f"{names.count('bench-hog')} ({' '.join(names)})")


if __name__ == "__main__":
    main()
