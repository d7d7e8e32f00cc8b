"""Read Scheme text into Scheme data: R7RS external syntax (section 7.1.2).

Stages: lark's contextual lexer cuts the text into the tokens of
grammar.lark; lark's LALR parser calls the `_Builder` callbacks at every shift
and reduction, so a list is built the moment its ")" arrives and no nesting
depth ever turns into Python recursion.  On the parser's value stack every
datum travels as a located triple `(value, line, column)`.  A list of simple
datums and flat lists is one token (FOLDED_LIST, a kind of SIMPLE), which
`_folded_list` takes apart with lark's own pattern for SIMPLE: the parser's
time goes per token and per reduction (issue 13), and such lists are most
of the lists in code.  `read_all`'s fast path goes further: where the
parser may take a SIMPLE token, `_Folder` cuts the whole list from the text
in one pass (any depth, dotted tails), building its datum as the callbacks
would, so the lexer does not match the long pattern before the list is cut
again; it declines anything else, which the parser then reads as before.

Spans.  Every Pair the reader makes carries `span = Span(file, line, column)`:
the first pair of a list, or of the two-element list a quote mark makes, has
the position of the opening token ("(", "[", "'", "`", ",", ",@"); every later
pair in the cdr chain has the position of its own element (its car), so that a
symbol in argument position can still be pointed at.

Datum labels (R7RS 2.4).  "#n=" is noted as it is shifted, before its datum
is read; "#n#" inside that datum (a cycle) gets a stand-in, which the
finished datum replaces in one walk; a later "#n#" gets the datum itself.
Labels are forgotten at the end of each top-level datum.

Errors.  Any text that is not Scheme raises ReadError(message, span), and
nothing else: lark's exceptions are translated where they are caught.  An
unclosed bracket is reported where it opened; to know that, `_Tracker` follows
the token stream beside the parser (see `_Reading`).

State.  The parser is built once per process (`_parser`), from a cache file
under ~/.cache/schemehost when one can be written there.  `#!fold-case` is
per read: `read_prefix` takes a ReadOptions that an input port keeps between
reads.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from contextvars import ContextVar
from pathlib import Path

import lark
from lark import Lark, TextSlice, Token, UnexpectedInput, UnexpectedToken
from lark.lexer import LexerState, LineCounter

from .datatypes import NIL, Char, Pair, Symbol, cons, new_string
from .datatypes import new_pair as _new_pair
from .errors import ReadError, Span, position_after
from .numtext import SAFE_DECIMAL_DIGITS, NumeralError, parse_number, read_numeral

__all__ = [
    "CHAR_NAMES",
    "ReadOptions",
    "is_complete",
    "parse_number",
    "read_all",
    "read_one",
    "read_prefix",
]

# R7RS section 6.6: the names `#\name` may use, name -> character.
CHAR_NAMES: dict[str, str] = {
    "alarm": "\x07",
    "backspace": "\x08",
    "delete": "\x7f",
    "escape": "\x1b",
    "newline": "\n",
    "null": "\x00",
    "return": "\r",
    "space": " ",
    "tab": "\t",
}


class ReadOptions:
    """Reader settings that outlive one call; an input port keeps one.

    `fold_case` is what `#!fold-case` / `#!no-fold-case` last set: when true,
    identifiers and character names are read in lower case.
    """

    __slots__ = ("fold_case",)

    def __init__(self, fold_case: bool = False):
        self.fold_case = fold_case

    def __repr__(self) -> str:
        return f"ReadOptions(fold_case={self.fold_case!r})"


# ------------------------------------------------------------------ public API


def read_all(text: str, filename: str = "<string>") -> list:
    """Return every datum in `text`, in order."""
    return [value for value, _, _ in _read_located(text, filename)[0]]


def read_program(text: str, filename: str = "<string>") -> tuple[list, bool]:
    """Return `(data, labelled)`: every datum in `text`, and whether any used a datum label.

    Without a datum label (#n=) the reader makes trees only: no datum read
    from `text` shares structure, so none is circular, and the caller may
    skip looking for cycles.
    """
    located, labelled = _read_located(text, filename)
    return [value for value, _, _ in located], labelled


def read_one(text: str, filename: str = "<string>"):
    """Return the one datum `text` holds; ReadError if it holds none or more."""
    located = _read_located(text, filename)[0]
    if not located:
        line, column = _end_position(text)
        raise ReadError("expected one datum, found none", Span(filename, line, column))
    if len(located) > 1:
        _, line, column = located[1]
        raise ReadError("expected one datum, found more than one", Span(filename, line, column))
    return located[0][0]


def read_prefix(
    text: str,
    start: int = 0,
    filename: str = "<string>",
    line: int = 1,
    column: int = 1,
    at_eof: bool = False,
    *,
    options: ReadOptions | None = None,
):
    """Read the first datum of `text[start:]`; return `(datum, end)` or None.

    `end` is the index in `text` just past the datum's last character, so the
    caller keeps whatever follows (the newline after `heads`, say).  `line`
    and `column` say where `text[start]` sits in its source.

    None means there is no complete datum yet: only whitespace and comments,
    an unclosed list, string or comment, or a token that reaches the end of
    the text and could still grow.  With `at_eof=True` the text is all there
    will be: an unfinished datum is a ReadError, and None means end of input.
    `options` carries `#!fold-case` from one call to the next; it is updated
    only when a datum is returned.
    """
    if not 0 <= start <= len(text):
        raise ValueError(f"read_prefix: start {start} is outside the text (length {len(text)})")
    reading = _Reading(text, start, filename, line, column,
                       fold_case=options.fold_case if options is not None else False)
    outcome = reading.advance(at_eof=at_eof)
    if outcome is None:
        return None
    located, end = outcome
    if options is not None:
        options.fold_case = reading.session.fold_case
    return located[0][0], end


def is_complete(text: str) -> bool:
    """True when `text` holds a datum and leaves nothing open (for the REPL).

    Text with a syntax error counts as complete, so that the REPL reports the
    error instead of waiting for more lines.
    """
    session = _Session("<repl>", False)
    context = _SESSION.set(session)
    tracker = _Tracker()
    try:
        parser = _interactive(text, 0, 1, 1)
        state = parser.parser_state
        for token in parser.lexer_thread.lex(state):
            state.feed_token(token)
            tracker.feed(token)
    except UnexpectedInput as exc:
        # A line the REPL hands over ends with a newline, so only an open
        # string or |symbol| can still be finished by the next line.
        index = _error_position(exc)[0]
        return index is None or _looking_at(text, index)[0] not in _UNTERMINATED
    except ReadError:
        return True
    finally:
        _SESSION.reset(context)
    return tracker.datums > 0 and tracker.is_balanced()


# ------------------------------------------------------ tokens into values


class _Session:
    """What the callbacks need to know about the read in progress.

    `labels` holds the datum labels (#n=) of the top-level datum being read,
    number -> _Label; the scope of a label ends with its top-level datum.
    """

    __slots__ = ("filename", "fold_case", "labels", "completed", "labelled", "folded")

    def __init__(self, filename: str, fold_case: bool):
        self.filename = filename
        self.fold_case = fold_case
        self.labels: dict[int, _Label] = {}
        self.labelled = False  # a datum label (#n=) has been read: data may share structure or be circular
        self.completed: list | None = None  # read_batch: every top-level datum, as it is reduced
        self.folded: tuple | None = None  # (SIMPLE token, its datum): the list _Folder cut last


class _Label:
    """One datum label `#n=`, from the moment "#n=" is read.

    Until its datum is complete, a reference `#n#` (a cycle) gets the _Label
    itself as a stand-in; completing the datum puts the datum wherever a
    stand-in went.  Afterwards a reference gets the datum itself.
    """

    __slots__ = ("token", "value", "done", "forward")

    def __init__(self, token: Token):
        self.token = token  # the "#n=" token
        self.value = None
        self.done = False
        self.forward: Token | None = None  # the first reference made before done


# The parser and its callbacks are built once; the read in progress is found
# here.  A ContextVar keeps reads in different threads apart.
_SESSION: ContextVar[_Session] = ContextVar("schemehost_reader_session")

# What a comment, a directive or a datum comment leaves among its
# neighbours; containers drop it.
_SKIP = object()


class _DottedTail:
    """What `. d` at the end of a list gives the list: the dot, and d."""

    __slots__ = ("dot", "value")

    def __init__(self, dot: Token, value):
        self.dot = dot
        self.value = value

# The reader makes a Pair and a Span for every pair it reads, in the loops
# below without calling either class: a Span is a tuple (`_new_tuple(Span,
# (file, line, column))` is what Span(...) makes), and a Pair made with
# `new_pair()` and its two slots stored is cons(car, cdr) without its Python
# frame.
_new_tuple = tuple.__new__


def _span(file: str, line: int, column: int) -> Span:
    """Span(file, line, column), made faster (see above)."""
    return _new_tuple(Span, (file, line, column))


_ABBREVIATIONS = {
    "QUOTE": Symbol.intern("quote"),
    "QUASIQUOTE": Symbol.intern("quasiquote"),
    "UNQUOTE": Symbol.intern("unquote"),
    "UNQUOTE_SPLICING": Symbol.intern("unquote-splicing"),
}

_STRING_ESCAPES = {
    "a": "\x07",
    "b": "\x08",
    "t": "\t",
    "n": "\n",
    "r": "\r",
    '"': '"',
    "\\": "\\",
    "|": "|",
}
_HEX_ESCAPE = re.compile(r"x([0-9a-fA-F]+);")
_LINE_CONTINUATION = re.compile(r"[ \t]*(?:\r\n|\n|\r)[ \t]*")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_LABEL_REFERENCE = re.compile(r"#[0-9]+#")


class _Builder:
    """Lark callbacks: grammar.lark's tokens and reductions -> located values.

    A method named after a terminal runs when the parser shifts that token;
    one named after a rule runs when the parser reduces it.  A list, vector
    or bytevector gets its elements as one Python list, made by `items`.
    """

    def SIMPLE(self, token: Token) -> tuple:
        text = token.value
        first = text[0]
        if first in _PLAIN_START and not _SESSION.get().fold_case:
            value = _SYMBOLS.get(text)
            if value is None:
                value = Symbol.intern(text)
        elif first in "([":
            folded = _SESSION.get().folded
            if folded is not None and folded[0] is token:  # cut already, by _Folder as it was scanned
                value = folded[1]
            else:
                value = _folded_list(token)
        else:
            value = _simple_value(token)
        return (value, token.line, token.column)

    def _DIRECTIVE(self, token: Token) -> Token:
        # Runs as the directive is shifted, before any later token.
        if token.value == "#!fold-case":
            _SESSION.get().fold_case = True
        elif token.value == "#!no-fold-case":
            _SESSION.get().fold_case = False
        else:
            raise ReadError(f"unknown directive: {token.value}", _span_at(token))
        return token

    def LABEL(self, token: Token) -> Token:
        # "#n=": runs as the label is shifted, before any token of its datum.
        session = _SESSION.get()
        session.labelled = True
        labels = session.labels
        number = int(token.value[1:-1])
        first = labels.get(number)
        if first is not None:
            raise ReadError(
                f"datum label {token.value} defined twice (first at line {first.token.line},"
                f" column {first.token.column})",
                _span_at(token),
            )
        labels[number] = _Label(token)
        return token

    def labeled_datum(self, children: list) -> tuple:
        # #n=d
        mark = children[0]
        value = children[-1][0]
        labels = _SESSION.get().labels
        label = labels[int(mark.value[1:-1])]
        if value is label:
            raise ReadError(
                f"datum label {mark.value} labels nothing but its own reference {label.forward.value}",
                _span_at(label.forward),
            )
        label.value = value
        label.done = True
        if label.forward is not None:
            _replace_stand_in(value, label)
            for other in labels.values():
                if other.value is label:  # #1 in #0=(#1=#0# ...)
                    other.value = value
        return (value, mark.line, mark.column)

    def toplevel(self, children: list) -> tuple:
        # A top-level datum ends the scope of its labels.
        session = _SESSION.get()
        if session.labels:
            session.labels.clear()
        if session.completed is not None:
            session.completed.append(children[0][0])
        return children[0]

    def datum_comment(self, children: list):
        # #; <datum>
        return _SKIP

    def abbreviation(self, children: list) -> tuple:
        # 'd => (quote d), and likewise ` , ,@
        filename = _SESSION.get().filename
        mark = children[0]
        value, line, column = children[-1]
        inner = cons(value, NIL)
        inner.span = _span(filename, line, column)
        outer = cons(_ABBREVIATIONS[mark.type], inner)
        outer.span = _span(filename, mark.line, mark.column)
        return (outer, mark.line, mark.column)

    def skip(self, children: list):
        # a comment or a directive
        return _SKIP

    def items(self, children: list) -> list:
        # The elements so far, one more each reduction; the first reduction's
        # children (a new list from lark) become the accumulator.
        if len(children) == 2:
            items = children[0]
            item = children[1]
            if item is not _SKIP:
                items.append(item)
            return items
        return [] if children[0] is _SKIP else children

    def dotted_tail(self, children: list) -> _DottedTail:
        # . d
        for child in children:
            if type(child) is tuple:
                return _DottedTail(children[0], child[0])
        raise AssertionError("reader: a dotted tail without its datum")

    def list(self, children: list) -> tuple:
        # (d ...)  (d d ... . d)  and the same with [ ]  (`items` and the tail may be missing)
        opener = children[0]
        items = children[1] if type(children[1]) is list else ()
        tail = children[-2]
        if type(tail) is _DottedTail:
            if not items:
                raise ReadError("expected a datum before '.'", _span_at(tail.dot))
            result = tail.value
        elif not items:
            return (NIL, opener.line, opener.column)
        else:
            result = NIL
        filename = _SESSION.get().filename
        new_pair = _new_pair
        new_span = _new_tuple
        for value, line, column in reversed(items):
            pair = new_pair()
            pair.car = value
            pair.cdr = result
            pair.span = new_span(Span, (filename, line, column))
            result = pair
        line = opener.line
        column = opener.column
        result.span = _span(filename, line, column)
        return (result, line, column)

    def vector(self, children: list) -> tuple:
        # #(d ...)
        opener = children[0]
        return ([item[0] for item in children[1]] if len(children) == 3 else [], opener.line, opener.column)

    def bytevector(self, children: list) -> tuple:
        # #u8(byte ...)
        opener = children[0]
        data = bytearray()
        for value, line, column in (children[1] if len(children) == 3 else ()):
            if type(value) is not int or not 0 <= value <= 255:
                raise ReadError(
                    "a bytevector element must be an exact integer from 0 to 255",
                    Span(_SESSION.get().filename, line, column),
                )
            data.append(value)
        return (data, opener.line, opener.column)

    def start(self, children: list) -> list:
        return [child for child in children if type(child) is tuple]


_BUILDER = _Builder()


def _folded_list(token: Token):
    """The list a FOLDED_LIST token spells (grammar.lark), as if read token by token.

    The lexer has matched the whole text against FOLDED_LIST, so it is well
    formed, and `_Folder` only has to cut it again (raising the ReadError of
    its first bad element, in the order of the text).
    """
    folder = _Folder(token.value, _SESSION.get(), token.line, token.start_pos, True)
    if folder.build(0, token.line, token.column) != len(token.value):
        raise AssertionError(f"reader: a folded list cut wrong: {token.value!r}")
    return folder.value


_LINE_ENDING = re.compile(r"\r\n|\r|\n")


def _simple_value(token: Token):
    """The datum a SIMPLE token that is no folded list spells."""
    text = token.value
    first = text[0]
    if first == '"':
        return new_string(_unescape(token, "string"))
    if first == "|":
        return Symbol.intern(_unescape(token, "symbol"))
    if first == "#":
        return _character(token) if text[1] == "\\" else _hash_atom(token)
    return _atom(token)


# Read at once as identifiers, without `_simple_value`: SIMPLE tokens that
# start with one of these characters (ASCII, not a digit, + - . #, not the
# start of a string, a |symbol| or a folded list).  `_folded_list` reads small
# decimal integers at once too.
_PLAIN_START = frozenset(map(chr, range(0x21, 0x7F))) - frozenset("0123456789+-.#\"|()[]';`,")
_DIGITS = frozenset("0123456789")
_SYMBOLS = Symbol._table
_MARK_SYMBOLS = {
    "'": Symbol.intern("quote"),
    "`": Symbol.intern("quasiquote"),
    ",": Symbol.intern("unquote"),
    ",@": Symbol.intern("unquote-splicing"),
}
def _span_at(token: Token) -> Span:
    return Span(_SESSION.get().filename, token.line, token.column)


def _span_inside(token: Token, offset: int) -> Span:
    """The span of the character `offset` characters into `token`."""
    line, column, _ = position_after(token.value[:offset], token.line, token.column)
    return Span(_SESSION.get().filename, line, column)


def _unescape(token: Token, kind: str) -> str:
    """The characters of a "string" or |symbol| token, escapes decoded."""
    body = token.value[1:-1]
    if "\\" not in body:
        return body
    parts = []
    i = 0
    while True:
        j = body.find("\\", i)
        if j < 0:
            parts.append(body[i:])
            return "".join(parts)
        parts.append(body[i:j])
        # The token patterns only allow a backslash followed by a character.
        letter = body[j + 1]
        if letter in _STRING_ESCAPES:
            parts.append(_STRING_ESCAPES[letter])
            i = j + 2
            continue
        if letter == "x":
            match = _HEX_ESCAPE.match(body, j + 1)
            if not match:
                raise ReadError(
                    f"bad \\x escape in {kind} (expected \\x<hex digits>;)", _span_inside(token, j + 1)
                )
            code = int(match[1], 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise ReadError(
                    f"\\x escape in {kind} names no character: \\{match[0]}", _span_inside(token, j + 1)
                )
            parts.append(chr(code))
            i = match.end()
            continue
        match = _LINE_CONTINUATION.match(body, j + 1)
        if match:
            i = match.end()
            continue
        raise ReadError(f"unknown escape in {kind}: \\{letter}", _span_inside(token, j + 1))


def _character(token: Token) -> Char:
    """#\\a  #\\space  #\\x41"""
    name = token.value[2:]
    if len(name) == 1:
        return Char.of(name)
    if _SESSION.get().fold_case:
        name = name.lower()
    char = CHAR_NAMES.get(name)
    if char is not None:
        return Char.of(char)
    if name[0] == "x" and _HEX_DIGITS.issuperset(name[1:]):
        code = int(name[1:], 16)
        if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
            return Char.of(chr(code))
    raise ReadError(f"bad character name: {token.value}", _span_at(token))


def _hash_atom(token: Token):
    """#t #f #true #false, numbers with a prefix (#x1F #e1.5 ...), and #n#."""
    text = token.value
    low = text.lower()
    if low in ("#t", "#true"):
        return True
    if low in ("#f", "#false"):
        return False
    if low[1] in "bodxei":
        return _number_or_error(token)
    if _LABEL_REFERENCE.fullmatch(text):
        return _label_reference(token)
    raise ReadError(f"bad # syntax: {text}", _span_at(token))


def _label_reference(token: Token):
    """#n#: the datum labelled #n=, or a stand-in while that datum is unfinished."""
    label = _SESSION.get().labels.get(int(token.value[1:-1]))
    if label is None:
        raise ReadError(f"undefined datum label: {token.value}", _span_at(token))
    if label.done:
        return label.value
    if label.forward is None:
        label.forward = token
    return label


def _replace_stand_in(root, label: _Label) -> None:
    """Put `label.value` wherever the stand-in `label` sits inside `root`.

    Walk pairs and vectors without recursion, each once: `root` may already
    hold cycles made by other labels.
    """
    if type(root) not in (Pair, list):
        return
    value = label.value
    seen = {id(root)}
    todo = [root]
    while todo:
        node = todo.pop()
        if type(node) is list:
            for i, item in enumerate(node):
                if item is label:
                    node[i] = value
                elif type(item) in (Pair, list) and id(item) not in seen:
                    seen.add(id(item))
                    todo.append(item)
            continue
        while True:  # along the cdr chain of a pair
            item = node.car
            if item is label:
                node.car = value
            elif type(item) in (Pair, list) and id(item) not in seen:
                seen.add(id(item))
                todo.append(item)
            rest = node.cdr
            if rest is label:
                node.cdr = value
                break
            if type(rest) not in (Pair, list) or id(rest) in seen:
                break
            seen.add(id(rest))
            if type(rest) is list:
                todo.append(rest)
                break
            node = rest


def _atom(token: Token):
    """A number if the token is a numeral, else an identifier."""
    text = token.value
    first = text[0]
    if first in "0123456789":
        if text.isdigit() and text.isascii() and len(text) <= SAFE_DECIMAL_DIGITS:
            return int(text)
        return _number_or_symbol(token)
    if first in "+-.":
        return _number_or_symbol(token)
    return Symbol.intern(text.lower() if _SESSION.get().fold_case else text)


def _numeral(token: Token):
    """Return the number `token` spells, or None; a malformed numeral is a ReadError."""
    try:
        return read_numeral(token.value)
    except NumeralError as exc:
        raise ReadError(f"{exc}: {token.value}", _span_at(token)) from exc


def _number_or_symbol(token: Token):
    number = _numeral(token)
    if number is not None:
        return number
    text = token.value
    return Symbol.intern(text.lower() if _SESSION.get().fold_case else text)


def _number_or_error(token: Token):
    number = _numeral(token)
    if number is None:
        raise ReadError(f"bad number syntax: {token.value}", _span_at(token))
    return number


# ------------------------------------------------------------ the parser


_GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")
_LARK_OPTIONS = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}
_parser_instance: Lark | None = None


def _parser() -> Lark:
    """The process's one parser, built (or loaded from the cache) on first use."""
    global _parser_instance
    if _parser_instance is None:
        _parser_instance = _build_parser(_default_cache_dir())
    return _parser_instance


def _build_parser(cache_dir: str | None) -> Lark:
    """Build the parser, through lark's cache file in `cache_dir` if usable.

    The file's name holds a hash of the grammar, lark's version and Python's,
    so each grammar has its own file.  Lark checks the hash stored inside
    before using a file, rebuilds when the file is missing or unreadable
    (say, half written by another process at that moment), and then tries to
    write it; failing to write is silent.  So any trouble with the cache only
    costs the time of building without it.
    """
    grammar = _GRAMMAR_PATH.read_text(encoding="utf-8")
    options = dict(_LARK_OPTIONS, transformer=_BUILDER)
    cache_path = _cache_path(cache_dir, grammar)
    if cache_path is not None:
        options["cache"] = cache_path
    return Lark(grammar, **options)


def _cache_path(cache_dir: str | None, grammar: str) -> str | None:
    if cache_dir is None:
        return None
    try:
        os.makedirs(cache_dir, exist_ok=True)
    except OSError:
        return None
    key = "\0".join((grammar, lark.__version__, sys.version))
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]
    return os.path.join(cache_dir, f"reader-{digest}-lark-{lark.__version__}.cache")


