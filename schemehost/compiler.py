"""The compiler: forms -> the IR (ir.py) -> closures or Python source.

Stages: the reader gives datums; `Compiler.compile` has ir.Builder expand
macros, resolve every variable (to a slot of a lexical frame or a global
cell) and build the IR from each core special form's parse (analysis.PARSERS:
each form is checked once); closures.py turns that IR into Python closures
that never look at S-expressions again.  A lambda's IR is written by
pyfunc.py as the source of one Python function where it can be, else made
closures too: one front end, two back ends.  runtime.py describes the frame
layout and the tail-call convention both follow.

What the IR does not cover is compiled here (or in forms.py) by one
function each, registered with `@special`: delay, define-syntax,
let-syntax, a cond or case with `=>` clauses, quasiquote's harder templates,
a named let whose name escapes, ...  The builder places their closures in
the IR as `Node`s.

Derived forms (let, cond, case, do, named let, quasiquote, ...) are built
straight into the IR rather than being rewritten into other forms: it is
faster, and it keeps them hygienic without a renaming pass, since their
expansion never passes through the user's names.
"""

from __future__ import annotations

from functools import partial

from .analysis import (
    CASE_TYPES,
    DEFINITION_FORMS,
    PARSERS,
    QUASIQUOTE,
    UNQUOTE,
    UNQUOTE_SPLICING,
    Cell,
    Resolver,
    Scope,
    SpecialForm,
    TopLevel,
    defined_names,
    form_args,
    has_unquote,
    ident_name,
    is_tagged,
    parse_params,
    proper_list,
    reject_circular_code,
    rename_identifiers,
    span_of,
    syntax_error,
    tagged_operands,
)
from .backend import not_procedure_error
from .closures import Closures, constant, loop_node, make_sequence
from .continuations import note_lambda
from .datatypes import NIL, UNASSIGNED, UNSPECIFIED, ErrorObject, Pair, Symbol, cons, list_to_scheme, scheme_to_list, sym
from .errors import SchemeError, Span
from .expander import make_transformer
from .firstcalls import FirstCalls
from .fused import emit_group, may_join_group
from .identifiers import Alias, base_symbol, is_ident, mentions, strip
from .ir import Builder, Node, Unit, build_loop, case_table
from .libraries import import_into
from .primitives.control import new_promise
from .primitives.registry import scheme_error
from .pyfunc import emit_lambda, emit_loop, lambda_deps, standard_token, switched
from .restlists import shared_reads
from .runtime import Closure, ClosureParts, KnownLambda, Procedure, fast_key, make_closure, new_closure
from .typespec import LazyDeps

S = sym

# Calls of a lambda's closures after which its Python function is written (Tier).
TIER_CALLS = 2
_IMPORT_SET_HEADS = frozenset(S(n) for n in ("only", "except", "prefix", "rename"))


def _registrar(table: dict):
    """A decorator factory: @register(name) puts the function in `table` under name."""

    def register(name: str):
        def deco(fn):
            table[name] = fn
            return fn

        return deco

    return register


# Special form name -> compile(comp, form, scope, tail, span), for the forms the IR leaves out.
SPECIAL_FORMS: dict[str, object] = {}
special = _registrar(SPECIAL_FORMS)


def _through_ir(comp, form, scope, tail, span):
    """A core form (ir.HANDLERS builds it): compiled like any expression."""
    return comp.compile(form, scope, tail, span)


for _name in PARSERS:
    SPECIAL_FORMS[_name] = _through_ir


# Core form name -> build(comp, parsed, form, scope, tail, span): the closure of
# a shape of that form the IR leaves to this module (ir.Builder.fallback_parsed).
BUILDERS: dict[str, object] = {}
leftover = _registrar(BUILDERS)


