"""Special forms, one table per family: each row is a program and the
written form of its value (R7RS section 4 semantics, our own cases)."""

from __future__ import annotations

import pytest

from conftest import show

CORE = [
    # quote, if, lambda, define, set!
    ("'(a b . c)", "(a b . c)"),
    ("(quote #(1 x))", "#(1 x)"),
    ("(if #t 1 2)", "1"),
    ("(if '() 'yes 'no)", "yes"),
    ("(if #f #f)", "#<unspecified>"),
    ("((lambda (x y) (+ x y)) 1 2)", "3"),
    ("((lambda args args) 1 2 3)", "(1 2 3)"),
    ("((lambda (a . rest) (list a rest)) 1 2 3)", "(1 (2 3))"),
    ("((lambda (a . rest) rest) 1)", "()"),
    ("(define x 5) (set! x (+ x 1)) x", "6"),
    ("(define (f) 'ok) (f)", "ok"),
    ("(define ((adder n) m) (+ n m)) ((adder 3) 4)", "7"),
    ("(define (f . args) (length args)) (f 1 2 3)", "3"),
    ("(define (f x) (define y (* x 2)) (define (g) (+ y 1)) (g)) (f 5)", "11"),
    ("(define x) 1", "1"),
    ("(begin 1 2 3)", "3"),
    ("(begin (define z 4)) z", "4"),
    ("(let () (begin (define a 1) (define b 2)) (+ a b))", "3"),
]

DERIVED = [
    ("(let ((x 1) (y 2)) (+ x y))", "3"),
    ("(let ((x 1)) (let ((x 2) (y x)) y))", "1"),
    ("(let* ((x 1) (y (+ x 1))) (* x y))", "2"),
    ("(let* () 5)", "5"),
    ("(letrec ((ev? (lambda (n) (if (= n 0) #t (od? (- n 1))))) (od? (lambda (n) (if (= n 0) #f (ev? (- n 1)))))) (ev? 100))", "#t"),
    ("(letrec* ((a 1) (b (+ a 1))) b)", "2"),
    ("(let loop ((i 0) (acc '())) (if (= i 3) acc (loop (+ i 1) (cons i acc))))", "(2 1 0)"),
    ("(cond ((> 3 2) 'greater) ((< 3 2) 'less))", "greater"),
    ("(cond ((assv 'b '((a 1) (b 2))) => cadr) (else #f))", "2"),
    ("(cond (#f 1) (else 2 3))", "3"),
    ("(cond ((+ 1 1)))", "2"),
    ("(cond (#f 1))", "#<unspecified>"),
    ("(case (* 2 3) ((2 3 5 7) 'prime) ((1 4 6 8 9) 'composite))", "composite"),
    ("(case 'x ((a) 1) (else => (lambda (v) (list v 'seen))))", "(x seen)"),
    ("(case #\\a ((#\\a #\\b) 'ab) (else 'other))", "ab"),
    ("(case 2.0 ((2) 'exact) ((2.0) 'inexact))", "inexact"),
    ("(and 1 2 'c)", "c"),
    ("(and)", "#t"),
    ("(and 1 #f 3)", "#f"),
    ("(or #f 2)", "2"),
    ("(or)", "#f"),
    ("(when (> 1 0) 'a 'b)", "b"),
    ("(when #f 'a)", "#<unspecified>"),
    ("(unless #f 'x)", "x"),
    ("(do ((v (make-vector 3)) (i 0 (+ i 1))) ((= i 3) v) (vector-set! v i (* i i)))", "#(0 1 4)"),
    ("(do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 5) s))", "10"),
    ("(let ((procs '())) (do ((i 0 (+ i 1))) ((= i 3)) (set! procs (cons (lambda () i) procs))) (map (lambda (p) (p)) procs))", "(2 1 0)"),
    ("`(1 ,(+ 1 1) ,@(list 3 4) 5)", "(1 2 3 4 5)"),
    ("`(a . ,(+ 1 2))", "(a . 3)"),
    ("`#(1 ,(* 2 3) ,@(list 7 8))", "#(1 6 7 8)"),
    ("`(a `(b ,(c ,(+ 1 2))))", "(a `(b ,(c 3)))"),
    ("`(1 ,@'() 2)", "(1 2)"),
    ("(let ((x 5)) `(x ,x ,'x))", "(x 5 x)"),
    ("(force (delay (+ 1 2)))", "3"),
    ("(let* ((n 0) (p (delay (begin (set! n (+ n 1)) n)))) (force p) (force p) n)", "1"),
    ("(define (stream-from k) (cons k (delay (stream-from (+ k 1))))) (car (force (cdr (stream-from 1))))", "2"),
    ("(force (delay-force (delay 7)))", "7"),
    ("(promise? (make-promise 1))", "#t"),
    ("(force 5)", "5"),
]

