"""Types known inside a call-free loop, for its specialised copy (pyfunc.py).

An open-coded primitive tests its operands' types and that its global still
holds the standard procedure every time it runs (inline.py).  In a loop
that makes no call, nothing can redefine a global while it runs, and a
variable keeps the type of what is assigned to it: so pyfunc.py writes such
a loop twice, a copy that tests once, before the first iteration, the types
this module finds and that every primitive of the loop is the standard one,
and the ordinary loop for any other case.  Inside the copy a primitive
whose operands' types are known tests only what is left (an index in
range, a divisor not zero); failing that, it calls the standard procedure,
which gives the same value or the same error as before.

`loop_types(loop)` walks the loop's IR.  It gives up (None) on anything
that may run Scheme code and come back or change a global: a call (but
in tail position, which leaves the copy, or of a standard procedure of
PURE, which runs no Scheme code: the copy tests before the loop that the
global still holds it), a lambda, a node made by closures.py, an assignment
of a global or of a frame slot.  The types are fixed points:
each variable starts with the type its uses test for (`(+ i 1)`: i an exact
integer), and keeps it only while every value assigned to it inside the
loop has that type, given the others': the loop's own variables at each
iteration, a nested loop's also at its start, a `let`'s at its binding.
Variables bound outside the loop and not assigned in it keep their type
throughout; the copy tests them, and the loop's own variables, at entry.
A function that calls itself in tail position is such a loop too
(`function_types`): its parameters are the loop's variables, tested on
entry to the function.
"""

from __future__ import annotations

import re

from .datatypes import Char, MString, Pair, Symbol
from .identifiers import base_symbol
from .inline import BUILDERS, EFFECTS, INEXACT, STRICT, GENERATED_TABLES as TABLES, inexact_handled
from .ir import And, Call, Case, Const, GRef, FRef, If, Let, Loop, LRef, Or, Prim, Recur, Seq, SetL, When
from .runtime import SELF, Primitive

# Python types a guard tests that a value keeps (a variable holding an int holds an int),
# by the name inline.py's guards give them, and a guard's clause testing one (pyfunc.py's too).
GUARD_TYPES = {"int": int, "MString": MString, "list": list, "bytearray": bytearray, "Char": Char, "Pair": Pair,
               "Symbol": Symbol}
TYPE_CLAUSE = re.compile(r"type\(([xyz])\) is (" + "|".join(GUARD_TYPES) + ")")
# Types a copy may know beyond those its guards test: a flonum (a literal, or what arithmetic on one gives).
_KNOWN = (*GUARD_TYPES.values(), float)
_OPERANDS = "xyz"

# (name, operand count) -> the type of the value, when the operands have the types
# the guard tests: the fast expression's, or the standard procedure's where the
# rest of the guard fails (a negative dividend, a code point past the surrogates)
# unless that is an error.
RESULTS = {
    **{(op, k): int for op in ("+", "-", "*") for k in (2, 3)},
    **{(op, 2): int for op in ("quotient", "remainder", "modulo", "max", "min")},
    **{(op, 1): int for op in ("abs", "string-length", "vector-length", "bytevector-length", "char->integer", "length")},
    ("bytevector-u8-ref", 2): int,
    ("list->string", 1): MString,
    ("string-ref", 2): Char,
    ("char-downcase", 1): Char,
    ("char-upcase", 1): Char,
    ("integer->char", 1): Char,
}

