"""A Python port of John Stone's penny-matcher, transcript for transcript.

`run_transcript(seed, input_text)` returns what the Scheme program
(penny-matcher.scm among the shared originals, from seed 000) prints to
standard output when our interpreter runs it with the same seed and the
same standard input.  The contract with the interpreter:

* it seeds ``rng = random.Random(seed)``, and ``(random n)`` for an exact
  positive integer n is ``rng.randrange(n)``; the program only ever calls
  ``(random 2)``, through ``(toss-a-coin)`` = ``(if (zero? (random 2))
  'heads 'tails)``, and only when it needs a coin: rounds 1 and 2, and
  later rounds whose situation has a tied record;
* input is never echoed: the transcript holds the program's output only,
  so a prompt is followed on the same line by whatever is printed next.

The port keeps the program's procedures, under the same names, and its
reading behaviour: ``(read)`` reads one datum, skipping whitespace
(blank lines included) and comments first; ``(consume-line)`` then
discards the rest of that line.  A junk line like ``foo bar`` reads
``foo``, prints the retry message, and the next line is read.

What the input model covers, and what it does not:

* modelled: symbols and numbers (any atom: only the symbols ``heads``
  and ``tails`` count, case-sensitively as in R7RS; ``fold_case=True``
  reads as an R4RS Scheme such as SCM, where ``HEADS`` is ``heads``),
  strings, lists and vectors (which may span lines: the line discarded is
  the one where the datum ends), quote prefixes, ``#\\`` characters,
  ``;`` line comments, ``#|...|#`` block comments and ``#;`` datum
  comments;
* not modelled, raised as `UnsupportedInput`: ``|...|`` symbols and
  backslash escapes in atoms, brackets, a ``)`` with no ``(``, and a list,
  string or comment still open at the end of input (the interpreter
  reports those as read errors); other ``#`` syntax (``#u8(``, ``#e1``,
  ``#!fold-case``) and a lone ``.`` are read as plain junk atoms, which
  may differ from the interpreter;
* end of input: ``(read)`` returns the eof object, which is not a move,
  so the real program prints the retry message and reads again forever.
  By default the port stops at the first ``(read)`` that meets the end
  of input (from there the program can only loop) and raises
  `InputExhausted`, whose ``transcript`` ends with the prompt that read
  answered.  ``eof_limit=L`` instead stops exactly where our interpreter
  run with the same ``eof_limit`` does: it counts consecutive answers "at
  end of input" of the program's own port operations (``read``,
  ``peek-char``, ``read-char``; a datum or character read resets the
  count; the reader's own look past an atom ending the input is not an
  answer) and stops at answer L+1.  So ``consume-line`` after a last line
  with no newline already counts one, and each trip round the retry loop
  counts two.

`play_stone_against(strategy, seed)` lets a Python strategy play the
human: it types one line (``heads`` or ``tails``) per round.

Checked against the interpreter on full games and on 300 random inputs
mixing moves, junk words, numbers, strings, lists, comments and early
ends (with and without `eof_limit`): byte-identical output.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Callable

from .base import HEADS, MISMATCHER, TAILS, Strategy

__all__ = [
    "InputExhausted",
    "StoneGame",
    "UnsupportedInput",
    "derived_seed",
    "play_stone_against",
    "run_transcript",
]

ROUNDS = 100
RETRY = "Type `heads' or `tails', please.\nYour move: "


class InputExhausted(Exception):
    """The program read past the end of its input before round 100 ended.

    ``transcript`` is everything printed up to that point and ``round`` the
    round that was waiting for a move.
    """

    def __init__(self, transcript: str, round_number: int):
        super().__init__(f"input exhausted in round {round_number}")
        self.transcript = transcript
        self.round = round_number


class UnsupportedInput(ValueError):
    """Input text whose reading this port does not model (see the module docstring)."""


class _PortExhausted(Exception):
    """The port's eof_limit ran out (turned into InputExhausted by the program)."""


class _Eof:
    def __repr__(self) -> str:
        return "#<eof>"


EOF = _Eof()
_JUNK = object()  # any datum that is not a symbol
_DELIMITERS = frozenset(" \t\n\r\f\v()\";")
_WHITESPACE = frozenset(" \t\n\r\f\v")


