"""One front end: Scheme forms -> a small IR that both back ends consume.

`Builder` expands macros, resolves every name and builds, from each core
special form's parse (analysis.PARSERS, which checks its syntax once), a
tree of the node classes below.  Two emitters read the same tree:
closures.py makes Python closures of it (`node(env) -> value`, cheap to
make), pyfunc.py writes it as the source of one Python function (fast to
run).  A form the IR does not cover (guard, parameterize, delay,
define-syntax, quasiquote's harder templates, a cond or case clause with
`=>`, ...) is compiled by its one function in compiler.py or forms.py and
sits in the tree as a `Node`: a closure called with its scope's frame.

A `Unit` is what one emitted function owns: a lambda's body, or an
expression compiled outside any lambda.  The variables of the scopes a
unit owns are `Var`s (`LRef`, `SetL`): pyfunc may keep them in Python
locals unless other code reaches them through a frame (`note_frames` marks
them `captured`); closures.py keeps every variable in its frame.
Variables of scopes the unit does not own are `FRef`/`SetF`, reached from
the frame the unit is handed (`parent`) by fixed hops.

This module imports no back end: it reaches the compiler through the
object it is handed (`comp.resolve`, `comp.compile`,
`comp.lambda_node`, ...).
"""

from __future__ import annotations

import re

from .analysis import (
    LAMBDA,
    PARSERS,
    QUASIQUOTE,
    UNQUOTE,
    Cell,
    Macro,
    Scope,
    SpecialForm,
    case_key,
    form_args,
    has_unquote,
    ident_name,
    is_tagged,
    parse_params,
    proper_list,
    syntax_error,
)
from .continuations import only_called
from .errors import SchemeError, SchemehostError
from .datatypes import NIL, UNASSIGNED, UNSPECIFIED, ErrorObject, MultipleValues, Pair, Symbol, list_to_scheme
from .identifiers import Alias, base_symbol, is_ident, strip
from .inline import GENERATED_TABLES as TABLES
from .runtime import OpenCode, Primitive


class Retry(Exception):
    """A named let cannot be a loop: its name is used other than as a tail call."""

    def __init__(self, loop):
        super().__init__()
        self.loop = loop


# ---------------------------------------------------------------------------
# Variables and scopes
# ---------------------------------------------------------------------------


class Var:
    """A variable of a scope that a unit owns."""

    __slots__ = ("name", "py", "gen", "index", "captured", "assigned", "loop")

    def __init__(self, gen, index, py):
        self.gen = gen
        self.index = index
        self.name = base_symbol(gen.scope.names[index]).name
        self.py = py
        self.captured = False  # compiler.py code reads or writes it: lives in the frame
        self.assigned = False  # set! or define (not the loop's own rebinding)
        self.loop = None  # the Loop this is the name of (a named let's name)

    @property
    def checked(self) -> bool:
        return self.index in self.gen.scope.checked


class GenScope:
    """What a unit knows about one of its scopes (attached as `Scope.gen`)."""

    __slots__ = ("unit", "scope", "vars", "walked", "frame", "lambdas", "spoiled", "complete", "used", "values")

    def __init__(self, unit, scope):
        self.unit = unit
        self.scope = scope
        self.vars: dict[int, Var] = {}
        self.walked = False  # compiler.py code goes through this frame: it must exist
        self.frame = None  # Python name of the frame list, once emitted
        # For fused groups (fused.group_of): slot -> the Unit of the lambda
        # its one definition binds it to (an internal define or letrec binding);
        # the slots assigned otherwise (set!, a second definition, a define of
        # another value); and whether the scope's body is built (no more of either).
        self.lambdas: dict[int, Unit] = {}
        self.spoiled: set[int] = set()
        self.complete = False
        # The slots read other than as the operator of a tail call from a lambda
        # bound in this scope (a sibling's state change): a member never in it is
        # entered only from its group (compiler.Tier.switch waits to write it).
        self.used: set[int] | None = None  # (made at the first: most scopes bind no lambda)
        # The slots read as values (anything but a call's operator), or called by code
        # written before the body was built: their lambdas are not known_lambda's.
        self.values: set[int] | None = None

    def var(self, i: int) -> Var:
        v = self.vars.get(i)
        if v is None:
            v = self.vars[i] = Var(self, i, self.unit.pyname(base_symbol(self.scope.names[i]).name))
        return v


def note_use(r) -> None:
    """Record a read of local `r` (a resolve answer) other than a sibling's tail call of it."""
    g = r[3].gen
    if g is not None:
        if g.used is None:
            g.used = {r[2]}
        else:
            g.used.add(r[2])


def note_value(scope, index: int) -> None:
    """Record that slot `index` of `scope`'s frame is read as a value, or called by code
    written before the scope's body was built (known_lambda)."""
    g = scope.gen
    if g is not None:
        if g.values is None:
            g.values = {index}
        else:
            g.values.add(index)


def known_lambda(scope, index: int):
    """The Unit of the lambda that slot `index` of `scope`'s frame is bound to, when
    the slot is only ever called: no set! or second definition, every reference
    built (the scope's body complete) and every one a call's operator, none of
    them written before that, the lambda of a fixed arity, made in this very scope
    and with a Python function to call (its Unit's `known`, runtime.KnownLambda).

    Generated code then binds the slot to that KnownLambda, not to a Closure made
    each time the definition runs, and calls the lambda's function with the
    slot's frame as its environment (pyfunc.Emitter.known_call): no closure, and
    no cycle of frame and closure for the collector (circuits' add-to-agenda!,
    a named let called in non-tail position).  Anything else reading such a slot
    makes the closure from it (KnownLambda.closure)."""
    g = scope.gen
    if g is None or not g.complete or index in g.spoiled or (g.values is not None and index in g.values):
        return None
    u = g.lambdas.get(index)
    if u is None or u.known is None or u.rest or u.base is not scope:
        return None
    if u.known.name is None:
        u.known.name = base_symbol(scope.names[index]).name
    return u


