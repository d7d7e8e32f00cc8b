"""The calling convention, written once: how every kind of procedure is called.

Every call of a Scheme procedure goes through this module, whoever makes it:

* a call site in compiled code, closure-compiled (codegen.py) or generated
  Python (pyfunc.py): both instantiate `call_site`, the one template of a
  non-tail call, and `make_finish`, the one helper of a tail call whose
  operator is not a Closure;
* the run-time trampoline `run(f, args)` (Interpreter.apply), which the call
  sites fall back on and which runs every tail call to its value;
* `caller(...)` (Interpreter.caller), for primitives that call one procedure
  many times (map, for-each, sort, vector-map, ...).

The protocol (see runtime.py for the values):

* A Closure call ticks the step budget once (`for _k in B.it: break` /
  `else: B.exhausted()` in generated code, runtime.Budget), then enters
  `fast(arg..., env)` when the closure has one for this many arguments
  (`fk`), else `body(frame)` with the frame `args + tail` (rest arguments
  gathered by `fix_args`, which also reports a wrong argument count).
* A Primitive is `fn(*args)` after an arity check; it ticks nothing here.
  A TailPrimitive may return a tail call.  A Continuation, a Parameter and
  any other Procedure (records, promises' helpers, ...) are called by
  `call_other`; anything else is "attempt to call a non-procedure".
* A result `(procedure, args)` is a tail call: whoever receives one runs it
  with `run`, so the Python stack grows only with non-tail Scheme calls.
* An operator read from a global that is still UNASSIGNED is reported as
  "unbound variable: name" at the call site (`unbound` factory); a local
  one is checked where it is read.
"""

from __future__ import annotations

import types
import weakref
from functools import partial

from . import continuations
from .datatypes import NIL, UNASSIGNED, ErrorObject, Pair, new_pair
from .errors import SchemeError, SchemehostError, scheme_error
from .runtime import NO_MARK, REST_KEY, SELF, WALK_WINDOW, CaseLambda, Closure, Continuation, Parameter, Primitive, Procedure, TailPrimitive, arity_error


# spread copies this many pairs of a rest list before it looks for a cycle.
SHORT_REST = range(64)


def not_procedure_error(f, span=None) -> SchemeError:
    err = SchemeError(ErrorObject("attempt to call a non-procedure", (f,)))
    err.span = span
    return err


def note(e: SchemehostError, site) -> None:
    """Give error `e` the call site `site` = (span, form): its position if it has none, and a frame."""
    if e.span is None:
        e.span = site[0]
    e.add_frame(site)


def consed_end(run):
    """Return end(head, hole, value, standard, cell) for a function written with its
    `(cons e (itself ...))` as rounds of its loop (pyfunc.Emitter.consed_tail): its value
    is the first pair made, `head`, once the last one, `hole`, ends in `value`, the
    value the last round would have returned to the call that made it (a tail call run
    to its value first).  A `cons` reads its operator after its operands: each call
    the rounds stand for would have made its pair now, with what global `cell` holds
    now.  While that is the standard `cons` (`standard`, the token pyfunc tests), the
    pairs made are those; else they are made again, innermost first, by what it holds."""

    def end(head, hole, value, standard, cell):
        if type(value) is tuple:
            value = run(*value)
        if standard:
            hole.cdr = value
            return head
        elements = []
        p = head
        while True:
            elements.append(p.car)
            if p is hole:
                break
            p = p.cdr
        for x in reversed(elements):
            value = run(cell.value, [x, value])
        return value

    return end


def note_consed(e: SchemehostError, head, hole, sites) -> None:
    """Error `e` leaves a function written with its `(cons e (itself ...))` as rounds of
    its loop (pyfunc.Emitter.consed_tail), pairs `head` to `hole` made: give it the frames
    the calls those rounds stand for would have, the innermost first.  `sites`: the one
    call site's, or a list of the call site of each pair, in order."""
    if type(sites) is list:
        order = sites[::-1]
    else:
        n = 1
        p = head
        while p is not hole:
            p = p.cdr
            n += 1
        order = [sites] * n
    room = max(e.MAX_TRACE - len(getattr(e, "trace", ())), 0)
    for site in order[:room]:
        note(e, site)
    if len(order) > room:  # (past the frames kept: counted, as add_frame counts them)
        if e.span is None:
            e.span = order[0][0]
        e.trace_dropped += len(order) - room


