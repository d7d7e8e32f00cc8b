"""schemehost.printer: write, display and the hooks it installs below itself."""

from __future__ import annotations

from fractions import Fraction

import pytest

from schemehost import SchemeError, StepLimitExceeded
from schemehost.datatypes import NIL, Char, ErrorObject, Symbol, cons, new_string
from schemehost.errors import scheme_error
from schemehost.printer import describe_condition, display_string, format_number, to_string, write_string
from schemehost.runtime import RUNNING, Budget


@pytest.mark.parametrize(
    "value, written, displayed",
    [
        (new_string('a"b\n'), '"a\\"b\\n"', 'a"b\n'),
        (Char(" "), "#\\space", " "),
        (Symbol.intern("hello world"), "|hello world|", "hello world"),
        (Symbol.intern("1+"), "|1+|", "1+"),
        (Symbol.intern("+"), "+", "+"),
        (cons(1, cons(2, 3)), "(1 2 . 3)", "(1 2 . 3)"),
        ([1, new_string("x")], '#(1 "x")', "#(1 x)"),
        (bytearray(b"\x00\xff"), "#u8(0 255)", "#u8(0 255)"),
        (NIL, "()", "()"),
        (True, "#t", "#t"),
    ],
)
def test_printer_value_writes_and_displays(value, written, displayed):
    assert write_string(value) == written
    assert display_string(value) == displayed


@pytest.mark.parametrize(
    "number, text",
    [(Fraction(-1, 2), "-1/2"), (1.0, "1.0"), (float("inf"), "+inf.0"), (float("-inf"), "-inf.0"), (10**30, str(10**30))],
)
def test_printer_format_number_gives_scheme_numeral(number, text):
    assert format_number(number) == text


def test_printer_cycle_is_labelled_and_write_simple_refuses_it():
    x = cons(1, NIL)
    x.cdr = x
    assert write_string(x) == "#0=(1 . #0#)"
    with pytest.raises(SchemeError) as info:
        to_string(x, True, "none")
    assert info.value.describe() == "write-simple: cannot write a circular value"


def test_printer_shared_labels_every_shared_value():
    shared = cons(1, NIL)
    x = cons(shared, cons(shared, NIL))
    assert to_string(x, True, "shared") == "(#0=(1) #0#)"
    assert write_string(x) == "((1) (1))"


def test_printer_deep_nesting_prints_without_recursion():
    x = NIL
    for _ in range(100_000):
        x = cons(x, NIL)
    text = write_string(x)
    assert text.startswith("((((") and len(text) == 2 * 100_000 + 2


def test_printer_describe_condition_formats_message_and_irritants():
    assert describe_condition(ErrorObject("bad thing", (1, new_string("s")), "error")) == 'bad thing: 1 "s"'
    assert describe_condition(ErrorObject("who:", (2,), "error")) == "who: 2"
    assert describe_condition(Symbol.intern("oops")) == "uncaught exception: oops"


def test_printer_installs_pair_repr_and_error_describer():
    """The values and errors layers sit below the printer, so the printer
    hands them its writer when it is imported."""
    assert repr(cons(1, cons(2, NIL))) == "Pair<(1 2)>"
    assert scheme_error("car: argument 1 must be a pair", 3).describe() == "car: argument 1 must be a pair: 3"


def test_printer_charges_the_running_budget():
    """Writing 100000 values costs 100000 / 256 = 390 steps: over a budget of 100."""
    values = [0] * 100_000
    saved = RUNNING.budget
    RUNNING.budget = Budget(100)
    try:
        with pytest.raises(StepLimitExceeded):
            write_string(values)
        RUNNING.budget = Budget(1000)
        assert write_string(values).startswith("#(0 0")
        assert RUNNING.budget.used() >= 390
    finally:
        RUNNING.budget = saved


def _chain(n: int):
    """A list of n fresh one-element lists, each holding the next: n+1 pairs nested n deep in cars."""
    x = NIL
    for _ in range(n):
        x = cons(x, NIL)
    return x


