#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""translate.py -- rewrite a program of testsuite/omp-stream (C with the
OpenMP stream pragmas) into C++ over model.hh, the reference model of the
positions semantics, so that the suite's expected values can be checked
before the compiler exists.  Not the product: a test oracle.

  translate.py test.c > test.cc
  g++ -std=gnu++17 -fpermissive -w -I<this dir> -include model.hh test.cc

What it rewrites (OMP-STREAM-SPEC.md sections 2-5):
  T x __attribute__((stream))         ref_stream *x = ref_stream_new (...)
  T xs[n] __attribute__((stream))     ref_stream **xs = ref_stream_array (...)
  stream_ref variables and arrays     ref_stream * / ref_stream ** handles
  stream parameters (T s, T s[])      ref_stream * / ref_stream **
  #pragma omp|erbium task CLAUSES S   ref_task (site, flags, buffers,
                                      accesses, [=] (...) mutable { S })
  #pragma omp|erbium tick (s >> n)... ref_tick (s, n) ...
  #pragma omp|erbium taskwait         ref_taskwait ()
Views become pointers (references for scalars) into the instance's
buffers; firstprivate is the lambda's copy capture (every variable the
body uses is copied at creation, which is also OpenMP's default for a
task outside a parallel region).
"""

import os
import re
import sys

PRAGMA_RE = re.compile(
    r'^[ \t]*#[ \t]*pragma[ \t]+(omp|erbium)[ \t]+(task|tick|taskwait)\b'
    r'((?:[^\n\\]|\\\n|\\.)*)\n', re.M)

DECL_RE = re.compile(
    r'(?P<type>\b[A-Za-z_][\w \t\*]*?)[ \t]*\b(?P<name>[A-Za-z_]\w*)[ \t]*'
    r'(?P<dims>\[[^\]\n]*\])?[ \t]*__attribute__[ \t]*\(\([ \t]*'
    r'(?P<kind>stream_ref|stream)[ \t]*\)\)')

KEYWORDS = {'if', 'for', 'while', 'switch', 'return', 'sizeof'}
STORAGE = {'static', 'const', 'register', 'volatile', 'extern'}

stream_types = {}          # stream name -> element type (C text)
counter = [0]
funcs_with_tasks = set()
recursive_funcs = set()


def skip_ws(text, i):
    """Skip white space and comments from I."""
    n = len(text)
    while i < n:
        if text[i].isspace():
            i += 1
        elif text.startswith('/*', i):
            i = text.index('*/', i) + 2
        elif text.startswith('//', i):
            i = text.index('\n', i) + 1
        else:
            break
    return i


def skip_literal(text, i):
    q = text[i]
    i += 1
    while text[i] != q:
        i += 2 if text[i] == '\\' else 1
    return i + 1


def match_close(text, i):
    """TEXT[I] is an opening bracket: index after its closing one."""
    open_ch = text[i]
    close_ch = {'(': ')', '[': ']', '{': '}'}[open_ch]
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in '"\'':
            i = skip_literal(text, i)
            continue
        if text.startswith('/*', i):
            i = text.index('*/', i) + 2
            continue
        if text.startswith('//', i):
            i = text.index('\n', i)
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise SystemExit('unbalanced %s' % open_ch)


def statement_end(text, i):
    """The statement starting at or after I: (start, end)."""
    i = skip_ws(text, i)
    start = i
    if text[i] == '{':
        return start, match_close(text, i)
    m = re.match(r'(for|while|if|switch)\b', text[i:])
    if m:
        j = skip_ws(text, i + len(m.group(1)))
        j = match_close(text, j)
        _, j = statement_end(text, j)
        if m.group(1) == 'if':
            k = skip_ws(text, j)
            if re.match(r'else\b', text[k:]):
                _, j = statement_end(text, k + 4)
        return start, j
    if text.startswith('#', i):
        # A pragma as the statement: the pragma line and its statement.
        m = PRAGMA_RE.match(text, i)
        if m.group(2) == 'task':
            _, j = statement_end(text, m.end())
            return start, j
        return start, m.end()
    # Expression statement: up to ';' at depth 0.
    n = len(text)
    while i < n:
        c = text[i]
        if c in '"\'':
            i = skip_literal(text, i)
            continue
        if c in '([{':
            i = match_close(text, i)
            continue
        if c == ';':
            return start, i + 1
        i += 1
    raise SystemExit('no end of statement')


def split_top(s, seps):
    """Split S at the separators SEPS (strings) outside brackets."""
    parts, depth, cur, i = [], 0, '', 0
    while i < len(s):
        c = s[i]
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        if depth == 0:
            hit = None
            for sep in seps:
                if s.startswith(sep, i):
                    hit = sep
                    break
            if hit:
                parts.append(cur)
                parts.append(hit)
                cur = ''
                i += len(hit)
                continue
        cur += c
        i += 1
    parts.append(cur)
    return parts


def parse_clauses(text):
    """[(name, argument text or None)] of a pragma's clause list."""
    clauses = []
    i = 0
    text = text.replace('\\\n', ' ')
    while True:
        i = skip_ws(text, i)
        if i >= len(text):
            return clauses
        if text[i] == ',':
            i += 1
            continue
        m = re.match(r'[A-Za-z_]\w*', text[i:])
        if not m:
            raise SystemExit('bad clause text: %r' % text[i:])
        name = m.group(0)
        i += len(name)
        j = skip_ws(text, i)
        if j < len(text) and text[j] == '(':
            k = match_close(text, j)
            clauses.append((name, text[j + 1:k - 1]))
            i = k
        else:
            clauses.append((name, None))