def bottom_runner(interp):
    """Return bottom(f, args), `run` for the bottom of a call/cc worker greenlet
    (continuations._run_body): a tail call of a Continuation that comes back to it is
    handed back as (continuation, args), not made, since made there it would only raise
    through the frames between to be caught below them (a coroutine's yield, which
    resumes another thread's continuation last).  Anything else: (None, its value).
    A Closure with a fast entry for its arguments is entered here, after its step, as
    `run` enters it; any other procedure goes to `run`."""
    budget = interp.budget
    run = interp.apply

    def bottom(f, args: list):
        while True:
            if type(f) is Continuation:
                return f, args
            if type(f) is not Closure or f.fk != len(args):
                return None, run(f, args)
            for _ in budget.it: break
            else: budget.exhausted()
            r = f.fast(*args, f.env)
            if type(r) is not tuple:
                return None, r
            f, args = r

    return bottom


def trampoline(interp):
    """Return (run, call, call_other, spread) bound to `interp`'s budget.

    run(f, args): call `f` with `args` (a fresh list, which it may extend)
    and run every tail call it returns to a value.
    call(f, args, unbound): `run`, after reporting an UNASSIGNED operator
    with `unbound()`, the error of the call site.
    call_other(f, args): call anything that is not a Closure or a plain
    Primitive; may return a tail call.
    """
    budget = interp.budget

    def call_other(f, args: list):
        if type(f) is TailPrimitive:
            f.check_arity(len(args))
            return f.fn(*args)
        if type(f) is Continuation:
            return continuations.invoke(interp, f, args)
        if type(f) is Parameter:
            if args:
                raise SchemeError(ErrorObject("parameter: expects 0 arguments", tuple(args)))
            return f.value
        if isinstance(f, Primitive):
            f.check_arity(len(args))
            return f.fn(*args)
        if isinstance(f, Procedure):
            return f.invoke(interp, args)
        raise not_procedure_error(f)

    def run(f, args: list):
        # (`type(f)`, not f.__class__: the classes here vary from call to call, where
        # CPython 3.11 reads __class__ at a greater cost than it calls type: pyfunc.class_tests.)
        while True:
            if type(f) is Closure:
                for _ in budget.it: break
                else: budget.exhausted()
                n = len(args)
                if f.fk == n and n <= 3:
                    if n == 1:
                        r = f.fast(args[0], f.env)
                    elif n == 2:
                        r = f.fast(args[0], args[1], f.env)
                    elif n == 3:
                        r = f.fast(args[0], args[1], args[2], f.env)
                    else:
                        r = f.fast(f.env)
                elif n <= 4 and ((k := f.fk) == REST_KEY or k == REST_KEY - 1 and n):
                    # A lambda with a fast entry and a rest parameter after at most one
                    # required one (runtime.fast_key; a message-passing object's
                    # (lambda (message . args) ...)), called with a few arguments: its
                    # rest list made here and its fast entry called, not its frame made
                    # for its body.
                    m = REST_KEY - k
                    rest = NIL
                    while n > m:
                        n -= 1
                        cell = new_pair()
                        cell.car = args[n]
                        cell.cdr = rest
                        rest = cell
                    r = f.fast(args[0], rest, f.env) if m else f.fast(rest, f.env)
                else:
                    if n != f.nparams:
                        args = f.fix_args(args)
                    if f.pad:
                        args += f.pad
                    args.append(f.env)
                    r = f.body(args)
            elif type(f) is Primitive:
                if not (f.lo <= len(args) and (f.hi < 0 or len(args) <= f.hi)):
                    f.check_arity(len(args))
                return f.fn(*args)
            elif type(f) is TailPrimitive:
                if not (f.lo <= len(args) and (f.hi < 0 or len(args) <= f.hi)):
                    f.check_arity(len(args))
                r = f.fn(*args)
            elif type(f) is Parameter and not args:  # (call_other's case, a call layer sooner)
                return f.value
            elif type(f) is CaseLambda and (clause := f.clause(len(args))) is not None:
                f = clause  # (entered as a Closure next round: its step then)
                continue
            else:
                r = call_other(f, args)
            if type(r) is tuple:
                f, args = r
                continue
            return r

    def call(f, args: list, unbound):
        if f is UNASSIGNED:
            raise unbound()
        return run(f, args)

    return run, call, call_other, spreader(budget)


