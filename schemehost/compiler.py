"""Analyze Scheme forms once into Python closures (`node(env) -> value`).

Stages: the reader gives datums; `Compiler.compile` resolves every variable
to a lexical address (frame depth, slot) or a global cell, checks each
special form's syntax once, and returns a closure tree that never looks at
S-expressions again.  runtime.py describes the frame layout and the
tail-call convention the nodes follow.

Derived forms (let, cond, case, do, named let, quasiquote, ...) compile
straight to closures rather than being rewritten into other forms: it is
faster, and it keeps them hygienic without a renaming pass, since their
expansion never passes through the user's names.
"""

from __future__ import annotations

from fractions import Fraction

from .datatypes import (
    NIL,
    UNASSIGNED,
    UNSPECIFIED,
    Char,
    ErrorObject,
    Nil,
    Pair,
    Symbol,
    list_to_scheme,
    sym,
)
from .errors import SchemeError, SchemehostError, Span
from .identifiers import Alias, base_symbol, find_cycle, has_cycle, is_ident, strip
from . import calls
from .codegen import call_node, if_node
from .inline import inline_call
from .pyfunc import compile_do as compile_do_loop
from .pyfunc import compile_lambda as gen_lambda
from .pyfunc import compile_named_let, note_frames
from .runtime import Closure, Procedure

S = sym
_QUOTE, _QUASIQUOTE, _UNQUOTE, _UNQUOTE_SPLICING = S("quote"), S("quasiquote"), S("unquote"), S("unquote-splicing")
_ELSE, _ARROW, _DEFINE, _BEGIN, _DOT3 = S("else"), S("=>"), S("define"), S("begin"), S("...")
_LAMBDA = S("lambda")


class Cell:
    """A global variable: its value, or UNASSIGNED while undefined."""

    __slots__ = ("value", "name")

    def __init__(self, name: Symbol, value=UNASSIGNED):
        self.name = name
        self.value = value

    def __repr__(self) -> str:
        return f"Cell({self.name.name})"

    def scheme_repr(self) -> str:
        return self.name.name


class TopLevel:
    """A top-level environment: the program's, or one library body's.

    `cells` maps a name to its variable's Cell (a macro is a Cell holding a
    Macro); `syntax` maps a name to the special form it is bound to.  Names
    in `foreign` are bound to another library's Cells (libraries.py): a
    definition of one makes a Cell of this environment instead of
    assigning the library's variable.  Only compilation looks names up
    here; a compiled global reference holds its Cell.
    """

    __slots__ = ("cells", "syntax", "foreign")

    def __init__(self, cells: dict, syntax: dict):
        self.cells = cells
        self.syntax = syntax
        self.foreign: set = set()

    def own_cell(self, name: Symbol) -> Cell:
        """Return the Cell a top-level definition of `name` assigns."""
        c = self.cells.get(name)
        if c is None or name in self.foreign:
            self.foreign.discard(name)
            c = self.cells[name] = Cell(name)
        return c


