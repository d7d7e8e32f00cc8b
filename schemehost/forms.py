"""The R7RS special forms beyond the core: guard, parameterize, case-lambda,
define-record-type, the multiple-value binders, and the library forms
(cond-expand, include, import, define-library).

Each compile function handles one form and says the syntax it accepts.
"""

from __future__ import annotations

import os

from .analysis import (
    Macro,
    Scope,
    SpecialForm,
    TopLevel,
    form_args,
    ident_name,
    parse_params,
    proper_list,
    reject_circular_code,
    span_of,
    syntax_error,
)
from .closures import make_sequence
from .compiler import special
from .continuations import bind
from .datatypes import NIL, UNASSIGNED, UNSPECIFIED, ErrorObject, MString, MultipleValues, Pair, cons, list_to_scheme, new_string, sym
from .errors import SchemeError, position_after
from .identifiers import base_symbol, is_ident, strip
from .libraries import Library, Registry, import_into, library_key, library_name
from .primitives.control import NO_MATCH, GuardFrame, GuardReturn
from .reader import ReadOptions, read_all, read_prefix
from .runtime import CaseLambda, OpenCode, Parameter, Primitive, Procedure
from .primitives.registry import scheme_error, type_error

_NO_LIMIT = 1 << 30


@special("guard")
def compile_guard(comp, form, scope, tail, span):
    """(guard (var clause...) body...)

    Runs body; a raised object is bound to var and the cond-style clauses
    are tried; with no clause matching, it is raised again to the outer
    handlers.
    """
    items = form_args(form, 2, None, span, "guard")
    spec = items[0]
    if type(spec) is not Pair or not is_ident(spec.car):
        raise syntax_error("guard: bad syntax", strip(form), span)
    var = spec.car
    clauses = proper_list(spec.cdr, "guard", form, span)
    # The body is a lambda's of no parameters, not in tail position (lambda_node's
    # thunk): written as Python once run often, where it was closures.
    body = comp.lambda_node(NIL, items[1:], scope, span, thunk=True)
    clause_scope = Scope([var], scope)
    has_else = bool(clauses) and type(clauses[-1]) is Pair and comp.is_keyword(clauses[-1].car, "else", clause_scope)
    cond_head = comp.specials[sym("cond")]
    if not has_else:
        clauses = clauses + [list_to_scheme([sym("else"), list_to_scheme([comp.specials[sym("quote")], NO_MATCH])])]
    if clauses:
        handler = comp.compile(cons(cond_head, list_to_scheme(clauses)), clause_scope, False, span)
    interp = comp.interp
    new_frame = tuple.__new__

    def guard(env):
        handlers = interp.handlers
        depth = len(handlers)
        frame = new_frame(GuardFrame, (handler, env, tuple(interp.winders)))
        handlers.append(frame)
        try:
            return body(env)
        except GuardReturn as g:
            if g.args[0] is not frame:
                raise
            return g.args[1]
        except SchemeError as e:
            if getattr(e, "min_depth", _NO_LIMIT) <= depth:
                raise
            del handlers[depth:]
            r = handler([e.payload, env])
            if r is NO_MATCH:
                e.min_depth = depth
                raise
            return r
        finally:
            del handlers[depth:]

    return guard


@special("parameterize")
def compile_parameterize(comp, form, scope, tail, span):
    """(parameterize ((param value) ...) body...)"""
    items = form_args(form, 2, None, span, "parameterize")
    pairs = []
    for b in proper_list(items[0], "parameterize", form, span):
        parts = proper_list(b, "parameterize", form, span) if type(b) is Pair else None
        if not parts or len(parts) != 2:
            raise syntax_error("parameterize: bad binding", strip(b), span)
        pairs.append((comp.compile(parts[0], scope, False, span), comp.compile(parts[1], scope, False, span)))
    body = comp.lambda_node(NIL, items[1:], scope, span, thunk=True)  # (as guard's body)
    apply = comp.apply
    interp = comp.interp

    def parameterize(env):
        params = []
        for pnode, vnode in pairs:
            p = pnode(env)
            if type(p) is not Parameter:
                err = scheme_error("parameterize: not a parameter", p)
                err.span = span  # (the form's position: no call of a procedure reports it)
                raise err
            v = vnode(env)
            if p.converter is not None:
                v = apply(p.converter, [v])
            params.append((p, v))
        return bind(interp, params, env, body)

    return parameterize


