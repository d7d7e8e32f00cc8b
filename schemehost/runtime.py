"""Procedures, the calling convention, tail calls and the step budget.

Calling convention of compiled code (see compiler.py):

* A compiled expression is a Python function `node(env)`, where `env` is
  the innermost frame: a Python list `[slot0, slot1, ..., parent]` whose last
  element is the enclosing frame (None at top level).
* A node in tail position may return a *tail call* instead of a value: a
  Python tuple `(procedure, args)`.  Tuples are never Scheme values, so
  `type(r) is tuple` is the whole test.  Every non-tail call site runs the
  trampoline loop until it gets a value, so the Python stack grows only with
  non-tail Scheme calls.
* Every call of a Scheme procedure (a Closure) ticks the step budget.

How each kind of procedure is called, and the trampoline, are written once
in calls.py.
"""

from __future__ import annotations

from functools import partial
from itertools import islice
from operator import call, countOf
from typing import NamedTuple

from .datatypes import NIL, cons
from .errors import Interrupted, StepLimitExceeded, scheme_error


# The steps of every chunk: a Budget's `it` is an iterator over this list, set
# (__setstate__) to hold as many of its items as the chunk has steps.
_END = 1 << 16
_STEPS = [None] * _END


def _chunk(n: int):
    """An iterator holding n <= _END steps."""
    it = iter(_STEPS)
    it.__setstate__(_END - n)
    return it


def _take_all(it) -> int:
    """Empty chunk `it` where it is (every loop holding it finds it empty) and
    return how many steps it held.  The two method calls run from map's loop
    in C, no bytecode between them, so no step of the running program falls
    between the count and the emptying (interrupt() runs on another thread)."""
    held, _ = map(call, (it.__length_hint__, partial(it.__setstate__, _END)))
    return held


