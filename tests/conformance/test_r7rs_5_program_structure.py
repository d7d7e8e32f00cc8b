"""R7RS chapter 5: program structure.

5.2 import declarations, 5.3 variable definitions (top level, internal,
define-values), 5.4 syntax definitions, 5.5 record-type definitions,
5.6 libraries.
"""

from __future__ import annotations

import pytest

from conftest import Session
from schemehost import SchemeError
from schemehost.printer import write_string

from . import Raises, check

# -- 5.3 variable definitions ---------------------------------------------------------

TOP_LEVEL_DEFINITIONS = [
    ("(define add3 (lambda (x) (+ x 3))) (add3 3)", "6"),
    ("(define first car) (first '(1 2))", "1"),
    ("(define (square x) (* x x)) (square 12)", "144"),
    ("(define (rest-args a . more) (list a more)) (rest-args 1 2 3)", "(1 (2 3))"),
    ("(define (no-args . all) all) (no-args)", "()"),
    # At top level, define on a bound variable acts like set!.
    ("(define x 1) (define x 2) x", "2"),
    ("(define x 1) (define (get) x) (define x 2) (get)", "2"),
    # A definition may rebind a standard procedure's name.
    ("(define (car x) 'mine) (car '(1 2))", "mine"),
    # Keywords are not reserved: they can be variable names.
    ("(define if list) (if 1 2 3)", "(1 2 3)"),
    ("(let ((if list)) (if 1 2 3))", "(1 2 3)"),
    # The README's curried define (an extension, MIT style).
    ("(define ((adder n) x) (+ n x)) ((adder 2) 3)", "5"),
    ("(define)", Raises(SchemeError, "define: bad syntax: (define)")),
]

INTERNAL_DEFINITIONS = [
    ("(let ((x 5)) (define foo (lambda (y) (bar x y))) (define bar (lambda (a b) (+ (* a b) a))) (foo (+ x 3)))",
     "45"),
    ("(define (f) (define a 1) (+ a 1)) (f)", "2"),
    ("(let () (define x 1) (set! x 2) (define y x) y)", "2"),
    # Internal definitions are letrec*: later ones may use earlier values.
    ("(let () (define a 1) (define b (+ a 1)) (list a b))", "(1 2)"),
    # An internal define shadows the global only inside its body.
    ("(define x 'global) (define (f) (define x 'local) x) (list (f) x)", "(local global)"),
    ("(let () (begin (define a 1) (define b 2)) (+ a b))", "3"),
    ("(define (f) (define-values (a b) (values 1 2)) (define c 3) (list a b c)) (f)", "(1 2 3)"),
    ("(define (f) (define-syntax two (syntax-rules () ((_) 2))) (two)) (f)", "2"),
    ("(define (f) (define (g n) (if (= n 0) 'even (h (- n 1)))) (define (h n) (if (= n 0) 'odd (g (- n 1)))) (g 7)) (f)",
     "odd"),
    ("(define (f) (define a b) (define b 2) a) (f)", Raises(SchemeError, "variable used before its definition: b")),
]

DEFINE_VALUES = [
    ("(define-values (x y) (exact-integer-sqrt 17)) (list x y)", "(4 1)"),
    ("(define-values (q r) (floor/ 17 5)) (list q r)", "(3 2)"),
    ("(define-values (a . b) (values 1 2 3)) (list a b)", "(1 (2 3))"),
    ("(define-values all (values 1 2)) all", "(1 2)"),
    ("(define-values () (values)) 'ok", "ok"),
    ("(let () (define-values (x y) (values 1 2)) (+ x y))", "3"),
    ("(define-values (x y) (values 1 2 3))", Raises(SchemeError, "wrong number of values: expected 2, got 3")),
]


@pytest.mark.parametrize("program, expected", TOP_LEVEL_DEFINITIONS)
def test_top_level_define_binds_variable(program, expected):
    check(program, expected)


@pytest.mark.parametrize("program, expected", INTERNAL_DEFINITIONS)
def test_internal_define_binds_in_body_as_letrec_star(program, expected):
    check(program, expected)


@pytest.mark.parametrize("program, expected", DEFINE_VALUES)
def test_define_values_binds_each_formal(program, expected):
    check(program, expected)


# -- 5.4 syntax definitions -----------------------------------------------------------