MACROS = [
    ("(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp))))) "
     "(let ((tmp 1) (y 2)) (swap! tmp y) (list tmp y))", "(2 1)"),
    ("(define-syntax my-or (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((temp e)) (if temp temp (my-or r ...)))))) "
     "(let ((temp 5)) (my-or #f temp))", "5"),
    ("(define-syntax my-if (syntax-rules () ((_ c a b) (cond (c a) (else b))))) "
     "(let ((if list) (else #f)) (my-if #t 1 2))", "1"),
    ("(define-syntax while (syntax-rules () ((_ c body ...) (let lp () (when c body ... (lp)))))) "
     "(define i 0) (while (< i 5) (set! i (+ i 1))) i", "5"),
    ("(define-syntax my-let* (syntax-rules () ((_ () body ...) (let () body ...)) "
     "((_ ((x v) rest ...) body ...) (let ((x v)) (my-let* (rest ...) body ...))))) (my-let* ((a 1) (b (+ a 1))) (* a b))", "2"),
    ("(define-syntax flat (syntax-rules () ((_ (a ...) ...) '(a ... ...)))) (flat (1 2) (3) (4 5))", "(1 2 3 4 5)"),
    ("(define-syntax pairs (syntax-rules () ((_ (a b ...) ...) '((a (b ...)) ...)))) (pairs (1 2 3) (4))", "((1 (2 3)) (4 ()))"),
    ("(define-syntax tail (syntax-rules () ((_ a ... . r) 'r))) (tail 1 2 . 3)", "3"),
    ("(define-syntax vec (syntax-rules () ((_ #(a ...)) (list a ...)))) (vec #(1 2 3))", "(1 2 3)"),
    ("(define-syntax my-elli (syntax-rules ::: () ((_ a :::) (list a :::)))) (my-elli 1 2)", "(1 2)"),
    ("(define-syntax lit (syntax-rules () ((_ a) '(a (... ...))))) (lit 1)", "(1 ...)"),
    ("(define-syntax kw (syntax-rules (=>) ((_ a => b) (list a b)) ((_ a b c) 'no))) (kw 1 => 2)", "(1 2)"),
    ("(define-syntax kw (syntax-rules (=>) ((_ a => b) 'arrow) ((_ a b c) 'plain))) (let ((=> 1)) (kw 1 => 2))", "plain"),
    ("(let-syntax ((foo (syntax-rules () ((_ x) (* x 2))))) (foo 21))", "42"),
    ("(letrec-syntax ((ev? (syntax-rules () ((_) #t) ((_ x . r) (od? . r)))) (od? (syntax-rules () ((_) #f) ((_ x . r) (ev? . r))))) (ev? 1 2 3 4))", "#t"),
    ("(define (f x) (define-syntax twice (syntax-rules () ((_ e) (begin e e)))) (twice (set! x (+ x 1))) x) (f 0)", "2"),
    ("(define-syntax def-getter (syntax-rules () ((_ name v) (define (name) v)))) (def-getter get-five 5) (get-five)", "5"),
    ("(define-syntax q (syntax-rules () ((_ x) 'x))) (q (a b))", "(a b)"),
    ("(define x 10) (define-syntax get-x (syntax-rules () ((_) x))) (let ((x 20)) (get-x))", "10"),
]

