"""What the loading speed-ups of issue 13 rely on, checked without a clock.

1. `reader._scan`, the tight lexing loop of `read_all`'s fast path, cuts any
   text into exactly the tokens lark's contextual lexer makes (type, text and
   every position), state by state, up to the same point of failure.
2. So `read_all`'s fast path gives what the token-by-token reading (`_Reading`,
   lark's own lexer, used for error messages and ports) gives: the same data at
   the same positions, or the same ReadError.
3. Read code can only be circular when its text has a datum label: the
   interpreter walks a form for cycles only then (`reader.read_program`).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import UnexpectedInput

from schemehost import Interpreter, reader
from schemehost import interpreter as interpreter_module
from schemehost.errors import ReadError, SchemeError
from schemehost.printer import write_string

# Pieces of Scheme text, right and wrong, joined at random: every terminal of
# grammar.lark, every kind of line ending, and the bits that make errors.
_PIECES = [
    "(", ")", "[", "]", "#(", "#u8(", "#U8(", " ", "  ", "\n", "\r", "\r\n", "\t",
    "a", "foo", "Foo", "->x", "a.b", "...", "1", "-2.5", "1/3", "+inf.0", "#x1F", "#e1.5", ".",
    "'", "`", ",", ",@", '"str"', '"a\\nb"', '"x\r\ny"', '"\\x41;"', '"bad\\q"', "|sym bol|", "|a\\|b|",
    "#\\a", "#\\space", "#\\(", "#\\x41", "#\\nope", "#t", "#false", "#;", "#|", "|#", "; comment",
    "#0=", "#0#", "#1=", "#1#", "#!fold-case", "#!no-fold-case", "#!bad", '"', "|", "#", "#\\", "λ",
]

texts = st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=40).map("".join),
    st.text(alphabet=st.sampled_from("()[]#|;\"'`,@.\\ \n\rax0=u8!"), max_size=40),
)


def _tokens_from_lark(text: str) -> tuple[list, bool]:
    """The tokens lark's own contextual lexer gives a parser reading `text`, and whether it failed."""
    session = reader._Session("t", False)
    context = reader._SESSION.set(session)
    seen = []
    try:
        parser = reader._interactive(text, 0, 1, 1)
        state = parser.parser_state
        for token in parser.lexer_thread.lex(state):
            seen.append(_fields(token))
            state.feed_token(token)
    except (UnexpectedInput, ReadError):
        return seen, True
    finally:
        reader._SESSION.reset(context)
    return seen, False


def _tokens_from_scan(text: str) -> tuple[list, bool]:
    """The same for `reader._scan`."""
    session = reader._Session("t", False)
    context = reader._SESSION.set(session)
    seen = []
    try:
        parser = reader._parser().parse_interactive(None)
        state = parser.parser_state
        for token in reader._scan(text, state, reader._state_scanners(parser)):
            seen.append(_fields(token))
            state.feed_token(token)
    except (UnexpectedInput, ReadError, reader._NoToken):
        return seen, True
    finally:
        reader._SESSION.reset(context)
    return seen, False


def _fields(token) -> tuple:
    return (token.type, str(token), token.value, token.start_pos, token.line, token.column,
            token.end_line, token.end_column, token.end_pos)


def _outcome(read) -> tuple:
    """What a read gives: ("data", [(written value, line, column)...]) or ("error", message, span)."""
    try:
        located = read()
    except ReadError as exc:
        return ("error", str(exc), str(exc.span))
    return ("data", [(write_string(value), line, column) for value, line, column in located])


@settings(max_examples=300, deadline=None)
@given(texts)
def test_scan_any_text_same_tokens_as_larks_contextual_lexer(text):
    assert _tokens_from_scan(text) == _tokens_from_lark(text)


@pytest.mark.parametrize("text", [
    "(a\r\n b)\r(c\n\r d)",
    "#| a\r|\n # |# x",
    "#| outer #| inner |# still |# (done)",
    '"line one\r\nline two" x',
    "; comment\rnot",
    "(1 . 2) [a . b] #(1 2) #u8(1 2)",
    "#0=(a . #0#) '#1=(b #1#)",
    "#!fold-case ABC #\\SPACE",
])
def test_scan_known_texts_same_tokens_as_larks_contextual_lexer(text):
    tokens, failed = _tokens_from_scan(text)
    assert not failed
    assert tokens == _tokens_from_lark(text)[0]


