"""A tiered lambda's first calls, run straight from its IR (compiler.Tier).

compiler.Tier runs a lambda this way for its first `tier_calls` calls, then
by the Python function pyfunc.py writes from the same IR.  It ran them by
closures.py's closures, made at load for every lambda: a fifth of loading
a program, for code that runs twice at most, and for most of a program's
procedures never (loading runs definitions, not procedures).  Walking the
IR makes nothing at load; a walked node costs a little more than a
closure's call, for those few calls.

Every node does what its closure in closures.py (with codegen.py's call
templates and inline.py's open-coded primitives) does, in the same order:
the same values, errors with the same positions, backtrace entries (the
call sites noted) and step counts.  In detail:

* Frames are the same lists (runtime.py's layout), so inner lambdas and
  the `Node`s of compiler.py share them; a variable is reached by the
  same parent links, worked out as the walk goes.
* A call (codegen.CALL): the operator first (a global's value without the
  unbound test: the call reports it, at its own position, after the
  operands), then the operands left to right (as codegen.CALL and pyfunc.py
  evaluate them), then the call through the trampoline's `call`
  (calls.call_site stands for it).
* An open-coded primitive (inline.py): its operands, then the primitive
  through `apply`, which inline.py's entries equal wherever their guards
  hold (tests/test_compiler_speedups.py), as the slow path the guard
  fails to.

A lambda holding a loop is never tiered (compiler.lambda_node writes it
at once), so no `Loop` or `Recur` is met here.  Should pyfunc.py fail to
write the function (too deeply nested), Tier makes closures after all.
"""

from __future__ import annotations

from .analysis import CASE_TYPES
from .backend import make_finish, unassigned_error, unbound_error
from .calls import note
from .datatypes import UNASSIGNED, UNSPECIFIED, Symbol
from .errors import SchemehostError
from .inline import inexact_handled, note_inexact
from .ir import And, Call, Case, Const, FRef, GRef, If, Let, LRef, Named, Node, Or, Prim, Seq, SetF, SetG, SetL, When
from .runtime import Closure, KnownLambda


