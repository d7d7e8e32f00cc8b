"""Analysis: what the compiler knows about names and syntax before it generates anything.

The layer between the primitives and the two back ends (compiler.py's
closures, pyfunc.py's Python source).  It holds the compile-time world
(a global `Cell`, a `TopLevel` of cells and keywords, a lexical `Scope`,
`SpecialForm` and `Macro`), the syntax error every form reports, and the
parse of each special form: a `parse_X` function checks a form's syntax
once and returns its parts, and both back ends build from those parts, so
a form is accepted, and rejected with the same message, however it is
compiled.

Nothing here imports a back end.  Name resolution is `Resolver` (the
compiler is one): each parser is handed that object (`comp.resolve`,
`comp.is_keyword`).
"""

from __future__ import annotations

from fractions import Fraction

from .datatypes import NIL, UNASSIGNED, UNSPECIFIED, Char, ErrorObject, Nil, Pair, Symbol, cons, list_to_scheme, scheme_to_list, sym
from .errors import SchemeError, Span
from .identifiers import Alias, base_symbol, find_cycle, has_cycle, is_ident, strip

QUOTE, QUASIQUOTE, UNQUOTE, UNQUOTE_SPLICING = sym("quote"), sym("quasiquote"), sym("unquote"), sym("unquote-splicing")
LAMBDA = sym("lambda")


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

    def keywords_only(self) -> TopLevel:
        """A copy of this environment without its variables (null-environment's)."""
        cells = {n: c for n, c in self.cells.items() if isinstance(c.value, Macro)}
        top = TopLevel(cells, dict(self.syntax))
        top.foreign = self.foreign & cells.keys()
        return top

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


def ident_name(x) -> str:
    return base_symbol(x).name


def span_of(x, default=None):
    return getattr(x, "span", None) or default


def proper_list(x, what: str, form, span) -> list:
    """Return the elements of proper list x or raise a syntax error."""
    try:
        return scheme_to_list(x)
    except ValueError:
        raise syntax_error(f"{what}: bad syntax (improper list)", form, span) from None


DEFINITION_FORMS = frozenset(["define", "define-values", "define-record-type", "define-syntax"])


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
            result = cons(car, result)
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
        raise syntax_error("circular code (a datum label outside a quoted literal)", o, span_of(o, None))


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


class Macro:
    """A syntax transformer: `expand(form, scope, compiler, span) -> form`."""

    def expand(self, form, scope, compiler, span):  # pragma: no cover - abstract
        raise NotImplementedError


class Resolver:
    """Name resolution: what an identifier means where it is used.

    The compiler is one (compiler.Compiler); `top` is the TopLevel names
    bound nowhere else resolve in: the program's, or a library body's while
    it compiles.  Parsers, macros and the IR builder ask it through the
    object they are handed.
    """

    top: TopLevel

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
        while s is not None:
            if s.macros:
                m = s.macros.get(name)
                if m is not None:
                    return ("macro", m)
            i = s.index.get(name)
            if i is not None:
                # The parent link's index in each frame passed on the way (made only when found).
                path = []
                t = scope
                while t is not s:
                    path.append(len(t.names))
                    t = t.parent
                return ("local", depth, i, s, path)
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
            raise syntax_error("lambda: duplicate parameter", base_symbol(n), span)
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
        items = proper_list(form.cdr, "define-record-type", form, span)
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
            for acc in proper_list(field, "define-record-type", form, span)[1:]:
                names.append(acc)
        return names
    return []


def form_args(form, n_min, n_max, span, name):
    items = proper_list(form.cdr, name, form, span)
    if len(items) < n_min or (n_max is not None and len(items) > n_max):
        raise syntax_error(f"{name}: bad syntax", form, span)
    return items


def parse_let(form, span):
    """Check a `let` form once; return (name or None, names, inits, body forms).

    (let ((v e) ...) body...) | (let name ((v e) ...) body...).  Shared by the
    closure compiler and pyfunc, so both accept the same syntax and report it
    with the same messages (as parse_do is for `do`).
    """
    items = form_args(form, 2, None, span, "let")
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
    items = form_args(form, 2, None, span, "let*")
    bindings = proper_list(items[0], "let*", form, span)
    if len(bindings) <= 1:
        return cons(sym("let"), form.cdr)
    inner = cons(sym("let*"), cons(list_to_scheme(bindings[1:]), list_to_scheme(items[1:])))
    inner.span = span
    return list_to_scheme([sym("let"), list_to_scheme(bindings[:1]), inner])


def parse_letrec(form, span):
    """Check a `letrec`/`letrec*` form once; return (names, inits, body forms)."""
    items = form_args(form, 2, None, span, "letrec")
    names, inits = _bindings(items[0], "letrec", form, span)
    return names, inits, items[1:]


