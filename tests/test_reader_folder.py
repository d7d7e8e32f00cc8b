"""reader._Folder: read_all's fast path cuts a whole list in one pass (issue 13's loading).

Where `_scan` may hand the parser a SIMPLE token, a list is offered to
`_Folder.cut` first: lists of any depth, [ ] lists anywhere, quote marks and
dotted tails, read from the text in pieces that end after a line ending.  It
must give what the parser gives from the same text token by token: the same
data, the same span on every pair, the same ReadError (it declines, and the
parser reports it).  test_load_speed_invariants.py holds read_all to that on
random texts; these are the cases the folder's own rules make: its pieces,
its declining, and that it is the one cutting.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemehost import Interpreter, format_error, reader
from schemehost.errors import ReadError, SchemeError
from schemehost.printer import write_string
from test_load_speed_invariants import _full_outcome


def _token_by_token(text: str):
    return reader._Reading(text, 0, "t.scm", 1, 1, first_only=False).advance(at_eof=True)[0]


def _fast(text: str):
    return reader._read_located(text, "t.scm")[0]


def _outcome(read, text: str) -> tuple:
    return _full_outcome(lambda: read(text))


def _assert_same(text: str) -> tuple:
    fast = _outcome(_fast, text)
    assert fast == _outcome(_token_by_token, text)
    return fast


def _tokens_fed(text: str) -> list:
    """The (type, text) of every token read_all's fast path feeds the parser."""
    session = reader._Session("t.scm", False)
    context = reader._SESSION.set(session)
    try:
        parser = reader._parser().parse_interactive(None)
        state = parser.parser_state
        fed = []
        for token in reader._scan(text, state, reader._state_scanners(parser), reader._Folder(text, session)):
            fed.append((token.type, token.value))
            state.feed_token(token)
        return fed
    finally:
        reader._SESSION.reset(context)


def _nested(depth: int) -> str:
    text = "x"
    for level in range(depth):
        text = f"(f{level} 'q {text} . [t{level}])" if level % 2 else f"[g{level}\n  {text} ,@(h . i)]"
    return text


# ------------------------------------------------------------ the folder cuts


@pytest.mark.parametrize("text", [
    _nested(9), _nested(20),
    "(a . b)", "(a b . (c d))", "(a . 'b)", "(a . ,@(b))", "[a . [b]]", "(a . ;c\n b)", "((a . b) . (c . d))",
    "(define (f x)\n  ;; comment\n  (let loop ((i 0))\n    (if (< i x) (loop (+ i 1)) `(done ,i))))",
])
def test_folder_any_depth_and_dotted_tails_one_token_same_as_token_by_token(text):
    assert _tokens_fed(text) == [("SIMPLE", text)]
    assert _assert_same(text)[0] == "data"


def test_folder_deep_list_spans_exact():
    datum = reader.read_one("(a\n (b (c (d (e (f (g (h (i (j . k))))))))) 'l)", "p.scm")
    assert write_string(datum) == "(a (b (c (d (e (f (g (h (i (j . k))))))))) 'l)"
    deepest = datum.cdr.car
    spans = [str(datum.span), str(datum.cdr.span), str(deepest.span)]
    for _ in range(8):
        deepest = deepest.cdr.car
        spans.append(str(deepest.span))
    assert spans == ["p.scm:1:1", "p.scm:2:2", "p.scm:2:2", "p.scm:2:5", "p.scm:2:8", "p.scm:2:11", "p.scm:2:14",
                     "p.scm:2:17", "p.scm:2:20", "p.scm:2:23", "p.scm:2:26"]
    assert str(datum.cdr.cdr.span) == "p.scm:2:42" and str(datum.cdr.cdr.car.cdr.span) == "p.scm:2:43"


# A top-level form longer than the first piece (reader._FOLD_PIECE), lines inside it
# starting with a bracket (a piece ends there), a string holding a line ending and a
# bracket across a piece's end, and every kind of line ending.
_LONG = "(define (long x)\n" + "".join(f"  (step{i} x 'a{i} \"s{i}\")\n" for i in range(60)) + "(inner (list x\n)))"


@pytest.mark.parametrize("text", [
    _LONG,
    _LONG.replace("\n", "\r\n"),
    _LONG.replace("\n", "\r"),
    "(a \"one\n(two\" b)\n(c)",
    "(a |sym\n(bol| b)\n(c)",
    "(a #\\\n(b))\n(c)",
    "(a ;\n(b) \"x\ny\"\n(c . d))\n(e)",
    "(a\n" + "  " * 300 + "b)\n(c)",
    "(a '\n(b))",
    # A piece ends before a vector, a label, a block or datum comment, a directive: also
    # where one is spelt in a string, a comment, or inside an element.
    "(a \"#(\" b)\n(c)", "(a ; #(x)\n b)", "(a#(b) c)", "(a #\\#(b) c)", "(x\n  (y #(1 2) (z . w))\n  [v #u8(1)])",
    "(a (b #|c|# d) (e #;(f) g) (h #0=(i) #0#))", "(a (b c) #(d (e f)))",
    # A line longer than a piece reaches: the parser reads it, the folder cuts nothing there.
    "(define (f x) " + " ".join(f"(g{i} x)" for i in range(900)) + ")\n(h (k))",
    "(a " + "b " * 3000 + ")",
])
def test_folder_pieces_same_as_token_by_token(text):
    assert _assert_same(text)[0] == "data"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["(", ")", "[", "]", " ", "\n", "\r\n", "\r", "\n(", "a", "'", ",@", ".",
                                 '"s\n(t"', "; c\n", "12", "#\\(", "#\\\n"]), min_size=1, max_size=400)
       .map("".join).map(lambda body: "(" + body))