class _StandardInput:
    """The program's input port: `read` one datum, `peek_char` / `read_char`.

    `refill` supplies more text when the buffer runs dry, or None at end of
    input; `run_transcript` gives all the text up front.
    """

    def __init__(
        self,
        text: str,
        refill: Callable[[], str | None] | None = None,
        fold_case: bool = False,
        eof_limit: int | None = None,
    ):
        self.text = text
        self.pos = 0
        self.refill = refill
        self.fold_case = fold_case
        self.eof_limit = eof_limit
        self.eof_answers = 0  # consecutive, as the interpreter's port counts them

    # -- the port operations the program calls --------------------------------

    def scheme_read(self) -> object:
        """``(read)``: one datum (see `read`), counting an eof answer."""
        return self._answer(self.read())

    def scheme_peek_char(self) -> str | _Eof:
        """``(peek-char)``."""
        return self._answer(self.peek_char())

    def scheme_read_char(self) -> str | _Eof:
        """``(read-char)``."""
        return self._answer(self.read_char())

    def _answer(self, value):
        if value is EOF:
            self.eof_answers += 1
            if self.eof_limit is not None and self.eof_answers > self.eof_limit:
                raise _PortExhausted
        else:
            self.eof_answers = 0
        return value

    # -- characters ---------------------------------------------------------------

    def peek_char(self) -> str | _Eof:
        while self.pos >= len(self.text):
            more = self.refill() if self.refill is not None else None
            if more is None:
                self.refill = None
                return EOF
            self.text, self.pos = self.text[self.pos:] + more, 0
        return self.text[self.pos]

    def read_char(self) -> str | _Eof:
        char = self.peek_char()
        if char is not EOF:
            self.pos += 1
        return char

    # -- the reader ---------------------------------------------------------

    def read(self) -> object:
        """Read one datum: a symbol's name (str), `_JUNK` for other data, or EOF."""
        self._skip_atmosphere()
        char = self.peek_char()
        if char is EOF:
            return EOF
        return self._datum()

    def _skip_atmosphere(self) -> None:
        """Skip whitespace and comments of all three kinds."""
        while True:
            char = self.peek_char()
            if char is EOF:
                return
            if char in _WHITESPACE:
                self.pos += 1
            elif char == ";":
                while (char := self.read_char()) is not EOF and char != "\n":
                    pass
            elif char == "#" and self._peek_second() == "|":
                self.pos += 2
                self._skip_block_comment()
            elif char == "#" and self._peek_second() == ";":
                self.pos += 2
                self._skip_atmosphere()
                if self.peek_char() is EOF:
                    raise UnsupportedInput("#; at end of input")
                self._datum()
            else:
                return

    def _peek_second(self) -> str | _Eof:
        self.peek_char()
        if self.pos + 1 >= len(self.text) and self.refill is not None:
            more = self.refill()
            if more is None:
                self.refill = None
            else:
                self.text += more
        return self.text[self.pos + 1] if self.pos + 1 < len(self.text) else EOF

    def _skip_block_comment(self) -> None:
        depth = 1
        while depth:
            char = self.read_char()
            if char is EOF:
                raise UnsupportedInput("#| comment still open at end of input")
            if char == "|" and self.peek_char() == "#":
                self.pos += 1
                depth -= 1
            elif char == "#" and self.peek_char() == "|":
                self.pos += 1
                depth += 1

    def _datum(self) -> object:
        """Read the datum starting at the next character (no atmosphere)."""
        char = self.read_char()
        if char == "(":
            self._list_tail()
            return _JUNK
        if char == ")":
            raise UnsupportedInput("a ')' with no '('")
        if char in "[]|":
            raise UnsupportedInput(f"{char!r} in input")
        if char == '"':
            self._string_tail()
            return _JUNK
        if char in "'`,":
            if char == "," and self.peek_char() == "@":
                self.pos += 1
            self._skip_atmosphere()
            if self.peek_char() is EOF:
                raise UnsupportedInput(f"{char} at end of input")
            self._datum()
            return _JUNK
        if char == "#" and self.peek_char() == "(":
            self.pos += 1
            self._list_tail()
            return _JUNK
        if char == "#" and self.peek_char() == "\\":
            self.pos += 1
            if self.read_char() is EOF:
                raise UnsupportedInput("#\\ at end of input")
            self._atom_tail()
            return _JUNK
        name = char + self._atom_tail()
        if "|" in name or "\\" in name:
            raise UnsupportedInput(f"atom {name!r}: | and \\ in atoms are not modelled")
        if self.fold_case:
            name = name.lower()
        return name if not name.startswith("#") else _JUNK

    def _atom_tail(self) -> str:
        start = self.pos
        while (char := self.peek_char()) is not EOF and char not in _DELIMITERS:
            self.pos += 1
        return self.text[start:self.pos]

    def _list_tail(self) -> None:
        while True:
            self._skip_atmosphere()
            char = self.peek_char()
            if char is EOF:
                raise UnsupportedInput("a list still open at end of input")
            if char == ")":
                self.pos += 1
                return
            self._datum()

    def _string_tail(self) -> None:
        while (char := self.read_char()) != '"':
            if char is EOF:
                raise UnsupportedInput("a string still open at end of input")
            if char == "\\":
                self.read_char()