def spreader(budget, other=None):
    """Return spread(f, *args), `(apply f arg ... lst)` into rest-argument Closure `f`.

    The rest list is built once, straight from `lst` (copied: a rest list is
    newly allocated, unless `f` only reads it: restlists.py), instead of a
    Python list of the elements and then Pairs again; one budget tick, as
    the trampoline enters a closure.  Raises apply's error for the last
    argument when `lst` is not a proper list.  May return a tail call.
    With `other`, spread is apply's whole entry (apply_entry): any other
    procedure is `other(f, *args)`.
    """

    def spread(f, *args):
        if other is not None and not (type(f) is Closure and f.rest):
            return other(f, *args)
        k = len(args) - 1  # arguments before the list, then taken from it: len(head)
        lst = args[k]
        head = list(args[:k]) if k else []
        m = f.nreq
        p = lst
        while k < m and type(p) is Pair:
            head.append(p.car)
            p = p.cdr
            k += 1
        share = False
        if type(p) is Pair:
            # A lambda that only reads its rest list before any Scheme code
            # runs may be given `lst` itself (restlists.py), while the
            # procedures it reads the list with are the standard ones.
            # `rest_reads` is (G, token): G[token] is true while they are.
            reads = getattr(f.body, "rest_reads", None)
            share = reads is not None and reads[0][reads[1]]
        if share:
            rest = p
            for _ in SHORT_REST:
                p = p.cdr
                if type(p) is not Pair:
                    break
            else:
                p = list_end(p)
        elif type(p) is Pair:
            rest = last = new_pair()
            rest.car = p.car
            p = p.cdr
            # Short lists (most rest lists) without the window's bookkeeping;
            # past SHORT_REST pairs a cycle is found in the same one pass
            # (runtime.WALK_WINDOW, Brent's algorithm).
            for _ in SHORT_REST:
                if type(p) is not Pair:
                    break
                cell = last.cdr = new_pair()
                cell.car = p.car
                last = cell
                p = p.cdr
            else:
                n = w = WALK_WINDOW
                mark = NO_MARK
                while type(p) is Pair:
                    cell = last.cdr = new_pair()
                    cell.car = p.car
                    last = cell
                    p = p.cdr
                    if p is mark:
                        raise apply_list_error(len(args) + 1, lst)
                    n -= 1
                    if n == 0:
                        n = w = w + w
                        mark = p
            last.cdr = NIL
        else:
            rest = NIL
        if p is not NIL:
            raise apply_list_error(len(args) + 1, lst)
        for _ in budget.it: break
        else: budget.exhausted()
        if k != m:
            if k < m:
                raise arity_error(f, k)
            while k > m:
                k -= 1
                cell = new_pair()
                cell.car = head[k]
                cell.cdr = rest
                rest = cell
            del head[m:]
        if f.fast is not None:
            if m == 0:
                return f.fast(rest, f.env)
            if m == 1:
                return f.fast(head[0], rest, f.env)
            return f.fast(*head, rest, f.env)
        head.append(rest)
        if f.pad:
            head += f.pad
        head.append(f.env)
        return f.body(head)

    return spread


def list_end(p):
    """What ends the chain of pairs from `p` (NIL for a proper list), or NO_MARK for a cycle.

    Brent's algorithm as spread's copy runs it: short lists without the
    window's bookkeeping."""
    for _ in SHORT_REST:
        if type(p) is not Pair:
            return p
        p = p.cdr
    n = w = WALK_WINDOW
    mark = NO_MARK
    while type(p) is Pair:
        p = p.cdr
        if p is mark:
            return NO_MARK
        n -= 1
        if n == 0:
            n = w = w + w
            mark = p
    return p


