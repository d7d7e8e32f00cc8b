"""Bounded text about submission values (schemehost.labs.pig.text): exact
texts for cycles, deep chains and huge names, and no exception ever."""

from __future__ import annotations

import pytest

from schemehost.errors import SchemeError
from schemehost.labs.pig.text import TEXT_LIMIT, cut, error_text, value_text

from conftest import Session

RECORDS = "(define-record-type node (make-node next) node? (next node-next set-node-next!))\n"


def value(text: str):
    return Session().eval(RECORDS + text)


def raised(text: str) -> SchemeError:
    with pytest.raises(SchemeError) as info:
        Session().eval(RECORDS + text)
    return info.value


def test_cut_short_text_is_unchanged_and_long_text_says_how_much_was_cut():
    assert cut("abc", 5) == "abc"
    assert cut("x" * 2_000_000, 1000) == "x" * 1000 + "... [cut: 1,999,000 more characters]"


NODE9 = "#<node next: " * 9 + "..." + ">" * 9

VALUES = [
    ("(list 1 \"two\" #\\3 'four (vector 5.0 1/2))", '(1 "two" #\\3 four #(5.0 1/2))'),
    ("''x", "'x"),
    ("(cons 1 2)", "(1 . 2)"),
    ("(let ((n (make-node #f))) (set-node-next! n n) n)", NODE9),
    ("(let loop ((k 0) (acc '())) (if (= k 40000) acc (loop (+ k 1) (make-node acc))))", NODE9),
    ("(let ((l (list 1 2))) (set-cdr! (cdr l) l) l)",
     "(" + " ".join((["1", "2"] * 50)[:99]) + " ...)"),  # the list is part 1 of 100
    ("(make-vector 5000000 0)", "#(" + " ".join(["0"] * 99) + " ... 4,999,901 more)"),
    ("(expt 10 40000)", "#<exact integer of about 40,001 digits>"),
    ("(make-bytevector 200 7)", "#u8(" + " ".join(["7"] * 100) + " ... 100 more)"),
]


@pytest.mark.parametrize("source, text", VALUES)
def test_value_text_of_values_small_and_hostile_is_exact(source, text):
    assert value_text(value(source)) == text


def test_value_text_of_a_record_with_a_2_000_000_character_type_name_is_small():
    rec = value("(eval (list 'define-record-type (string->symbol (make-string 2000000 #\\n)) '(make-huge x) 'huge? '(x huge-x))"
                "      (interaction-environment))\n(make-huge 1)")
    assert value_text(rec) == "#<" + "n" * 100 + "... [cut: 1,999,900 more characters] x: 1>"


def test_value_text_of_a_huge_string_inside_a_list_is_cut_as_a_whole():
    text = value_text(value("(list (make-string 2000000 #\\s) 2)"))
    assert text == '("' + "s" * (TEXT_LIMIT - 2) + "... [cut]"


def test_value_text_of_a_value_that_cannot_be_shown_is_a_placeholder_not_an_exception():
    class Hostile:
        def scheme_repr(self):
            raise RuntimeError("boom")

    assert value_text([1, Hostile()]) == "#(1 #<value that could not be shown: RuntimeError>"


ERRORS = [
    ("(car 5)", "car: argument 1 must be a pair: 5"),
    ("(let ((n (make-node #f))) (set-node-next! n n) (error \"a cycle\" n))", "a cycle: " + NODE9),
    ("(raise (let loop ((k 0) (acc '())) (if (= k 40000) acc (loop (+ k 1) (make-node acc)))))",
     "uncaught exception: " + NODE9),
    ("(error (make-string 2000000 #\\m))", "m" * TEXT_LIMIT + "... [cut: 1,999,000 more characters]"),
]


@pytest.mark.parametrize("source, text", ERRORS)
def test_error_text_is_the_headline_bounded(source, text):
    err = raised(source)
    assert error_text(err) == f"{err.span}: {text}"