def _default_cache_dir() -> str | None:
    """$XDG_CACHE_HOME/schemehost or ~/.cache/schemehost; never the working directory."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    directory = os.path.join(base, "schemehost")
    try:
        if os.path.realpath(directory) == os.path.realpath(os.getcwd()):
            return None
    except OSError:
        return None
    return directory


def _interactive(text: str, start: int, line: int, column: int, stop: int | None = None, after_cr: bool | None = None):
    """A lark InteractiveParser positioned at `text[start]` (at line, column), reading to `stop`.

    `after_cr`: the character before `text[start]` is a carriage return
    (by default, as `text` says).
    """
    parser = _parser().parse_interactive(None)
    if after_cr is None:
        after_cr = start > 0 and text[start - 1] == "\r"
    counter = _LineCounter(start, line, column, after_cr)
    parser.lexer_thread.state = LexerState(TextSlice(text, start, len(text) if stop is None else stop), counter)
    return parser


def start_reading(text: str, start: int, filename: str, line: int, column: int, after_cr: bool = False) -> _Reading:
    """Start reading one datum at `text[start]` (at line, column) for an input port.

    The returned reading's `advance(more, at_eof)` takes each further piece
    of the port's text; see `_Reading`.  `after_cr`: the character before
    `text[start]` was a carriage return.
    """
    return _Reading(text, start, filename, line, column, after_cr=after_cr)


def read_batch(text: str, start: int, stop: int, filename: str = "<string>", line: int = 1, column: int = 1,
               after_cr: bool | None = None) -> list:
    """The datums that `text[start:stop]` holds whole, in order, as `(datum, end)` pairs.

    For an input port with more than one datum buffered: one parser reads
    them all, where `read_prefix` would start a parser per datum.  `end` is
    as `read_prefix` gives it.  The caller cuts the text at whitespace; a
    datum that the cut splits, or any text that is not Scheme, ends the
    batch early (without an error: `read_prefix` reads from there and
    reports it), so the list may be empty.  The caller keeps `#!fold-case`
    text out, since a port's reads do not carry it from one to the next.
    """
    session = _Session(filename, False)
    session.completed = []
    context = _SESSION.set(session)
    tracker = _Tracker()
    ends: list[int] = []
    try:
        parser = _interactive(text, start, line, column, stop, after_cr)
        state = parser.parser_state
        last = None
        for token in parser.lexer_thread.lex(state):
            state.feed_token(token)
            seen = tracker.datums
            tracker.feed(token)
            if tracker.datums != seen:
                ends.append(token.end_pos)
            last = token
        if last is not None and tracker.is_balanced():
            state.feed_token(Token.new_borrow_pos("$END", "", last), True)
    except (UnexpectedInput, ReadError):
        pass
    finally:
        _SESSION.reset(context)
    return list(zip(session.completed, ends))


# -------------------------------------------------------------- reading


def _read_located(text: str, filename: str) -> tuple[list, bool]:
    """Every datum of `text` as a (value, line, column) triple, and whether a datum label was read."""
    session = _Session(filename, False)
    context = _SESSION.set(session)
    try:
        try:
            # The fast path: lark's parser fed by `_scan`, no bookkeeping for errors.
            parser = _parser().parse_interactive(None)
            state = parser.parser_state
            feed = state.feed_token
            token = None
            for token in _scan(text, state, _state_scanners(parser), _Folder(text, session)):
                feed(token)
            end = Token.new_borrow_pos("$END", "", token) if token is not None else Token("$END", "", 0, 1, 1)
            return feed(end, True), session.labelled
        except (UnexpectedInput, _NoToken):
            pass
    finally:
        _SESSION.reset(context)
    # Read again token by token, to say what is wrong and where it began.
    reading = _Reading(text, 0, filename, 1, 1, first_only=False)
    return reading.advance(at_eof=True)[0], reading.session.labelled


class _NoToken(Exception):
    """`_scan` found no token where it stood (the slow path says what is wrong)."""


_scanner_tables: dict[int, tuple] = {}


class _Scanners(dict):
    """Parser state -> (match, ignored types, skips whitespace): lark's lexer for that state.

    lark's contextual lexer matches, in each state, one alternation of the
    terminals the state accepts, in its order; `match` takes the same
    alternation cut in three -- the terminals before SIMPLE, SIMPLE, the
    terminals after it -- and tries them in turn, which finds the same token.
    SIMPLE (the folded lists' long pattern) is then compiled once for every
    state, not once in each state's alternation: building those was most of
    the cost of starting to read.  An entry is made the first time `_scan`
    stands in its state.
    """

    __slots__ = ("lexer",)

    def __init__(self, lexer):
        super().__init__()
        self.lexer = lexer

    def __missing__(self, number: int) -> tuple:
        basic = self.lexer.lexers[number]
        if basic.user_callbacks or basic.use_bytes:
            raise AssertionError("reader: lark lexer shape not supported by _scan")
        terminals = basic.terminals
        names = [t.name for t in terminals]
        cut = names.index("SIMPLE") if "SIMPLE" in names else len(names)
        parts = [_alternation(group, basic.g_regex_flags)
                 for group in (terminals[:cut], terminals[cut:cut + 1], terminals[cut + 1:]) if group]
        match = parts[0] if len(parts) == 1 else _first_match(parts)
        ignore = frozenset(basic.ignore_types)
        # A list may be cut by _Folder here: the state takes a SIMPLE token, and no terminal
        # tried before SIMPLE takes an opening bracket.
        folds = cut < len(names) and not (cut and (parts[0]("(a)") or parts[0]("[a]")))
        entry = self[number] = (match, ignore | {None}, _skips_whitespace(match, ignore), folds)
        return entry


def _alternation(terminals: list, flags: int):
    """The `match` of lark's Scanner pattern for `terminals`: one named group per terminal, in order."""
    return re.compile("|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals), flags).match


def _first_match(parts: list):
    """A `match(text, pos)` giving the first of `parts`' matches (an alternation of alternations)."""

    def match(text: str, pos: int = 0):
        for part in parts:
            found = part(text, pos)
            if found is not None:
                return found
        return None

    return match


def _state_scanners(parser) -> _Scanners:
    """Parser state -> (compiled regex, ignored types, skips whitespace) of lark's contextual lexer.

    These are the very regexes lark's ContextualLexer matches with in each
    state (one alternation of the terminals the state accepts, in lark's
    order), so `_scan` cuts the text exactly as lark's lexer does.
    """
    lexer = parser.lexer_thread.lexer
    table = _scanner_tables.get(id(lexer))
    if table is None:
        _scanner_tables.clear()
        table = _scanner_tables[id(lexer)] = (lexer, _Scanners(lexer))  # the lexer is kept: its id stays its own
    return table[1]


# Whitespace characters to try `_skips_whitespace` on: ASCII and beyond.
_SPACE_SAMPLES = (" ", "\t", "\n", "\r", "\f", "\v", "\x1c", "\x85", "\xa0", "\u2028", "\u3000")
_SPACE_RUN = re.compile(r"\s+")


def _skips_whitespace(match, ignore: frozenset) -> bool:
    """True if the state's lexer `match` takes any whitespace run as one ignored token.

    Lark's lexer ignores whitespace (WHITESPACE: \\s+) in every state, but
    inside a block comment a comment-text token comes first and takes it.
    """
    for space in _SPACE_SAMPLES:
        m = match(space + space + "x")
        if m is None or m.lastgroup not in ignore or m.end() != 2:
            return False
    return True


def _scan(text: str, state, scanners: dict, fold: _Folder | None = None):
    """Yield the tokens of `text` for the parser in `state`, as lark's contextual lexer would.

    The same regex per parser state as lark (`_state_scanners`), and the same
    positions as `_LineCounter` (LF, CR and CR LF each end a line), in one
    tight loop: no LexerState, no LineCounter calls, whitespace skipped in
    place.  A token is only made for what the parser is given.  Where no
    terminal matches, raise _NoToken: the caller reads again with lark's
    own lexer to report the error.

    With `fold` (read_all's fast path), a list where a SIMPLE token may
    stand is first offered to it: a list it cuts (any depth, dotted tails,
    see _Folder) is given to the parser as one SIMPLE token, its datum
    built already.  The tokens then differ from lark's where lark would
    not fold the list; the data read are the same.
    """
    stack = state.state_stack
    new = str.__new__
    pos = 0
    end = len(text)
    line = 1
    column = 1
    after_cr = False
    space = str.isspace
    space_run = _SPACE_RUN.match
    while pos < end:
        match, ignore, skips_whitespace, folds = scanners[stack[-1]]
        if skips_whitespace and space(text[pos]):
            # The run the state's lexer would take as one ignored token (kind None).
            m = space_run(text, pos)
            kind = None
        else:
            if folds and fold is not None and text[pos] in "([":
                stop = fold.cut(pos, line, column)
                if stop:
                    value = text[pos:stop]
                    token = new(Token, value)
                    token.type = "SIMPLE"
                    token.value = value
                    token.start_pos = pos
                    token.line = line
                    token.column = column
                    if "\n" in value or "\r" in value:
                        line, column, after_cr = position_after(value, line, column, after_cr)
                    else:
                        column += stop - pos
                    token.end_line = line
                    token.end_column = column
                    token.end_pos = stop
                    fold.session.folded = (token, fold.value)
                    yield token
                    pos = stop
                    continue
            m = match(text, pos)
            if m is None:
                raise _NoToken(pos)
            kind = m.lastgroup
        value = m.group()
        stop = m.end()
        start_line = line
        start_column = column
        if after_cr or "\r" in value:
            line, column, after_cr = position_after(value, line, column, after_cr)
        elif "\n" in value:
            line += value.count("\n")
            column = stop - pos - value.rindex("\n")
        else:
            column += stop - pos
        if kind not in ignore:
            token = new(Token, value)
            token.type = kind
            token.value = value
            token.start_pos = pos
            token.line = start_line
            token.column = start_column
            token.end_line = line
            token.end_column = column
            token.end_pos = stop
            yield token
        pos = stop


# One step of _Folder: whitespace and line comments (group 1), quote marks (group 2), then
# "(" or "[" (3), ")" or "]" (4), a lone dot (5) or an element (6): grammar.lark's own
# _GAP, _MARKS, DOT and FOLD_ELEMENT (the ELEMENT lark's lexer would take inside a
# list).  Anything else -- a vector, a label, a block or datum comment, a directive, a
# quote mark before a space -- matches no step.
def _grammar_pattern(name: str) -> str:
    """The regular expression of terminal `name` in grammar.lark (written on one line there, as /.../)."""
    for line in _GRAMMAR_PATH.read_text(encoding="utf-8").splitlines():
        if line.startswith(name + ": /"):
            return line[len(name) + 3:line.rindex("/")]
    raise AssertionError(f"reader: no terminal {name} in grammar.lark")


# Any other character is a step of its own (group 7), so that findall skips nothing.
_FOLD_STEPS = re.compile(f"((?:{_grammar_pattern('_GAP')})?)((?:{_grammar_pattern('_MARKS')})?)"
                         f"(?:([(\\[])|([)\\]])|({_grammar_pattern('DOT')})|({_grammar_pattern('FOLD_ELEMENT')})"
                         f"|([\\s\\S]))").findall
# The first piece of text _Folder cuts (characters, then to the end of that line), for a
# list at the start of a line and for one further in; a piece ends no more than
# _FOLD_REACH characters further on, at a line ending, or the list is not cut.
_FOLD_PIECE = 512
# Where a list stops being one _Folder cuts: a vector, a bytevector, a label, a block or
# datum comment, a directive (or the same in a string or comment, no step in a piece
# that ends there: the list is read by the parser then).  A piece ends before one, so
# that a list holding one is given up without cutting the rest of the piece.
_FOLD_BLOCKER = re.compile(r"#(?:[(|;!]|[uU]8\(|[0-9]+=)").search
_FOLD_INNER_PIECE = 0  # the rest of its line; then 64 characters more, doubling
_FOLD_REACH = 4096


def _piece_end(text: str, start: int, size: int) -> int:
    """Where a piece of text `_Folder` cuts from `start` ends: after a line ending, so that no
    step of the whole text is cut in two there (a string or |symbol| across it has no closing
    quote in the piece, and is no step: the list is not cut).  At the first line after
    `start` that starts with a bracket, as a top-level form's next line does, or else at the
    end of the line reaching `size` characters; at the end of the text if that comes first.
    -1 when no line ends within _FOLD_REACH characters after that (a long line): each piece
    is bounded, so cutting costs what the text cut costs, whatever its lines."""
    limit = start + size
    stop = text.find("\n(", start, limit)
    if stop < 0:
        stop = text.find("\r(", start, limit)
    if stop >= 0:
        return stop + 1
    end = len(text)
    if limit >= end:
        return end
    stop = text.find("\n", limit, limit + _FOLD_REACH)
    cr = text.find("\r", limit, limit + _FOLD_REACH)
    if stop < 0 or 0 <= cr < stop:
        stop = cr
    if stop >= 0:
        return stop + 1
    return end if end - limit <= _FOLD_REACH else -1


class _Folder:
    """Cut a whole list out of the text in one pass, for `_scan` (read_all's fast path).

    `cut(pos, line, column)`, at the "(" or "[" of `text[pos]`, reads the
    list step by step (`_FOLD_STEPS`, on pieces of the text: `_piece_end`) and builds its datum as the parser's
    callbacks would from the same tokens: the same pairs, spans, quote forms
    and dotted tails, every element converted in the order of the text.  It
    returns the index just past the list, the datum in `value`; or 0, having
    made nothing that lasts, when the list holds anything but elements,
    lists, quote marks, dotted tails, whitespace and line comments, when a
    bracket closes the other kind, when a dot or a quote mark stands where
    it cannot, when the text ends first, when an element is not Scheme
    (ReadError), or inside a datum label's datum: `_scan` then goes on as
    lark's lexer would, and any error is reported as before.

    It takes lists of any depth (lark's lexer folds them up to 8 deep,
    grammar.lark), so the lexer's long pattern is not matched before the
    list is cut again, and most top-level forms reach the parser as one
    token.
    """

    __slots__ = ("text", "session", "first_line", "base", "whole", "starts", "value", "long_line")

    def __init__(self, text: str, session: _Session, first_line: int = 1, base: int = 0, whole: bool = False):
        self.text = text
        self.session = session
        self.first_line = first_line  # the line of text[0]
        self.base = base  # the index in the source of text[0]
        self.whole = whole  # the text is one list: cut in one piece
        self.starts = None  # where each line after the first starts, then a stop: made at the first cut
        self.value = None
        self.long_line = 0  # a cut before this index finds no line ending in reach: not tried

    def cut(self, pos: int, line: int, column: int) -> int:
        if self.session.labels:
            return 0  # a reference to a label may be in it: the parser's callbacks in order
        if pos < self.long_line:
            return 0  # on a line too long for a piece (_piece_end), as the last cut found
        try:
            return self.build(pos, line, column)
        except ReadError:
            return 0  # the parser's callbacks raise it again, in their order

    def build(self, pos: int, line: int, column: int) -> int:
        """`cut`, but a bad element's ReadError is raised (for `_folded_list`)."""
        session = self.session
        text = self.text
        starts = self.starts
        if starts is None:
            starts = self.starts = [m.end() for m in _LINE_ENDING.finditer(text)]
            starts.append(len(text) + 1)
        first_line = self.first_line
        base = self.base
        filename = session.filename
        table = _SYMBOLS
        plain = () if session.fold_case else _PLAIN_START
        new_pair = _new_pair
        new_span = _new_tuple
        next_line = starts[line - first_line]
        offset = pos - column  # the column of text[i] is i - offset, for i on the line `line`
        # The lists open around the one being built: (head, last, line, column, quote marks,
        # closing bracket, dotted tail state, tail); tail state 1: a dot read, 2: its datum.
        stack = []
        head = last = tail = None
        dotted = 0
        closing = ""
        position = pos  # where the next step starts
        size = _FOLD_PIECE if column == 1 else _FOLD_INNER_PIECE
        end = len(text)
        while position < end:
            if self.whole:
                stop = end
            else:
                stop = _piece_end(text, position, size)
                if stop < 0:
                    if position == pos:
                        # Any cut starting before this line's end less a piece's reach fails so.
                        line_end = min(i for i in (text.find("\n", pos), text.find("\r", pos), end) if i >= 0)
                        self.long_line = line_end - _FOLD_PIECE - _FOLD_REACH
                    return 0
                blocker = _FOLD_BLOCKER(text, position, stop)
                if blocker is not None:
                    # The piece ends before it (what is cut off there is no step either).
                    stop = blocker.start()
                    if stop == position:
                        return 0
            size = size + size if size else 64
            for gap, marks, opener, closer, dot, item, other in _FOLD_STEPS(text, position, stop):
                if gap:
                    position += len(gap)
                if marks:
                    position += len(marks)
                while position >= next_line:
                    line += 1
                    offset = next_line - 1
                    next_line = starts[line - first_line]
                if item:  # an element
                    value_column = position - offset
                    first = item[0]
                    if first in plain:
                        value = table.get(item)
                        if value is None:
                            value = Symbol.intern(item)
                    elif first in _DIGITS and item.isdigit() and item.isascii() and len(item) <= SAFE_DECIMAL_DIGITS:
                        value = int(item)
                    else:
                        value = _simple_value(Token("SIMPLE", item, base + position, line, value_column))
                    position += len(item)
                    if not marks and not dotted:
                        # The common case, in short: no quote marks.
                        pair = new_pair()
                        pair.car = value
                        pair.cdr = NIL
                        pair.span = new_span(Span, (filename, line, value_column))
                        if last is None:
                            head = pair
                        else:
                            last.cdr = pair
                        last = pair
                        continue
                    value_line = line
                    shared = False  # the pair holding it gets a span of its own
                elif opener:  # ( or [
                    if not stack and position != pos:
                        return 0  # (never: `_scan` cuts at the bracket)
                    stack.append((head, last, line, position - offset, marks, closing, dotted, tail))
                    closing = ")" if opener == "(" else "]"
                    position += 1
                    head = last = tail = None
                    dotted = 0
                    continue
                elif closer:  # ) or ]
                    if marks or closer != closing or dotted == 1:
                        return 0
                    position += 1
                    value = head
                    if dotted:
                        last.cdr = tail
                    head, last, value_line, value_column, marks, closing, dotted, tail = stack.pop()
                    if value is None:
                        value = NIL
                        shared = False
                    else:
                        value.span = new_span(Span, (filename, value_line, value_column))
                        shared = True  # a list starts where its "(" is, and so does the pair holding it
                    if not stack:
                        self.value = value
                        return position
                elif dot:  # a lone dot
                    if marks or dotted or head is None:
                        return 0
                    dotted = 1
                    position += 1
                    continue
                else:  # any other character: whitespace only at the end of a piece, where a gap may end
                    if marks or not other.isspace():
                        return 0
                    position += 1
                    continue
                if marks:
                    # 'd => (quote d), and likewise ` , ,@: the innermost mark first.  Quote
                    # marks never span lines: they sit on the line of what they quote.
                    first_column = value_column - len(marks)
                    index = len(marks)
                    while index:
                        index -= 1
                        mark = marks[index]
                        if mark == "@":
                            index -= 1
                            mark = ",@"
                        inner = new_pair()
                        inner.car = value
                        inner.cdr = NIL
                        inner.span = new_span(Span, (filename, value_line, value_column))
                        value = new_pair()
                        value.car = _MARK_SYMBOLS[mark]
                        value.cdr = inner
                        value_column = first_column + index
                        value.span = new_span(Span, (filename, value_line, value_column))
                    shared = True
                if dotted:
                    if dotted == 2:
                        return 0  # a second datum after the dot
                    tail = value
                    dotted = 2
                    continue
                pair = new_pair()
                pair.car = value
                pair.cdr = NIL
                pair.span = value.span if shared else new_span(Span, (filename, value_line, value_column))
                if last is None:
                    head = pair
                else:
                    last.cdr = pair
                last = pair
        return 0  # the text ends first


class _Reading:
    """Read datums token by token from text that may still grow.

    lark's interactive parser takes the tokens one at a time, with a
    _Tracker beside it to say what is open for the error messages.  The text
    can arrive in pieces (`more`, an input port's next line): lexing goes on
    where it stopped, so every character is lexed about once however many
    pieces a datum comes in.  A token that reaches the end of the text and
    could still grow (an identifier, "(", an unclosed string) is held back
    until more text or the end of input arrives; an unclosed string or
    |symbol| is waited for by looking for its closing quote in the new text
    only (`_await_quote`), so a string of many lines costs no more.

    `advance()` returns `(located datums, end)` once a datum is complete
    (with `first_only`; without it, all of them at the end of input), where
    `end` counts from the start of the first text, pieces appended; None
    while more text is needed, and at the end of input when only whitespace
    and comments were left.  lark's exceptions become ReadError.
    `scanned` counts the characters handed to the lexer or the quote scan.
    """

    __slots__ = ("session", "tracker", "parser", "state", "counter", "window", "base", "resume", "first_only",
                 "quote", "escaped", "pieces", "deferred", "deferred_closers", "last", "scanned")

    def __init__(self, text: str, start: int, filename: str, line: int, column: int, *,
                 fold_case: bool = False, after_cr: bool | None = None, first_only: bool = True):
        self.session = _Session(filename, fold_case)
        self.tracker = _Tracker()
        self.parser = _parser().parse_interactive(None)
        self.state = self.parser.parser_state
        if after_cr is None:
            after_cr = start > 0 and text[start - 1] == "\r"
        self.counter = _LineCounter(start, line, column, after_cr)
        self.window = text  # the text being lexed: window[resume:] is still to lex
        self.base = 0  # where window[0] is in the whole text
        self.resume = start
        self.first_only = first_only
        self.quote = None  # '"' or "|" while waiting for the end of an unclosed string or |symbol|
        self.escaped = False  # the text so far ends inside that quote with a lone backslash
        self.pieces: list[str] = []  # text that came while waiting for the quote
        self.deferred: list[str] = []  # text not lexed yet: too few closers to end the datum
        self.deferred_closers = 0  # the ")" and "]" in it
        self.last: Token | None = None  # the last token fed to the parser
        self.scanned = 0

    def advance(self, more: str = "", at_eof: bool = False, more_ready: bool = False):
        """Take `more` text (at_eof: nothing follows it); return the datum read, or None.

        `more_ready`: the source has more text at hand now.  Then text that
        holds fewer ")" and "]" than there are lists open cannot finish the
        datum: it waits, unlexed, for the next piece (one lexing pass for
        many lines).  Otherwise it is lexed at once, so that an error in a
        line typed at a terminal is reported as soon as the line is in.
        """
        if self.quote is not None:
            self.pieces.append(more)
            if not self._await_quote(more) and not at_eof:
                return None
            more = "".join(self.pieces)
            self.pieces.clear()
            self.quote = None
        elif more_ready and more and not at_eof:
            closers = more.count(")") + more.count("]")
            self.scanned += len(more)
            if self.deferred_closers + closers < len(self.tracker.frames) - 1:
                self.deferred.append(more)
                self.deferred_closers += closers
                return None
        if self.deferred:
            self.deferred.append(more)
            more = "".join(self.deferred)
            self.deferred.clear()
            self.deferred_closers = 0
        if more:
            # Only the text from where lexing stopped is kept.
            resume = self.resume
            self.window = self.window[resume:] + more
            self.base += resume
            self.resume = 0
            counter = self.counter
            counter.char_pos -= resume
            counter.line_start_pos -= resume
        context = _SESSION.set(self.session)
        try:
            return self._lex(at_eof)
        finally:
            _SESSION.reset(context)

    def _lex(self, at_eof: bool):
        window = self.window
        end = len(window)
        counter = self.counter
        self.scanned += end - self.resume
        self.parser.lexer_thread.state = LexerState(TextSlice(window, self.resume, end), counter)
        state = self.state
        tracker = self.tracker
        tokens = self.parser.lexer_thread.lex(state)
        try:
            for token in tokens:
                if not at_eof and token.end_pos == end and _may_grow(token):
                    self._rewind(token.start_pos, token.line, token.column)
                    return None
                try:
                    state.feed_token(token)
                except UnexpectedInput as exc:
                    raise _translate(exc, window, tracker, (counter.line, counter.column)) from exc
                tracker.feed(token)
                self.last = token
                if self.first_only and tracker.datums:
                    located = self._finish(Token.new_borrow_pos("$END", "", token), window)
                    return located, self.base + token.end_pos
        except UnexpectedInput as exc:
            # The lexer found no token here.
            position, line, column = _error_position(exc)
            if not at_eof and position is not None and _is_unfinished_token(window, position):
                self._rewind(position, line, column)
                if window[position] in "\"|":
                    self.quote = window[position]
                    self.escaped = False
                    self._await_quote(window, position + 1)
                return None
            raise _translate(exc, window, tracker, (counter.line, counter.column)) from exc
        self.resume = end
        if not at_eof or (self.first_only and tracker.is_balanced()):
            return None
        last = self.last
        eof = Token.new_borrow_pos("$END", "", last) if last else Token("$END", "", end, counter.line, counter.column)
        return self._finish(eof, window), self.base + end

    def _finish(self, eof: Token, window: str) -> list:
        try:
            return self.state.feed_token(eof, True)
        except UnexpectedInput as exc:
            counter = self.counter
            raise _translate(exc, window, self.tracker, (counter.line, counter.column)) from exc

    def _rewind(self, index: int, line: int, column: int) -> None:
        """Lex again from window[index], at (line, column), next time."""
        self.resume = index
        counter = self.counter
        counter.char_pos = index
        counter.line = line
        counter.column = column
        counter.line_start_pos = index - column + 1
        if index > 0:
            counter.after_cr = self.window[index - 1] == "\r"

    def _await_quote(self, text: str, start: int = 0) -> bool:
        """Scan `text[start:]` for the quote that closes the open string or |symbol|."""
        self.scanned += len(text) - start
        if self.escaped:
            if start >= len(text):
                return False
            start += 1
            self.escaped = False
        stop = _QUOTED_RUN[self.quote].match(text, start).end()
        if stop == len(text):
            return False
        if text[stop] == "\\":  # a backslash ends the text: it escapes what comes next
            self.escaped = True
            return False
        return True


# The characters of a string or |symbol| before its closing quote (or before
# a backslash that ends the text).
_QUOTED_RUN = {
    '"': re.compile(r'(?:[^"\\]|\\[\s\S])*'),
    "|": re.compile(r"(?:[^|\\]|\\[\s\S])*"),
}


def _may_grow(token: Token) -> bool:
    """True if more text after `token` could make it another token (or a longer one)."""
    if token.type == "_BLOCK_TEXT":
        return token.value[-1] in "|#"  # "|" + "#" closes, "#" + "|" opens
    return not _is_closed(token)


class _LineCounter(LineCounter):
    """lark's LineCounter, with R7RS line endings: LF, CR, or CR LF as one (7.1.1)."""

    __slots__ = ("after_cr",)

    def __init__(self, start: int = 0, line: int = 1, column: int = 1, after_cr: bool = False):
        super().__init__("\n")
        self.char_pos = start
        self.line = line
        self.column = column
        self.line_start_pos = start - column + 1
        self.after_cr = after_cr

    def feed(self, token, test_newline=True):
        if test_newline and (self.after_cr or "\r" in token):
            self.line, self.column, self.after_cr = position_after(token, self.line, self.column, self.after_cr)
            self.char_pos += len(token)
            self.line_start_pos = self.char_pos - self.column + 1
            return
        # No carriage return in sight: lark's own way.
        if test_newline:
            newlines = token.count("\n")
            if newlines:
                self.line += newlines
                self.line_start_pos = self.char_pos + token.rindex("\n") + 1
        self.char_pos += len(token)
        self.column = self.char_pos - self.line_start_pos + 1
        self.after_cr = False


def _is_closed(token: Token) -> bool:
    """True for a token that no following character can lengthen."""
    return token.type in ("RPAREN", "RBRACKET") or (token.type == "SIMPLE" and token.value[0] in "\"|([")


# ----------------------------------------------------------------- errors


_OPENER_CLOSERS = {
    "LPAREN": ")",
    "LBRACKET": "]",
    "VECTOR_OPEN": ")",
    "BYTEVECTOR_OPEN": ")",
}
_PREFIX_NAMES = {
    "QUOTE": "quote (')",
    "QUASIQUOTE": "quasiquote (`)",
    "UNQUOTE": "unquote (,)",
    "UNQUOTE_SPLICING": "unquote-splicing (,@)",
    "_DATUM_COMMENT": "datum comment (#;)",
    "LABEL": "datum label ({})",  # {} is the label as written: #0=
}


def _prefix_name(token: Token) -> str:
    """How a message names a quote mark, #; or #n= that wants a datum."""
    return _PREFIX_NAMES[token.type].format(token.value)


class _Frame:
    """One open list, vector or bytevector (or the top level, opener None)."""

    __slots__ = ("opener", "prefixes", "dot", "after_dot")

    def __init__(self, opener: Token | None):
        self.opener = opener
        self.prefixes: list[Token] = []  # quote marks, #; and #n= still waiting for their datum
        self.dot: Token | None = None
        self.after_dot = 0  # datums seen after the dot


class _Tracker:
    """Follow the tokens the parser accepted: what is open, and since where."""

    __slots__ = ("frames", "comments", "datums")

    def __init__(self):
        self.frames = [_Frame(None)]
        self.comments: list[Token] = []  # open #| comments
        self.datums = 0  # complete datums at the top level

    def feed(self, token: Token) -> None:
        kind = token.type
        if kind == "SIMPLE":
            self._datum_done()
        elif kind in _OPENER_CLOSERS:
            self.frames.append(_Frame(token))
        elif kind in ("RPAREN", "RBRACKET"):
            self.frames.pop()
            self._datum_done()
        elif kind in _PREFIX_NAMES:
            self.frames[-1].prefixes.append(token)
        elif kind == "DOT":
            self.frames[-1].dot = token
        elif kind == "_BLOCK_OPEN":
            self.comments.append(token)
        elif kind == "_BLOCK_CLOSE":
            self.comments.pop()

    def _datum_done(self) -> None:
        frame = self.frames[-1]
        while frame.prefixes:
            if frame.prefixes.pop().type == "_DATUM_COMMENT":
                return  # the datum comment swallowed it
        if frame.dot is not None:
            frame.after_dot += 1
        if frame.opener is None:
            self.datums += 1

    def is_balanced(self) -> bool:
        return not self.comments and len(self.frames) == 1 and not self.frames[0].prefixes


_UNTERMINATED = ("unterminated string", "unterminated symbol")
_DELIMITERS = frozenset("()[]\";'`,|")
_STRING_TOKEN = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"')
_PIPE_TOKEN = re.compile(r"\|[^|\\]*(?:\\[\s\S][^|\\]*)*\|")
_ATOM_RUN = re.compile(r"[^\s()\[\]\";'`,|]+")


def _error_position(exc: UnexpectedInput) -> tuple:
    """(index, line, column) of what lark stumbled on; index None at end of input."""
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            return None, token.line, token.column
        return token.start_pos, token.line, token.column
    return exc.pos_in_stream, exc.line, exc.column


def _is_unfinished_token(text: str, index: int) -> bool:
    """True if the text from `index` is the start of a token still being typed."""
    kind, _ = _looking_at(text, index)
    if kind == "bad hash":
        return index + 1 == len(text)  # a lone "#" at the end may become "#t"
    return kind in _UNTERMINATED or kind == "no character"


def _is_delimiter(char: str) -> bool:
    return not char or char.isspace() or char in _DELIMITERS


def _looking_at(text: str, index: int) -> tuple[str, str]:
    """Classify the text at `index` for a message: (kind, text to show).

    Lark cannot say this itself: where no terminal of the parser state fits,
    its contextual lexer reports whatever some other terminal makes of the text.
    """
    char = text[index]
    following = text[index + 1 : index + 2]
    if char in ")]":
        return "close", char
    if char in "([":
        return "open", char
    if char in "'`":
        return "prefix", char
    if char == ",":
        return "prefix", ",@" if following == "@" else ","
    if char == "." and _is_delimiter(following):
        return "dot", "."
    if char == '"':
        match = _STRING_TOKEN.match(text, index)
        return ("datum", _shorten(match[0])) if match else ("unterminated string", char)
    if char == "|":
        match = _PIPE_TOKEN.match(text, index)
        return ("datum", _shorten(match[0])) if match else ("unterminated symbol", char)
    if char == "#":
        if following == "(":
            return "open", "#("
        if text.startswith(("#u8(", "#U8("), index):
            return "open", text[index : index + 4]
        if following == "\\":
            if index + 2 == len(text):
                return "no character", "#\\"
            run = _ATOM_RUN.match(text, index + 3)
            return "datum", _shorten(text[index : index + 3] + (run[0] if run else ""))
        if _is_delimiter(following):
            return "bad hash", "#" + following.strip()
    run = _ATOM_RUN.match(text, index)
    return "datum", _shorten(run[0] if run else char)


def _shorten(shown: str) -> str:
    return shown if len(shown) <= 30 else shown[:27] + "..."


def _translate(exc: UnexpectedInput, text: str, tracker: _Tracker, end: tuple[int, int]) -> ReadError:
    """Turn lark's complaint into a ReadError that says what is wrong and where.

    `end` is the (line, column) just past the end of `text`.
    """
    index, line, column = _error_position(exc)
    if index is None:
        return _end_of_input_error(tracker, end)
    here = Span(_SESSION.get().filename, line, column)
    kind, shown = _looking_at(text, index)
    if kind == "unterminated string":
        return ReadError("unterminated string (opened here, never closed)", here)
    if kind == "unterminated symbol":
        return ReadError("unterminated |symbol| (opened here, never closed)", here)
    if kind == "no character":
        return ReadError("expected a character after #\\", here)
    if kind == "bad hash":
        return ReadError(f"bad # syntax: {shown}", here)
    frame = tracker.frames[-1]
    if frame.prefixes:
        name = _prefix_name(frame.prefixes[-1])
        return ReadError(f"expected a datum after {name}, found '{shown}'", here)
    if kind == "close":
        if frame.opener is None:
            return ReadError(f"unexpected '{shown}' (nothing to close)", here)
        if frame.dot is not None and frame.after_dot == 0:
            return ReadError(f"expected one datum after '.', found '{shown}'", here)
        opener = frame.opener
        wanted = _OPENER_CLOSERS[opener.type]
        if shown != wanted:
            return ReadError(
                f"expected '{wanted}' to close '{opener.value}' from line {opener.line},"
                f" column {opener.column}, found '{shown}'",
                here,
            )
    if kind == "dot":
        if frame.opener is None:
            return ReadError("unexpected '.' outside a list", here)
        if frame.opener.type == "VECTOR_OPEN":
            return ReadError("unexpected '.' in a vector", here)
        if frame.opener.type == "BYTEVECTOR_OPEN":
            return ReadError("unexpected '.' in a bytevector", here)
        if frame.dot is not None and frame.after_dot == 0:
            return ReadError("expected one datum after '.', found '.'", here)
        if frame.dot is not None:
            return ReadError("unexpected second '.' in a list", here)
    if frame.dot is not None and frame.after_dot >= 1:
        return ReadError("more than one datum after '.'", here)
    return ReadError(f"unexpected '{shown}'", here)


def _end_of_input_error(tracker: _Tracker, end: tuple[int, int]) -> ReadError:
    """The error for text that ends inside something: the innermost open thing."""
    if tracker.comments:
        comment = tracker.comments[-1]
        return ReadError("unclosed block comment '#|' (opened here, never closed)", _span_at(comment))
    frame = tracker.frames[-1]
    if frame.prefixes:
        prefix = frame.prefixes[-1]
        return ReadError(
            f"expected a datum after {_prefix_name(prefix)}, found end of input", _span_at(prefix)
        )
    if frame.opener is not None:
        opener = frame.opener
        return ReadError(f"unclosed '{opener.value}' (opened here, never closed)", _span_at(opener))
    line, column = end
    return ReadError("unexpected end of input", Span(_SESSION.get().filename, line, column))


def _end_position(text: str) -> tuple[int, int]:
    """(line, column) just past the end of `text`."""
    line, column, _ = position_after(text, 1, 1)
    return line, column