def _bindings(spec, what, form, span):
    names, inits = [], []
    for b in proper_list(spec, what, form, span):
        parts = proper_list(b, what, form, span) if type(b) is Pair else None
        if not parts or not is_ident(parts[0]) or len(parts) > 2:
            raise syntax_error(f"{what}: bad binding", strip(b), span)
        if len(parts) == 1 and what not in ("letrec", "letrec*"):
            raise syntax_error(f"{what}: bad binding", b, span)
        if parts[0] in names:
            raise syntax_error(f"{what}: duplicate binding", base_symbol(parts[0]), span)
        names.append(parts[0])
        inits.append(parts[1] if len(parts) == 2 else UNASSIGNED)
    return names, inits


def parse_cond(comp, form, scope, span):
    """Check a `cond` form once; return its clauses as (kind, test, exprs, span).

    kind is "else" (test None), "value" (a test alone), "arrow" (exprs is
    [receiver]) or "body".  Shared by the closure compiler and pyfunc, so
    both accept the same syntax and report it with the same messages.
    """
    clauses = form_args(form, 1, None, span, "cond")
    parsed = []
    for i, clause in enumerate(clauses):
        parts = proper_list(clause, "cond", form, span) if type(clause) is Pair else None
        if not parts:
            raise syntax_error("cond: bad clause", clause, span)
        cspan = span_of(clause, span)
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


def case_key(d):
    t = type(d)
    if t in (int, float, Fraction, Symbol, Char, bool, Nil):
        return (t, d)
    return None


CASE_TYPES = {int, float, Fraction, Symbol, Char, bool, Nil}


def parse_do(form, span):
    """Check a `do` form once; return (items, names, inits, steps, exit clause).

    Shared by the closure compiler and pyfunc, so both accept the same
    syntax and report it with the same messages.
    """
    items = form_args(form, 2, None, span, "do")
    names, inits, steps = [], [], []
    for spec in proper_list(items[0], "do", form, span):
        parts = proper_list(spec, "do", form, span) if type(spec) is Pair else None
        if not parts or not is_ident(parts[0]) or len(parts) > 3:
            raise syntax_error("do: bad variable clause", spec, span)
        names.append(parts[0])
        inits.append(parts[1] if len(parts) > 1 else UNSPECIFIED)
        steps.append(parts[2] if len(parts) == 3 else None)
    exit_clause = proper_list(items[1], "do", form, span) if type(items[1]) is Pair else None
    if not exit_clause:
        raise syntax_error("do: bad exit clause", items[1], span)
    return items, names, inits, steps, exit_clause


_QQ_NAMES = {"unquote": UNQUOTE, "unquote-splicing": UNQUOTE_SPLICING, "quasiquote": QUASIQUOTE}


def qq_keywords(comp, scope):
    """Return kw(x): the quasiquote keyword (as its Symbol) identifier x denotes in `scope`, or None."""
    known: dict = {}

    def kw(x):
        if type(x) is not Symbol and type(x) is not Alias:
            return None
        b = base_symbol(x)
        if b is not UNQUOTE and b is not UNQUOTE_SPLICING and b is not QUASIQUOTE:
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
    return b if b is UNQUOTE or b is UNQUOTE_SPLICING or b is QUASIQUOTE else None


def is_tagged(x, tag, kw=_spelled):
    return type(x) is Pair and kw(x.car) is tag and type(x.cdr) is Pair and x.cdr.cdr is NIL


def tagged_operands(x, tag, kw):
    """The operands of `(tag operand ...)` (a proper list headed by keyword `tag`), or None."""
    if type(x) is not Pair or kw(x.car) is not tag:
        return None
    ops = []
    p = x.cdr
    while type(p) is Pair:
        ops.append(p.car)
        p = p.cdr
    return ops if p is NIL else None


def has_unquote(x, depth, kw=_spelled) -> bool:
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


# ---------------------------------------------------------------------------
# The parse of each core special form: checked once, for both back ends
# ---------------------------------------------------------------------------
#
# A parser takes (comp, form, scope, span), raises the form's syntax error,
# and returns the form's parts (still code: each back end compiles them).
# PARSERS maps a special form's name to its parser; compiler.py's closures
# and pyfunc.py's generated functions both build from what it returns.


def parse_quote(comp, form, scope, span):
    """(quote datum) => the datum, its syntax stripped."""
    (datum,) = form_args(form, 1, 1, span, "quote")
    return strip(datum)


def parse_if(comp, form, scope, span):
    """(if test then) | (if test then else) => (test, then, else or None)."""
    items = form_args(form, 2, 3, span, "if")
    return items[0], items[1], (items[2] if len(items) == 3 else None)