class Compiler(Resolver):
    """Compile forms for one interpreter (its globals, budget and specials)."""

    def __init__(self, interp):
        self.interp = interp
        self.budget = interp.budget
        self.globals: dict[Symbol, Cell] = interp.globals
        # Every special form by name, for forms the compiler builds; what a
        # name means at top level is in `top` (the program's, or a library
        # body's while it compiles).
        self.specials = {S(k): SpecialForm(k, v) for k, v in SPECIAL_FORMS.items()}
        self.top = TopLevel(self.globals, dict(self.specials))
        self.apply = interp.apply
        # Lambda bodies as one Python function each (pyfunc.py): "tiered" (the
        # default) writes a lambda's function once its closures have been called
        # `tier_calls` times (Tier), True at once; False keeps every lambda on the
        # closure path (for A/B tests).
        self.generate: bool | str = "tiered"
        self.tier_calls = TIER_CALLS
        self.name_hint = None  # the name a (define f (lambda ...)) is defining
        # Above 0 while ir.Builder builds the closure of a lambda it also builds in line
        # (ir.Inline): nothing in that closure is built in line again.
        self.inline_off = 0
        self.lambda_made = None  # (maker, Unit) of the lambda lambda_node built last
        self.frozen: TopLevel | None = None  # the top level eval may not change (compile_in)
        self.qq_cons = None  # quasiquote's own Cell of the standard cons (ir._b_quasiquote)

    # -- eval -------------------------------------------------------------
    def compile_in(self, datum, top: TopLevel | None = None, frozen: bool = False):
        """Return the node of top-level form `datum` compiled in `top` (default: the program's).

        With `frozen`, the form may not define or assign a variable of that
        top level (R7RS 6.12: an environment made by `environment` is
        immutable); `load` into it is not eval and may.
        """
        reject_circular_code(datum)
        outer, outer_frozen = self.top, self.frozen
        if top is not None:
            self.top = top
        self.frozen = self.top if frozen else None
        try:
            return self.compile(datum, None, False)
        finally:
            self.top, self.frozen = outer, outer_frozen

    def check_mutable(self, what: str, name, span) -> None:
        """Refuse a definition or assignment of `name` in an environment eval may not change."""
        if self.frozen is not None and self.frozen is self.top:
            raise syntax_error(f"{what}: the environment is immutable", base_symbol(name), span)

    def import_environment(self, specs: list) -> TopLevel:
        """A new top level holding what import sets `specs` provide (`environment`'s)."""
        for spec in specs:
            name = spec
            depth = 0
            while type(name) is Pair and type(name.cdr) is Pair and type(name.car) is Symbol \
                    and name.car in _IMPORT_SET_HEADS:
                name = name.cdr.car
                depth += 1
                if depth > 10_000:
                    raise scheme_error("environment: import set nested too deeply (or circular)", spec)
            if not self.interp.libraries.knows(name):
                raise scheme_error("environment: unknown library", name)
        top = TopLevel({}, {})
        import_into(top, self.interp.libraries, list(specs), None)
        return top

    def unit(self, scope) -> Unit:
        """A unit for code compiled outside any lambda, handed the frame of `scope`."""
        return Unit(self, scope, None, "expr")

    def compile(self, x, scope: Scope | None = None, tail: bool = False, span: Span | None = None):
        """Return the node (a closure) for expression `x`."""
        unit = self.unit(scope)
        ir = Builder(unit).build(x, scope, ("unit",) if tail else (), span)
        return Closures(self, unit).node(ir, scope, tail)

    def constant(self, value):
        return constant(value)

    def compile_body(self, forms: list, scope: Scope | None, span, what="body", tail=True):
        """Compile a body: declare its definitions in `scope`, then its expressions.

        (body) => definitions become slots of the body's frame (letrec*
        semantics); expressions run in order; the last is in tail position.
        """
        unit = self.unit(scope)
        ir = Builder(unit).body(forms, scope, span, what, ("unit",) if tail else ())
        return Closures(self, unit).node(ir, scope, tail)

    def body_forms(self, forms: list, scope: Scope | None, span, what="body") -> list:
        """Check a body (of a lambda, let, ... named `what`) and return its forms to compile, definitions declared."""
        if not forms:
            raise syntax_error(f"{what}: no expressions", None, span)
        return self.scan_body(forms, scope, span)

    def scan_body(self, forms, scope, span):
        """Expand macros at the head of body forms, splice `begin`, declare defines."""
        out = []
        defines = []  # (form, its slot, its name) of each plain (define ...), in order
        plain = True  # definitions first, no define-values, record types, local macros
        pending = list(reversed(forms))
        while pending:
            f = pending.pop()
            r = None  # what the head of f, expanded, resolves to
            while type(f) is Pair and is_ident(f.car):
                r = self.resolve(f.car, scope)
                if r[0] != "macro":
                    break
                f = r[1].expand(f, scope, self, span_of(f, span))
                r = None
            if r is not None:
                if r[0] == "special":
                    name = r[1].name
                    if name == "begin":
                        pending.extend(reversed(proper_list(f.cdr, "begin", f, span_of(f, span))))
                        continue
                    if scope is not None and name in ("define", "define-values", "define-record-type"):
                        for n in defined_names(f, name, span_of(f, span)):
                            i = scope.add(n)
                        if name == "define" and len(defines) == len(out):
                            defines.append((f, i, base_symbol(n).name))
                        else:
                            plain = False
                    if scope is not None and name in ("define-syntax", "let-syntax", "letrec-syntax"):
                        plain = False
                    if scope is not None and name == "define-syntax":
                        self.define_syntax_local(f, scope, span_of(f, span))
                        continue
                    if scope is not None and name in ("let-syntax", "letrec-syntax"):
                        spliced = self.splice_let_syntax(f, name, scope, span_of(f, span))
                        if spliced is not None:
                            pending.extend(reversed(spliced))
                            continue
            out.append(f)
        if not out:
            raise syntax_error("body: no expressions", None, span)
        if plain and defines and not scope.macros:
            self.uncheck_definitions(defines, scope)
        return out

    def uncheck_definitions(self, defines, scope) -> None:
        """Reads of a body's definitions need no test for UNASSIGNED when none can run early.

        A body of definitions then expressions (R7RS 5.3.2: a letrec*) whose
        definitions are lambda expressions, or expressions naming none of the
        body's lambdas and no later definition, assigns every definition
        before any of its lambdas can be called (a lambda expression calls
        nothing; an expression calls only what it names), and a variable
        once assigned never becomes unassigned again.  So the scan of
        `(define (f) ... g ...) (define (g) ...)` drops f's and g's slots
        from `scope.checked`, before anything referring to them is compiled.
        """
        names = [name for _, _, name in defines]
        is_lambda = [self.is_lambda_definition(f, scope) for f, _, _ in defines]
        lambdas = {name for name, lam in zip(names, is_lambda) if lam}
        for k, (f, _, _) in enumerate(defines):
            if is_lambda[k]:
                continue
            forbidden = lambdas | set(names[k:])
            if type(f.cdr.cdr) is Pair and mentions(f.cdr.cdr.car, forbidden, [100_000]):
                return
        for _, i, _ in defines:
            scope.checked.discard(i)

    def is_lambda_definition(self, f, scope) -> bool:
        """Is (define ...) form f's value a lambda expression?"""
        target = f.cdr.car
        if type(target) is Pair:
            return True  # (define (name . params) body...)
        value = f.cdr.cdr.car if type(f.cdr.cdr) is Pair else None
        if type(value) is not Pair or not is_ident(value.car):
            return False
        r = self.resolve(value.car, scope)
        return r[0] == "special" and r[1].name == "lambda"

    def define_syntax_local(self, form, scope, span):
        """(define-syntax name transformer) in a body: bind the macro in `scope`."""
        items = proper_list(form.cdr, "define-syntax", form, span)
        if len(items) != 2 or not is_ident(items[0]):
            raise syntax_error("define-syntax: bad syntax", form, span)
        scope.macros[items[0]] = make_transformer(items[1], scope, self, span, ident_name(items[0]))

    def splice_let_syntax(self, form, name, scope, span) -> list:
        """(let-syntax ((kw transformer) ...) form...) in a body: the forms to splice into it, or None.

        A let-syntax whose forms end in an expression is an R7RS <body> of
        its own and stays one (None: compile it as an expression; chibi's
        r7rs-tests: `(define x 2)` there leaves the outer `x` alone).  One
        with no forms or ending in a definition is no R7RS body: its forms
        join the enclosing body, so its definitions define there (R6RS's
        splicing, which chibi and Guile's letrec-syntax share), while its
        keywords stay visible to its own forms only: each keyword becomes a
        fresh alias bound in the body's scope, and the forms (for
        letrec-syntax, the transformers too) name it by that alias.
        """
        items = proper_list(form.cdr, name, form, span)
        if not items:
            raise syntax_error(f"{name}: bad syntax", strip(form), span)
        bindings = []
        for b in proper_list(items[0], name, form, span):
            parts = proper_list(b, name, form, span) if type(b) is Pair else None
            if not parts or len(parts) != 2 or not is_ident(parts[0]):
                raise syntax_error("let-syntax: bad binding", strip(b), span)
            bindings.append(parts)
        renames = {kw: Alias(kw, scope) for kw, _ in bindings}
        for kw, spec in bindings:
            if name == "letrec-syntax":
                spec = rename_identifiers(spec, renames)
            scope.macros[renames[kw]] = make_transformer(spec, scope, self, span, ident_name(kw))
        return self._ending_in_definition([rename_identifiers(f, renames) for f in items[1:]], scope, span)

    def _ending_in_definition(self, forms, scope, span):
        """`forms` (the last one's head expanded, a trailing begin or let-syntax
        spliced) if they are none or end in a definition, else None."""
        if not forms:
            return forms
        last = forms[-1]
        while type(last) is Pair and is_ident(last.car):
            r = self.resolve(last.car, scope)
            if r[0] != "macro":
                break
            last = r[1].expand(last, scope, self, span_of(last, span))
        r = self.resolve(last.car, scope) if type(last) is Pair and is_ident(last.car) else None
        if r is None or r[0] != "special":
            return None
        name = r[1].name
        if name in DEFINITION_FORMS:
            return forms[:-1] + [last]
        if name == "begin":
            inner = self._ending_in_definition(proper_list(last.cdr, "begin", last, span), scope, span)
        elif name in ("let-syntax", "letrec-syntax"):
            inner = self.splice_let_syntax(last, name, scope, span_of(last, span))
        else:
            return None
        return None if inner is None else forms[:-1] + inner

    # -- helpers used by special forms -------------------------------------
    def assign_node(self, name: Symbol, scope, valnode, span, defining: bool):
        """The node of a definition or assignment of `name` to closure `valnode`'s value."""
        unit = self.unit(scope)
        ir = Builder(unit).assign(name, scope, Node(valnode, scope, False), span, defining, None, ())
        return Closures(self, unit).node(ir, scope, False)

    def compile_parsed(self, name: str, parsed, form, scope, tail, span):
        """The closure of a shape of core form `name` the IR leaves out, from its parse."""
        return BUILDERS[name](self, parsed, form, scope, tail, span)

    def loop_node(self, kind, form, parsed, scope, tail, span):
        """A named let or `do` outside any lambda (`kind`, as analysis parsed it):
        a Python loop of its own (pyfunc.py) where it can be, else closures."""
        unit = Unit(self, scope, None, "loop")
        ir = build_loop(unit, kind, form, parsed, scope, tail, span)
        if type(ir) is Node:
            return ir.node
        fn = emit_loop(unit, ir, tail, kind == "do")
        if fn is None:
            return Closures(self, unit).node(ir, scope, tail)
        if kind == "do":
            return fn
        return loop_node(fn, tail, span, self.apply)

    def lambda_node(self, params, body_forms, scope, span, name=None, thunk=False):
        """(lambda params body...) => a node that makes a Closure.

        With `thunk` (no params): instead, enter(env), which runs the body
        in `env` as a call of such a Closure would, none made, its last
        form not in tail position (a promise's expression, a guard's or a
        parameterize's body: compile_delay, forms.py)."""
        hint, self.name_hint = self.name_hint, None
        req, rest = parse_params(params, span)
        names = req + ([rest] if rest is not None else [])
        pname = ident_name(name) if is_ident(name) else name
        nreq = len(req)
        has_rest = rest is not None
        unit = Unit(self, scope, name if is_ident(name) else hint)
        unit.rest = has_rest
        unit.thunk = thunk
        inner = Scope(names, scope)
        unit.fgen = unit.own(inner)
        unit.params = [unit.fgen.var(i) for i in range(len(names))]
        ir = Builder(unit).body(body_forms, inner, span, "lambda", () if thunk else ("unit",))
        if scope is not None and scope.gen is not None:
            unit.ir = ir  # a lambda of a body may be one of a fused group (fused.group_of)
        nslots = len(inner.names)
        pad = [UNASSIGNED] * (nslots - len(names))
        # What a loop's typed copy must test to call this lambda's closures (pyfunc.py),
        # worked out if a copy asks.
        deps = LazyDeps(lambda: lambda_deps(self, unit, ir)) if self.generate else None
        # When apply may share the caller's list as the rest list (calls.spread).
        reads = shared_reads(unit, ir, self.interp) if has_rest else None
        if reads is not None:
            reads = standard_token(self, reads)
        # A lambda holding a loop is written at once: it may be called once and loop long.
        at_once = self.generate is True or (self.generate and (self.tier_calls <= 0 or unit.loops))
        calls = self.tier_calls
        if at_once and not thunk and may_join_group(unit, ir):
            # Written at its first call instead (on either setting), once its scope is
            # built: its function may hold the siblings it calls in tail position (fused.py).
            at_once, calls = False, 0
        if at_once:
            made = emit_group(unit, len(names), nslots) or emit_lambda(unit, ir, len(names), nslots)
            if made is not None:
                fast, body = made
                body.pure_deps = deps
                body.rest_reads = reads
                if nreq == 1 and not has_rest:
                    note_lambda(body, req[0], body_forms)
                if thunk:
                    return thunk_entry(self.apply, fast=fast)
                return self.made_lambda(unit, Closure.maker(body, nreq, has_rest, pad, pname, span, fast))
        tiered = not at_once and self.generate
        # A tiered lambda's first calls walk its IR (firstcalls.py): no closures made at load.
        tail = not thunk
        body = FirstCalls(self, unit).body(ir, inner, tail) if tiered else Closures(self, unit).node(ir, inner, tail)
        body.pure_deps = deps
        body.rest_reads = reads
        if nreq == 1 and not has_rest:
            note_lambda(body, req[0], body_forms)
        if not tiered:
            if thunk:
                return thunk_entry(self.apply, slow=lambda env: body([*pad, env]))
            return self.made_lambda(unit, Closure.maker(body, nreq, has_rest, pad, pname, span))
        tier = Tier(unit, ir, len(names), nslots, calls)
        tier.deps = deps
        make = tier.maker(body, nreq, has_rest, pad, pname, span)
        if thunk:
            wrapper = tier.wrapper
            return thunk_entry(self.apply, slow=lambda env: wrapper([*pad, env]), tier=tier)
        return self.made_lambda(unit, make)

    def made_lambda(self, unit, maker):
        """Return `maker`, noted as the maker of Unit `unit`'s closures (ir.lambda_of);
        a lambda of fixed arity with a Python function to call (now or once its Tier
        switches) gets the KnownLambda its slot may be bound to (ir.known_lambda)."""
        self.lambda_made = (maker, unit)
        parts = getattr(maker, "parts", None)
        if parts is not None and not parts.rest and (parts.tier is not None or parts.fast is not None):
            unit.known = KnownLambda(maker)
            if parts.tier is not None:
                parts.tier.known = unit.known
        return maker


