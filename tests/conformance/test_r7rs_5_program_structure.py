"""R7RS chapter 5: program structure.

5.2 import declarations, 5.3 variable definitions (top level, internal,
define-values), 5.4 syntax definitions, 5.5 record-type definitions,
5.6 libraries.
"""

from __future__ import annotations

import pytest

from schemehost import SchemeError

from . import Raises, bug, check

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
     " (scheme case-lambda) (scheme repl)) 'ok", "ok"),
    ("(import (only (scheme base) car)) (car '(1 2))", "1"),
    (STACK_LIBRARY + "(import (example stack)) (let ((s (make-stack))) (push! s 1) (push! s 2) (list (pop! s) (pop! s)))",
     "(2 1)"),
    (STACK_LIBRARY + "(cond-expand ((library (example stack)) 'defined) (else 'unknown))", "defined"),
    ("(import (no such library))", Raises(SchemeError, "import: unknown library: (no such library)")),
    bug(
        "(import (prefix (scheme base) b:)) (b:car '(1 2))",
        "1",
        "import ignores prefix import sets: (prefix (scheme base) b:) binds no b: names",
    ),
    bug(
        "(import (rename (scheme base) (car kar))) (kar '(1 2))",
        "1",
        "import ignores rename import sets: (rename (scheme base) (car kar)) does not bind kar",
    ),
    bug(
        "(define-library (ex lib) (export (rename internal-name public-name)) (import (scheme base))"
        " (begin (define (internal-name) 'ok))) (import (ex lib)) (public-name)",
        "ok",
        "define-library ignores (rename internal external) export specs: the external name is never bound",
    ),
    bug(
        "(define-library (ex lib2) (export f) (import (scheme base)) (begin (define hidden 5) (define (f) hidden)))"
        " (import (ex lib2)) hidden",
        Raises(SchemeError, "unbound variable: hidden"),
        "a library's unexported definitions are global (README: a library body shares the global "
        "environment), so they leak to the importer",
    ),
]


@pytest.mark.parametrize("program, expected", LIBRARIES)
def test_library_and_import_bind_exported_names(program, expected):
    check(program, expected)
