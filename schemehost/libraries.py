"""Libraries and import sets (R7RS 5.2, 5.6).

A top-level environment (compiler.TopLevel) maps a name to a Cell or a
special form.  A library is a TopLevel of its own and an export table
(external name -> the library's own name):

* a library made by `define-library` shares each exported Cell with every
  importer: one location, so a `set!` inside the library is seen by its
  importers, and an exported macro (a Cell holding a Macro) expands with
  the library's own bindings, private ones included;
* a standard library holds the interpreter's original values; an importer
  gets them in Cells of its own (nothing assigns a standard binding, and a
  program that redefines `car` changes only its own `car`).

A program's top level starts with every standard binding bound, so a
program without `import` works; a library body sees only its imports and
its own definitions.  `import` binds names at compile time, so the forms
after it are compiled against them.
"""

from __future__ import annotations

from .analysis import Cell, SpecialForm, TopLevel, proper_list, syntax_error
from .datatypes import NIL, Pair, list_to_scheme, sym
from .identifiers import base_symbol, is_ident, strip
from .printer import write_string

# R7RS appendix A, and the SRFIs `cond-expand` reports as present.  `...`
# and `_` are exported but bind nothing here: syntax-rules knows them by name.
_R7RS = {
    "(scheme base)": """
        * + - ... / < <= = => > >= _ abs and append apply assoc assq assv begin
        binary-port? boolean=? boolean? bytevector bytevector-append bytevector-copy
        bytevector-copy! bytevector-length bytevector-u8-ref bytevector-u8-set!
        bytevector? caar cadr call-with-current-continuation call-with-port
        call-with-values call/cc car case cdar cddr cdr ceiling char->integer
        char-ready? char<=? char<? char=? char>=? char>? char? close-input-port
        close-output-port close-port complex? cond cond-expand cons
        current-error-port current-input-port current-output-port define
        define-record-type define-syntax define-values denominator do dynamic-wind
        else eof-object eof-object? eq? equal? eqv? error error-object-irritants
        error-object-message error-object? even? exact exact-integer-sqrt
        exact-integer? exact? expt features file-error? floor floor-quotient
        floor-remainder floor/ flush-output-port for-each gcd get-output-bytevector
        get-output-string guard if include include-ci inexact inexact?
        input-port-open? input-port? integer->char integer? lambda lcm length let
        let* let*-values let-syntax let-values letrec letrec* letrec-syntax list
        list->string list->vector list-copy list-ref list-set! list-tail list?
        make-bytevector make-list make-parameter make-string make-vector map max
        member memq memv min modulo negative? newline not null? number->string
        number? numerator odd? open-input-bytevector open-input-string
        open-output-bytevector open-output-string or output-port-open? output-port?
        pair? parameterize peek-char peek-u8 port? positive? procedure? quasiquote
        quote quotient raise raise-continuable rational? rationalize read-bytevector
        read-bytevector! read-char read-error? read-line read-string read-u8 real?
        remainder reverse round set! set-car! set-cdr! square string string->list
        string->number string->symbol string->utf8 string->vector string-append
        string-copy string-copy! string-fill! string-for-each string-length
        string-map string-ref string-set! string<=? string<? string=? string>=?
        string>? string? substring symbol->string symbol=? symbol? syntax-error
        syntax-rules textual-port? truncate truncate-quotient truncate-remainder
        truncate/ u8-ready? unless unquote unquote-splicing utf8->string values
        vector vector->list vector->string vector-append vector-copy vector-copy!
        vector-fill! vector-for-each vector-length vector-map vector-ref
        vector-set! vector? when with-exception-handler write-bytevector
        write-char write-string write-u8 zero?""",
    "(scheme case-lambda)": "case-lambda",
    "(scheme char)": """
        char-alphabetic? char-ci<=? char-ci<? char-ci=? char-ci>=? char-ci>?
        char-downcase char-foldcase char-lower-case? char-numeric? char-upcase
        char-upper-case? char-whitespace? digit-value string-ci<=? string-ci<?
        string-ci=? string-ci>=? string-ci>? string-downcase string-foldcase
        string-upcase""",
    "(scheme complex)": "angle imag-part magnitude make-polar make-rectangular real-part",
    "(scheme cxr)": """
        caaar caadr cadar caddr cdaar cdadr cddar cdddr caaaar caaadr caadar
        caaddr cadaar cadadr caddar cadddr cdaaar cdaadr cdadar cdaddr cddaar
        cddadr cdddar cddddr""",
    "(scheme eval)": "environment eval",
    "(scheme file)": """
        call-with-input-file call-with-output-file delete-file file-exists?
        open-binary-input-file open-binary-output-file open-input-file
        open-output-file with-input-from-file with-output-to-file""",
    "(scheme inexact)": "acos asin atan cos exp finite? infinite? log nan? sin sqrt tan",
    "(scheme lazy)": "delay delay-force force make-promise promise?",
    "(scheme load)": "load",
    "(scheme process-context)": """
        command-line emergency-exit exit get-environment-variable
        get-environment-variables""",
    "(scheme read)": "read",
    "(scheme repl)": "interaction-environment",
    "(scheme time)": "current-jiffy current-second jiffies-per-second",
    "(scheme write)": "display write write-shared write-simple",
    "(scheme r5rs)": """
        * + - ... / < <= = => > >= _ abs acos and angle append apply asin assoc
        assq assv atan begin boolean? caaaar caaadr caaar caadar caaddr caadr caar
        cadaar cadadr cadar caddar cadddr caddr cadr call-with-current-continuation
        call-with-input-file call-with-output-file call-with-values car case cdaaar
        cdaadr cdaar cdadar cdaddr cdadr cdar cddaar cddadr cddar cdddar cddddr
        cdddr cddr cdr ceiling char->integer char-alphabetic? char-ci<=? char-ci<?
        char-ci=? char-ci>=? char-ci>? char-downcase char-lower-case?
        char-numeric? char-ready? char-upcase char-upper-case? char-whitespace?
        char<=? char<? char=? char>=? char>? char? close-input-port
        close-output-port complex? cond cons cos current-input-port
        current-output-port define define-syntax delay denominator display do
        dynamic-wind else eof-object? eq? equal? eqv? eval even? exact->inexact
        exact? exp expt floor for-each force gcd if imag-part inexact->exact
        inexact? input-port? integer->char integer? interaction-environment lambda
        lcm length let let* let-syntax letrec letrec-syntax list list->string
        list->vector list-ref list-tail list? load log magnitude make-polar
        make-rectangular make-string make-vector map max member memq memv min
        modulo negative? newline not null-environment null? number->string number?
        numerator odd? open-input-file open-output-file or output-port? pair?
        peek-char positive? procedure? quasiquote quote quotient rational?
        rationalize read read-char real-part real? remainder reverse round
        scheme-report-environment set! set-car! set-cdr! sin sqrt string
        string->list string->number string->symbol string-append string-ci<=?
        string-ci<? string-ci=? string-ci>=? string-ci>? string-copy string-fill!
        string-length string-ref string-set! string<=? string<? string=? string>=?
        string>? string? substring symbol->string symbol? syntax-rules tan truncate
        unquote unquote-splicing values vector vector->list vector-fill!
        vector-length vector-ref vector-set! vector? with-input-from-file
        with-output-to-file write write-char zero?""",
    # SRFI 1 as far as it is implemented here (its other names are not).
    "(srfi 1)": """
        any append append! append-map assoc assq assv car cdr cons cons* count
        delete delete-duplicates every filter filter-map find find-tail fold
        fold-right for-each iota last-pair length list list-copy list-index
        make-list map member memq memv null? pair? reduce remove reverse reverse!""",
    "(srfi 6)": "open-input-string open-output-string get-output-string",
    "(srfi 8)": "receive",
    "(srfi 9)": "define-record-type",
    "(srfi 23)": "error",
    "(srfi 39)": "make-parameter parameterize",
}

