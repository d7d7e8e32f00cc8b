"""lzw: Lempel-Ziv-Welch compression and decompression (benchmarks/scheme/lzw.scm).

The same algorithm as the Scheme: the coder's dictionary is a list of
(string, code) pairs searched from the newest by a loop, the decoder's
table a list of strings indexed by code, with the code not yet in the
table taken as the match plus its own first character.  The text is n
words of eight, chosen by x -> (25173x + 13849) mod 65536 from x = 1.
"""

WORDS = ["to", "be", "or", "not", "that", "is", "the", "question"]

ALPHABET = " abehinoqrstu"


def make_text(n):
    x = 1
    chosen = []
    for _ in range(n):
        x = (25173 * x + 13849) % 65536
        chosen.append(WORDS[x % 8])
    return " ".join(chosen)


def lookup(word, dictionary):
    """The code of word, searching the newest pairs first, or None."""
    for i in range(len(dictionary) - 1, -1, -1):
        if dictionary[i][0] == word:
            return dictionary[i][1]
    return None


def encode(text):
    dictionary = [(ALPHABET[i], i) for i in range(len(ALPHABET))]
    next_code = len(ALPHABET)
    word = ""
    codes = []
    for ch in text:
        longer = word + ch
        if lookup(longer, dictionary) is not None:
            word = longer
        else:
            codes.append(lookup(word, dictionary))
            dictionary.append((longer, next_code))
            next_code += 1
            word = ch
    if word != "":
        codes.append(lookup(word, dictionary))
    return codes, next_code


def decode(codes, size):
    table = [""] * size
    for i in range(len(ALPHABET)):
        table[i] = ALPHABET[i]
    next_code = len(ALPHABET)
    previous = table[codes[0]]
    pieces = [previous]
    for code in codes[1:]:
        entry = table[code] if code < next_code else previous + previous[0]
        table[next_code] = previous + entry[0]
        next_code += 1
        pieces.append(entry)
        previous = entry
    return "".join(pieces)


def run(n: int = 8_000) -> list:
    text = make_text(n)
    codes, next_code = encode(text)
    return [len(text), len(codes), next_code, decode(codes, next_code) == text, codes[:8], sum(codes)]