@special("case-lambda")
def compile_case_lambda(comp, form, scope, tail, span):
    """(case-lambda (formals body...) ...)"""
    items = form_args(form, 1, None, span, "case-lambda")
    makers = []
    for clause in items:
        if type(clause) is not Pair:
            raise syntax_error("case-lambda: bad clause", strip(clause), span)
        makers.append(comp.lambda_node(clause.car, proper_list(clause.cdr, "case-lambda", form, span), scope, span))

    def case_lambda(env):
        return CaseLambda([m(env) for m in makers])

    return case_lambda


@special("syntax-error")
def compile_syntax_error(comp, form, scope, tail, span):
    """(syntax-error "message" args...): report an error when this is expanded (R7RS 4.3.3)."""
    items = form_args(form, 1, None, span, "syntax-error")
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
    """A record.  Each define-record-type makes a subclass of its own whose
    slots are its fields, named f0, f1, ... in the order the form lists them,
    and whose class attribute `rtype` is its RecordType: `type(x) is C` alone
    says x is a record of that type, and a field is one attribute read."""

    __slots__ = ()
    rtype = None

    @property
    def values(self) -> list:
        """The fields' values, in the order the form lists them."""
        return [getattr(self, name) for name in type(self).__slots__]

    def scheme_fields(self):
        """The printer's view: the type's name and (field name, value) pairs."""
        return self.rtype.name, list(zip(self.rtype.fields, self.values))


def _record_constructor(cls, nfields: int, positions: list[int]):
    """The function (constructor arg ...) runs: a new `cls` with argument k in
    field positions[k] and #f in the fields the constructor does not name.
    Written as Python text with a store per field, so making a record is one
    call and no loop; the text holds nothing but slot names and numbers."""
    args = [f"a{k}" for k in range(len(positions))]
    given = dict(zip(positions, args))
    lines = [f"def construct({', '.join(args)}):", "    r = new_record()"]
    lines += [f"    r.f{i} = {given.get(i, 'False')}" for i in range(nfields)]
    lines.append("    return r")
    # The class itself makes an empty record: Record has no __init__, so the call
    # runs no Python frame (70 ns where object.__new__ bound in a partial took 106,
    # measured; as datatypes.new_pair).
    namespace = {"new_record": cls}
    exec(compile("\n".join(lines), "<define-record-type>", "exec"), namespace)
    construct = namespace["construct"]
    # What generated code needs to make the record in the caller (pyfunc.Emitter.build_call):
    # the maker of an empty record, and the field each argument goes to (None: #f).
    arg_of = {p: k for k, p in enumerate(positions)}
    construct.layout = (namespace["new_record"], [arg_of.get(i) for i in range(nfields)])
    return construct


# The guard of an accessor or modifier in line (runtime.OpenCode): its record type's class.
_IS_RECORD = "type(x) is {0}"