class Budget:
    """Steps left before the interpreter stops the program.

    A step is counted by taking one item from `it`, an iterator over
    _STEPS holding the steps of the current chunk: a tick, in generated
    code, in the trampoline and in the primitives that call procedures, is

        for _ in B.it: break
        else: B.exhausted()

    a `for` that takes one item and stops, its `else` running when the
    chunk had none.  The iterator counts down in C: no integer is made and
    no attribute is stored per step (about 12 ns a tick less than `left -=
    1` on a slot, which allocated a new int each time), and FOR_ITER calls
    its next with no call of a builtin (about a third fewer machine
    instructions than `if next(B.it, 1):`, the form before session 29;
    generated code names the variable `_k`, which its loops do not use).
    `exhausted()` then refills the chunk from `reserve`, or raises
    StepLimitExceeded once `limit` steps have been made, or Interrupted.
    `limit` None means unlimited (an endless reserve); a chunk holds at
    most CHUNK steps.

    A loop pyfunc.py writes takes its steps as a `for` over the chunk:

        while True:
            for _ in B.it:
                ... the loop's body, `continue` for its next round ...
            else:
                B.ran_out()
                continue
            break

    (FOR_ITER takes the step, about a sixth of what the call of `next`
    costs.)  The `for` holds the chunk it started on, so a chunk is never
    swapped for another while it holds steps: it is emptied where it is
    (`_take_all`, `__setstate__`) and then replaced, and `ran_out` either
    finds the new one in `it` or refills as `exhausted` does.

    Counting: `start` is the size of the chunk when it was filled, so the
    steps used of it are `start` minus what `it` still holds (its
    `__length_hint__`), plus `debt`, the steps that found it empty and were
    refused (the one that hit the limit, an interrupted one), plus
    `charged`, the steps `charge` counted without a limit.  `held`: the
    steps an interrupt took out of the chunk, not used (cancel_interrupt
    puts them back).
    """

    __slots__ = ("it", "limit", "used_before", "reserve", "start", "debt", "charged", "interrupted", "held")

    CHUNK = _END

    def __init__(self, limit: int | None = None):
        self.used_before = 0
        self.interrupted = False
        self.held = 0
        self.it = EMPTY
        self.limit = limit
        self._fill(limit)

    def _fill(self, steps: int | None) -> None:
        """Make `steps` more calls allowed (None: unlimited), counting from now."""
        if steps is None:
            n = self.CHUNK
            self.reserve = None
        else:
            n = min(steps, self.CHUNK)
            self.reserve = steps - n
        self.start = n
        self.debt = 0
        self.charged = 0
        self.it.__setstate__(_END)  # (a loop still holding it goes on with the new one)
        self.it = _chunk(n)
        if self.interrupted:  # a request made before this chunk stops its first step
            self._take_chunk()

    @property
    def left(self) -> int:
        """Steps left in the current chunk (negative: refused steps)."""
        return self.it.__length_hint__() + self.held - self.debt - self.charged

    def set_limit(self, limit: int | None) -> None:
        self.used_before += self.used()
        self.held = 0
        self.limit = limit
        self._fill(limit)

    def used(self) -> int:
        """Calls made since the last set_limit (or refill, which banks them)."""
        return self.start - self.left

    def total_used(self) -> int:
        return self.used_before + self.used()

    def _take_chunk(self) -> None:
        """Empty `it` where it is, so that the next step lands in `exhausted`; keep
        the steps it held as `held`, not used, until exhausted settles them."""
        self.held += _take_all(self.it)

    def _settle(self) -> None:
        self.start -= self.held
        self.held = 0

    def interrupt(self) -> None:
        """Make the next tick raise Interrupted (safe to call from another thread):
        the chunk is emptied (`_take_chunk`), so the next step finds it empty."""
        self.interrupted = True
        self._take_chunk()

    def cancel_interrupt(self) -> None:
        """Drop an interrupt request no step has seen: the steps it took come back."""
        self.interrupted = False
        held = self.held
        if held:
            it = self.it
            it.__setstate__(_END - held)  # (no effect on a chunk a step found empty)
            if it.__length_hint__() == held:
                self.held = 0

    def exhausted(self, deficit: int = 1, later: bool = False):
        """`it` was empty for `deficit` steps: raise if interrupted; refill from the
        reserve, or raise at the limit.

        The refused steps are taken from the reserve when it holds them all:
        counted now, or (`later`) left in the new chunk for the caller to take."""
        self._settle()
        if self.interrupted:
            self.interrupted = False
            self.debt += deficit
            raise Interrupted("interrupted")
        if self.reserve is None or self.reserve >= deficit:
            # The steps that found the chunk empty are allowed: bank what was used, refill.
            now = 0 if later else deficit
            self.used_before += self.used() + now
            self._fill(None if self.reserve is None else self.reserve - now)
            return
        self.debt += deficit
        raise StepLimitExceeded(f"step limit of {self.limit} procedure calls exceeded")

    def ran_out(self) -> None:
        """A loop's `for _ in B.it` found its chunk empty: nothing to do if `it` is a
        newer chunk holding steps (the loop takes its step from that); else as
        `exhausted`, the allowed step left in the new chunk for the loop's `for`."""
        if not self.it.__length_hint__():
            self.exhausted(1, later=True)

    def charge(self, n: int) -> None:
        """Count `n` steps of work done inside a built-in (see `charge` below).

        Without a limit the steps are only counted (`charged`), unless an
        interrupt waits: it stops the work before it starts.  Under a
        limit they are taken from the chunk, as far as it holds them, in
        C (countOf over an islice: no step of a loop can fall between, and
        at most CHUNK items a call, a few nanoseconds each against the
        WORK_PER_STEP units of work a step stands for), the rest from
        the reserve."""
        if self.reserve is None and not self.interrupted:
            self.charged += n
            return
        if n <= 0:
            return
        # (A chunk holds at most _END steps; islice takes no stop past sys.maxsize.)
        taken = countOf(islice(self.it, n if n < _END else _END), None)
        if taken < n:
            self.exhausted(n - taken)