def note_frames(scope, target, index: int) -> None:
    """Record that closure-compiled code at `scope` uses slot `index` of `target`'s frame.

    Called by compiler.py for every local reference and assignment it
    compiles: the frames on the way must exist at run time, and the slot
    must hold the variable (not a Python local).
    """
    s = scope
    while s is not target:
        g = s.gen
        if g is not None:
            g.walked = True
        s = s.parent
    g = target.gen
    if g is not None:
        g.walked = True
        g.var(index).captured = True


def note_binding(r, lam) -> None:
    """Record an assignment of local `r` (a resolve answer): its definition as the
    lambda of Unit `lam`, or (lam None) anything else.  A slot bound once, to a
    lambda, holds that lambda's closure in its frame (or is unassigned yet):
    fused.group_of fuses such siblings."""
    g = r[3].gen
    if g is None:
        return
    i = r[2]
    if lam is not None and i not in g.lambdas and i not in g.spoiled:
        g.lambdas[i] = lam
    else:
        g.spoiled.add(i)
        g.lambdas.pop(i, None)


def lambda_of(comp, value):
    """The Unit of the lambda whose closure IR `value` makes (a lambda expression's
    Node, named or not), or None: the maker in the Node must be the very one
    comp.lambda_node returned last (a macro's expansion making something else
    around a lambda is not one)."""
    node = value.node if type(value) is Named else value
    made = comp.lambda_made
    if type(node) is Node and made is not None and made[0] is node.node:
        return made[1]
    return None


# ---------------------------------------------------------------------------
# The intermediate form
# ---------------------------------------------------------------------------


class Const:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class LRef:
    __slots__ = ("var", "span")

    def __init__(self, var, span):
        self.var, self.span = var, span


class FRef:
    """A variable of an enclosing frame: `parent[h0][h1]...[index]`."""

    __slots__ = ("hops", "index", "checked", "name", "span", "scope")

    def __init__(self, hops, index, checked, name, span, scope):
        self.hops, self.index, self.checked, self.name, self.span = hops, index, checked, name, span
        self.scope = scope  # the Scope whose frame that is


class GRef:
    __slots__ = ("cell", "span")

    def __init__(self, cell, span):
        self.cell, self.span = cell, span


class If:
    __slots__ = ("test", "then", "alt")

    def __init__(self, test, then, alt):
        self.test, self.then, self.alt = test, then, alt


class Seq:
    __slots__ = ("nodes",)

    def __init__(self, nodes):
        self.nodes = nodes


class And:
    __slots__ = ("nodes",)

    def __init__(self, nodes):
        self.nodes = nodes


class Or:
    __slots__ = ("nodes",)

    def __init__(self, nodes):
        self.nodes = nodes


class When:
    __slots__ = ("test", "body", "negate")

    def __init__(self, test, body, negate):
        self.test, self.body, self.negate = test, body, negate


class Let:
    __slots__ = ("gen", "inits", "body", "rec", "names")

    def __init__(self, gen, inits, body, rec, names):
        self.gen, self.inits, self.body, self.rec, self.names = gen, inits, body, rec, names


class SetL:
    __slots__ = ("var", "value")

    def __init__(self, var, value):
        self.var, self.value = var, value


class SetF:
    __slots__ = ("hops", "index", "value")

    def __init__(self, hops, index, value):
        self.hops, self.index, self.value = hops, index, value


class SetG:
    __slots__ = ("cell", "value", "defining", "span")

    def __init__(self, cell, value, defining, span):
        self.cell, self.value, self.defining, self.span = cell, value, defining, span


class Named:
    """_name_lambda: give a closure made by (define f (lambda ...)) the name f."""

    __slots__ = ("node", "name")

    def __init__(self, node, name):
        self.node, self.name = node, name


class Call:
    """A call; `inline`, when set, is the call's lambda literal built in line too
    (`Inline`: pyfunc.py open-codes the call while its global is the standard
    procedure; every other back end sees the plain call)."""

    __slots__ = ("op", "args", "span", "form", "opname", "tail", "selfcall", "inline")

    def __init__(self, op, args, span, form, opname, tail, selfcall):
        self.op, self.args, self.span, self.form = op, args, span, form
        self.opname, self.tail, self.selfcall = opname, tail, selfcall
        self.inline = None


class Inline:
    """The lambda literal of `(map (lambda (x ...) body) list ...)`, `(for-each ...)`,
    `(string-for-each (lambda (c) body) string)` and its kin (INLINED)
    or `(call/cc (lambda (k) body))` built a second time, in the calling unit:
    its parameters a scope of that unit (`gen`), its body IR `body` (its last
    form in tail position of the lambda, not of the unit).  `kind` is the
    standard procedure's name, `orig` the procedure itself."""

    __slots__ = ("kind", "orig", "gen", "nparams", "body", "span")

    def __init__(self, kind, orig, gen, nparams, body, span):
        self.kind, self.orig, self.gen, self.nparams, self.body, self.span = kind, orig, gen, nparams, body, span


class InlineValues:
    """The two lambda literals of `(call-with-values (lambda () body) (lambda (a ...) body))`
    built a second time, in the calling unit, as Inline builds one: the producer's
    scope `pgen` (no parameters) and body `pbody`, the consumer's `gen`, its
    `nparams` parameters and `body` (each body's last form in tail position of
    its lambda).  pyfunc.py runs them in line while `orig` is the global's value."""

    __slots__ = ("kind", "orig", "pgen", "pbody", "gen", "nparams", "body", "span")

    def __init__(self, orig, pgen, pbody, gen, nparams, body, span):
        self.kind, self.orig = "call-with-values", orig
        self.pgen, self.pbody, self.gen, self.nparams, self.body, self.span = pgen, pbody, gen, nparams, body, span


class Prim:
    """An open-coded call: of a standard primitive from inline's tables by its
    `name`, or, when `code` is set, of a primitive with its own
    runtime.OpenCode (a record type's procedures), whatever its name."""

    __slots__ = ("name", "cell", "orig", "args", "span", "form", "code", "inexact")

    def __init__(self, name, cell, orig, args, span, form, code=None):
        self.name, self.cell, self.orig, self.args, self.span, self.form = name, cell, orig, args, span, form
        self.code = code
        # What an inline.INEXACT call's first calls (firstcalls.py) saw of its operands
        # (inline.note_inexact): pyfunc.py writes its float case in line where one was a
        # float (inline.SEEN), first where none was an exact integer.
        self.inexact = 0