SYNTAX_DEFINITIONS = [
    ("(define-syntax foo (syntax-rules () ((_) 1))) (define (g) (foo)) (g)", "1"),
    ("(define-syntax kons (syntax-rules () ((_ a b) (cons a b)))) (kons 1 (kons 2 '()))", "(1 2)"),
    ("(define-syntax ten (syntax-rules () ((_) 10))) (+ (ten) 1)", "11"),
    # A macro's free identifiers refer to the bindings where it was defined.
    ("(define x 10) (define-syntax getx (syntax-rules () ((_) x))) (let ((x 20)) (getx))", "10"),
    ("(let ((x 1)) (define-syntax m (syntax-rules () ((_) x))) (let ((x 2)) (m)))", "1"),
    ("(define-syntax while (syntax-rules () ((_ c body ...) (let lp () (when c body ... (lp))))))"
     " (define i 0) (while (< i 5) (set! i (+ i 1))) i", "5"),
    ("(define-syntax my-if (syntax-rules () ((_ c a b) (cond (c a) (else b))))) (let ((else #f)) (my-if #f 1 2))",
     "2"),
    # A macro may define a macro.
    ("(define-syntax def-const (syntax-rules () ((_ name v) (define-syntax name (syntax-rules () ((_) v))))))"
     " (def-const seven 7) (seven)", "7"),
    # Redefining a keyword as a macro shadows it.
    ("(define-syntax unless (syntax-rules () ((_ c e) (if c 'overridden e)))) (unless #t 1)", "overridden"),
]


@pytest.mark.parametrize("program, expected", SYNTAX_DEFINITIONS)
def test_define_syntax_binds_keyword(program, expected):
    check(program, expected)


# -- 5.5 record-type definitions --------------------------------------------------------

PARE = "(define-record-type <pare> (kons x y) pare? (x kar set-kar!) (y kdr)) "
NODE = "(define-record-type <node> (make-node val) node? (val node-val) (next node-next set-node-next!)) "

RECORDS = [
    (PARE + "(pare? (kons 1 2))", "#t"),
    (PARE + "(pare? (cons 1 2))", "#f"),
    (PARE + "(kar (kons 1 2))", "1"),
    (PARE + "(kdr (kons 1 2))", "2"),
    (PARE + "(let ((k (kons 1 2))) (set-kar! k 3) (kar k))", "3"),
    (PARE + "(let ((k (kons 1 2))) (set-kar! k 3) (kdr k))", "2"),
    (PARE + "(procedure? kons)", "#t"),
    (PARE + "(let ((a (kons 1 2)) (b (kons 1 2))) (list (eqv? a a) (eqv? a b)))", "(#t #f)"),
    # A record is a new type: no other type predicate accepts it.
    (PARE + "(let ((k (kons 1 2))) (map (lambda (p) (p k)) (list pair? vector? procedure? symbol? string?)))",
     "(#f #f #f #f #f)"),
    ("(define-record-type <a> (make-a) a?) (define-record-type <b> (make-b) b?) (list (a? (make-a)) (a? (make-b)))",
     "(#t #f)"),
    # A field not named in the constructor can be set later.
    (NODE + "(let ((n (make-node 1))) (set-node-next! n 'end) (list (node-val n) (node-next n)))", "(1 end)"),
    # The constructor may list fields in another order than the field specs.
    ("(define-record-type point (make-point y x) point? (x point-x) (y point-y)) (let ((p (make-point 1 2))) (list (point-x p) (point-y p)))",
     "(2 1)"),
    (PARE + "(kar 5)", Raises(SchemeError, "kar: argument 1 must be a pare record: 5")),
    (PARE + "(set-kar! 5 1)", Raises(SchemeError, "set-kar!: argument 1 must be a pare record: 5")),
    (PARE + "(kons 1)", Raises(SchemeError, "kons: expects 2 arguments, given 1")),
]


@pytest.mark.parametrize("program, expected", RECORDS)
def test_define_record_type_makes_constructor_predicate_accessors(program, expected):
    check(program, expected)


# -- 5.2 import declarations, 5.6 libraries -------------------------------------------

HIDING_LIBRARY = (
    "(define-library (ex lib2) (export f) (import (scheme base)) (begin (define hidden 5) (define (f) hidden))) "
)

STACK_LIBRARY = """
(define-library (example stack)
  (export make-stack push! pop!)
  (import (scheme base))
  (begin
    (define (make-stack) (list 'stack))
    (define (push! s x) (set-cdr! s (cons x (cdr s))))
    (define (pop! s) (let ((x (cadr s))) (set-cdr! s (cddr s)) x))))
"""