def entry_lines(r: str, call: str, indent: str, build: list[str] = ()) -> list[str]:
    """The lines of a call `call` of a closure's fast entry, its value in `r`: the call's
    step, the lines `build` (a rest list's: rest_list_lines), the call, and a tail call it
    returns run to its value, each line after `indent`."""
    return [indent + line for line in ["for _k in B.it: break", "else: B.exhausted()", *build, f"{r} = {call}",
                                       f"if type({r}) is tuple:", f"    {r} = run(*{r})"]]


def call_site(f: str, args: list[str], r: str, unbound: str | None, message: bool = False) -> list[str]:
    """Return the Python lines of a non-tail call of `f` on `args`, its value in `r`.

    `f` and every argument must be names or constants (each is read more
    than once); the generated code needs the globals B (the budget), run
    and call (from `trampoline`), Closure and Primitive.  The lines raise
    whatever the call raises: the caller wraps them in its own try to note
    the call site.

    In line: a Closure's fast entry for this many arguments and a
    Primitive that takes them; anything else (a closure not compiled yet or
    taking rest arguments, a wrong count, a continuation, ...) is the
    trampoline's `call`, which does the same as `run` for it; `run` itself, a
    Python frame fewer, when `unbound` is None: `f` cannot be UNASSIGNED (a
    variable's value read with its test, or one that is never read before it
    is bound: a gap buffer's `(buffer 'char-at k)`, a closure taking a rest list).

    With `message` (a call whose first operand is a quoted symbol, `(account
    'deposit 50)`), a closure taking one argument and a rest list, a
    message-passing object's `(lambda (message . args) ...)`, is entered here
    too, its rest list made here: not in `run`, a Python call, a list and five
    tests more.
    """
    n = len(args)
    a = ", ".join(args)
    env = f"{a}, {f}.env" if args else f"{f}.env"
    lines = [f"if type({f}) is Closure and {f}.fk == {n}:", *entry_lines(r, f"{f}.fast({env})", "    ")]
    if message and 1 <= n <= 4:
        build, passed = rest_list_lines(args, 1)
        lines += [f"elif type({f}) is Closure and {f}.fk == {REST_KEY - 1}:",
                  *entry_lines(r, f"{f}.fast({', '.join(passed)}, {f}.env)", "    ", build)]
    return lines + [
        f"elif type({f}) is Primitive and {f}.lo <= {n} and ({f}.hi < 0 or {n} <= {f}.hi):",
        f"    {r} = {f}.fn({a})",
        "else:",
        f"    {r} = call({f}, [{a}], {unbound})" if unbound is not None else f"    {r} = run({f}, [{a}])",
    ]


class TailDepth:
    """How many more tail calls may be made as direct Python calls (see direct_tail_call).

    The count lives in one closure cell per interpreter, `cell`, that every
    generated function of that interpreter shares as its free variable TDL
    (pyfunc.instantiate): `TDL -= 1` is a local-speed operation, where an
    attribute of a global object cost twice the bytecodes."""

    __slots__ = ("cell",)

    LIMIT = 100

    def __init__(self):
        self.cell = types.CellType(self.LIMIT)


def direct_tail_call(f: str, args: list[str]) -> list[str]:
    """Return the lines of a tail call of Closure `f` made as a direct call of its fast entry.

    Placed in generated code where a tail call would `return (f, [args])`:
    while TDL (TailDepth) allows, the callee's fast entry is called from here and
    its result returned, saving the tuple, the list and the trampoline's
    round trip.  Tail calls stay proper: at most TailDepth.LIMIT such frames
    are live at once (per interpreter), past that the tuple goes back to the
    trampoline as usual, which unwinds them.  The `finally` gives the
    frame back however it ends (a value, an error, a continuation's
    unwinding); Python 3.11's try costs nothing when nothing is raised.
    The step budget ticks as `run` ticks.
    """
    return tail_call_lines(f"{f}.fk == {len(args)} and TDL > 0", f"{f}.fast", [*args, f"{f}.env"])