class _PennyMatcher:
    """The Scheme program, procedure by procedure, writing to `self.out`."""

    def __init__(self, seed: int, stdin: _StandardInput):
        self.rng = random.Random(seed)
        self.stdin = stdin
        self.out: list[str] = []
        self.rounds: list[tuple[str, str]] = []  # (my-move, your-move)
        self.round_number = 0

    def run(self) -> str:
        """Run the program; return its output or raise InputExhausted."""
        try:
            self.penny_matcher()
        except _PortExhausted:
            raise InputExhausted("".join(self.out), self.round_number) from None
        return "".join(self.out)

    def display(self, text: object) -> None:
        self.out.append(str(text))

    def newline(self) -> None:
        self.out.append("\n")

    def penny_matcher(self) -> None:
        my_wins = your_wins = 0
        transcript = self.initialize_table()
        last_move: tuple[str, str] | None = None
        last_move_but_one: tuple[str, str] | None = None
        for round_number in range(1, ROUNDS + 1):
            self.round_number = round_number
            # (let ((my-move ...) (your-move ...)) ...): evaluated left to
            # right here; the order changes nothing, the player never
            # seeing the machine's move before typing his own.
            my_move = self.select_my_move(round_number, last_move, last_move_but_one, transcript)
            your_move = self.select_your_move(round_number)
            self.report_round(my_move, your_move, my_wins, your_wins)
            self.rounds.append((my_move, your_move))
            if my_move == your_move:
                my_wins += 1
            else:
                your_wins += 1
            if round_number > 2:  # start recording behaviour only after round 2
                transcript = self.update_table(transcript, (last_move, last_move_but_one), your_move)
            last_move, last_move_but_one = (my_move, your_move), last_move
        self.report_results(my_wins, your_wins)

    @staticmethod
    def initialize_table() -> list[list]:
        faces = ("heads", "tails")
        moves = [(face_1, face_2) for face_1 in faces for face_2 in faces]
        situations = [(move_1, move_2) for move_1 in moves for move_2 in moves]
        return [[situation, [0, 0]] for situation in situations]

    def report_results(self, my_wins: int, your_wins: int) -> None:
        if my_wins < your_wins:
            self.display("Congratulations -- you outwitted me.")
            self.newline()
            self.display(f"I owe you {your_wins - my_wins} cents.")
            self.newline()
        elif your_wins < my_wins:
            self.display(f"Hmm. Looks like you owe me {my_wins - your_wins} cents.")
            self.newline()
            self.display("Keep it -- there's no way for me to spend it anyway.")
            self.newline()
        else:
            self.display("Hmm. Well, that was pointless.")
            self.newline()
            self.display("I guess I need a better cognitive model!")
            self.newline()
        self.newline()

    def select_my_move(self, round_number, last_move, last_move_but_one, transcript) -> str:
        if round_number <= 2:
            return self.toss_a_coin()
        head_plays, tail_plays = self.lookup((last_move, last_move_but_one), transcript)
        if head_plays < tail_plays:
            return "tails"
        if tail_plays < head_plays:
            return "heads"
        return self.toss_a_coin()

    def toss_a_coin(self) -> str:
        return "heads" if self.rng.randrange(2) == 0 else "tails"

    @staticmethod
    def lookup(situation, transcript) -> list[int]:
        for entry_situation, record in transcript:
            if entry_situation == situation:
                return record
        raise AssertionError(f"situation {situation!r} missing from the table")

    def select_your_move(self, round_number: int) -> str:
        self.display("Round #")
        self.display(round_number)
        self.newline()
        self.display("Your move (heads or tails): ")
        datum = self.read()
        while True:
            self.consume_line()
            if datum in ("heads", "tails"):
                return datum
            self.display(RETRY)
            datum = self.read()

    def read(self) -> object:
        datum = self.stdin.scheme_read()
        if datum is EOF and self.stdin.eof_limit is None:
            raise _PortExhausted  # from here the real program loops forever
        return datum

    def consume_line(self) -> None:
        while True:
            char = self.stdin.scheme_peek_char()
            if char is EOF:
                return
            self.stdin.scheme_read_char()
            if char == "\n":
                return

    def report_round(self, my_move: str, your_move: str, my_wins: int, your_wins: int) -> None:
        self.display(f"You showed {your_move}, I showed {my_move}.")
        self.newline()
        if my_move == your_move:
            self.display("They match, so I win this round.")
            self.newline()
            self.display(f"That's {my_wins + 1} for me and {your_wins} for you.")
        else:
            self.display("They don't match, so you win this round.")
            self.newline()
            self.display(f"That's {my_wins} for me and {your_wins + 1} for you.")
        self.newline()
        self.newline()

    @staticmethod
    def update_table(transcript, situation, your_move) -> list[list]:
        """Return the table with the player's move tallied, its entry moved to the front."""
        for index, (entry_situation, (heads, tails)) in enumerate(transcript):
            if entry_situation == situation:
                record = [heads + 1, tails] if your_move == "heads" else [heads, tails + 1]
                return [[situation, record]] + transcript[:index] + transcript[index + 1:]
        raise AssertionError(f"situation {situation!r} missing from the table")