def test_printer_limit_small_value_is_written_whole_with_labels():
    ring = cons(Symbol("a"), cons(Symbol("b"), NIL))
    ring.cdr.cdr = ring
    assert to_string(ring, True, limit=100) == "#0=(a b . #0#)"
    assert to_string(cons(new_string("x"), NIL), True, limit=100) == '("x")'


def test_printer_limit_huge_cyclic_list_stops_soon_after_the_limit():
    """A 100,000-pair ring is too big to search for labels under a limit: written left to right, cut short."""
    head = last = cons(0, NIL)
    for i in range(1, 100_000):
        last.cdr = cons(i, NIL)
        last = last.cdr
    last.cdr = head
    text = to_string(head, True, limit=50)
    assert text.startswith("(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 ")
    assert 50 < len(text) < 200


def test_printer_limit_huge_nesting_through_cars_is_cut():
    text = to_string(_chain(100_000), True, limit=40)
    assert text.startswith("(" * 40) and 40 < len(text) <= 41


def test_printer_limit_long_vector_writes_only_its_start():
    text = to_string(list(range(1_000_000)), True, limit=30)
    assert text.startswith("#(0 1 2 3 4 5 6 7 8 9 10 11 ") and 30 < len(text) < 100


def _steps_to_write(x, **kwargs) -> tuple[str, int]:
    saved = RUNNING.budget
    RUNNING.budget = Budget(10_000)
    try:
        text = to_string(x, True, **kwargs)
        return text, RUNNING.budget.used()
    finally:
        RUNNING.budget = saved


@pytest.mark.parametrize("atoms", [[1], [1, "a", Symbol.intern("b")], list(range(64)), list(range(65))])
def test_printer_short_flat_list_is_written_as_the_general_writer_writes_it(atoms):
    """Session 17 writes a proper list of at most 64 atoms without the search for datum
    labels.  The text is the general writer's (a list of 65 goes through it), and no
    step is charged: the search and the writing would count at most 2 * 64 + 1
    elements, under the 256 of a step (runtime.charge)."""
    values = [new_string(a) if isinstance(a, str) else a for a in atoms]
    flat = NIL
    for v in reversed(values):
        flat = cons(v, flat)
    text, steps = _steps_to_write(flat)
    assert text == "(" + " ".join(write_string(v) for v in values) + ")"
    assert steps == 0
    assert to_string(flat, False) == "(" + " ".join(to_string(v, False) for v in values) + ")"


@pytest.mark.parametrize("head, text", [("quote", "'x"), ("quasiquote", "`x"), ("unquote", ",x"),
                                        ("unquote-splicing", ",@x")])
def test_printer_short_quote_forms_still_print_abbreviated(head, text):
    assert to_string(cons(Symbol.intern(head), cons(Symbol.intern("x"), NIL)), True) == text
    assert to_string(cons(Symbol.intern(head), cons(Symbol.intern("x"), cons(1, NIL))), True) == f"({head} x 1)"


def test_printer_circular_list_of_atoms_is_written_with_labels():
    ring = cons(1, cons(2, NIL))
    ring.cdr.cdr = ring
    assert to_string(ring, True) == "#0=(1 2 . #0#)"


def test_printer_long_flat_list_is_charged_by_the_general_writer():
    """300 atoms: the search for labels visits 300 pairs (a step) and the writer writes 301
    values (a step): a long list is never taken for a short one."""
    flat = NIL
    for i in range(300):
        flat = cons(i, flat)
    text, steps = _steps_to_write(flat)
    assert steps == 2 and text.startswith("(299 298")


@pytest.mark.parametrize("n, steps", [(2**4096 - 1, 0), (-(2**4096 - 1), 0), (2**4096, 32), (-(2**4096), 32)])
def test_printer_ints_written_at_once_charge_what_decimal_charges(n, steps):
    """An int within 4096 bits is written with str() (session 17), as _decimal writes it,
    charging nothing; one bit longer, _decimal charges its digits' divisions:
    (4097 >> 6) ** 2 // 128 = 32 steps."""
    text, used = _steps_to_write(n)
    assert text == str(n) and used == steps
