"""string-map and string-for-each over one string (session 18: a walk of their own,
no list of characters made per index)."""

from __future__ import annotations

import pytest

from conftest import Session, run_program


def test_string_map_and_for_each_of_one_string_give_values_in_order():
    s = Session()
    assert s.show('(string-map char-upcase "λxy")') == '"ΛXY"'
    assert s.show('(string-map (lambda (c) c) "")') == '""'
    assert s.show('(string-map (lambda args (car args)) "ab")') == '"ab"'  # (no fast entry of one argument)
    assert s.show('(call/cc (lambda (k) (string-for-each (lambda (c) (if (char=? c #\\b) (k c))) "abc") 0))') \
        == "#\\b"
    assert s.show("(let ((seen '())) (string-for-each (lambda (c) (set! seen (cons c seen))) \"abc\") seen)") \
        == "(#\\c #\\b #\\a)"


def test_a_string_changed_by_the_procedure_is_read_as_it_is_then():
    s = Session()
    s.eval('(define s (string-copy "abcdef"))')
    assert s.show("(string-map (lambda (c) (string-set! s 5 #\\Z) (char-upcase c)) s)") == '"ABCDEZ"'
    s.eval('(define t (string-copy "hello")) (define out (open-output-string))')
    s.eval("(string-for-each (lambda (c) (write-char c out) (if (char=? c #\\h) (string-set! t 1 #\\a))) t)")
    assert s.show("(get-output-string out)") == '"hallo"'


def test_string_map_procedure_must_return_a_character():
    value = run_program('(string-map (lambda (c) 1) "ab")', "tiered")[0]
    assert value.startswith("ERROR t.scm:1:1: string-map: procedure must return a character: 1")


@pytest.mark.parametrize("generate", [True, False, "tiered"])
def test_each_call_of_the_procedure_is_a_step(generate):
    base = run_program('(define (f c) c) (string-for-each f "")', generate)[2]
    for n in (1, 10, 300):
        walked = run_program(f'(define (f c) c) (string-for-each f (make-string {n} #\\a))', generate)[2]
        mapped = run_program(f'(define (f c) c) (string-map f (make-string {n} #\\a))', generate)[2]
        assert walked - base == mapped - base >= n
    assert run_program('(string-for-each (lambda (c) c) (make-string 50 #\\a))', False, 30)[0].startswith(
        "ERROR")