# In a procedure's dependencies (typespec.body_deps, value_deps): the cell of its own
# name must hold the very procedure called.
SELF = object()

# A chunk with no steps in it (a new Budget's, before its first one).
EMPTY = _chunk(0)


class _Running:
    """Which budget the program now running charges: set by Interpreter._guarded.

    Evaluation runs on one thread (interpreter.run_deep), so one slot is
    enough; a built-in called from the host outside any evaluation charges
    the unlimited budget made here.
    """

    __slots__ = ("budget",)

    def __init__(self):
        self.budget = Budget(None)


RUNNING = _Running()


# Elements of work per step (see charge).
WORK_PER_STEP = 256


# List walks look for a cycle in the one pass they make (Brent's algorithm,
# described in primitives/registry.py): windows of WALK_WINDOW pairs, then
# twice as long each time, comparing each pair with the one the window began
# at (NO_MARK before the first such).
WALK_WINDOW = 4096
NO_MARK = object()


def charge(n: int) -> None:
    """Charge the running program's budget for `n` elements of work.

    The cost model: a call of a Scheme procedure is one step, and a built-in
    whose work grows with its input counts the elements it visits or
    produces (pairs, vector slots, characters, bytes, 64-bit words of a big
    number, values printed): one step per WORK_PER_STEP (256) elements,
    rounded down per call.  So work under 256 elements is free, as it is
    for the built-ins the compiler open-codes, and a built-in's work is
    bounded by 256 elements per step charged.
    """
    if n >= WORK_PER_STEP:
        RUNNING.budget.charge(n >> 8)


