#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""run.py -- check the programs of testsuite/omp-stream against model.hh,
the reference model of the positions semantics (see translate.py).

  run.py [-n RUNS] [-m] [test.c ...]      (default: every ../*.c)

Each program is translated, compiled with g++ and run RUNS times (default
3) in each of three modes: instances as free threads, instances of a site
in creation order (MODEL_SITE_ORDER=1), and random delays
(MODEL_SHUFFLE=1); -m: the first mode only.  A run passes when the program's exit status agrees
with its dg-shouldfail and its output matches its dg-output patterns
(matched by tclsh as dg.exp does, model/match.tcl).  A program whose dg-options hold -fopenmp is
compiled with -fopenmp.  dg-warning directives are not checked here (the
model knows nothing of diagnostics).
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def tcl_unquote(s):
    out, i = '', 0
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            n = s[i + 1]
            out += {'n': '\n', 't': '\t', 'r': '\r'}.get(n, n)
            i += 2
        else:
            out += c
            i += 1
    return out


def directives(src):
    outs, shouldfail, options = [], False, ''
    for m in re.finditer(r'\{\s*dg-(output|shouldfail|options)\s+(.*?)\s*\}\s*\*/',
                         src):
        kind, arg = m.group(1), m.group(2)
        if kind == 'output':
            q = re.match(r'"(.*)"', arg)
            outs.append(tcl_unquote(q.group(1)))
        elif kind == 'shouldfail':
            shouldfail = True
        else:
            options = arg
    return ''.join(outs), shouldfail, options


def main():
    args = sys.argv[1:]
    runs = 3
    modes = ({}, {'MODEL_SITE_ORDER': '1'}, {'MODEL_SHUFFLE': '1'})
    while args[:1] in (['-n'], ['-m']):
        if args[0] == '-n':
            runs = int(args[1])
        else:
            modes = ({},)
        args = args[2:] if args[0] == '-n' else args[1:]
    tests = args or sorted(
        os.path.join(HERE, '..', f) for f in os.listdir(os.path.join(HERE, '..'))
        if f.endswith('.c'))
    tmp = tempfile.mkdtemp(prefix='omp-model-')
    failed = []
    for t in tests:
        name = os.path.basename(t)
        src = open(t).read()
        pattern, shouldfail, options = directives(src)
        cc = os.path.join(tmp, name + '.cc')
        exe = os.path.join(tmp, name + '.exe')
        with open(cc, 'w') as f:
            r = subprocess.run([sys.executable, os.path.join(HERE, 'translate.py'), t],
                               stdout=f, stderr=subprocess.PIPE, text=True)
        if r.returncode:
            print('TRANSLATE FAIL', name, r.stderr)
            failed.append(name)
            continue
        cmd = ['g++', '-std=gnu++17', '-fpermissive', '-w', '-O1', '-pthread',
               '-I', HERE, '-I', os.path.dirname(os.path.abspath(t)),
               '-include', 'model.hh', cc, '-o', exe]
        if '-fopenmp' in options:
            cmd.insert(1, '-fopenmp')
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            print('COMPILE FAIL', name)
            print(r.stderr[:3000])
            failed.append(name)
            continue
        ok = True
        for mode in modes:
            for k in range(runs):
                env = dict(os.environ, **mode)
                try:
                    p = subprocess.run([exe], stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, text=True,
                                       env=env, timeout=int(os.environ.get('MODEL_TIMEOUT', '30')), cwd=tmp)
                except subprocess.TimeoutExpired:
                    print('TIMEOUT', name, mode)
                    ok = False
                    break
                out = p.stdout
                good = (p.returncode != 0) == shouldfail
                if good and pattern:
                    with open(os.path.join(tmp, 'out.txt'), 'w') as f:
                        f.write(out)
                    m = subprocess.run(['tclsh', os.path.join(HERE, 'match.tcl'), t,
                                        os.path.join(tmp, 'out.txt')],
                                       capture_output=True, text=True)
                    if m.stdout.strip() != '1':
                        print('no match for the dg-output pattern', m.stderr)
                        good = False
                if not good:
                    print('FAIL', name, mode, 'status', p.returncode)
                    print(out[-2000:])
                    ok = False
                    break
            if not ok:
                break
        if ok:
            print('PASS', name, p.stdout.strip().splitlines()[-1:])
        else:
            failed.append(name)
    print('%d programs, %d failed: %s' % (len(tests), len(failed), ' '.join(failed)))
    sys.exit(1 if failed else 0)


main()
