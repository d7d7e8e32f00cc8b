"""The closure back end: the IR (ir.py) as Python closures `node(env) -> value`.

`env` is the frame of the scope a node was built in: a list of that
scope's slots followed by its parent frame (runtime.py); every variable
lives in its frame here.  A node in tail position may return a tail call
`(procedure, args)` for the trampoline (calls.py) to run.

Making closures is cheap, so this is the back end of code compiled outside
any lambda, of lambdas compiled with `interp.compiler.generate` off, and
of a lambda pyfunc.py cannot write as one Python function.  Call sites
are codegen.py's templates; open-coded primitives are inline.py's.
"""

from __future__ import annotations

from .analysis import CASE_TYPES
from .backend import make_finish, unassigned_error, unbound_error
from .codegen import call_node, if_node
from .datatypes import UNASSIGNED, UNSPECIFIED, Symbol
from .errors import SchemehostError
from .inline import global_call, inline_call
from .ir import (
    And,
    Call,
    Case,
    Const,
    FRef,
    GRef,
    If,
    Let,
    Loop,
    LRef,
    Named,
    Node,
    Or,
    Prim,
    Recur,
    Seq,
    SetF,
    SetG,
    SetL,
    When,
    known_lambda,
    note_value,
)
from .runtime import Closure, KnownLambda


def constant(value):
    def const(env):
        return value

    const.leaf = ("const", value)
    return const


def cell_ref(cell, span):
    """A global variable's value; unbound while UNASSIGNED."""
    name = cell.name.name

    def gref(env):
        v = cell.value
        if v is UNASSIGNED:
            raise unbound_error(name, span)
        return v

    gref.leaf = ("gref", cell)
    return gref


def make_local_ref(depth, i, path, checked, name, span):
    if depth == 0:
        if not checked:
            def ref0(env):
                return env[i]

            ref0.leaf = ("ref0", i)
            return ref0

        def ref0c(env):
            v = env[i]
            if v is UNASSIGNED:
                raise unassigned_error(name, span)
            return v

        return ref0c
    if depth == 1:
        p0 = path[0]
        if not checked:
            def ref1(env):
                return env[p0][i]

            ref1.leaf = ("ref1", p0, i)
            return ref1

        def ref1c(env):
            v = env[p0][i]
            if v is UNASSIGNED:
                raise unassigned_error(name, span)
            return v

        return ref1c
    if depth == 2 and not checked:
        p0, p1 = path[0], path[1]

        def ref2(env):
            return env[p0][p1][i]

        return ref2

    hops = tuple(path[:depth])

    def refn(env):
        for p in hops:
            env = env[p]
        v = env[i]
        if v is UNASSIGNED and checked:
            raise unassigned_error(name, span)
        return v

    return refn


def make_known_ref(hops, i, checked, name, span):
    """A read of a slot generated code may have bound to a KnownLambda (ir.known_lambda):
    the Closure made from it, in the slot's frame."""

    def refk(env):
        for p in hops:
            env = env[p]
        v = env[i]
        if type(v) is KnownLambda:
            return v.closure(env)
        if v is UNASSIGNED and checked:
            raise unassigned_error(name, span)
        return v

    return refk


def make_local_set(depth, i, path, valnode):
    hops = tuple(path[:depth])
    if depth == 0:
        def set0(env):
            env[i] = valnode(env)
            return UNSPECIFIED

        return set0

    def setn(env):
        v = valnode(env)
        for p in hops:
            env = env[p]
        env[i] = v
        return UNSPECIFIED

    return setn


def make_sequence(nodes):
    if len(nodes) == 1:
        return nodes[0]
    if len(nodes) == 2:
        first, last = nodes

        def seq2(env):
            first(env)
            return last(env)

        return seq2
    init = tuple(nodes[:-1])
    last = nodes[-1]

    def seq(env):
        for n in init:
            n(env)
        return last(env)

    return seq


