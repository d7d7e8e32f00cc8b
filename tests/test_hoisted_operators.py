"""A call in a loop whose operator is a variable nothing assigns (a variable of an
enclosing frame, or a parameter of a function without a loop of its own tail
calls) has the operator's kind found once, at the function's start
(pyfunc.Emitter.invariant_operator): SICP's tables search their records with the table's
own `same-key?`, a procedure given to make-table.

Checked in every mode (generated at once, tiered, closures) for the same value,
output, errors and steps: primitives, compiled and not yet compiled closures,
rest lambdas, continuations, non-procedures and wrong arities, which go the
general way; a variable that is assigned somewhere keeps being read at the call.
"""

from __future__ import annotations

import re

from conftest import generated_python
from test_typespec import generated_source, same_everywhere

from schemehost import Interpreter

TABLE = """
(define (make-finder same?)
  (define (find key records)
    (cond ((null? records) #f)
          ((same? key (caar records)) (car records))
          (else (find key (cdr records)))))
  find)
(define records '((1 . one) (2 . two) ("three" . 3) (4.0 . four) ((5) . five)))
"""


def tiered_source(program: str) -> str:
    """The Python source written for `program`'s procedures as they get hot (tiered: by
    then the scopes around them are built, and whether anything assigns a variable
    is known)."""
    interp = Interpreter()
    interp.compiler.generate = "tiered"
    with generated_python() as texts:
        interp.eval_string(program)
    assert texts, "no Python was written"
    return "\n".join(texts)


def test_the_operator_of_an_enclosing_frame_is_read_once_before_the_loop():
    source = tiered_source(TABLE + "(define f (make-finder eqv?)) (do ((i 0 (+ i 1))) ((= i 200)) (f 4.0 records))")
    # At the start of find: the table's test read from its frame, its kind found there.
    assert re.search(r"def fast\(v\d+_key, v\d+_records, parent\):\n(?: +nonlocal TDL\n)? +(h\d+) = parent(?:\[\d+\])+\n"
                     r" +hp\d+ = hf\d+ = he\d+ = hc\d+ = None\n +if type\(\1\) is Closure and \1\.fk == 2", source)
    # A closure on its first calls (no fast entry at the start) is entered at its fast entry
    # once it has one: folds' lambdas made anew for each fold (a fold 1.108 of its
    # instructions without this).
    assert re.search(r"r\d+ = run\((h\d+), \[.*\n +if type\(\1\) is Closure and \1\.fk == 2: hf\d+ = \1\.fast; he\d+ = \1\.env",
                     source)


def test_a_standard_comparison_on_two_integers_is_python_s_operator():
    """SICP's table made with =, a search with < or >=: on two exact integers the loop compares
    them itself (INT_COMPARISONS); any other operands, or another primitive, call the primitive."""
    source = tiered_source(TABLE + "(define f (make-finder =)) (do ((i 0 (+ i 1))) ((= i 200)) (f 2 records))")
    m = re.search(r"if (hc\d+) is not None and type\((\w+)\) is int and type\((\w+)\) is int:\n +r\d+ = \1\(\2, \3\)",
                  source)
    assert m and f"if hp{m.group(1)[2:]}" not in source  # (the names differ: found by the hoisted line)
    assert re.search(rf"if (hp\d+) is not None: {m.group(1)} = INT_COMPARISONS\.get\(\1\)", source)
    numbers = "'((1 . a) (2 . b) (3.0 . c) (4/3 . d) (100000000000000000000000 . e) (-7 . f) (5 . g))"
    program = TABLE + f"""
    (define (again k thunk) (if (= k 1) (thunk) (begin (thunk) (again (- k 1) thunk))))
    (define (finds test key) (again 40 (lambda () ((make-finder test) key {numbers}))))
    (list (finds = 5) (finds = 3) (finds = 4/3) (finds = 100000000000000000000000) (finds < 2) (finds > 2)
          (finds <= 4) (finds >= -7) (finds = 3.0) (finds eqv? 5) (finds max 0) (finds (lambda (a b) (= a b)) 2))
    """
    value, _, _ = same_everywhere(program)
    assert value == ("((5 . g) (3.0 . c) (4/3 . d) (100000000000000000000000 . e) (3.0 . c) (1 . a) "
                     "(100000000000000000000000 . e) (-7 . f) (3.0 . c) (5 . g) (1 . a) (2 . b))")
    value, _, _ = same_everywhere(TABLE + "((make-finder <) 'x records)")
    assert value.startswith("ERROR") and "must be a real number" in value and "t.scm:5:" in value