def thunk_entry(run, fast=None, slow=None, tier=None):
    """enter(env) for lambda_node's `thunk`: the lambda's Python function `fast`;
    else its `tier`'s once written, slow(env) (the body on a frame) until then."""
    if fast is not None:

        def enter(env):
            r = fast(env)
            return run(*r) if type(r) is tuple else r

        return enter

    def enter(env):
        entry = tier.fast if tier is not None else None
        r = entry(env) if entry is not None else slow(env)
        return run(*r) if type(r) is tuple else r

    return enter


def entered_from_group(unit) -> bool:
    """Is `unit` a lambda bound once in a body, its name read only by siblings'
    tail calls (ir.GenScope.used)?"""
    base = unit.base
    g = base.gen if base is not None else None
    if g is None or not g.complete:
        return False
    for i, u in g.lambdas.items():
        if u is unit:
            return i not in g.spoiled and (g.used is None or i not in g.used)
    return False


class Tier:
    """A lambda run straight from its IR (firstcalls.py) until it has been called
    `calls` times, then by the Python function pyfunc.py writes from the SAME
    IR (never from the source again: its macros may have changed since).

    Loading a program makes nothing for a lambda but its IR; the Python
    source is written and compiled only for the lambdas that run.  (Until
    session 7 the first calls ran closures.py's closures, made at load for
    every lambda: a fifth of loading a program.)
    A lambda holding a loop (named let or `do`) is not tiered: it may be
    called once and loop long (compiler.lambda_node writes it at once).
    Tried and reverted: writing it at its first call (loading 1.9x faster,
    the compiling moved into the first run, where it costs as much), and
    building a lambda's closures at its first call (loading 4% faster, a
    small program's first run up to 7% slower).
    The switch changes no behaviour: both back ends give the same values,
    output, errors and step counts (the differential tests hold them to it).
    Closures made before the switch: the first KEEP of them are switched in
    place (their `body`, `fast` and `fk`), so a procedure defined once and
    called often (a top-level define) runs the Python function directly;
    any later one keeps an entry that hands its calls on to it.
    """

    KEEP = 8
    # Calls more before a lambda entered only from its fused group is written (switch).
    WAIT = 256

    __slots__ = ("left", "unit", "ir", "nparams", "nslots", "fast", "body", "made", "wrapper", "deps", "first",
                 "waited", "known")

    def __init__(self, unit, ir, nparams: int, nslots: int, calls: int):
        self.left = calls
        self.unit, self.ir = unit, ir
        self.nparams, self.nslots = nparams, nslots
        self.fast = self.body = None  # the Python function's entries, once written
        self.deps = None  # typespec.LazyDeps of the lambda, for its bodies' pure_deps
        self.made: list | None = []  # closures made before the switch, switched with it
        self.first = None  # body(frame) of the calls before the switch (firstcalls.py's walk)
        self.waited = False
        self.known = None  # the lambda's runtime.KnownLambda, given `fast` at the switch

    def switch(self) -> None:
        """Write and compile the Python function; switch the closures made so far to it.

        Not yet, the first time, for a lambda bound in a body whose name is read
        nowhere but as the operator of its siblings' tail calls (a scanner's
        state): it runs from the group function of the sibling that enters the
        group (fused.py) once that one is written, so written on its own it
        would be compiled for nothing (state-machine's in-word, whose calls
        reach the threshold while its caller's first calls run).  It waits
        WAIT calls more, in case that sibling is called too seldom to be written.
        (A lambda holding a loop is written at its first call: firstcalls.py runs no loop.)"""
        unit, ir = self.unit, self.ir
        if not self.waited and not unit.loops and entered_from_group(unit):
            self.waited = True
            self.left = Tier.WAIT
            return
        comp = unit.comp
        made = emit_group(unit, self.nparams, self.nslots) or emit_lambda(unit, ir, self.nparams, self.nslots)
        self.unit = self.ir = None
        closures, self.made = self.made, None
        if made is None:  # too deeply nested for one function: closures.py's closures it runs
            self.left = 1 << 62
            self.first = Closures(comp, unit).node(ir, unit.fgen.scope, True)
            return
        self.first = None
        self.fast, self.body = made
        if self.known is not None:
            self.known.fast = self.fast
        # continuations.note_lambda's mark (or its later withdrawal) goes with the body.
        self.body.escape_only = getattr(self.wrapper, "escape_only", False)
        self.body.pure_deps = self.deps
        self.body.rest_reads = self.wrapper.rest_reads
        for c in closures:
            c.body, c.fast = self.body, self.fast
            c.fk = fast_key(c.nreq, c.rest, self.fast)
        # Call sites written while these had no fast entry took the generic path: no more.
        switched(comp, closures)

    def maker(self, cbody, nreq, has_rest, pad, pname, span):
        """The node making this lambda's Closures: run by `cbody` (FirstCalls.body),
        counting calls, until the switch."""
        tier = self
        self.first = cbody

        def body(frame):
            pbody = tier.body
            if pbody is not None:
                return pbody(frame)
            tier.left -= 1
            if tier.left < 0 and tier.made is not None:
                tier.switch()
                if tier.body is not None:
                    return tier.body(frame)
            return tier.first(frame)

        if getattr(cbody, "escape_only", False):
            body.escape_only = True
        body.pure_deps = self.deps
        body.rest_reads = getattr(cbody, "rest_reads", None)
        body.tier = self  # (pyfunc.Emitter.simple_call may switch a small lambda early)
        self.wrapper = body

        nparams = -1 if has_rest else nreq
        fk = fast_key(nreq, has_rest, True)  # (stored where the tier's fast entry is written)

        def make_tiered_closure(env):
            fast = tier.fast
            if fast is not None:
                # Closure.maker's make, written in line: one Python frame per
                # lambda expression run, not two (a lambda made in a loop).
                c = new_closure()
                c.body = tier.body
                c.nreq = nreq
                c.rest = has_rest
                c.nparams = nparams
                c.pad = pad
                c.name = pname
                c.span = span
                c.fast = fast
                c.fk = fk
                c.env = env
                return c
            c = make_closure(body, nreq, has_rest, pad, pname, span, None, env)
            made = tier.made
            if made is not None and len(made) < Tier.KEEP:
                made.append(c)
            return c

        # (pyfunc.Emitter.node_value writes the switched case of this in line.)
        make_tiered_closure.parts = ClosureParts(tier, None, None, nreq, has_rest, nparams, pad, pname, span, fk)
        return make_tiered_closure


