"""strings: build a text, split it, intern and count the words (benchmarks/scheme/strings.scm).

`sys.intern` plays `string->symbol`, so the count table compares words by
identity (`is`), as the Scheme side's `eq?` does.
"""

import sys

WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta")


def word_number(i: int) -> int:
    return (i * 5 + i // 4) % len(WORDS)


def build_text(n: int) -> str:
    pieces = []
    for i in range(n):
        pieces.append(WORDS[word_number(i)])
        pieces.append(" ")
    return "".join(pieces)


def count_word(symbol: str, table: list[list]) -> None:
    for entry in table:
        if entry[0] is symbol:
            entry[1] += 1
            return
    table.append([symbol, 1])


def count_words(text: str) -> list[list]:
    table: list[list] = []
    start = 0
    for i in range(len(text)):
        if text[i] == " ":
            count_word(sys.intern(text[start:i]), table)
            start = i + 1
    return table


def run(n: int = 20_000) -> list:
    text = build_text(n)
    return [[word, count] for word, count in count_words(text)] + [len(text)]