def tail_call_lines(cond: str, entry: str, operands: list[str]) -> list[str]:
    """direct_tail_call's lines for any fast entry: when `cond` (which tests TDL too)
    holds, `entry` called on `operands` (the environment last) and its value returned,
    the budget ticked and TDL taken and given back around the call (a known lambda's
    entry on its slot's frame: pyfunc.Emitter.known_tail_call)."""
    return [
        f"if {cond}:",
        "    for _k in B.it: break",
        "    else: B.exhausted()",
        "    TDL -= 1",
        "    try:",
        f"        return {entry}({', '.join(operands)})",
        "    finally:",
        "        TDL += 1",
    ]


def rest_list(args: list[str]) -> str:
    """The text of a fresh Scheme list of `args` (a rest argument built at the call site)."""
    text = "NIL"
    for a in reversed(args):
        text = f"cons({a}, {text})"
    return text


def rest_list_lines(args: list[str], m: int) -> tuple[list[str], list[str]]:
    """A direct call's arguments when its callee takes m required ones then a rest
    list (m < 0: no rest list): (lines that build the list, the texts to pass).

    The list is built by statements, NEWPAIR() and two stores a pair, into the
    local `_rl` (`args` are names or constants: Emitter.operands_in_locals):
    `cons(x, y)` is a Python frame a pair (four of them, when a pair was made
    through Pair.__init__, took 430 ns where the statements take about 300)."""
    if m < 0:
        return [], args
    rest = args[m:]
    if not rest:
        return [], args + ["NIL"]
    parts = [f"_rl = NEWPAIR(); _rl.car = {rest[-1]}; _rl.cdr = NIL"]
    for a in reversed(rest[:-1]):
        parts.append(f"_q = _rl; _rl = NEWPAIR(); _rl.car = {a}; _rl.cdr = _q")
    return ["; ".join(parts)], args[:m] + ["_rl"]


def direct_call_site(slots, args: list[str], r: str) -> list[str]:
    """Return the lines of a non-tail call through direct call slots (DirectCalls).

    `slots` = (d, e, q, m, x): while the global holds a Closure of the shape the
    site was made for (len(args) arguments, or m required ones then a rest
    list built here when m >= 0), `d` and `e` are its fast entry and
    environment, and `x` (V<n>) is false when that entry returns a value, never a
    tail call (typespec.value_deps; else true); while it holds a primitive
    that takes len(args) arguments, `q` is the Python function to call, and
    `x` is true only for `apply`'s entry (which may return a tail call: a
    plain Primitive returns a value).  The lines end in an
    `else:` whose body the caller writes (the generic call).  The step
    budget ticks as in `call_site`; a tail call returned is run to its value.
    """
    d, e, q, m, x = slots
    build, passed = rest_list_lines(args, m)
    return [
        f"if {d} is not None:",
        "    for _k in B.it: break",
        "    else: B.exhausted()",
        *(f"    {line}" for line in build),
        f"    {r} = {d}({', '.join(passed + [e])})",
        f"    if {x} and type({r}) is tuple:",
        f"        {r} = run(*{r})",
        f"elif {q} is not None:",
        f"    {r} = {q}({', '.join(args)})",
        f"    if {x} and type({r}) is tuple:",
        f"        {r} = run(*{r})",
        "else:",
    ]


def direct_tail_entry(slots, args: list[str], site: str) -> list[str]:
    """Return the lines of a tail call through direct call slots (see direct_call_site).

    A Closure's fast entry is called directly as in direct_tail_call,
    bounded by TDL; a plain primitive (the only kind bound to `q` here) is
    called now, its errors noted at `site`, as make_finish does.  When
    neither applies (or TDL is used up) the lines fall through to the generic
    tail call that follows them.
    """
    d, e, q, m = slots
    build, passed = rest_list_lines(args, m)
    return [
        f"if {d} is not None:",
        "    if TDL > 0:",
        "        for _k in B.it: break",
        "        else: B.exhausted()",
        *(f"        {line}" for line in build),
        "        TDL -= 1",
        "        try:",
        f"            return {d}({', '.join(passed + [e])})",
        "        finally:",
        "            TDL += 1",
        f"elif {q} is not None:",
        "    try:",
        f"        return {q}({', '.join(args)})",
        "    except SchemehostError as e:",
        f"        note(e, {site})",
        "        raise",
    ]