class Scope:
    """One runtime frame's worth of names, known at compile time.

    `names[i]` lives in slot i of the frame; the frame's parent link is at
    index len(names), which is fixed before any reference through this
    scope is compiled (bodies declare their definitions first).
    `checked` holds the slots that may be read before assignment (internal
    definitions, letrec), whose reads test for UNASSIGNED.
    """

    __slots__ = ("names", "index", "parent", "checked", "macros", "gen")

    def __init__(self, names, parent):
        self.names = list(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.parent = parent
        self.checked: set[int] = set()
        self.macros: dict = {}
        self.gen = None  # pyfunc.GenScope while a generated function owns this scope

    def add(self, name: Symbol, checked: bool = True) -> int:
        i = self.index.get(name)
        if i is None:
            i = len(self.names)
            self.names.append(name)
            self.index[name] = i
        if checked:
            self.checked.add(i)
        return i


def syntax_error(message: str, form=None, span: Span | None = None) -> SchemeError:
    irritants = () if form is None else (form,)
    err = SchemeError(ErrorObject(message, irritants, kind="syntax"))
    err.span = span
    return err


def _base(x) -> Symbol:
    return base_symbol(x)


def _name(x) -> str:
    return base_symbol(x).name


def _span_of(x, default=None):
    return getattr(x, "span", None) or default


def _list(x, what: str, form, span) -> list:
    """Return the elements of proper list x or raise a syntax error."""
    out = []
    p = x
    while type(p) is Pair:
        out.append(p.car)
        p = p.cdr
    if p is not NIL:
        raise syntax_error(f"{what}: bad syntax (improper list)", form, span)
    return out


_DEFINITION_FORMS = frozenset(["define", "define-values", "define-record-type", "define-syntax"])


def rename_identifiers(x, renames: dict, seen=None):
    """Return code `x` with each identifier that is a key of `renames` replaced by its value.

    Copies only the pairs and vectors on the way to a replacement (keeping
    the reader's spans); quoted parts are renamed too, which `strip` undoes.
    A pair or vector met twice (shared, or a quoted cycle) is left as it is.
    """
    t = type(x)
    if t is Symbol or t is Alias:
        return renames.get(x, x)
    if t is not Pair and t is not list:
        return x
    if seen is None:
        seen = set()
    if id(x) in seen:
        return x
    seen.add(id(x))
    if t is list:
        out = [rename_identifiers(v, renames, seen) for v in x]
        return x if all(a is b for a, b in zip(out, x)) else out
    items = [x]
    p = x.cdr
    while type(p) is Pair and id(p) not in seen:
        seen.add(id(p))
        items.append(p)
        p = p.cdr
    result = p if type(p) is Pair else rename_identifiers(p, renames, seen)
    changed = result is not p
    for q in reversed(items):
        car = rename_identifiers(q.car, renames, seen)
        if changed or car is not q.car:
            changed = True
            result = Pair(car, result)
            sp = getattr(q, "span", None)
            if sp is not None:
                result.span = sp
        else:
            result = q
    return result


def reject_circular_code(x) -> None:
    """Raise a syntax error if code `x` is circular outside quoted literals.

    Datum labels (#0=) can make any datum circular; R7RS allows that in
    quoted data only.  One walk per top-level form here spares every
    syntax walker (macro patterns, parameter lists, ...) a check of its own.
    """
    o = find_cycle(x, _literal)
    if o is not None:
        raise syntax_error("circular code (a datum label outside a quoted literal)", o, _span_of(o, None))


def _literal(o) -> bool:
    """True for a vector (self-evaluating) or a quote or quasiquote form."""
    if type(o) is not Pair:
        return True
    head = o.car
    return (type(head) is Symbol or type(head) is Alias) and base_symbol(head).name in _LITERAL_HEADS


_LITERAL_HEADS = frozenset(["quote", "quasiquote"])


class SpecialForm:
    """A syntactic keyword bound to a compile function `fn(comp, form, scope, tail, span)`."""

    __slots__ = ("name", "fn")

    def __init__(self, name, fn):
        self.name = name
        self.fn = fn

    def scheme_repr(self) -> str:
        return self.name


SPECIAL_FORMS: dict[str, object] = {}


def special(name: str):
    def deco(fn):
        SPECIAL_FORMS[name] = fn
        return fn

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
            span = _span_of(x, span)
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
        raise syntax_error(f"{_name(name)}: syntax keyword used as a variable", None, span)

    def compile_cell_ref(self, cell: Cell, span):
        name = cell.name.name

        def gref(env):
            v = cell.value
            if v is UNASSIGNED:
                raise _unbound(name, span)
            return v

        gref.leaf = ("gref", cell)
        return gref

    def compile_call(self, x, scope, tail, span):
        items = _list(x, "procedure call", x, span)
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
            return _unbound(opname or "?", span)

        extra = {"B": self.budget, "run": self.apply, "call": self.interp._call, "unbound": unbound,
                 "site": (span, x)}
        return call_node(fn, argnodes, extra, tail=False)

    def compile_body(self, forms: list, scope: Scope | None, span, what="body", tail=True):
        """Compile a body: declare its definitions in `scope`, then its expressions.

        (body) => definitions become slots of the body's frame (letrec*
        semantics); expressions run in order; the last is in tail position.
        """
        if not forms:
            raise syntax_error(f"{what}: no expressions", None, span)
        forms = self.scan_body(forms, scope, span)
        nodes = [self.compile(f, scope, tail and i == len(forms) - 1, span) for i, f in enumerate(forms)]
        return make_sequence(nodes)

    def scan_body(self, forms, scope, span):
        """Expand macros at the head of body forms, splice `begin`, declare defines."""
        out = []
        pending = list(reversed(forms))
        while pending:
            f = pending.pop()
            while type(f) is Pair and is_ident(f.car):
                r = self.resolve(f.car, scope)
                if r[0] == "macro":
                    f = r[1].expand(f, scope, self, _span_of(f, span))
                    continue
                break
            if type(f) is Pair and is_ident(f.car):
                r = self.resolve(f.car, scope)
                if r[0] == "special":
                    name = r[1].name
                    if name == "begin":
                        pending.extend(reversed(_list(f.cdr, "begin", f, _span_of(f, span))))
                        continue
                    if scope is not None and name in ("define", "define-values", "define-record-type"):
                        for n in defined_names(f, name, _span_of(f, span)):
                            scope.add(n)
                    if scope is not None and name == "define-syntax":
                        self.define_syntax_local(f, scope, _span_of(f, span))
                        continue
                    if scope is not None and name in ("let-syntax", "letrec-syntax"):
                        spliced = self.splice_let_syntax(f, name, scope, _span_of(f, span))
                        if spliced is not None:
                            pending.extend(reversed(spliced))
                            continue
            out.append(f)
        if not out:
            raise syntax_error("body: no expressions", None, span)
        return out

    def define_syntax_local(self, form, scope, span):
        """(define-syntax name transformer) in a body: bind the macro in `scope`."""
        from .expander import make_transformer

        items = _list(form.cdr, "define-syntax", form, span)
        if len(items) != 2 or not is_ident(items[0]):
            raise syntax_error("define-syntax: bad syntax", form, span)
        scope.macros[items[0]] = make_transformer(items[1], scope, self, span, _name(items[0]))

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
        from .expander import make_transformer

        items = _list(form.cdr, name, form, span)
        if not items:
            raise syntax_error(f"{name}: bad syntax", strip(form), span)
        bindings = []
        for b in _list(items[0], name, form, span):
            parts = _list(b, name, form, span) if type(b) is Pair else None
            if not parts or len(parts) != 2 or not is_ident(parts[0]):
                raise syntax_error("let-syntax: bad binding", strip(b), span)
            bindings.append(parts)
        renames = {kw: Alias(kw, scope) for kw, _ in bindings}
        for kw, spec in bindings:
            if name == "letrec-syntax":
                spec = rename_identifiers(spec, renames)
            scope.macros[renames[kw]] = make_transformer(spec, scope, self, span, _name(kw))
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
            last = r[1].expand(last, scope, self, _span_of(last, span))
        r = self.resolve(last.car, scope) if type(last) is Pair and is_ident(last.car) else None
        if r is None or r[0] != "special":
            return None
        name = r[1].name
        if name in _DEFINITION_FORMS:
            return forms[:-1] + [last]
        if name == "begin":
            inner = self._ending_in_definition(_list(last.cdr, "begin", last, span), scope, span)
        elif name in ("let-syntax", "letrec-syntax"):
            inner = self.splice_let_syntax(last, name, scope, _span_of(last, span))
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
            if defining:
                if scope is None and name in self.top.foreign:
                    cell = self.top.own_cell(name)  # shadow the import

                def gdef(env):
                    cell.value = valnode(env)
                    return UNSPECIFIED

                return gdef
            sname = _name(name)

            def gset(env):
                v = valnode(env)
                if cell.value is UNASSIGNED:
                    raise _unbound(sname, span)
                cell.value = v
                return UNSPECIFIED

            return gset
        if defining and scope is None:
            # Redefining a syntactic keyword at top level makes it a variable.
            base = _base(name)
            self.top.syntax.pop(base, None)
            cell = self.cell(base)
            if isinstance(cell.value, Macro):
                cell.value = UNASSIGNED

            def kdef(env):
                cell.value = valnode(env)
                return UNSPECIFIED

            return kdef
        raise syntax_error(f"set!: cannot assign to syntax keyword {_name(name)}", None, span)

    def lambda_node(self, params, body_forms, scope, span, name=None):
        """(lambda params body...) => a node that makes a Closure."""
        hint, self.name_hint = self.name_hint, None
        req, rest = parse_params(params, span)
        names = req + ([rest] if rest is not None else [])
        pname = _name(name) if is_ident(name) else name
        nreq = len(req)
        has_rest = rest is not None
        if self.generate:
            made = gen_lambda(self, req, rest, body_forms, scope, span, name if is_ident(name) else hint)
            if made is not None:
                fast, body, nslots = made
                pad = [UNASSIGNED] * (nslots - len(names))

                def make_fast_closure(env):
                    return Closure(body, nreq, has_rest, pad + [env], pname, span, fast, env)

                return make_fast_closure
        inner = Scope(names, scope)
        body = self.compile_body(body_forms, inner, span, "lambda")
        pad = [UNASSIGNED] * (len(inner.names) - len(names))

        def make_closure(env):
            return Closure(body, nreq, has_rest, pad + [env], pname, span)

        return make_closure


class Macro:
    """A syntax transformer: `expand(form, scope, compiler, span) -> form`."""

    def expand(self, form, scope, compiler, span):  # pragma: no cover - abstract
        raise NotImplementedError


def _unbound(name: str, span) -> SchemeError:
    err = SchemeError(ErrorObject("unbound variable", (Symbol.intern(name),)))
    err.span = span
    return err


def _unassigned(name: Symbol, span) -> SchemeError:
    err = SchemeError(ErrorObject("variable used before its definition", (name,)))
    err.span = span
    return err


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
                raise _unassigned(name, span)
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
                raise _unassigned(name, span)
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
            raise _unassigned(name, span)
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


def make_finish(span, form, opname):
    """Return finish(f, args) for a tail call whose operator is not a Closure (calls.make_finish)."""

    def unbound():
        return _unbound(opname or "?", span)

    return calls.make_finish(span, form, unbound)


def _not_procedure(f, span):
    return calls.not_procedure_error(f, span)


def parse_params(params, span):
    """Return (required symbols, rest symbol or None) from a lambda list."""
    req = []
    p = params
    while type(p) is Pair:
        if not is_ident(p.car):
            raise syntax_error("lambda: parameter must be an identifier", strip(p.car), span)
        req.append(p.car)
        p = p.cdr
    rest = None
    if is_ident(p):
        rest = p
    elif p is not NIL:
        raise syntax_error("lambda: bad parameter list", params, span)
    seen = set()
    for n in req + ([rest] if rest else []):
        if n in seen:
            raise syntax_error("lambda: duplicate parameter", _base(n), span)
        seen.add(n)
    return req, rest


def defined_names(form, head, span) -> list:
    """Return the names a definition form binds (for body scanning)."""
    if head == "define":
        target = form.cdr.car if type(form.cdr) is Pair else None
        while type(target) is Pair:  # (define ((f a) b) ...) curried
            target = target.car
        if not is_ident(target):
            raise syntax_error("define: bad syntax", form, span)
        return [target]
    if head == "define-values":
        if type(form.cdr) is not Pair:
            raise syntax_error("define-values: bad syntax", form, span)
        req, rest = parse_params(form.cdr.car, span)
        return req + ([rest] if rest is not None else [])
    if head == "define-record-type":
        items = _list(form.cdr, "define-record-type", form, span)
        names = []
        if len(items) < 2:
            raise syntax_error("define-record-type: bad syntax", form, span)
        ctor = items[1]
        if type(ctor) is Pair:
            names.append(ctor.car)
        elif is_ident(ctor):
            names.append(ctor)
        if is_ident(items[0]):
            names.append(items[0])
        if len(items) > 2 and is_ident(items[2]):
            names.append(items[2])
        for field in items[3:]:
            for acc in _list(field, "define-record-type", form, span)[1:]:
                names.append(acc)
        return names
    return []


# ---------------------------------------------------------------------------
# Core special forms
# ---------------------------------------------------------------------------


def _args(form, n_min, n_max, span, name):
    items = _list(form.cdr, name, form, span)
    if len(items) < n_min or (n_max is not None and len(items) > n_max):
        raise syntax_error(f"{name}: bad syntax", form, span)
    return items


@special("quote")
def compile_quote(comp, form, scope, tail, span):
    """(quote datum)"""
    (datum,) = _args(form, 1, 1, span, "quote")
    return comp.constant(strip(datum))


@special("if")
def compile_if(comp, form, scope, tail, span):
    """(if test then) | (if test then else)"""
    items = _args(form, 2, 3, span, "if")
    test = comp.compile(items[0], scope, False, span)
    then = comp.compile(items[1], scope, tail, span)
    if len(items) == 2:
        def if1(env):
            if test(env) is not False:
                return then(env)
            return UNSPECIFIED

        return if1
    alt = comp.compile(items[2], scope, tail, span)
    fused = if_node(test, then, alt)
    if fused is not None:
        return fused

    def if2(env):
        if test(env) is not False:
            return then(env)
        return alt(env)

    return if2


@special("define")
def compile_define(comp, form, scope, tail, span):
    """(define name) | (define name expr) | (define (name . params) body...)

    Curried shapes nest: (define ((f a) b) body) => (define (f a) (lambda (b) body)).
    """
    items = _args(form, 1, None, span, "define")
    target = items[0]
    if type(target) is Pair:
        params = target.cdr
        body = items[1:]
        name = target.car
        while type(name) is Pair:  # curried define
            body = [Pair(_LAMBDA, Pair(params, list_to_scheme(body)))]
            params = name.cdr
            name = name.car
        if not is_ident(name):
            raise syntax_error("define: bad syntax", strip(form), span)
        valnode = comp.lambda_node(params, body, scope, span, name)
        return comp.assign_node(name, scope, valnode, span, True)
    if not is_ident(target):
        raise syntax_error("define: bad syntax", strip(form), span)
    if len(items) > 2:
        raise syntax_error("define: bad syntax", form, span)
    if len(items) == 1:
        valnode = comp.constant(UNASSIGNED)
    else:
        if type(items[1]) is Pair and items[1].car is _LAMBDA:
            comp.name_hint = target
        try:
            valnode = comp.compile(items[1], scope, False, span)
        finally:
            comp.name_hint = None
        valnode = _name_lambda(items[1], valnode, target)
    return comp.assign_node(target, scope, valnode, span, True)


def _name_lambda(expr, valnode, name):
    """Give a closure made by (define f (lambda ...)) the name f."""
    if type(expr) is Pair and expr.car is _LAMBDA:
        def named(env):
            v = valnode(env)
            if type(v) is Closure and v.name is None:
                v.name = _name(name)
            return v

        return named
    return valnode


@special("set!")
def compile_set(comp, form, scope, tail, span):
    """(set! name expr)"""
    name, expr = _args(form, 2, 2, span, "set!")
    if not is_ident(name):
        raise syntax_error("set!: bad syntax", strip(form), span)
    return comp.assign_node(name, scope, comp.compile(expr, scope, False, span), span, False)


@special("lambda")
def compile_lambda(comp, form, scope, tail, span):
    """(lambda params body...)"""
    items = _args(form, 2, None, span, "lambda")
    return comp.lambda_node(items[0], items[1:], scope, span)


@special("begin")
def compile_begin(comp, form, scope, tail, span):
    """(begin expr...)  (at top level and in bodies, definitions splice; see scan_body)"""
    items = _args(form, 0, None, span, "begin")
    if not items:
        return comp.constant(UNSPECIFIED)
    nodes = [comp.compile(x, scope, tail and i == len(items) - 1, span) for i, x in enumerate(items)]
    return make_sequence(nodes)


@special("let")
def compile_let(comp, form, scope, tail, span):
    """(let ((v e) ...) body...)  => a new frame [e..., defines..., env]
    (let name ((v e) ...) body...) => ((letrec ((name (lambda (v ...) body...))) name) e ...)
    """
    parsed = parse_let(form, span)
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


def parse_let(form, span):
    """Check a `let` form once; return (name or None, names, inits, body forms).

    (let ((v e) ...) body...) | (let name ((v e) ...) body...).  Shared by the
    closure compiler and pyfunc, so both accept the same syntax and report it
    with the same messages (as parse_do is for `do`).
    """
    items = _args(form, 2, None, span, "let")
    if is_ident(items[0]):
        if len(items) < 3:
            raise syntax_error("let: bad syntax", form, span)
        names, inits = _bindings(items[1], "let", form, span)
        return items[0], names, inits, items[2:]
    names, inits = _bindings(items[0], "let", form, span)
    return None, names, inits, items[1:]


def rewrite_let_star(form, span):
    """Check a `let*` form; return the `let` form it stands for.

    (let* () body...) => (let () body...); (let* ((v1 e1)) body...) => (let ((v1 e1)) body...);
    (let* ((v1 e1) (v2 e2) ...) body...) => (let ((v1 e1)) (let* ((v2 e2) ...) body...))
    """
    items = _args(form, 2, None, span, "let*")
    bindings = _list(items[0], "let*", form, span)
    if len(bindings) <= 1:
        return Pair(S("let"), form.cdr)
    inner = Pair(S("let*"), Pair(list_to_scheme(bindings[1:]), list_to_scheme(items[1:])))
    inner.span = span
    return list_to_scheme([S("let"), list_to_scheme(bindings[:1]), inner])


def parse_letrec(form, span):
    """Check a `letrec`/`letrec*` form once; return (names, inits, body forms)."""
    items = _args(form, 2, None, span, "letrec")
    names, inits = _bindings(items[0], "letrec", form, span)
    return names, inits, items[1:]


def _bindings(spec, what, form, span):
    names, inits = [], []
    for b in _list(spec, what, form, span):
        parts = _list(b, what, form, span) if type(b) is Pair else None
        if not parts or not is_ident(parts[0]) or len(parts) > 2:
            raise syntax_error(f"{what}: bad binding", strip(b), span)
        if len(parts) == 1 and what not in ("letrec", "letrec*"):
            raise syntax_error(f"{what}: bad binding", b, span)
        if parts[0] in names:
            raise syntax_error(f"{what}: duplicate binding", _base(parts[0]), span)
        names.append(parts[0])
        inits.append(parts[1] if len(parts) == 2 else UNASSIGNED)
    return names, inits


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


@special("let*")
def compile_let_star(comp, form, scope, tail, span):
    """(let* ((v1 e1) (v2 e2) ...) body...) => (let ((v1 e1)) (let* ((v2 e2) ...) body...))"""
    return compile_let(comp, rewrite_let_star(form, span), scope, tail, span)


@special("letrec")
@special("letrec*")
def compile_letrec(comp, form, scope, tail, span):
    """(letrec* ((v e) ...) body...) => a frame [UNASSIGNED..., env]; each e is assigned in order."""
    names, inits, body_forms = parse_letrec(form, span)
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


@special("and")
def compile_and(comp, form, scope, tail, span):
    """(and e...)"""
    items = _args(form, 0, None, span, "and")
    if not items:
        return comp.constant(True)
    nodes = [comp.compile(x, scope, tail and i == len(items) - 1, span) for i, x in enumerate(items)]
    if len(nodes) == 1:
        return nodes[0]
    init, last = tuple(nodes[:-1]), nodes[-1]

    def and_node(env):
        for n in init:
            if n(env) is False:
                return False
        return last(env)

    return and_node


@special("or")
def compile_or(comp, form, scope, tail, span):
    """(or e...)"""
    items = _args(form, 0, None, span, "or")
    if not items:
        return comp.constant(False)
    nodes = [comp.compile(x, scope, tail and i == len(items) - 1, span) for i, x in enumerate(items)]
    if len(nodes) == 1:
        return nodes[0]
    init, last = tuple(nodes[:-1]), nodes[-1]

    def or_node(env):
        for n in init:
            v = n(env)
            if v is not False:
                return v
        return last(env)

    return or_node


@special("when")
def compile_when(comp, form, scope, tail, span):
    """(when test body...) => (if test (begin body...))"""
    items = _args(form, 2, None, span, "when")
    test = comp.compile(items[0], scope, False, span)
    body = make_sequence([comp.compile(x, scope, tail and i == len(items) - 2, span) for i, x in enumerate(items[1:])])

    def when(env):
        if test(env) is not False:
            return body(env)
        return UNSPECIFIED

    return when


@special("unless")
def compile_unless(comp, form, scope, tail, span):
    """(unless test body...) => (if test #f (begin body...))"""
    items = _args(form, 2, None, span, "unless")
    test = comp.compile(items[0], scope, False, span)
    body = make_sequence([comp.compile(x, scope, tail and i == len(items) - 2, span) for i, x in enumerate(items[1:])])

    def unless(env):
        if test(env) is False:
            return body(env)
        return UNSPECIFIED

    return unless


def parse_cond(comp, form, scope, span):
    """Check a `cond` form once; return its clauses as (kind, test, exprs, span).

    kind is "else" (test None), "value" (a test alone), "arrow" (exprs is
    [receiver]) or "body".  Shared by the closure compiler and pyfunc, so
    both accept the same syntax and report it with the same messages.
    """
    clauses = _args(form, 1, None, span, "cond")
    parsed = []
    for i, clause in enumerate(clauses):
        parts = _list(clause, "cond", form, span) if type(clause) is Pair else None
        if not parts:
            raise syntax_error("cond: bad clause", clause, span)
        cspan = _span_of(clause, span)
        if comp.is_keyword(parts[0], "else", scope):
            if i != len(clauses) - 1 or len(parts) < 2:
                raise syntax_error("cond: else must be the last clause and have a body", clause, cspan)
            parsed.append(("else", None, parts[1:], cspan))
        elif len(parts) == 1:
            parsed.append(("value", parts[0], [], cspan))
        elif comp.is_keyword(parts[1], "=>", scope):
            if len(parts) != 3:
                raise syntax_error("cond: bad => clause", clause, cspan)
            parsed.append(("arrow", parts[0], [parts[2]], cspan))
        else:
            parsed.append(("body", parts[0], parts[1:], cspan))
    return parsed


@special("cond")
def compile_cond(comp, form, scope, tail, span):
    """(cond (test body...) (test => receiver) (test) ... (else body...))"""
    compiled = []  # (testnode or None for else, kind, node)
    for kind, test, exprs, cspan in parse_cond(comp, form, scope, span):
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
                        raise _not_procedure(f, span)
                    return (f, [v])
                return apply(f, [v])
        return UNSPECIFIED

    return cond


def _case_key(d):
    t = type(d)
    if t in (int, float, Fraction, Symbol, Char, bool, Nil):
        return (t, d)
    return None


@special("case")
def compile_case(comp, form, scope, tail, span):
    """(case key ((datum...) body...) ... (else body...)); `=>` allowed in clauses."""
    items = _args(form, 2, None, span, "case")
    key = comp.compile(items[0], scope, False, span)
    table: dict = {}
    actions = []
    else_action = None
    for i, clause in enumerate(items[1:]):
        parts = _list(clause, "case", form, span) if type(clause) is Pair else None
        if not parts or len(parts) < 2:
            raise syntax_error("case: bad clause", clause, span)
        cspan = _span_of(clause, span)
        if comp.is_keyword(parts[1], "=>", scope):
            if len(parts) != 3:
                raise syntax_error("case: bad => clause", clause, cspan)
            action = ("arrow", comp.compile(parts[2], scope, False, cspan))
        else:
            action = ("body", make_sequence([comp.compile(x, scope, tail and k == len(parts) - 2, cspan) for k, x in enumerate(parts[1:])]))
        if comp.is_keyword(parts[0], "else", scope):
            if i != len(items) - 2:
                raise syntax_error("case: else must be the last clause", clause, cspan)
            else_action = action
            continue
        if type(parts[0]) is not Pair and parts[0] is not NIL:  # a bound `else` is no keyword (R7RS 4.3.2)
            raise syntax_error("case: bad clause", strip(clause), cspan)
        for d in _list(strip(parts[0]), "case", form, cspan):
            k = _case_key(d)
            if k is not None and k not in table:
                table[k] = action
        actions.append(action)
    apply = comp.apply

    def case(env):
        v = key(env)
        t = type(v)
        action = table.get((t, v)) if t in _CASE_TYPES else None
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


_CASE_TYPES = {int, float, Fraction, Symbol, Char, bool, Nil}


def parse_do(form, span):
    """Check a `do` form once; return (items, names, inits, steps, exit clause).

    Shared by the closure compiler and pyfunc, so both accept the same
    syntax and report it with the same messages.
    """
    items = _args(form, 2, None, span, "do")
    names, inits, steps = [], [], []
    for spec in _list(items[0], "do", form, span):
        parts = _list(spec, "do", form, span) if type(spec) is Pair else None
        if not parts or not is_ident(parts[0]) or len(parts) > 3:
            raise syntax_error("do: bad variable clause", spec, span)
        names.append(parts[0])
        inits.append(parts[1] if len(parts) > 1 else UNSPECIFIED)
        steps.append(parts[2] if len(parts) == 3 else None)
    exit_clause = _list(items[1], "do", form, span) if type(items[1]) is Pair else None
    if not exit_clause:
        raise syntax_error("do: bad exit clause", items[1], span)
    return items, names, inits, steps, exit_clause


@special("do")
def compile_do(comp, form, scope, tail, span):
    """(do ((var init step)...) (test result...) command...)

    Each iteration gets a fresh frame, so closures made in the loop keep
    their own bindings, as the rewrite into a named let would.  Outside any
    lambda it becomes a while loop (pyfunc.py).
    """
    if comp.generate:
        loop = compile_do_loop(comp, form, scope, tail, span)
        if loop is not None:
            return loop
    items, names, inits, steps, exit_clause = parse_do(form, span)
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


@special("quasiquote")
def compile_quasiquote(comp, form, scope, tail, span):
    """(quasiquote template), nested levels and vectors included.

    `unquote`, `unquote-splicing` and `quasiquote` inside the template are
    keywords only where they mean quasiquote's own keywords: a local
    variable named `unquote` makes `,x` plain data (Guile and chibi agree).
    As in Guile, an item `(unquote e ...)` of a list with other than one
    operand contributes each operand's value, and `(unquote-splicing e ...)`
    splices each operand.
    """
    (template,) = _args(form, 1, 1, span, "quasiquote")
    kw = qq_keywords(comp, scope)
    if _has_unquote(template, 1, kw) and has_cycle(template):
        raise syntax_error("quasiquote: a template with unquote may not contain a cycle (datum label)", None, span)
    return _qq(comp, template, 1, scope, span, kw)


_QQ_NAMES = {"unquote": _UNQUOTE, "unquote-splicing": _UNQUOTE_SPLICING, "quasiquote": _QUASIQUOTE}


def qq_keywords(comp, scope):
    """Return kw(x): the quasiquote keyword (as its Symbol) identifier x denotes in `scope`, or None."""
    known: dict = {}

    def kw(x):
        if type(x) is not Symbol and type(x) is not Alias:
            return None
        b = base_symbol(x)
        if b is not _UNQUOTE and b is not _UNQUOTE_SPLICING and b is not _QUASIQUOTE:
            return None
        tag = known.get(x, known)
        if tag is known:
            r = comp.resolve(x, scope)
            tag = known[x] = _QQ_NAMES.get(r[1].name) if r[0] == "special" else None
        return tag

    return kw


def _spelled(x):
    """kw for a template read without a scope: quasiquote's keywords by spelling."""
    if type(x) is not Symbol and type(x) is not Alias:
        return None
    b = base_symbol(x)
    return b if b is _UNQUOTE or b is _UNQUOTE_SPLICING or b is _QUASIQUOTE else None


def _is_tagged(x, tag, kw=_spelled):
    return type(x) is Pair and kw(x.car) is tag and type(x.cdr) is Pair and x.cdr.cdr is NIL


def _tagged_operands(x, tag, kw):
    """The operands of `(tag operand ...)` (a proper list headed by keyword `tag`), or None."""
    if type(x) is not Pair or kw(x.car) is not tag:
        return None
    ops = []
    p = x.cdr
    while type(p) is Pair:
        ops.append(p.car)
        p = p.cdr
    return ops if p is NIL else None


def _has_unquote(x, depth, kw=_spelled) -> bool:
    seen = set()  # a template may be cyclic (datum labels)
    stack = [x]
    while stack:
        o = stack.pop()
        if type(o) is Pair or type(o) is list:
            if id(o) in seen:
                continue
            seen.add(id(o))
        if type(o) is Pair:
            if kw(o.car) is not None:
                return True
            stack.append(o.car)
            stack.append(o.cdr)
        elif type(o) is list:
            stack.extend(o)
    return False


def _qq(comp, x, depth, scope, span, kw):
    if not _has_unquote(x, depth, kw):
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
    if _is_tagged(x, _UNQUOTE, kw):
        if depth == 1:
            return comp.compile(x.cdr.car, scope, False, span)
        return _qq_list2(comp, _UNQUOTE, _qq(comp, x.cdr.car, depth - 1, scope, span, kw))
    if _is_tagged(x, _QUASIQUOTE, kw):
        return _qq_list2(comp, _QUASIQUOTE, _qq(comp, x.cdr.car, depth + 1, scope, span, kw))
    # Walk the cdr chain iteratively: parts are ('one', node) or ('splice', node).
    parts = []
    p = x
    while type(p) is Pair and not _is_tagged(p, _UNQUOTE, kw) and not _is_tagged(p, _QUASIQUOTE, kw):
        item = p.car
        spliced = _tagged_operands(item, _UNQUOTE_SPLICING, kw)
        each = _tagged_operands(item, _UNQUOTE, kw) if spliced is None else None
        if depth == 1 and spliced is not None:
            parts.extend(("splice", comp.compile(e, scope, False, span)) for e in spliced)
        elif depth == 1 and each is not None and len(each) != 1:
            parts.extend(("one", comp.compile(e, scope, False, span)) for e in each)
        elif depth > 1 and (spliced is not None or each is not None):
            tag = _UNQUOTE_SPLICING if spliced is not None else _UNQUOTE
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
                items = []
                q = v
                while type(q) is Pair:
                    items.append(q.car)
                    q = q.cdr
                if q is not NIL:
                    raise SchemeError(ErrorObject("unquote-splicing: not a proper list", (v,)), span=span)
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
    raise syntax_error(f"{_name(form.car)}: not inside a quasiquote", strip(form), span)


@special("else")
@special("=>")
def compile_aux_keyword(comp, form, scope, tail, span):
    raise syntax_error(f"{_name(form.car)}: not allowed here", strip(form), span)


@special("delay")
def compile_delay(comp, form, scope, tail, span):
    """(delay expr) => a promise that runs expr once when forced."""
    from .primitives.control import Promise

    (expr,) = _args(form, 1, 1, span, "delay")
    node = comp.compile(expr, scope, False, span)

    def delay(env):
        return Promise(False, lambda: node(env))

    return delay


@special("delay-force")
@special("make-lazy")
def compile_delay_force(comp, form, scope, tail, span):
    """(delay-force expr) => a promise whose forcing forces expr's promise (iteratively)."""
    from .primitives.control import Promise

    (expr,) = _args(form, 1, 1, span, "delay-force")
    node = comp.compile(expr, scope, False, span)

    def delay_force(env):
        return Promise(False, lambda: node(env), lazy=True)

    return delay_force


@special("define-syntax")
def compile_define_syntax(comp, form, scope, tail, span):
    """(define-syntax name transformer) at top level (bodies: see scan_body)."""
    from .expander import make_transformer

    items = _args(form, 2, 2, span, "define-syntax")
    name = items[0]
    if not is_ident(name):
        raise syntax_error("define-syntax: bad syntax", strip(form), span)
    if scope is not None:
        comp.define_syntax_local(form, scope, span)
        return comp.constant(UNSPECIFIED)
    macro = make_transformer(items[1], scope, comp, span, _name(name))
    base = _base(name)
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
    from .expander import make_transformer

    items = _args(form, 2, None, span, _name(form.car))
    inner = Scope([], scope)
    rec = _name(form.car) == "letrec-syntax"
    for b in _list(items[0], "let-syntax", form, span):
        parts = _list(b, "let-syntax", form, span) if type(b) is Pair else None
        if not parts or len(parts) != 2 or not is_ident(parts[0]):
            raise syntax_error("let-syntax: bad binding", strip(b), span)
        inner.macros[parts[0]] = make_transformer(parts[1], inner if rec else scope, comp, span, _name(parts[0]))
    body = comp.compile_body(items[1:], inner, span, "let-syntax", tail)
    pad = [UNASSIGNED] * len(inner.names)

    def let_syntax(env):
        frame = pad + [env]
        return body(frame)

    return let_syntax


@special("syntax-rules")
@special("er-macro-transformer")
def compile_syntax_rules_alone(comp, form, scope, tail, span):
    raise syntax_error(f"{_name(form.car)}: only allowed as a macro transformer", strip(form), span)