@leftover("cond")
def compile_cond(comp, parsed, form, scope, tail, span):
    """(cond ...) with a `(test => receiver)` clause (the IR builds every other cond)."""
    compiled = []  # (testnode or None for else, kind, node)
    for kind, test, exprs, cspan in parsed:
        testnode = None if test is None else comp.compile(test, scope, False, cspan)
        if kind == "value":
            compiled.append((testnode, "value", None))
        elif kind == "arrow":
            compiled.append((testnode, "arrow", comp.compile(exprs[0], scope, False, cspan)))
        else:
            last = len(exprs) - 1
            body = make_sequence([comp.compile(x, scope, tail and k == last, cspan) for k, x in enumerate(exprs)])
            compiled.append((testnode, "body", body))
    apply = comp.apply
    clauses_t = tuple(compiled)

    def cond(env):
        for test, kind, node in clauses_t:
            if test is None:
                return node(env)
            v = test(env)
            if v is not False:
                if kind == "body":
                    return node(env)
                if kind == "value":
                    return v
                f = node(env)
                if tail:
                    if not isinstance(f, Procedure):
                        raise not_procedure_error(f, span)
                    return (f, [v])
                return apply(f, [v])
        return UNSPECIFIED

    return cond


@leftover("case")
def compile_case(comp, parsed, form, scope, tail, span):
    """(case key ...) with a `(datum... => receiver)` clause (the IR builds every other case)."""
    key_x, clauses = parsed
    key = comp.compile(key_x, scope, False, span)

    def action(clause):
        _, arrow, exprs, cspan = clause
        if arrow:
            return ("arrow", comp.compile(exprs[0], scope, False, cspan))
        last = len(exprs) - 1
        return ("body", make_sequence([comp.compile(x, scope, tail and k == last, cspan) for k, x in enumerate(exprs)]))

    table, actions, else_action = case_table(clauses, action)
    apply = comp.apply

    def case(env):
        v = key(env)
        t = type(v)
        i = table.get((t, v)) if t in CASE_TYPES else None
        if i is not None:
            kind, node = actions[i]
        elif else_action is not None:
            kind, node = else_action
        else:
            return UNSPECIFIED
        if kind == "body":
            return node(env)
        f = node(env)
        if tail:
            return (f, [v])
        return apply(f, [v])

    return case