def parse_define(comp, form, scope, span):
    """(define name) | (define name expr) | (define (name . params) body...) => (name, lam, expr).

    For the procedure shape `lam` is (params, body forms) and expr None;
    otherwise lam is None and expr the value's expression (UNASSIGNED for
    `(define name)`).  Curried shapes nest:
    (define ((f a) b) body...) => (define (f a) (lambda (b) body...)).
    """
    items = form_args(form, 1, None, span, "define")
    target = items[0]
    if type(target) is Pair:
        params = target.cdr
        body = items[1:]
        name = target.car
        while type(name) is Pair:  # curried define
            body = [cons(LAMBDA, cons(params, list_to_scheme(body)))]
            params = name.cdr
            name = name.car
        if not is_ident(name):
            raise syntax_error("define: bad syntax", strip(form), span)
        return name, (params, body), None
    if not is_ident(target):
        raise syntax_error("define: bad syntax", strip(form), span)
    if len(items) > 2:
        raise syntax_error("define: bad syntax", form, span)
    return target, None, (items[1] if len(items) == 2 else UNASSIGNED)


def parse_set(comp, form, scope, span):
    """(set! name expr) => (name, expr)."""
    name, expr = form_args(form, 2, 2, span, "set!")
    if not is_ident(name):
        raise syntax_error("set!: bad syntax", strip(form), span)
    return name, expr


def parse_lambda(comp, form, scope, span):
    """(lambda params body...) => (params, body forms); lambda_node checks the parameters."""
    items = form_args(form, 2, None, span, "lambda")
    return items[0], items[1:]


def _sequence_parser(what: str):
    def parse_sequence(comp, form, scope, span):
        """(begin e...) | (and e...) | (or e...) => [e...]."""
        return form_args(form, 0, None, span, what)

    return parse_sequence


def _when_parser(what: str):
    def parse_when(comp, form, scope, span):
        """(when test body...) | (unless test body...) => (test, [body...])."""
        items = form_args(form, 2, None, span, what)
        return items[0], items[1:]

    return parse_when


def parse_let_star(comp, form, scope, span):
    """(let* ((v1 e1) (v2 e2) ...) body...) => parse_let of (let ((v1 e1)) (let* ((v2 e2) ...) body...))."""
    return parse_let(rewrite_let_star(form, span), span)


def parse_case(comp, form, scope, span):
    """(case key ((datum...) body...) ... (else body...)) => (key, clauses).

    Each clause is (data, arrow, exprs, span): data the list of datums
    (None for else); arrow True for `(datum... => receiver)`, whose exprs
    is [receiver].  `else` and `=>` are matched by binding (R7RS 4.3.2: a
    bound `else` is no keyword).
    """
    items = form_args(form, 2, None, span, "case")
    clauses = []
    for i, clause in enumerate(items[1:]):
        parts = proper_list(clause, "case", form, span) if type(clause) is Pair else None
        if not parts or len(parts) < 2:
            raise syntax_error("case: bad clause", clause, span)
        cspan = span_of(clause, span)
        arrow = comp.is_keyword(parts[1], "=>", scope)
        if arrow and len(parts) != 3:
            raise syntax_error("case: bad => clause", clause, cspan)
        exprs = [parts[2]] if arrow else parts[1:]
        if comp.is_keyword(parts[0], "else", scope):
            if i != len(items) - 2:
                raise syntax_error("case: else must be the last clause", clause, cspan)
            clauses.append((None, arrow, exprs, cspan))
            continue
        if type(parts[0]) is not Pair and parts[0] is not NIL:
            raise syntax_error("case: bad clause", strip(clause), cspan)
        clauses.append((proper_list(strip(parts[0]), "case", form, cspan), arrow, exprs, cspan))
    return items[0], clauses


def parse_quasiquote(comp, form, scope, span):
    """(quasiquote template) => (template, kw): kw(x) is the quasiquote keyword x denotes here (qq_keywords)."""
    (template,) = form_args(form, 1, 1, span, "quasiquote")
    kw = qq_keywords(comp, scope)
    if has_unquote(template, 1, kw) and has_cycle(template):
        raise syntax_error("quasiquote: a template with unquote may not contain a cycle (datum label)", None, span)
    return template, kw


PARSERS = {
    "quote": parse_quote,
    "if": parse_if,
    "define": parse_define,
    "set!": parse_set,
    "lambda": parse_lambda,
    "begin": _sequence_parser("begin"),
    "and": _sequence_parser("and"),
    "or": _sequence_parser("or"),
    "when": _when_parser("when"),
    "unless": _when_parser("unless"),
    "let": lambda comp, form, scope, span: parse_let(form, span),
    "let*": parse_let_star,
    "letrec": lambda comp, form, scope, span: parse_letrec(form, span),
    "letrec*": lambda comp, form, scope, span: parse_letrec(form, span),
    "cond": parse_cond,
    "case": parse_case,
    "do": lambda comp, form, scope, span: parse_do(form, span),
    "quasiquote": parse_quasiquote,
}
