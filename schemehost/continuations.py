"""One-shot re-entrant continuations: escapes on the stack, the rest on greenlets.

The interpreter runs Scheme on the Python stack, so a continuation is a
piece of that stack: the frames below its `call/cc`, on one greenlet, the
continuation's *home*.  Each continuation resumes its home once: `call/cc`
returning, by a normal return of the receiver or by a call of the
continuation, uses it, and a second resumption is an error.  Multi-shot
re-entry (returning into the same `call/cc` twice) would need every frame on
the heap; README says why that is not done.

Two ways to run the receiver:

* An *escape-only* receiver, a one-parameter lambda whose parameter is
  only called while the receiver runs, `(lambda (k) ... (k v) ...)`, also
  from a lambda given to for-each, map, with-exception-handler and the
  like (`only_called`; compiler.py marks such lambdas with `note_lambda`),
  runs right here, on the caller's greenlet.  Calling k from inside its extent raises ContinuationInvoked,
  which this call/cc's frame catches: no greenlet, no switch.  Most call/cc
  in programs is this (early exits from loops, searches).
* Any other receiver, one that may keep k (`(set! return k)`, `(f k)`,
  `(set! resume (lambda () (k #f)))`), runs
  on a new greenlet while the caller waits inside `call/cc`, so that the
  receiver's frames survive an escape out of them and can be resumed later:
  generators, coroutines.  Calling k hands a value to the waiting home from
  anywhere, long after, from another greenlet or from the top level.

How control moves when k is called:

* If k's call/cc frame is on the running greenlet, ContinuationInvoked
  unwinds to it.
* Otherwise a greenlet with no call/cc frame of its own still live ends:
  ContinuationInvoked unwinds it and its bottom hands the value to k's home.
  The thread's main greenlet, which cannot end, and a greenlet holding live
  escape-only call/cc frames (a continuation may still resume them) switch
  to k's home directly and wait there, suspended, until a continuation
  whose frame they hold is called (or, on the main greenlet, an error comes).
* The home takes the message where it waits, inside a call/cc or inside a
  continuation call, and raises ContinuationInvoked there when the target
  frame is further down.
* A continuation whose frame an escape unwinds without being its target is
  used up (called later, the one-shot error).  If the program still holds it
  once the escape is over, it may have meant to resume it (only_called
  cannot see every way to keep one: an exception handler escaping out of a
  generator's extent, a macro): that receiver's lambda is then run on a
  greenlet from then on.  Its first kept continuation is lost; README says so.
* An error nobody on a greenlet catches goes to the home of that greenlet's
  own continuation while it waits (so handlers around the `call/cc` see it),
  else to the main greenlet.
* `dynamic-wind` keeps a winders list per greenlet; calling a continuation
  runs the `after` thunks out of the current extent and the `before` thunks
  into the continuation's, as R7RS 6.10 says.  `parameterize` and the
  `with-output-to-...` procedures bind through the same list.

The handler and winders lists, and `cc_level` (how many call/cc frames are
live on this greenlet and the ones below it, to bound nesting), live on the
interpreter and are swapped at every switch: each greenlet has its own, so
frames unwinding on a greenlet the garbage collector reclaims (greenlet
throws GreenletExit into it) touch only that greenlet's lists.
"""

from __future__ import annotations

import sys
import threading
from weakref import ref

from greenlet import GreenletExit, getcurrent, greenlet

from .datatypes import NIL, Pair, Symbol, list_to_scheme, new_values, sym
from .errors import ContinuationInvoked, SchemeError, scheme_error
from .identifiers import Alias, base_symbol, mentions
from .runtime import Closure, Continuation, Procedure

_ESCAPE = 0
_ERROR = 1
# One idle worker per nesting level is kept for reuse (a new greenlet costs
# more than the switches).  Not more: an idle worker holds the greenlet it
# last resumed, and with several idle ones such references chain into
# stranded greenlets that greenlet's collector cannot see (measured: 8 idle
# first-level workers kept ~30 dead generators alive across a loop; 1 keeps
# none).
_POOL_SIZE = 1
# Each call/cc nested inside another's body starts a greenlet on top of the
# one below: C stack on the 1 GiB evaluation thread, and switches that slow
# down as the chain grows (8,000 levels take about 4 s).
MAX_NESTING = 10_000
_SHALLOW_FRAMES = 200


class _Idle(threading.local):
    """Per thread (greenlets never switch across threads): idle workers by level."""

    def __init__(self):
        self.pools = {}


_idle = _Idle()

REENTRY_MESSAGE = (
    "continuation called after it was used: schemehost continuations are one-shot "
    "(a call/cc that has returned cannot return again)"
)