def run_transcript(
    seed: int,
    input_text: str,
    *,
    eof_limit: int | None = None,
    fold_case: bool = False,
) -> str:
    """Return what penny-matcher.scm prints given `seed` and standard input `input_text`.

    Raise `InputExhausted` (carrying the transcript so far) when the input
    runs out: by default at the first ``(read)`` at end of input, with
    `eof_limit` where the interpreter with that limit stops.  Raise
    `UnsupportedInput` for input whose reading is not modelled.
    """
    stdin = _StandardInput(input_text, fold_case=fold_case, eof_limit=eof_limit)
    return _PennyMatcher(seed, stdin).run()


_FACE = {"heads": HEADS, "tails": TAILS}


@dataclass(frozen=True)
class StoneGame:
    """One full game of the Scheme program against a Python strategy."""

    transcript: str
    input_text: str
    machine_moves: str  # 'H'/'T' per round
    player_moves: str
    machine_wins: int
    player_wins: int


def derived_seed(seed: int, purpose: str) -> int:
    """Return a seed for `purpose` drawn from `seed`: the same in every process and Python."""
    digest = hashlib.blake2b(f"{purpose}/{seed}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def play_stone_against(strategy: Strategy | str, seed: int, *, strategy_seed: int | None = None) -> StoneGame:
    """Play the Scheme program (seeded with `seed`) against `strategy` as the human.

    The human wants the faces to differ, so `strategy` is a mismatcher (a
    registry name is made as one).  It is reset with `strategy_seed`, by
    default a seed derived from `seed`, so that the two sides never share
    a random stream.  Each round it types ``heads`` or ``tails`` on a
    line, after observing the previous round.  `StoneGame.input_text`
    replays the game through `run_transcript`.
    """
    if isinstance(strategy, str):
        from . import make

        strategy = make(strategy, MISMATCHER)
    if strategy.role != MISMATCHER:
        raise ValueError("the human side of Stone's program wants to differ: use a mismatcher")
    strategy.reset(derived_seed(seed, "stone-human") if strategy_seed is None else strategy_seed)
    typed: list[str] = []
    program: _PennyMatcher

    def next_line() -> str | None:
        if len(typed) >= ROUNDS:
            return None
        if typed:
            machine, human = program.rounds[-1]
            strategy.observe(_FACE[human], _FACE[machine])
        line = "heads\n" if strategy.choose() == HEADS else "tails\n"
        typed.append(line)
        return line

    program = _PennyMatcher(seed, _StandardInput("", refill=next_line))
    transcript = program.run()
    machine = "".join(_FACE[m] for m, _ in program.rounds)
    player = "".join(_FACE[y] for _, y in program.rounds)
    machine_wins = sum(m == y for m, y in zip(machine, player))
    return StoneGame(
        transcript=transcript,
        input_text="".join(typed),
        machine_moves=machine,
        player_moves=player,
        machine_wins=machine_wins,
        player_wins=ROUNDS - machine_wins,
    )