# Standard procedures that run no Scheme code (they take no procedure, raise no
# continuable condition, read no file): a loop's call of a global holding one of
# them, still the standard one (pyfunc.py checks), leaves the loop call-free.
# member and assoc only with two arguments (a third is a procedure).
PURE = frozenset("""
    string-append string substring string-copy string-length string-ref string->list list->string
    string->number number->string string->symbol symbol->string string-upcase string-downcase
    string=? string<? string>? string<=? string>=? string-ci=? char-upcase char-downcase char-foldcase
    char->integer integer->char char-alphabetic? char-numeric? char-whitespace? char-upper-case?
    char-lower-case? char=? char<? char>? char<=? char>=? char-ci=? length reverse append list list-tail list-ref
    list-copy cons car cdr caar cadr cdar cddr caddr cdddr memq memv member assq assv assoc vector
    make-vector vector-ref vector-set! vector-length vector->list list->vector vector-fill! make-string
    make-bytevector bytevector bytevector-u8-ref bytevector-u8-set! bytevector-length bytevector-copy
    exact->inexact inexact->exact exact inexact floor ceiling round truncate sqrt exact-integer-sqrt expt
    exp log sin cos tan atan abs quotient remainder modulo gcd lcm min max + - * / = < > <= >= zero?
    positive? negative? odd? even? square number? integer? rational? real? exact? inexact?
    exact-integer? nan? not eq? eqv? equal? null? pair? list? symbol? string? char? vector? boolean?
    procedure?
""".split())
# Their values' types, where one type is all they give.
PURE_RESULTS = {
    **{name: MString for name in ("string-append", "string", "substring", "string-copy", "list->string",
                                  "number->string", "symbol->string", "string-upcase", "string-downcase",
                                  "make-string")},
    **{name: int for name in ("string-length", "vector-length", "bytevector-length", "length", "char->integer")},
    **{name: bytearray for name in ("bytevector", "make-bytevector", "bytevector-copy")},
    **{name: list for name in ("vector", "make-vector", "list->vector")},
    **{name: Char for name in ("char-upcase", "char-downcase", "char-foldcase")},
}


def pure_name(n) -> str | None:
    """The standard name of what call n's global holds now, when that is one of PURE
    taking len(n.args) arguments (whether it is still the standard procedure is the
    caller's to check)."""
    if type(n.op) is not GRef:
        return None
    f = n.op.cell.value
    name = getattr(f, "name", None)
    if name not in PURE or (name in ("member", "assoc") and len(n.args) != 2):
        return None
    k = len(n.args)
    if not (f.lo <= k and (f.hi < 0 or k <= f.hi)):
        return None
    return name


# A loop bigger than this is not written twice (the Python compiled at load grows with it).
MAX_NODES = 400
# A copy is written when it leaves out at least this many type tests: fewer cost more
# (the test before the loop, the Python compiled) than they save.
MIN_SAVED = 3
# body_deps looks only so far into a procedure a loop's copy calls (such a helper is small).
MAX_HELPER_NODES = 48


def needs(n) -> tuple[tuple[int, type], ...]:
    """The (operand index, type) pairs Prim `n`'s guard tests, none when it tests more
    than types joined by `and`."""
    key = (len(n.args), n.name)
    out = _NEEDS.get(key)
    if out is None:
        out = _NEEDS[key] = _guard_needs(TABLES[key[0]][key[1]][0])
    return out


def _guard_needs(guard: str) -> tuple[tuple[int, type], ...]:
    """needs() of a guard's text (inline.py's tables are fixed: worked out once per entry)."""
    if " or " in guard:
        return ()
    out = []
    for clause in guard.split(" and "):
        m = TYPE_CLAUSE.fullmatch(clause)
        if m:
            out.append((_OPERANDS.index(m.group(1)), GUARD_TYPES[m.group(2)]))
    return tuple(out)


_NEEDS: dict = {}  # (operand count, name) -> needs() of that entry of TABLES


def type_of(n, env: dict):
    """The Python type of IR node n's value given the variables' types in `env`, or None."""
    t = type(n)
    if t is Const:
        return type(n.value) if type(n.value) in _KNOWN else None
    if t is LRef:
        return env.get(n.var)
    if t is FRef:
        return env.get(FrameSlot(n.hops, n.index)) if env else None
    if t is Prim:
        if n.code is not None:
            return None
        if float_arithmetic(n) and any(type_of(a, env) is float for a in n.args):
            # An operand inexact, the value is too (or the procedure raises): R7RS 6.2.2.
            return float
        result = RESULTS.get((n.name, len(n.args)))
        if result is None:
            return None
        for k, want in needs(n):
            if type_of(n.args[k], env) is not want:
                return None
        return result
    if t is Call:
        # Only a call the walk let in is in a copy: of a PURE procedure, or of a
        # program's procedure (body_deps), whose value has no known type.
        f = n.op.cell.value if type(n.op) is GRef else None
        return PURE_RESULTS.get(f.name) if type(f) is Primitive else None
    if t is Seq:
        return type_of(n.nodes[-1], env)
    if t is Let:
        return type_of(n.body, env)
    if t is If:
        if n.alt is None:
            return None
        a = type_of(n.then, env)
        return a if a is not None and type_of(n.alt, env) is a else None
    return None