@leftover("quasiquote")
def compile_quasiquote(comp, parsed, form, scope, tail, span):
    """(quasiquote template), nested levels and vectors included.

    `unquote`, `unquote-splicing` and `quasiquote` inside the template are
    keywords only where they mean quasiquote's own keywords: a local
    variable named `unquote` makes `,x` plain data (Guile and chibi agree).
    As in Guile, an item `(unquote e ...)` of a list with other than one
    operand contributes each operand's value, and `(unquote-splicing e ...)`
    splices each operand.
    """
    template, kw = parsed
    return _qq(comp, template, 1, scope, span, kw)


def _qq(comp, x, depth, scope, span, kw):
    if not has_unquote(x, depth, kw):
        return comp.constant(strip(x))
    if type(x) is list:
        inner = _qq(comp, list_to_scheme(x), depth, scope, span, kw)

        def vec(env):
            out = []
            p = inner(env)
            while type(p) is Pair:
                out.append(p.car)
                p = p.cdr
            return out

        return vec
    if type(x) is not Pair:
        return comp.constant(strip(x))
    if is_tagged(x, UNQUOTE, kw):
        if depth == 1:
            return comp.compile(x.cdr.car, scope, False, span)
        return _qq_list2(comp, UNQUOTE, _qq(comp, x.cdr.car, depth - 1, scope, span, kw))
    if is_tagged(x, QUASIQUOTE, kw):
        return _qq_list2(comp, QUASIQUOTE, _qq(comp, x.cdr.car, depth + 1, scope, span, kw))
    # Walk the cdr chain iteratively: parts are ('one', node) or ('splice', node).
    parts = []
    p = x
    while type(p) is Pair and not is_tagged(p, UNQUOTE, kw) and not is_tagged(p, QUASIQUOTE, kw):
        item = p.car
        spliced = tagged_operands(item, UNQUOTE_SPLICING, kw)
        each = tagged_operands(item, UNQUOTE, kw) if spliced is None else None
        if depth == 1 and spliced is not None:
            parts.extend(("splice", comp.compile(e, scope, False, span)) for e in spliced)
        elif depth == 1 and each is not None and len(each) != 1:
            parts.extend(("one", comp.compile(e, scope, False, span)) for e in each)
        elif depth > 1 and (spliced is not None or each is not None):
            tag = UNQUOTE_SPLICING if spliced is not None else UNQUOTE
            ops = [_qq(comp, e, depth - 1, scope, span, kw) for e in (spliced if spliced is not None else each)]
            parts.append(("one", _qq_tagged(tag, ops)))
        else:
            parts.append(("one", _qq(comp, item, depth, scope, span, kw)))
        p = p.cdr
    tailnode = _qq(comp, p, depth, scope, span, kw)
    parts_t = tuple(reversed(parts))

    def qq_list(env):
        values = [(kind, node(env)) for kind, node in reversed(parts_t)]
        result = tailnode(env)
        for kind, v in reversed(values):
            if kind == "one":
                result = cons(v, result)
            else:
                try:
                    items = scheme_to_list(v)
                except ValueError:
                    raise SchemeError(ErrorObject("unquote-splicing: not a proper list", (v,)), span=span) from None
                for it in reversed(items):
                    result = cons(it, result)
        return result

    return qq_list


