"""A Char's traits: what the character procedures answer for it, worked out when it is made.

datatypes.Char holds `down`, `up`, `alpha`, `white`, `num`, `upper` and
`lower` and `fold`, filled by primitives/chars.py (Char.traits) for every Char that
Char.of makes; code written in line reads them as attributes, and the
procedures return them.  Here they are checked against the Unicode
definitions R7RS gives (6.6), worked out again from `unicodedata`, and the
in-line answers against the procedures' own.
"""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Session, generated_python
from schemehost.datatypes import Char
from schemehost.primitives.chars import downcase_char, upcase_char

# Any character a Scheme string may hold (no surrogates).
CHARACTERS = st.characters(exclude_categories=("Cs",))


@settings(max_examples=400, deadline=None)
@given(CHARACTERS)
def test_a_new_char_holds_the_unicode_answers(ch):
    c = Char.of(ch)
    category = unicodedata.category(ch)
    assert c.alpha == (category in ("Lu", "Ll", "Lt", "Lm", "Lo", "Nl"))
    assert c.num == (category == "Nd")
    assert c.white == (ch.isspace() and ch not in "\x1c\x1d\x1e\x1f")
    assert c.upper == ch.isupper() and c.lower == ch.islower()
    assert c.down is Char.of(downcase_char(ch)) and c.up is Char.of(upcase_char(ch))
    assert len(c.down.ch) == 1 and len(c.up.ch) == 1
    # R7RS char-foldcase: the simple case folding (Unicode CaseFolding.txt's C and S
    # mappings); Python's casefold is the full one, longer for a few (German sharp s).
    folded = ch.casefold()
    assert c.fold is Char.of(folded if len(folded) == 1 else ch.lower() if len(ch.lower()) == 1 else ch)
    assert c.fold.fold is c.fold


def test_chars_made_while_schemehost_was_imported_have_their_traits_too():
    # #\a and friends exist before primitives/chars.py runs (the reader's tables);
    # the module fills them when it hands Char.traits down.
    for c in list(Char._table.values()):
        assert c.down is Char.of(downcase_char(c.ch)), c


PROCEDURES = ("char-downcase", "char-upcase", "char-alphabetic?", "char-numeric?",
              "char-whitespace?", "char-upper-case?", "char-lower-case?", "char-foldcase")


@settings(max_examples=60, deadline=None)
@given(st.lists(CHARACTERS, min_size=1, max_size=12))
def test_in_line_answers_are_the_procedures_answers(chars):
    # (f c) written in line in a generated loop, against f called through a variable.
    s = Session()
    s.interp.compiler.generate = True
    text = "".join(chars).replace("\\", "\\\\").replace('"', '\\"')
    calls = " ".join(f"({name} c)" for name in PROCEDURES)
    called = " ".join(f"((vector-ref procs {i}) c)" for i in range(len(PROCEDURES)))
    with generated_python() as sources:
        s.eval(f"""
          (define procs (vector {' '.join(PROCEDURES)}))
          (define (in-line s) (map (lambda (c) (list {calls})) (string->list s)))
          (define (called s) (map (lambda (c) (list {called})) (string->list s)))""")
    written = "\n".join(sources)
    assert all(f"c.{trait}" in written for trait in ("down", "up", "alpha", "num", "white", "upper", "lower", "fold"))
    assert s.show(f'(equal? (in-line "{text}") (called "{text}"))') == "#t"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(CHARACTERS, CHARACTERS), min_size=1, max_size=12))
