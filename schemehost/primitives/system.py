"""The host's services: random numbers, `require`, time, the process context."""

from __future__ import annotations

import math
import time
from fractions import Fraction

from ..datatypes import NIL, UNSPECIFIED, MString, Symbol, cons, new_string
from .registry import STRING, ANY, checked_in_body, named, needs_interp, primitive, scheme_error, type_error

# random takes an exact integer, a Fraction or a finite float above 0, each checked its own way.
POSITIVE_NUMBER = checked_in_body("positive number", "a positive number")
# require takes a symbol or, as SLIB does, a string.
FEATURE = checked_in_body("feature", "symbol")

# Features `(require 'x)` accepts: SLIB names the classic programs use.
REQUIRE_FEATURES = {"random", "format", "sort", "srfi-1", "string", "char", "pretty-print", "trace"}


@primitive("void")
def void(*args):
    return UNSPECIFIED


@primitive("current-jiffy")
def current_jiffy():
    return time.perf_counter_ns() // 1000


@primitive("jiffies-per-second")
def jiffies_per_second():
    return 1_000_000


@primitive("current-second")
def current_second():
    return time.time()


@needs_interp
def _system(interp, define):
    scheme = named(define)
    rng = interp.rng

    @scheme("random", args=(POSITIVE_NUMBER, ANY))
    def random(n, state=None):
        t = type(n)
        if t is int:
            if n <= 0:
                raise scheme_error("random: argument 1 must be positive", n)
            return rng.randrange(n)
        if t is float:
            if not (n > 0 and math.isfinite(n)):
                raise scheme_error("random: argument 1 must be positive", n)
            return rng.random() * n
        if t is Fraction and n > 0:
            return rng.random() * float(n)
        raise type_error("random", 1, "a positive number", n)

    @scheme("random-seed")
    def random_seed(seed):
        rng.seed(seed if type(seed) is int else str(seed))
        return UNSPECIFIED

    @scheme("require", args=(FEATURE,))
    def require(feature):
        name = feature.name if type(feature) is Symbol else (feature.s if type(feature) is MString else None)
        if name is None:
            raise type_error("require", 1, "symbol", feature)
        if name not in REQUIRE_FEATURES:
            raise scheme_error("require: unknown feature", feature)
        return UNSPECIFIED

    @scheme("runtime")
    def runtime():
        return time.process_time()

    @scheme("command-line")
    def command_line():
        result = NIL
        for arg in reversed(interp.argv):
            result = cons(new_string(arg), result)
        return result

    @scheme("get-environment-variable", args=(STRING,))
    def get_environment_variable(name):
        value = interp.environ.get(name.s)
        return False if value is None else new_string(value)

    @scheme("get-environment-variables")
    def get_environment_variables():
        result = NIL
        for k, v in sorted(interp.environ.items(), reverse=True):
            result = cons(cons(new_string(k), new_string(v)), result)
        return result

    @scheme("features")
    def features():
        result = NIL
        for f in reversed(interp.features):
            result = cons(Symbol.intern(f), result)
        return result

