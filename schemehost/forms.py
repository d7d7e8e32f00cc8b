"""The R7RS special forms beyond the core: guard, parameterize, case-lambda,
define-record-type, the multiple-value binders, and the library forms
(cond-expand, include, import, define-library).

Each compile function handles one form and says the syntax it accepts.
"""

from __future__ import annotations

import os

from .compiler import (
    Macro,
    Scope,
    _args,
    _base,
    _list,
    _name,
    make_sequence,
    parse_params,
    special,
    syntax_error,
)
from .datatypes import NIL, UNASSIGNED, UNSPECIFIED, ErrorObject, MultipleValues, Pair, Symbol, list_to_scheme, sym
from .errors import SchemeError
from .identifiers import is_ident, strip
from .runtime import Parameter, Primitive, Procedure
from .primitives.registry import scheme_error, type_error

_NO_LIMIT = 1 << 30
_NO_MATCH = object()


@special("guard")
def compile_guard(comp, form, scope, tail, span):
    """(guard (var clause...) body...)

    Runs body; a raised object is bound to var and the cond-style clauses
    are tried; with no clause matching, it is raised again to the outer
    handlers.
    """
    from .primitives.control import GUARD

    items = _args(form, 2, None, span, "guard")
    spec = items[0]
    if type(spec) is not Pair or not is_ident(spec.car):
        raise syntax_error("guard: bad syntax", strip(form), span)
    var = spec.car
    clauses = _list(spec.cdr, "guard", form, span)
    body_scope = Scope([], scope)
    body = comp.compile_body(items[1:], body_scope, span, "guard", tail=False)
    pad = [UNASSIGNED] * len(body_scope.names)
    clause_scope = Scope([var], scope)
    has_else = bool(clauses) and type(clauses[-1]) is Pair and comp.is_keyword(clauses[-1].car, "else", clause_scope)
    cond_head = comp.specials[sym("cond")]
    if not has_else:
        clauses = clauses + [list_to_scheme([sym("else"), list_to_scheme([comp.specials[sym("quote")], _NO_MATCH])])]
    if clauses:
        handler = comp.compile(Pair(cond_head, list_to_scheme(clauses)), clause_scope, False, span)
    interp = comp.interp
    apply = comp.apply

    def guard(env):
        handlers = interp.handlers
        depth = len(handlers)
        handlers.append(GUARD)
        try:
            r = body(pad + [env])
            if type(r) is tuple:
                r = apply(r[0], r[1])
            return r
        except SchemeError as e:
            if getattr(e, "min_depth", _NO_LIMIT) <= depth:
                raise
            del handlers[depth:]
            r = handler([e.payload, env])
            if r is _NO_MATCH:
                e.min_depth = depth
                raise
            return r
        finally:
            del handlers[depth:]

    return guard


@special("parameterize")
def compile_parameterize(comp, form, scope, tail, span):
    """(parameterize ((param value) ...) body...)"""
    items = _args(form, 2, None, span, "parameterize")
    pairs = []
    for b in _list(items[0], "parameterize", form, span):
        parts = _list(b, "parameterize", form, span) if type(b) is Pair else None
        if not parts or len(parts) != 2:
            raise syntax_error("parameterize: bad binding", strip(b), span)
        pairs.append((comp.compile(parts[0], scope, False, span), comp.compile(parts[1], scope, False, span)))
    body_scope = Scope([], scope)
    body = comp.compile_body(items[1:], body_scope, span, "parameterize", tail=False)
    pad = [UNASSIGNED] * len(body_scope.names)
    apply = comp.apply

    def parameterize(env):
        params = []
        for pnode, vnode in pairs:
            p = pnode(env)
            if type(p) is not Parameter:
                raise scheme_error("parameterize: not a parameter", p)
            v = vnode(env)
            if p.converter is not None:
                v = apply(p.converter, [v])
            params.append((p, v))
        saved = [(p, p.value) for p, _ in params]
        for p, v in params:
            p.value = v
        try:
            r = body(pad + [env])
            if type(r) is tuple:
                r = apply(r[0], r[1])
            return r
        finally:
            for p, old in saved:
                p.value = old

    return parameterize


class CaseLambda(Procedure):
    """A procedure made by case-lambda: the first clause whose arity fits runs."""

    __slots__ = ("clauses", "name")

    def __init__(self, clauses, name=None):
        self.clauses = clauses
        self.name = name

    def invoke(self, interp, args):
        n = len(args)
        for c in self.clauses:
            if n == c.nreq or (c.rest and n >= c.nreq):
                return (c, args)
        raise scheme_error(f"{self.name or 'case-lambda'}: no clause accepts {n} arguments")