LIBRARIES = [
    ("(import (scheme base) (scheme write) (scheme char) (scheme lazy) (scheme inexact) (scheme complex)"
     " (scheme cxr) (scheme time) (scheme file) (scheme read) (scheme eval) (scheme process-context)"
     " (scheme case-lambda) (scheme repl) (scheme load) (scheme r5rs)) 'ok", "ok"),
    ("(import (only (scheme base) car)) (car '(1 2))", "1"),
    (STACK_LIBRARY + "(import (example stack)) (let ((s (make-stack))) (push! s 1) (push! s 2) (list (pop! s) (pop! s)))",
     "(2 1)"),
    (STACK_LIBRARY + "(cond-expand ((library (example stack)) 'defined) (else 'unknown))", "defined"),
    ("(import (no such library))", Raises(SchemeError, "import: unknown library: (no such library)")),
    ("(define-library (ex lib) (export (rename internal-name public-name)) (import (scheme base))"
     " (begin (define (internal-name) 'ok))) (import (ex lib)) (public-name)", "ok"),
    # Unexported definitions stay inside the library...
    (HIDING_LIBRARY + "(import (ex lib2)) hidden", Raises(SchemeError, "unbound variable: hidden")),
    ("(define-library (ex lib) (export (rename internal-name public-name)) (import (scheme base))"
     " (begin (define (internal-name) 'ok))) (import (ex lib)) internal-name",
     Raises(SchemeError, "unbound variable: internal-name")),
    # ...where the exported procedures still see them.
    (HIDING_LIBRARY + "(import (ex lib2)) (f)", "5"),
    # Defining a library binds nothing in the program until it is imported.
    (HIDING_LIBRARY + "hidden", Raises(SchemeError, "unbound variable: hidden")),
    (HIDING_LIBRARY + "f", Raises(SchemeError, "unbound variable: f")),
]

# 5.2: import sets nest, and bind exactly the names they say.
IMPORT_SETS = [
    ("(import (prefix (scheme base) b:)) (b:car '(1 2))", "1"),
    ("(import (rename (scheme base) (car kar))) (kar '(1 2))", "1"),
    ("(import (prefix (only (scheme base) car cdr) b:)) (list (b:car '(1 2)) (b:cdr '(1 2)))", "(1 (2))"),
    ("(import (only (prefix (scheme base) b:) b:car)) (b:car '(1 2))", "1"),
    ("(import (rename (prefix (scheme base) b:) (b:car head))) (head '(1 2))", "1"),
    ("(import (prefix (except (scheme base) cdr) b:)) (b:car '(1 2))", "1"),
    ("(import (prefix (scheme char) c:)) (c:char-upcase #\\a)", "#\\A"),
    # rename is simultaneous: two names can trade places.
    ("(import (rename (scheme base) (car cdr) (cdr car))) (list (car '(1 2)) (cdr '(1 2)))", "((2) 1)"),
    # Keywords are bindings too, matched by binding where they are auxiliary.
    ("(import (rename (scheme base) (if if-then-else))) (if-then-else #f 1 2)", "2"),
    ("(import (prefix (scheme base) b:)) (b:cond (#f 1) (b:else 2))", "2"),
    ("(import (prefix (scheme base) b:)) (b:define (twice x) (b:* 2 x)) (twice 4)", "8"),
    ("(import (only (srfi 1) fold)) (fold + 0 '(1 2 3))", "6"),
    ("(import (only (srfi 8) receive)) (receive (a . b) (values 1 2) (list a b))", "(1 (2))"),
    # The program's top level keeps every standard name, whatever it imports
    # (programs without import work): a renaming import adds a name.
    ("(import (rename (scheme base) (car kar))) (car '(1 2))", "1"),
    ("(import (only (scheme base) car)) (cdr '(1 2))", "(2)"),
    ("(import (except (scheme base) car)) (car '(1 2))", "1"),
    # Importing twice the same binding is fine; under one name, two bindings are not.
    ("(import (scheme base) (scheme r5rs) (only (scheme base) car)) (car '(1))", "1"),
    ("(import (scheme base) (rename (scheme base) (cdr car)))",
     Raises(SchemeError, "import: imported twice with different bindings: car")),
    ("(import (rename (scheme base) (car cdr)))", Raises(SchemeError, "import: imported twice with different bindings: cdr")),
    ("(import (only (scheme base) frobnicate))", Raises(SchemeError, "import: (scheme base) does not export: frobnicate")),
    ("(import (except (scheme base) frobnicate))", Raises(SchemeError, "import: (scheme base) does not export: frobnicate")),
    ("(import (rename (scheme base) (frobnicate f)))", Raises(SchemeError, "import: (scheme base) does not export: frobnicate")),
    ("(import (only (scheme char) car))", Raises(SchemeError, "import: (scheme char) does not export: car")),
    ("(import (only (prefix (scheme base) b:) car))",
     Raises(SchemeError, "import: (prefix (scheme base) b:) does not export: car")),
    ("(import (only (no such lib) x))", Raises(SchemeError, "import: unknown library: (no such lib)")),
    ("(import (prefix (scheme base)))", Raises(SchemeError, "import: bad prefix import set: (prefix (scheme base))")),
    ("(import (rename (scheme base) (car)))", Raises(SchemeError, "import: bad rename import set: (rename (scheme base) (car))")),
    ("(import (only (scheme base) 5))", Raises(SchemeError, "import: bad only import set: (only (scheme base) 5)")),
    ("(import 5)", Raises(SchemeError, "import: bad import set: 5")),
    ("(import (scheme \"base\"))", Raises(SchemeError, "import: bad import set: (scheme \"base\")")),
    ("(let () (import (scheme base)) 1)", Raises(SchemeError, "import: only allowed at top level: (import (scheme base))")),
]

