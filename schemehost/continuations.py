"""One-shot re-entrant continuations, each `call/cc` body on its own greenlet.

The interpreter runs Scheme on the Python stack, so a continuation is a
piece of that stack.  `call/cc` keeps the piece alive by running its
procedure on a new greenlet while the caller (the continuation's *home*)
waits inside `call/cc`.  Calling the continuation hands a value to the
waiting home, from anywhere: from inside the body (an escape), from another
greenlet long after (resuming a generator or a coroutine), or from the
top level.  Each continuation resumes its home once: `call/cc` returning,
by a normal return of the body or by a call of the continuation, uses it,
and a second resumption is an error.  Multi-shot re-entry (returning into
the same `call/cc` twice) would need every frame on the heap; README says
why that is not done.

How control moves:

* A greenlet that calls a continuation unwinds its own stack with
  `ContinuationInvoked` (no live continuation refers to a running greenlet's
  frames), and at its bottom hands the value over and ends.  The thread's
  main greenlet cannot end, so it switches to the home directly and waits
  there for an error, the only thing that can come back to it.
* An error nobody on a greenlet catches goes to the home of that greenlet's
  own continuation while it waits (so handlers around the `call/cc` see it),
  else to the main greenlet.
* `dynamic-wind` keeps a winders list per greenlet; calling a continuation
  runs the `after` thunks out of the current extent and the `before` thunks
  into the continuation's, as R7RS 6.10 says.  `parameterize` and the
  `with-output-to-...` procedures bind through the same list.

The handler and winders lists live on the interpreter and are swapped at
every switch: each greenlet has its own pair, so frames unwinding on a
greenlet the garbage collector reclaims (greenlet throws GreenletExit into
it) touch only that greenlet's lists.
"""

from __future__ import annotations

import sys
import threading
from weakref import ref

from greenlet import GreenletExit, getcurrent, greenlet

from .datatypes import MultipleValues
from .errors import ContinuationInvoked, SchemeError, scheme_error
from .runtime import Continuation, Procedure

_VALUE = 0
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


def call_cc(interp, f):
    """(call/cc f): run f on another greenlet while this one waits for the value."""
    handlers = interp.handlers
    winders = interp.winders
    home = getcurrent()
    level = getattr(home, "level", 0) + 1
    if level > MAX_NESTING:
        raise RecursionError("call/cc nested too deeply")
    # Only the worker may hold k strongly: greenlet frames are invisible to
    # Python's cycle collector, so a k held here would keep this greenlet,
    # waiting for it, alive after the program drops k.
    k = Continuation(home, tuple(winders))
    mark = ref(k)
    job = [interp, f, k]
    del k, home
    pool = _idle.pools.get(level, ())
    if pool:
        worker = pool.pop()
    else:
        worker = greenlet(_worker_main)
        worker.level = level
        # A greenlet keeps the recursion depth it started at, so only one
        # born near the bottom of its stack may serve later calls from a pool.
        worker.poolable = _shallow()
    tag, value = worker.switch(job)
    k = mark()
    if k is not None:
        k.waiting = False
    interp.handlers = handlers
    interp.winders = winders
    if tag is _ERROR:
        raise value
    return value


def _worker_main(job):
    """Run call/cc bodies; between jobs a worker may idle in its level's pool."""
    while True:
        interp, f, k = job
        job.clear()
        target, message = _run_body(interp, f, k)
        job = interp = f = k = None
        me = getcurrent()
        if me.poolable:
            pool = _idle.pools.setdefault(me.level, [])
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


def _run_body(interp, f, k):
    """Apply f to k here; return (greenlet to resume, message for it)."""
    interp.handlers = list(interp.handlers)
    interp.winders = list(interp.winders)
    try:
        value = interp.apply(f, [k])
        target = k
    except ContinuationInvoked as c:
        target, value = c.continuation, c.value
    except GreenletExit:
        raise
    except BaseException as exc:
        return _error_home(k), (_ERROR, exc)
    if not usable(target):
        return _error_home(k), (_ERROR, scheme_error(REENTRY_MESSAGE))
    target.waiting = False
    return target.home, (_VALUE, value)


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


def invoke(interp, k, args: list):
    """Call continuation `k` with `args`: rewind the dynamic extent, then resume its home."""
    if not (k.waiting and not k.home.dead):
        raise scheme_error(REENTRY_MESSAGE)
    value = args[0] if len(args) == 1 else MultipleValues(args)
    if interp.winders or k.winders:
        rewind(interp, k.winders)
    me = getcurrent()
    if me.parent is not None:
        raise ContinuationInvoked(k, value)
    handlers = interp.handlers
    winders = interp.winders
    k.waiting = False
    tag, payload = k.home.switch((_VALUE, value))
    interp.handlers = handlers
    interp.winders = winders
    if tag is _ERROR:
        raise payload
    return payload


def run_thunk(interp, thunk) -> None:
    if isinstance(thunk, Procedure):
        interp.apply(thunk, [])
    else:
        thunk()


def rewind(interp, target: tuple) -> None:
    """Leave the current dynamic extent for `target`'s: afters inside out, befores outside in."""
    current = interp.winders
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


__all__ = ["bind", "call_cc", "invoke", "rewind", "wind", "run_thunk", "usable", "REENTRY_MESSAGE"]
