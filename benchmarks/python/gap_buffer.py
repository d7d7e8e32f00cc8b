"""gap-buffer: n editing sessions in a gap buffer and a list of characters (benchmarks/scheme/gap-buffer.scm).

The same algorithm as the Scheme: the gap buffer a class over a list of
characters and the gap's ends, copies into and within it by slice
assignment (the string-copy! calls), grown to twice its size when the
gap is too small, the text joined from the two sides; the second copy a
plain list of characters edited by slice insertion and deletion where
the Scheme splices by list-tail and set-cdr!; the same draws (the
shared generator from 113), edits, undo list (newest first), searches by
char_at and comparisons every tenth edit; lines and words counted by a
loop over the characters, the final texts folded into the shared
checksum.
"""

from .checksum import of_text
from .lcg import Random

OPENINGS = [
    "the owl and the pussycat went to sea",
    "in a beautiful pea green boat",
    "they took some honey and plenty of money",
    "wrapped up in a five pound note",
]
VOCABULARY = ["owl", "cat", "sea", "boat", "honey", "money", "note", "ring", "moon", "sand"]


class GapBuffer:
    def __init__(self, initial):
        self.text = [" "] * 8
        self.gap_start = 0
        self.gap_end = 8
        self.grows = 0
        self.insert(initial)

    def size(self):
        return len(self.text) - (self.gap_end - self.gap_start)

    def grow(self, needed):
        old_capacity = len(self.text)
        capacity = 2 * old_capacity
        while capacity - self.size() < needed:
            capacity *= 2
        tail = old_capacity - self.gap_end
        new = [" "] * capacity
        new[0:self.gap_start] = self.text[0:self.gap_start]
        new[capacity - tail:capacity] = self.text[self.gap_end:old_capacity]
        self.text = new
        self.gap_end = capacity - tail
        self.grows += 1

    def insert(self, s):
        if self.gap_end - self.gap_start < len(s):
            self.grow(len(s))
        self.text[self.gap_start:self.gap_start + len(s)] = s
        self.gap_start += len(s)

    def delete(self, k):
        removed = "".join(self.text[self.gap_start - k:self.gap_start])
        self.gap_start -= k
        return removed

    def goto(self, position):
        if position < self.gap_start:
            count = self.gap_start - position
            self.text[self.gap_end - count:self.gap_end] = self.text[position:self.gap_start]
            self.gap_start = position
            self.gap_end -= count
        elif position > self.gap_start:
            count = position - self.gap_start
            self.text[self.gap_start:self.gap_start + count] = self.text[self.gap_end:self.gap_end + count]
            self.gap_start = position
            self.gap_end += count

    def char_at(self, i):
        return self.text[i if i < self.gap_start else i + (self.gap_end - self.gap_start)]

    def contents(self):
        return "".join(self.text[0:self.gap_start]) + "".join(self.text[self.gap_end:])


def search(buffer, word):
    size = buffer.size()
    start = buffer.gap_start
    while start + len(word) <= size:
        k = 0
        while k < len(word) and buffer.char_at(start + k) == word[k]:
            k += 1
        if k == len(word):
            return start
        start += 1
    return None


def letters_ahead(buffer):
    i = buffer.gap_start
    while i < buffer.size() and buffer.char_at(i).isalpha():
        i += 1
    return i - buffer.gap_start


def count_words(text):
    words = 0
    inside = False
    for c in text:
        if c.isspace():
            inside = False
        elif not inside:
            inside = True
            words += 1
    return words


def count_lines(text):
    lines = 1
    for c in text:
        if c == "\n":
            lines += 1
    return lines


def session(rng):
    initial = OPENINGS[rng.next() % 4]
    buffer = GapBuffer(initial)
    document = list(initial)
    undo = []
    found = mismatches = 0

    def compare():
        nonlocal mismatches
        if buffer.contents() != "".join(document):
            mismatches += 1

    def insert(s):
        position = buffer.gap_start
        document[position:position] = list(s)
        buffer.insert(s)
        undo.append(("remove", buffer.gap_start, len(s)))

    def delete(k):
        position = buffer.gap_start
        del document[position - k:position]
        removed = buffer.delete(k)
        undo.append(("restore", buffer.gap_start, removed))
        return removed

    for edit in range(1, 41):
        kind = rng.next() % 10
        if kind <= 3:
            word = VOCABULARY[rng.next() % 10]
            insert("\n" if rng.next() % 5 == 0 else word + " ")
        elif kind == 4:
            delete(min(buffer.gap_start, 1 + rng.next() % 6))
        elif kind <= 6:
            buffer.goto(max(0, min(buffer.size(), buffer.gap_start + rng.next() % 41 - 20)))
        elif kind == 7:
            buffer.goto(rng.next() % (buffer.size() + 1))
        elif kind == 8:
            k = letters_ahead(buffer)
            if k > 0:
                buffer.goto(buffer.gap_start + k)
                insert(delete(k).upper())
        else:
            at = search(buffer, VOCABULARY[rng.next() % 10])
            if at is not None:
                found += 1
                buffer.goto(at)
        if edit % 10 == 0:
            compare()
    compare()
    final = buffer.contents()
    for step, position, what in reversed(undo):
        buffer.goto(position)
        if step == "remove":
            buffer.delete(what)
        else:
            buffer.insert(what)
    return final, (buffer.grows, found, mismatches, buffer.contents() == initial)


def run(n):
    rng = Random(113)
    characters = lines = words = grows = found = mismatches = 0
    undone = True
    finals = []
    for _ in range(n):
        final, counts = session(rng)
        characters += len(final)
        lines += count_lines(final)
        words += count_words(final)
        grows += counts[0]
        found += counts[1]
        mismatches += counts[2]
        undone = undone and counts[3]
        finals.append(final)
    return [characters, lines, words, grows, found, mismatches, undone, of_text("".join(finals)),
            finals[0] if finals else False]
