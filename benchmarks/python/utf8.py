"""utf8: UTF-8 and UTF-16 by hand over bytearrays and lists (benchmarks/scheme/utf8.scm).

The same algorithm as the Scheme: strings drawn with the shared
generator (from 61) in the same order and made by chr; encoded by hand
into a bytearray of the size counted first (// and % where the Scheme
has quotient and modulo), checked against str.encode; decoded by hand
with the same checks of every byte, checked against bytes.decode; UTF-16
code units in a list, surrogate pairs by hand, read back; one byte of a
copy replaced and the copy decoded again, U+FFFD for each bad byte;
Adler-32 carried over every encoding.
"""

from .lcg import Random

RANGES = [(32, 95), (192, 64), (913, 57), (1040, 64), (19968, 20992), (128512, 80)]
EDGES = [127, 128, 2047, 2048, 55295, 57344, 65533, 65535, 65536, 1114111]
LEAD_MODULUS = (0, 0, 32, 16, 8)


def random_code_point(rng):
    choice = rng.next() % 10
    if choice < 6:
        low, size = RANGES[choice]
        return low + rng.next() % size
    if choice < 9:
        return 97 + rng.next() % 26
    return EDGES[rng.next() % len(EDGES)]


def random_string(rng):
    chars = [chr(random_code_point(rng)) for _ in range(5 + rng.next() % 36)]
    return "".join(reversed(chars))


def encoded_size(c):
    if c < 0x80:
        return 1
    if c < 0x800:
        return 2
    if c < 0x10000:
        return 3
    return 4


def encode(text):
    points = [ord(ch) for ch in text]
    out = bytearray(sum(encoded_size(c) for c in points))
    i = 0
    for c in points:
        size = encoded_size(c)
        if size == 1:
            out[i] = c
        elif size == 2:
            out[i] = 0xC0 + c // 64
            out[i + 1] = 0x80 + c % 64
        elif size == 3:
            out[i] = 0xE0 + c // 4096
            out[i + 1] = 0x80 + c // 64 % 64
            out[i + 2] = 0x80 + c % 64
        else:
            out[i] = 0xF0 + c // 262144
            out[i + 1] = 0x80 + c // 4096 % 64
            out[i + 2] = 0x80 + c // 64 % 64
            out[i + 3] = 0x80 + c % 64
        i += size
    return out


def decode_at(data, i):
    """(code point, length) at i, or (None, 1) where the bytes are not a valid sequence."""
    lead = data[i]

    def sequence(length, low, high):
        if i + 1 < len(data) and low <= data[i + 1] <= high and all(
                i + k < len(data) and 0x80 <= data[i + k] <= 0xBF for k in range(2, length)):
            value = lead % LEAD_MODULUS[length]
            for k in range(1, length):
                value = value * 64 + data[i + k] - 0x80
            return value, length
        return None, 1

    if lead < 0x80:
        return lead, 1
    if lead < 0xC2:
        return None, 1
    if lead < 0xE0:
        return sequence(2, 0x80, 0xBF)
    if lead == 0xE0:
        return sequence(3, 0xA0, 0xBF)
    if lead == 0xED:
        return sequence(3, 0x80, 0x9F)
    if lead < 0xF0:
        return sequence(3, 0x80, 0xBF)
    if lead == 0xF0:
        return sequence(4, 0x90, 0xBF)
    if lead < 0xF4:
        return sequence(4, 0x80, 0xBF)
    if lead == 0xF4:
        return sequence(4, 0x80, 0x8F)
    return None, 1


def decode(data):
    points = []
    bad = 0
    i = 0
    while i < len(data):
        point, length = decode_at(data, i)
        if point is None:
            points.append(0xFFFD)
            bad += 1
            i += 1
        else:
            points.append(point)
            i += length
    return points, bad


def to_utf16(points):
    units = []
    for c in points:
        if c < 0x10000:
            units.append(c)
        else:
            c -= 0x10000
            units.append(0xD800 + c // 1024)
            units.append(0xDC00 + c % 1024)
    return units


def from_utf16(units):
    points = []
    i = 0
    while i < len(units):
        u = units[i]
        if 0xD800 <= u <= 0xDBFF:
            points.append(0x10000 + (u - 0xD800) * 1024 + units[i + 1] - 0xDC00)
            i += 2
        else:
            points.append(u)
            i += 1
    return points


def adler(data, a, b):
    for byte in data:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return a, b


def run(n):
    rng = Random(61)
    lengths = [0] * 5
    chars = total_bytes = units = still_valid = bad = 0
    agree = back = True
    a, b = 1, 0
    for _ in range(n):
        text = random_string(rng)
        points = [ord(ch) for ch in text]
        encoded = encode(text)
        utf16 = to_utf16(points)
        damaged = bytearray(encoded)
        where = rng.next() % len(encoded)
        damaged[where] = rng.next() % 256
        for c in points:
            lengths[encoded_size(c)] += 1
        decoded, errors = decode(encoded)
        _, damage = decode(damaged)
        chars += len(text)
        total_bytes += len(encoded)
        agree = agree and encoded == text.encode("utf-8") and encoded.decode("utf-8") == text
        back = back and errors == 0 and decoded == points and from_utf16(utf16) == points
        units += len(utf16)
        if damage == 0:
            still_valid += 1
        bad += damage
        a, b = adler(encoded, a, b)
    return [chars, total_bytes, lengths[1:], agree, back, units, still_valid, bad, b * 65536 + a]