def parse_named(s):
    """'name[e1][e2]' -> (name, [e1, e2])."""
    s = s.strip()
    m = re.match(r'([A-Za-z_]\w*)', s)
    name = m.group(1)
    rest = s[len(name):].strip()
    subs = []
    while rest:
        assert rest[0] == '[', s
        k = match_close(rest, 0)
        subs.append(rest[1:k - 1])
        rest = rest[k:].strip()
    return name, subs


def stream_expr(name, subs):
    e = name + ''.join('[%s]' % x for x in subs)
    return '((ref_stream *) (%s))' % e


class Task:
    def __init__(self):
        self.pre = []       # statements in the control program
        self.decls = []     # declarations in the body
        self.nbuf = 0
        self.undeferred = None

    def new_id(self):
        counter[0] += 1
        return counter[0]

    def access(self, kind, stream, view, reuse_buf=None):
        """One access; STREAM = (name, subs), VIEW = (name, subs) or None.
        Returns the buffer index used (for inout_reuse)."""
        sname, ssubs = stream
        kindc = {'input': 'MODEL_INPUT', 'output': 'MODEL_OUTPUT',
                 'peek': 'MODEL_PEEK'}[kind]
        n = self.new_id()
        if view is None:
            # Implicit view: a variable named like the stream.
            assert not ssubs, 'implicit view on a subscripted stream'
            t = stream_types.get(sname)
            assert t, 'implicit view on %s: element type unknown' % sname
            self.pre.append('typedef %s __T%d;' % (t, n))
            b = self.nbuf
            self.nbuf += 1
            self.pre.append('__bs.push_back (sizeof (__T%d));' % n)
            self.pre.append(
                '__acc.push_back ({%s, %s, %s, 1, %d, 0});'
                % (stream_expr(sname, ssubs), kindc,
                   '0' if kind == 'peek' else '1', b))
            self.decls.append('__T%d &%s = *(__T%d *) __bufs[%d];'
                              % (n, sname, n, b))
            return b
        vname, vsubs = view
        if len(vsubs) == 2:
            # Array of windows: view v[K][N] over streams s[0..K-1].
            assert not ssubs
            K, N = vsubs
            self.pre.append('typedef __typeof__ (%s[0][0]) __T%d;' % (vname, n))
            self.pre.append('typedef __typeof__ (%s[0]) __R%d;' % (vname, n))
            self.pre.append('long long __K%d = (%s);' % (n, K))
            self.pre.append('long long __H%d = sizeof (__R%d) / sizeof (__T%d);'
                            % (n, n, n))
            burst = '0' if kind == 'peek' else '(long long) (%s)' % N
            if kind == 'output':
                horizon = burst
            else:
                horizon = '__H%d' % n
            if reuse_buf is None:
                b = self.nbuf
                self.nbuf += 1
                self.pre.append('__bs.push_back (__K%d * sizeof (__R%d));' % (n, n))
                self.decls.append('__R%d *%s = (__R%d *) __bufs[%d];'
                                  % (n, vname, n, b))
            else:
                b = reuse_buf
            self.pre.append(
                'for (long long __k = 0; __k < __K%d; __k++) '
                '__acc.push_back ({((ref_stream *) (%s[__k])), %s, %s, %s, %d, '
                '__k * (long long) sizeof (__R%d)});'
                % (n, sname, kindc, burst, horizon, b, n))
            return b
        if len(vsubs) == 1:
            N = vsubs[0]
            self.pre.append('typedef __typeof__ (%s[0]) __T%d;' % (vname, n))
            self.pre.append('long long __H%d = sizeof (%s) / sizeof (__T%d);'
                            % (n, vname, n))
            burst = '0' if kind == 'peek' else '(long long) (%s)' % N
            horizon = burst if kind == 'output' else '__H%d' % n
            size = '(__H%d > %s ? __H%d : %s) * sizeof (__T%d)' % (
                n, burst, n, burst, n)
            ptr_decl = '__T%d *%s = (__T%d *) __bufs[%%d];' % (n, vname, n)
        else:
            self.pre.append('typedef __typeof__ (%s) __T%d;' % (vname, n))
            burst = '0' if kind == 'peek' else '1'
            horizon = '1'
            size = 'sizeof (__T%d)' % n
            ptr_decl = '__T%d &%s = *(__T%d *) __bufs[%%d];' % (n, vname, n)
        if reuse_buf is None:
            b = self.nbuf
            self.nbuf += 1
            self.pre.append('__bs.push_back (%s);' % size)
            self.decls.append(ptr_decl % b)
        else:
            b = reuse_buf
        self.pre.append('__acc.push_back ({%s, %s, %s, %s, %d, 0});'
                        % (stream_expr(sname, ssubs), kindc, burst, horizon, b))
        return b