def _qq_tagged(tag, nodes):
    """(tag operand ...) inside a nested quasiquote: the tag, then each operand's node."""

    def tagged(env):
        result = NIL
        for node in reversed(nodes):
            result = cons(node(env), result)
        return cons(tag, result)

    return tagged


def _qq_list2(comp, tag, node):
    def pair2(env):
        return cons(tag, cons(node(env), NIL))

    return pair2


@special("unquote")
@special("unquote-splicing")
def compile_unquote_outside(comp, form, scope, tail, span):
    raise syntax_error(f"{ident_name(form.car)}: not inside a quasiquote", strip(form), span)


@special("else")
@special("=>")
def compile_aux_keyword(comp, form, scope, tail, span):
    raise syntax_error(f"{ident_name(form.car)}: not allowed here", strip(form), span)


@special("delay")
def compile_delay(comp, form, scope, tail, span):
    """(delay expr) => a promise that runs expr once when forced."""
    (expr,) = form_args(form, 1, 1, span, "delay")
    return _promise_node(comp, expr, scope, span, False)


def _promise_node(comp, expr, scope, span, lazy: bool):
    """The node making (delay expr)'s promise, or with `lazy` (delay-force expr)'s.

    The expression is compiled as the body of a lambda of no parameters
    (lambda_node's `thunk`): written as Python once forced often, as any
    lambda, but with no Closure made for each promise (session 17 measured
    that costlier than the closure it saved) and not in tail position, so
    that forcing it is no call: no step, and its calls' frames as before."""
    enter = comp.lambda_node(NIL, [expr], scope, span, thunk=True)

    def delay(env):
        p = new_promise()  # (a Promise without its __init__: one a delay, many a stream)
        p.box = [False, partial(enter, env), lazy]
        return p

    return delay