COUNTER_LIBRARY = """
(define-library (ex counter)
  (export count bump!)
  (import (scheme base))
  (begin
    (define count 0)
    (define (bump!) (set! count (+ count 1)))))
"""

SWAP_LIBRARY = """
(define-library (ex swap)
  (export swap!)
  (import (scheme base))
  (begin
    (define (note) 'swapped)
    (define-syntax swap!
      (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp) (note)))))))
"""

DOUBLE_LIBRARIES = """
(define-library (ex double) (export double) (import (scheme base)) (begin (define (double x) (* 2 x))))
(define-library (ex quad) (export quad) (import (scheme base) (ex double)) (begin (define (quad x) (double (double x)))))
"""

# 5.6: a library body sees its imports and its own definitions; importers
# see its exports, which are the library's own locations.
LIBRARY_BINDINGS = [
    # set! inside the library is seen through the importer's name.
    (COUNTER_LIBRARY + "(import (ex counter)) (define before count) (bump!) (bump!) (list before count)", "(0 2)"),
    (COUNTER_LIBRARY + "(import (prefix (ex counter) c:)) (c:bump!) c:count", "1"),
    # An exported macro expands with the library's bindings, hygienically.
    (SWAP_LIBRARY + "(import (ex swap)) (define tmp 1) (define y 2) (list (swap! tmp y) tmp y)", "(swapped 2 1)"),
    (SWAP_LIBRARY + "(import (ex swap)) (let ((note 'mine) (a 1) (b 2)) (swap! a b) (list a b note))", "(2 1 mine)"),
    (SWAP_LIBRARY + "(import (ex swap)) note", Raises(SchemeError, "unbound variable: note")),
    (SWAP_LIBRARY + "(import (rename (ex swap) (swap! exchange!))) (define a 1) (define b 2) (exchange! a b) (list a b)",
     "(2 1)"),
    # One library imports another; the program sees only what it imports.
    (DOUBLE_LIBRARIES + "(import (ex quad)) (quad 3)", "12"),
    (DOUBLE_LIBRARIES + "(import (ex quad)) double", Raises(SchemeError, "unbound variable: double")),
    # A library can re-export what it imports, keywords included.
    (DOUBLE_LIBRARIES + "(define-library (ex again) (export double) (import (ex double))) (import (ex again)) (double 5)",
     "10"),
    ("(define-library (ex kw) (export (rename if when2)) (import (scheme base))) (import (ex kw)) (when2 #f 1 2)", "2"),
    # A library body has only what it imports...
    ("(define-library (ex bare) (export f) (import (only (scheme base) define quote)) (begin (define (f) (car '(1)))))"
     " (import (ex bare)) (f)", Raises(SchemeError, "unbound variable: car")),
    ("(define-library (ex ext) (export next) (import (scheme base) (only (schemehost) 1+)) (begin (define (next x) (1+ x))))"
     " (import (ex ext)) (next 1)", "2"),
    # ...so a program's redefinition of a standard name does not reach it,
    ("(define (car x) 'mine) (define-library (ex l) (export f) (import (scheme base)) (begin (define (f) (car '(1)))))"
     " (import (ex l)) (list (f) (car '(1)))", "(1 mine)"),
    # its own definition of a standard name stays its own,
    ("(define-library (ex l) (export car) (import (scheme base)) (begin (define (car x) 'mine)))"
     " (import (prefix (ex l) l:)) (list (car '(1)) (l:car '(1)))", "(1 mine)"),
    # and an importer's definition of an imported name shadows it there only.
    ("(define-library (ex l) (export x get) (import (scheme base)) (begin (define x 1) (define (get) x)))"
     " (import (ex l)) (define x 2) (list x (get))", "(2 1)"),
    # Declarations: cond-expand chooses some; records and values defined in a body export.
    ("(define-library (ex l) (export f) (import (scheme base))"
     " (cond-expand (no-such-feature (begin (define (f) 'other))) (r7rs (begin (define (f) 'r7rs)))))"
     " (import (ex l)) (f)", "r7rs"),
    ("(define-library (ex pt) (export make-pt pt-x) (import (scheme base))"
     " (begin (define-record-type pt (make-pt x) pt? (x pt-x)))) (import (ex pt)) (pt-x (make-pt 7))", "7"),
    ("(define-library (ex l) (export a b) (import (scheme base)) (begin (define-values (a b) (values 1 2))))"
     " (import (ex l)) (list a b)", "(1 2)"),
    # Programs with no import at all keep every standard name.
    ("(list (car '(1)) (string-upcase \"a\") (exact (floor 2.5)) (char-upcase #\\a) (force (delay 3)))",
     "(1 \"A\" 2 #\\A 3)"),
    ("(define-library (ex l) (export f) (import (scheme base)) (begin (define (g) 1)))",
     Raises(SchemeError, "define-library: exported name is not defined: f")),
    ("(define-library (ex l) (export (rename a b c)) (import (scheme base)) (begin (define a 1)))",
     Raises(SchemeError, "define-library: bad export spec: (rename a b c)")),
    ("(define-library (ex l) (export a (rename b a)) (import (scheme base)) (begin (define a 1) (define b 2)))",
     Raises(SchemeError, "define-library: exported twice with different bindings: a")),
    ("(define-library (ex l) (export a) (frob))", Raises(SchemeError, "define-library: unknown declaration frob: (frob)")),
    ("(define-library ex (export a))", Raises(SchemeError, "define-library: bad library name: (define-library ex (export a))")),
    ("(define-library (scheme base) (export car))",
     Raises(SchemeError, "define-library: cannot redefine a standard library: (scheme base)")),
    ("(define (f) (define-library (ex l) (export)) 1)",
     Raises(SchemeError, "define-library: only allowed at top level: (define-library (ex l) (export))")),
    ("(define-library (ex l) (export f) (import (scheme base)) (begin (define (f) 1) (car 5)))",
     Raises(SchemeError, "car: argument 1 must be a pair: 5")),
]