@special("define-record-type")
def compile_define_record_type(comp, form, scope, tail, span):
    """(define-record-type name (constructor field...) predicate (field accessor [modifier]) ...)"""
    items = form_args(form, 2, None, span, "define-record-type")
    tname = items[0]
    if type(tname) is Pair:  # (name extra...) as some Schemes allow
        tname = tname.car
    if not is_ident(tname):
        raise syntax_error("define-record-type: bad type name", strip(form), span)
    type_label = ident_name(tname).strip("<>")
    field_specs = []
    for f in items[3:]:
        parts = proper_list(f, "define-record-type", form, span) if type(f) is Pair else [f]
        if not parts or not all(is_ident(x) for x in parts) or len(parts) > 3:
            raise syntax_error("define-record-type: bad field", strip(f), span)
        field_specs.append(parts)
    field_names = [base_symbol(p[0]) for p in field_specs]
    rtype = RecordType(type_label, [f.name for f in field_names])
    cls = type("Record", (Record,), {"__slots__": tuple(f"f{i}" for i in range(len(field_names))), "rtype": rtype})
    index = {f: i for i, f in enumerate(field_names)}
    defs = []  # (name identifier, value)

    ctor = items[1]
    if type(ctor) is Pair or is_ident(ctor):
        cname = ctor.car if type(ctor) is Pair else ctor
        if not is_ident(cname):
            raise syntax_error("define-record-type: bad constructor", strip(ctor), span)
        cfields = [base_symbol(x) for x in proper_list(ctor.cdr, "define-record-type", form, span)] if type(ctor) is Pair else field_names
        for f in cfields:
            if f not in index:
                raise syntax_error("define-record-type: constructor names an unknown field", f, span)
        positions = [index[f] for f in cfields]
        construct = _record_constructor(cls, len(field_names), positions)
        inline = None
        if len(positions) <= 3:  # in line: the constructor's function called straight away
            inline = OpenCode(len(positions), "True", f"{{0}}({', '.join('xyz'[:len(positions)])})", (construct,))
        defs.append((cname, Primitive(ident_name(cname), construct, len(positions), len(positions), inline)))
    elif ctor is not False:
        raise syntax_error("define-record-type: bad constructor", strip(ctor), span)

    if len(items) > 2 and not (is_ident(items[2]) or items[2] is False):
        raise syntax_error("define-record-type: bad predicate name", strip(items[2]), span)
    if len(items) > 2 and is_ident(items[2]):
        def predicate(x):
            return type(x) is cls

        inline = OpenCode(1, "True", "type(x) is {0}", (cls,), boolean=True)
        defs.append((items[2], Primitive(ident_name(items[2]), predicate, 1, 1, inline)))

    for parts in field_specs:
        i = index[base_symbol(parts[0])]
        if len(parts) > 1:
            aname = ident_name(parts[1])

            def accessor(r, field=f"f{i}", aname=aname):
                if type(r) is not cls:
                    raise type_error(aname, 1, f"a {type_label} record", r)
                return getattr(r, field)

            inline = OpenCode(1, _IS_RECORD, f"x.f{i}", (cls,))
            defs.append((parts[1], Primitive(aname, accessor, 1, 1, inline)))
        if len(parts) > 2:
            mname = ident_name(parts[2])

            def modifier(r, v, field=f"f{i}", mname=mname):
                if type(r) is not cls:
                    raise type_error(mname, 1, f"a {type_label} record", r)
                setattr(r, field, v)
                return UNSPECIFIED

            inline = OpenCode(2, _IS_RECORD, f"setattr(x, 'f{i}', y) or UNSPECIFIED", (cls,),
                              effect=f"x.f{i} = y")
            defs.append((parts[2], Primitive(mname, modifier, 2, 2, inline)))
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
    items = form_args(form, 2, None, span, "let-values")
    names = []
    specs = []
    for b in proper_list(items[0], "let-values", form, span):
        parts = proper_list(b, "let-values", form, span) if type(b) is Pair else None
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
    items = form_args(form, 2, None, span, "let*-values")
    bindings = proper_list(items[0], "let*-values", form, span)
    lv = comp.specials[sym("let-values")]
    if len(bindings) <= 1:
        return compile_let_values(comp, cons(lv, form.cdr), scope, tail, span)
    inner = cons(comp.specials[sym("let*-values")], cons(list_to_scheme(bindings[1:]), list_to_scheme(items[1:])))
    return compile_let_values(comp, list_to_scheme([lv, list_to_scheme(bindings[:1]), inner]), scope, tail, span)


@special("receive")
def compile_receive(comp, form, scope, tail, span):
    """(receive formals expr body...) => (let-values ((formals expr)) body...)"""
    items = form_args(form, 3, None, span, "receive")
    binding = list_to_scheme([list_to_scheme([items[0], items[1]])])
    return compile_let_values(comp, cons(comp.specials[sym("let-values")], cons(binding, list_to_scheme(items[2:]))), scope, tail, span)


@special("define-values")
def compile_define_values(comp, form, scope, tail, span):
    """(define-values formals expr)"""
    items = form_args(form, 2, 2, span, "define-values")
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


class _Expanding(Macro):
    """A built-in form that rewrites itself into another form at compile time."""

    def __init__(self, fn):
        self.fn = fn

    def expand(self, form, scope, comp, span):
        return self.fn(comp, form, scope, span)


def feature_holds(comp, req, span) -> bool:
    """Evaluate a cond-expand feature requirement."""
    if is_ident(req):
        return ident_name(req) in comp.interp.features
    if type(req) is Pair and is_ident(req.car):
        head = ident_name(req.car)
        args = proper_list(req.cdr, "cond-expand", req, span)
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
    """Is datum `name` the name of a library `import` would find?"""
    return comp.interp.libraries.knows(name)


