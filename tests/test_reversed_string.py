"""(list->string (reverse x)) written in line as one walk (pyfunc.py's
reversed_string, lists.quick_reversed_string).

word-count made every word with `(list->string (reverse word))`: two quick
paths, the first building a reversed list only for the second to read it.
Generated code now runs one walk collecting the characters and joins them
reversed, while both procedures are the standard ones; otherwise, or when
the walk gives up (a long, improper or circular list, an element that is not
a character), the two slow paths in turn: whatever the globals hold, with
their own errors at their own calls and their own step charges.  Each
program runs with closures only, with every lambda generated at once, and
tiered, and all give the same value (or error text with its backtrace),
output and step count.
"""

from __future__ import annotations

import pytest

from test_open_coded_records import generated_sources
from test_tiers import assert_same_in_every_mode, run

HELPERS = "(define (f l) (list->string (reverse l)))\n(define (g l) (string-length (list->string (reverse l))))\n"

PROGRAMS = {
    "short lists": "(list (f '()) (f '(#\\a)) (f '(#\\a #\\b #\\c)) (f (string->list \"λx y\")) (g '(#\\a #\\b)))",
    "the longest quick one and past it": (
        "(list (string-length (f (string->list (make-string 254 #\\a))))"
        " (string-length (f (string->list (make-string 255 #\\b))))"
        " (string-length (f (cons #\\c (string->list (make-string 999 #\\b))))))"
    ),
    "an improper list: reverse's error": "(f (cons #\\a #\\b))",
    "an improper list under guard": "(guard (e (#t (error-object-message e))) (g (cons #\\a (cons #\\b 3))))",
    "a circular list: reverse's error": "(define c (list #\\a #\\b)) (set-cdr! (cdr c) c) (f c)",
    "not a character: list->string's error": "(f (list #\\a 1 #\\b))",
    "not a list": "(g 'x)",
    "reverse redefined between calls": (
        "(define a (f '(#\\a #\\b))) (set! reverse (lambda (l) (cons #\\! l))) (list a (f '(#\\a #\\b)))"
    ),
    "list->string redefined between calls": (
        "(define a (f '(#\\a #\\b))) (set! list->string (lambda (l) (length l))) (list a (f '(#\\a #\\b #\\c)))"
    ),
    "list->string redefined as a procedure called in tail position": (
        "(define (h l n) (if (= n 0) (list->string (reverse l)) (h l (- n 1))))"
        " (define a (h '(#\\x #\\y) 3)) (set! list->string (lambda (l) (if (null? l) 0 (+ 1 (list->string (cdr l))))))"
        " (list a (h '(#\\x #\\y #\\z) 3))"
    ),
    "a loop making words, reverse redefined inside it": (
        "(define (words text)"
        "  (let loop ((cs (string->list text)) (w '()) (ws '()) (k 0))"
        "    (if (= k 6) (set! reverse (lambda (l) l)))"
        "    (cond ((null? cs) (reverse (if (null? w) ws (cons (list->string (reverse w)) ws))))"
        "          ((char-alphabetic? (car cs)) (loop (cdr cs) (cons (char-downcase (car cs)) w) ws (+ k 1)))"
        "          ((null? w) (loop (cdr cs) w ws (+ k 1)))"
        "          (else (loop (cdr cs) '() (cons (list->string (reverse w)) ws) (+ k 1))))))"
        " (list (words \"It was the Best of times\") (words \"and the worst\"))"
    ),
    "an operand with an effect runs once": (
        "(define n 0) (define l '(#\\a #\\b))"
        " (define (k) (list->string (reverse (begin (set! n (+ n 1)) (cdr l)))))"
        " (list (k) (k) n)"
    ),
    "as a test": "(define (t l) (if (list->string (reverse l)) 'yes 'no)) (list (t '()) (t '(#\\a)))",
    "from an enclosing frame": (
        "(define (outer l) (let ((u (lambda () (list->string (reverse l))))) (set! l (cons #\\z l)) (u)))"
        " (list (outer '(#\\a)) (outer '()))"
    ),
}


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 25])
def test_reversed_string_every_mode_gives_same_value_output_errors_and_steps(name, step_limit):
    assert_same_in_every_mode(HELPERS + PROGRAMS[name], step_limit)