class Node:
    """A closure-compiled node, called with the frame of `scope`; `closure` when all it
    does is make a closure (a lambda expression), which runs no Scheme code."""

    __slots__ = ("node", "scope", "tail", "closure")

    def __init__(self, node, scope, tail, closure=False):
        self.node, self.scope, self.tail, self.closure = node, scope, tail, closure


class Loop:
    """A named let (`calls`: its name is a procedure) or a `do` loop; each iteration of
    either ticks the budget once, the call R7RS 7.3's expansion of `do` makes."""

    __slots__ = ("name_gen", "gen", "inits", "body", "span", "nvars", "level", "calls")

    def __init__(self, name_gen, nvars, span, calls=True):
        self.name_gen, self.nvars, self.span = name_gen, nvars, span
        self.gen = self.inits = self.body = None
        self.level = None
        self.calls = calls


class Case:
    """(case key clause...) without `=>`: `table` maps (type, datum) to a clause number."""

    __slots__ = ("key", "table", "bodies", "default")

    def __init__(self, key, table, bodies, default):
        self.key, self.table, self.bodies, self.default = key, table, bodies, default


class Recur:
    """The next iteration of `loop`: a named let's name called in tail position (at
    `span`, call `form`), or a `do` loop's step."""

    __slots__ = ("loop", "args", "span", "form")

    def __init__(self, loop, args, span=None, form=None):
        self.loop, self.args, self.span, self.form = loop, args, span, form


# ---------------------------------------------------------------------------
# Analysis
# ---------------------------------------------------------------------------


def span_of(x, default=None):
    return getattr(x, "span", None) or default


# Scheme name -> the letters, digits and underscores of its first 20 that a Python name keeps (Unit.pyname).
_CLEAN_NAMES: dict[str, str] = {}
_NOT_PYTHON_NAME = re.compile(r"[^0-9A-Za-z_]")


class Unit:
    """What one emitted function owns: a lambda's body ("lambda"), a named let or
    `do` outside any lambda made a loop of its own ("loop"), or an expression
    compiled outside any lambda ("expr")."""

    def __init__(self, comp, base, name, kind="lambda"):
        self.comp = comp
        self.base = base
        self.name = name  # the identifier the lambda is being defined as, or None
        self.kind = kind
        self.params: list[Var] = []
        self.fgen = None  # GenScope of the lambda's own frame
        self.rest = False
        self.selfrecur = False
        self.selfcalls: list = []  # its own tail calls (Call nodes), which rebind its parameters
        # Its `(cons e (itself arg ...))` in tail position (Prim nodes, consed_self_call):
        # pyfunc.py may write them as rounds of its loop, the pairs linked as they are made.
        self.consed: list = []
        self.loops = False  # it holds a loop (named let or do): worth writing as Python at once
        self.thunk = False  # a promise's expression, a guard's or parameterize's body: its last form not in tail position
        self._names: dict[str, int] = {}
        self.gens: list[GenScope] = []  # the scopes it owns (Unit.own)
        self.ir = None  # a lambda's body's IR (compiler.lambda_node), for fused.py's groups
        self.known = None  # its runtime.KnownLambda, when it has a Python function to call (known_lambda)

    def pyname(self, name: str) -> str:
        clean = _CLEAN_NAMES.get(name)
        if clean is None:
            clean = _CLEAN_NAMES[name] = _NOT_PYTHON_NAME.sub("", name)[:20]
        n = self._names.get(clean, 0) + 1
        self._names[clean] = n
        return f"v{n}_{clean}"

    def own(self, scope) -> GenScope:
        g = GenScope(self, scope)
        scope.gen = g
        self.gens.append(g)
        return g

    def owns(self, scope) -> bool:
        return scope is not None and scope.gen is not None and scope.gen.unit is self