def test_searches_with_primitives_and_closures_as_the_test_find_the_same_records():
    program = TABLE + """
    (list ((make-finder eqv?) 2 records)
          ((make-finder equal?) "three" records)
          ((make-finder equal?) '(5) records)
          ((make-finder (lambda (a b) (and (number? b) (= a b)))) 4 records)
          ((make-finder (lambda (a b) (and (string? b) (string=? a b)))) "three" records)
          ((make-finder (lambda args (equal? (car args) (cadr args)))) '(5) records)
          ((make-finder eq?) 'nothing records))
    """
    value, _, steps = same_everywhere(program)
    assert value == '((2 . two) ("three" . 3) ((5) . five) (4.0 . four) ("three" . 3) ((5) . five) #f)'
    assert steps > 0


def test_a_closure_not_compiled_when_the_search_starts_is_called_the_same():
    # A new lambda expression run each time: its first closures have no fast entry yet.
    program = TABLE + """
    (define (count-matches n)
      (let loop ((i 0) (found 0))
        (if (= i n)
            found
            (loop (+ i 1)
                  (if ((make-finder (lambda (a b) (and (number? b) (= (+ a i) (+ b i))))) 2 records)
                      (+ found 1)
                      found)))))
    (count-matches 40)
    """
    value, _, _ = same_everywhere(program)
    assert value == "40"


def test_a_continuation_as_the_test_escapes_from_the_search():
    program = TABLE + """
    (call-with-current-continuation
      (lambda (k) ((make-finder (lambda (a b) (if (equal? b "three") (k 'escaped) #f))) 9 records)))
    """
    value, _, _ = same_everywhere(program)
    assert value == "escaped"
    program = TABLE + "(call-with-current-continuation (lambda (k) ((make-finder k) 9 records)))"
    value, _, _ = same_everywhere(program)
    assert value == "9 1"  # the continuation's two values: find's key and the first record's


def test_errors_of_the_call_name_it_and_its_position():
    for test, expect in [("5", "attempt to call a non-procedure"), ("not", "expects 1 argument"),
                         ("(lambda (a) a)", "expects 1 argument"), ("<", "must be a real number")]:
        value, _, _ = same_everywhere(TABLE + f"((make-finder {test}) 2 records)")
        assert value.startswith("ERROR") and expect in value, value
        assert "t.scm:5:" in value, value  # the (same? key (caar records)) call, where it is


def test_a_parameter_of_a_function_whose_named_let_calls_it():
    program = """
    (define (count-if pred lst)
      (let loop ((l lst) (n 0))
        (cond ((null? l) n)
              ((pred (car l)) (loop (cdr l) (+ n 1)))
              (else (loop (cdr l) n)))))
    (define (iota* n) (let loop ((i (- n 1)) (acc '())) (if (< i 0) acc (loop (- i 1) (cons i acc)))))
    (list (count-if even? (iota* 100)) (count-if (lambda (x) (> x 90)) (iota* 100))
          (count-if zero? '()) (count-if (lambda (x . more) (null? more)) '(1 2 3)))
    """
    source = generated_source(program)
    assert re.search(r"def fast\(v\d+_pred, v\d+_lst, parent\):\n(?: +nonlocal TDL\n)? +(h\d+) = v\d+_pred\n", source)
    value, _, _ = same_everywhere(program)
    assert value == "(50 9 0 3)"