class FirstCalls:
    """Run the IR of one unit (a tiered lambda's, ir.Unit) as closures.py's closures of it would."""

    __slots__ = ("unit", "apply", "call")

    def __init__(self, comp, unit):
        self.unit = unit
        self.apply = comp.apply  # the trampoline's run
        self.call = comp.interp._call

    def body(self, ir, scope, tail=True):
        """The body(frame) of the lambda whose body is `ir` (its frame's scope `scope`);
        not `tail`: its last form not in tail position (compiler.lambda_node's thunk)."""
        ev = self.ev

        def first_calls(frame):
            return ev(ir, scope, frame, tail)

        return first_calls

    # -- frames --------------------------------------------------------------------
    @staticmethod
    def frame(scope, env, target):
        """The frame of `target` (a scope the unit owns), from `env`, the frame of `scope`."""
        s = scope
        while s is not target:
            env = env[len(s.names)]
            s = s.parent
        return env

    def free_frame(self, scope, env, hops):
        """The frame `hops` parent links up from the frame the unit is handed (an FRef's)."""
        owns = self.unit.owns
        s = scope
        while owns(s):
            env = env[len(s.names)]
            s = s.parent
        for h in hops:
            env = env[h]
        return env

    # -- nodes ---------------------------------------------------------------------
    def ev(self, n, scope, env, tail):
        """The value of IR node `n` in `env`, the frame of `scope` (in tail position: maybe a tail call)."""
        t = type(n)
        if t is Call:
            return self.call_node(n, scope, env, tail)
        if t is LRef:
            v = n.var
            x = self.frame(scope, env, v.gen.scope)[v.index]
            if x is UNASSIGNED and v.checked:
                raise unassigned_error(Symbol.intern(v.name), n.span)
            return x
        if t is Const:
            return n.value
        if t is Prim:
            return self.prim(n, scope, env, tail)
        if t is GRef:
            x = n.cell.value
            if x is UNASSIGNED:
                raise unbound_error(n.cell.name.name, n.span)
            return x
        if t is If:
            if self.ev(n.test, scope, env, False) is not False:
                return self.ev(n.then, scope, env, tail)
            if n.alt is None:
                return UNSPECIFIED
            return self.ev(n.alt, scope, env, tail)
        if t is FRef:
            frame = self.free_frame(scope, env, n.hops)
            x = frame[n.index]
            if x is UNASSIGNED and n.checked:
                raise unassigned_error(Symbol.intern(n.name), n.span)
            if type(x) is KnownLambda:  # (bound by generated code: ir.known_lambda)
                return x.closure(frame)
            return x
        if t is Seq:
            nodes = n.nodes
            for m in nodes[:-1]:
                self.ev(m, scope, env, False)
            return self.ev(nodes[-1], scope, env, tail)
        if t is Let:
            return self.let(n, scope, env, tail)
        if t is And:
            nodes = n.nodes
            for m in nodes[:-1]:
                if self.ev(m, scope, env, False) is False:
                    return False
            return self.ev(nodes[-1], scope, env, tail)
        if t is Or:
            nodes = n.nodes
            for m in nodes[:-1]:
                x = self.ev(m, scope, env, False)
                if x is not False:
                    return x
            return self.ev(nodes[-1], scope, env, tail)
        if t is When:
            x = self.ev(n.test, scope, env, False)
            if (x is False) if n.negate else (x is not False):
                return self.ev(n.body, scope, env, tail)
            return UNSPECIFIED
        if t is Node:
            return n.node(env)
        if t is Case:
            x = self.ev(n.key, scope, env, False)
            k = type(x)
            i = n.table.get((k, x)) if k in CASE_TYPES else None
            if i is None:
                if n.default is None:
                    return UNSPECIFIED
                return self.ev(n.default, scope, env, tail)
            return self.ev(n.bodies[i], scope, env, tail)
        if t is SetL:
            x = self.ev(n.value, scope, env, False)
            v = n.var
            self.frame(scope, env, v.gen.scope)[v.index] = x
            return UNSPECIFIED
        if t is SetF:
            x = self.ev(n.value, scope, env, False)
            self.free_frame(scope, env, n.hops)[n.index] = x
            return UNSPECIFIED
        if t is SetG:
            x = self.ev(n.value, scope, env, False)
            cell = n.cell
            if not n.defining and cell.value is UNASSIGNED:
                raise unbound_error(cell.name.name, n.span)
            cell.value = x
            return UNSPECIFIED
        if t is Named:
            x = self.ev(n.node, scope, env, False)
            if type(x) is Closure and x.name is None:
                x.name = n.name
            return x
        raise TypeError(f"firstcalls: no {t.__name__} in a tiered lambda's IR")

    def let(self, n, scope, env, tail):
        inner = n.gen.scope
        size = len(inner.names)
        if not n.rec:
            frame = [self.ev(e, scope, env, False) for e in n.inits]
            frame += [UNASSIGNED] * (size - len(frame))
            frame.append(env)
            return self.ev(n.body, inner, frame, tail)
        frame = [UNASSIGNED] * size
        frame.append(env)
        for k, e in enumerate(n.inits):
            frame[k] = self.ev(e, inner, frame, False)
        return self.ev(n.body, inner, frame, tail)

    def call_node(self, n, scope, env, tail):
        op = n.op
        # A global operator is read as it is: the call reports it unbound (codegen's "g" shape).
        if type(op) is GRef:
            f = op.cell.value
        elif type(op) is Node and getattr(op.node, "leaf", ("",))[0] == "gref":
            f = op.node.leaf[1].value
        else:
            f = self.ev(op, scope, env, False)
        return self.call_of(f, n.args, scope, env, tail, n.span, n.form, n.opname)

    def call_of(self, f, operands, scope, env, tail, span, form, opname):
        ev = self.ev
        args = [ev(a, scope, env, False) for a in operands]
        if tail:
            if type(f) is Closure:
                return (f, args)
            return make_finish(span, form, opname)(f, args)
        try:
            return self.call(f, args, lambda: unbound_error(opname or "?", span))
        except SchemehostError as e:
            note(e, (span, form))
            raise

    def prim(self, n, scope, env, tail):
        # The operands, then whatever the global holds then (an operand may assign it),
        # as pyfunc.py's slow path calls it.
        args = [self.ev(a, scope, env, False) for a in n.args]
        if n.code is None and inexact_handled(n.name, len(args)):
            note_inexact(n, args)  # (for pyfunc.py: the float case written in line)
        f = n.cell.value
        if tail and type(f) is Closure:
            return (f, args)
        try:
            return self.apply(f, args)
        except SchemehostError as e:
            note(e, (n.span, n.form))
            raise