# How many datums `only_called` looks at before it gives up (answers no).
_WALK_LIMIT = 20_000

# Forms that make a procedure or a promise which the program may keep and
# run after the continuation's extent, or store a value: k inside one of
# them is a continuation that may be kept.
_KEEPING_FORMS = frozenset({
    "lambda", "case-lambda", "delay", "delay-force", "define", "define-values", "set!",
})
# Built-ins that call a procedure argument while they run and keep no
# reference to it: a lambda written as their argument may call k.
_CALLS_NOW = frozenset({
    "for-each", "map", "vector-for-each", "vector-map", "string-for-each", "string-map",
    "with-exception-handler", "dynamic-wind", "call-with-values", "apply",
    "filter", "remove", "partition", "reduce", "fold", "fold-left", "fold-right",
    "find", "find-tail", "any", "every", "count", "filter-map", "append-map", "delete",
    "assoc", "member", "sort", "list-sort", "vector-sort", "sort!", "vector-sort!",
    "call-with-output-string", "with-output-to-string", "call-with-port",
})
_CALL_CC = frozenset({"call/cc", "call-with-current-continuation", "call-with-escape-continuation"})
_BEGIN = sym("begin")


def note_lambda(body, param, forms) -> None:
    """Mark `body`, a compiled one-parameter lambda's, as an escape-only call/cc receiver if it is one.

    `forms` is the lambda's body as written (macros not expanded).  A
    receiver whose continuation is only ever called, while the receiver
    runs, runs on the caller's greenlet (see call_cc_procedure).
    """
    if only_called(param, forms):
        body.escape_only = True


def _name(x):
    """The name of identifier `x`, or None for anything else."""
    if type(x) is Symbol:
        return x.name
    if type(x) is Alias:
        return x.name
    return None


def only_called(param, forms, budget=None) -> bool:
    """Is identifier `param` only called in `forms`, and only while they run?

    Yes when every occurrence of the name is the operator of a form, either
    directly or inside a lambda given to a built-in that calls it at once
    (for-each, map, with-exception-handler, dynamic-wind, ...; _CALLS_NOW)
    or to a nested call/cc whose own parameter passes this test.  No for
    any other use: `(set! saved k)`, `(f k)`, `k` returned, and k inside a
    lambda, a promise, a definition or an assignment that could keep it for
    later, as in `(set! resume (lambda () (k #f)))` or `(enqueue! (lambda ()
    (k #f)))`: a generator's or a coroutine's continuation.  Deliberately
    coarse otherwise: any identifier of the same name counts, quoted or
    shadowed.  It cannot see a macro that takes `(k x)` apart and stores `k`
    or a redefined for-each that keeps its argument; callcc copes with such
    a receiver when it meets it.
    """
    name = base_symbol(param).name
    budget = budget if budget is not None else [_WALK_LIMIT]
    stack = list(forms)
    while stack:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        x = stack.pop()
        t = type(x)
        if t is Pair:
            args = _elements(x.cdr, stack, budget)
            head = _name(x.car)
            if head == name:
                continue
            if head in _KEEPING_FORMS:
                del stack[len(stack) - args:]
                if mentions(x.cdr, (name,), budget):
                    return False
                continue
            if head in _CALLS_NOW or head in _CALL_CC:
                for i in range(len(stack) - args, len(stack)):
                    lam = stack[i]
                    if type(lam) is Pair and _name(lam.car) == "lambda" and type(lam.cdr) is Pair:
                        inner = lam.cdr.car
                        body = []
                        _elements(lam.cdr.cdr, body, budget)
                        if head in _CALL_CC and not (
                            type(inner) is Pair and inner.cdr is NIL and _name(inner.car) is not None
                            and only_called(inner.car, body, budget)
                        ):
                            continue  # a receiver that may keep its own k: a lambda like any other
                        # Called at once: its body is walked as if written here.
                        stack[i] = list_to_scheme([_BEGIN] + body)
            if head is None:
                stack.append(x.car)
        elif t is Symbol or t is Alias:
            if _name(x) == name:
                return False
        elif t is list:
            stack.extend(x)
            budget[0] -= len(x)
    return True


def _elements(p, out: list, budget) -> int:
    """Append the elements of list `p` (and a dotted tail) to `out`; return how many."""
    n = 0
    while type(p) is Pair:
        out.append(p.car)
        p = p.cdr
        n += 1
    if p is not NIL:
        out.append(p)
        n += 1
    budget[0] -= n
    return n