def test_folder_long_random_texts_same_as_token_by_token(text):
    # Long enough to run over the first piece: whatever is cut, or declined, reads as token by token.
    _assert_same(text)


# ------------------------------------------------------------ the folder declines


@pytest.mark.parametrize("text", [
    "(a #(1 2) b)", "(a #u8(1) b)", "(a #| c |# b)", "(a #;(b) c)", "(a #0=(b) #0#)", "(a ' b)", "(a [b) c]",
    "(a . )", "( . a)", "(a . b c)", "(a . . b)", "(a ')", "(a #!fold-case B)", "(a (b)",
])
def test_folder_declines_what_it_does_not_cut_and_the_parser_reads_it(text):
    assert ("SIMPLE", text) not in _tokens_fed_or_error(text)
    _assert_same(text)


def _tokens_fed_or_error(text: str) -> list:
    try:
        return _tokens_fed(text)
    except Exception:  # the parser's own error, reported by the slow path in read_all
        return []


@pytest.mark.parametrize("text, message, span", [
    ("(define (f x)\n  (g x . ))", "expected one datum after '.', found ')'", "p.scm:2:10"),
    ("(define (f x)\n  (g (h #\\nope) [x)))", "bad character name: #\\nope", "p.scm:2:9"),
    ("(a (b (c (d (e (f (g (h (i \"\\q\")))))))))", "unknown escape in string: \\q", "p.scm:1:29"),
    ("(a\n (b . c d))", "more than one datum after '.'", "p.scm:2:9"),
    ("(define (f x)\n  (g [x y)))", "expected ']' to close '[' from line 2, column 6, found ')'", "p.scm:2:10"),
])
def test_folder_errors_in_lists_keep_their_text_and_position(text, message, span):
    """The texts and positions as before the folder (main 46ee2bc gives these)."""
    with pytest.raises(ReadError) as info:
        reader.read_all(text, "p.scm")
    assert (str(info.value), str(info.value.span)) == (message, span)
    _assert_same(text)


def test_folder_fold_case_directive_before_a_list_lowers_its_identifiers():
    text = "#!fold-case (DEFINE (F X) (LIST 'ABC #\\SPACE (G . H)))"
    assert [t for t in _tokens_fed(text) if t[0] == "SIMPLE"] == [("SIMPLE", text[12:])]
    assert write_string(reader.read_one(text)) == "(define (f x) (list 'abc #\\space (g . h)))"
    _assert_same(text)


def test_folder_label_reference_in_a_cut_list_reads_as_before():
    text = "#0=(a (b . #0#) [c #0#])"
    _assert_same(text)
    datum = reader.read_one(text)
    assert datum.cdr.car.cdr is datum and datum.cdr.cdr.car.cdr.car is datum


def test_eval_string_program_cut_by_the_folder_runs_with_positions():
    interp = Interpreter(stdin="", seed=0)
    text = ("(define (f x)\n  (let loop ((i 0) (acc '()))\n    (if (= i x) (reverse acc)\n"
            "        (loop (+ i 1) (cons `(,i . ,(* i i)) acc)))))\n(f 3)\n(define (g) (car 5))\n(g)")
    with pytest.raises(SchemeError) as info:
        interp.eval_string(text, "prog.scm")
    assert format_error(info.value) == ("prog.scm:6:13: car: argument 1 must be a pair: 5\n"
                                        "  called from prog.scm:6:13: (car 5)\n  called from prog.scm:7:1: (g)")
    assert write_string(interp.eval_string("(f 3)")) == "((0 . 0) (1 . 1) (2 . 4))"


def test_folder_long_line_not_cut_but_the_lines_after_it_are():
    """A list on a line that ends beyond a piece's reach (reader._FOLD_REACH) is left to the
    parser, and so is every list starting on that line early enough; lists after it are cut."""
    long = "(a " + " ".join(f"(b{i} c)" for i in range(1500)) + " (y . z))"  # lark folds no dotted tail
    text = long + "\n(d (e f))\n"
    fed = _tokens_fed(text)
    assert ("LPAREN", "(") == fed[0]
    assert ("SIMPLE", "(b0 c)") in fed  # lark's own folded list, not the folder's
    assert ("SIMPLE", "(y . z)") in fed  # the line's end is in reach there: the folder's (lark folds no dot)
    assert fed[-1] == ("SIMPLE", "(d (e f))")
    _assert_same(text)


def test_folder_vector_in_a_list_leaves_its_lists_to_the_parser_and_cuts_the_rest():
    text = "(define v\n  '((a #(1 2)) (b (c d))))"
    fed = _tokens_fed(text)
    assert ("SIMPLE", "(b (c d))") in fed and ("VECTOR_OPEN", "#(") in fed
    assert not [t for t in fed if t[0] == "SIMPLE" and "#(" in t[1]]
    _assert_same(text)