class FrameSlot:
    """A variable of an enclosing frame (an FRef's `parent[h]...[index]`) as a key of a
    copy's types, beside the Vars: a fused group's copy (fused.py) tests its type once,
    before the group's loop.  `py` is the text that reads it."""

    __slots__ = ("key", "py")

    def __init__(self, hops, index):
        self.key = (hops, index)
        self.py = "parent" + "".join(f"[{h}]" for h in hops) + f"[{index}]"

    def __eq__(self, other):
        return type(other) is FrameSlot and other.key == self.key

    def __hash__(self):
        return hash(self.key)


class _Walk:
    """What the walk of a loop collects."""

    def __init__(self, pure, params=None, closed=False, limit=MAX_NODES, name=None):
        self.pure = pure
        self.limit = limit
        self.params = params  # a function's parameters: its self tail calls assign them
        # body_deps's walk: no tail call but the function's own; what the code relies on.
        self.closed = closed
        # value_deps's walk: the function's global name, whose calls not in tail
        # position (its own recursion) are let in too.
        self.name = name
        self.deps: list = []
        self.prims: list = []  # the open-coded primitives of inline.py's tables met
        self.nodes = 0
        self.hints: dict = {}  # Var -> set of types its uses test for
        self.defs: dict = {}  # Var -> [IR of each value assigned to it inside the loop]
        self.inner: set = set()  # variables bound inside the loop (not the top loop's own)
        self.opaque: set = set()  # variables read through a frame or maybe unassigned
        # (Var, type) -> how many operands of inline.STRICT primitives test it: all but the
        # first that runs may be left out (pyfunc.Emitter.facts), here counted as if each did.
        self.strict: dict = {}
        self.indexes: set = set()  # variables used as an index (vector-ref's k, ...)

    def define(self, var, value) -> None:
        self.defs.setdefault(var, []).append(value)

    def walk(self, n) -> bool:
        """Collect n; False when n may call a procedure or assign a global."""
        self.nodes += 1
        if self.nodes > self.limit:
            return False
        t = type(n)
        if t is Const or t is GRef or t is FRef:
            return True
        if t is LRef:
            if n.var.captured or n.var.checked:
                self.opaque.add(n.var)
            return True
        if t is If:
            return self.walk(n.test) and self.walk(n.then) and (n.alt is None or self.walk(n.alt))
        if t is Seq or t is And or t is Or:
            return all(self.walk(m) for m in n.nodes)
        if t is When:
            return self.walk(n.test) and self.walk(n.body)
        if t is Case:
            return (self.walk(n.key) and all(self.walk(b) for b in n.bodies)
                    and (n.default is None or self.walk(n.default)))
        if t is Let:
            if n.rec or n.gen.walked:
                return False
            for i, init in enumerate(n.inits):
                self.inner.add(n.gen.var(i))
                self.define(n.gen.var(i), init)
            return all(self.walk(m) for m in n.inits) and self.walk(n.body)
        if t is SetL:
            if n.var.captured:
                return False
            self.define(n.var, n.value)
            return self.walk(n.value)
        if t is Prim:
            # n.code: a record type's procedure, two-string string-append (runtime.OpenCode):
            # none runs Scheme code either.
            if n.code is None and not (n.name in TABLES.get(len(n.args), ()) or (n.name, len(n.args)) in BUILDERS
                                       or n.name in EFFECTS):
                return False
            self.deps.append((n.cell, n.orig))
            if n.code is None and n.name in TABLES.get(len(n.args), ()):
                self.prims.append(n)
                for k, want in needs(n):
                    a = n.args[k]
                    if type(a) is LRef:
                        self.hints.setdefault(a.var, set()).add(want)
                if n.name in _INDEXED and len(n.args) > 1:
                    for a in n.args[1:3 if n.name == "substring" else 2]:
                        if type(a) is LRef:
                            self.indexes.add(a.var)
                if n.name in STRICT:
                    for a in n.args:
                        if type(a) is LRef:
                            key = (a.var, _strict_type(n, a))
                            self.strict[key] = self.strict.get(key, 0) + 1
            return all(self.walk(a) for a in n.args)
        if t is Call:
            # A call in tail position returns from the copy: what it runs cannot
            # come back into it.  A self tail call (the function's own loop) assigns
            # the parameters.  Any other call must be of a PURE procedure.
            if n.tail:
                if n.selfcall and self.params is not None and len(n.args) == len(self.params):
                    for var, a in zip(self.params, n.args):
                        self.define(var, a)
                    if type(n.op) is GRef:
                        self.deps.append((n.op.cell, SELF))
                    elif self.closed:
                        return False
                elif n.selfcall or self.closed:
                    return False
                return (type(n.op) is GRef or self.walk(n.op)) and all(self.walk(a) for a in n.args)
            if (self.name is not None and type(n.op) is GRef and n.opname == self.name
                    and len(n.args) == len(self.params)):
                self.deps.append((n.op.cell, SELF))
                return all(self.walk(a) for a in n.args)
            if not self.pure(n):
                return False
            self.deps.append((n.op.cell, n.op.cell.value))
            return all(self.walk(a) for a in n.args)
        if t is Recur:
            for k, a in enumerate(n.args):
                self.define(n.loop.gen.var(k), a)
            return all(self.walk(a) for a in n.args)
        if t is Loop:
            if n.gen.walked or (n.name_gen is not None and n.name_gen.walked):
                return False
            for k, init in enumerate(n.inits):
                var = n.gen.var(k)
                self.inner.add(var)
                self.define(var, init)
            for k in range(n.nvars, len(n.gen.scope.names)):
                self.inner.add(n.gen.var(k))
            return all(self.walk(m) for m in n.inits) and self.walk(n.body)
        return False