# Everything a program's top level starts with, extensions included.
EVERYTHING = "(schemehost)"

_SET_FORMS = ("only", "except", "prefix", "rename")


class Library:
    """A library: its name, its top level, and its exports (external -> own name).

    `standard` libraries hand out copies of their values; user libraries
    share their Cells.
    """

    __slots__ = ("key", "top", "exports", "standard")

    def __init__(self, key: str, top: TopLevel, exports: dict, standard: bool):
        self.key = key
        self.top = top
        self.exports = exports
        self.standard = standard

    def binding(self, own):
        """Return what the library binds `own` to: a SpecialForm, a Cell, or None."""
        sf = self.top.syntax.get(own)
        if sf is not None:
            return sf
        return self.top.cells.get(own)

    def identity(self, own):
        """Return what tells `own`'s binding from another's (compared with `is`)."""
        b = self.binding(own)
        return b.value if self.standard and isinstance(b, Cell) else b


class Registry:
    """The libraries one interpreter knows: standard ones (built when first
    imported) and the ones its programs define."""

    def __init__(self, originals: dict, specials: dict):
        self.originals = originals  # name -> original value of every standard variable and macro
        self.specials = specials  # name -> SpecialForm
        self.user: dict[str, Library] = {}
        self.standard: dict[str, Library] = {}

    def __contains__(self, key) -> bool:
        return self.find(key) is not None

    def knows(self, name) -> bool:
        """Is datum `name` the name of a library `import` would find?"""
        parts = library_name(name)
        return parts is not None and library_key(parts) in self

    def is_standard(self, key: str) -> bool:
        return key in _R7RS or key == EVERYTHING

    def find(self, key: str):
        """Return the library named `key` (its written name), or None."""
        lib = self.user.get(key)
        if lib is not None:
            return lib
        lib = self.standard.get(key)
        if lib is None and self.is_standard(key):
            lib = self.standard[key] = self._build_standard(key)
        return lib

    def _build_standard(self, key: str) -> Library:
        if key == EVERYTHING:
            names = list(self.specials) + list(self.originals)
        else:
            names = [sym(n) for n in _R7RS[key].split()]
        top = TopLevel({}, {})
        for n in names:
            sf = self.specials.get(n)
            if sf is not None:
                top.syntax[n] = sf
            elif n in self.originals:
                top.cells[n] = Cell(n, self.originals[n])
        return Library(key, top, {n: n for n in names}, True)


