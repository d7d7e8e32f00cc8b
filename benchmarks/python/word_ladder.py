"""word-ladder: word ladders found breadth first (benchmarks/scheme/word-ladder.scm).

The same algorithm as the Scheme: Carroll's words and n words drawn with
the shared generator (from 41), merge-sorted by hand (split by
alternating, merged by mergesort's twin's merge), repeats dropped, a
word found by a binary search written out; neighbours made by slicing in
every other letter from a to z; the queue two lists, the back reversed
into the front when it runs out; parents in a list (-1 for none), the
target checked when a word is taken; the ladder written with each step's
changed letter upper-cased.
"""

from .lcg import Random
from .mergesort import merge_lists

CARROLL = ["cold", "cord", "card", "ward", "warm", "word", "worm", "wore", "core", "care", "bold", "bolt", "boat"]
LETTERS = [chr(code) for code in range(ord("a"), ord("z") + 1)]


def random_word(rng):
    return "".join("aeinorst"[rng.next() % 8] for _ in range(4))


def merge_sort(words):
    if len(words) < 2:
        return words
    left, right = [], []
    for word in words:
        left.append(word)
        left, right = right, left
    return merge_lists(merge_sort(left), merge_sort(right))


def without_repeats(words):
    kept = []
    for word in words:
        if not kept or kept[-1] != word:
            kept.append(word)
    return kept


def lookup(word, dictionary):
    low, high = 0, len(dictionary) - 1
    while low <= high:
        middle = (low + high) // 2
        probe = dictionary[middle]
        if word == probe:
            return middle
        if word < probe:
            high = middle - 1
        else:
            low = middle + 1
    return None


def neighbours(index, dictionary):
    word = dictionary[index]
    found = []
    for position in range(len(word)):
        for letter in LETTERS:
            if letter != word[position]:
                other = lookup(word[:position] + letter + word[position + 1:], dictionary)
                if other is not None:
                    found.append(other)
    return found


def ladder(start, goal, dictionary, counter):
    """The ladder as a list of indices, or None; counter[0] counts the words taken."""
    parents = [-1] * len(dictionary)
    parents[start] = start
    front, back = [start], []  # front: oldest last, popped; back: newest last
    while front or back:
        if not front:
            front, back = back[::-1], []
            continue
        current = front.pop()
        counter[0] += 1
        if current == goal:
            path = [goal]
            while path[-1] != start:
                path.append(parents[path[-1]])
            return path[::-1]
        for other in neighbours(current, dictionary):
            if parents[other] == -1:
                parents[other] = current
                back.append(other)
    return None


def written(path, dictionary):
    text = previous = dictionary[path[0]]
    for index in path[1:]:
        word = dictionary[index]
        text += "-" + "".join(c.upper() if c != p else c for c, p in zip(word, previous))
        previous = word
    return text


def run(n: int = 1500) -> list:
    rng = Random(41)
    drawn = CARROLL[::-1]
    for _ in range(n):
        drawn.append(random_word(rng))
    dictionary = without_repeats(merge_sort(drawn[::-1]))
    size = len(dictionary)
    counter = [0]
    carroll = ladder(lookup("cold", dictionary), lookup("warm", dictionary), dictionary, counter)
    steps = []
    for _ in range(n // 50):
        a = rng.next() % size
        b = rng.next() % size
        path = ladder(a, b, dictionary, counter)
        steps.append(len(path) - 1 if path else False)
    return [size, written(carroll, dictionary), len(carroll) - 1, steps, counter[0]]
