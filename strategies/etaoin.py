"""Solve the etaoin game in Python, as a reference for the Scheme lab.

Two players take turns removing a letter from either end of a word and
score its points: e 1, t 2, a 3, o 4, i 5, n 6, any other character 7.
The *value* of a (sub)string is the margin by which the player to move
wins under optimal play by both sides, so

    value(s) = max(first letter's points - value(s without its first letter),
                   last letter's points  - value(s without its last letter))

with the empty string worth 0.  Known values: "then" 10, "the" -4, "hen" 2.

This module mirrors the Scheme procedures of the lab:

* `char_value` is the handed-out `char-value`;
* `substring_value_tree` is the tree recursion the lab asks for first, with
  the same arguments as `(substring-value s len low)`;
* `substring_value` and `value` use a bottom-up table, O(n^2);
* `choose_move` / `choose_move_from_substring` are the handed-out `cm` and
  `choose-move-from-substring`, with the same tie rule (one letter left, or
  equal net values, gives ``'either'``).

It imports nothing from `schemehost`, so it can judge the interpreter.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterable, Literal

__all__ = [
    "COUNTEREXAMPLE_CANDIDATES",
    "LETTER_POINTS",
    "OTHER_POINTS",
    "Choice",
    "Turn",
    "best_line",
    "char_value",
    "choose_move",
    "choose_move_from_substring",
    "find_greedy_counterexample",
    "format_best_line",
    "greedy_move",
    "is_greedy_counterexample",
    "net_values",
    "substring_value",
    "substring_value_tree",
    "value",
    "value_table",
]

Choice = Literal["first", "last", "either"]

LETTER_POINTS = {"e": 1, "t": 2, "a": 3, "o": 4, "i": 5, "n": 6}
OTHER_POINTS = 7

# Short English words tried first by `find_greedy_counterexample`, so that the
# answer is a word a reader recognises; the exhaustive search is the fallback.
COUNTEREXAMPLE_CANDIDATES = (
    "then", "tone", "note", "neat", "iota", "onto", "into", "nine", "noon",
    "anoint", "intone", "nation", "notion",
)


def char_value(c: str) -> int:
    """Return the points for one character, ignoring case, like `char-value`."""
    if len(c) != 1:
        raise ValueError(f"char_value: expected one character, got {c!r}")
    # Scheme's char-downcase is the simple (one-character) mapping; Python's
    # lower() may give more than one (U+0130 -> "i" + combining dot), whose
    # first character is the simple mapping.
    return LETTER_POINTS.get(c.lower()[0], OTHER_POINTS)


def _check_span(s: str, length: int, low: int) -> None:
    """Reject a (length, low) pair that does not name a piece of `s`."""
    if length < 0 or low < 0 or low + length > len(s):
        raise ValueError(
            f"no substring of length {length} at position {low} "
            f"in a string of length {len(s)}"
        )


def substring_value_tree(s: str, length: int, low: int) -> int:
    """Return the value of `length` characters of `s` from `low`, by tree recursion.

    This is the lab's first version: each call makes two recursive calls,
    so it takes time proportional to 2^length.  Use it to check faster
    versions and to time the difference, not to solve long words.
    """
    _check_span(s, length, low)
    return _tree(s, length, low)


def _tree(s: str, length: int, low: int) -> int:
    """Recurse exactly like the Scheme `substring-value`, without checks."""
    if length == 0:
        return 0
    f = char_value(s[low]) - _tree(s, length - 1, low + 1)
    l = char_value(s[low + length - 1]) - _tree(s, length - 1, low)
    return max(f, l)


def value_table(s: str) -> list[list[int]]:
    """Return the table of values of every piece of `s`, built bottom-up.

    ``value_table(s)[length][low]`` is the value of ``s[low:low + length]``;
    row `length` has ``len(s) - length + 1`` entries.
    """
    points = [char_value(c) for c in s]
    table = [[0] * (len(s) + 1)]
    for length in range(1, len(s) + 1):
        shorter = table[length - 1]
        table.append([
            max(points[low] - shorter[low + 1],
                points[low + length - 1] - shorter[low])
            for low in range(len(s) - length + 1)
        ])
    return table


def substring_value(s: str, length: int, low: int) -> int:
    """Return the value of `length` characters of `s` from `low`, in O(length^2)."""
    _check_span(s, length, low)
    return value_table(s[low:low + length])[length][0]


def value(s: str) -> int:
    """Return the value of the whole string `s` for the player about to move."""
    return value_table(s)[len(s)][0]


def _net_values(table: list[list[int]], s: str, length: int, low: int) -> tuple[int, int]:
    """Return the net values (f, l) of taking the first or the last letter."""
    f = char_value(s[low]) - table[length - 1][low + 1]
    l = char_value(s[low + length - 1]) - table[length - 1][low]
    return f, l


def _decide(length: int, f: int, l: int) -> Choice:
    """Apply the tie rule of `choose-move-from-substring`."""
    if length == 1:
        return "either"
    if f > l:
        return "first"
    if l > f:
        return "last"
    return "either"


def net_values(s: str, length: int | None = None, low: int = 0) -> tuple[int, int]:
    """Return (f, l): each end letter's points minus the value left to the opponent.

    These are the two numbers `choose-move-from-substring` compares; by
    default they are for the whole of `s`.
    """
    if length is None:
        length = len(s) - low
    _check_span(s, length, low)
    if length == 0:
        raise ValueError("no letters left to take")
    piece = s[low:low + length]
    return _net_values(value_table(piece), piece, length, 0)


def choose_move_from_substring(s: str, length: int, low: int) -> Choice:
    """Return 'first', 'last' or 'either' for a piece of `s`, like the Scheme one."""
    f, l = net_values(s, length, low)
    return _decide(length, f, l)


def choose_move(s: str) -> Choice:
    """Return the optimal move for the whole of `s`, like `(cm s)`."""
    return choose_move_from_substring(s, len(s), 0)


def greedy_move(s: str) -> Choice:
    """Return the end with the higher-valued letter: the strategy the lab warns about."""
    if not s:
        raise ValueError("no letters left to take")
    first, last = char_value(s[0]), char_value(s[-1])
    if len(s) == 1 or first == last:
        return "either"
    return "first" if first > last else "last"


@dataclass(frozen=True)
class Turn:
    """One move of optimal play, with the numbers that justify it.

    `player` is 0 for the player who moved first, 1 for the other; `low`
    and `length` locate the letters left before the move, `remaining` is
    them as a string; `f` and `l` are the net values of taking the first
    or the last letter; `choice` is what `choose_move` says and `took` is
    the end actually taken ('either' is played as 'first').
    """

    player: int
    low: int
    length: int
    remaining: str
    f: int
    l: int
    choice: Choice
    took: Literal["first", "last"]
    position: int
    letter: str
    points: int


def best_line(s: str) -> tuple[Turn, ...]:
    """Return the whole game of `s` under optimal play by both sides.

    Each player maximises their own margin, which is what `choose_move`
    does; ties are broken towards the first letter, as game.scm does.
    """
    table = value_table(s)
    turns = []
    low, length = 0, len(s)
    for number in range(len(s)):
        f, l = _net_values(table, s, length, low)
        choice = _decide(length, f, l)
        took = "last" if choice == "last" else "first"
        position = low if took == "first" else low + length - 1
        turns.append(Turn(
            player=number % 2, low=low, length=length,
            remaining=s[low:low + length], f=f, l=l, choice=choice, took=took,
            position=position, letter=s[position], points=char_value(s[position]),
        ))
        if took == "first":
            low += 1
        length -= 1
    return tuple(turns)


def format_best_line(s: str) -> str:
    """Return optimal play of `s` as text, one line per move, then the scores."""
    lines = [f"{s!r} has value {value(s)} for the player who moves first."]
    scores = [0, 0]
    for number, turn in enumerate(best_line(s), start=1):
        scores[turn.player] += turn.points
        if turn.length == 1:
            reason = "only one letter left"
        else:
            reason = f"first nets {turn.f}, last nets {turn.l}"
        lines.append(
            f"{number:>3}. player {turn.player + 1} faces {turn.remaining!r}: "
            f"{reason}; takes {turn.took} {turn.letter!r} for {turn.points}"
        )
    lines.append(f"Final score: player 1 {scores[0]}, player 2 {scores[1]}.")
    return "\n".join(lines)


def is_greedy_counterexample(word: str) -> bool:
    """Tell whether taking the higher-valued end letter of `word` loses points.

    True only when the end letters differ in value and the end greedy takes
    has a strictly lower net value than the other one.
    """
    greedy = greedy_move(word) if word else "either"
    if greedy == "either":
        return False
    f, l = net_values(word)
    return f < l if greedy == "first" else l < f


def find_greedy_counterexample(
    candidates: Iterable[str] = COUNTEREXAMPLE_CANDIDATES,
    alphabet: str = "etaoinx",
    max_length: int = 8,
) -> str:
    """Return a word on which the greedy strategy is not optimal.

    Try `candidates` in order first, then every string over `alphabet`,
    shortest first; raise LookupError if none up to `max_length` letters is
    a counterexample.
    """
    for word in candidates:
        if is_greedy_counterexample(word):
            return word
    for length in range(2, max_length + 1):
        for letters in itertools.product(alphabet, repeat=length):
            word = "".join(letters)
            if is_greedy_counterexample(word):
                return word
    raise LookupError(f"no greedy counterexample over {alphabet!r} up to length {max_length}")
