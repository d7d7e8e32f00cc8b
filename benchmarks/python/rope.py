"""rope: a text editor's buffer kept as a rope (benchmarks/scheme/rope.scm).

The same algorithm as the Scheme, in Python's own way: Leaf and Node
classes, a split that returns a tuple, a range's text gathered in a list
and joined, the leaves rebuilt balanced from a list; the plain model is a
str edited by slices; the shared generator (from 61) drawn in the same
order.
"""

from .lcg import Random

LEAF_LIMIT = 24
DEPTH_LIMIT = 24
LETTERS = "etaoinshrdlucmfwypvbgkjqxz"


class Leaf:
    __slots__ = ("text",)
    depth = 0

    def __init__(self, text):
        self.text = text

    def __len__(self):
        return len(self.text)


class Node:
    __slots__ = ("left", "right", "size", "depth")

    def __init__(self, left, right):
        self.left = left
        self.right = right
        self.size = len(left) + len(right)
        self.depth = 1 + max(left.depth, right.depth)

    def __len__(self):
        return self.size


EMPTY = Leaf("")


def join(a, b):
    if len(a) == 0:
        return b
    if len(b) == 0:
        return a
    if isinstance(a, Leaf) and isinstance(b, Leaf) and len(a) + len(b) <= LEAF_LIMIT:
        return Leaf(a.text + b.text)
    return Node(a, b)


def char_at(rope, i):
    while isinstance(rope, Node):
        k = len(rope.left)
        if i < k:
            rope = rope.left
        else:
            rope = rope.right
            i -= k
    return rope.text[i]


def split(rope, i):
    if isinstance(rope, Leaf):
        return Leaf(rope.text[:i]), Leaf(rope.text[i:])
    k = len(rope.left)
    if i == k:
        return rope.left, rope.right
    if i < k:
        a, b = split(rope.left, i)
        return a, join(b, rope.right)
    a, b = split(rope.right, i - k)
    return join(rope.left, a), b


def insert(rope, i, piece):
    a, b = split(rope, i)
    return join(join(a, piece), b)


def delete(rope, i, j):
    a, rest = split(rope, i)
    cut, b = split(rest, j - i)
    return join(a, b), cut


def gather(rope, i, j, parts):
    if i >= j:
        return
    if isinstance(rope, Leaf):
        parts.append(rope.text[i:j])
        return
    k = len(rope.left)
    if i < k:
        gather(rope.left, i, min(j, k), parts)
    if j > k:
        gather(rope.right, max(0, i - k), j - k, parts)


def substring(rope, i, j):
    parts = []
    gather(rope, i, j, parts)
    return "".join(parts)


def to_string(rope):
    return substring(rope, 0, len(rope))


def leaves(rope, out):
    if isinstance(rope, Leaf):
        if len(rope) > 0:
            out.append(rope)
    else:
        leaves(rope.left, out)
        leaves(rope.right, out)
    return out


def rebalance(rope):
    found = leaves(rope, [])

    def build(lo, hi):
        if lo == hi:
            return EMPTY
        if lo + 1 == hi:
            return found[lo]
        mid = (lo + hi) // 2
        return join(build(lo, mid), build(mid, hi))

    return build(0, len(found))


def random_word(rng):
    length = 2 + rng.below(6)
    letters = []
    for _ in range(length):
        a = rng.below(26)
        b = rng.below(26)
        letters.append(LETTERS[min(a, b)])
    return "".join(letters)


def run(n):
    rng = Random(61)
    rope = EMPTY
    text = ""
    rebuilds = checks = upper_cased = checksum = e_count = 0
    for _ in range(3 + n // 40):
        word = random_word(rng) + " "
        rope = insert(rope, len(rope), Leaf(word))
        text += word
    for i in range(n):
        op = rng.below(10)
        length = len(rope)
        if op <= 3:
            at = rng.below(length + 1)
            word = random_word(rng)
            rope = insert(rope, at, Leaf(word))
            text = text[:at] + word + text[at:]
        elif op <= 5:
            if length > 0:
                at = rng.below(length)
                end = min(length, at + 1 + rng.below(12))
                rope, _ = delete(rope, at, end)
                text = text[:at] + text[end:]
        elif op == 6:
            if length > 0:
                at = rng.below(length)
                end = min(length, at + 1 + rng.below(20))
                to = rng.below(length - (end - at) + 1)
                rest, cut = delete(rope, at, end)
                rope = insert(rest, to, cut)
                piece = text[at:end]
                short = text[:at] + text[end:]
                text = short[:to] + piece + short[to:]
        elif op == 7:
            if length > 0:
                at = rng.below(length)
                end = min(length, at + 1 + rng.below(8))
                piece = substring(rope, at, end).upper()
                rest, _ = delete(rope, at, end)
                rope = insert(rest, at, Leaf(piece))
                text = text[:at] + piece + text[end:]
                upper_cased += 1
        elif length > 0:
            for _ in range(3):
                c = char_at(rope, rng.below(length))
                checksum = (checksum * 31 + ord(c)) % 1000003
            at = rng.below(length)
            e_count += substring(rope, at, min(length, at + 40)).count("e")
        if rope.depth > DEPTH_LIMIT:
            rope = rebalance(rope)
            rebuilds += 1
        if (i + 1) % 250 == 0 and to_string(rope) == text:
            checks += 1
    return [n, len(rope), rope.depth, len(leaves(rope, [])), rebuilds, checks, upper_cased, checksum, e_count,
            to_string(rope) == text, substring(rope, 0, min(40, len(rope)))]