def test_a_variable_assigned_anywhere_is_read_at_every_call():
    # The test replaces itself after seeing 2: the search must use the new one at once.
    program = TABLE + """
    (define (make-switching-finder)
      (define same? #f)
      (set! same? (lambda (a b) (if (eqv? b 2) (begin (set! same? (lambda (a b) #t)) #f) #f)))
      (define (find key records)
        (cond ((null? records) #f)
              ((same? key (caar records)) (car records))
              (else (find key (cdr records)))))
      find)
    (define (make-param-switcher pred)
      (define (switch!) (set! pred (lambda (x) #t)))
      (lambda (lst)
        (let loop ((l lst))
          (cond ((null? l) 'none)
                ((pred (car l)) (car l))
                (else (if (eqv? (car l) 2) (switch!)) (loop (cdr l)))))))
    (define (count-switching pred lst)
      (define (switch!) (set! pred (lambda (x) #t)))
      (let loop ((l lst) (n 0))
        (cond ((null? l) n)
              ((pred (car l)) (loop (cdr l) (+ n 1)))
              (else (if (eqv? (car l) 2) (switch!)) (loop (cdr l) n)))))
    (define (make-param-finder same?)
      (define (switch!) (set! same? (lambda (a b) #t)))
      (define (find key records)
        (cond ((null? records) #f)
              ((same? key (caar records)) (car records))
              (else (if (eqv? (caar records) 2) (switch!)) (find key (cdr records)))))
      find)
    (define (count-switching-itself pred lst)
      (let loop ((l lst) (n 0))
        (cond ((null? l) n)
              ((pred (car l)) (loop (cdr l) (+ n 1)))
              (else (if (eqv? (car l) 2) (set! pred (lambda (x) #t))) (loop (cdr l) n)))))
    ; Each made and called often enough for the tiered mode to write its Python.
    (define (again k thunk) (if (= k 1) (thunk) (begin (thunk) (again (- k 1) thunk))))
    (list (again 60 (lambda () ((make-switching-finder) 9 records)))
          (again 60 (lambda () ((make-param-switcher negative?) '(1 2 3 4))))
          (again 60 (lambda () (count-switching negative? '(1 2 3 4))))
          (again 60 (lambda () (count-switching-itself negative? '(1 2 3 4))))
          (again 60 (lambda () ((make-param-finder eqv?) 9 records))))
    """
    value, _, _ = same_everywhere(program, step_limit=None)
    assert value == '(("three" . 3) 3 2 2 ("three" . 3))'


def test_a_parameter_its_own_tail_calls_pass_on_unchanged():
    program = """
    (define (fold-left f acc l) (if (null? l) acc (fold-left f (f acc (car l)) (cdr l))))
    (define (count-if pred l n)
      (cond ((null? l) n) ((pred (car l)) (count-if pred (cdr l) (+ n 1))) (else (count-if pred (cdr l) n))))
    (define (map-delayed f l)  ; f called in the loop and captured by the promises made there
      (let loop ((l l) (acc '()))
        (if (null? l)
            (map (lambda (p) (list (car p) (force (cdr p)))) (reverse acc))
            (loop (cdr l) (cons (cons (f (car l)) (delay (f (+ (car l) 1)))) acc)))))
    (define (tabulate f n acc)  ; the same, its own tail calls passing f on
      (if (= n 0) (map (lambda (p) (list (car p) ((cdr p)))) acc) (tabulate f (- n 1) (cons (cons (f n) (lambda () (f n))) acc))))
    (list (map-delayed (lambda (x) (* x x)) '(1 2 3)) (tabulate - 3 '())
          (fold-left + 0 '(1 2 3 4)) (fold-left (lambda (acc x) (cons x acc)) '() '(1 2 3))
          (fold-left max 0 '(3 9 2)) (count-if odd? '(1 2 3 5) 0) (count-if (lambda (x) (> x 2)) '(1 2 3 5) 0)
          (fold-left list '() '(1 2)) (fold-left - 10 '(1 2 3.5)))
    """
    source = generated_source(program)
    assert re.search(r"def fast\(v\d+_f, v\d+_acc, v\d+_l, parent\):\n(?: +nonlocal TDL\n)? +(h\d+) = v\d+_f\n", source)
    value, _, _ = same_everywhere(program)
    assert value == "(((1 4) (4 9) (9 16)) ((-1 -1) (-2 -2) (-3 -3)) 10 (3 2 1) 9 3 2 ((() 1) 2) 3.5)"


def test_a_parameter_rebound_by_the_function_s_own_tail_calls_is_read_each_round():
    program = """
    (define (alternate f g n acc)
      (let loop ((i 0) (acc acc))
        (if (= i 2) (if (= n 0) acc (alternate g f (- n 1) acc)) (loop (+ i 1) (cons (f i) acc)))))
    (define (swap-fold f g acc l)
      (if (null? l) acc (swap-fold g f (f acc (car l)) (cdr l))))
    (list (alternate (lambda (x) (* x 10)) (lambda (x) (- x)) 3 '())
          (swap-fold + * 1 '(1 2 3 4 5)))
    """
    value, _, _ = same_everywhere(program)
    assert value == "((-1 0 10 0 -1 0 10 0) 33)"  # ((((1 + 1) * 2) + 3) * 4) + 5


def test_the_step_budget_runs_out_in_a_search_by_a_closure_as_anywhere():
    program = TABLE + """
    (define (spin n) (if (= n 0) #f (spin (- n 1))))
    (define long (let loop ((i 0) (acc '())) (if (= i 300) acc (loop (+ i 1) (cons (cons i i) acc)))))
    ((make-finder (lambda (a b) (spin 50))) -1 long)
    """
    value, _, steps = same_everywhere(program, step_limit=5_000)
    assert value.startswith("ERROR") and "step" in value, value