@settings(max_examples=300, deadline=None)
@given(texts)
def test_read_all_fast_path_gives_what_token_by_token_reading_gives(text):
    def fast():
        return reader._read_located(text, "t")[0]

    def token_by_token():
        return reader._Reading(text, 0, "t", 1, 1, first_only=False).advance(at_eof=True)[0]

    assert _outcome(fast) == _outcome(token_by_token)


@pytest.mark.parametrize("text, labelled", [
    ("(define x 1) (display '(a b))", False),
    ("#;#0=(a) 1", True),
    ("'#0=(a . #0#)", True),
    ("(list #0=(1 2) '#0#)", True),
    ('"#0=" |#0=| #\\#', False),
    ("#| #0= |# ; #0=\n x", False),
])
def test_read_program_labelled_exactly_when_a_datum_label_is_read(text, labelled):
    data, flag = reader.read_program(text, "t")
    assert flag is labelled
    assert [write_string(d) for d in data] == [write_string(d) for d in reader.read_all(text, "t")]


def test_eval_string_walks_for_cycles_only_when_the_text_has_a_datum_label(monkeypatch):
    walked = []
    original = interpreter_module.reject_circular_code

    def spy(datum):
        walked.append(datum)
        original(datum)

    monkeypatch.setattr(interpreter_module, "reject_circular_code", spy)
    interp = Interpreter(stdin="", seed=0)
    interp.eval_string("(define (f x) (* x 2)) (f 3)")
    assert walked == []
    interp.eval_string("(define y '#0=(1 . #0#)) (car y)")
    assert len(walked) == 2
    # A datum handed over as data is always walked: it may be circular without any label.
    interp.eval_datum(reader.read_one("(f 4)"))
    assert len(walked) == 3


def test_eval_of_code_made_circular_by_set_cdr_still_rejected():
    interp = Interpreter(stdin="", seed=0)
    with pytest.raises(SchemeError) as info:
        interp.eval_string("(define c (list 'begin 1)) (set-cdr! (cdr c) (cdr c))"
                           " (eval c (interaction-environment))")
    assert "circular code" in str(info.value)


def test_eval_string_circular_code_from_a_label_still_rejected_with_its_position():
    interp = Interpreter(stdin="", seed=0)
    with pytest.raises(SchemeError) as info:
        interp.eval_string("(display 1)\n#0=(begin . #0#)", "prog.scm")
    assert "circular code" in str(info.value)


def test_reader_span_maker_gives_the_same_span_as_the_constructor():
    made = reader._span("prog.scm", 3, 14)
    assert type(made) is reader.Span
    assert made == reader.Span("prog.scm", 3, 14)
    assert hash(made) == hash(reader.Span("prog.scm", 3, 14))
    assert (str(made), repr(made)) == ("prog.scm:3:14", "Span(file='prog.scm', line=3, column=14)")


def test_span_tuple_is_an_immutable_value_like_the_dataclass_it_replaced():
    """Span became a tuple subclass (the reader makes one per pair): it still reads, prints,
    compares, hashes, copies and pickles as the frozen dataclass did, and equals no plain tuple."""
    import copy
    import pickle

    span = reader.Span("f.scm", 3, 4)
    assert (span.file, span.line, span.column) == ("f.scm", 3, 4)
    assert span == reader.Span("f.scm", 3, 4) and span != reader.Span("f.scm", 3, 5)
    assert span != ("f.scm", 3, 4) and not span == ("f.scm", 3, 4)
    assert hash(span) == hash(("f.scm", 3, 4))
    assert pickle.loads(pickle.dumps(span)) == span and copy.deepcopy(span) == span
    with pytest.raises(AttributeError):
        span.line = 5


def test_read_pairs_carry_the_spans_of_their_elements():
    datum = reader.read_one("(a\n  (b c) 'd)", "p.scm")
    spans = []
    while datum is not reader.NIL:
        spans.append(str(datum.span))
        datum = datum.cdr
    assert spans == ["p.scm:1:1", "p.scm:2:3", "p.scm:2:9"]


# ------------------------------------------------------------ folded lists
#
# 4. A list of simple datums and flat lists is one FOLDED_LIST token
#    (grammar.lark), taken apart by reader._folded_list.  Read with the same
#    grammar minus that token (every list token by token, as before issue 13's
#    folding), any text gives the same data, the same span on every pair, and
#    the same ReadError.