def test_char_ci_comparisons_compare_the_folded_characters(pairs):
    # char-ci=? written in line (its folds compared), called through a variable, and
    # the procedures of more arguments, against the folds worked out by hand.
    s = Session()
    s.interp.compiler.generate = True
    def scheme_char(ch):
        return f"(integer->char {ord(ch)})"
    items = " ".join(f"(cons {scheme_char(a)} {scheme_char(b)})" for a, b in pairs)
    with generated_python() as sources:
        s.eval("""
          (define (in-line ps) (map (lambda (p) (char-ci=? (car p) (cdr p))) ps))
          (define procs (vector char-ci=? char-ci<? char-ci>?))
          (define (called ps) (map (lambda (p) (list ((vector-ref procs 0) (car p) (cdr p))
                                                     ((vector-ref procs 1) (car p) (cdr p))
                                                     ((vector-ref procs 2) (car p) (cdr p) (car p))))
                                   ps))""")
    assert "c.fold is " in "\n".join(sources) or ".fold is " in "\n".join(sources)
    folds = [(ord(Char.of(a).fold.ch), ord(Char.of(b).fold.ch)) for a, b in pairs]
    assert s.show(f"(in-line (list {items}))") == "(" + " ".join("#t" if x == y else "#f" for x, y in folds) + ")"
    expect = " ".join(f"({'#t' if x == y else '#f'} {'#t' if x < y else '#f'} {'#t' if x > y > x else '#f'})"
                      for x, y in folds)
    assert s.show(f"(called (list {items}))") == f"({expect})"
    assert s.show("(list (char-ci=? #\\A #\\a) (char-ci=? #\\x3A3 #\\x3C2 #\\x3C3) (char-foldcase #\\x130))") == \
        "(#t #t #\\\u0130)"  # (no one-character folding: itself)
    # final and medial sigma fold alike, and differ in lower case: the fold, not char-downcase
    assert s.show("(in-line (list (cons #\\x3C2 #\\x3C3) (cons #\\x3A3 #\\x3C2)))") == "(#t #t)"


# -- case over characters or symbols only (pyfunc.py: looked up by the key itself) ------------

CASE_PROGRAM = """
(define (kind c)
  (case c
    ((#\\a #\\e #\\i #\\o #\\u) 'vowel)
    ((#\\space #\\newline) 'space)
    (else 'other)))
(define (sign s)
  (case s ((plus) 1) ((minus) -1) (else 0)))
(define (mixed x)
  (case x ((1 #\\a a) 'one) ((1.0) 'float) (else 'none)))
(define (scan s)
  (let loop ((i 0) (vowels 0))
    (if (= i (string-length s))
        vowels
        (case (string-ref s i)
          ((#\\a #\\e #\\i #\\o #\\u) (loop (+ i 1) (+ vowels 1)))
          (else (loop (+ i 1) vowels))))))
(list (map kind (list #\\a #\\b #\\space 97 "a" 'a #f '() 1.5))
      (map sign (list 'plus 'minus 'other "plus" #\\p 1))
      (map mixed (list 1 1.0 #\\a 'a 2 "a"))
      (scan "a quiet evening out"))
"""


def test_case_over_characters_or_symbols_only_matches_as_eqv_in_every_mode():
    from test_tiers import assert_same_in_every_mode, run

    assert run(CASE_PROGRAM, True)[0] == (
        "((vowel other space other other other other other other) (1 -1 0 0 0 0) "
        "(one float one one none none) 9)")
    assert_same_in_every_mode(CASE_PROGRAM, None)


def test_case_over_characters_only_is_one_lookup_by_the_character():
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval("(define (kind c) (case c ((#\\a #\\e) 'vowel) (else 'other)))")
    (text,) = sources
    assert "if type(v1_c) is Char else None" in text and "CASE_TYPES" not in text
    assert s.show("(map kind (list #\\a #\\b 5))") == "(vowel other other)"


def test_char_to_integer_handed_to_map_checks_its_argument_itself():
    # (checks="body", as the character classes: one Python call a use, the same errors)
    from test_tiers import assert_same_in_every_mode, run

    program = "(list (map char->integer (string->list \"az\\x3bb;\")) (apply char->integer (list #\\A)))"
    assert run(program, True)[0] == "((97 122 955) 65)"
    for bad, message in [("(map char->integer (list #\\a 1))", "char->integer: argument 1 must be a character"),
                         ("(char->integer \"a\")", "char->integer: argument 1 must be a character"),
                         ("(apply char->integer '())", "char->integer: expects 1 argument, given 0"),
                         ("(let loop ((c #\\a)) (char-ci=? c 1))", "char-ci=?: argument 2 must be a character")]:
        value = run(bad, True)[0]
        assert value.startswith("ERROR") and message in value, value
        assert_same_in_every_mode(bad, None)
