"""base64-rle: base64 by hand with shifts and masks, run lengths by itertools.groupby (benchmarks/scheme/base64-rle.scm)."""

from itertools import groupby

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
DECODE = {c: i for i, c in enumerate(ALPHABET)}
WORDS = ["alpha", "bravo", "charlie", "delta", "echo"]


def make_text(n):
    return "".join("xyzw"[i % 4] * (1 + i * 7 % 5) + "-" * (1 + i % 3) + WORDS[i % 5] + ";"
                   for i in range(1, n + 1))


def encode_base64(text):
    data = [ord(c) for c in text]
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i:i + 3]
        group = chunk[0] << 16
        if len(chunk) > 1:
            group |= chunk[1] << 8
        if len(chunk) > 2:
            group |= chunk[2]
        letters = [ALPHABET[(group >> shift) & 63] for shift in (18, 12, 6, 0)]
        if len(chunk) < 3:
            letters[len(chunk) + 1:] = "=" * (3 - len(chunk))
        out.extend(letters)
    return "".join(out)


def decode_base64(code):
    out = []
    for i in range(0, len(code), 4):
        quad = code[i:i + 4]
        group = 0
        for c in quad:
            group = group << 6 | DECODE.get(c, 0)
        data = [group >> 16, group >> 8 & 255, group & 255]
        out.extend(chr(b) for b in data[:3 - quad.count("=")])
    return "".join(out)


def encode_runs(text):
    return "".join(f"{len(list(run))}{c}" for c, run in groupby(text))


def decode_runs(code):
    parts = []
    k = 0
    for c in code:
        if c.isdigit():
            k = k * 10 + int(c)
        else:
            parts.append(c * k)
            k = 0
    return "".join(parts)


def checksum(s):
    total = 0
    for c in s:
        total = (total * 31 + ord(c)) % 1000003
    return total


def run(n: int = 3_000) -> list:
    text = make_text(n)
    code = encode_base64(text)
    runs = encode_runs(text)
    return [len(text), len(code), len(code) - len(code.rstrip("=")), checksum(code), code[:12],
            decode_base64(code) == text, len(runs), runs[:12], decode_runs(runs) == text]