@pytest.mark.parametrize("program, expected", LIBRARIES)
def test_library_and_import_bind_exported_names(program, expected):
    check(program, expected)


@pytest.mark.parametrize("program, expected", IMPORT_SETS)
def test_import_sets_bind_exactly_the_names_they_name(program, expected):
    check(program, expected)


@pytest.mark.parametrize("program, expected", LIBRARY_BINDINGS)
def test_library_body_sees_its_imports_and_importers_its_exports(program, expected):
    check(program, expected)


def test_library_whose_body_fails_is_not_importable():
    session = Session()
    with pytest.raises(SchemeError):
        session.eval("(define-library (ex l) (export f) (import (scheme base)) (begin (define (f) 1) (car 5)))")
    with pytest.raises(SchemeError) as info:
        session.eval("(import (ex l))")
    assert info.value.describe() == "import: unknown library: (ex l)"


def test_library_defined_later_in_a_session_can_be_imported_then():
    session = Session()
    with pytest.raises(SchemeError) as info:
        session.eval("(import (ex later))")
    assert info.value.describe() == "import: unknown library: (ex later)"
    session.eval("(define-library (ex later) (export v) (import (scheme base)) (begin (define v 'here)))")
    assert session.show("(import (ex later)) v") == "here"


def test_library_declarations_read_from_files_relative_to_the_library(tmp_path):
    (tmp_path / "decls.scm").write_text("(export greet)\n(import (scheme base))\n")
    (tmp_path / "body.scm").write_text("(define (greet) (list 'hello shout))\n")
    (tmp_path / "up.scm").write_text("(DEFINE SHOUT 'LOUD)\n")
    (tmp_path / "main.scm").write_text(
        '(define-library (ex files) (include-library-declarations "decls.scm")'
        ' (include "body.scm") (include-ci "up.scm"))\n'
        "(import (ex files))\n"
        "(greet)\n"
    )
    assert write_string(Session().interp.run_file(str(tmp_path / "main.scm"))) == "(hello loud)"


def test_libraries_of_one_interpreter_are_unknown_to_another():
    first, second = Session(), Session()
    first.eval("(define-library (ex mine) (export v) (import (scheme base)) (begin (define v 1)))")
    with pytest.raises(SchemeError) as info:
        second.eval("(import (ex mine))")
    assert info.value.describe() == "import: unknown library: (ex mine)"
