"""Characters read with string-ref and consumed at once, compared on the strings' texts.

`(char=? (string-ref s i) (string-ref t j))`, `(char=? (string-ref s i) #\\a)`,
`char<?`, `char>?` and `(char->integer (string-ref s i))` are written by
pyfunc.Emitter.string_chars: each string-ref gives its string's one-letter
text where its guard holds, the comparison (or `ord`) works on the texts,
and no Char is looked up.  Where a guard fails (a bad index, a string-ref
or char=? the program redefined) the slow paths run on Chars, as the
ordinary calls would.  Every program here gives the same value or error,
output and steps closure-compiled, generated at once and tiered.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session, generated_python
from test_tiers import assert_same_in_every_mode, run

PROCEDURES = """
(define (matches s t)
  (let loop ((i 0) (n 0))
    (if (= i (min (string-length s) (string-length t)))
        n
        (loop (+ i 1) (if (char=? (string-ref s i) (string-ref t i)) (+ n 1) n)))))
(define (count-of s c)
  (let loop ((i 0) (n 0))
    (if (= i (string-length s)) n
        (loop (+ i 1) (if (char=? (string-ref s i) #\\a) (+ n 1) n)))))
(define (order s i j)
  (list (char<? (string-ref s i) (string-ref s j)) (char>? (string-ref s i) (string-ref s j))
        (char=? #\\b (string-ref s j))))
(define (code-sum s)
  (let loop ((i 0) (h 0))
    (if (= i (string-length s)) h
        (loop (+ i 1) (+ (* h 3) (char->integer (string-ref s i)))))))
(define (first-code s) (char->integer (string-ref s 0)))
"""

CASES = {
    "values": '(list (matches "abcab" "abdabz") (count-of "banana" #\\a) (order "ab" 0 1) (order "ba" 0 1)'
              ' (order "bb" 0 1) (code-sum "h\\x3bb;llo") (first-code "\\x1F600;"))',
    "an index past the end in a loop": '(matches "abc" (string-copy "ab" 0 2)) (matches "abc" 5)',
    "an index past the end": '(order "ab" 0 2)',
    "not a string": "(first-code 'abc)",
    "char=? redefined": '(define k 0) (set! char=? (lambda (a b) (set! k (+ k 1)) (eqv? a b)))'
                        ' (list (matches "aaa" "aba") (count-of "banana" #\\a) (order "ab" 0 1) k)',
    "string-ref redefined": '(define (matches-again) (matches "abc" "abd"))'
                            ' (set! string-ref (lambda (s i) (if (= i 1) #\\z (string-ref* s i))))'
                            ' (matches-again)',
    "char->integer redefined": '(set! char->integer (lambda (c) 1)) (list (code-sum "abc") (first-code "z"))',
    "string-ref returns no character": '(set! string-ref (lambda (s i) i)) (matches "ab" "ab")',
    "redefined while the loop runs": (
        '(define calls 0)'
        ' (define (scan s) (let loop ((i 0) (n 0)) (if (= i (string-length s)) n'
        '   (begin (if (= i 3) (set! char=? (lambda (a b) (set! calls (+ calls 1)) #t)))'
        '          (loop (+ i 1) (if (char=? (string-ref s i) #\\q) (+ n 1) n))))))'
        ' (list (scan "qxqxqx") calls)'),
    "astral and non-ASCII characters": '(list (matches "\\x1F600;\\xe9;z" "\\x1F600;\\xe9;y") (order "\\x1F600;\\xe9;" 0 1)'
                                       ' (order "\\xe9;\\x1F600;" 0 1))',
}


@pytest.mark.parametrize("name", list(CASES))
def test_string_characters_consumed_at_once_agree_in_every_mode(name):
    program = PROCEDURES + "(define string-ref* string-ref)" + CASES[name]
    for limit in (None, 40, 200):
        assert_same_in_every_mode(program, limit)


def test_string_characters_values_and_errors():
    program = PROCEDURES + "(define string-ref* string-ref)"
    assert run(program + CASES["values"], True)[0] == "(4 3 (#t #f #t) (#f #t #f) (#f #f #t) 35616 128512)"
    for name, message in [("an index past the end", "string-ref"), ("not a string", "string-ref"),
                          ("string-ref returns no character", "char=?")]:
        value = run(program + CASES[name], True)[0]
        assert value.startswith("ERROR") and message in value, value
    assert run(program + CASES["char=? redefined"], True)[0] == "(2 3 (#t #f #t) 10)"
    assert run(program + CASES["string-ref redefined"], True)[0] == "2"
    assert run(program + CASES["char->integer redefined"], True)[0] == "(13 1)"
    assert run(program + CASES["redefined while the loop runs"], True)[0] == "(5 3)"


def test_string_characters_are_compared_as_texts_in_the_generated_code():
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval(PROCEDURES)
    written = "\n".join(sources)
    # No Char looked up for the reads consumed at once: the texts compared, ord of one.
    assert "CHARS[v1_s.s[" not in written and "CHARS[v1_t.s[" not in written
    assert "v1_s.s[v1_i]" in written and "== 'a'" in written and "ord(" in written


TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=10)


@settings(max_examples=80, deadline=None)
@given(TEXT, TEXT)
def test_string_character_comparisons_match_python(a, b):
    s = Session()
    s.interp.compiler.generate = True
    s.eval(PROCEDURES)
    quoted = [x.replace("\\", "\\\\").replace('"', '\\"') for x in (a, b)]
    expect = sum(x == y for x, y in zip(a, b))
    assert s.show(f'(matches "{quoted[0]}" "{quoted[1]}")') == str(expect)
    h = 0
    for ch in a:
        h = h * 3 + ord(ch)
    assert s.show(f'(code-sum "{quoted[0]}")') == str(h)
    if len(a) >= 2:
        assert s.show(f'(order "{quoted[0]}" 0 1)') == \
            f"({'#t' if a[0] < a[1] else '#f'} {'#t' if a[0] > a[1] else '#f'} {'#t' if a[1] == 'b' else '#f'})"