@special("case-lambda")
def compile_case_lambda(comp, form, scope, tail, span):
    """(case-lambda (formals body...) ...)"""
    items = _args(form, 1, None, span, "case-lambda")
    makers = []
    for clause in items:
        if type(clause) is not Pair:
            raise syntax_error("case-lambda: bad clause", strip(clause), span)
        makers.append(comp.lambda_node(clause.car, _list(clause.cdr, "case-lambda", form, span), scope, span))

    def case_lambda(env):
        return CaseLambda([m(env) for m in makers])

    return case_lambda


@special("syntax-error")
def compile_syntax_error(comp, form, scope, tail, span):
    """(syntax-error "message" args...): report an error when this is expanded (R7RS 4.3.3)."""
    from .datatypes import MString

    items = _args(form, 1, None, span, "syntax-error")
    if type(items[0]) is not MString:
        raise syntax_error("syntax-error: message must be a string", strip(form), span)
    err = SchemeError(ErrorObject(items[0].s, [strip(x) for x in items[1:]], kind="syntax"))
    err.span = span
    raise err


# -- records --------------------------------------------------------------------


class RecordType:
    __slots__ = ("name", "fields")

    def __init__(self, name, fields):
        self.name = name
        self.fields = fields

    def scheme_repr(self) -> str:
        return f"#<record-type {self.name}>"


class Record:
    __slots__ = ("rtype", "values")

    def __init__(self, rtype, values):
        self.rtype = rtype
        self.values = values

    def scheme_repr(self) -> str:
        from .printer import write_string

        inner = " ".join(f"{f}: {write_string(v)}" for f, v in zip(self.rtype.fields, self.values))
        return f"#<{self.rtype.name}{' ' if inner else ''}{inner}>"


@special("define-record-type")
def compile_define_record_type(comp, form, scope, tail, span):
    """(define-record-type name (constructor field...) predicate (field accessor [modifier]) ...)"""
    items = _args(form, 2, None, span, "define-record-type")
    tname = items[0]
    if type(tname) is Pair:  # (name extra...) as some Schemes allow
        tname = tname.car
    if not is_ident(tname):
        raise syntax_error("define-record-type: bad type name", strip(form), span)
    type_label = _name(tname).strip("<>")
    field_specs = []
    for f in items[3:]:
        parts = _list(f, "define-record-type", form, span) if type(f) is Pair else [f]
        if not parts or not is_ident(parts[0]) or len(parts) > 3:
            raise syntax_error("define-record-type: bad field", strip(f), span)
        field_specs.append(parts)
    field_names = [_base(p[0]) for p in field_specs]
    rtype = RecordType(type_label, [f.name for f in field_names])
    index = {f: i for i, f in enumerate(field_names)}
    defs = []  # (name identifier, value)

    ctor = items[1]
    if type(ctor) is Pair or is_ident(ctor):
        cname = ctor.car if type(ctor) is Pair else ctor
        cfields = [_base(x) for x in _list(ctor.cdr, "define-record-type", form, span)] if type(ctor) is Pair else field_names
        for f in cfields:
            if f not in index:
                raise syntax_error("define-record-type: constructor names an unknown field", f, span)
        positions = [index[f] for f in cfields]
        nfields = len(field_names)

        def construct(*args, positions=positions):
            values = [False] * nfields
            for pos, v in zip(positions, args):
                values[pos] = v
            return Record(rtype, values)

        defs.append((cname, Primitive(_name(cname), construct, len(positions), len(positions))))
    elif ctor is not False:
        raise syntax_error("define-record-type: bad constructor", strip(ctor), span)

    if len(items) > 2 and is_ident(items[2]):
        def predicate(x):
            return type(x) is Record and x.rtype is rtype

        defs.append((items[2], Primitive(_name(items[2]), predicate, 1, 1)))

    for parts in field_specs:
        i = index[_base(parts[0])]
        if len(parts) > 1:
            aname = _name(parts[1])

            def accessor(r, i=i, aname=aname):
                if type(r) is not Record or r.rtype is not rtype:
                    raise type_error(aname, 1, f"a {type_label} record", r)
                return r.values[i]

            defs.append((parts[1], Primitive(aname, accessor, 1, 1)))
        if len(parts) > 2:
            mname = _name(parts[2])

            def modifier(r, v, i=i, mname=mname):
                if type(r) is not Record or r.rtype is not rtype:
                    raise type_error(mname, 1, f"a {type_label} record", r)
                r.values[i] = v
                return UNSPECIFIED

            defs.append((parts[2], Primitive(mname, modifier, 2, 2)))
    defs.append((tname, rtype))
    nodes = [comp.assign_node(name, scope, comp.constant(value), span, True) for name, value in defs]
    return make_sequence(nodes + [comp.constant(UNSPECIFIED)])


# -- multiple values ------------------------------------------------------------