def call_cc_procedure(interp):
    """Return `callcc(f)`, (call/cc f) in `interp`: run f here if it only escapes, else on another greenlet."""
    budget = interp.budget
    apply = interp.apply

    enter = inline_frame(interp)[0]

    def callcc(f):
        if not (type(f) is Closure and f.nparams == 1 and getattr(f.body, "escape_only", False)):
            level = interp.cc_level + 1
            if level > MAX_NESTING:
                raise RecursionError("call/cc nested too deeply")
            return _call_cc_greenlet(interp, f, level)
        # An escape-only receiver runs on this greenlet; calling its
        # continuation from inside raises ContinuationInvoked, caught here.
        k, (level, handlers, nh, winders, nw) = enter()
        try:
            if f.fk == 1:
                # As the trampoline enters a closure: one step, then its fast entry.
                for _ in budget.it: break
                else: budget.exhausted()
                value = f.fast(k, f.env)
                if type(value) is tuple:
                    # The receiver's tail call; of k itself (a loop's exit,
                    # say) it is this call/cc's value: no need to raise.
                    if value[0] is k:
                        args = value[1]
                        if nw or interp.winders or len(args) != 1:
                            value = arrival(interp, k, args)
                        else:
                            value = args[0]
                    else:
                        value = apply(*value)
            else:
                value = apply(f, [k])
        except ContinuationInvoked as c:
            interp.cc_level = level - 1
            k.waiting = False
            if c.continuation is not k:
                # An escape to a call/cc further out uses this one up.
                if c.killed is None:
                    c.killed = [ref(k)]
                else:
                    c.killed.append(ref(k))
                raise
            value = c.value
            killed = c.killed
        except GreenletExit:
            # The garbage collector ends this greenlet: nothing here is shared.
            k.waiting = False
            raise
        except BaseException:
            interp.cc_level = level - 1
            k.waiting = False
            # What the body left behind (after thunks a limit stopped) goes
            # with it, as it did with the body's own lists on a greenlet.
            if len(handlers) > nh:
                del handlers[nh:]
            if len(winders) > nw:
                del winders[nw:]
            raise
        else:
            interp.cc_level = level - 1
            k.waiting = False
            return value
        # The frames the escape left are gone now (the exception with them).
        # A continuation it used up that the program still holds may be one
        # it meant to resume (a generator's): that needs this receiver's
        # frames on a greenlet of their own, so from now on they get one.
        if killed and any(r() is not None for r in killed):
            f.body.escape_only = False
        return value

    return callcc


def inline_frame(interp):
    """Return (enter, caught, failed, throw, held): what a call/cc pyfunc.py writes
    in line does where callcc runs an escape-only receiver (the same steps, the
    same order), the receiver's body being written in the calling function.

    `k, state = enter()` makes the continuation; the body runs in a try whose
    `except ContinuationInvoked as c` calls `caught(k, state, c)`: false when
    the escape is another continuation's (k is used up: the handler clears its
    k and re-raises), else the value is `c.value` and `c.killed` is kept for
    after the try statement; its other exceptions call `failed(k, state, exc)`
    before going on, and its normal end (or the body's own escape) is written in
    line: the nesting level back to `state[0] - 1` and `k.waiting` false, as
    callcc's normal return does (two stores: written out, not a call).  After the try
    statement, `held(killed, site)`: `site` is the call's one-element list, set
    false when a continuation the escape used up is still held (callcc's
    withdrawal of `escape_only`), so that the call goes to the procedure from
    then on.  That is asked only once the handler is over, as callcc asks it:
    while the exception lives, its traceback holds the frames the escape left,
    and they hold the continuations it used up.  `throw(k, value)` is a tail
    call of k in the body.
    """

    # (light_enter's steps written again here: a call of it costs an in-line call/cc
    # with its continuation a fifth more, measured.)
    def enter():
        level = interp.cc_level + 1
        if level > MAX_NESTING:
            raise RecursionError("call/cc nested too deeply")
        handlers = interp.handlers
        winders = interp.winders
        nw = len(winders)
        k = Continuation()
        k.home = getcurrent()
        k.winders = tuple(winders) if nw else ()
        k.waiting = True
        interp.cc_level = level
        return k, (level, handlers, len(handlers), winders, nw)

    def caught(k, state, c) -> bool:
        interp.cc_level = state[0] - 1
        k.waiting = False
        if c.continuation is not k:
            if c.killed is None:
                c.killed = [ref(k)]
            else:
                c.killed.append(ref(k))
            return False
        return True

    def held(killed, site) -> None:
        if any(r() is not None for r in killed):
            site[0] = False

    def failed(k, state, exc):
        """(k None: light_enter's call/cc, which made no continuation.)"""
        if k is not None:
            k.waiting = False
        if isinstance(exc, GreenletExit):
            return
        level, handlers, nh, winders, nw = state
        interp.cc_level = level - 1
        if len(handlers) > nh:
            del handlers[nh:]
        if len(winders) > nw:
            del winders[nw:]

    def throw(k, value):
        """(k value) in tail position of the body: `invoke`, with its common case first."""
        if k.waiting and not interp.winders and not k.winders and k.home is getcurrent():
            raise ContinuationInvoked(k, value)
        invoke(interp, k, [value])

    return enter, caught, failed, throw, held