# Messages to an object in a loop, the object a parameter passed on unchanged: a cache
# simulator's `(cache 'access ref)` over a vector of references.
MESSAGES = """
(define (make-counter)
  (let ((n 0) (seen '()))
    (lambda (message . args)
      (case message
        ((add) (set! n (+ n (car args))) n)
        ((note) (set! seen (cons args seen)) (length seen))
        ((pair) (set! n (+ n (car args) (cadr args))) n)
        ((get) n)
        ((seen) (reverse seen))
        (else (error "unknown message" message))))))
(define (drive obj refs)
  (let loop ((i 0) (acc '()))
    (if (= i (vector-length refs))
        (reverse acc)
        (loop (+ i 1) (cons (list (obj 'add (vector-ref refs i)) (obj 'note i (vector-ref refs i))
                                  (obj 'pair i i) (obj 'get))
                            acc)))))
"""


def test_a_message_to_an_object_taking_a_rest_list_is_entered_at_its_fast_entry():
    source = tiered_source(MESSAGES + "(define c (make-counter)) (do ((i 0 (+ i 1))) ((= i 60)) (drive c (vector 1 2 3)))")
    m = re.search(r"elif type\((h\d+)\) is Closure and \1\.fk == -4: (hm\d+) = \1\.fast; (he\d+) = \1\.env", source)
    assert m, source
    h, hm, he = m.groups()
    assert re.search(rf"elif {hm}:\n +for _k in B\.it: break\n +else: B\.exhausted\(\)\n"
                     rf" +_rl = NEWPAIR\(\); _rl\.car = \w+; _rl\.cdr = NIL\n"
                     rf" +r\d+ = {hm}\(k\d+, _rl, {he}\)", source), source
    # (each count of arguments has its own names, found at the start likewise): two
    # arguments after the message, the last consed first (calls.rest_list_lines)
    assert re.search(r" +_rl = NEWPAIR\(\); _rl\.car = (\w+); _rl\.cdr = NIL; "
                     r"_q = _rl; _rl = NEWPAIR\(\); _rl\.car = (\w+); _rl\.cdr = _q\n"
                     r" +r\d+ = hm\d+\(k\d+, _rl, he\d+\)", source), source
    assert "run(h" in source  # (anything else still goes the general way)


def test_messages_in_a_loop_to_objects_of_every_shape_give_the_same_everywhere():
    program = MESSAGES + """
    (define (run-all)
      (list (drive (make-counter) (vector 1 2 3 4 5 6 7 8 9 10 11 12))
            ((make-counter) 'seen)
            (let ((c (make-counter))) (drive c (vector 5 6)) (c 'seen))
            (drive (lambda all all) (vector 1 2))
            (drive (lambda (m . r) (cons m (length r))) (vector 1 2))
            (drive list (vector 3))
            (drive (case-lambda ((m) (list m)) ((m a) (list m a)) ((m a b) (list m a b))) (vector 4))))
    (define (again k) (if (= k 1) (run-all) (begin (run-all) (again (- k 1)))))
    (again 30)
    """
    value, _, steps = same_everywhere(program, step_limit=200_000)
    assert value.startswith("(((1 1 1 1) (3 2 5 5) (8 3 12 12) (16 4 22 22)"), value
    assert "(188 12 210 210)) () ((0 5) (1 6))" in value, value
    assert "((add 1) (note 0 1) (pair 0 0) (get))" in value, value
    assert "((add . 1) (note . 2) (pair . 2) (get . 0))" in value, value
    assert steps > 0
    for wrong in ("(drive (lambda (m a . r) (list m a r)) (vector 7))", "(drive (lambda (m a b) m) (vector 1))", "(drive (lambda (m) m) (vector 1))",
                  "(drive (make-counter) (vector 'x))", "(drive 'not-a-procedure (vector 1))"):
        value, _, _ = same_everywhere(MESSAGES + wrong, step_limit=10_000)
        assert value.startswith("ERROR") and "Traceback" not in value, value


def test_messages_in_a_loop_stop_at_the_same_step_under_a_limit():
    program = MESSAGES + "(drive (make-counter) (make-vector 500 1))"
    for limit in (50, 333, 1000):
        value, _, steps = same_everywhere(program, step_limit=limit)
        assert value.startswith("ERROR") and "step limit" in value, value