class DirectCalls:
    """Generated functions that call a global's procedure without looking at the global.

    A call site whose operator is a global variable (a Cell) reads closure
    variables of its generated function instead of the Cell (see
    direct_call_site): the fast entry and environment of the Closure the
    Cell holds, when it has the shape the site was compiled for; or the
    Python function of the primitive it holds, when that takes this many
    arguments (for `apply`, what the entry `entries` maps it to gives for
    the site's count of arguments), or a reader of the parameter object it
    holds, for a call of none (its value, as the call gives it); or None, and
    the site takes the generic path (call_site).  Every assignment of a
    watched Cell, by whatever code, calls `retarget`, which rebinds those
    closure variables at once: a redefinition is seen by the next call,
    even inside a loop already running.

    The functions are held weakly (code compiled by an `eval` in a loop
    comes and goes); dead entries are dropped as the lists grow.

    A non-tail site also has `x` (V<n>), false while its Closure's fast entry
    returns a value, never a tail call: while every cell of the entry's
    `value_deps` (typespec.value_deps) holds what it says.  Such a cell
    assigned rebinds the sites of every global whose procedure relies on it
    (`relying`), as the global's own assignment does; `watch(cell)` makes the
    cell's assignments seen (Runtime._watch_once), or says they cannot be.
    """

    __slots__ = ("by_cell", "limits", "entries", "relying", "watch")

    def __init__(self, entries: dict, watch=None):
        self.by_cell: dict = {}  # Cell -> [(weakref to fast, [(d, e, q, x indexes, nargs, m, tail), ...]), ...]
        self.limits: dict = {}  # Cell -> list length at which dead entries are next dropped
        self.entries = entries  # a standard primitive -> for_count(n), the function its direct non-tail calls with n arguments use
        self.relying: dict = {}  # Cell -> the Cells whose procedures' value_deps name it
        self.watch = watch

    def add(self, cell, fn, slots) -> None:
        """Make `fn`'s closure variables in `slots` [((d, e, q, m[, x]), nargs, tail)] follow `cell`."""
        free = fn.__code__.co_freevars

        def at(name):  # (-1: the text does not read it, as a self loop tested before a typed copy reads d alone)
            return free.index(name) if name in free else -1

        where = [(at(s[0]), at(s[1]), at(s[2]), at(s[4]) if len(s) > 4 else -1, n, s[3], tail) for s, n, tail in slots]
        entries = self.by_cell.setdefault(cell, [])
        entries.append((weakref.ref(fn), where))
        if len(entries) >= self.limits.get(cell, 16):
            entries[:] = [x for x in entries if x[0]() is not None]
            self.limits[cell] = 2 * len(entries) + 16
        self._bind(fn, where, cell.value, self._returns_value(cell, cell.value))

    def retarget(self, cell, value) -> None:
        """`cell` now holds `value`: rebind every dependent call site, and those of the
        globals whose procedures rely on what `cell` holds."""
        self._rebind(cell, value)
        for other in list(self.relying.get(cell, ())):
            if other is not cell:
                self._rebind(other, other.value)

    def _rebind(self, cell, value) -> None:
        entries = self.by_cell.get(cell)
        if entries:
            plain = self._returns_value(cell, value)
            for ref, where in entries:
                fn = ref()
                if fn is not None:
                    self._bind(fn, where, value, plain)

    def _returns_value(self, cell, value) -> bool:
        """Does `value`, held by `cell`, return a value (never a tail call) when called
        now?  Its value_deps hold: then those cells are watched and noted as relied on."""
        if type(value) is not Closure or value.fast is None:
            return False
        lazy = getattr(value.fast, "value_deps", None)  # (typespec.LazyDeps)
        deps = None if lazy is None else lazy()
        if deps is None:
            return False
        fast = value.fast
        held = True
        for c, v in deps:
            self.relying.setdefault(c, set()).add(cell)
            if self.watch is None or not self.watch(c):
                held = False  # (its assignments would not be seen here)
            now = c.value
            if not (now is v or (v is SELF and type(now) is Closure and now.fast is fast)):
                held = False
        return held

    def refresh(self, closures) -> None:
        """`closures` just got their fast entries (a tiered lambda switched to its
        Python function): rebind the call sites of every Cell holding one."""
        ids = {id(c) for c in closures}
        for cell in [c for c in self.by_cell
                     if id(c.value) in ids or type(c.value) is CaseLambda and any(id(k) in ids for k in c.value.clauses)]:
            self.retarget(cell, cell.value)

    def _bind(self, fn, where, value, plain: bool) -> None:
        closure = fn.__closure__
        t = type(value)
        for d, e, q, x, n, m, tail in where:
            fast = env = prim = None
            if t is Closure:
                if value.fast is not None and (value.fk == n if m < 0 else value.rest and value.nreq == m):
                    fast, env = value.fast, value.env
            elif t is CaseLambda and m < 0:
                # The clause a call of n arguments runs, entered as that Closure would be.
                c = value.clause(n)
                if c is not None and c.fast is not None and c.fk == n:
                    fast, env = c.fast, c.env
            elif isinstance(value, Primitive) and value.lo <= n and (value.hi < 0 or n <= value.hi):
                if t is Primitive:
                    prim = value.fn
                elif not tail:
                    entry = self.entries.get(value)
                    prim = None if entry is None else entry(n)
            elif t is Parameter and n == 0:
                prim = partial(getattr, value, "value")  # (a parameter's call: its value, no step)
            if d >= 0:
                closure[d].cell_contents = fast
            if e >= 0:
                closure[e].cell_contents = env
            if q >= 0:
                closure[q].cell_contents = prim
            if x >= 0:
                # (A plain Primitive returns a value; `apply`'s entry may return a tail call.)
                closure[x].cell_contents = (not (plain and m < 0) if fast is not None
                                            else t is not Primitive and t is not Parameter)