def _expand_cond_expand(comp, form, scope, span):
    """(cond-expand (requirement body...) ... [(else body...)]) => (begin body...)"""
    for clause in proper_list(form.cdr, "cond-expand", form, span):
        if type(clause) is not Pair:
            raise syntax_error("cond-expand: bad clause", strip(clause), span)
        if (is_ident(clause.car) and ident_name(clause.car) == "else") or feature_holds(comp, clause.car, span):
            return cons(comp.specials[sym("begin")], clause.cdr)
    return cons(comp.specials[sym("begin")], NIL)


def _expand_import(comp, form, scope, span):
    """(import import-set ...) => (begin), having bound in this top level
    every name the import sets provide (libraries.py says how)."""
    if scope is not None:
        raise syntax_error("import: only allowed at top level", strip(form), span)
    import_into(comp.top, comp.interp.libraries, proper_list(form.cdr, "import", form, span), span)
    return cons(comp.specials[sym("begin")], NIL)


def _expand_include(comp, form, scope, span):
    """(include "file" ...) => (begin datum...) read from the files, relative to the includer."""
    return cons(comp.specials[sym("begin")], list_to_scheme(_read_included(comp, form, span, False)))


def _expand_include_ci(comp, form, scope, span):
    """(include-ci "file" ...) => (begin datum...), read as if each file began with #!fold-case."""
    return cons(comp.specials[sym("begin")], list_to_scheme(_read_included(comp, form, span, True)))


def _read_included(comp, form, span, fold: bool) -> list:
    """Return the datums in the files `(include "file" ...)` names, relative to its own file."""
    who = ident_name(form.car)
    comp.interp.check_files(who)
    span = span_of(form, span)
    base = os.path.dirname(span.file) if span is not None and not span.file.startswith("<") else os.getcwd()
    data = []
    for f in proper_list(form.cdr, who, strip(form), span):
        if type(f) is not MString:
            raise syntax_error(f"{who}: file name must be a string", strip(f), span)
        path = os.path.join(base, f.s)
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or "not valid UTF-8 text"
            raise SchemeError(ErrorObject(f"{who}: cannot open file: {reason}", (f,), kind="file"), span=span) from None
        data.extend(_read_folded(text, path) if fold else read_all(text, path))
    for datum in data:
        reject_circular_code(datum)
    return data


def _read_folded(text: str, path: str) -> list:
    """Return the datums of `text` read with case folding on (R7RS 4.1.7 include-ci)."""
    options = ReadOptions(fold_case=True)
    data = []
    start, line, column = 0, 1, 1
    while True:
        got = read_prefix(text, start, path, line, column, at_eof=True, options=options)
        if got is None:
            return data
        datum, end = got
        data.append(datum)
        line, column, _ = position_after(text[start:end], line, column, start > 0 and text[start - 1] == "\r")
        start = end


_DECLARATIONS = ("export", "import", "begin", "include", "include-ci")
_MAX_DECLARATION_FILES = 64  # include-library-declarations nesting


def _expand_define_library(comp, form, scope, span):
    """(define-library (name ...) declaration...)

    Declarations: (export id | (rename own external) ...), (import set ...),
    (begin form ...), (include file ...), (include-ci file ...),
    (include-library-declarations file ...), (cond-expand (requirement
    declaration ...) ...).  The body compiles in a top level of its own,
    holding the library's imports and definitions; importers see only the
    exports.  The library can be imported once this form is compiled; its
    body runs where the form stands, and if the body fails the library is
    forgotten.
    """
    if scope is not None:
        raise syntax_error("define-library: only allowed at top level", strip(form), span)
    items = proper_list(form.cdr, "define-library", form, span)
    parts = library_name(items[0]) if items else None
    if parts is None:
        raise syntax_error("define-library: bad library name", strip(form), span)
    key = library_key(parts)
    registry = comp.interp.libraries
    if registry.is_standard(key):
        raise syntax_error("define-library: cannot redefine a standard library", list_to_scheme(parts), span)
    decls: list = []
    _library_declarations(comp, items[1:], span, decls, 0)
    top = TopLevel({}, {})
    seen: dict = {}
    for head, decl, dspan in decls:
        if head == "import":
            import_into(top, registry, proper_list(decl.cdr, "import", strip(decl), dspan), dspan, seen)
    exports: dict = {}  # external name -> the library's own name
    body = []
    for head, decl, dspan in decls:
        if head == "export":
            for spec in proper_list(decl.cdr, "export", strip(decl), dspan):
                own, ext = _export_spec(spec, dspan)
                if exports.setdefault(ext, own) is not own:
                    raise syntax_error("define-library: exported twice with different bindings", ext, dspan)
        elif head == "begin":
            body.extend(proper_list(decl.cdr, "begin", strip(decl), dspan))
        elif head in ("include", "include-ci"):
            body.extend(_read_included(comp, decl, dspan, head == "include-ci"))
    outer = comp.top
    comp.top = top
    try:
        nodes = [comp.compile(f, None, False, span) for f in body]
    finally:
        comp.top = outer
    for own in exports.values():
        if own not in top.syntax and own not in top.cells:
            raise syntax_error("define-library: exported name is not defined", own, span)
    library = Library(key, top, exports, False)
    registry.user[key] = library

    def define_library(env):
        try:
            for node in nodes:
                node(None)
            for own in exports.values():
                if own not in top.syntax and top.cells[own].value is UNASSIGNED:
                    raise syntax_error("define-library: exported name is not defined", own, span)
        except BaseException:
            if registry.user.get(key) is library:
                del registry.user[key]
            raise
        return UNSPECIFIED

    def compiled(comp, form, scope, tail, span):
        return define_library

    return cons(SpecialForm("define-library", compiled), NIL)