def loop_types(loop, pure=lambda n: False):
    """For a loop about to be written: (types, checked) or None.

    `types` maps variables to the Python type they have inside the loop's
    specialised copy; `checked` lists, in order, those whose type the copy
    tests before its first iteration (the loop's own variables and the
    outer ones it reads).  None when the loop may call a procedure (other
    than in tail position, where the copy is left) or assign a global, or
    nothing is known worth a copy.  `pure(call)` says whether a Call node
    calls a standard procedure of PURE (pyfunc.Emitter.pure_call): those
    the loop may make anywhere.
    """
    if loop.gen.walked or (loop.name_gen is not None and loop.name_gen.walked):
        return None
    w = _Walk(pure)
    for k in range(loop.nvars, len(loop.gen.scope.names)):
        w.inner.add(loop.gen.var(k))
    # A variable starting as a literal of another type (`(best #f)`, "none yet") would
    # fail the test before the loop every time: it is left out, the others kept.
    entry = {loop.gen.var(k): init for k, init in enumerate(loop.inits) if type(init) is Const}
    return _solve(w, loop.body, entry)


def function_types(unit, body, pure=lambda n: False):
    """loop_types for the body of a function that calls itself in tail position
    (pyfunc.py writes it as a loop): its parameters are the loop's variables."""
    if unit.fgen is None or unit.fgen.walked or unit.rest:
        return None
    w = _Walk(pure, unit.params)
    for k in range(len(unit.params), len(unit.fgen.scope.names)):
        w.inner.add(unit.fgen.var(k))
    return _solve(w, body)


def body_deps(unit, body, pure):
    """What a lambda's body relies on when calling it runs no Scheme code but its own.

    A list of (cell, value) pairs, `value` SELF for the procedure itself: the
    cells its open-coded primitives and PURE calls (`pure`, for primitives
    only) go through, with the standard procedures they must still hold, and
    the cell of its own name for its self tail calls.  None when the body may
    do more: call anything else, assign a global or a frame slot, make a
    lambda.  A loop's copy may call such a procedure (pyfunc.py tests these
    cells before the loop, with the procedure's own): nothing it does can
    change a global or come back into the copy.
    """
    if unit.rest or unit.fgen is None:
        return None
    w = _Walk(pure, unit.params, closed=True, limit=MAX_HELPER_NODES)
    if not w.walk(body):
        return None
    return w.deps


def value_deps(unit, body, pure):
    """What a lambda's body relies on to return a value, never a tail call for the
    trampoline: body_deps's walk, with the function's calls of itself by its global
    name let in anywhere.  While each cell holds what the list says (SELF: a
    Closure with this very Python function), calling it runs no Scheme code but its
    own, so nothing can assign those cells meanwhile; its tail positions are then
    values, open-coded primitives (their slow paths call the standard procedures,
    which make no tail calls) or its own loop.  A direct call site of it may then
    leave out the test for a tail call (calls.DirectCalls's V slot).  None when
    it may do more."""
    if unit.rest or unit.fgen is None or unit.name is None:
        return None
    w = _Walk(pure, unit.params, closed=True, limit=MAX_NODES, name=base_symbol(unit.name).name)
    if not w.walk(body):
        return None
    return list(dict.fromkeys(w.deps))


