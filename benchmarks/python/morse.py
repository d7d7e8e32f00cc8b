"""morse: Morse code sent and received (benchmarks/scheme/morse.scm).

The same coding as the Scheme, in Python's own way: the code a dict, the
tree nodes lists [letter, dot, dash], the signal built by joins, the
tree read by a for loop over the signal, the pieces by str.split() and
looked up in a reversed dict, str.count for the symbols, the time units
summed from a dict of weights; the shared generator (from 199) drawn in
the same order.
"""

from .lcg import Random

CODE = {
    "A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.", "G": "--.", "H": "....",
    "I": "..", "J": ".---", "K": "-.-", "L": ".-..", "M": "--", "N": "-.", "O": "---", "P": ".--.",
    "Q": "--.-", "R": ".-.", "S": "...", "T": "-", "U": "..-", "V": "...-", "W": ".--", "X": "-..-",
    "Y": "-.--", "Z": "--..", "0": "-----", "1": ".----", "2": "..---", "3": "...--", "4": "....-",
    "5": ".....", "6": "-....", "7": "--...", "8": "---..", "9": "----.",
}
BY_CODE = {v: k for k, v in CODE.items()}
SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
UNITS = {".": 2, "-": 4, "/": 2, " ": 2}


def build_tree():
    root = [None, None, None]
    for letter, signs in CODE.items():
        node = root
        for s in signs:
            slot = 1 if s == "." else 2
            if node[slot] is None:
                node[slot] = [None, None, None]
            node = node[slot]
        node[0] = letter
    return root


TREE = build_tree()


def random_message(rng):
    words = []
    for _ in range(2 + rng.next() % 6):
        length = 1 + rng.next() % 7
        words.append("".join(SYMBOLS[rng.next() % 36] for _ in range(length)))
    return " ".join(words)


def encode(text):
    return " / ".join(" ".join(CODE[c] for c in word) for word in text.split(" "))


def tree_letter(signs):
    node = TREE
    for s in signs:
        node = node[1 if s == "." else 2]
        if node is None:
            return None
    return node[0]


def decode_by_tree(signal):
    out = []
    node = TREE
    for c in signal:
        if c == ".":
            node = node[1]
        elif c == "-":
            node = node[2]
        elif c == "/":
            out.append(" ")
            node = TREE
        else:
            if node[0] is not None:
                out.append(node[0])
            node = TREE
    if node[0] is not None:
        out.append(node[0])
    return "".join(out)


def decode_by_lookup(signal):
    return "".join(" " if piece == "/" else BY_CODE[piece] for piece in signal.split())


def time_units(signal):
    return sum(UNITS[c] for c in signal) - 1


def run(n):
    rng = Random(199)
    sent = dots = dashes = units = tree_ok = lookup_ok = other = none = total = 0
    first = []
    for k in range(n):
        text = random_message(rng)
        signal = encode(text)
        d, h = signal.count("."), signal.count("-")
        for c in text:
            if c != " ":
                signs = CODE[c]
                place = rng.next() % len(signs)
                flip = "-" if signs[place] == "." else "."
                if tree_letter(signs[:place] + flip + signs[place + 1:]) is None:
                    none += 1
                else:
                    other += 1
        sent += d + h
        dots += d
        dashes += h
        units += time_units(signal)
        tree_ok += decode_by_tree(signal) == text
        lookup_ok += decode_by_lookup(signal) == text
        for c in signal:
            total = (total * 31 + ord(c)) % 1000003
        if k == 0:
            first = [text, signal]
    return [n, sent, dots, dashes, units, tree_ok, lookup_ok, other, none, total, first]