class Builder:
    """Phase 1: forms -> IR, compiling inner lambdas and left-over forms now."""

    def __init__(self, unit):
        self.u = unit
        self.comp = unit.comp

    # -- dispatch -------------------------------------------------------------
    def build(self, x, scope, tails, span):
        if type(x) is Pair:
            # The macro uses at the head expanded; what the head of a call resolved to goes to `call`.
            comp = self.comp
            while True:
                span = getattr(x, "span", None) or span
                head = x.car
                if type(head) is Symbol or type(head) is Alias:
                    r = comp.resolve(head, scope)
                    kind = r[0]
                    if kind == "special":
                        return self.special(r[1], x, scope, tails, span)
                    if kind == "macro":
                        x = r[1].expand(x, scope, comp, span)
                        if type(x) is Pair:
                            continue
                        break
                    return self.call(x, scope, tails, span, r)
                if type(head) is SpecialForm:
                    return self.special(head, x, scope, tails, span)
                return self.call(x, scope, tails, span, None)
        t = type(x)
        if t is Symbol or t is Alias:
            return self.ref(x, scope, span)
        if isinstance(x, Cell):  # a hygienically inserted global reference
            return GRef(x, span)
        if x is NIL:
            raise syntax_error("missing procedure expression in ()", None, span)
        return Const(x)

    def special(self, sf, x, scope, tails, span):
        handler = HANDLERS.get(sf.name)
        if handler is None:
            sugar = SUGAR.get(sf.name)
            if sugar is not None:
                built = sugar(self, x, scope, tails, span)
                if built is not None:
                    return built
            return self.fallback(x, scope, tails, span)
        return handler(self, PARSERS[sf.name](self.comp, x, scope, span), x, scope, tails, span)

    def fallback(self, x, scope, tails, span):
        """Special form `x` (its head expanded) outside the IR: compiled by its one
        function (compiler.py, forms.py) to a closure."""
        head = x.car
        sf = head if type(head) is SpecialForm else self.comp.resolve(head, scope)[1]
        return Node(sf.fn(self.comp, x, scope, bool(tails), span), scope, bool(tails))

    def fallback_parsed(self, name, parsed, form, scope, tails, span):
        """Core form `name`, parsed already, in a shape the IR leaves to compiler.py's closures."""
        return Node(self.comp.compile_parsed(name, parsed, form, scope, bool(tails), span), scope, bool(tails))

    def body(self, forms, scope, span, what, tails):
        """compile_body: definitions declared first, the last form in tail position."""
        forms = self.comp.body_forms(forms, scope, span, what)
        last = len(forms) - 1
        nodes = [self.build(f, scope, tails if i == last else (), span) for i, f in enumerate(forms)]
        if scope is not None and scope.gen is not None:
            scope.gen.complete = True  # every assignment of its slots is built (note_binding)
        return nodes[0] if len(nodes) == 1 else Seq(nodes)

    # -- variables ------------------------------------------------------------
    def local(self, r, scope):
        """Return ('own', Var) or ('free', hops, index) for a resolved local."""
        _, depth, i, s, path = r
        unit = self.u
        g = s.gen
        if g is not None and g.unit is unit:  # unit.owns(s)
            v = g.vars.get(i)
            return ("own", v if v is not None else g.var(i))
        k = 0
        q = scope
        while q is not None and q.gen is not None and q.gen.unit is unit:
            k += 1
            q = q.parent
        note_frames(unit.base, s, i)
        return ("free", tuple(path[k:depth]), i)

    def ref(self, x, scope, span, r=None):
        """A reference to identifier `x`; `r` is what it resolves to in `scope`, if known."""
        if r is None:
            r = self.comp.resolve(x, scope)
        kind = r[0]
        if kind == "local":
            note_use(r)
            note_value(r[3], r[2])
            return self.local_ref(x, r, self.local(r, scope), span)
        if kind == "global":
            return GRef(r[1], span)
        raise syntax_error(f"{ident_name(x)}: syntax keyword used as a variable", None, span)

    def local_ref(self, x, r, loc, span):
        """The reference to local `x` resolved to `r`, `loc` its Builder.local."""
        if loc[0] == "own":
            v = loc[1]
            if v.loop is not None:
                raise Retry(v.loop)
            return LRef(v, span)
        return FRef(loc[1], loc[2], loc[2] in r[3].checked, base_symbol(x).name, span, r[3])

    def assign(self, name, scope, value, span, defining, form, tails, lam=None):
        """The assignment (a definition when `defining`) of `name`; `lam` is the Unit of
        the lambda a local definition binds it to (note_binding)."""
        r = self.comp.resolve(name, scope)
        if r[0] == "local":
            note_binding(r, lam)
            loc = self.local(r, scope)
            if loc[0] == "own":
                v = loc[1]
                if v.loop is not None:
                    raise Retry(v.loop)
                v.assigned = True
                return SetL(v, value)
            return SetF(loc[1], loc[2], value)
        comp = self.comp
        if r[0] == "global":
            cell = r[1]
            comp.check_mutable("define" if defining else "set!", name, span)
            if defining and scope is None and name in comp.top.foreign:
                cell = comp.top.own_cell(name)  # shadow the import
            return SetG(cell, value, defining, span)
        if defining and scope is None:
            # Redefining a syntactic keyword at top level makes it a variable.
            comp.check_mutable("define", name, span)
            base = base_symbol(name)
            comp.top.syntax.pop(base, None)
            cell = comp.cell(base)
            if isinstance(cell.value, Macro):
                cell.value = UNASSIGNED
            return SetG(cell, value, True, span)
        raise syntax_error(f"set!: cannot assign to syntax keyword {ident_name(name)}", None, span)

    # -- calls ----------------------------------------------------------------
    def call(self, x, scope, tails, span, r):
        """(operator operand ...); `r` is what the operator resolves to if it is an identifier (build's)."""
        comp = self.comp
        items = []  # proper_list's, written out: every call comes here
        p = x
        while type(p) is Pair:
            items.append(p.car)
            p = p.cdr
        if p is not NIL:
            proper_list(x, "procedure call", x, span)  # raises its error
        head = items[0]
        nargs = len(items) - 1
        loc = None  # Builder.local of a local operator
        if r is not None:
            if r[0] == "local":
                loc = self.local(r, scope)
                if loc[0] == "own" and loc[1].loop is not None:
                    loop = loc[1].loop
                    if loop in tails and nargs == loop.nvars:
                        args = [self.build(a, scope, (), span) for a in items[1:]]
                        return Recur(loop, args, span, x)
                    raise Retry(loop)
        resolved = r
        candidate = None
        if (r is not None and r[0] == "global" and nargs >= 1 and type(items[1]) is Pair
                and self.u.kind != "expr"):  # (closures.py emits an "expr" unit)
            candidate = _inline_candidate(comp, r, items, scope)
        if candidate is None:
            args = [self.build(a, scope, (), span) for a in items[1:]]
        else:
            # The lambda as a closure, for when the global no longer holds the standard
            # procedure: nothing in it is built in line (once is enough).
            # (call-with-values: both lambdas are built in line.)
            first = 3 if candidate[0] == "call-with-values" else 2
            comp.inline_off += 1
            try:
                args = [self.build(a, scope, (), span) for a in items[1:first]]
            finally:
                comp.inline_off -= 1
            args += [self.build(a, scope, (), span) for a in items[first:]]
        if r is not None and Pair in map(type, items):
            # Again: building an operand that is a form may have defined the operator's
            # name (`(f (define f ...))`); an identifier or a constant defines nothing.
            again = comp.resolve(head, scope)
            if again != r:
                r, loc = again, None
        if r is not None and nargs in TABLES:
            if r[0] == "global":
                cell = r[1]
                orig = comp.interp.builtins.get(cell.name)
                name = cell.name.name
                if orig is not None and cell.value is orig and name in TABLES[nargs]:
                    prim = Prim(name, cell, orig, args, span, x)
                    if name == "cons" and tails and "unit" in tails and self.consed_self_call(args[1]):
                        self.u.consed.append(prim)
                    return prim
                f = cell.value
                if type(f) is Primitive and f.inline is not None and f.inline.nargs == nargs:
                    return Prim(name, cell, f, args, span, x, f.inline)
        if r is None:
            op = self.build(head, scope, (), span)
        elif loc is not None:
            if not (tails and "unit" in tails and loc[0] == "free" and not loc[1]):
                note_use(r)
            op = self.local_ref(head, r, loc, span)
        else:
            op = self.ref(head, scope, span, r)
        opname = op.cell.name.name if type(op) is GRef else None
        selfcall = False
        if tails and "unit" in tails and self.u.name is not None and is_ident(head) and not self.u.rest:
            if base_symbol(head) is base_symbol(self.u.name) and nargs == len(self.u.params):
                selfcall = True
                self.u.selfrecur = True
        call = Call(op, args, span, x, opname, bool(tails), selfcall)
        if selfcall:
            self.u.selfcalls.append(call)
        if candidate is not None and r == resolved:
            if candidate[0] == "call-with-values":
                call.inline = self.inline_values(candidate, scope, tails)
            else:
                call.inline = self.inline_lambda(candidate, items[1], scope, span)
        return call

    def consed_self_call(self, n) -> bool:
        """Is `n`, the second operand of a `cons` in the unit's tail position, a call of
        the unit's own name with as many operands as it has parameters (as a self tail
        call is found: which procedure the name holds is tested where it is called)?"""
        u = self.u
        if type(n) is not Call or n.inline is not None or u.name is None or u.rest or u.kind != "lambda":
            return False
        head = n.form.car
        return (is_ident(head) and base_symbol(head) is base_symbol(u.name) and len(n.args) == len(u.params)
                and type(n.op) in (GRef, LRef, FRef))

    def inline_values(self, candidate, scope, tails=()):
        """The InlineValues of a call of call-with-values with two lambda literals.

        Where the call is in the unit's tail position (`tails` holds "unit"), so is
        the tail of the consumer's body written in line: a call there of the unit's
        own procedure is a self tail call (a named let's loop called from the
        receiver goes round the function's loop, not through a call a round)."""
        _, orig, producer, consumer = candidate
        pscope = Scope([], scope)
        pgen = self.u.own(pscope)
        pbody = self.body(producer[1], pscope, producer[2], "lambda", ("inline",))
        req, body_forms, lspan = consumer
        inner = Scope(req, scope)
        gen = self.u.own(inner)
        consumer_tails = ("inline", "unit") if "unit" in tails else ("inline",)
        body = self.body(body_forms, inner, lspan, "lambda", consumer_tails)
        return InlineValues(orig, pgen, pbody, gen, len(req), body, lspan)

    def inline_lambda(self, candidate, lam, scope, span):
        """The Inline of a call's lambda literal `lam` (its parse `candidate`)."""
        kind, orig, req, body_forms, lspan = candidate
        inner = Scope(req, scope)
        gen = self.u.own(inner)
        body = self.body(body_forms, inner, lspan, "lambda", ("inline",))
        return Inline(kind, orig, gen, len(req), body, lspan)