def library_key(parts) -> str:
    """Return the written form of a library name, the registry's key."""
    return write_string(list_to_scheme(parts))


def library_name(x):
    """Return the parts of library name `x` (identifiers and exact naturals), or None."""
    from .primitives.registry import rest_length

    if type(x) is not Pair or rest_length(x) is None:  # a circular list names no library
        return None
    parts = []
    p = x
    while type(p) is Pair:
        part = p.car
        if is_ident(part):
            parts.append(base_symbol(part))
        elif type(part) is int and part >= 0:
            parts.append(part)
        else:
            return None
        p = p.cdr
    return parts if p is NIL else None


def evaluate_import_set(registry: Registry, spec, span):
    """Evaluate one import set: return (library, {external name: library's export name}).

    (only set id...) (except set id...) (prefix set p) (rename set (from to)...)
    nest around a library name.
    """
    if type(spec) is Pair and is_ident(spec.car) and base_symbol(spec.car).name in _SET_FORMS:
        head = base_symbol(spec.car).name
        items = proper_list(spec.cdr, "import", strip(spec), span)
        if not items:
            raise syntax_error(f"import: bad {head} import set", strip(spec), span)
        lib, names = evaluate_import_set(registry, items[0], span)
        args = items[1:]
        if head == "prefix":
            if len(args) != 1 or not is_ident(args[0]):
                raise syntax_error("import: bad prefix import set", strip(spec), span)
            prefix = base_symbol(args[0]).name
            return lib, {sym(prefix + ext.name): own for ext, own in names.items()}
        if head == "rename":
            moves = []
            for a in args:
                pair = proper_list(a, "import", strip(spec), span) if type(a) is Pair else None
                if not pair or len(pair) != 2 or not all(is_ident(x) for x in pair):
                    raise syntax_error("import: bad rename import set", strip(spec), span)
                moves.append((base_symbol(pair[0]), base_symbol(pair[1])))
            _check_provided(names, [m[0] for m in moves], items[0], span)
            out = dict(names)
            for old, _new in moves:
                del out[old]
            for old, new in moves:
                if new in out and lib.identity(out[new]) is not lib.identity(names[old]):
                    raise syntax_error("import: imported twice with different bindings", new, span)
                out[new] = names[old]
            return lib, out
        for a in args:
            if not is_ident(a):
                raise syntax_error(f"import: bad {head} import set", strip(spec), span)
        ids = [base_symbol(a) for a in args]
        _check_provided(names, ids, items[0], span)
        if head == "only":
            return lib, {i: names[i] for i in ids}
        drop = set(ids)
        return lib, {ext: own for ext, own in names.items() if ext not in drop}
    parts = library_name(spec)
    if parts is None:
        raise syntax_error("import: bad import set", strip(spec), span)
    lib = registry.find(library_key(parts))
    if lib is None:
        raise syntax_error("import: unknown library", list_to_scheme(parts), span)
    return lib, dict(lib.exports)


def _check_provided(names, ids, inner, span):
    for i in ids:
        if i not in names:
            raise syntax_error(f"import: {write_string(strip(inner))} does not export", i, span)


def import_into(top: TopLevel, registry: Registry, specs, span, seen: dict | None = None) -> None:
    """Bind in `top` the names import sets `specs` provide.

    `seen` (external name -> binding) spans the import declarations of one
    library or one `import` form: one name imported twice with different
    bindings is an error.
    """
    if seen is None:
        seen = {}
    imports = []
    for spec in specs:
        lib, names = evaluate_import_set(registry, spec, span)
        for ext, own in names.items():
            b = lib.binding(own)
            if b is None:
                continue  # `...` and `_`: syntax-rules knows them by name
            same = lib.identity(own)
            if seen.setdefault(ext, same) is not same:
                raise syntax_error("import: imported twice with different bindings", ext, span)
            imports.append((ext, b, lib.standard))
    for ext, b, standard in imports:
        if type(b) is SpecialForm:
            top.syntax[ext] = b
            continue
        top.syntax.pop(ext, None)
        if standard:
            top.own_cell(ext).value = b.value
        else:
            top.cells[ext] = b
            top.foreign.add(ext)


__all__ = ["Library", "Registry", "evaluate_import_set", "import_into", "library_key", "library_name", "EVERYTHING"]