def _unfolded_parser():
    """The reader's parser built from grammar.lark without folded lists."""
    grammar = reader._GRAMMAR_PATH.read_text(encoding="utf-8")
    folded = "SIMPLE: ELEMENT | FOLDED_LIST\n"
    assert folded in grammar
    return reader.Lark(grammar.replace(folded, "SIMPLE: ELEMENT\n"),
                       **dict(reader._LARK_OPTIONS, transformer=reader._BUILDER))


_UNFOLDED: list = []


def _read_with(parser, text: str, whole: bool):
    """Read `text` with `parser` in place of the reader's own: read_all, or token by token."""
    saved = reader._parser_instance
    reader._parser_instance = parser
    try:
        if whole:
            return reader._read_located(text, "t.scm")[0]
        return reader._Reading(text, 0, "t.scm", 1, 1, first_only=False).advance(at_eof=True)[0]
    finally:
        reader._parser_instance = saved


def _pair_spans(data: list) -> list:
    """(written car, span) of every pair reachable from `data`, depth first, each pair once."""
    seen = set()
    out = []
    todo = list(reversed(data))
    while todo:
        node = todo.pop()
        if type(node) is list:
            todo.extend(reversed(node))
            continue
        if type(node) is not reader.Pair or id(node) in seen:
            continue
        seen.add(id(node))
        out.append((write_string(node.car), str(node.span)))
        todo.append(node.cdr)
        todo.append(node.car)
    return out


def _full_outcome(read) -> tuple:
    try:
        located = read()
    except ReadError as exc:
        return ("error", str(exc), str(exc.span))
    values = [value for value, _, _ in located]
    return ("data", [(write_string(value), line, column) for value, line, column in located],
            _pair_spans(values))


_FOLDABLE_PIECES = [
    "(", ")", "[", "]", "()", " ", "\n", "\r\n", "\r", "\t", "a", "Foo", "1", "-2.5", "1/3", "#x1F", "#t",
    '"s"', '"a\nb"', '"\\x41;"', '"bad\\q"', "|s y|", "#\\a", "#\\(", "#\\space", "#\\nope", "'", "`", ",",
    ",@", "''", ".", "a.b", "#0=", "#0#", "#u8(", "#U8(", "#(", "#;", "; c\n", "#|c|#", "#!fold-case", "@",
    "#", "#bad", "λ", "12345678901234567890",
]
foldable_texts = st.one_of(
    st.lists(st.sampled_from(_FOLDABLE_PIECES), max_size=30).map("".join),
    st.recursive(
        st.sampled_from(["a", "1", "'b", ",@c", '"s"', "#\\x", "#t", "-", "`(d)", "#0#", "x\r\ny"]),
        lambda inner: st.tuples(st.sampled_from(["()", "[]", "()", "()"]), st.lists(inner, max_size=4),
                                st.sampled_from([" ", "\n ", "  ", "\r\n", ""])).map(
            lambda t: t[0][0] + t[2].join(t[1]) + t[0][1]),
        max_leaves=20,
    ).map(lambda datum: "#0=" + datum if "#0#" in datum else datum),
    texts,
)


@settings(max_examples=300, deadline=None)
@given(foldable_texts, st.booleans())
def test_read_folded_lists_same_as_token_by_token_grammar(text, whole):
    _assert_read_as_token_by_token(text, whole)


def _assert_read_as_token_by_token(text: str, whole: bool) -> None:
    """Read `text` (read_all, or token by token) with the reader's grammar and without folded lists: the same."""
    if not _UNFOLDED:
        _UNFOLDED.append(_unfolded_parser())
    folded = _full_outcome(lambda: _read_with(reader._parser(), text, whole))
    assert folded == _full_outcome(lambda: _read_with(_UNFOLDED[0], text, whole))


@pytest.mark.parametrize("text", [
    "(define (f x) (g 'a `(b ,c ,@d) [e \"s\"]))",
    "(a\r\n b\r c\n\r d)",
    "(#0# a)", "#0=(a #0# (b #0#))",
    "(#u8(1 2) #0=x)",
    "(,@)", "(,@ a)", "(,@a ,a ,(b))", "(a'b`c,d)",
    "(#\\nope #\\bad)", '("\\q" #\\nope)', "(1 2 . 3)", "(a #;b c)",
    "(1/0 #e1.5 #x1G)", "((a) (b c) . (d))",
    "#!fold-case (ABC (Def #\\SPACE))",
])
def test_read_folded_lists_known_texts_same_as_token_by_token_grammar(text):
    for whole in (True, False):
        _assert_read_as_token_by_token(text, whole)