@special("delay-force")
@special("make-lazy")
def compile_delay_force(comp, form, scope, tail, span):
    """(delay-force expr) => a promise whose forcing forces expr's promise (iteratively)."""
    (expr,) = form_args(form, 1, 1, span, "delay-force")
    return _promise_node(comp, expr, scope, span, True)


@special("define-syntax")
def compile_define_syntax(comp, form, scope, tail, span):
    """(define-syntax name transformer) at top level (bodies: see scan_body)."""
    items = form_args(form, 2, 2, span, "define-syntax")
    name = items[0]
    if not is_ident(name):
        raise syntax_error("define-syntax: bad syntax", strip(form), span)
    if scope is not None:
        comp.define_syntax_local(form, scope, span)
        return comp.constant(UNSPECIFIED)
    comp.check_mutable("define-syntax", name, span)
    macro = make_transformer(items[1], scope, comp, span, ident_name(name))
    base = base_symbol(name)
    comp.top.syntax.pop(base, None)
    comp.cell(base).value = macro
    return comp.constant(UNSPECIFIED)


@special("let-syntax")
@special("letrec-syntax")
def compile_let_syntax(comp, form, scope, tail, span):
    """(let-syntax ((name transformer) ...) body...): macros visible in body only.

    For letrec-syntax the transformers see each other; for let-syntax they
    see the enclosing scope.
    """
    items = form_args(form, 2, None, span, ident_name(form.car))
    inner = Scope([], scope)
    rec = ident_name(form.car) == "letrec-syntax"
    for b in proper_list(items[0], "let-syntax", form, span):
        parts = proper_list(b, "let-syntax", form, span) if type(b) is Pair else None
        if not parts or len(parts) != 2 or not is_ident(parts[0]):
            raise syntax_error("let-syntax: bad binding", strip(b), span)
        inner.macros[parts[0]] = make_transformer(parts[1], inner if rec else scope, comp, span, ident_name(parts[0]))
    body = comp.compile_body(items[1:], inner, span, "let-syntax", tail)
    pad = [UNASSIGNED] * len(inner.names)

    def let_syntax(env):
        frame = pad + [env]
        return body(frame)

    return let_syntax


@special("syntax-rules")
@special("er-macro-transformer")
def compile_syntax_rules_alone(comp, form, scope, tail, span):
    raise syntax_error(f"{ident_name(form.car)}: only allowed as a macro transformer", strip(form), span)