def charge_pairs(a_bits: int, b_bits: int, pairs_per_step: int) -> None:
    """Charge, before it starts, big-number work that takes time in proportion
    to the product of two lengths: one step per `pairs_per_step` pairs of
    64-bit words, one word of `a_bits` and one of `b_bits`.

    Division, gcd and writing decimal digits grow so (numbers.py and
    printer.py give the measured rates); charged by the length of what they
    make alone, a long division of two million-bit numbers took seconds for
    a few steps."""
    pairs = (a_bits >> 6) * (b_bits >> 6)
    if pairs >= pairs_per_step:
        charge(pairs // pairs_per_step << 8)


class Procedure:
    """Base class of everything `procedure?` accepts."""

    __slots__ = ()
    name = "procedure"


class ClosureParts(NamedTuple):
    """What a lambda expression's node stores in each Closure it makes (its
    `parts`, read by pyfunc.Emitter.node_value to make them in line): the
    fields but `env`, and the compiler.Tier whose `body` and `fast` they take
    once the lambda is written (None: `body` and `fast` are these)."""

    tier: object
    body: object
    fast: object
    nreq: int
    rest: bool
    nparams: int
    pad: list
    name: object
    span: object
    fk: int


# A Closure's `fk` when it has a fast entry and takes a rest list after `nreq` required
# parameters: REST_KEY - nreq, never an argument count; the entry takes the required
# arguments, the rest list and the environment (a message-passing object's
# `(lambda (message . args) ...)`, entered from a call site: calls.call_site).
REST_KEY = -3


def fast_key(nreq: int, rest: bool, fast) -> int:
    """A Closure's `fk` (see Closure)."""
    if fast is None:
        return -2
    return REST_KEY - nreq if rest else nreq


class Closure(Procedure):
    """A procedure made by `lambda`.

    `nparams` is the number of required parameters, or -1 when the closure
    takes a rest argument (so the fast path `len(args) == nparams` only ever
    matches exact fixed-arity calls).  A call through `body` takes a frame:
    the arguments, then `pad` (one UNASSIGNED slot per internal definition,
    the lambda's one list, shared by its closures), then `env`, the closure's
    environment.  (The frame's tail was a list made per closure, `pad +
    [env]`, which a closure made in a loop paid for whether or not anything
    called its body: 0.974 of closures' instructions without it.)

    A closure whose lambda was compiled to one Python function (pyfunc.py)
    also has `fast(arg..., env)`, which takes the arguments as Python
    arguments and `env` as its environment; `fk` is the argument count
    `fast` takes directly (-2 when there is no such entry; fast_key for a rest
    list), so a call site with n arguments tests `f.fk == n` alone.
    """

    __slots__ = ("body", "nparams", "nreq", "rest", "pad", "name", "span", "fast", "fk", "env")

    @staticmethod
    def maker(body, nreq, rest, pad, name, span, fast=None):
        """make(env): a new Closure of these fields in environment `env`, as make_closure
        would make it, its stores in line (a lambda expression runs this)."""
        nparams = -1 if rest else nreq
        fk = fast_key(nreq, rest, fast)

        def make(env):
            c = new_closure()
            c.body = body
            c.nreq = nreq
            c.rest = rest
            c.nparams = nparams
            c.pad = pad
            c.name = name
            c.span = span
            c.fast = fast
            c.fk = fk
            c.env = env
            return c

        # (pyfunc.Emitter.node_value writes this in line.)
        make.parts = ClosureParts(None, body, fast, nreq, rest, nparams, pad, name, span, fk)
        return make

    def fix_args(self, args: list) -> list:
        """Return `args` shaped for this closure's frame, or raise an arity error."""
        n = self.nreq
        k = len(args)
        if self.rest and k >= n:
            rest = NIL
            while k > n:
                k -= 1
                rest = cons(args[k], rest)
            del args[n:]
            args.append(rest)
            return args
        raise arity_error(self, len(args))

    def arity_text(self) -> str:
        if self.rest:
            return f"at least {self.nreq}"
        return str(self.nreq)


class KnownLambda:
    """What generated code binds the slot of a lambda that is only ever called
    (ir.known_lambda) to, in place of a Closure: one per lambda expression.

    Its calls go straight to the lambda's Python function, with the slot's frame
    as the environment; any other code that reads the slot (the closure compiler,
    the first calls' walk, a generic call path) makes the Closure the definition
    would have made from it: `closure(frame)`, `frame` the one holding the slot."""

    __slots__ = ("make", "name", "fast")

    def __init__(self, make):
        self.make = make  # the lambda expression's maker: make(env) -> Closure
        self.name = None  # the slot's name, given to a closure made without one (as ir.Named gives it)
        # fast(arg..., frame), as a Closure's: the lambda's Python function once it has
        # one (compiler.Tier.switch stores it), its first calls until then.
        parts = make.parts
        self.fast = parts.fast if parts.fast is not None else self.first_call

    def closure(self, frame) -> Closure:
        c = self.make(frame)
        if c.name is None:
            c.name = self.name
        return c

    def first_call(self, *args):
        """A call before the lambda is written (`args` its arguments, then the slot's
        frame): the body of a closure made for it, on a frame of them, as a closure's
        call runs it (its value, or a tail call's (procedure, args) for the caller to run);
        it counts towards the lambda's switch to its function (compiler.Tier)."""
        c = self.closure(args[-1])
        return c.body([*args[:-1], *c.pad, c.env])


# A Closure whose fields are still to be stored.  Closure has no __init__, so
# calling the class makes an empty one: cheaper than object.__new__ bound in a
# partial (datatypes.new_pair's way), a lambda expression run costing 2.7-3.3%
# fewer instructions over cps, church and closures (benchmarks.instructions).
new_closure = Closure


def make_closure(body, nreq, rest, pad, name, span, fast=None, env=None) -> Closure:
    """A Closure of these fields (`nparams` and `fk` follow from them)."""
    c = Closure()
    c.body = body
    c.nreq = nreq
    c.rest = rest
    c.nparams = -1 if rest else nreq
    c.pad = pad
    c.name = name
    c.span = span
    c.fast = fast
    c.fk = fast_key(nreq, rest, fast)
    c.env = env
    return c


class Primitive(Procedure):
    """A procedure written in Python.  `hi` is -1 when variadic.

    A primitive with `tail=True` (apply, call/cc's callee, ...) may return a
    tail call tuple; its class is TailPrimitive so the call sites tell them
    apart by type alone.  `inline` is None or the OpenCode by which
    generated code may write a call of it in line: given, or else the
    function's own attribute `inline` (a factory-made primitive's).
    """

    __slots__ = ("name", "fn", "lo", "hi", "inline")

    def __init__(self, name, fn, lo, hi, inline=None):
        self.name = name
        self.fn = fn
        self.lo = lo
        self.hi = hi
        self.inline = inline if inline is not None else getattr(fn, "inline", None)

    def arity_text(self) -> str:
        if self.hi == -1:
            return f"at least {self.lo}"
        if self.lo == self.hi:
            return str(self.lo)
        return f"{self.lo} to {self.hi}"

    def check_arity(self, n: int) -> None:
        if n < self.lo or (self.hi != -1 and n > self.hi):
            raise arity_error(self, n)


class TailPrimitive(Primitive):
    __slots__ = ()


class CaseLambda(Procedure):
    """A procedure made by case-lambda: the first clause whose arity fits runs.

    Its clauses are Closures.  The trampoline (calls.run) enters the clause
    `clause(n)` picks as it would a Closure; a direct call site of a global
    holding one is bound to that clause's fast entry (calls.DirectCalls)."""

    __slots__ = ("clauses", "name")

    def __init__(self, clauses, name=None):
        self.clauses = clauses
        self.name = name

    def clause(self, n: int):
        """The first clause that takes `n` arguments, or None."""
        for c in self.clauses:
            if n == c.nreq or (c.rest and n >= c.nreq):
                return c
        return None

    def invoke(self, interp, args):
        c = self.clause(len(args))
        if c is None:
            raise scheme_error(f"{self.name or 'case-lambda'}: no clause accepts {len(args)} arguments")
        return (c, args)


class OpenCode:
    """How generated code (pyfunc.py) may write a call of a Primitive made
    while a program runs (a record type's constructor, predicate, accessors
    and modifiers) in line, as inline.py's tables do for the standard
    procedures: while the global still holds that primitive and `guard`
    holds, `expr` is the call's value; otherwise the call is made as any
    other, which gives the ordinary errors.

    `guard` and `expr` are Python text over the operands x, y, z (`nargs`
    of them: a call with another count is an ordinary call) and `{0}`,
    `{1}`, ... for `values`;
    `effect` is the statement written when the value is not wanted (or
    None); `boolean` says `expr` is a Python bool (an `if` tests it as is).
    The guard must rule out every error, and `expr` give exactly what the
    primitive's function would.
    """

    __slots__ = ("nargs", "guard", "expr", "effect", "values", "boolean")

    def __init__(self, nargs: int, guard: str, expr: str, values: tuple, effect: str | None = None,
                 boolean: bool = False):
        self.nargs = nargs
        self.guard = guard
        self.expr = expr
        self.values = values
        self.effect = effect
        self.boolean = boolean


class Continuation(Procedure):
    """A one-shot continuation made by call/cc (see continuations.py).

    `home` is the greenlet waiting inside call/cc for the value, `winders`
    the dynamic-wind extent to re-enter, `waiting` false once used.  Made
    as `Continuation()` with the three fields set after: a class without
    __init__ is made without a Python frame (an early exit makes one per
    search).
    """

    __slots__ = ("home", "winders", "waiting", "__weakref__")
    name = "continuation"


class Parameter(Procedure):
    """A parameter object from make-parameter; calling it returns its value."""

    __slots__ = ("value", "converter", "name")

    def __init__(self, value, converter):
        self.value = value
        self.converter = converter
        self.name = "parameter"


def arity_error(proc, nargs: int):
    name = getattr(proc, "name", None) or "anonymous procedure"
    text = proc.arity_text()
    plural = "" if text == "1" or text == "at least 1" else "s"
    return scheme_error(f"{name}: expects {text} argument{plural}, given {nargs}")