# -- special forms: each built from its parse (analysis.PARSERS), as compiler.py builds its closures


def _b_quote(b, datum, form, scope, tails, span):
    """(quote datum)"""
    return Const(datum)


def _b_if(b, parsed, form, scope, tails, span):
    """(if test then [else])"""
    test, then, alt = parsed
    return If(b.build(test, scope, (), span), b.build(then, scope, tails, span),
              None if alt is None else b.build(alt, scope, tails, span))


def _b_define(b, parsed, form, scope, tails, span):
    """(define name [expr]) | (define (name . params) body...), curried too."""
    name, lam, expr = parsed
    if lam is not None:
        value = Node(b.comp.lambda_node(lam[0], lam[1], scope, span, name), scope, False, True)
    elif expr is UNASSIGNED:
        value = Const(UNASSIGNED)
    else:
        value = _named_value(b, expr, name, scope, span)
    return b.assign(name, scope, value, span, True, form, tails, lambda_of(b.comp, value))


def _named_value(b, expr, name, scope, span):
    """Build expr; `(lambda ...)` gets `name` (for self tail calls and its printed name)."""
    if type(expr) is Pair and expr.car is LAMBDA:
        b.comp.name_hint = name
        try:
            return Named(b.build(expr, scope, (), span), base_symbol(name).name)
        finally:
            b.comp.name_hint = None
    return b.build(expr, scope, (), span)


def _b_set(b, parsed, form, scope, tails, span):
    """(set! name expr)"""
    name, expr = parsed
    return b.assign(name, scope, b.build(expr, scope, (), span), span, False, form, tails)


def _b_lambda(b, parsed, form, scope, tails, span):
    """(lambda params body...)"""
    params, body = parsed
    return Node(b.comp.lambda_node(params, body, scope, span), scope, False, True)


# Quasiquote templates up to this many pairs to build become open-coded conses.
QQ_MAX_PAIRS = 64


def _b_quasiquote(b, parsed, form, scope, tails, span):
    """(quasiquote template): a list template with plain unquotes is built by
    open-coded conses (the standard cons, whatever `cons` names here, as
    compiler.py's quasiquote does); nested quasiquote, unquote-splicing,
    unquote with other than one operand, vectors with unquotes and long
    templates go to compiler.py."""
    template, kw = parsed
    if not has_unquote(template, 1, kw):
        return Const(strip(template))
    if not _qq_simple(template, kw):
        return b.fallback_parsed("quasiquote", parsed, form, scope, tails, span)
    comp = b.comp
    if comp.qq_cons is None:
        name = Symbol.intern("cons")
        comp.qq_cons = Cell(name, comp.interp.builtins[name])
    return _qq_conses(b, template, scope, span, form, comp.qq_cons, kw)


def _qq_simple(template, kw) -> bool:
    """True for a template _qq_conses can build: see _b_quasiquote (no cycle: parse_quasiquote checked)."""
    pairs = 0
    stack = [template]
    while stack:
        x = stack.pop()
        if not has_unquote(x, 1, kw) or is_tagged(x, UNQUOTE, kw):
            continue
        if type(x) is not Pair or is_tagged(x, QUASIQUOTE, kw):
            return False
        head = x.car
        if type(head) is Pair and kw(head.car) is not None and not is_tagged(head, UNQUOTE, kw):
            return False  # unquote-splicing, or unquote with other than one operand
        pairs += 1
        if pairs > QQ_MAX_PAIRS:
            return False
        stack.append(x.car)
        stack.append(x.cdr)
    return True