def test_reversed_string_errors_name_each_procedure_at_its_call():
    """The slow paths keep each procedure's own error and call site."""
    improper = run(HELPERS + "(f (cons #\\a #\\b))", True)[0]
    assert improper == (
        "ERROR t.scm:1:29: reverse: argument 1 must be a list: (#\\a . #\\b)\n"
        "  called from t.scm:1:29: (reverse l)\n"
        "  called from t.scm:3:1: (f (cons #\\a #\\b))"
    )
    not_char = run(HELPERS + "(f (list #\\a 1))", True)[0]
    assert not_char.startswith("ERROR t.scm:1:15: list->string: ")
    assert "  called from t.scm:1:15: (list->string (reverse l))\n" in not_char


def test_reversed_string_long_list_charges_as_the_two_procedures():
    """Past 255 pairs the procedures run and charge their walks: the same
    steps as closures, which call them one after the other."""
    program = HELPERS + "(f (string->list (make-string 3000 #\\a)))"
    generated, closures = run(program, True), run(program, False)
    assert generated == closures
    short = run(HELPERS + "(f (string->list (make-string 3 #\\a)))", True)
    assert generated[2] > short[2]


def test_reversed_string_is_one_walk_in_generated_code():
    """The point of it: one quick walk, no reversed list made first."""
    text, s = generated_sources(HELPERS)
    assert "QUICK_REVERSED_STRING(v1_l)" in text
    assert "QUICK_REVERSE(" not in text
    assert s.show("(f '(#\\a #\\b #\\c))") == '"cba"'


# (list->string (reverse (string->list s))): a string reversed with no list at all
# (pyfunc.py's reversed_text, lists.quick_reversed_text), since session 18.
TEXT_HELPERS = ("(define (r s) (list->string (reverse (string->list s))))\n"
                "(define (p? s) (string=? s (list->string (reverse (string->list s)))))\n")

TEXT_PROGRAMS = {
    "short strings": '(list (r "") (r "a") (r "abc") (r "λx y") (p? "abba") (p? "abc"))',
    "the longest quick one and past it": (
        "(list (string-length (r (make-string 254 #\\a))) (string-length (r (make-string 255 #\\b)))"
        " (r (string-append (make-string 300 #\\b) \"xy\")))"
    ),
    "not a string: string->list's error": "(r 'abc)",
    "not a string under guard": "(guard (e (#t (error-object-message e))) (r 12))",
    "string->list redefined between calls": (
        "(define a (r \"ab\")) (set! string->list (lambda (s) (list #\\!))) (list a (r \"ab\"))"
    ),
    "reverse redefined between calls": (
        "(define a (r \"ab\")) (set! reverse (lambda (l) (cons #\\! l))) (list a (r \"ab\"))"
    ),
    "list->string redefined between calls": (
        "(define a (r \"ab\")) (set! list->string (lambda (l) (length l))) (list a (r \"abc\"))"
    ),
    "list->string redefined as a procedure called in tail position": (
        "(define (h s n) (if (= n 0) (list->string (reverse (string->list s))) (h s (- n 1))))"
        " (define a (h \"xy\" 3)) (set! list->string (lambda (l) (if (null? l) 0 (+ 1 (list->string (cdr l))))))"
        " (list a (h \"xyz\" 3))"
    ),
    "an operand with an effect runs once": (
        "(define n 0) (define (k) (list->string (reverse (string->list (begin (set! n (+ n 1)) \"ab\")))))"
        " (list (k) (k) n)"
    ),
    "as a test": "(define (t s) (if (list->string (reverse (string->list s))) 'yes 'no)) (list (t \"\") (t \"a\"))",
    "a mutated string is read as it is now": (
        "(define s (make-string 3 #\\a)) (define a (r s)) (string-set! s 0 #\\z) (list a (r s))"
    ),
}


@pytest.mark.parametrize("name", list(TEXT_PROGRAMS))
@pytest.mark.parametrize("step_limit", [None, 25])
def test_reversed_text_every_mode_gives_same_value_output_errors_and_steps(name, step_limit):
    assert_same_in_every_mode(TEXT_HELPERS + TEXT_PROGRAMS[name], step_limit)


def test_reversed_text_makes_no_list_in_generated_code():
    text, s = generated_sources(TEXT_HELPERS)
    assert "QUICK_REVERSED_TEXT(v1_s)" in text
    assert "QUICK_STRING_TO_LIST(" not in text and "QUICK_REVERSED_STRING(" not in text
    assert s.show('(list (r "abc") (p? "abba") (p? "ab"))') == '("cba" #t #f)'
    assert run(TEXT_HELPERS + "(r 'abc)", True)[0] == (
        "ERROR t.scm:1:38: string->list: argument 1 must be a string: abc\n"
        "  called from t.scm:1:38: (string->list s)\n"
        "  called from t.scm:3:1: (r 'abc)")
