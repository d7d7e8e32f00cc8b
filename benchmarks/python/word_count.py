"""word-count: an association list of words keyed by string (benchmarks/scheme/word-count.scm).

The table is a Python list of [word, count] pairs searched in order, as
assoc does, and a new word goes on its end.
"""

PARAGRAPH = (
    "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of "
    "foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, "
    "it was the season of Darkness."
)


def words_of(text: str) -> list[str]:
    words, word = [], []
    for c in list(text):
        if c.isalpha():
            word.append(c.lower())
        elif word:
            words.append("".join(word))
            word = []
    if word:
        words.append("".join(word))
    return words


def count_words(words: list[str], table: list) -> list:
    for w in words:
        for entry in table:
            if entry[0] == w:
                entry[1] += 1
                break
        else:
            table = table + [[w, 1]]
    return table


def run(n: int = 500) -> list:
    table: list = []
    for _ in range(n):
        table = count_words(words_of(PARAGRAPH), table)
    return [[w, c] for w, c in table]