# Lists nested past the depth grammar.lark folds (8), with [ ] lists, quote
# marks and line endings at every depth: the folded token ends where the
# nesting allows, and the rest is read token by token around it.
deep_texts = st.recursive(
    st.sampled_from(["a", "12", "'b", ",@c", '"s\nt"', "#\\(", "#\\x", "#t", "|p q|", "-", ".5", "#0#",
                     "; c\n d", "e ;c\r\n", '"a;b"', "#\\;", "f;g\n", ". x", " . ", "y . 'z"]),
    lambda inner: st.tuples(st.sampled_from(["()", "[]", "()", "()", "()"]), st.lists(inner, max_size=3),
                            st.sampled_from([" ", "\n  ", "\r\n", "\r", ""]),
                            st.sampled_from(["", "", "'", "`", ",", ",@", "''"])).map(
        lambda t: t[3] + t[0][0] + t[2].join(t[1]) + t[0][1]),
    max_leaves=40,
).map(lambda datum: "#0=" + datum if "#0#" in datum else datum)


def _nested(depth: int, opener: str = "(", closer: str = ")") -> str:
    text = "x"
    for level in range(depth):
        text = f"{opener if level % 3 else '('}f{level} 'q {text} \"s\"{closer if level % 3 else ')'}"
    return text


@settings(max_examples=200, deadline=None)
@given(st.lists(deep_texts, min_size=1, max_size=3).map("\n".join), st.booleans())
def test_read_deeply_nested_lists_same_as_token_by_token_grammar(text, whole):
    _assert_read_as_token_by_token(text, whole)


@pytest.mark.parametrize("text", [
    _nested(7), _nested(8), _nested(9), _nested(12), _nested(8, "[", "]"), _nested(9, "[", "]"),
    "(a [b (c)] [d [e]])", "((((((((((x))))))))))", "(a ((((((((b ; c\n))))))))) d)",
    "(a\r\n (b\r (c\n\r (d '(e ,@(f `(g #\\nope))))))))", "(a (b (c (d #0=(e))))) #0#)",
    "(a (b (c (d (e . f)))))", "'(a ,(b ,@(c '(d #(e)))))",
    "(define (f x)\n  ;; comment\n  (g x)) ; after", "(a ;)\n b)", "(a ; c\r(b\r\n c))", "(a '; c\n b)",
    "(a #| c |# b)", "(#\\; ;x\n \"; \\\" ;\")",
    "(a . b)", "( . a)", "(a . 'b)", "(a . ,@b)", "(a . (b))", "((a) . b)", "(a .b)", "(\"s\". b)", "(a . b c)",
    "(a . ;c\n b)", "(a . )", "( . #\\nope)", "(#\\nope . a)", "(f (g . h) (i (j . #t)))", "(a . . b)",
    "(a ..)", "(a . b . c)", "((a . b) . (c . d))",
])
def test_read_deeply_nested_known_texts_same_as_token_by_token_grammar(text):
    for whole in (True, False):
        _assert_read_as_token_by_token(text, whole)


def test_scan_state_matchers_are_lark_scanner_alternation_cut_at_simple():
    """_scan's matcher for a parser state is lark's own Scanner regex for that state, cut in three.

    lark's Scanner joins the state's terminals into one alternation (no
    callbacks, one regex for this grammar); _Scanners compiles the same
    named groups, in the same order, as the terminals before SIMPLE, SIMPLE,
    and those after.  Trying the three in turn finds what the one finds.
    """
    parser = reader._parser().parse_interactive(None)
    lexer = parser.lexer_thread.lexer
    table = reader._Scanners(lexer)
    for number, basic in lexer.lexers.items():
        scanner = basic.scanner
        assert len(scanner._mres) == 1 and not basic.callback
        table[number]  # built on first use
        groups = [f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in basic.terminals]
        assert "|".join(groups) == scanner._mres[0].pattern
        assert [t.name for t in scanner.terminals] == [t.name for t in basic.terminals]