def light_enter(interp):
    """Return enter() for an in-line call/cc whose body never uses its continuation but in
    escapes from the body's own tail positions, which are the body's value
    (pyfunc.Emitter.light_callcc): inline_frame's `enter` without the continuation,
    the state alone (nesting level, handler and winder lists and their lengths)."""

    def enter():
        level = interp.cc_level + 1
        if level > MAX_NESTING:
            raise RecursionError("call/cc nested too deeply")
        handlers = interp.handlers
        winders = interp.winders
        interp.cc_level = level
        return level, handlers, len(handlers), winders, len(winders)

    return enter


def _call_cc_greenlet(interp, f, level):
    """(call/cc f) with f on another greenlet while this one waits for the value."""
    handlers = interp.handlers
    winders = interp.winders
    # Only the worker may hold k strongly: greenlet frames are invisible to
    # Python's cycle collector, so a k held here would keep this greenlet,
    # waiting for it, alive after the program drops k.
    k = Continuation()
    k.home = getcurrent()
    k.winders = tuple(winders) if winders else ()
    k.waiting = True
    mark = ref(k)
    job = [interp, f, k, level]
    del k
    pool = _idle.pools.get(level, ())
    if pool:
        worker = pool.pop()
    else:
        worker = greenlet(_worker_main)
        worker.level = level
        # A greenlet keeps the recursion depth it started at, so only one
        # born near the bottom of its stack may serve later calls from a pool.
        worker.poolable = _shallow()
    tag, payload = worker.switch(job)
    interp.handlers = handlers
    interp.winders = winders
    interp.cc_level = level - 1
    k = mark()
    if k is not None:
        k.waiting = False
    if tag is _ERROR:
        raise payload
    target, value = payload
    if target is k:
        return value
    # A continuation made below this one on this greenlet: leave this extent.
    winders[:] = target.winders
    exc = ContinuationInvoked(target, value)
    exc.killed = [mark]
    raise exc


def _worker_main(job):
    """Run call/cc bodies; between jobs a worker may idle in its level's pool."""
    while True:
        interp, f, k, level = job
        job.clear()
        target, message = _run_body(interp, f, k, level)
        job = interp = f = k = None
        me = getcurrent()
        if me.poolable:
            pools = _idle.pools
            pool = pools.get(me.level)
            if pool is None:
                pool = pools[me.level] = []
            if len(pool) < _POOL_SIZE:
                pool.append(me)
                me = None
                job = target.switch(message)
                continue
        try:
            me.parent = target
        except ValueError:
            # `target` descends from this greenlet: switch there and stay
            # suspended until the garbage collector ends this one.
            target.switch(message)
            raise AssertionError("a finished call/cc worker was resumed") from None
        return message


def _run_body(interp, f, k, level):
    """Apply f to k here; return (greenlet to resume, message for it)."""
    handlers = interp.handlers
    winders = interp.winders
    interp.handlers = handlers[:] if handlers else []
    interp.winders = winders[:] if winders else []
    interp.cc_level = level
    try:
        target, value = interp.run_at_bottom(f, [k])
        if target is None:
            target = k
        elif target.home is not getcurrent() and interp.cc_level == level:
            # invoke's case of a greenlet with nothing to resume, met at its bottom:
            # the value handed over without raising it through the frames above.
            value = leaving_for(interp, target, value)
        else:
            invoke(interp, target, value)  # (raises, or waits and raises, as the call would)
    except ContinuationInvoked as c:
        target, value = c.continuation, c.value
    except GreenletExit:
        raise
    except BaseException as exc:
        return _error_home(k), (_ERROR, exc)
    if not usable(target):
        return _error_home(k), (_ERROR, scheme_error(REENTRY_MESSAGE))
    target.waiting = False
    return target.home, (_ESCAPE, (target, value))


def _shallow() -> bool:
    try:
        sys._getframe(_SHALLOW_FRAMES)
    except ValueError:
        return True
    return False