def _spread(values, nreq, has_rest, span):
    """Return the list of variable values for formals (nreq [+ rest])."""
    vals = values.values if type(values) is MultipleValues else [values]
    if len(vals) < nreq or (not has_rest and len(vals) != nreq):
        raise SchemeError(ErrorObject(f"wrong number of values: expected {nreq}{' or more' if has_rest else ''}, got {len(vals)}", ()), span=span)
    out = list(vals[:nreq])
    if has_rest:
        out.append(list_to_scheme(vals[nreq:]))
    return out


@special("let-values")
def compile_let_values(comp, form, scope, tail, span):
    """(let-values (((formals) expr) ...) body...)"""
    items = _args(form, 2, None, span, "let-values")
    names = []
    specs = []
    for b in _list(items[0], "let-values", form, span):
        parts = _list(b, "let-values", form, span) if type(b) is Pair else None
        if not parts or len(parts) != 2:
            raise syntax_error("let-values: bad binding", strip(b), span)
        req, rest = parse_params(parts[0], span)
        names.extend(req + ([rest] if rest is not None else []))
        specs.append((comp.compile(parts[1], scope, False, span), len(req), rest is not None))
    inner = Scope(names, scope)
    body = comp.compile_body(items[1:], inner, span, "let-values", tail)
    pad = [UNASSIGNED] * (len(inner.names) - len(names))

    def let_values(env):
        frame = []
        for node, nreq, has_rest in specs:
            frame.extend(_spread(node(env), nreq, has_rest, span))
        frame += pad
        frame.append(env)
        return body(frame)

    return let_values


@special("let*-values")
def compile_let_star_values(comp, form, scope, tail, span):
    """(let*-values (b1 b2 ...) body...) => (let-values (b1) (let*-values (b2 ...) body...))"""
    items = _args(form, 2, None, span, "let*-values")
    bindings = _list(items[0], "let*-values", form, span)
    lv = comp.specials[sym("let-values")]
    if len(bindings) <= 1:
        return compile_let_values(comp, Pair(lv, form.cdr), scope, tail, span)
    inner = Pair(comp.specials[sym("let*-values")], Pair(list_to_scheme(bindings[1:]), list_to_scheme(items[1:])))
    return compile_let_values(comp, list_to_scheme([lv, list_to_scheme(bindings[:1]), inner]), scope, tail, span)


@special("receive")
def compile_receive(comp, form, scope, tail, span):
    """(receive formals expr body...) => (let-values ((formals expr)) body...)"""
    items = _args(form, 3, None, span, "receive")
    binding = list_to_scheme([list_to_scheme([items[0], items[1]])])
    return compile_let_values(comp, Pair(comp.specials[sym("let-values")], Pair(binding, list_to_scheme(items[2:]))), scope, tail, span)


@special("define-values")
def compile_define_values(comp, form, scope, tail, span):
    """(define-values formals expr)"""
    items = _args(form, 2, 2, span, "define-values")
    req, rest = parse_params(items[0], span)
    node = comp.compile(items[1], scope, False, span)
    names = req + ([rest] if rest is not None else [])
    holders = [[None] for _ in names]
    setters = []
    for name, holder in zip(names, holders):
        setters.append(comp.assign_node(name, scope, (lambda env, h=holder: h[0]), span, True))
    nreq, has_rest = len(req), rest is not None

    def define_values(env):
        vals = _spread(node(env), nreq, has_rest, span)
        for holder, v in zip(holders, vals):
            holder[0] = v
        for s in setters:
            s(env)
        return UNSPECIFIED

    return define_values


# -- libraries and features ------------------------------------------------------

STANDARD_LIBRARIES = {
    "base", "case-lambda", "char", "complex", "cxr", "eval", "file", "inexact",
    "lazy", "load", "process-context", "read", "repl", "time", "write", "r5rs",
}


class _Expanding(Macro):
    """A built-in form that rewrites itself into another form at compile time."""

    def __init__(self, fn):
        self.fn = fn

    def expand(self, form, scope, comp, span):
        return self.fn(comp, form, scope, span)


def feature_holds(comp, req, span) -> bool:
    """Evaluate a cond-expand feature requirement."""
    if is_ident(req):
        return _name(req) in comp.interp.features
    if type(req) is Pair and is_ident(req.car):
        head = _name(req.car)
        args = _list(req.cdr, "cond-expand", req, span)
        if head == "and":
            return all(feature_holds(comp, a, span) for a in args)
        if head == "or":
            return any(feature_holds(comp, a, span) for a in args)
        if head == "not" and len(args) == 1:
            return not feature_holds(comp, args[0], span)
        if head == "library" and len(args) == 1:
            return library_known(comp, args[0])
    raise syntax_error("cond-expand: bad feature requirement", strip(req), span)


