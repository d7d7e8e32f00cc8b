"""Hostile Python Pig strategies for the grader's fairness tests.

The sandboxed worker imports them by `pig_hostile:NAME` (the tests put this
directory on the worker's PYTHONPATH).  Each does its damage on its first
call, so whichever side it plays, the fault falls in a call of its own.
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
import time


def _hold_at_20(my_total, other_total, accum, current, state):
    return current != 1 and accum + current < 20 and my_total + accum + current < 100


def sleeper(my_total, other_total, accum, current, state):
    """Hang inside its call (no step is ever counted): only the wall clock ends it."""
    time.sleep(600)
    return False


def slow(my_total, other_total, accum, current, state):
    """Every call takes a while but returns: the match's clock runs out as one ends."""
    time.sleep(0.3)
    return _hold_at_20(my_total, other_total, accum, current, state)


def killer(my_total, other_total, accum, current, state):
    """The worker dies of SIGKILL (what the kernel's out-of-memory killer sends).

    Sent to this thread, so it lands before the call could return.
    """
    signal.pthread_kill(threading.get_ident(), signal.SIGKILL)


def segfault(my_total, other_total, accum, current, state):
    """The worker dies of SIGSEGV: a real crash, reading address 0."""
    ctypes.string_at(0)


def exiter(my_total, other_total, accum, current, state):
    """The worker process ends at once with status 3, skipping every handler."""
    os._exit(3)


def raiser(my_total, other_total, accum, current, state):
    """A plain Python exception in the strategy: its game is forfeited."""
    raise ValueError("no luck")