VALUES_AND_MORE = [
    ("(call-with-values (lambda () (values 1 2)) +)", "3"),
    ("(let-values (((a b) (values 1 2)) ((c . d) (values 3 4 5))) (list a b c d))", "(1 2 3 (4 5))"),
    ("(let*-values (((a) (values 1)) ((b) (values (+ a 1)))) (list a b))", "(1 2)"),
    ("(define-values (q r) (floor/ 7 2)) (list q r)", "(3 1)"),
    ("(define-values (a . rest) (values 1 2 3)) rest", "(2 3)"),
    ("(receive (a . b) (values 1 2 3) (list a b))", "(1 (2 3))"),
    ("(define f (case-lambda ((x) (list 'one x)) ((x y) (list 'two x y)) ((x . r) (list 'many x r)))) (list (f 1) (f 1 2) (f 1 2 3))",
     "((one 1) (two 1 2) (many 1 (2 3)))"),
    ("(define-record-type <point> (make-point x y) point? (x point-x set-point-x!) (y point-y)) "
     "(let ((p (make-point 1 2))) (set-point-x! p 5) (list (point-x p) (point-y p) (point? p) (point? 5)))", "(5 2 #t #f)"),
    ("(define-record-type node (make-node v) node? (v node-v) (next node-next set-node-next!)) (node-next (make-node 1))", "#f"),
    ("(define p (make-parameter 10 (lambda (x) (* x 2)))) (list (p) (parameterize ((p 3)) (p)) (p))", "(20 6 20)"),
    ("(cond-expand ((and r7rs (not no-such-feature)) 'yes) (else 'no))", "yes"),
    ("(cond-expand ((library (scheme base)) 'have) (else 'missing))", "have"),
    ("(import (scheme base) (scheme write) (only (scheme char) char-upcase)) 'ok", "ok"),
    ("(define-library (my lib) (export double) (import (scheme base)) (begin (define (double x) (* 2 x)))) (import (my lib)) (double 4)", "8"),
]

CONTROL = [
    ("(call/cc (lambda (k) (+ 1 (k 42))))", "42"),
    ("(call-with-current-continuation (lambda (k) (for-each (lambda (x) (if (negative? x) (k x))) '(1 -2 3)) 'none))", "-2"),
    ("(let ((path '())) (dynamic-wind (lambda () (set! path (cons 'in path))) (lambda () (set! path (cons 'body path))) "
     "(lambda () (set! path (cons 'out path)))) (reverse path))", "(in body out)"),
    ("(let ((path '())) (call/cc (lambda (k) (dynamic-wind (lambda () (set! path (cons 'in path))) (lambda () (k 'x)) "
     "(lambda () (set! path (cons 'out path)))))) (reverse path))", "(in out)"),
    ("(guard (e (#t (list 'caught e))) (raise 'oops))", "(caught oops)"),
    ("(guard (e ((string? e) 'string) ((symbol? e) 'symbol)) (raise 'x))", "symbol"),
    ("(guard (e ((assq 'a e) => cdr) ((assq 'b e))) (raise (list (cons 'a 42))))", "42"),
    ("(guard (e ((error-object? e) (list (error-object-message e) (error-object-irritants e)))) (error \"bad thing\" 1 2))",
     "(\"bad thing\" (1 2))"),
    ("(guard (e ((error-object? e) (error-object-message e))) (car 5))", "\"car: argument 1 must be a pair\""),
    ("(guard (e (#t 'outer)) (guard (e ((number? e) 'inner)) (raise 'not-a-number)))", "outer"),
    ("(with-exception-handler (lambda (c) 42) (lambda () (+ (raise-continuable 'oops) 1)))", "43"),
    ("(call/cc (lambda (k) (with-exception-handler (lambda (e) (k (list 'handled e))) (lambda () (raise 'boom)))))", "(handled boom)"),
    ("(call/cc (lambda (k) (with-exception-handler (lambda (e) (k (error-object-message e))) (lambda () (vector-ref (vector) 0)))))",
     "\"vector-ref: index out of range\""),
    ("(guard (e ((read-error? e) 'read-error)) (read (open-input-string \"(1 2\")))", "read-error"),
    ("(guard (e ((file-error? e) 'file-error)) (open-input-file \"/no/such/file.scm\"))", "file-error"),
    ("(apply + 1 2 '(3 4))", "10"),
    ("(apply list '())", "()"),
    ("(map + '(1 2 3) '(10 20))", "(11 22)"),
    ("(let ((v '())) (for-each (lambda (x y) (set! v (cons (* x y) v))) '(1 2) '(3 4)) v)", "(8 3)"),
    ("(procedure? car)", "#t"),
    ("(procedure? (lambda () 1))", "#t"),
    ("(procedure? 'car)", "#f"),
]


