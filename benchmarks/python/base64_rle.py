"""base64-rle: base64 and run-length coding by hand (benchmarks/scheme/base64-rle.scm).

The same algorithms as the Scheme: base64 packs each three character codes
into a 24-bit number and takes its four letters through `letter`, by
quotient and remainder by powers of 64, padding with =; decoding looks each
letter up in a 128-entry table and unpacks the bytes by quotient and
remainder by 256.  Run-length coding counts each run by walking the
characters and writes its length and character; decoding reads the digits
back and rebuilds each run by repetition (make-string).  Lists of pieces
joined at the end stand for the Scheme's consed lists and list->string or
string-append.
"""

from .checksum import of_text as checksum

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
WORDS = ["alpha", "bravo", "charlie", "delta", "echo"]


def make_text(n):
    parts = []
    for i in range(1, n + 1):
        parts.append("xyzw"[i % 4] * (1 + i * 7 % 5) + "-" * (1 + i % 3) + WORDS[i % 5] + ";")
    return "".join(parts)


def letter(group, k):
    """The letter for bits 6k to 6k + 5 of the 24-bit group."""
    return ALPHABET[group // 64 ** k % 64]


def encode_base64(text):
    data = [ord(c) for c in text]
    out = []
    i = 0
    n = len(data)
    while i < n:
        if n - i == 1:
            group = data[i] * 65536
            out += [letter(group, 3), letter(group, 2), "=", "="]
            i = n
        elif n - i == 2:
            group = data[i] * 65536 + data[i + 1] * 256
            out += [letter(group, 3), letter(group, 2), letter(group, 1), "="]
            i = n
        else:
            group = data[i] * 65536 + data[i + 1] * 256 + data[i + 2]
            out += [letter(group, 3), letter(group, 2), letter(group, 1), letter(group, 0)]
            i += 3
    return "".join(out)


def make_decode_table():
    table = [0] * 128
    for i in range(64):
        table[ord(ALPHABET[i])] = i
    return table


DECODE_TABLE = make_decode_table()


def letter_value(c):
    return DECODE_TABLE[ord(c)]


def decode_base64(code):
    out = []
    for i in range(0, len(code), 4):
        group = (letter_value(code[i]) * 262144
                 + letter_value(code[i + 1]) * 4096
                 + letter_value(code[i + 2]) * 64
                 + letter_value(code[i + 3]))
        b0 = chr(group // 65536)
        b1 = chr(group // 256 % 256)
        b2 = chr(group % 256)
        if code[i + 2] == "=":
            out.append(b0)
        elif code[i + 3] == "=":
            out += [b0, b1]
        else:
            out += [b0, b1, b2]
    return "".join(out)


def encode_runs(text):
    parts = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        j = i + 1
        k = 1
        while j < n and text[j] == c:
            j += 1
            k += 1
        parts.append(str(k) + c)
        i = j
    return "".join(parts)


def decode_runs(code):
    parts = []
    k = 0
    for c in code:
        if c.isdigit():
            k = k * 10 + (ord(c) - ord("0"))
        else:
            parts.append(c * k)
            k = 0
    return "".join(parts)


def trailing_pads(code):
    i = len(code) - 1
    count = 0
    while i >= 0 and code[i] == "=":
        i -= 1
        count += 1
    return count


def run(n: int = 3_000) -> list:
    text = make_text(n)
    code = encode_base64(text)
    runs = encode_runs(text)
    return [len(text), len(code), trailing_pads(code), checksum(code), code[:12],
            decode_base64(code) == text, len(runs), runs[:12], decode_runs(runs) == text]