def _qq_conses(b, x, scope, span, form, cell, kw):
    if not has_unquote(x, 1, kw):
        return Const(strip(x))
    if is_tagged(x, UNQUOTE, kw):
        return b.build(x.cdr.car, scope, (), span)
    car = _qq_conses(b, x.car, scope, span, form, cell, kw)
    cdr = _qq_conses(b, x.cdr, scope, span, form, cell, kw)
    return Prim("cons", cell, cell.value, [car, cdr], span, form)


def _b_begin(b, items, form, scope, tails, span):
    """(begin expr...)"""
    if not items:
        return Const(UNSPECIFIED)
    last = len(items) - 1
    nodes = [b.build(x, scope, tails if i == last else (), span) for i, x in enumerate(items)]
    return nodes[0] if len(nodes) == 1 else Seq(nodes)


def _b_let(b, parsed, form, scope, tails, span):
    """(let ((v e) ...) body...) | (let name ((v e) ...) body...); let* as the lets it stands for."""
    name, names, inits, body_forms = parsed
    if name is not None:
        return _b_named_let(b, form, parsed, scope, tails, span)
    initnodes = [b.build(e, scope, (), span) for e in inits]
    inner = Scope(names, scope)
    gen = b.u.own(inner)
    body = b.body(body_forms, inner, span, "let", tails)
    return Let(gen, initnodes, body, False, None)


def _b_letrec(b, parsed, form, scope, tails, span):
    """(letrec* ((v e) ...) body...): a frame of unassigned slots, each e assigned in order."""
    names, inits, body_forms = parsed
    inner = Scope(names, scope)
    for i in range(len(names)):
        inner.checked.add(i)
    gen = b.u.own(inner)
    initnodes = []
    for i, (n, e) in enumerate(zip(names, inits)):
        init = _named_value(b, e, n, inner, span)
        initnodes.append(init)
        unit = lambda_of(b.comp, init)
        if unit is not None:  # (v (lambda ...)): maybe one of a group
            note_binding(("local", 0, i, inner, ()), unit)
    body = b.body(body_forms, inner, span, "letrec", tails)
    return Let(gen, initnodes, body, True, None)


def _b_and(b, items, form, scope, tails, span):
    """(and e...)"""
    if not items:
        return Const(True)
    last = len(items) - 1
    nodes = [b.build(x, scope, tails if i == last else (), span) for i, x in enumerate(items)]
    return nodes[0] if len(nodes) == 1 else And(nodes)


def _b_or(b, items, form, scope, tails, span):
    """(or e...)"""
    if not items:
        return Const(False)
    last = len(items) - 1
    nodes = [b.build(x, scope, tails if i == last else (), span) for i, x in enumerate(items)]
    return nodes[0] if len(nodes) == 1 else Or(nodes)


def _b_when(b, parsed, form, scope, tails, span, negate=False):
    """(when test body...) / (unless test body...)"""
    test, body = parsed
    last = len(body) - 1
    nodes = [b.build(x, scope, tails if i == last else (), span) for i, x in enumerate(body)]
    return When(b.build(test, scope, (), span), nodes[0] if len(nodes) == 1 else Seq(nodes), negate)


def _b_unless(b, parsed, form, scope, tails, span):
    return _b_when(b, parsed, form, scope, tails, span, negate=True)


def _b_cond(b, parsed, form, scope, tails, span):
    """(cond (test body...) (test) ... (else body...)); clauses with => stay on the closure path."""
    if any(kind == "arrow" for kind, _, _, _ in parsed):
        return b.fallback_parsed("cond", parsed, form, scope, tails, span)
    compiled = []
    for kind, test, exprs, cspan in parsed:
        testnode = None if test is None else b.build(test, scope, (), cspan)
        if kind == "value":
            compiled.append((testnode, None))
            continue
        last = len(exprs) - 1
        nodes = [b.build(x, scope, tails if k == last else (), cspan) for k, x in enumerate(exprs)]
        compiled.append((testnode, nodes[0] if len(nodes) == 1 else Seq(nodes)))
    result = None  # no clause chosen: unspecified
    for test, body in reversed(compiled):
        if test is None:
            result = body
        elif body is None:
            result = Or([test, result if result is not None else Const(UNSPECIFIED)])
        else:
            result = If(test, body, result)
    return result


def _b_named_let(b, form, parsed, scope, tails, span):
    """(let name ((v e) ...) body...), as analysis.parse_let returned it in `parsed`:
    a loop when `name` is only called in tail position."""
    name, names, inits, body_forms = parsed
    if b.u.kind == "expr" and b.comp.generate:
        return _island("named let", b, form, parsed, scope, tails, span)
    if _escapes(name, body_forms):
        return _named_let_call(b, form, parsed, scope, tails, span)
    initnodes = [b.build(e, scope, (), span) for e in inits]
    loop_scope = Scope([name], scope)
    name_gen = b.u.own(loop_scope)
    loop = Loop(name_gen, len(names), span)
    b.u.loops = True
    name_gen.var(0).loop = loop
    try:
        inner = Scope(names, loop_scope)
        loop.gen = b.u.own(inner)
        loop.body = b.body(body_forms, inner, span, "lambda", tuple(tails) + (loop,))
        if name_gen.var(0).captured:
            raise Retry(loop)
    except Retry as r:
        if r.loop is not loop:
            raise
        return _named_let_call(b, form, parsed, scope, tails, span, initnodes)
    loop.inits = initnodes
    return loop


def _named_let_call(b, form, parsed, scope, tails, span, initnodes=None):
    """A named let that is not a loop, as R7RS 7.3 writes it:
    `((letrec ((name (lambda (v ...) body...))) name) e ...)`, built as such
    (not as source: `letrec` and `lambda` may be the program's own names), so
    that every back end calls the procedure as any other call (before, it was
    a closures.py node of its own in generated code too).  `initnodes`: the
    inits' IR when the attempt at a loop built them already (in this scope)."""
    name, names, inits, body_forms = parsed
    if initnodes is None:
        initnodes = [b.build(e, scope, (), span) for e in inits]
    inner = Scope([name], scope)
    inner.checked.add(0)
    gen = b.u.own(inner)
    lam = Named(Node(b.comp.lambda_node(list_to_scheme(names), body_forms, inner, span, name), inner, False, True),
                base_symbol(name).name)
    note_binding(("local", 0, 0, inner, ()), lambda_of(b.comp, lam))
    gen.complete = True  # (the lambda, all that reads the name, is built)
    op = Let(gen, [lam], LRef(gen.var(0), span), True, None)
    return Call(op, initnodes, span, form, None, bool(tails), False)


