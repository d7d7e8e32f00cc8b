"""When `apply` may hand a rest-argument lambda the caller's list instead of a copy.

R7RS 4.1.4: a rest parameter is bound to a newly allocated list.  `apply`
into a rest-argument closure (calls.spread) therefore copies its last
argument pair by pair, and `(apply sum (cdr xs))` recursion copies the tail
at every level.  The copy can only be told apart from the caller's list by
code that looks at the list *after something may have changed it*, mutates
it, keeps it, or compares it with eq?.  `shared_reads` finds the lambdas
that do none of this, so that sharing is unobservable:

* every use of the rest parameter r is a read: r, or `(cdr ... r)` (cdr,
  cddr), as the argument of car, cadr, caar, cdar, null?, pair? or length,
  or as the last argument of `apply` (whose callee copies it, or shares it
  again under the same rule);
  r is never assigned, never captured by an inner lambda or a form the
  closure compiler runs (its frame slot would let it escape), never passed
  anywhere else, never returned, never compared;
* every such read comes, in evaluation order (the operator, then the
  operands left to right, in both back ends), before anything that may run
  Scheme code or change a pair: a call of any other procedure (including
  the `apply` that passes r on), a global assignment, a lambda or a
  closure-compiled form, an open-coded primitive not in PURE (set-car!,
  say).  Until the last read no Scheme code runs and no pair changes, so
  the caller's list is as it was, and after it nothing looks at r again.

The readers, `apply` and the PURE primitives met before the last read must
be the standard procedures: the answer is the (cell, standard procedure)
pairs they go through, which calls.spread checks at each call (a redefined
`car` would be handed r, a redefined `+` could run Scheme code).  None:
always copy.
"""

from __future__ import annotations

from .datatypes import Symbol
from .inline import EFFECTS, TABLES
from .ir import And, Call, Case, Const, FRef, GRef, If, Let, Loop, LRef, Named, Node, Or, Prim, Recur, Seq, SetF, SetG, SetL, When

# Built-ins that read a list's structure and run no Scheme code.  cdr and
# cddr give part of it (only inside a read: `(car (cdr r))`); the others a
# value that is no part of its spine (an element, a part of one, a boolean,
# a count).
_CHAIN_READERS = ("cdr", "cddr")
_VALUE_READERS = ("car", "cadr", "caar", "cdar", "null?", "pair?", "length")
READERS = _CHAIN_READERS + _VALUE_READERS
# Open-coded primitives (inline.py's tables, which both back ends open-code)
# that run no Scheme code and change no pair, while they are the standard
# ones: reads may follow them.  Not the mutators (set-car!/set-cdr! could
# change the caller's list), nor equal? (it walks structures), nor
# member/assoc (not in those tables: their three-argument forms call a
# procedure).
PURE = frozenset(name for table in TABLES.values() for name in table) - set(EFFECTS) - {"equal?"}


class _Observable(Exception):
    """The rest list is used in a way a copy would show."""


def shared_reads(unit, ir, interp):
    """The checks under which `unit`'s rest list may be shared (see above), or None."""
    if not unit.rest or not unit.params:
        return None
    var = unit.params[-1]
    if var.captured or var.assigned:
        return None
    builtins = interp.builtins
    standard = {}
    for name in READERS + ("apply",):
        value = builtins.get(Symbol.intern(name))
        if value is not None:
            standard[value] = name
    walk = _Walk(var, standard)
    try:
        walk.node(ir, False)
    except (_Observable, RecursionError):
        return None
    return tuple(walk.checks.items())


class _Walk:
    """Follow a lambda body in evaluation order; `called` says whether Scheme code may have run."""

    def __init__(self, var, standard):
        self.var = var
        self.standard = standard  # a standard reader or apply -> its name
        self.checks = {}  # cell -> the standard procedure it must hold

    def reader(self, n, names) -> bool:
        """Is `n` a call of one of the standard procedures `names` on one argument?  (noted)"""
        t = type(n)
        if t is Prim:
            if n.code is None and n.name in names and len(n.args) == 1:
                self.checks[n.cell] = n.orig
                return True
            return False
        if t is Call and type(n.op) is GRef and len(n.args) == 1:
            value = n.op.cell.value
            if self.standard.get(value) in names:
                self.checks[n.op.cell] = value
                return True
        return False

    def chain(self, n) -> bool:
        """Is `n` r or `(cdr ... r)` (cdr or cddr)?  (The cdrs' checks noted.)"""
        while type(n) is not LRef:
            if not self.reader(n, _CHAIN_READERS):
                return False
            n = n.args[0]
        return n.var is self.var

    def node(self, n, called: bool) -> bool:
        """Walk `n`; return whether Scheme code may have run once it is evaluated."""
        t = type(n)
        if t is Const or t is FRef or t is GRef:
            return called
        if t is LRef:
            if n.var is self.var:
                raise _Observable  # r as a value: returned, bound, passed on
            return called
        if (t is Prim or t is Call) and len(n.args) == 1 and self.reader(n, _VALUE_READERS) and self.chain(n.args[0]):
            if called:
                raise _Observable
            return called
        if t is Call and type(n.op) is GRef and self.standard.get(n.op.cell.value) == "apply" and len(n.args) >= 2:
            for a in n.args[:-1]:
                called = self.node(a, called)
            last = n.args[-1]
            if self.chain(last):
                if called:
                    raise _Observable
                self.checks[n.op.cell] = n.op.cell.value
            else:
                self.node(last, called)
            return True
        if t is Prim:
            for a in n.args:
                called = self.node(a, called)
            if not called and n.code is None and n.name in PURE:
                self.checks[n.cell] = n.orig
                return False
            return True
        if t is Call:
            called = self.node(n.op, called)
            for a in n.args:
                called = self.node(a, called)
            return True
        if t is If:
            called = self.node(n.test, called)
            after = self.node(n.then, called)
            return after | (called if n.alt is None else self.node(n.alt, called))
        if t is Seq or t is And or t is Or:
            for x in n.nodes:
                called = self.node(x, called)
            return called
        if t is When:
            called = self.node(n.test, called)
            return self.node(n.body, called) | called
        if t is Let:
            for x in n.inits:
                called = self.node(x, called)
            return self.node(n.body, called)
        if t is SetL:
            if n.var is self.var:
                raise _Observable
            return self.node(n.value, called)
        if t is SetF or t is SetG:
            self.node(n.value, called)
            return True
        if t is Named:
            return self.node(n.node, called)
        if t is Case:
            called = self.node(n.key, called)
            after = called
            for body in list(n.bodies) + ([n.default] if n.default is not None else []):
                after |= self.node(body, called)
            return after
        if t is Loop:
            for x in n.inits:
                called = self.node(x, called)
            # A later iteration starts where an earlier one ended.
            return self.node(n.body, self.node(n.body, called))
        if t is Recur:
            for x in n.args:
                called = self.node(x, called)
            return called
        if t is Node:
            # A lambda, or a form the closure compiler runs: had it used r,
            # r would be `captured`.  It may run Scheme code.
            return True
        raise _Observable  # a node this walk does not know


__all__ = ["READERS", "shared_reads"]