class LazyDeps:
    """The body_deps of a lambda, worked out when first asked for (`pure_deps`).

    Its closures' bodies hold it as their `pure_deps`.  Only a loop's copy
    being written asks (pyfunc.py, for a procedure of the program it calls),
    so most lambdas never walk: at load, every lambda's walk was 4% of
    loading a program.  The answer is the same as at load: what the walk
    reads of the lambda's IR (its variables' `captured`, its frames'
    `walked`) is settled once the lambda is built, and a call of a
    global is let in when the global holds a standard procedure *now* (a
    copy tests, before its loop, that it still does).
    """

    __slots__ = ("make", "deps")

    def __init__(self, make):
        self.make = make  # () -> body_deps, until called
        self.deps = None

    def __call__(self):
        make = self.make
        if make is not None:
            self.make = None  # the lambda's IR is not kept past this
            self.deps = make()
        return self.deps


def pure_deps(body):
    """body_deps of the lambda whose closures run `body` (its LazyDeps), or None."""
    lazy = getattr(body, "pure_deps", None)
    return None if lazy is None else lazy()


def _solve(w, body, entry=None):
    """Walk `body`, then find the fixed point of the variables' types.  `entry` maps
    variables the copy would test before its first iteration to the literal each
    starts as: one of another type than its uses test for is given none.

    Then flonums: a loop variable starting as a float literal and assigned only
    values that are floats given the others' types (`(zr 0.0)` stepped by
    `(+ (- (* zr zr) (* zi zi)) cr)`) is a float, and a variable bound outside
    the loop whose every arithmetic use is beside a float is given no type (a
    float most likely, an exact number maybe: the copy tests nothing of it,
    and its operations test it)."""
    if not w.walk(body):
        return None
    entry = entry or {}
    env = {v: next(iter(ts)) for v, ts in w.hints.items() if len(ts) == 1 and v not in w.opaque}
    for v, init in entry.items():
        if v in env and type_of(init, env) is not env[v]:
            del env[v]
    _fix(w, env)
    # (Only a variable that starts as a float literal: a float given values that are floats
    # because it is one proves nothing; life's count, an exact 0 set! to sums, is not one.)
    floats = [v for v, init in entry.items()
              if type(init.value) is float and w.defs.get(v) and v not in env and v not in w.opaque
              and w.hints.get(v, {int}) <= {int}]
    if floats:
        env.update(dict.fromkeys(floats, float))
        _fix(w, env)
        while _drop_beside_floats(w, env):
            _fix(w, env)
    checked = [v for v in env if v not in w.inner]
    # Worth a copy only if it leaves out enough type tests (a literal's is left out anyway):
    # by the types tested before the loop, and by what the code run so far shows.
    saved = sum(1 for n in w.prims for k, want in needs(n)
                if type(n.args[k]) is not Const and type_of(n.args[k], env) is want)
    # (A flonum operation leaves out its exact-integer test and most of its float case.)
    saved += sum(2 for n in w.prims if float_arithmetic(n) and any(type_of(a, env) is float for a in n.args))
    learnt = sum(count - 1 for (v, t), count in w.strict.items()
                 if t is not None and v not in w.opaque and env.get(v) is not t)
    if saved + learnt < MIN_SAVED:
        return None
    return env, checked, _nonnegative(w, env)


def _fix(w, env) -> None:
    """Drop from `env` each variable given a value of another type, until none is;
    then type the variables bound inside the loop that no use tests by their values."""
    changed = True
    while changed:
        changed = False
        for v in list(env):
            if any(type_of(d, env) is not env[v] for d in w.defs.get(v, ())):
                del env[v]
                changed = True
    # Derived from the others (a `let` of (string-ref s i)), with no use testing them.
    for v, ds in w.defs.items():
        if v in w.inner and v not in env and v not in w.opaque and ds:
            first = type_of(ds[0], env)
            if first is not None and all(type_of(d, env) is first for d in ds):
                env[v] = first