def _b_do(b, parsed, form, scope, tails, span):
    """(do ((var init step)...) (test result...) command...): a loop with a fresh frame per iteration."""
    if b.u.kind == "expr" and b.comp.generate:
        return _island("do", b, form, parsed, scope, tails, span)
    items, names, inits, steps, exit_clause = parsed
    initnodes = [b.build(e, scope, (), span) for e in inits]
    inner = Scope(names, scope)
    loop = Loop(None, len(names), span, calls=False)
    b.u.loops = True
    loop.gen = b.u.own(inner)
    test = b.build(exit_clause[0], inner, (), span)
    last = len(exit_clause) - 2
    results = [b.build(x, inner, tails if k == last else (), span) for k, x in enumerate(exit_clause[1:])]
    commands = [b.build(x, inner, (), span) for x in items[2:]]
    stepnodes = [
        b.build(st, inner, (), span) if st is not None else LRef(loop.gen.var(k), span) for k, st in enumerate(steps)
    ]
    result = (results[0] if len(results) == 1 else Seq(results)) if results else Const(UNSPECIFIED)
    loop.body = If(test, result, Seq(commands + [Recur(loop, stepnodes)]))
    loop.inits = initnodes
    return loop


def _island(kind, b, form, parsed, scope, tails, span):
    """A named let or `do` outside any lambda: a unit of its own, made a
    Python loop when it can be (compiler.py's loop_node)."""
    return Node(b.comp.loop_node(kind, form, parsed, scope, bool(tails), span), scope, bool(tails))


def build_loop(unit, kind, form, parsed, scope, tail, span):
    """The IR of a named let or `do` (as analysis parsed it) owned by loop unit `unit`."""
    tails = ("unit",) if tail else ()
    if kind == "named let":
        return _b_named_let(Builder(unit), form, parsed, scope, tails, span)
    return _b_do(Builder(unit), parsed, form, scope, tails, span)


def _b_case(b, parsed, form, scope, tails, span):
    """(case key ((datum...) body...) ... (else body...)); clauses with => stay on the closure path."""
    key_x, clauses = parsed
    if any(arrow for _, arrow, _, _ in clauses):
        return b.fallback_parsed("case", parsed, form, scope, tails, span)
    key = b.build(key_x, scope, (), span)

    def body(clause):
        exprs, cspan = clause[2], clause[3]
        last = len(exprs) - 1
        nodes = [b.build(x, scope, tails if k == last else (), cspan) for k, x in enumerate(exprs)]
        return nodes[0] if len(nodes) == 1 else Seq(nodes)

    return Case(key, *case_table(clauses, body))


def case_table(clauses, action):
    """Index a case form's clauses (as analysis.parse_case returned them).

    Returns (table, actions, default): `table` maps (type, datum) to the
    number of the clause whose action to run (the first clause naming the
    datum), `default` is the else clause's action or None; action(clause)
    makes a clause's action.
    """
    table: dict = {}
    actions = []
    default = None
    for clause in clauses:
        data = clause[0]
        made = action(clause)
        if data is None:
            default = made
            continue
        for d in data:
            k = case_key(d)
            if k is not None and k not in table:
                table[k] = len(actions)
        actions.append(made)
    return table, actions, default


def _escapes(name, forms) -> bool:
    """Does identifier `name` occur in `forms` other than at the head of a list?"""
    stack = list(forms)
    while stack:
        x = stack.pop()
        if x is name:
            return True
        if type(x) is Pair:
            stack.append(x.cdr)
            head = x.car
            if head is not name:
                stack.append(head)
        elif type(x) is list:
            stack.extend(x)
    return False


# The special forms this module builds itself, by name; any other form is left
# to its own function (Builder.special).
HANDLERS = {
    "quote": _b_quote,
    "if": _b_if,
    "define": _b_define,
    "set!": _b_set,
    "lambda": _b_lambda,
    "begin": _b_begin,
    "let": _b_let,
    "let*": _b_let,
    "letrec": _b_letrec,
    "letrec*": _b_letrec,
    "and": _b_and,
    "or": _b_or,
    "when": _b_when,
    "unless": _b_unless,
    "cond": _b_cond,
    "do": _b_do,
    "case": _b_case,
    "quasiquote": _b_quasiquote,
}




# -- let-values, let*-values and receive: lets of the values ---------------------------
#
# (let-values (((a b) e) ...) body...) is built as two lets: the first binds a
# hidden variable to each e's value (evaluated in order, outside the
# formals' scope), the second binds a and b to that value's elements (a
# primitive of the form's own, open-coded by pyfunc.py while the value is a
# MultipleValues of the formals' length), then the body.  So a let-values in
# a loop runs in line in generated code, as a let does, where it used to be a
# closure-compiled node (forms.compile_let_values, still there for formals
# with a rest list or none, whose shapes this does not build).  The count is
# checked as forms._spread checks it, with its message and the form's place.


def _values_ref(i: int, n: int, span) -> Primitive:
    """The primitive giving element i of a value of n values (n >= 1): one value
    for n = 1, else a MultipleValues of n; any other count is the let-values error."""

    def ref(v):
        vals = v.values if type(v) is MultipleValues else (v,)
        if len(vals) != n:
            raise SchemeError(ErrorObject(f"wrong number of values: expected {n}, got {len(vals)}", ()),
                              span=span)
        return vals[i]

    if n == 1:
        code = OpenCode(1, "type(x) is not {0}", "x", (MultipleValues,))
    else:
        code = OpenCode(1, "type(x) is {0} and len(x.values) == {1}", "x.values[{2}]", (MultipleValues, n, i))
    return Primitive("let-values", ref, 1, 1, code)