def translate_task(kw_args, body, where, per_instance):
    t = Task()
    for name, arg in parse_clauses(kw_args):
        if name in ('input', 'output', 'peek'):
            for acc in split_top(arg, [','])[::2]:
                parts = [p.strip() for p in split_top(acc, ['>>', '<<'])]
                if len(parts) == 1:
                    t.access(name, parse_named(parts[0]), None)
                    continue
                a, arrow, b = parts
                if name == 'input':
                    s, v = (a, b) if arrow == '>>' else (b, a)
                elif name == 'output':
                    s, v = (a, b) if arrow == '<<' else (b, a)
                else:
                    assert arrow == '>>', 'peek written with <<'
                    s, v = a, b
                t.access(name, parse_named(s), parse_named(v))
        elif name == 'inout_reuse':
            for acc in split_top(arg, [','])[::2]:
                parts = [p.strip() for p in split_top(acc, ['>>'])]
                assert len(parts) == 5 and parts[1] == parts[3] == '>>', acc
                v = parse_named(parts[2])
                b = t.access('input', parse_named(parts[0]), v)
                t.access('output', parse_named(parts[4]), v, reuse_buf=b)
        elif name == 'if':
            t.undeferred = arg
        elif name in ('firstprivate', 'private', 'task_name', 'untied',
                      'default', 'final', 'mergeable', 'priority'):
            pass
        else:
            raise SystemExit('%s: clause %s not modelled' % (where, name))
    flags = '1' if per_instance else '0'
    if t.undeferred is not None:
        flags = '(%s | ((%s) ? 0 : 2))' % (flags, t.undeferred)
    return ('{ std::vector<long long> __bs; std::vector<ref_acc> __acc; '
            + ' '.join(t.pre)
            + ' ref_task ("%s", %s, __bs, __acc, [=] (unsigned char **__bufs) '
              'mutable { %s { %s } }); }'
            % (where, flags, ' '.join(t.decls), body))


def translate_tick(args):
    out = []
    rest = args.strip()
    while rest:
        assert rest[0] == '(', args
        k = match_close(rest, 0)
        inner = rest[1:k - 1]
        rest = rest[k:].strip()
        parts = [p.strip() for p in split_top(inner, ['>>'])]
        s = parse_named(parts[0])
        n = parts[2] if len(parts) == 3 else '1'
        out.append('ref_tick (%s, (%s));' % (stream_expr(*s), n))
    return '{ ' + ' '.join(out) + ' }'


