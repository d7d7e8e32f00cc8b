"""Analyze Scheme forms once into Python closures (`node(env) -> value`).

Stages: the reader gives datums; `Compiler.compile` resolves every variable
to a lexical address (frame depth, slot) or a global cell, has each core
special form parsed once (analysis.PARSERS; the `@core` builders here and
pyfunc.py's builders both take that parse), and returns a closure tree
that never looks at S-expressions again.  A lambda body goes to pyfunc.py
first, which writes it as one Python function where it can.  runtime.py
describes the frame layout and the tail-call convention the nodes follow.

Derived forms (let, cond, case, do, named let, quasiquote, ...) compile
straight to closures rather than being rewritten into other forms: it is
faster, and it keeps them hygienic without a renaming pass, since their
expansion never passes through the user's names.
"""

from __future__ import annotations

from .analysis import (
    CASE_TYPES,
    DEFINITION_FORMS,
    LAMBDA,
    PARSERS,
    QUASIQUOTE,
    UNQUOTE,
    UNQUOTE_SPLICING,
    Cell,
    Macro,
    Scope,
    SpecialForm,
    TopLevel,
    case_key,
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
from .backend import make_finish, not_procedure_error, unassigned_error, unbound_error
from .codegen import call_node, if_node
from .continuations import note_lambda
from .datatypes import NIL, UNASSIGNED, UNSPECIFIED, ErrorObject, Pair, Symbol, list_to_scheme, scheme_to_list, sym
from .errors import SchemeError, SchemehostError, Span
from .expander import make_transformer
from .identifiers import Alias, base_symbol, is_ident, strip
from .inline import inline_call
from .primitives.control import Promise
from .libraries import import_into
from .primitives.registry import scheme_error
from .pyfunc import compile_do as compile_do_loop
from .pyfunc import compile_lambda as gen_lambda
from .pyfunc import compile_named_let, note_frames
from .runtime import Closure, Procedure

S = sym
_IMPORT_SET_HEADS = frozenset(S(n) for n in ("only", "except", "prefix", "rename"))


SPECIAL_FORMS: dict[str, object] = {}


def special(name: str):
    def deco(fn):
        SPECIAL_FORMS[name] = fn
        return fn

    return deco


# Core form name -> build(comp, parsed, form, scope, tail, span): the closure
# built from what analysis.PARSERS[name] returned for the form.
BUILDERS: dict[str, object] = {}


def core(*names: str):
    """Register a core form's closure builder under `names`; its parse is analysis.PARSERS[name]."""

    def deco(build):
        for name in names:
            parse = PARSERS[name]

            def compile_form(comp, form, scope, tail, span, parse=parse):
                return build(comp, parse(comp, form, scope, span), form, scope, tail, span)

            BUILDERS[name] = build
            SPECIAL_FORMS[name] = compile_form
        return build

    return deco


class Compiler:
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
        # Compile lambda bodies to one Python function each (pyfunc.py);
        # False keeps every lambda on the closure path (for A/B tests).
        self.generate = True
        self.name_hint = None  # the name a (define f (lambda ...)) is defining
        self.frozen: TopLevel | None = None  # the top level eval may not change (compile_in)

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

    # -- lookup -----------------------------------------------------------
    def cell(self, name: Symbol) -> Cell:
        """Return the Cell a top-level definition of `name` assigns."""
        return self.top.own_cell(name)

    def resolve(self, name, scope: Scope | None, top: TopLevel | None = None):
        """Return ('local', depth, index, scope, path) | ('macro', m) | ('special', sf) | ('global', cell).

        `name` is a Symbol or an Alias (an identifier a macro introduced):
        an alias the expansion did not bind resolves in its macro's
        definition scope, and past it in the macro's top level.  A name
        bound nowhere resolves in `top` (default: the one compiling).
        """
        depth = 0
        s = scope
        path = []
        while s is not None:
            m = s.macros.get(name)
            if m is not None:
                return ("macro", m)
            i = s.index.get(name)
            if i is not None:
                return ("local", depth, i, s, path)
            path.append(len(s.names))
            s = s.parent
            depth += 1
        if type(name) is Alias:
            target = name.scope
            s, depth, path = scope, 0, []
            while s is not None and s is not target:
                path.append(len(s.names))
                s = s.parent
                depth += 1
            r = self.resolve(name.sym, target if s is target else None, top if name.top is None else name.top)
            if r[0] == "local":
                return ("local", depth + r[1], r[2], r[3], path + r[4])
            return r
        if top is None:
            top = self.top
        sf = top.syntax.get(name)
        if sf is not None:
            return ("special", sf)
        c = top.cells.get(name)
        if c is None:
            c = top.cells[name] = Cell(name)
        elif isinstance(c.value, Macro):
            return ("macro", c.value)
        return ("global", c)

    # -- entry ------------------------------------------------------------
    def expand_head(self, x, scope: Scope | None, span: Span | None):
        """Expand the macro uses at the head of form `x`, as both compilers must.

        Returns (x, span, special): the expanded form (which may no longer
        be a pair), its span, and the special form its head names, or None
        when it is a call (or not a pair).
        """
        while type(x) is Pair:
            span = span_of(x, span)
            head = x.car
            if type(head) is Symbol or type(head) is Alias:
                r = self.resolve(head, scope)
                kind = r[0]
                if kind == "special":
                    return x, span, r[1]
                if kind == "macro":
                    x = r[1].expand(x, scope, self, span)
                    continue
            elif type(head) is SpecialForm:
                return x, span, head
            break
        return x, span, None

    def compile(self, x, scope: Scope | None = None, tail: bool = False, span: Span | None = None):
        """Return the node for expression `x`."""
        if type(x) is Pair:
            x, span, special_form = self.expand_head(x, scope, span)
            if special_form is not None:
                return special_form.fn(self, x, scope, tail, span)
            if type(x) is Pair:
                return self.compile_call(x, scope, tail, span)
        t = type(x)
        if t is Symbol or t is Alias:
            return self.compile_ref(x, scope, span)
        if x is NIL:
            raise syntax_error("missing procedure expression in ()", None, span)
        if isinstance(x, Cell):  # a hygienically inserted global reference
            return self.compile_cell_ref(x, span)
        return self.constant(x)

    def constant(self, value):
        def const(env):
            return value

        const.leaf = ("const", value)
        return const

    def compile_ref(self, name: Symbol, scope, span):
        r = self.resolve(name, scope)
        kind = r[0]
        if kind == "local":
            _, depth, i, s, path = r
            note_frames(scope, s, i)
            return make_local_ref(depth, i, path, i in s.checked, name, span)
        if kind == "global":
            return self.compile_cell_ref(r[1], span)
        raise syntax_error(f"{ident_name(name)}: syntax keyword used as a variable", None, span)

    def compile_cell_ref(self, cell: Cell, span):
        name = cell.name.name

        def gref(env):
            v = cell.value
            if v is UNASSIGNED:
                raise unbound_error(name, span)
            return v

        gref.leaf = ("gref", cell)
        return gref

    def compile_call(self, x, scope, tail, span):
        items = proper_list(x, "procedure call", x, span)
        head = items[0]
        argnodes = [self.compile(a, scope, False, span) for a in items[1:]]
        if is_ident(head) and len(argnodes) <= 2:
            r = self.resolve(head, scope)
            if r[0] == "global":
                cell = r[1]
                orig = self.interp.builtins.get(cell.name)
                if orig is not None and cell.value is orig:
                    node = inline_call(cell.name.name, cell, orig, argnodes, tail, self.apply, span, x)
                    if node is not None:
                        return node
        fn = self.compile(head, scope, False, span)
        leaf = getattr(fn, "leaf", None)
        opname = leaf[1].name.name if leaf is not None and leaf[0] == "gref" else None
        if tail:
            return make_tail_call(fn, argnodes, span, x, opname)
        def unbound():
            return unbound_error(opname or "?", span)

        extra = {"B": self.budget, "run": self.apply, "call": self.interp._call, "unbound": unbound,
                 "site": (span, x)}
        return call_node(fn, argnodes, extra, tail=False)

    def compile_body(self, forms: list, scope: Scope | None, span, what="body", tail=True):
        """Compile a body: declare its definitions in `scope`, then its expressions.

        (body) => definitions become slots of the body's frame (letrec*
        semantics); expressions run in order; the last is in tail position.
        """
        forms = self.body_forms(forms, scope, span, what)
        nodes = [self.compile(f, scope, tail and i == len(forms) - 1, span) for i, f in enumerate(forms)]
        return make_sequence(nodes)

    def body_forms(self, forms: list, scope: Scope | None, span, what="body") -> list:
        """Check a body (of a lambda, let, ... named `what`) and return its forms to compile, definitions declared."""
        if not forms:
            raise syntax_error(f"{what}: no expressions", None, span)
        return self.scan_body(forms, scope, span)

    def scan_body(self, forms, scope, span):
        """Expand macros at the head of body forms, splice `begin`, declare defines."""
        out = []
        pending = list(reversed(forms))
        while pending:
            f = pending.pop()
            while type(f) is Pair and is_ident(f.car):
                r = self.resolve(f.car, scope)
                if r[0] == "macro":
                    f = r[1].expand(f, scope, self, span_of(f, span))
                    continue
                break
            if type(f) is Pair and is_ident(f.car):
                r = self.resolve(f.car, scope)
                if r[0] == "special":
                    name = r[1].name
                    if name == "begin":
                        pending.extend(reversed(proper_list(f.cdr, "begin", f, span_of(f, span))))
                        continue
                    if scope is not None and name in ("define", "define-values", "define-record-type"):
                        for n in defined_names(f, name, span_of(f, span)):
                            scope.add(n)
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
        return out

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

    def same_binding(self, a, scope_a, b, scope_b, top_a=None) -> bool:
        """free-identifier=?: do identifiers a and b refer to the same binding?"""
        ra, rb = self.resolve(a, scope_a, top_a), self.resolve(b, scope_b)
        if ra[0] != rb[0]:
            return False
        if ra[0] == "local":
            return ra[3] is rb[3] and ra[2] == rb[2]
        if ra[0] == "special":
            return ra[1].name == rb[1].name
        return ra[1] is rb[1]

    def is_keyword(self, x, name: str, scope) -> bool:
        """Is identifier x bound to the auxiliary keyword `name` (else, =>, ...) here?

        Matched by binding, not spelling, so an imported `(prefix ... b:)`
        or renamed `else` works.
        """
        if not is_ident(x):
            return False
        r = self.resolve(x, scope)
        return r[0] == "special" and r[1].name == name

    # -- helpers used by special forms -------------------------------------
    def assign_node(self, name: Symbol, scope, valnode, span, defining: bool):
        r = self.resolve(name, scope)
        if r[0] == "local":
            _, depth, i, s, path = r
            note_frames(scope, s, i)
            return make_local_set(depth, i, path, valnode)
        if r[0] == "global":
            cell = r[1]
            self.check_mutable("define" if defining else "set!", name, span)
            if defining:
                if scope is None and name in self.top.foreign:
                    cell = self.top.own_cell(name)  # shadow the import

                def gdef(env):
                    cell.value = valnode(env)
                    return UNSPECIFIED

                return gdef
            sname = ident_name(name)

            def gset(env):
                v = valnode(env)
                if cell.value is UNASSIGNED:
                    raise unbound_error(sname, span)
                cell.value = v
                return UNSPECIFIED

            return gset
        if defining and scope is None:
            # Redefining a syntactic keyword at top level makes it a variable.
            self.check_mutable("define", name, span)
            base = base_symbol(name)
            self.top.syntax.pop(base, None)
            cell = self.cell(base)
            if isinstance(cell.value, Macro):
                cell.value = UNASSIGNED

            def kdef(env):
                cell.value = valnode(env)
                return UNSPECIFIED

            return kdef
        raise syntax_error(f"set!: cannot assign to syntax keyword {ident_name(name)}", None, span)

    def compile_parsed(self, name: str, parsed, form, scope, tail, span):
        """The closure node of core form `name` from its parse (analysis.PARSERS[name])."""
        return BUILDERS[name](self, parsed, form, scope, tail, span)

    def named_let_closure(self, form, parsed, scope, tail, span):
        """A named let (`parsed` by parse_let) as a closure called in place, never a loop."""
        return _named_let(self, form, parsed, scope, tail, span, as_loop=False)

    def lambda_node(self, params, body_forms, scope, span, name=None):
        """(lambda params body...) => a node that makes a Closure."""
        hint, self.name_hint = self.name_hint, None
        req, rest = parse_params(params, span)
        names = req + ([rest] if rest is not None else [])
        pname = ident_name(name) if is_ident(name) else name
        nreq = len(req)
        has_rest = rest is not None
        if self.generate:
            made = gen_lambda(self, req, rest, body_forms, scope, span, name if is_ident(name) else hint)
            if made is not None:
                fast, body, nslots = made
                if nreq == 1 and not has_rest:
                    note_lambda(body, req[0], body_forms)
                pad = [UNASSIGNED] * (nslots - len(names))

                def make_fast_closure(env):
                    return Closure(body, nreq, has_rest, pad + [env], pname, span, fast, env)

                return make_fast_closure
        inner = Scope(names, scope)
        body = self.compile_body(body_forms, inner, span, "lambda")
        if nreq == 1 and not has_rest:
            note_lambda(body, req[0], body_forms)
        pad = [UNASSIGNED] * (len(inner.names) - len(names))

        def make_closure(env):
            return Closure(body, nreq, has_rest, pad + [env], pname, span)

        return make_closure


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


# ---------------------------------------------------------------------------
# Core special forms
# ---------------------------------------------------------------------------


@core("quote")
def compile_quote(comp, datum, form, scope, tail, span):
    """(quote datum)"""
    return comp.constant(datum)


@core("if")
def compile_if(comp, parsed, form, scope, tail, span):
    """(if test then) | (if test then else)"""
    test_x, then_x, alt_x = parsed
    test = comp.compile(test_x, scope, False, span)
    then = comp.compile(then_x, scope, tail, span)
    if alt_x is None:
        def if1(env):
            if test(env) is not False:
                return then(env)
            return UNSPECIFIED

        return if1
    alt = comp.compile(alt_x, scope, tail, span)
    fused = if_node(test, then, alt)
    if fused is not None:
        return fused

    def if2(env):
        if test(env) is not False:
            return then(env)
        return alt(env)

    return if2


@core("define")
def compile_define(comp, parsed, form, scope, tail, span):
    """(define name) | (define name expr) | (define (name . params) body...)"""
    name, lam, expr = parsed
    if lam is not None:
        valnode = comp.lambda_node(lam[0], lam[1], scope, span, name)
        return comp.assign_node(name, scope, valnode, span, True)
    if expr is UNASSIGNED:
        valnode = comp.constant(UNASSIGNED)
    else:
        if type(expr) is Pair and expr.car is LAMBDA:
            comp.name_hint = name
        try:
            valnode = comp.compile(expr, scope, False, span)
        finally:
            comp.name_hint = None
        valnode = _name_lambda(expr, valnode, name)
    return comp.assign_node(name, scope, valnode, span, True)


def _name_lambda(expr, valnode, name):
    """Give a closure made by (define f (lambda ...)) the name f."""
    if type(expr) is Pair and expr.car is LAMBDA:
        def named(env):
            v = valnode(env)
            if type(v) is Closure and v.name is None:
                v.name = ident_name(name)
            return v

        return named
    return valnode


@core("set!")
def compile_set(comp, parsed, form, scope, tail, span):
    """(set! name expr)"""
    name, expr = parsed
    return comp.assign_node(name, scope, comp.compile(expr, scope, False, span), span, False)


@core("lambda")
def compile_lambda(comp, parsed, form, scope, tail, span):
    """(lambda params body...)"""
    params, body = parsed
    return comp.lambda_node(params, body, scope, span)


@core("begin")
def compile_begin(comp, items, form, scope, tail, span):
    """(begin expr...)  (at top level and in bodies, definitions splice; see scan_body)"""
    if not items:
        return comp.constant(UNSPECIFIED)
    nodes = [comp.compile(x, scope, tail and i == len(items) - 1, span) for i, x in enumerate(items)]
    return make_sequence(nodes)


@core("let", "let*")
def compile_let(comp, parsed, form, scope, tail, span):
    """(let ((v e) ...) body...)  => a new frame [e..., defines..., env]
    (let name ((v e) ...) body...) => ((letrec ((name (lambda (v ...) body...))) name) e ...)
    """
    name, names, inits, body_forms = parsed
    if name is not None:
        return _named_let(comp, form, parsed, scope, tail, span)
    initnodes = [comp.compile(e, scope, False, span) for e in inits]
    inner = Scope(names, scope)
    body = comp.compile_body(body_forms, inner, span, "let", tail)
    pad = [UNASSIGNED] * (len(inner.names) - len(names))
    return _frame_node(initnodes, pad, body)


def _frame_node(initnodes, pad, body):
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


def _named_let(comp, form, parsed, scope, tail, span, as_loop=True):
    """(let name ((v e) ...) body...), as parse_let returned it in `parsed`;
    a while loop (pyfunc.py) when name is only tail-called."""
    name, names, inits, body_forms = parsed
    if as_loop and comp.generate:
        made = compile_named_let(comp, form, parsed, scope, tail, span)
        if made is not None:
            return _loop_node(made, tail, span, comp.apply)
    initnodes = [comp.compile(e, scope, False, span) for e in inits]
    loop_scope = Scope([name], scope)
    make = comp.lambda_node(list_to_scheme(names), body_forms, loop_scope, span, name)
    apply = comp.apply

    def named_let(env):
        frame = [UNASSIGNED, env]
        proc = make(frame)
        frame[0] = proc
        args = [i(env) for i in initnodes]
        if tail:
            return (proc, args)
        try:
            return apply(proc, args)
        except SchemehostError as e:
            if e.span is None:
                e.span = span
            raise

    return named_let


def _loop_node(made, tail, span, apply):
    """The node of a named let compiled by pyfunc.compile_named_let.

    Not in tail position, it runs the loop's tail calls to a value and, as
    `named_let` does, gives an error leaving it the let's position.
    """
    kind, fn = made
    if kind == "node":
        return fn
    if tail:
        return fn

    def named_let_loop(env):
        try:
            r = fn(env)
            if type(r) is tuple:
                r = apply(*r)
            return r
        except SchemehostError as e:
            if e.span is None:
                e.span = span
            raise

    return named_let_loop


@core("letrec", "letrec*")
def compile_letrec(comp, parsed, form, scope, tail, span):
    """(letrec* ((v e) ...) body...) => a frame [UNASSIGNED..., env]; each e is assigned in order."""
    names, inits, body_forms = parsed
    inner = Scope(names, scope)
    for i in range(len(names)):
        inner.checked.add(i)
    initnodes = [_name_lambda(e, comp.compile(e, inner, False, span), n) for n, e in zip(names, inits)]
    body = comp.compile_body(body_forms, inner, span, "letrec", tail)
    size = len(inner.names)
    count = len(names)

    def letrec(env):
        frame = [UNASSIGNED] * size
        frame.append(env)
        for k in range(count):
            frame[k] = initnodes[k](frame)
        return body(frame)

    return letrec


@core("and")
def compile_and(comp, items, form, scope, tail, span):
    """(and e...)"""
    return _and_or(comp, items, True, scope, tail, span)


@core("or")
def compile_or(comp, items, form, scope, tail, span):
    """(or e...)"""
    return _and_or(comp, items, False, scope, tail, span)


def _and_or(comp, items, is_and, scope, tail, span):
    """The node of (and e...) when is_and, else of (or e...): the last operand in tail position."""
    if not items:
        return comp.constant(is_and)
    nodes = [comp.compile(x, scope, tail and i == len(items) - 1, span) for i, x in enumerate(items)]
    if len(nodes) == 1:
        return nodes[0]
    init, last = tuple(nodes[:-1]), nodes[-1]
    if is_and:
        def and_node(env):
            for n in init:
                if n(env) is False:
                    return False
            return last(env)

        return and_node

    def or_node(env):
        for n in init:
            v = n(env)
            if v is not False:
                return v
        return last(env)

    return or_node


@core("when")
def compile_when(comp, parsed, form, scope, tail, span):
    """(when test body...) => (if test (begin body...))"""
    test, body = _test_and_body(comp, parsed, scope, tail, span)

    def when(env):
        if test(env) is not False:
            return body(env)
        return UNSPECIFIED

    return when


def _test_and_body(comp, parsed, scope, tail, span):
    """The nodes of a when/unless form's test and body."""
    test_x, body_forms = parsed
    last = len(body_forms) - 1
    body = make_sequence([comp.compile(x, scope, tail and i == last, span) for i, x in enumerate(body_forms)])
    return comp.compile(test_x, scope, False, span), body


@core("unless")
def compile_unless(comp, parsed, form, scope, tail, span):
    """(unless test body...) => (if test #f (begin body...))"""
    test, body = _test_and_body(comp, parsed, scope, tail, span)

    def unless(env):
        if test(env) is False:
            return body(env)
        return UNSPECIFIED

    return unless


@core("cond")
def compile_cond(comp, parsed, form, scope, tail, span):
    """(cond (test body...) (test => receiver) (test) ... (else body...))"""
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


@core("case")
def compile_case(comp, parsed, form, scope, tail, span):
    """(case key ((datum...) body...) ... (else body...)); `=>` allowed in clauses."""
    key_x, clauses = parsed
    key = comp.compile(key_x, scope, False, span)
    table: dict = {}
    else_action = None
    for data, arrow, exprs, cspan in clauses:
        if arrow:
            action = ("arrow", comp.compile(exprs[0], scope, False, cspan))
        else:
            last = len(exprs) - 1
            action = ("body", make_sequence([comp.compile(x, scope, tail and k == last, cspan) for k, x in enumerate(exprs)]))
        if data is None:
            else_action = action
            continue
        for d in data:
            k = case_key(d)
            if k is not None and k not in table:
                table[k] = action
    apply = comp.apply

    def case(env):
        v = key(env)
        t = type(v)
        action = table.get((t, v)) if t in CASE_TYPES else None
        if action is None:
            action = else_action
            if action is None:
                return UNSPECIFIED
        kind, node = action
        if kind == "body":
            return node(env)
        f = node(env)
        if tail:
            return (f, [v])
        return apply(f, [v])

    return case


@core("do")
def compile_do(comp, parsed, form, scope, tail, span):
    """(do ((var init step)...) (test result...) command...)

    Each iteration gets a fresh frame, so closures made in the loop keep
    their own bindings, as the rewrite into a named let would.  Outside any
    lambda it becomes a while loop (pyfunc.py).
    """
    if comp.generate:
        loop = compile_do_loop(comp, parsed, scope, tail, span)
        if loop is not None:
            return loop
    items, names, inits, steps, exit_clause = parsed
    initnodes = [comp.compile(e, scope, False, span) for e in inits]
    inner = Scope(names, scope)
    test = comp.compile(exit_clause[0], inner, False, span)
    results = [comp.compile(x, inner, tail and k == len(exit_clause) - 2, span) for k, x in enumerate(exit_clause[1:])]
    result = make_sequence(results) if results else comp.constant(UNSPECIFIED)
    commands = tuple(comp.compile(x, inner, False, span) for x in items[2:])
    stepnodes = tuple((k, comp.compile(st, inner, False, span)) for k, st in enumerate(steps) if st is not None)
    n = len(names)

    def do(env):
        frame = [i(env) for i in initnodes]
        frame.append(env)
        while test(frame) is False:
            for c in commands:
                c(frame)
            new = frame[:n]
            for k, st in stepnodes:
                new[k] = st(frame)
            new.append(env)
            frame = new
        return result(frame)

    return do


@core("quasiquote")
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
                result = Pair(v, result)
            else:
                try:
                    items = scheme_to_list(v)
                except ValueError:
                    raise SchemeError(ErrorObject("unquote-splicing: not a proper list", (v,)), span=span) from None
                for it in reversed(items):
                    result = Pair(it, result)
        return result

    return qq_list


def _qq_tagged(tag, nodes):
    """(tag operand ...) inside a nested quasiquote: the tag, then each operand's node."""

    def tagged(env):
        result = NIL
        for node in reversed(nodes):
            result = Pair(node(env), result)
        return Pair(tag, result)

    return tagged


def _qq_list2(comp, tag, node):
    def pair2(env):
        return Pair(tag, Pair(node(env), NIL))

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
    node = comp.compile(expr, scope, False, span)

    def delay(env):
        return Promise(False, lambda: node(env))

    return delay


@special("delay-force")
@special("make-lazy")
def compile_delay_force(comp, form, scope, tail, span):
    """(delay-force expr) => a promise whose forcing forces expr's promise (iteratively)."""
    (expr,) = form_args(form, 1, 1, span, "delay-force")
    node = comp.compile(expr, scope, False, span)

    def delay_force(env):
        return Promise(False, lambda: node(env), lazy=True)

    return delay_force


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