def _values_bindings(form, what, span):
    """Check a let-values binding list as forms.compile_let_values does; return
    ([(required formals, expr)], body forms, the binding forms), or None if a
    binding has a rest list or no formals."""
    items = form_args(form, 2, None, span, what)
    out = []
    given = proper_list(items[0], what, form, span)
    for b in given:
        parts = proper_list(b, what, form, span) if type(b) is Pair else None
        if not parts or len(parts) != 2:
            raise syntax_error(f"{what}: bad binding", strip(b), span)
        req, rest = parse_params(parts[0], span)
        out.append((req, parts[1]) if rest is None and req else None)
    return None if None in out else (out, items[1:], given)


def _values_let(b, bindings, body_forms, form, scope, tails, span, what):
    """The two lets of `bindings` [(formals, expr)] around body_forms (see above)."""
    inits = [b.build(e, scope, (), span) for _, e in bindings]
    hidden = [Symbol("values") for _ in bindings]  # (not interned: no program can name them)
    mid = Scope(hidden, scope)
    mid_gen = b.u.own(mid)
    names, refs = [], []
    for h, (req, _) in zip(hidden, bindings):
        for i in range(len(req)):
            prim = _values_ref(i, len(req), span)
            cell = Cell(Symbol("let-values"), prim)
            refs.append(Prim("let-values", cell, prim, [b.ref(h, mid, span)], span, form, prim.inline))
        names.extend(req)
    inner = Scope(names, mid)
    gen = b.u.own(inner)
    body = b.body(body_forms, inner, span, what, tails)
    return Let(mid_gen, inits, Let(gen, refs, body, False, None), False, None)


def _b_let_values(b, form, scope, tails, span):
    """(let-values (((formals) expr) ...) body...), formals without a rest list."""
    parsed = _values_bindings(form, "let-values", span)
    if parsed is None:
        return None
    return _values_let(b, parsed[0], parsed[1], form, scope, tails, span, "let-values")


def _b_let_star_values(b, form, scope, tails, span):
    """(let*-values (b1 b2 ...) body...): each binding's let-values inside the one before."""
    parsed = _values_bindings(form, "let*-values", span)
    if parsed is None:
        return None
    bindings, body_forms, given = parsed
    if len(bindings) <= 1:
        return _values_let(b, bindings, body_forms, form, scope, tails, span, "let*-values")
    # (the rest as a let*-values form of its own, as forms.py rewrites it)
    rest = list_to_scheme([form.car, list_to_scheme(given[1:]), *body_forms])
    rest.span = span
    return _values_let(b, bindings[:1], [rest], form, scope, tails, span, "let*-values")


def _b_receive(b, form, scope, tails, span):
    """(receive (formals) expr body...) with a proper list of formals."""
    items = form_args(form, 3, None, span, "receive")
    req, rest = parse_params(items[0], span)
    if rest is not None or not req:
        return None
    return _values_let(b, [(req, items[1])], items[2:], form, scope, tails, span, "receive")


# Forms built as other IR when their shape allows (Builder.special); else closures of their own.
SUGAR = {"let-values": _b_let_values, "let*-values": _b_let_star_values, "receive": _b_receive}


# The standard procedures whose calls with a lambda literal pyfunc.py writes in
# line: name -> how many lists (map, for-each), strings or vectors they take in line.
INLINED = {"map": (1, 2), "for-each": (1, 2), "string-for-each": (1,), "string-map": (1,),
           "vector-for-each": (1,), "vector-map": (1,), "filter": (1,), "remove": (1,),
           "call/cc": (0,), "call-with-current-continuation": (0,)}


def _lambda_literal(comp, lam, scope):
    """(required parameters, rest or None, body forms, span) of lambda expression
    `lam`, or None when it is not one (or not well formed: the closure's build reports that)."""
    if type(lam) is not Pair or not is_ident(lam.car):
        return None
    rl = comp.resolve(lam.car, scope)
    if rl[0] != "special" or rl[1].name != "lambda":
        return None
    lspan = span_of(lam)
    try:
        params, body_forms = PARSERS["lambda"](comp, lam, scope, lspan)
        req, rest = parse_params(params, lspan)
    except SchemehostError:
        return None
    return req, rest, body_forms, lspan


def _values_candidate(comp, cell, items, scope):
    """("call-with-values", the standard procedure, (producer's parameters, body forms,
    span), (consumer's ...)) when `items` calls the global `cell` holding the
    standard call-with-values with a lambda of no parameters and one of a fixed
    number (at least one, all distinct); else None."""
    orig = comp.interp.builtins.get(cell.name)
    if orig is None or cell.value is not orig or len(items) != 3:
        return None
    producer = _lambda_literal(comp, items[1], scope)
    consumer = _lambda_literal(comp, items[2], scope)
    if producer is None or consumer is None or producer[0] or producer[1] is not None:
        return None
    req = consumer[0]
    if consumer[1] is not None or not req or len(set(map(base_symbol, req))) != len(req):
        return None
    return ("call-with-values", orig, ([], producer[2], producer[3]), (req, consumer[2], consumer[3]))


def _inline_candidate(comp, r, items, scope):
    """(kind, standard procedure, parameters, body forms, span) when call `items`
    (its operator resolved to `r`) is one pyfunc.py may write in line: a global
    holding the standard map, for-each, string-for-each, string-map,
    vector-for-each, vector-map, filter, remove or call/cc (INLINED), called with a lambda literal
    of fixed arity taking one argument per sequence (call/cc: one, its
    continuation only called, continuations.only_called); else None."""
    if r[0] != "global" or not comp.generate or comp.inline_off:
        return None
    cell = r[1]
    name = cell.name.name
    if name == "call-with-values":
        return _values_candidate(comp, cell, items, scope)
    counts = INLINED.get(name)
    if counts is None:
        return None
    orig = comp.interp.builtins.get(cell.name)
    if orig is None or cell.value is not orig or (len(items) - 2) not in counts:
        return None
    lam = _lambda_literal(comp, items[1], scope)
    if lam is None:
        return None
    req, rest, body_forms, lspan = lam
    if rest is not None or len(set(map(base_symbol, req))) != len(req):
        return None
    if counts == (0,):
        if len(req) != 1 or not only_called(req[0], body_forms):
            return None
    elif len(req) != len(items) - 2:
        return None
    return (name, orig, req, body_forms, lspan)