def make_tail_call(fn, argnodes, span, form, opname=None):
    """A call in tail position: call primitives now, return closures as (f, args)."""
    finish = make_finish(span, form, opname)

    if len(argnodes) > 4:
        def tailn(env):
            f = fn(env)
            args = [a(env) for a in argnodes]
            if type(f) is Closure:
                return (f, args)
            return finish(f, args)

        return tailn
    return call_node(fn, argnodes, {"finish": finish}, tail=True)


def name_lambda(valnode, name: str):
    """Give a closure made by (define f (lambda ...)) the name f."""

    def named(env):
        v = valnode(env)
        if type(v) is Closure and v.name is None:
            v.name = name
        return v

    return named


def frame_node(initnodes, pad, body):
    """(let ((v e) ...) body...): a new frame [e..., pad..., env] for body."""
    n = len(initnodes)
    if n == 1 and not pad:
        (i0,) = initnodes

        def let1(env):
            return body([i0(env), env])

        return let1
    if n == 2 and not pad:
        i0, i1 = initnodes

        def let2(env):
            return body([i0(env), i1(env), env])

        return let2

    def letn(env):
        frame = [i(env) for i in initnodes]
        frame += pad
        frame.append(env)
        return body(frame)

    return letn


def loop_node(fn, tail, span, apply):
    """A named let made one function `fn(env)` (pyfunc.py), run in place.

    Not in tail position, it runs the loop's tail calls to a value and, as
    a named let's closure does, gives an error leaving it the let's position.
    """
    if tail:
        return fn

    def run(env):
        r = fn(env)
        return apply(*r) if type(r) is tuple else r

    def named_let_loop(env):
        return located(span, run, env)

    return named_let_loop


def located(span, fn, *args):
    """fn(*args); an error leaving it without a position gets `span` (a named let's)."""
    try:
        return fn(*args)
    except SchemehostError as e:
        if e.span is None:
            e.span = span
        raise


def named_let_node(make, initnodes, tail, span, apply):
    """((letrec ((name (lambda (v ...) body...))) name) e ...): `make(frame)` makes
    the procedure in the frame [procedure, env], called in place on the inits."""

    def named_let(env):
        frame = [UNASSIGNED, env]
        proc = make(frame)
        frame[0] = proc
        args = [i(env) for i in initnodes]
        if tail:
            return (proc, args)
        return located(span, apply, proc, args)

    return named_let