def _error_home(k):
    if usable(k):
        k.waiting = False
        return k.home
    return _main_greenlet()


def usable(k) -> bool:
    return k.waiting and not k.home.dead


def _main_greenlet():
    g = getcurrent()
    while g.parent is not None:
        g = g.parent
    return g


def arrival(interp, k, args: list):
    """The value `k` is called with, after leaving for k's dynamic extent (rewind)."""
    value = args[0] if len(args) == 1 else new_values(args)
    if interp.winders or k.winders:
        rewind(interp, k.winders)
    return value


def leaving_for(interp, k, args: list):
    """The value continuation `k` is called with, once the call is known to be one it
    can take (else the re-entry error) and the dynamic extent is rewound for it."""
    if not (k.waiting and not k.home.dead):
        raise scheme_error(REENTRY_MESSAGE)
    if len(args) == 1 and not interp.winders and not k.winders:
        return args[0]  # arrival's answer, with no extent to leave or enter
    return arrival(interp, k, args)


def invoke(interp, k, args: list):
    """Call continuation `k` with `args`: rewind the dynamic extent, then resume its home."""
    value = leaving_for(interp, k, args)
    me = getcurrent()
    home = k.home
    if home is me:
        # Its call/cc is below on this stack: unwind to it.
        raise ContinuationInvoked(k, value)
    if me.parent is not None and interp.cc_level == me.level:
        # Nothing on this greenlet can be resumed: end it, and its bottom
        # hands the value over.
        raise ContinuationInvoked(k, value)
    # The main greenlet, or one holding call/cc frames run here that a
    # continuation may still resume: wait, suspended, for such a call (or
    # an error the main greenlet must take).
    handlers = interp.handlers
    winders = interp.winders
    level = interp.cc_level
    k.waiting = False
    tag, payload = home.switch((_ESCAPE, (k, value)))
    interp.handlers = handlers
    interp.winders = winders
    interp.cc_level = level
    if tag is _ERROR:
        raise payload
    target, value = payload
    winders[:] = target.winders
    raise ContinuationInvoked(target, value)


def run_thunk(interp, thunk) -> None:
    if isinstance(thunk, Procedure):
        interp.apply(thunk, [])
    else:
        thunk()


def rewind(interp, target: tuple) -> None:
    """Leave the current dynamic extent for `target`'s: afters inside out, befores outside in."""
    current = interp.winders
    if not current and not target:  # (no extent to leave or enter: a guard's usual case)
        return
    common = 0
    limit = min(len(current), len(target))
    while common < limit and current[common] is target[common]:
        common += 1
    while len(current) > common:
        _before, after = current.pop()
        run_thunk(interp, after)
    for entry in target[common:]:
        run_thunk(interp, entry[0])
        current.append(entry)


def wind(interp, before, thunk, after, call):
    """Run `call(thunk)` inside a dynamic-wind extent with entry (before, after).

    `before` has already run.  The `after` thunk runs when the body returns or
    an error leaves it; a continuation call leaving it runs `after` itself
    (through `rewind`), so it is not run twice.
    """
    winders = interp.winders
    entry = (before, after)
    winders.append(entry)
    depth = len(winders)
    try:
        result = call(thunk)
    except SchemeError:
        if len(winders) >= depth and winders[depth - 1] is entry:
            del winders[depth - 1 :]
            run_thunk(interp, after)
        raise
    except (Exception, KeyboardInterrupt):
        # A limit, an interrupt or a bug in schemehost: no Scheme `after` may
        # run now, but a parameter binding (a Python `after`) is undone, so a
        # REPL goes on with its own ports.
        if not isinstance(after, Procedure) and len(winders) >= depth and winders[depth - 1] is entry:
            del winders[depth - 1 :]
            after()
        raise
    del winders[depth - 1 :]
    run_thunk(interp, after)
    return result


def bind(interp, bindings: list, thunk, call):
    """Run `call(thunk)` with each (parameter, value) of `bindings` in force.

    The parameters take their values on entry and on every re-entry by a
    continuation, and get back the ones they had when the extent is left:
    parameterize and the with-output-to-... procedures.
    """
    saved = [(p, p.value) for p, _ in bindings]

    def enter():
        for p, v in bindings:
            p.value = v

    def leave():
        for p, old in saved:
            p.value = old

    enter()
    return wind(interp, enter, thunk, leave, call)


__all__ = ["bind", "call_cc_procedure", "inline_frame", "invoke", "light_enter", "note_lambda", "only_called", "rewind", "wind", "run_thunk", "usable", "REENTRY_MESSAGE"]