def _library_declarations(comp, decls, span, out: list, depth: int) -> None:
    """Append (head, declaration, span) to `out` for each library declaration,
    splicing cond-expand's chosen clause and include-library-declarations files."""
    for decl in decls:
        if type(decl) is not Pair or not is_ident(decl.car):
            raise syntax_error("define-library: bad declaration", strip(decl), span)
        head = ident_name(decl.car)
        dspan = span_of(decl, span)
        if head == "cond-expand":
            for clause in proper_list(decl.cdr, "cond-expand", strip(decl), dspan):
                if type(clause) is not Pair:
                    raise syntax_error("cond-expand: bad clause", strip(clause), dspan)
                if (is_ident(clause.car) and ident_name(clause.car) == "else") or feature_holds(comp, clause.car, dspan):
                    _library_declarations(comp, proper_list(clause.cdr, "cond-expand", strip(decl), dspan), dspan, out, depth)
                    break
        elif head == "include-library-declarations":
            if depth >= _MAX_DECLARATION_FILES:
                raise syntax_error("include-library-declarations: files include each other too deeply", strip(decl), dspan)
            _library_declarations(comp, _read_included(comp, decl, dspan, False), dspan, out, depth + 1)
        elif head in _DECLARATIONS:
            out.append((head, decl, dspan))
        else:
            raise syntax_error(f"define-library: unknown declaration {head}", strip(decl), dspan)


def _export_spec(spec, span):
    """Return (own name, external name) for an export spec: id | (rename own external)."""
    if is_ident(spec):
        return base_symbol(spec), base_symbol(spec)
    parts = proper_list(spec, "export", strip(spec), span) if type(spec) is Pair else None
    if parts and len(parts) == 3 and all(is_ident(p) for p in parts) and ident_name(parts[0]) == "rename":
        return base_symbol(parts[1]), base_symbol(parts[2])
    raise syntax_error("define-library: bad export spec", strip(spec), span)


def _expand_assert(comp, form, scope, span):
    """(assert expr) => (if expr #t (error "assertion failed" 'expr))"""
    (expr,) = form_args(form, 1, 1, span, "assert")
    err = list_to_scheme([comp.specials[sym("quote")], strip(expr)])
    check = comp.interp.globals[sym("error")]
    return list_to_scheme([comp.specials[sym("if")], expr, True, list_to_scheme([check, _mstr("assertion failed"), err])])


def _mstr(text):
    return new_string(text)


BUILTIN_MACROS = {
    "cond-expand": _expand_cond_expand,
    "import": _expand_import,
    "include": _expand_include,
    "include-ci": _expand_include_ci,
    "define-library": _expand_define_library,
    "assert": _expand_assert,
}


def install(interp) -> None:
    """Bind the expanding built-in forms in an interpreter's globals, and
    give it its library registry (the standard libraries hold the original
    values of the standard bindings)."""
    for name, fn in BUILTIN_MACROS.items():
        interp.define(name, _Expanding(fn))
    originals = dict(interp.builtins)
    for name in BUILTIN_MACROS:
        originals[sym(name)] = interp.globals[sym(name)].value
    interp.libraries = Registry(originals, interp.compiler.specials)