@pytest.mark.parametrize("program, expected", CORE + DERIVED)
def test_forms_core_and_derived_give_expected_values(program, expected):
    assert show(program) == expected


@pytest.mark.parametrize("program, expected", MACROS)
def test_forms_syntax_rules_hygienic_expansion(program, expected):
    assert show(program) == expected


@pytest.mark.parametrize("program, expected", VALUES_AND_MORE)
def test_forms_values_records_parameters_libraries(program, expected):
    assert show(program) == expected


@pytest.mark.parametrize("program, expected", CONTROL)
def test_forms_control_continuations_exceptions(program, expected):
    assert show(program) == expected


def test_tail_calls_ten_million_iterations_run_in_constant_space():
    # Proper tail calls: a 10^7-iteration loop returns (a stack-growing
    # implementation would exhaust the Python stack long before).
    assert show("(let loop ((i 0)) (if (< i 10000000) (loop (+ i 1)) i))") == "10000000"


@pytest.mark.parametrize(
    "program",
    [
        "(define (f n) (cond ((= n 0) 'done) (else (f (- n 1))))) (f 300000)",
        "(define (f n) (and #t (if (= n 0) 'done (f (- n 1))))) (f 300000)",
        "(define (f n) (or (and (= n 0) 'done) (f (- n 1)))) (f 300000)",
        "(define (f n) (when #t (if (= n 0) 'done (f (- n 1))))) (f 300000)",
        "(define (f n) (case n ((0) 'done) (else (f (- n 1))))) (f 300000)",
        "(define (f n) (if (= n 0) 'done (apply f (list (- n 1))))) (f 300000)",
        "(define (f n) (let ((m (- n 1))) (if (< m 0) 'done (f m)))) (f 300000)",
        "(define (f n) (do ((i 0 (+ i 1))) ((= i 1) (if (= n 0) 'done (f (- n 1)))))) (f 300000)",
        "(define (f n) (cond ((= n 0) 'done) ((- n 1) => f))) (f 300000)",
    ],
)
def test_tail_calls_in_every_tail_position_do_not_grow_the_stack(program):
    # 300,000 nested non-tail calls would exceed the deep-recursion limit's
    # Python frames only if these calls were not proper tail calls.
    from schemehost import Interpreter

    import schemehost.interpreter as it

    old = it.DEEP_RECURSION_LIMIT
    it.DEEP_RECURSION_LIMIT = 20_000
    try:
        assert Interpreter().eval_string(program).name == "done"
    finally:
        it.DEEP_RECURSION_LIMIT = old


def test_deep_non_tail_recursion_100000_returns_its_answer():
    assert show("(define (count n) (if (= n 0) 0 (+ 1 (count (- n 1))))) (count 100000)") == "100000"