def enclosing_function(text, pos):
    """Name of the function whose body contains POS (top level only)."""
    best = None
    for m in re.finditer(r'^(?:[A-Za-z_][\w \t\*]*?[ \t\*])?([A-Za-z_]\w*)[ \t]*\(',
                         text, re.M):
        if m.start() > pos:
            break
        if m.group(1) not in KEYWORDS:
            best = m.group(1)
    return best


def translate(text, fname, base_offset, full):
    out = []
    i = 0
    while True:
        m = PRAGMA_RE.search(text, i)
        if not m:
            out.append(text[i:])
            return ''.join(out)
        out.append(text[i:m.start()])
        line = full.count('\n', 0, base_offset + m.start()) + 1
        where = '%s:%d' % (fname, line)
        kind = m.group(2)
        args = m.group(3)
        if kind == 'taskwait':
            out.append('ref_taskwait ();\n')
            i = m.end()
        elif kind == 'tick':
            out.append(translate_tick(args) + '\n')
            i = m.end()
        else:
            s, e = statement_end(text, m.end())
            body_text = text[s:e]
            body = translate(body_text, fname, base_offset + s, full)
            # Per instance: the body creates tasks or waits, or calls a
            # function that does, or the site is in a recursive function.
            fn = enclosing_function(full, base_offset + m.start())
            per = bool(PRAGMA_RE.search(body_text)) or fn in recursive_funcs \
                or any(re.search(r'\b%s[ \t]*\(' % f, body_text)
                       for f in funcs_with_tasks)
            out.append(translate_task(args, body, where, per) + '\n')
            i = e


def rewrite_decls(text):
    def repl(m):
        after = text[m.end():].lstrip()
        is_param = after[:1] in (',', ')')
        words = [w for w in m.group('type').split() if w not in STORAGE]
        t = ' '.join(words)
        name = m.group('name')
        dims = m.group('dims')
        stream_types[name] = t
        if is_param:
            return ('ref_stream **%s' if dims else 'ref_stream *%s') % name
        if m.group('kind') == 'stream':
            if dims:
                return ('ref_stream **%s = ref_stream_array ((%s), sizeof (%s), "%s")'
                        % (name, dims[1:-1], t, name))
            return 'ref_stream *%s = ref_stream_new (sizeof (%s), "%s")' % (
                name, t, name)
        if dims:
            return 'ref_stream **%s = ref_ref_array (%s)' % (name, dims[1:-1])
        return 'ref_stream *%s = 0' % name
    return DECL_RE.sub(repl, text)


def find_functions(text):
    """Functions containing task pragmas, and those that a task body in
    them calls back (recursion through a task site)."""
    bodies = {}
    for m in re.finditer(r'^(?:[A-Za-z_][\w \t\*]*?[ \t\*])?([A-Za-z_]\w*)[ \t]*\(',
                         text, re.M):
        name = m.group(1)
        if name in KEYWORDS:
            continue
        j = match_close(text, text.index('(', m.start()))
        k = skip_ws(text, j)
        if k < len(text) and text[k] == '{':
            bodies[name] = text[k:match_close(text, k)]
    for name, b in bodies.items():
        if PRAGMA_RE.search(b):
            funcs_with_tasks.add(name)
    for name, b in bodies.items():
        for pm in PRAGMA_RE.finditer(b):
            if pm.group(2) != 'task':
                continue
            _, e = statement_end(b, pm.end())
            if re.search(r'\b%s[ \t]*\(' % name, b[pm.end():e]):
                recursive_funcs.add(name)


def strip_comments(text):
    """Comments become spaces (newlines kept), so that pragma-like text in
    a comment is not taken for a pragma."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c in '"\'':
            j = skip_literal(text, i)
            out.append(text[i:j])
            i = j
        elif text.startswith('/*', i):
            j = text.index('*/', i) + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text.startswith('//', i):
            j = text.index('\n', i)
            out.append(' ' * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def inline_includes(text, directory):
    """#include "x.c" of a sibling test: its text, included once."""
    def repl(m):
        return open(os.path.join(directory, m.group(1))).read()
    return re.sub(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+\.c)"[ \t]*$', repl,
                  text, flags=re.M)


def main():
    fname = sys.argv[1]
    text = inline_includes(open(fname).read(), os.path.dirname(fname) or '.')
    text = strip_comments(text)
    short = fname.split('/')[-1]
    find_functions(text)
    text = rewrite_decls(text)
    sys.stdout.write(translate(text, short, 0, text))


main()