class Closures:
    """Emit the IR of one unit (ir.Unit) as closures."""

    def __init__(self, comp, unit):
        self.comp = comp
        self.u = unit
        self.apply = comp.apply

    def path(self, scope, target) -> list:
        """The parent-link slots from `scope`'s frame up to `target`'s."""
        path = []
        s = scope
        while s is not target:
            path.append(len(s.names))
            s = s.parent
        return path

    def free_path(self, scope, hops) -> list:
        """The path to a variable the unit does not own: up its own scopes, then `hops`."""
        path = []
        s = scope
        while self.u.owns(s):
            path.append(len(s.names))
            s = s.parent
        return path + list(hops)

    def node(self, n, scope, tail):
        """The closure of IR node `n`, run with the frame of `scope`; `tail`: in tail position."""
        return getattr(self, _METHODS[type(n)])(n, scope, tail)

    def seq_of(self, nodes, scope, tail):
        last = len(nodes) - 1
        return make_sequence([self.node(m, scope, tail and i == last) for i, m in enumerate(nodes)])

    def const(self, n, scope, tail):
        return constant(n.value)

    def lref(self, n, scope, tail):
        v = n.var
        path = self.path(scope, v.gen.scope)
        return make_local_ref(len(path), v.index, path, v.checked, Symbol.intern(v.name), n.span)

    def fref(self, n, scope, tail):
        path = self.free_path(scope, n.hops)
        g = n.scope.gen
        if g is not None and not g.complete:
            note_value(n.scope, n.index)  # (written before its scope is built: never known)
        elif known_lambda(n.scope, n.index) is not None:
            return make_known_ref(tuple(path), n.index, n.checked, Symbol.intern(n.name), n.span)
        return make_local_ref(len(path), n.index, path, n.checked, Symbol.intern(n.name), n.span)

    def gref(self, n, scope, tail):
        return cell_ref(n.cell, n.span)

    def if_(self, n, scope, tail):
        test = self.node(n.test, scope, False)
        then = self.node(n.then, scope, tail)
        if n.alt is None:
            def if1(env):
                if test(env) is not False:
                    return then(env)
                return UNSPECIFIED

            return if1
        alt = self.node(n.alt, scope, tail)
        fused = if_node(test, then, alt)
        if fused is not None:
            return fused

        def if2(env):
            if test(env) is not False:
                return then(env)
            return alt(env)

        return if2

    def seq(self, n, scope, tail):
        return self.seq_of(n.nodes, scope, tail)

    def and_(self, n, scope, tail):
        nodes = [self.node(m, scope, tail and i == len(n.nodes) - 1) for i, m in enumerate(n.nodes)]
        init, last = tuple(nodes[:-1]), nodes[-1]

        def and_node(env):
            for m in init:
                if m(env) is False:
                    return False
            return last(env)

        return and_node

    def or_(self, n, scope, tail):
        nodes = [self.node(m, scope, tail and i == len(n.nodes) - 1) for i, m in enumerate(n.nodes)]
        init, last = tuple(nodes[:-1]), nodes[-1]

        def or_node(env):
            for m in init:
                v = m(env)
                if v is not False:
                    return v
            return last(env)

        return or_node

    def when(self, n, scope, tail):
        test = self.node(n.test, scope, False)
        body = self.node(n.body, scope, tail)
        if n.negate:
            def unless(env):
                if test(env) is False:
                    return body(env)
                return UNSPECIFIED

            return unless

        def when(env):
            if test(env) is not False:
                return body(env)
            return UNSPECIFIED

        return when

    def let(self, n, scope, tail):
        inner = n.gen.scope
        if not n.rec:
            initnodes = [self.node(e, scope, False) for e in n.inits]
            body = self.node(n.body, inner, tail)
            return frame_node(initnodes, [UNASSIGNED] * (len(inner.names) - len(initnodes)), body)
        initnodes = [self.node(e, inner, False) for e in n.inits]
        body = self.node(n.body, inner, tail)
        size = len(inner.names)
        count = len(initnodes)

        def letrec(env):
            frame = [UNASSIGNED] * size
            frame.append(env)
            for k in range(count):
                frame[k] = initnodes[k](frame)
            return body(frame)

        return letrec

    def setl(self, n, scope, tail):
        v = n.var
        path = self.path(scope, v.gen.scope)
        return make_local_set(len(path), v.index, path, self.node(n.value, scope, False))

    def setf(self, n, scope, tail):
        path = self.free_path(scope, n.hops)
        return make_local_set(len(path), n.index, path, self.node(n.value, scope, False))

    def setg(self, n, scope, tail):
        valnode = self.node(n.value, scope, False)
        cell = n.cell
        if n.defining:
            def gdef(env):
                cell.value = valnode(env)
                return UNSPECIFIED

            return gdef
        name, span = cell.name.name, n.span

        def gset(env):
            v = valnode(env)
            if cell.value is UNASSIGNED:
                raise unbound_error(name, span)
            cell.value = v
            return UNSPECIFIED

        return gset

    def named(self, n, scope, tail):
        return name_lambda(self.node(n.node, scope, False), n.name)

    def call(self, n, scope, tail):
        argnodes = [self.node(a, scope, False) for a in n.args]
        return self.call_of(self.node(n.op, scope, False), argnodes, n.span, n.form, n.opname, n.tail)

    def call_of(self, fn, argnodes, span, form, opname, tail):
        if tail:
            return make_tail_call(fn, argnodes, span, form, opname)

        def unbound():
            return unbound_error(opname or "?", span)

        comp = self.comp
        extra = {"B": comp.budget, "run": comp.apply, "call": comp.interp._call, "unbound": unbound,
                 "site": (span, form)}
        return call_node(fn, argnodes, extra, tail=False)

    def prim(self, n, scope, tail):
        argnodes = [self.node(a, scope, False) for a in n.args]
        if len(argnodes) <= 2:
            node = inline_call(n.name, n.cell, n.orig, argnodes, tail, self.apply, n.span, n.form)
            if node is not None:
                return node
        # Not open-coded here: the operands, then whatever the global holds then, as
        # inline_call's slow path and pyfunc.py's call it.
        call = global_call(n.cell, tail, self.apply, n.span, n.form)

        def prim(env):
            return call([a(env) for a in argnodes])

        return prim

    def node_(self, n, scope, tail):
        return n.node

    def case(self, n, scope, tail):
        key = self.node(n.key, scope, False)
        bodies = tuple(self.node(b, scope, tail) for b in n.bodies)
        default = None if n.default is None else self.node(n.default, scope, tail)
        table = n.table

        def case(env):
            v = key(env)
            t = type(v)
            i = table.get((t, v)) if t in CASE_TYPES else None
            if i is None:
                if default is None:
                    return UNSPECIFIED
                return default(env)
            return bodies[i](env)

        return case

    def loop(self, n, scope, tail):
        if n.calls:
            return self.named_let(n, scope, tail)
        return self.do(n, scope, tail)

    def named_let(self, n, scope, tail):
        """A named let the IR made a loop: a procedure called in place, each iteration a call."""
        inner = n.gen.scope
        initnodes = [self.node(e, scope, False) for e in n.inits]
        body = self.node(n.body, inner, True)
        pad = [UNASSIGNED] * (len(inner.names) - n.nvars)
        make = Closure.maker(body, n.nvars, False, pad, n.name_gen.var(0).name, n.span)
        return named_let_node(make, initnodes, tail, n.span, self.apply)

    def recur(self, n, scope, tail):
        """A named let's name called in tail position of its body: a tail call."""
        target = n.loop.name_gen.scope
        path = self.path(scope, target)
        proc = make_local_ref(len(path), 0, path, False, None, n.span)
        argnodes = [self.node(a, scope, False) for a in n.args]
        return make_tail_call(proc, argnodes, n.span, n.form)

    def do(self, n, scope, tail):
        """(do ((var init step)...) (test result...) command...): the IR's loop body is
        (if test result (begin command... (recur step...))); each iteration a fresh frame
        and one step of the budget."""
        inner = n.gen.scope
        initnodes = [self.node(e, scope, False) for e in n.inits]
        test = self.node(n.body.test, inner, False)
        result = self.node(n.body.then, inner, tail)
        *commands_ir, recur = n.body.alt.nodes
        commands = tuple(self.node(c, inner, False) for c in commands_ir)
        stepnodes = tuple(
            (k, self.node(st, inner, False))
            for k, st in enumerate(recur.args)
            if not (type(st) is LRef and st.var is n.gen.var(k))
        )
        count = n.nvars
        budget = self.comp.budget

        def do(env):
            frame = [i(env) for i in initnodes]
            frame.append(env)
            # Each iteration, the first included, is the call of the loop
            # procedure `do` stands for (R7RS 7.3): one step.
            for _ in budget.it: break
            else: budget.exhausted()
            while test(frame) is False:
                for c in commands:
                    c(frame)
                new = frame[:count]
                for k, st in stepnodes:
                    new[k] = st(frame)
                new.append(env)
                frame = new
                for _ in budget.it: break
                else: budget.exhausted()
            return result(frame)

        return do


_METHODS = {
    Const: "const",
    LRef: "lref",
    FRef: "fref",
    GRef: "gref",
    If: "if_",
    Seq: "seq",
    And: "and_",
    Or: "or_",
    When: "when",
    Let: "let",
    SetL: "setl",
    SetF: "setf",
    SetG: "setg",
    Named: "named",
    Call: "call",
    Prim: "prim",
    Node: "node_",
    Case: "case",
    Loop: "loop",
    Recur: "recur",
}