def library_known(comp, name) -> bool:
    parts = [strip(p) for p in _list(name, "import", name, None)] if type(name) is Pair else None
    if not parts:
        return False
    key = _library_key(parts)
    if key in comp.interp.libraries:
        return True
    if type(parts[0]) is Symbol and parts[0].name == "scheme" and len(parts) == 2 and type(parts[1]) is Symbol:
        return parts[1].name in STANDARD_LIBRARIES
    if type(parts[0]) is Symbol and parts[0].name == "srfi" and len(parts) == 2:
        return parts[1] in (1, 6, 8, 9, 23, 39)
    return False


def _library_key(parts) -> str:
    from .printer import write_string

    return write_string(list_to_scheme(parts))


def _expand_cond_expand(comp, form, scope, span):
    """(cond-expand (requirement body...) ... [(else body...)]) => (begin body...)"""
    for clause in _list(form.cdr, "cond-expand", form, span):
        if type(clause) is not Pair:
            raise syntax_error("cond-expand: bad clause", strip(clause), span)
        if (is_ident(clause.car) and _name(clause.car) == "else") or feature_holds(comp, clause.car, span):
            return Pair(comp.specials[sym("begin")], clause.cdr)
    return Pair(comp.specials[sym("begin")], NIL)


def _import_sets(comp, sets, span):
    for spec in sets:
        target = spec
        # (only lib id...) (except lib id...) (prefix lib p) (rename lib ...)
        while type(target) is Pair and is_ident(target.car) and _name(target.car) in ("only", "except", "prefix", "rename"):
            target = target.cdr.car if type(target.cdr) is Pair else None
        if not library_known(comp, target):
            raise syntax_error("import: unknown library", strip(spec), span)


def _expand_import(comp, form, scope, span):
    """(import import-set ...): the standard libraries are always present;
    an unknown library is an error."""
    _import_sets(comp, _list(form.cdr, "import", form, span), span)
    return Pair(comp.specials[sym("begin")], NIL)


def _expand_include(comp, form, scope, span):
    """(include "file" ...) => (begin datum...) read from the files, relative to the includer."""
    from .datatypes import MString
    from .reader import read_all

    comp.interp.check_files(_name(form.car))
    base = os.path.dirname(span.file) if span is not None and not span.file.startswith("<") else os.getcwd()
    data = []
    for f in _list(form.cdr, "include", form, span):
        if type(f) is not MString:
            raise syntax_error("include: file name must be a string", strip(f), span)
        path = os.path.join(base, f.s)
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise SchemeError(ErrorObject(f"include: cannot open file: {exc.strerror}", (f,), kind="file"), span=span) from None
        data.extend(read_all(text, path))
    return Pair(comp.specials[sym("begin")], list_to_scheme(data))


def _expand_define_library(comp, form, scope, span):
    """(define-library (name ...) declaration...)

    A small-local-library form: its body is evaluated in the shared global
    environment (exports are not isolated); importing it afterwards works.
    """
    items = _list(form.cdr, "define-library", form, span)
    if not items or type(items[0]) is not Pair:
        raise syntax_error("define-library: bad library name", strip(form), span)
    body = []
    for decl in items[1:]:
        if type(decl) is not Pair or not is_ident(decl.car):
            raise syntax_error("define-library: bad declaration", strip(decl), span)
        head = _name(decl.car)
        if head == "export":
            continue
        if head == "import":
            _import_sets(comp, _list(decl.cdr, "import", decl, span), span)
        elif head == "begin":
            body.extend(_list(decl.cdr, "begin", decl, span))
        elif head in ("include", "include-ci", "cond-expand"):
            body.append(decl)
        else:
            raise syntax_error(f"define-library: unknown declaration {head}", strip(decl), span)
    comp.interp.libraries.add(_library_key([strip(p) for p in _list(items[0], "define-library", form, span)]))
    return Pair(comp.specials[sym("begin")], list_to_scheme(body))


def _expand_assert(comp, form, scope, span):
    """(assert expr) => (if expr #t (error "assertion failed" 'expr))"""
    (expr,) = _args(form, 1, 1, span, "assert")
    err = list_to_scheme([comp.specials[sym("quote")], strip(expr)])
    check = comp.interp.globals[sym("error")]
    return list_to_scheme([comp.specials[sym("if")], expr, True, list_to_scheme([check, _mstr("assertion failed"), err])])


def _mstr(text):
    from .datatypes import MString

    return MString(text)


BUILTIN_MACROS = {
    "cond-expand": _expand_cond_expand,
    "import": _expand_import,
    "include": _expand_include,
    "include-ci": _expand_include,
    "define-library": _expand_define_library,
    "assert": _expand_assert,
}


def install(interp) -> None:
    """Bind the expanding built-in forms in an interpreter's globals."""
    for name, fn in BUILTIN_MACROS.items():
        interp.define(name, _Expanding(fn))