def test_deep_recursion_past_the_limit_is_a_scheme_error_not_a_crash():
    from schemehost import Interpreter, RecursionLimitExceeded

    interp = Interpreter()
    with pytest.raises(RecursionLimitExceeded) as info:
        interp.eval_string("(define (count n) (if (= n 0) 0 (+ 1 (count (- n 1))))) (count 10000000)")
    assert info.value.headline().startswith("recursion too deep")
    # The interpreter is still usable afterwards.
    assert interp.eval_string("(count 10)") == 10


# -- libraries: our own cases beyond R7RS's examples ---------------------------------------

MACRO_LIBRARY = (
    "(define-library (ex m) (export my-or define-const check)"
    " (import (scheme base))"
    " (begin"
    "  (define-syntax my-or (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))"
    "  (define-syntax define-const (syntax-rules () ((_ name v) (define name v))))"
    "  (define-syntax check (syntax-rules (else) ((_ (else e)) (list 'else e)) ((_ (c e)) (if c e 'no))))))"
)

LIBRARY_CASES = [
    # A recursive exported macro, hygienic against the importer's `t` and `if`.
    (MACRO_LIBRARY + "(import (ex m)) (let ((t 5) (if list)) (my-or #f t))", "5"),
    # A macro's pattern variables are the importer's: it defines the importer's name.
    (MACRO_LIBRARY + "(import (ex m)) (define-const k 42) k", "42"),
    # Literals match by binding: the importer's `else` is the library's `else`...
    (MACRO_LIBRARY + "(import (ex m)) (check (else 1))", "(else 1)"),
    # ...but not a local variable that happens to be spelled else.
    (MACRO_LIBRARY + "(import (ex m)) (let ((else #t)) (check (else 1)))", "1"),
    # A library re-exports a macro it imported; a third library uses it.
    (MACRO_LIBRARY + " (define-library (ex m2) (export my-or) (import (ex m)))"
     " (define-library (ex m3) (export any-true) (import (scheme base) (ex m2))"
     " (begin (define (any-true a b) (my-or a b))))"
     " (import (ex m3)) (any-true #f 'yes)", "yes"),
    # (schemehost) gives a library the extensions a program has.
    ("(define-library (ex x) (export safe-half) (import (scheme base) (only (schemehost) assert))"
     " (begin (define (safe-half n) (assert (even? n)) (/ n 2))))"
     " (import (ex x)) (safe-half 8)", "4"),
    # A library's imports are checked like a program's.
    ("(guard (e (#t (error-object-message e))) (eval '(define-library (ex y) (export) (import (ex nope)))))",
     "\"import: unknown library\""),
    # Importing into the program again rebinds a name the program redefined.
    ("(define (car x) 'mine) (import (scheme base)) (car '(1))", "1"),
]


@pytest.mark.parametrize("program, expected", LIBRARY_CASES)
def test_forms_libraries_export_macros_and_nest(program, expected):
    assert show(program) == expected


@pytest.mark.parametrize("program, message", [
    ("(define-record-type t (1) p?)", "define-record-type: bad constructor: (1)"),
    ("(define-record-type t (mk x) p? (x 1))", "define-record-type: bad field: (x 1)"),
    ("(define-record-type t (mk x) p? (x a 2))", "define-record-type: bad field: (x a 2)"),
    ("(define-record-type t (mk x) 1 (x a))", "define-record-type: bad predicate name: 1"),
])
def test_define_record_type_non_identifier_name_is_syntax_error_not_internal_error(program, message):
    """A hostile Pig submission whose record type was spelled `<script>alert(1)</script>` read as
    a constructor named 1: the grader's verdict was an internal AttributeError.  Every name
    position of define-record-type must be an identifier."""
    from schemehost import Interpreter, SchemehostError

    with pytest.raises(SchemehostError) as info:
        Interpreter().eval_string(program)
    assert info.value.describe() == message