def _drop_beside_floats(w, env) -> bool:
    """Drop from `env` the exact-integer variables bound outside the loop and not
    assigned in it whose every arithmetic use has a float beside it; True if any was."""
    beside, alone = set(), set()
    for n in w.prims:
        if not (float_arithmetic(n) or float_comparison(n)):
            continue
        mixed = any(type_of(a, env) is float for a in n.args)
        for a in n.args:
            if type(a) is LRef:
                (beside if mixed else alone).add(a.var)
    drop = [v for v in beside - alone if env.get(v) is int and v not in w.inner and not w.defs.get(v)]
    for v in drop:
        del env[v]
    return bool(drop)


def float_arithmetic(n) -> bool:
    """Is Prim n the standard + - * or / of two or three operands (/ of two), whose
    value is a float when an operand is?"""
    return (n.code is None and n.name in INEXACT and INEXACT[n.name][1] in ("arithmetic", "division")
            and inexact_handled(n.name, len(n.args)))


def float_comparison(n) -> bool:
    """Is Prim n the standard = < > <= or >= of two or three operands (a float case)?"""
    return (n.code is None and n.name in INEXACT and INEXACT[n.name][1] == "comparison"
            and inexact_handled(n.name, len(n.args)))


# Primitives whose second operand (and substring's third) is an index.
_INDEXED = frozenset(["vector-ref", "string-ref", "vector-set!", "substring", "bytevector-u8-ref", "bytevector-u8-set!"])
# Primitives whose value is a non-negative integer when their operands are.
_KEEP_NONNEG = frozenset(["+", "*", "quotient", "remainder", "max", "min"])
# Primitives whose value is a non-negative integer whatever their operands.
_NONNEG = frozenset(["string-length", "vector-length", "length", "char->integer", "abs", "bytevector-length",
                     "bytevector-u8-ref"])


def _nonnegative(w, env) -> set:
    """The exact-integer variables of `env` that are never negative in the copy:
    those whose every assigned value is (a literal >= 0, a length, a sum or
    product of such, ...), a greatest fixed point.  Those tested before the
    loop are tested >= 0 there too (pyfunc.Emitter.twice); an index among
    them needs no `0 <=` (pyfunc.Runtime.guard)."""
    # Only indexes and what their values are made of: another would be tested >= 0
    # before the loop for nothing (and, negative, would miss the copy).
    wanted = set(w.indexes)
    todo = list(wanted)
    while todo:
        for d in w.defs.get(todo.pop(), ()):
            for v in _variables(d):
                if v not in wanted:
                    wanted.add(v)
                    todo.append(v)
    vars_ = {v for v, t in env.items() if t is int and v in wanted}
    changed = True
    while changed:
        changed = False
        for v in list(vars_):
            if not all(_never_negative(d, vars_) for d in w.defs.get(v, ())):
                vars_.discard(v)
                changed = True
    return vars_


def _variables(n) -> list:
    """The variables an expression of _never_negative's kinds reads."""
    t = type(n)
    if t is LRef:
        return [n.var]
    if t is Prim:
        return [v for a in n.args for v in _variables(a)]
    if t is Seq:
        return _variables(n.nodes[-1])
    if t is Let:
        return _variables(n.body)
    if t is If and n.alt is not None:
        return _variables(n.then) + _variables(n.alt)
    return []


def _never_negative(n, nonneg) -> bool:
    t = type(n)
    if t is Const:
        return type(n.value) is int and n.value >= 0
    if t is LRef:
        return n.var in nonneg
    if t is Prim and n.code is None:
        if n.name in _NONNEG:
            return True
        if n.name in _KEEP_NONNEG:
            return all(_never_negative(a, nonneg) for a in n.args)
        if n.name == "modulo" and len(n.args) == 2:
            d = n.args[1]
            return type(d) is Const and type(d.value) is int and d.value > 0
        return False
    if t is Seq:
        return _never_negative(n.nodes[-1], nonneg)
    if t is Let:
        return _never_negative(n.body, nonneg)
    if t is If:
        return n.alt is not None and _never_negative(n.then, nonneg) and _never_negative(n.alt, nonneg)
    return False


def _strict_type(n, a):
    """The type Prim n (of inline.STRICT) tests operand `a` for, or None."""
    for k, want in needs(n):
        if n.args[k] is a:
            return want
    return None


# fused.py's walk of a group extends the walk and solves as a loop's does.
Walk = _Walk
solve = _solve