def apply_entry(apply, budget):
    """Return for_count(n): the function a direct call site of the standard
    `apply` primitive `apply` with n arguments uses.

    Into a rest-argument Closure it spreads the last argument straight into
    the rest list (spreader, one Python frame); anything else is the
    primitive itself.  A site with two or three arguments, `(apply f lst)`
    or `(apply f x lst)`, first tries list_spreader's shorter ways.  They may
    return a tail call."""
    spread = spreader(budget, apply.fn)
    shorter = list_spreader(budget, spread)

    def for_count(n):
        return shorter[n - 2] if 2 <= n <= 3 else spread

    return for_count


def list_spreader(budget, spread):
    """Return (spread_list, spread_one): `(apply f lst)` and `(apply f x lst)`
    as spread(f, lst) and spread(f, x, lst) make them.

    Their common shapes go without spread's packing and bookkeeping: a
    rest-argument Closure with a fast entry and at most one required
    parameter, which only reads its rest list (restlists.py, as spread
    tests it), is given `lst` itself as that list (or what follows its
    first element, which goes to the parameter; or with `x` consed on, or
    with `x` going to the parameter) once the walk finds it proper; one
    budget tick.  Anything else is spread's.  (The two are written out, the
    walk in each: one function for both, with `lst` optional, took 1.036 of
    the instructions on variadic where these take 0.975.)
    """

    def spread_list(f, lst):
        if type(f) is Closure and f.rest and f.fast is not None:
            m = f.nreq
            try:
                reads = f.body.rest_reads
            except AttributeError:  # (compiler.py gives every body of a lambda one)
                reads = None
            if m == 0:
                p = rest = lst
            elif m == 1 and type(lst) is Pair:
                p = rest = lst.cdr
            else:
                return spread(f, lst)
            if reads is not None and reads[0][reads[1]]:
                for _ in SHORT_REST:
                    if type(p) is not Pair:
                        break
                    p = p.cdr
                else:
                    p = list_end(p)
                if p is not NIL:
                    raise apply_list_error(2, lst)
                for _ in budget.it: break
                else: budget.exhausted()
                if m == 0:
                    return f.fast(rest, f.env)
                return f.fast(lst.car, rest, f.env)
        return spread(f, lst)

    def spread_one(f, x, lst):
        if type(f) is Closure and f.rest and f.fast is not None and f.nreq < 2:
            try:
                reads = f.body.rest_reads
            except AttributeError:
                reads = None
            if reads is not None and reads[0][reads[1]]:
                p = lst
                for _ in SHORT_REST:
                    if type(p) is not Pair:
                        break
                    p = p.cdr
                else:
                    p = list_end(p)
                if p is not NIL:
                    raise apply_list_error(3, lst)
                for _ in budget.it: break
                else: budget.exhausted()
                if f.nreq == 1:
                    return f.fast(x, lst, f.env)
                rest = new_pair()
                rest.car = x
                rest.cdr = lst
                return f.fast(rest, f.env)
        return spread(f, x, lst)

    return spread_list, spread_one


def apply_list_error(position: int, value) -> SchemeError:
    """apply's own error for a last argument that is not a list (registry.type_error's text)."""
    return scheme_error(f"apply: argument {position} must be a list", value)


def make_finish(span, form, unbound):
    """Return finish(f, args) for a tail call whose operator is not a Closure.

    A plain primitive is called now (its errors noted at this site); an
    UNASSIGNED operator raises `unbound()`; a non-procedure is reported
    here; anything else goes back to the trampoline as a tail call.
    """
    site = (span, form)

    def finish(f, args):
        if type(f) is Primitive:
            if not (f.lo <= len(args) and (f.hi < 0 or len(args) <= f.hi)):
                f.check_arity(len(args))
            try:
                return f.fn(*args)
            except SchemehostError as e:
                note(e, site)
                raise
        if f is UNASSIGNED:
            raise unbound()
        if not isinstance(f, Procedure):
            raise not_procedure_error(f, span)
        return (f, args)

    return finish


def ready(f, n: int) -> None:
    """Before a procedure calls `f` once per element of what it walks: if `f` is a
    Closure of `n` required parameters whose lambda is still on its first calls
    (compiler.Tier), write its Python function now and give `f` its entries, as
    the tier's switch gives them to the first closures it made; no change of
    behaviour (the switch makes none), and the walk enters `f` directly where it
    would have gone through the trampoline for every element (a closure made
    anew each time its lambda expression runs, in its first run, had no fast
    entry when the walk began)."""
    if type(f) is Closure and f.fk != n and f.nreq == n and not f.rest:
        tier = getattr(f.body, "tier", None)
        if tier is not None:
            if tier.made is not None:
                tier.switch()
            if tier.fast is not None:
                f.body, f.fast, f.fk = tier.body, tier.fast, n


def caller(run, budget, f, n: int):
    """Return a Python function of `n` arguments that calls Scheme procedure `f` to its value.

    A closure with a fast entry for `n` arguments is entered there (one
    budget tick, as `run` ticks), made ready first (`ready`); a plain primitive
    of the right arity is its own Python function; anything else goes through
    `run`.
    """
    ready(f, n)
    if type(f) is Closure and f.fk == n and n <= 3:
        fast, env = f.fast, f.env
        if n == 1:
            def call1(a):
                for _ in budget.it: break
                else: budget.exhausted()
                r = fast(a, env)
                return run(*r) if type(r) is tuple else r
            return call1
        if n == 2:
            def call2(a, b):
                for _ in budget.it: break
                else: budget.exhausted()
                r = fast(a, b, env)
                return run(*r) if type(r) is tuple else r
            return call2
        if n == 3:
            def call3(a, b, c):
                for _ in budget.it: break
                else: budget.exhausted()
                r = fast(a, b, c, env)
                return run(*r) if type(r) is tuple else r
            return call3
    if type(f) is Primitive and f.lo <= n and (f.hi < 0 or n <= f.hi):
        return f.fn
    return lambda *args: run(f, list(args))
